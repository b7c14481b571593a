import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Mood, User } from '@wellspring/shared';
import { useCallback } from 'react';
import { toast } from '@/components/ui/toast';
import { patchUser, userKeys, useSession } from '@/lib/auth';

/** SPEC.md section 8: the message when a mood change fails (the previous mood comes back). */
export const MOOD_CHANGE_FAILED_MESSAGE =
  'Something went wrong while attempting to change your mood, please try again later.';

export interface MoodChange {
  mood: Mood;
  hasSetMoodToday?: boolean;
}

interface MoodChangeVariables {
  change: MoodChange;
  /** The cached user before the change, restored when the call fails. */
  previous: User | undefined;
}

/**
 * SPEC.md section 4, Mood change: optimistic. The cached user takes the new mood at once (in the
 * same tick, so a dialog that closes on it never sees the old one); a failure restores the
 * previous user and says so.
 */
export function useUpdateMood() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  const mutation = useMutation({
    mutationFn: ({ change }: MoodChangeVariables) => patchUser(userId ?? '', change),
    onSuccess: (user) => queryClient.setQueryData(userKeys.detail(user.id), user),
    onError: (_error, { previous }) => {
      if (userId && previous) queryClient.setQueryData(userKeys.detail(userId), previous);
      toast.error(MOOD_CHANGE_FAILED_MESSAGE);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
  const { mutate } = mutation;

  const changeMood = useCallback(
    (change: MoodChange, options?: { onSuccess?: (user: User) => void }) => {
      if (!userId) return;
      const key = userKeys.detail(userId);
      // A refetch in flight must not overwrite the optimistic mood with the old one.
      void queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<User>(key);
      if (previous) queryClient.setQueryData<User>(key, { ...previous, ...change });
      mutate({ change, previous }, { onSuccess: options?.onSuccess });
    },
    [userId, queryClient, mutate],
  );

  return { changeMood, isPending: mutation.isPending };
}
