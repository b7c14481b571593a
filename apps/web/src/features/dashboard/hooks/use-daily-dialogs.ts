import type { User } from '@wellspring/shared';
import { useEffect, useRef } from 'react';
import { useDialog } from '@/components/ui/dialog';

/** Today's mood is not set yet: the day has rolled over and nothing has been chosen since. */
export function needsTodaysMood(user: Pick<User, 'mood' | 'hasSetMoodToday'>): boolean {
  return !user.hasSetMoodToday && user.mood === 'Unknown';
}

/**
 * The dashboard's daily dialogs, one at a time: first newDay (today's mood), then taskExpired
 * (tasks that ended with their day). Each waits until no other dialog shows. taskExpired shows a
 * given count once per visit: only its Close resets the count (PRODUCT.md section 4), so a
 * dismissal leaves it for the next visit rather than bringing it straight back.
 */
export function useDailyDialogs(user: User | undefined): void {
  const { open, openName } = useDialog();
  const announcedCount = useRef<number | null>(null);

  useEffect(() => {
    if (!user || openName !== null) return;
    if (needsTodaysMood(user)) {
      open('newDay');
      return;
    }
    const count = user.unannouncedExpiredTaskCount;
    if (count > 0 && announcedCount.current !== count) {
      announcedCount.current = count;
      open('taskExpired', { count });
    }
  }, [user, openName, open]);
}
