import type { DiaryEntry } from '@wellspring/shared';
import { cn } from '@/lib/cn';
import { formatLongLocalDate } from '@/lib/format';
import { buildSnippet, searchWords } from '../utils/search-snippet';
import { DiaryMood } from './diary-mood';

/**
 * The entries a diary search found, as cards like the past diaries: the date, the day's mood and
 * the text around the words, each word marked. A click shows the entry in the detail panel.
 */
export function DiarySearchResults({
  entries,
  words,
  selectedId,
  onSelect,
}: {
  entries: readonly DiaryEntry[];
  words: string;
  selectedId: string | null;
  onSelect: (entry: DiaryEntry) => void;
}) {
  if (entries.length === 0) return null;
  const split = searchWords(words);
  return (
    <ul aria-label="Search results" className="flex flex-col gap-3">
      {entries.map((entry) => {
        const isSelected = entry.id === selectedId;
        return (
          <li key={entry.id}>
            <button
              type="button"
              aria-pressed={isSelected}
              onClick={() => onSelect(entry)}
              className={cn(
                'flex w-full flex-col gap-1.5 rounded-2xl border bg-card p-4 text-left shadow-card transition hover:border-brand-violet/40 sm:p-5',
                isSelected
                  ? 'border-brand-violet ring-2 ring-brand-violet/25'
                  : 'border-transparent',
              )}
            >
              <span className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm font-semibold text-ink">
                  {formatLongLocalDate(entry.date)}
                </span>
                <DiaryMood mood={entry.mood} />
              </span>
              <span className="line-clamp-4 text-sm leading-relaxed [overflow-wrap:anywhere] text-ink-soft">
                {buildSnippet(entry.content, split).map((part, i) =>
                  part.isMatch ? (
                    <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-ink">
                      {part.text}
                    </mark>
                  ) : (
                    <span key={i}>{part.text}</span>
                  ),
                )}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
