import { useUser } from '@/lib/auth';
import { getTodayIn } from '@/lib/format';
import { useDiaries } from '../api/get-diaries';
import { findTodayDiary } from '../utils/diaries';

/** The user's "today" (their time zone) and today's entry, once the list has loaded. */
export function useTodayDiary() {
  const { data: user } = useUser();
  const diariesQuery = useDiaries();
  const today = getTodayIn(user?.timeZone);
  return {
    user,
    today,
    diaries: diariesQuery.data,
    todayDiary: findTodayDiary(diariesQuery.data, today),
    isLoading: !user || diariesQuery.isPending,
    isError: diariesQuery.isError,
  };
}
