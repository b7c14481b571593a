import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getTodayIn } from '@/lib/format';

/** The longest wait between two looks at the date (a clock change, a sleeping laptop). */
export const DAY_CHECK_MAX_MS = 60_000;
/** A look just after midnight rather than on it, so the new day is surely there. */
const AFTER_MIDNIGHT_MS = 250;

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** Milliseconds from `now` to the next midnight in `timeZone` (the user's next local day). */
export function getMsUntilNextDay(now: Date, timeZone: string): number {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    timeFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(now).map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const elapsed =
    ((parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0)) * 1000 +
    now.getMilliseconds();
  return 24 * 3600 * 1000 - elapsed;
}

/**
 * PRODUCT.md section 4: the day is the user's local day. When it changes under an open page (at
 * midnight, or found on coming back to a hidden tab), every query is refetched: the server rolls
 * the day over on the first call, and the dashboard then asks for the new day's mood.
 */
export function useDayChangeRefresh(timeZone: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!timeZone) return;
    let day = getTodayIn(timeZone);
    let timer: ReturnType<typeof setTimeout> | undefined;

    const check = () => {
      const today = getTodayIn(timeZone);
      if (today === day) return;
      day = today;
      void queryClient.invalidateQueries();
    };
    const schedule = () => {
      clearTimeout(timer);
      const wait = Math.min(
        getMsUntilNextDay(new Date(), timeZone) + AFTER_MIDNIGHT_MS,
        DAY_CHECK_MAX_MS,
      );
      timer = setTimeout(() => {
        check();
        schedule();
      }, wait);
    };
    // A hidden tab's timers are slowed or stopped: look again as soon as it is seen.
    const onShown = () => {
      if (document.visibilityState !== 'visible') return;
      check();
      schedule();
    };

    schedule();
    document.addEventListener('visibilitychange', onShown);
    window.addEventListener('focus', onShown);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onShown);
      window.removeEventListener('focus', onShown);
    };
  }, [timeZone, queryClient]);
}
