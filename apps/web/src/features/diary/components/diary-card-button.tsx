import type { DiaryEntry } from '@wellspring/shared';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatLongLocalDate } from '@/lib/format';
import { DiaryMood } from './diary-mood';

/**
 * One diary entry as a card that selects it: the date, the day's mood, then `children` (the
 * entry's preview, or a search's snippet). Pressed while its entry is the one shown. My Diary's
 * list moves focus between its cards itself (`tabIndex`, `onKeyDown`).
 */
export function DiaryCardButton({
  entry,
  isSelected,
  onClick,
  children,
  ...focusProps
}: {
  entry: DiaryEntry;
  isSelected: boolean;
  onClick: () => void;
  children: ReactNode;
} & Pick<ButtonHTMLAttributes<HTMLButtonElement>, 'tabIndex' | 'onFocus' | 'onKeyDown'>) {
  return (
    <button
      type="button"
      aria-pressed={isSelected}
      onClick={onClick}
      {...focusProps}
      className={cn(
        'flex w-full flex-col gap-1.5 rounded-2xl border bg-card p-4 text-left shadow-card transition hover:border-brand-violet/40 sm:p-5',
        isSelected ? 'border-brand-violet ring-2 ring-brand-violet/25' : 'border-transparent',
      )}
    >
      <span className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold text-ink">{formatLongLocalDate(entry.date)}</span>
        <DiaryMood mood={entry.mood} />
      </span>
      {children}
    </button>
  );
}
