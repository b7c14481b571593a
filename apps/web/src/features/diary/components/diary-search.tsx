import { checkDiarySearchWords, type DiaryEntry } from '@wellspring/shared';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { focusElement } from '@/lib/focus';
import { useDiarySearch, type DiarySearchState } from '../api/search-diaries';
import { DiarySearchResults } from './diary-search-results';

/** What the live status says of a search (decision 037). */
export function searchStatus(search: DiarySearchState, pages: number): string {
  if (search.isError) return "Your diary couldn't be searched right now. Please try again later.";
  if (search.isFetching) return pages > 1 ? 'Searching older entries…' : 'Searching your diary…';
  const { entries, scanned } = search;
  if (entries.length === 0) {
    return scanned === 0
      ? 'No entries found'
      : `No entries found in your latest ${scanned} entries`;
  }
  const found = entries.length === 1 ? '1 entry found' : `${entries.length} entries found`;
  return `${found} in your latest ${scanned}`;
}

/**
 * My Diary's search: a labelled search box; while a search is on, its matches (newest first,
 * batch by batch) take the place of `children` (the list of past diaries) until it is cleared.
 */
export function DiarySearch({
  selectedId,
  onSelect,
  children,
}: {
  selectedId: string | null;
  onSelect: (entry: DiaryEntry) => void;
  children: ReactNode;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [words, setWords] = useState<string | null>(null);
  const [pages, setPages] = useState(1);
  const search = useDiarySearch(words, pages);
  const askedForOlder = useRef(false);

  // "Search older entries" goes once the last batch is read: focus then moves to the status,
  // which says what was found, rather than falling to <body> (decision 025).
  useEffect(() => {
    if (!askedForOlder.current || search.isFetching || search.hasMore) return;
    askedForOlder.current = false;
    if (statusRef.current) focusElement(statusRef.current);
  }, [search.isFetching, search.hasMore]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDiarySearchWords(value);
    if ('error' in checked) {
      setError(checked.error);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    setWords(checked.words);
    setPages(1);
  };

  const clear = () => {
    setValue('');
    setError(null);
    setWords(null);
    setPages(1);
    inputRef.current?.focus();
  };

  const searchOlder = () => {
    if (search.isFetching) return;
    askedForOlder.current = true;
    setPages((n) => n + 1);
  };

  return (
    <div className="flex flex-col gap-4">
      <form
        role="search"
        aria-label="Diary search"
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-1.5"
      >
        <label htmlFor={id} className="text-sm font-medium text-ink">
          Search your diary
        </label>
        <div className="flex gap-2">
          <input
            ref={inputRef}
            id={id}
            type="search"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            enterKeyHint="search"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={cn(
              'h-11 min-w-0 flex-1 rounded-xl border bg-card px-4 text-[15px] text-ink shadow-xs transition placeholder:text-ink-muted/70 focus:border-brand-violet',
              error ? 'border-red-600' : 'border-line',
            )}
          />
          <Button type="submit" variant="secondary">
            <Search className="size-4" aria-hidden />
            Search
          </Button>
        </div>
        {/* One live region from the start, so the message is announced when it appears. */}
        <div role="alert">
          {error && (
            <p id={`${id}-error`} className="text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </div>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          ref={statusRef}
          role="status"
          className={cn('text-sm text-ink-soft outline-none', !words && 'sr-only')}
        >
          {words ? searchStatus(search, pages) : ''}
        </p>
        {words && (
          <Button variant="ghost" size="sm" onClick={clear}>
            <X className="size-4" aria-hidden />
            Clear search
          </Button>
        )}
      </div>
      {words ? (
        <>
          <DiarySearchResults
            entries={search.entries}
            words={words}
            selectedId={selectedId}
            onSelect={onSelect}
          />
          {search.hasMore && (
            <Button
              variant="secondary"
              onClick={searchOlder}
              aria-disabled={search.isFetching || undefined}
              className="self-start"
            >
              Search older entries
            </Button>
          )}
        </>
      ) : (
        children
      )}
    </div>
  );
}
