import { useQueryClient } from '@tanstack/react-query';
import { isChosenMood, type Mood, type User } from '@wellspring/shared';
import { useCallback } from 'react';
import { toast } from '@/components/ui/toast';
import { useSession } from '@/lib/auth';
import { isDeviceOffline, queueMoodOffline } from '@/lib/offline-writes';
import { userKeys } from '@/lib/query-keys';
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
 * failure restores the previous user and says so. Offline (decision 042), the mood waits on the
 * device and is sent when the network returns.
 */
export function useUpdateMood() {
  const { update, isPending } = useOptimisticUserUpdate({ onError: onMoodChangeFailed });
  const queryClient = useQueryClient();
  const { userId } = useSession();
  const changeMood = useCallback(
    (change: MoodChange, options?: { onSuccess?: (user: User) => void }) => {
      if (userId && isDeviceOffline() && isChosenMood(change.mood)) {
        queueMoodOffline(queryClient, userId, change.mood).then(() => {
          const user = queryClient.getQueryData<User>(userKeys.detail(userId));
          if (user) options?.onSuccess?.(user);
        }, onMoodChangeFailed);
        return;
      }
      update(change, options);
    },
    [update, queryClient, userId],
  );
  return { changeMood, isPending };
}
