import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Preferences, UpdatePreferencesBody } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { preferenceKeys } from '@/lib/query-keys';

/*
 * The preferences remembered per account (decisions 040 and 041): the theme and the check-in
 * reminder. The theme (lib/theme) and the reminder UI both read and write them through these hooks.
 * Types only from the contract: this module is reached from the signed-in frame, which must not
 * load zod (decision 038).
 */

/** GET /v1/preferences?id: the theme and the reminder of the signed-in user. */
export async function getPreferences(userId: string, signal?: AbortSignal): Promise<Preferences> {
  const answer = await api.get<SuccessBody<Preferences>>('/preferences', {
    query: { id: userId },
    signal,
  });
  return answer.data;
}

/** PATCH /v1/preferences?id: changes the given fields and answers every preference. */
export async function patchPreferences(
  userId: string,
  body: UpdatePreferencesBody,
): Promise<Preferences> {
  const answer = await api.patch<SuccessBody<Preferences>>('/preferences', body, {
    query: { id: userId },
  });
  return answer.data;
}

export function preferencesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: preferenceKeys.detail(userId),
    queryFn: ({ signal }) => getPreferences(userId, signal),
  });
}

/** The signed-in user's preferences; idle while signed out. */
export function usePreferences() {
  const { token, userId } = useSession();
  return useQuery({
    ...preferencesQueryOptions(userId ?? ''),
    enabled: Boolean(token && userId),
  });
}

interface UpdateContext {
  /** The cached preferences before the change, restored when the call fails. */
  previous: Preferences | undefined;
}

/**
 * Saves a change optimistically: the cached preferences take it at once (a theme applies in the
 * same frame), a failure restores them, and they refresh once the call is over.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  const key = preferenceKeys.detail(userId ?? '');
  return useMutation<Preferences, Error, UpdatePreferencesBody, UpdateContext>({
    mutationFn: (body) => patchPreferences(userId ?? '', body),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Preferences>(key);
      if (previous) {
        queryClient.setQueryData<Preferences>(key, {
          theme: body.theme ?? previous.theme,
          reminder: body.reminder ?? previous.reminder,
          onThisDayShowsLowDays: body.onThisDayShowsLowDays ?? previous.onThisDayShowsLowDays,
        });
      }
      return { previous };
    },
    onSuccess: (preferences) => queryClient.setQueryData(key, preferences),
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: preferenceKeys.all }),
  });
}
