import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { Goal } from '@wellspring/shared';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { SessionProvider } from '@/lib/auth';
import { goalKeys, userKeys } from '@/lib/query-keys';
import { buildGoal } from '@/test/factories';
import { buildUser, createTestQueryClient, failure, mockApi, saveSession } from '@/test/test-utils';
import { useUpdateGoal } from './update-goal';

function setup(answer: () => unknown, cachedGoal: Goal | null = buildGoal()) {
  const user = buildUser();
  saveSession(user);
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const api = mockApi({
    'GET /user': () => user,
    'PATCH /goal': async () => {
      await gate;
      return answer();
    },
    'GET /goal': () => buildGoal({ target: 99_999 }),
  });
  const queryClient = createTestQueryClient();
  const key = goalKeys.current(user.id);
  queryClient.setQueryData(key, cachedGoal);
  queryClient.setQueryData(userKeys.detail(user.id), user);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>{children}</SessionProvider>
    </QueryClientProvider>
  );
  const hook = renderHook(() => useUpdateGoal(), { wrapper });
  return { ...api, hook, queryClient, key, release };
}

describe('useUpdateGoal', () => {
  it('merges the change into the cached goal at once, then refreshes the goal caches', async () => {
    const { hook, queryClient, key, release, calls } = setup(() => buildGoal({ target: 100_000 }));
    act(() => hook.result.current.mutate({ target: 100_000 }));
    await waitFor(() =>
      expect(queryClient.getQueryData<Goal>(key)).toEqual(buildGoal({ target: 100_000 })),
    );
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({ target: 100_000 });
    expect(patch.url.searchParams.get('id')).toBe(buildUser().id);

    release();
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(userKeys.detail(buildUser().id))?.isInvalidated).toBe(false);
  });

  it("starts a new account's goal (onboarding's step 2): a creation, so the user refreshes too", async () => {
    const started = buildGoal({ target: 150_000, earned: 0, completionPercent: 0 });
    const { hook, queryClient, key, release, calls } = setup(() => started, null);
    act(() => hook.result.current.mutate({ target: 150_000 }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(queryClient.getQueryData(key)).toBeNull();
    release();
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(userKeys.detail(buildUser().id))?.isInvalidated).toBe(true);
  });

  it('rolls back silently on error', async () => {
    const { hook, queryClient, key, release } = setup(() =>
      failure(409, 'NO_GOAL_IN_PROGRESS', 'There is no goal in progress'),
    );
    act(() => hook.result.current.mutate({ target: 200_000 }));
    await waitFor(() => expect(queryClient.getQueryData<Goal>(key)?.target).toBe(200_000));
    release();
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
    expect(queryClient.getQueryData<Goal>(key)).toEqual(buildGoal());
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
