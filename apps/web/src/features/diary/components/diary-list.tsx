import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import type { DiaryEntry } from '@wellspring/shared';
import { BookHeart } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { countOf } from '@/lib/format';
import { useFirstPageOnLeave } from '../hooks/use-first-page-on-leave';
import { DiaryCardButton } from './diary-card-button';

/** SPEC.md section 2: the diary screen's empty state, word for word. */
export const NO_DIARIES_MESSAGE = "You haven't written any diaries yet! Start today!";

/** A card's height before it is measured: the date line and three lines of preview, at 360 px. */
const ROW_ESTIMATE_PX = 136;
const ROW_GAP_PX = 12;
/** Room inside the scroll box for the chosen card's ring and the focus outline. */
const EDGE_PX = 4;
/** Cards kept mounted beyond each end of those in view (a screen reader's browse mode reads on). */
const OVERSCAN = 4;
/** The next page is asked for once the last card in view is this close to the last one read. */
const LOAD_AHEAD = 5;

/** The older entries: whether some are left, being read or failed to load, and how to ask. */
export interface OlderDiaries {
  hasMore: boolean;
  isLoading: boolean;
  isError: boolean;
  load: () => void;
}

/** The keys that move focus between the cards, and where each goes from `index`. */
function getTargetIndex(key: string, index: number, last: number): number | undefined {
  if (key === 'ArrowDown') return Math.min(index + 1, last);
  if (key === 'ArrowUp') return Math.max(index - 1, 0);
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return undefined;
}

/** What the polite status says once a page has come: how many entries are there to read. */
export function loadedStatus(count: number, hasMore: boolean): string {
  const loaded = `${countOf(count, 'entry', 'entries')} loaded`;
  return hasMore ? loaded : `All ${loaded}`;
}

/**
 * Past entries as cards (date, the day's mood and a 3-line preview); a click selects or deselects
 * one. Only the cards in view (and a few beyond) are in the page, so five years scroll as lightly
 * as a week; the next page is read as the reader nears the end (decision 085).
 */
export function DiaryList({
  diaries,
  selectedId,
  onToggle,
  older,
  labelledBy,
}: {
  diaries: readonly DiaryEntry[];
  selectedId: string | null;
  onToggle: (id: string) => void;
  older: OlderDiaries;
  /** The id of the heading that names the list. */
  labelledBy: string;
}) {
  useFirstPageOnLeave();
  if (diaries.length === 0 && !older.hasMore) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-card px-6 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-surface text-brand-violet">
          <BookHeart className="size-6" aria-hidden />
        </span>
        <p className="max-w-xs text-[15px] text-ink-soft">{NO_DIARIES_MESSAGE}</p>
      </div>
    );
  }
  return (
    <DiaryRows
      diaries={diaries}
      selectedId={selectedId}
      onToggle={onToggle}
      older={older}
      labelledBy={labelledBy}
    />
  );
}

function DiaryRows({
  diaries,
  selectedId,
  onToggle,
  older,
  labelledBy,
}: Parameters<typeof DiaryList>[0]) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // One card is in the Tab order (roving tabindex), by its day: an entry saved at the top moves
  // the indexes, and the day is the key of its row, so its element stays the same.
  const [activeDate, setActiveDate] = useState<string | null>(null);
  const activeIndex = Math.max(
    activeDate === null ? 0 : diaries.findIndex((d) => d.date === activeDate),
    0,
  );
  const isFocusMoving = useRef(false);

  // The card that has (or would take) focus stays mounted when it scrolls out of view, so focus
  // never falls to the page when its row would go.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (indexes.includes(activeIndex) || activeIndex >= range.count) return indexes;
      return [...indexes, activeIndex].sort((a, b) => a - b);
    },
    [activeIndex],
  );
  // The app is not built with the React Compiler, which is what this rule guards: the
  // virtualiser's answers are read afresh each render here, never memoized.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: diaries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    gap: ROW_GAP_PX,
    paddingStart: EDGE_PX,
    paddingEnd: EDGE_PX,
    overscan: OVERSCAN,
    getItemKey: (index) => diaries[index]?.date ?? index,
    rangeExtractor,
  });

  const lastInView = virtualizer.range?.endIndex ?? 0;
  const { hasMore, isLoading, isError, load } = older;
  useEffect(() => {
    if (hasMore && !isLoading && !isError && lastInView >= diaries.length - 1 - LOAD_AHEAD) load();
  }, [hasMore, isLoading, isError, load, lastInView, diaries.length]);

  useEffect(() => {
    if (!isFocusMoving.current) return;
    isFocusMoving.current = false;
    scrollRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"] button`)?.focus();
  }, [activeIndex]);

  const moveFocus = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = getTargetIndex(event.key, index, diaries.length - 1);
    if (target === undefined) return;
    event.preventDefault();
    const diary = diaries[target];
    if (target === index || !diary) return;
    isFocusMoving.current = true;
    setActiveDate(diary.date);
    virtualizer.scrollToIndex(target, { align: 'auto' });
  };

  return (
    <div className="flex flex-col gap-3">
      <div ref={scrollRef} className="max-h-[min(70vh,48rem)] overflow-y-auto rounded-2xl">
        <ul
          aria-labelledby={labelledBy}
          className="relative"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const diary = diaries[item.index];
            if (!diary) return null;
            return (
              <li
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                aria-posinset={item.index + 1}
                aria-setsize={hasMore ? -1 : diaries.length}
                className="absolute inset-x-1 top-0"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <DiaryCardButton
                  entry={diary}
                  isSelected={diary.id === selectedId}
                  onClick={() => onToggle(diary.id)}
                  tabIndex={item.index === activeIndex ? 0 : -1}
                  onFocus={() => setActiveDate(diary.date)}
                  onKeyDown={(event) => moveFocus(event, item.index)}
                >
                  <span className="line-clamp-3 text-sm leading-relaxed [overflow-wrap:anywhere] whitespace-pre-line text-ink-soft">
                    {diary.content}
                  </span>
                </DiaryCardButton>
              </li>
            );
          })}
        </ul>
        {isLoading && (
          <div className="flex justify-center py-4">
            <Spinner label="Loading older entries" />
          </div>
        )}
      </div>
      {isError && (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-ink-soft">Older entries couldn't be loaded right now.</p>
          <Button variant="secondary" size="sm" onClick={load}>
            Try again
          </Button>
        </div>
      )}
      {/* Said politely as each later page arrives (a status's first words are not read out). */}
      <p role="status" className="sr-only">
        {loadedStatus(diaries.length, hasMore)}
      </p>
    </div>
  );
}
