import type { DiaryEntry } from '@wellspring/shared';
import { BookHeart } from 'lucide-react';
import { DiaryCardButton } from './diary-card-button';

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
      {diaries.map((diary) => (
        <li key={diary.id}>
          <DiaryCardButton
            entry={diary}
            isSelected={diary.id === selectedId}
            onClick={() => onToggle(diary.id)}
          >
            <span className="line-clamp-3 text-sm leading-relaxed [overflow-wrap:anywhere] whitespace-pre-line text-ink-soft">
              {diary.content}
            </span>
          </DiaryCardButton>
        </li>
      ))}
    </ul>
  );
}
