import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '@/lib/auth';
import type { DiaryPages } from '@/lib/diary-cache';
import { diaryKeys } from '@/lib/query-keys';

/**
 * Leaving My Diary keeps only its first page in memory, so that coming back reads that one again
 * rather than every page scrolled through (an infinite query refetches all it holds). The page
 * kept keeps its age. Called by the list, whose chunk comes after the page's (decision 085).
 */
export function useFirstPageOnLeave(): void {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  useEffect(() => {
    if (!userId) return;
    const key = diaryKeys.pages(userId);
    return () => {
      const state = queryClient.getQueryState<DiaryPages>(key);
      if (!state?.data || state.data.pages.length <= 1) return;
      const { pages, pageParams } = state.data;
      queryClient.setQueryData<DiaryPages>(
        key,
        { pages: pages.slice(0, 1), pageParams: pageParams.slice(0, 1) },
        { updatedAt: state.dataUpdatedAt },
      );
    };
  }, [queryClient, userId]);
}
