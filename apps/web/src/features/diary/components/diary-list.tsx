import type { DiaryEntry } from '@wellspring/shared';
import { BookHeart } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatLongLocalDate } from '@/lib/format';
import { DiaryMood } from './diary-mood';

/** SPEC.md section 2: the diary screen's empty state, word for word. */
export const NO_DIARIES_MESSAGE = "You haven't written any diaries yet! Start today!";

/**
 * Past entries as cards (date, the day's mood and a 3-line preview); a click selects or deselects
 * one.
 */
export function DiaryList({
  diaries,
  selectedId,
  onToggle,
}: {
  diaries: readonly DiaryEntry[];
  selectedId: string | null;
  onToggle: (id: string) => void;
}) {
  if (diaries.length === 0) {
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
    <ul className="flex flex-col gap-3">
      {diaries.map((diary) => {
        const isSelected = diary.id === selectedId;
        return (
          <li key={diary.id}>
            <button
              type="button"
              aria-pressed={isSelected}
              onClick={() => onToggle(diary.id)}
              className={cn(
                'flex w-full flex-col gap-1.5 rounded-2xl border bg-card p-4 text-left shadow-card transition hover:border-brand-violet/40 sm:p-5',
                isSelected
                  ? 'border-brand-violet ring-2 ring-brand-violet/25'
                  : 'border-transparent',
              )}
            >
              <span className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm font-semibold text-ink">
                  {formatLongLocalDate(diary.date)}
                </span>
                <DiaryMood mood={diary.mood} />
              </span>
              <span className="line-clamp-3 text-sm leading-relaxed [overflow-wrap:anywhere] whitespace-pre-line text-ink-soft">
                {diary.content}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
