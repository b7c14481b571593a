import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { CheckIn, CreateCheckInBody, User } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { isDeviceOffline } from '@/lib/offline-writes';
import { checkInKeys, diaryKeys, insightsKeys, userKeys } from '@/lib/query-keys';

/**
 * POST /v1/check-ins?id=: a check-in taken now, or for a missed past day with `date` (decision
 * 073). A 21st of a day answers 409 CHECK_IN_LIMIT; a day to come or before the user's first day
 * 400 DAY_OUT_OF_RANGE.
 */
export async function createCheckIn(userId: string, body: CreateCheckInBody): Promise<CheckIn> {
  const answer = await api.post<SuccessBody<CheckIn>>('/check-ins', body, {
    query: { id: userId },
  });
  return answer.data;
}

/**
 * Keeps a check-in on the device (decision 042): one taken now carries its moment (sent later, it
 * stays on its day) and shows as the user's mood at once; one for a past day waits as it is. Here,
 * not in lib/offline-writes.ts, so that its code comes with the dialog, off every page's path.
 */
async function queueCheckInOffline(
  queryClient: QueryClient,
  userId: string,
  body: CreateCheckInBody,
): Promise<void> {
  const isNow = body.date === undefined;
  const queue = await import('@/lib/offline-queue');
  await queue.enqueueWrite({
    kind: 'checkIn',
    userId,
    body: isNow ? { ...body, takenAt: new Date().toISOString() } : body,
  });
  if (isNow) {
    queryClient.setQueryData<User>(userKeys.detail(userId), (user) =>
      user ? { ...user, mood: body.mood, hasSetMoodToday: true } : user,
    );
  }
}

/** What saving did: sent to the server, or kept on the device until it is back online. */
export type CheckInSaved = { kind: 'sent'; checkIn: CheckIn } | { kind: 'queued' };

/**
 * Saves a check-in; offline, it waits in the device's queue (decision 042) and shows as today's
 * mood at once. A check-in changes the user's mood, the day's mood, the streak card's day and the
 * looking-back views: all of them are read again.
 */
export function useCreateCheckIn() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return useMutation<CheckInSaved, Error, CreateCheckInBody>({
    // Run offline too: the function itself keeps the check-in on the device then.
    networkMode: 'always',
    mutationFn: async (body) => {
      if (isDeviceOffline()) {
        await queueCheckInOffline(queryClient, userId ?? '', body);
        return { kind: 'queued' };
      }
      return { kind: 'sent', checkIn: await createCheckIn(userId ?? '', body) };
    },
    onSuccess: (saved) => {
      if (saved.kind === 'queued') return;
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: checkInKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: insightsKeys.all }),
        queryClient.invalidateQueries({ queryKey: diaryKeys.all }),
      ]);
    },
  });
}
