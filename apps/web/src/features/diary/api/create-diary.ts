import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isChosenMood, type Diary, type DiaryEntry, type User } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { putNewDiary } from '@/lib/diary-cache';
import { diaryKeys, insightsKeys, userKeys } from '@/lib/query-keys';

/** POST /v1/diary {content, id}: today's entry (one a day; a second answers 409). */
export async function createDiary(userId: string, content: string): Promise<Diary> {
  const body = await api.post<SuccessBody<Diary>>('/diary', { content, id: userId });
  return body.data;
}

/** The mood of today's entry as the list shows it: the user's mood when set today, else none. */
function todayMood(user: User | undefined): DiaryEntry['mood'] {
  return user?.hasSetMoodToday && isChosenMood(user.mood) ? user.mood : null;
}

/**
 * SPEC.md section 4, Diary: a saved entry refreshes the user (the streak) and the diary list. The
 * new entry goes into the cached list at once (with today's mood), so today's form is disabled
 * without waiting. The looking-back views (insights, the support card) refresh too.
 */
export function useCreateDiary() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return useMutation({
    mutationFn: (content: string) => createDiary(userId ?? '', content),
    onSuccess: (diary) => {
      if (!userId) return;
      const entry: DiaryEntry = {
        ...diary,
        mood: todayMood(queryClient.getQueryData<User>(userKeys.detail(userId))),
      };
      putNewDiary(queryClient, userId, entry);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: diaryKeys.all }),
        queryClient.invalidateQueries({ queryKey: insightsKeys.all }),
      ]),
  });
}

/**
 * POST /v1/diary {content, id, date}: the entry of a missed past day (decision 073). It earns no
 * points; one entry a day still holds (409), and the day must be past and not before the user's
 * first day (400 DAY_OUT_OF_RANGE).
 */
export async function createBackfilledDiary(
  userId: string,
  content: string,
  date: string,
): Promise<Diary> {
  const body = await api.post<SuccessBody<Diary>>('/diary', { content, id: userId, date });
  return body.data;
}

/** Saves a missed day's entry; the diary, the streak (the user) and the day view read again. */
export function useCreateBackfilledDiary(date: string) {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return useMutation({
    mutationFn: (content: string) => createBackfilledDiary(userId ?? '', content, date),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: diaryKeys.all }),
        queryClient.invalidateQueries({ queryKey: insightsKeys.all }),
      ]),
  });
}
