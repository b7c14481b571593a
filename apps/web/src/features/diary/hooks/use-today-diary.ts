import { useUser } from '@/lib/auth';
import { getTodayIn } from '@/lib/format';
import { useNewestDiary } from '../api/get-diaries';
import { findTodayDiary } from '../utils/diaries';

/**
 * The user's "today" (their time zone) and today's entry, once the newest entry has loaded: it is
 * today's when its day is today (one entry a day), so the years before are never fetched for it.
 */
export function useTodayDiary() {
  const { data: user } = useUser();
  const today = getTodayIn(user?.timeZone);
  const newestQuery = useNewestDiary(today);
  return {
    user,
    today,
    todayDiary: findTodayDiary(newestQuery.data, today),
    isLoading: !user || newestQuery.isPending,
    isError: newestQuery.isError,
  };
}
