import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Diary } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { diaryKeys, userKeys } from '@/lib/query-keys';

/** POST /v1/diary {content, id}: today's entry (one a day; a second answers 409). */
export async function createDiary(userId: string, content: string): Promise<Diary> {
  const body = await api.post<SuccessBody<Diary>>('/diary', { content, id: userId });
  return body.data;
}

/**
 * SPEC.md section 4, Diary: a saved entry refreshes the user (the streak) and the diary list. The
 * new entry goes into the cached list at once, so today's form is disabled without waiting.
 */
export function useCreateDiary() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return useMutation({
    mutationFn: (content: string) => createDiary(userId ?? '', content),
    onSuccess: (diary) => {
      if (!userId) return;
      queryClient.setQueryData<Diary[]>(diaryKeys.list(userId), (list) =>
        list ? [diary, ...list.filter((d) => d.id !== diary.id)] : [diary],
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: diaryKeys.all }),
      ]),
  });
}
