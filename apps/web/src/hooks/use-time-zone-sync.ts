import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@wellspring/shared';
import { useEffect } from 'react';
import { patchUser } from '@/lib/auth';
import { userKeys } from '@/lib/query-keys';
import { getBrowserTimeZone } from '@/lib/format';

/** The (user, zone) pairs already sent in this page's life: one attempt each, success or not. */
const attempted = new Set<string>();

/**
 * PRODUCT.md section 4: "today" is the user's local date in the zone the browser sends. Once the
 * user has loaded, a browser in another zone than the saved one sends its zone, once. A failure
 * keeps the saved zone; the next page load tries again.
 */
export function useTimeZoneSync(user: User | undefined): void {
  const queryClient = useQueryClient();
  const userId = user?.id;
  const savedZone = user?.timeZone;
  useEffect(() => {
    if (!userId || !savedZone) return;
    const browserZone = getBrowserTimeZone();
    if (!browserZone || browserZone === savedZone) return;
    const key = `${userId}:${savedZone}>${browserZone}`;
    if (attempted.has(key)) return;
    attempted.add(key);
    patchUser(userId, { timeZone: browserZone }).then(
      (updated) => queryClient.setQueryData(userKeys.detail(updated.id), updated),
      () => {},
    );
  }, [userId, savedZone, queryClient]);
}
