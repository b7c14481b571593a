import { formatDay, REPORT_DIARY_MAX, type DiaryEntry } from '@wellspring/shared';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { describeError } from '@/lib/error-messages';
import { useDiaryChoices } from '../api/get-diary-choices';

/** How many words of an entry its checkbox shows. */
const FIRST_WORDS = 12;

/** 'Went for a walk by the river…': the first words of an entry, to tell it apart. */
export function firstWords(text: string): string {
  const words = text.trim().split(/\s+/);
  return words.length > FIRST_WORDS ? `${words.slice(0, FIRST_WORDS).join(' ')}…` : words.join(' ');
}

/**
 * The diary entries of the report's range, each with its date, its first words and a checkbox;
 * none chosen until the person chooses, at most REPORT_DIARY_MAX.
 */
export function DiaryPicker({
  range,
  chosen,
  onToggle,
}: {
  range: { from: string; to: string };
  chosen: ReadonlyMap<string, string>;
  onToggle: (entry: DiaryEntry) => void;
}) {
  const choices = useDiaryChoices(range, true);
  const entries = choices.data?.pages.flatMap((page) => page.entries) ?? [];
  const chosenHere = entries.filter((entry) => chosen.has(entry.id)).length;
  const isFull = chosenHere >= REPORT_DIARY_MAX;

  if (choices.isPending) return <Spinner label="Loading your diary entries" className="my-3" />;
  if (choices.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm text-red-800">
        <p>Your diary entries could not be loaded. {describeError(choices.error)}</p>
        <Button variant="secondary" size="sm" onClick={() => void choices.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <fieldset className="flex min-w-0 flex-col gap-2 rounded-xl border border-line p-3">
      <legend className="px-1 text-sm font-semibold text-ink">Diary entries to quote</legend>
      <p className="text-sm text-ink-muted" aria-live="polite">
        {entries.length === 0
          ? 'No diary entries in this range.'
          : `${chosenHere} chosen, at most ${REPORT_DIARY_MAX}. Only the entries you choose are quoted, in full.`}
      </p>
      {entries.length > 0 && (
        <ul className="flex flex-col gap-2">
          {entries.map((entry) => {
            const isChosen = chosen.has(entry.id);
            return (
              <li key={entry.id}>
                <Checkbox
                  checked={isChosen}
                  disabled={!isChosen && isFull}
                  onChange={() => onToggle(entry)}
                  label={
                    <>
                      <span className="font-semibold text-ink">{formatDay(entry.date)}</span>
                      {': '}
                      <span className="break-words">{firstWords(entry.content)}</span>
                    </>
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
      {choices.hasNextPage && (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          onClick={() => void choices.fetchNextPage()}
          isLoading={choices.isFetchingNextPage}
        >
          Show older entries
        </Button>
      )}
    </fieldset>
  );
}
