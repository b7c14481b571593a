import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '@/test/test-utils';
import { getMsUntilNextDay, useDayChangeRefresh } from './use-day-change-refresh';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderWithClient(timeZone: string | undefined) {
  const client = createTestQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => useDayChangeRefresh(timeZone), { wrapper });
  return { invalidate, ...view };
}

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('getMsUntilNextDay', () => {
  it("counts to the next midnight in the user's zone, not the browser's", () => {
    // 22:59:30 in UTC is 23:59:30 in Lagos (UTC+1) and 18:59:30 in New York (UTC-4 in May).
    const now = new Date('2024-05-14T22:59:30.000Z');
    expect(getMsUntilNextDay(now, 'Africa/Lagos')).toBe(30_000);
    expect(getMsUntilNextDay(now, 'America/New_York')).toBe(5 * 3_600_000 + 30_000);
    expect(getMsUntilNextDay(new Date('2024-05-14T23:00:00.000Z'), 'Africa/Lagos')).toBe(
      24 * 3_600_000,
    );
  });
});

describe('useDayChangeRefresh', () => {
  it('refetches everything once the local day turns, and not before', () => {
    vi.useFakeTimers({ now: new Date('2024-05-14T22:59:30.000Z') });
    const { invalidate } = renderWithClient('Africa/Lagos');
    act(() => vi.advanceTimersByTime(29_000));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(2_000));
    expect(invalidate).toHaveBeenCalledTimes(1);
    // The rest of the new day asks nothing more.
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('refetches at once when a hidden tab is shown again on a new day', () => {
    vi.useFakeTimers({ now: new Date('2024-05-14T20:00:00.000Z') });
    const { invalidate } = renderWithClient('Africa/Lagos');
    setVisibility('hidden');
    // The night passes without a timer running (a sleeping laptop, a frozen tab).
    vi.setSystemTime(new Date('2024-05-15T06:30:00.000Z'));
    expect(invalidate).not.toHaveBeenCalled();
    setVisibility('visible');
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('does nothing while the same day goes on, or before the user (and zone) are known', () => {
    vi.useFakeTimers({ now: new Date('2024-05-14T08:00:00.000Z') });
    const { invalidate } = renderWithClient('Africa/Lagos');
    setVisibility('hidden');
    setVisibility('visible');
    act(() => vi.advanceTimersByTime(3 * 3_600_000));
    expect(invalidate).not.toHaveBeenCalled();

    vi.setSystemTime(new Date('2024-05-14T22:59:30.000Z'));
    const unknown = renderWithClient(undefined);
    act(() => vi.advanceTimersByTime(60_000));
    setVisibility('visible');
    expect(unknown.invalidate).not.toHaveBeenCalled();
  });
});
