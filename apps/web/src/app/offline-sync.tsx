import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useSession } from '@/lib/auth';
import { usePendingWrites } from '@/lib/offline-writes';

const RefusedWrite = lazy(() => import('./refused-write'));

function hasIndexedDb(): boolean {
  try {
    return typeof indexedDB !== 'undefined';
  } catch {
    return false;
  }
}

/**
 * While signed in (decision 042): the query cache is restored from the device and kept there,
 * and the writes made offline are sent at start and whenever the network returns. Both load
 * lazily, so the first page never carries them. A write the server refused is shown until
 * dismissed.
 */
export function OfflineSync() {
  const { token, userId } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token || !userId || !hasIndexedDb()) return;
    let isActive = true;
    let stopPersisting = () => {};
    void import('@/lib/query-persistence').then(({ startQueryPersistence }) => {
      if (!isActive) return;
      stopPersisting = startQueryPersistence(queryClient, userId).stop;
    });
    const sync = () => {
      import('@/lib/offline-sync')
        .then(({ syncWrites }) => syncWrites(queryClient, userId))
        .catch((error: unknown) =>
          console.warn('Wellspring: the writes made offline could not be sent yet', error),
        );
    };
    sync();
    const unsubscribe = onlineManager.subscribe((isOnline) => {
      if (isOnline) sync();
    });
    return () => {
      isActive = false;
      stopPersisting();
      unsubscribe();
    };
  }, [token, userId, queryClient]);
  const { refused } = usePendingWrites();
  const [first] = refused;
  return first ? (
    <Suspense fallback={null}>
      <RefusedWrite write={first} key={first.seq} />
    </Suspense>
  ) : null;
}
