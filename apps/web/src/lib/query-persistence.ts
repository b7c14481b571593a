import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  defaultShouldDehydrateQuery,
  type InfiniteData,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { persistQueryClient, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { deviceCache, getDeviceDbGeneration } from './device-db';
import { KEYS_KEPT_OFF_DEVICE } from './query-keys';

/*
 * The query cache kept on the device (decision 042), so that with no network the app
 * opens to the last data the user saw. Loaded lazily once a session exists (offline-sync.tsx):
 * the landing page never carries it. The saved copy belongs to one account (the buster is the
 * user's id) and is at most a week old; signing out clears it (auth-storage.ts).
 */

/**
 * The saved copy's shape, in its buster with the user's id. A copy of an older shape is dropped
 * whole: 2 since My Diary reads in pages, as a copy of 1 held the whole diary (decision 085).
 */
const SAVED_COPY_SHAPE = 2;

export const PERSISTED_CACHE_KEY = 'query-cache';
/** How old a saved copy may be and still be shown. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1_000;

/** Whether a query goes into the saved copy: a settled one, unless its key is kept off the device. */
export function isKeptOnDevice(query: Query): boolean {
  const [root] = query.queryKey;
  return (
    defaultShouldDehydrateQuery(query) &&
    !(typeof root === 'string' && KEYS_KEPT_OFF_DEVICE.includes(root))
  );
}

/** How many pages of an infinite query (My Diary's) the saved copy keeps (decision 085). */
export const PAGES_KEPT_ON_DEVICE = 2;

function isInfiniteData(data: unknown): data is InfiniteData<unknown, unknown> {
  return (
    typeof data === 'object' &&
    data !== null &&
    Array.isArray((data as { pages?: unknown }).pages) &&
    Array.isArray((data as { pageParams?: unknown }).pageParams)
  );
}

/**
 * What the saved copy holds of a query's data: an infinite query's first pages only, so that the
 * years a reader scrolled through are read again from the server, never kept on the device.
 */
export function keepFirstPages(data: unknown): unknown {
  if (!isInfiniteData(data) || data.pages.length <= PAGES_KEPT_ON_DEVICE) return data;
  return {
    pages: data.pages.slice(0, PAGES_KEPT_ON_DEVICE),
    pageParams: data.pageParams.slice(0, PAGES_KEPT_ON_DEVICE),
  };
}

const DEHYDRATE_OPTIONS = { shouldDehydrateQuery: isKeptOnDevice, serializeData: keepFirstPages };

/** Restores the saved cache, then keeps it saved (at most once a second); returns the stop. */
export function startQueryPersistence(
  queryClient: QueryClient,
  userId: string,
): { restored: Promise<void>; stop: () => void } {
  // A query unused for five minutes would leave the saved copy too: offline, the dashboard must
  // still find what it last showed, so queries live as long as the saved copy may.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, gcTime: PERSIST_MAX_AGE_MS },
  });
  // A save still throttled when the session ends would write the old account's data back after
  // the clear: saves stop with the session (the clear count moves on).
  const startedAt = getDeviceDbGeneration();
  const persister = createAsyncStoragePersister({
    storage: {
      getItem: deviceCache.getItem,
      setItem: (key: string, value: string) =>
        getDeviceDbGeneration() === startedAt ? deviceCache.setItem(key, value) : undefined,
      removeItem: deviceCache.removeItem,
    },
    key: PERSISTED_CACHE_KEY,
    throttleTime: 1_000,
  });
  const buster = `${userId}/${SAVED_COPY_SHAPE}`;
  const [unsubscribe, restoring] = persistQueryClient({
    queryClient,
    persister,
    buster,
    maxAge: PERSIST_MAX_AGE_MS,
    dehydrateOptions: DEHYDRATE_OPTIONS,
  });
  let isStopped = false;
  // Started after the first page's queries may have settled (it loads lazily): what is cached by
  // then is saved at once, not only at the next change.
  const restored = restoring.then(async () => {
    if (!isStopped) {
      await persistQueryClientSave({
        queryClient,
        persister,
        buster,
        dehydrateOptions: DEHYDRATE_OPTIONS,
      });
    }
  });
  return {
    restored,
    stop: () => {
      isStopped = true;
      unsubscribe();
    },
  };
}
