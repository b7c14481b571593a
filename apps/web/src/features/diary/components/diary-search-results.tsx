import type { DiaryEntry } from '@wellspring/shared';
import { buildSnippet, searchWords } from '../utils/search-snippet';
import { DiaryCardButton } from './diary-card-button';

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
      {entries.map((entry) => (
        <li key={entry.id}>
          <DiaryCardButton
            entry={entry}
            isSelected={entry.id === selectedId}
            onClick={() => onSelect(entry)}
          >
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
          </DiaryCardButton>
        </li>
      ))}
    </ul>
  );
}
