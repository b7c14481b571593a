import type { DiaryEntry, Goal } from '@wellspring/shared';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useDiaryPages } from '../api/get-diary-pages';
import { useDiaryComposer } from '../hooks/use-diary-composer';
import { getDiaryById } from '../utils/diaries';
import { DiaryComposer } from './diary-composer';
import { DIARY_ONCE_A_DAY_HINT } from './diary-editor';
import { DiaryEntryView } from './diary-entry-view';
import { DiarySearch } from './diary-search';
import { DiaryStreakCard } from './diary-streak-card';

// The list and its virtualiser (11 kB of gzip) are a chunk of their own, asked for as the page
// opens, beside the first page of entries: today's form does not wait for them (decision 085).
const loadDiaryList = () => import('./diary-list');
const DiaryList = lazy(() => loadDiaryList().then((module) => ({ default: module.DiaryList })));

const LOADING_DIARIES = <Spinner label="Loading your diaries" className="mx-auto my-10" />;

/**
 * My Diary: the detail panel (a chosen entry read-only, or today's form), then the streak and the
 * past entries; from lg these sit beside the panel.
 */
export function DiaryScreen({ goal }: { goal: Goal | null | undefined }) {
  const composer = useDiaryComposer();
  useEffect(() => void loadDiaryList(), []);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // An entry chosen among search results, in case the list has not (yet) got it.
  const [searchPick, setSearchPick] = useState<DiaryEntry | null>(null);
  const pagesQuery = useDiaryPages();
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pagesQuery;
  const diaries = useMemo(() => data?.pages.flat(), [data]);
  // A second ask while a page is on its way waits for it rather than starting over.
  const loadOlder = useCallback(
    () => void fetchNextPage({ cancelRefetch: false }),
    [fetchNextPage],
  );
  const selected = selectedId
    ? (diaries?.find((d) => d.id === selectedId) ??
      (searchPick?.id === selectedId ? searchPick : undefined))
    : undefined;

  const toggle = (id: string) => {
    if (!diaries) return;
    const diary = getDiaryById(diaries, id);
    if (selectedId === diary.id) {
      setSelectedId(null);
      return;
    }
    composer.dismissSaved();
    setSelectedId(diary.id);
  };

  /** A search result is chosen (or, chosen again, put back) as a past diary is. */
  const toggleResult = (entry: DiaryEntry) => {
    if (selectedId === entry.id) {
      setSelectedId(null);
      return;
    }
    composer.dismissSaved();
    setSearchPick(entry);
    setSelectedId(entry.id);
  };

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <header className="flex flex-col gap-1.5">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          My Diary
        </h1>
        <p className="text-sm text-ink-soft">{DIARY_ONCE_A_DAY_HINT}</p>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-12">
        {/* min-w-0: a long unbroken word wraps inside the column instead of widening the page. */}
        <div className="min-w-0 rounded-2xl bg-card p-5 shadow-card sm:p-7 lg:col-span-7">
          {selected ? (
            <DiaryEntryView diary={selected} onClose={() => setSelectedId(null)} />
          ) : (
            <DiaryComposer composer={composer} goal={goal} />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-5">
          <DiaryStreakCard
            streak={composer.user?.diaryStreak}
            restDays={composer.user?.diaryStreakRestDays}
          />
          <section aria-labelledby="past-diaries" className="flex flex-col gap-4">
            <h2 id="past-diaries" className="text-lg font-semibold text-ink">
              Past Diaries
            </h2>
            <DiarySearch selectedId={selectedId} onSelect={toggleResult}>
              {diaries ? (
                <Suspense fallback={LOADING_DIARIES}>
                  <DiaryList
                    diaries={diaries}
                    selectedId={selectedId}
                    onToggle={toggle}
                    labelledBy="past-diaries"
                    older={{
                      hasMore: hasNextPage,
                      isLoading: isFetchingNextPage,
                      isError: isFetchNextPageError,
                      load: loadOlder,
                    }}
                  />
                </Suspense>
              ) : pagesQuery.isError ? (
                <p className="rounded-2xl bg-card p-5 text-[15px] text-ink-soft shadow-card">
                  Your diaries couldn't be loaded right now. Please try again later.
                </p>
              ) : (
                LOADING_DIARIES
              )}
            </DiarySearch>
          </section>
        </div>
      </div>
    </section>
  );
}
