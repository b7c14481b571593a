import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Preferences } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { preferenceKeys } from '@/lib/query-keys';

/*
 * The preferences remembered per account (decisions 040 and 041): the theme and the check-in
 * reminder. The theme (lib/theme) and the reminder UI both read them through this hook, and write
 * them through update-preferences.ts (apart: the signed-in frame only reads them).
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
