import type { Mood, User } from '@wellspring/shared';
import { useCallback } from 'react';
import { toast } from '@/components/ui/toast';
import { useOptimisticUserUpdate } from '@/lib/update-user';

/** SPEC.md section 8: the message when a mood change fails (the previous mood comes back). */
export const MOOD_CHANGE_FAILED_MESSAGE =
  'Something went wrong while attempting to change your mood, please try again later.';

export interface MoodChange {
  mood: Mood;
  hasSetMoodToday?: boolean;
}

const onMoodChangeFailed = () => toast.error(MOOD_CHANGE_FAILED_MESSAGE);

/**
 * SPEC.md section 4, Mood change: optimistic. The cached user takes the new mood at once; a
 * failure restores the previous user and says so.
 */
export function useUpdateMood() {
  const { update, isPending } = useOptimisticUserUpdate({ onError: onMoodChangeFailed });
  const changeMood = useCallback(
    (change: MoodChange, options?: { onSuccess?: (user: User) => void }) => update(change, options),
    [update],
  );
  return { changeMood, isPending };
}
