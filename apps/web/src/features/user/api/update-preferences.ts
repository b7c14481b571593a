import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Preferences, UpdatePreferencesBody } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { preferenceKeys } from '@/lib/query-keys';

/*
 * Changing the preferences (decisions 040, 041 and 076), from the profile's settings only: its own
 * module, so that the signed-in frame, which reads the theme, does not carry the writing. Types
 * only from the contract (decision 038).
 */

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
          measureReminder: body.measureReminder ?? previous.measureReminder,
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
