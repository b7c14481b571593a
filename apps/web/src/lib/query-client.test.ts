import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, getRetryDelay, shouldRetryQuery } from './query-client';

afterEach(() => vi.useRealTimers());

const network = new ApiError('NETWORK_ERROR', 0, 'Network Error');
const server = new ApiError('INTERNAL_ERROR', 500, 'Something went wrong on our side.');
const notFound = new ApiError('NOT_FOUND', 404, 'No such user');
const unauthorised = new ApiError('UNAUTHORIZED', 401, 'Please sign in');

describe('the query client settings', () => {
  it('retries three times', () => {
    expect([0, 1, 2, 3].map((n) => shouldRetryQuery(n, network))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(shouldRetryQuery(2, server)).toBe(true);
  });

  it('never retries a 4xx answer', () => {
    expect(shouldRetryQuery(0, notFound)).toBe(false);
    expect(shouldRetryQuery(0, unauthorised)).toBe(false);
  });

  it('waits 1 s, 2 s, 4 s, … capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(getRetryDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('keeps unused data for 5 minutes, then lets it go', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const probe = { queryKey: ['probe'], queryFn: () => Promise.resolve('data') };
    // A query no screen watches any more: fetched once, then left alone.
    await client.fetchQuery(probe);
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 1);
    expect(client.getQueryData(probe.queryKey)).toBe('data');
    await vi.advanceTimersByTimeAsync(1);
    expect(client.getQueryData(probe.queryKey)).toBeUndefined();
  });

  it('runs a failing query four times in all, 1 s, 2 s and 4 s apart', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const queryFn = vi.fn().mockRejectedValue(network);
    const result = client.fetchQuery({ queryKey: ['probe'], queryFn }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(queryFn).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(queryFn).toHaveBeenCalledTimes(4);
    await expect(result).resolves.toBe(network);
  });

  it('gives up at once on a 404', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn().mockRejectedValue(notFound);
    await expect(client.fetchQuery({ queryKey: ['probe'], queryFn })).rejects.toBe(notFound);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });
});
