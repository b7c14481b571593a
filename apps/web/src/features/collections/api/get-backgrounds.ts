import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Background } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { backgroundKeys } from './background-keys';

/** GET /v1/background (no token): every background there is. */
export async function getBackgrounds(signal?: AbortSignal): Promise<Background[]> {
  const body = await api.get<SuccessBody<Background[]>>('/background', { signal });
  return body.data;
}

/** GET /v1/background/user/{userId}: the backgrounds the user owns, with the selected one. */
export async function getOwnedBackgrounds(
  userId: string,
  signal?: AbortSignal,
): Promise<Background[]> {
  const body = await api.get<SuccessBody<Background[]>>(
    `/background/user/${encodeURIComponent(userId)}`,
    { signal },
  );
  return body.data;
}

export function backgroundsQueryOptions() {
  return queryOptions({
    queryKey: backgroundKeys.catalogue(),
    queryFn: ({ signal }) => getBackgrounds(signal),
  });
}

export function ownedBackgroundsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: backgroundKeys.owned(userId),
    queryFn: ({ signal }) => getOwnedBackgrounds(userId, signal),
  });
}

/** Every background, marked owned and selected from the user's own list. */
export function mergeCollection(all: Background[], owned: Background[]): Background[] {
  const mine = new Map(owned.map((b) => [b.id, b]));
  return all.map((b) => ({
    ...b,
    owned: mine.has(b.id),
    selected: mine.get(b.id)?.selected ?? false,
  }));
}

/** The user's collection: every background, owned or locked, and which one is selected. */
export function useCollection() {
  const { token, userId } = useSession();
  const all = useQuery(backgroundsQueryOptions());
  const owned = useQuery({
    ...ownedBackgroundsQueryOptions(userId ?? ''),
    enabled: Boolean(token && userId),
  });
  const data = all.data && owned.data ? mergeCollection(all.data, owned.data) : undefined;
  return {
    data,
    isPending: all.isPending || owned.isPending,
    isError: all.isError || owned.isError,
  };
}
