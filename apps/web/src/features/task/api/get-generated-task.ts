import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GeneratedTask, Mood } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { taskKeys } from '@/lib/query-keys';

/** The mood sent with a generation: none when Unknown (SPEC.md section 7). */
export function getGenerationMood(mood: Mood | undefined): string | undefined {
  return mood && mood !== 'Unknown' ? mood : undefined;
}

/** GET /v1/task/generated?id=&mood=: a catalogue task that fits the mood. */
export async function getGeneratedTask(
  userId: string,
  mood: string | undefined,
  signal?: AbortSignal,
): Promise<GeneratedTask> {
  const body = await api.get<SuccessBody<GeneratedTask>>('/task/generated', {
    query: { id: userId, mood },
    signal,
  });
  return body.data;
}

export function generatedTaskQueryOptions(userId: string, mood: string | undefined) {
  return queryOptions({
    queryKey: taskKeys.generated(userId, mood),
    queryFn: ({ signal }) => getGeneratedTask(userId, mood, signal),
    // A suggestion changes only on Shuffle or after it is added, never behind the user's back.
    staleTime: Number.POSITIVE_INFINITY,
    // A 409 (goal completed) or a 404 (nothing fits) will not change on a retry.
    retry: false,
  });
}

/** The suggestion for the user's mood; off while generation is blocked. */
export function useGeneratedTask(mood: Mood | undefined, { enabled }: { enabled: boolean }) {
  const { token, userId } = useSession();
  return useQuery({
    ...generatedTaskQueryOptions(userId ?? '', getGenerationMood(mood)),
    enabled: Boolean(token && userId) && enabled,
  });
}
