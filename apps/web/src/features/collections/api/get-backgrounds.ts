import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Background, BackgroundOwnership } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession, useUser } from '@/lib/auth';
import { markCollection, type CollectionBackground } from '../utils/mark-collection';
import { backgroundKeys } from '@/lib/query-keys';

/** GET /v1/background (no token): every background there is, with id, name, URL and tier. */
export async function getBackgrounds(signal?: AbortSignal): Promise<Background[]> {
  const body = await api.get<SuccessBody<Background[]>>('/background', { signal });
  return body.data;
}

/** GET /v1/background/user/{userId}: the user's ownership records, each with backgroundId. */
export async function getOwnedBackgrounds(
  userId: string,
  signal?: AbortSignal,
): Promise<BackgroundOwnership[]> {
  const body = await api.get<SuccessBody<BackgroundOwnership[]>>(
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

/**
 * The user's collection: every background, owned or locked, and which one is selected, computed
 * from the full list, the ownership records and the user's selectedBackgroundURL (SPEC.md).
 */
export function useCollection(): {
  data: CollectionBackground[] | undefined;
  isPending: boolean;
  isError: boolean;
} {
  const { token, userId } = useSession();
  const all = useQuery(backgroundsQueryOptions());
  const owned = useQuery({
    ...ownedBackgroundsQueryOptions(userId ?? ''),
    enabled: Boolean(token && userId),
  });
  const user = useUser();
  const data =
    all.data && owned.data && user.data
      ? markCollection(all.data, owned.data, user.data.selectedBackgroundURL)
      : undefined;
  return {
    data,
    isPending: all.isPending || owned.isPending || user.isPending,
    isError: all.isError || owned.isError || user.isError,
  };
}
