import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, User } from '@wellspring/shared';
import { useCallback } from 'react';
import { patchUser, useSession } from './auth';
import { insightsKeys, userKeys } from './query-keys';

/**
 * Once a write is over the user refreshes; a new mood also changes the looking-back views (the
 * insights and the dashboard's support card), so those refresh too.
 */
function refreshAfter(queryClient: QueryClient, change: UpdateUserBody) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userKeys.all }),
    'mood' in change ? queryClient.invalidateQueries({ queryKey: insightsKeys.all }) : null,
  ]);
}

/*
 * The two ways the web app writes to the one user (PATCH /v1/user?id=), used by the mood,
 * onboarding, task and user features alike, so they live below the features (decision 031).
 */

/** Saves a change and caches the answer; the user refreshes once the call is over. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => patchUser(userId ?? '', body),
    onSuccess: (user) => queryClient.setQueryData(userKeys.detail(user.id), user),
    onSettled: (_user, _error, body) => refreshAfter(queryClient, body),
  });
}

interface OptimisticVariables {
  change: UpdateUserBody;
  /** The cached user before the change, restored when the call fails. */
  previous: User | undefined;
}

/**
 * Saves a change optimistically: the cached user takes it at once (in the same tick, so a dialog
 * that closes on it never sees the old value), a failure restores the previous user and calls
 * `onError`, and the user refreshes once the call is over.
 */
export function useOptimisticUserUpdate({ onError }: { onError?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  const mutation = useMutation({
    mutationFn: ({ change }: OptimisticVariables) => patchUser(userId ?? '', change),
    onSuccess: (user) => queryClient.setQueryData(userKeys.detail(user.id), user),
    onError: (_error, { previous }) => {
      if (userId && previous) queryClient.setQueryData(userKeys.detail(userId), previous);
      onError?.();
    },
    onSettled: (_user, _error, { change }) => refreshAfter(queryClient, change),
  });
  const { mutate } = mutation;

  const update = useCallback(
    (change: UpdateUserBody, options?: { onSuccess?: (user: User) => void }) => {
      if (!userId) return;
      const key = userKeys.detail(userId);
      // A refetch in flight must not overwrite the optimistic value with the old one.
      void queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<User>(key);
      if (previous) queryClient.setQueryData<User>(key, { ...previous, ...change });
      mutate({ change, previous }, { onSuccess: options?.onSuccess });
    },
    [userId, queryClient, mutate],
  );

  return { update, isPending: mutation.isPending };
}
