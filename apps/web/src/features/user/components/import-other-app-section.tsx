import { MOODS, type ChosenMood, type ImportPreview, type ImportRun } from '@wellspring/shared';
import { useQueryClient } from '@tanstack/react-query';
import { FileSearch, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { MOOD_ICONS } from '@/components/ui/mood-icons';
import { ProgressBar } from '@/components/ui/progress-bar';
import { describeError } from '@/lib/error-messages';
import { formatLongLocalDate, formatSpokenNumber } from '@/lib/format';
import {
  isRunning,
  useCancelOrUndoImport,
  useImports,
  usePreviewImport,
  useStartImport,
} from '../api/imports';
import { countOf } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date-time';
import { joinWithAnd } from '../utils/format';
import { InlineAlert, PanelSection, StatusMessage } from './panel-parts';

export const IMPORT_OTHER_FAILURE_TITLE = 'This file could not be read.';
export const IMPORT_START_FAILURE_TITLE = 'The import did not start.';

/** How many unreadable rows the preview lists on the screen (all are counted). */
const ROWS_SHOWN = 20;

type Mapping = Partial<Record<string, ChosenMood>>;

/**
 * '11,000 entries': counts in these sentences are written as an English voice reads them, since
 * the sentences reach screen readers as text (the German '11.000' is read as a decimal).
 */
function entriesOf(count: number): string {
  return `${formatSpokenNumber(count)} ${count === 1 ? 'entry' : 'entries'}`;
}

/** 'Daylio CSV export: 7 entries on 3 days, from March 6, 2026 to March 10, 2026.' */
export function describePreview(preview: ImportPreview): string {
  if (preview.entries === 0 || !preview.firstDay || !preview.lastDay) {
    return `${preview.source.name}: no entry can be imported from this file.`;
  }
  const range =
    preview.firstDay === preview.lastDay
      ? `on ${formatLongLocalDate(preview.firstDay)}`
      : `from ${formatLongLocalDate(preview.firstDay)} to ${formatLongLocalDate(preview.lastDay)}`;
  return `${preview.source.name}: ${entriesOf(preview.entries)} on ${countOf(preview.days, 'day')}, ${range}.`;
}

/** What happens to the file's activities: matched to the person's own, or added. */
export function describeActivities(preview: ImportPreview): string | null {
  if (preview.activities.length === 0) return null;
  const added = preview.activities.filter((a) => a.existing === null).map((a) => a.name);
  const matched = preview.activities.length - added.length;
  const parts = [
    ...(matched > 0 ? [`${matched} match yours`] : []),
    ...(added.length > 0
      ? [
          `${added.length} will be added: ${added.slice(0, 8).join(', ')}${added.length > 8 ? ' and more' : ''}`,
        ]
      : []),
  ];
  return `${countOf(preview.activities.length, 'activity', 'activities')}: ${parts.join('; ')}.`;
}

/** The screen's words for an import's state. */
export function describeRun(run: ImportRun): string {
  switch (run.status) {
    case 'running':
      return `Importing… ${formatSpokenNumber(run.entriesDone)} of ${entriesOf(run.entriesTotal)}.`;
    case 'cancelling':
      return 'Cancelling the import…';
    case 'cancelled':
      return 'The import was cancelled. Nothing of it was kept.';
    case 'failed':
      return 'The import did not finish, so nothing of it was kept. Please try again.';
    case 'undone':
      return 'The import was undone. Everything it brought is gone.';
    case 'done': {
      const skipped = run.entriesTotal - run.entriesWritten;
      return (
        `Imported ${entriesOf(run.entriesWritten)} on ${countOf(run.daysWritten, 'day')}.` +
        (skipped > 0 ? ` ${entriesOf(skipped)} of days you already had were left out.` : '')
      );
    }
  }
}

/** Each mood name of the file a row, the five moods its columns: one choice a row. */
function MoodMappingTable({
  preview,
  mapping,
  onChange,
}: {
  preview: ImportPreview;
  mapping: Mapping;
  onChange: (name: string, mood: ChosenMood) => void;
}) {
  const id = useId();
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="pb-2 text-left text-sm font-medium text-ink">
          The mood each of the file’s moods becomes here
        </caption>
        <thead>
          <tr className="border-b border-line text-xs text-ink-muted">
            <th scope="col" className="py-2 pr-2 text-left font-medium">
              In the file
            </th>
            {MOODS.map((mood) => {
              const Icon = MOOD_ICONS[mood];
              return (
                <th key={mood} scope="col" className="px-0.5 py-2 font-medium">
                  <span className="flex flex-col items-center gap-0.5">
                    <Icon className="size-5" aria-hidden />
                    <span className="text-[10px] leading-tight sm:text-xs">{mood}</span>
                  </span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {preview.moods.map((row, index) => (
            <tr key={row.name} className="border-b border-line last:border-0">
              <th scope="row" className="max-w-[8rem] py-2 pr-2 text-left font-normal">
                <span className="block truncate font-medium text-ink" title={row.name}>
                  {row.name}
                </span>
                <span className="block text-xs text-ink-muted">{entriesOf(row.entries)}</span>
              </th>
              {MOODS.map((mood) => (
                <td key={mood} className="px-0.5 py-2 text-center">
                  <input
                    type="radio"
                    name={`${id}-${index}`}
                    value={mood}
                    checked={mapping[row.name] === mood}
                    onChange={() => onChange(row.name, mood)}
                    aria-label={`${row.name}: ${mood}`}
                    className="size-5 accent-brand-violet"
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PreviewStep({
  file,
  preview,
  onStarted,
}: {
  file: File;
  preview: ImportPreview;
  onStarted: (run: ImportRun) => void;
}) {
  const start = useStartImport();
  const [mapping, setMapping] = useState<Mapping>(() =>
    Object.fromEntries(preview.moods.map((m) => [m.name, m.proposed ?? undefined])),
  );
  const unmapped = preview.moods.filter((m) => mapping[m.name] === undefined);
  const activities = describeActivities(preview);
  const hintId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (unmapped.length > 0) return;
    start.mutate(
      { file, moods: mapping as Record<string, ChosenMood> },
      { onSuccess: (run) => onStarted(run) },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <div className="flex flex-col gap-1 rounded-xl bg-surface px-4 py-3 text-sm text-ink">
        <p className="font-medium">{describePreview(preview)}</p>
        {preview.duplicateDays > 0 && (
          <p className="text-ink-muted">
            {countOf(preview.duplicateDays, 'day')} you already have here{' '}
            {preview.duplicateDays === 1 ? 'is' : 'are'} kept as{' '}
            {preview.duplicateDays === 1 ? 'it is' : 'they are'}: the file’s entries of{' '}
            {preview.duplicateDays === 1 ? 'that day are' : 'those days are'} left out.
          </p>
        )}
        {activities && <p className="text-ink-muted">{activities}</p>}
        {preview.attachmentsSkipped > 0 && (
          <p className="text-ink-muted">
            {countOf(preview.attachmentsSkipped, 'photo or recording', 'photos and recordings')} of
            the entries {preview.attachmentsSkipped === 1 ? 'stays' : 'stay'} behind: Wellspring
            keeps words, not pictures.
          </p>
        )}
        {preview.problemCount > 0 && (
          <details className="text-ink-muted">
            <summary className="cursor-pointer">
              {countOf(preview.problemCount, 'row')} cannot be read and{' '}
              {preview.problemCount === 1 ? 'is' : 'are'} left out. Show{' '}
              {preview.problemCount === 1 ? 'it' : 'them'}
            </summary>
            <ul className="mt-1 flex flex-col gap-0.5 text-xs">
              {preview.problems.slice(0, ROWS_SHOWN).map((problem) => (
                <li key={`${problem.row}-${problem.reason}`}>
                  Line {formatSpokenNumber(problem.row)}: {problem.reason}
                </li>
              ))}
              {preview.problemCount > ROWS_SHOWN && (
                <li>and {formatSpokenNumber(preview.problemCount - ROWS_SHOWN)} more</li>
              )}
            </ul>
          </details>
        )}
      </div>
      {preview.entries > 0 && (
        <>
          <MoodMappingTable
            preview={preview}
            mapping={mapping}
            onChange={(name, mood) => setMapping((m) => ({ ...m, [name]: mood }))}
          />
          <p id={hintId} className="text-xs text-ink-muted">
            {unmapped.length > 0
              ? `Choose a mood for ${joinWithAnd(unmapped.slice(0, 3).map((m) => `“${m.name}”`))}${unmapped.length > 3 ? ' and the others' : ''} to import.`
              : 'Imported days are marked as filled in later: they earn no points and unlock nothing. You can undo the import for 7 days.'}
          </p>
          {start.isError && (
            <InlineAlert title={IMPORT_START_FAILURE_TITLE} message={describeError(start.error)} />
          )}
          <Button
            type="submit"
            className="self-stretch sm:self-start"
            aria-describedby={hintId}
            disabled={unmapped.length > 0}
            isLoading={start.isPending}
          >
            {!start.isPending && <Upload className="size-4" aria-hidden />}
            Import {entriesOf(preview.entries)}
          </Button>
        </>
      )}
    </form>
  );
}

/** A running import's progress and its Cancel, or a finished one's result and its Undo. */
function RunStatus({ run, onAct }: { run: ImportRun; onAct: () => void }) {
  const cancelOrUndo = useCancelOrUndoImport();
  const running = isRunning(run);
  const percent = run.entriesTotal === 0 ? 100 : (run.entriesDone / run.entriesTotal) * 100;
  const text = describeRun(run);
  return (
    <div className="flex flex-col gap-3">
      {running ? (
        <>
          <ProgressBar
            value={percent}
            label="Import progress"
            valueText={`${formatSpokenNumber(run.entriesDone)} of ${formatSpokenNumber(run.entriesTotal)} entries`}
          />
          <p className="text-sm text-ink">{text}</p>
        </>
      ) : (
        <StatusMessage message={text} />
      )}
      {run.undoUntil && (
        <p className="text-sm text-ink-muted">
          You can undo this import until {formatDateTime(run.undoUntil)}.
        </p>
      )}
      {cancelOrUndo.isError && <InlineAlert message={describeError(cancelOrUndo.error)} />}
      {(run.status === 'running' || run.undoUntil) && (
        <Button
          variant="secondary"
          className="self-stretch sm:self-start"
          onClick={() => {
            onAct();
            cancelOrUndo.mutate(run.id);
          }}
          isLoading={cancelOrUndo.isPending}
        >
          {run.status === 'running' ? 'Cancel import' : 'Undo import'}
        </Button>
      )}
    </div>
  );
}

/**
 * "Import from another app" (decisions 080 and 081): choose a file, see what it holds and choose what its
 * moods become, import it with its progress shown, and cancel or undo it.
 */
export function ImportOtherAppSection() {
  const preview = usePreviewImport();
  const imports = useImports();
  const queryClient = useQueryClient();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  // The import acted on here (started, cancelled or undone) stays shown with its outcome.
  const [started, setStarted] = useState<ImportRun | null>(null);
  const [actedOn, setActedOn] = useState<string | null>(null);

  // The import shown: the one started here, or the latest while it runs or can be undone.
  const latest = imports.data?.[0];
  const run =
    imports.data?.find((r) => r.id === (actedOn ?? started?.id)) ??
    started ??
    (latest && (isRunning(latest) || latest.undoUntil) ? latest : undefined);

  // Once an import ends, every view of the account may have changed.
  const wasRunning = useRef(false);
  const runRunning = run ? isRunning(run) : false;
  useEffect(() => {
    if (wasRunning.current && !runRunning) void queryClient.invalidateQueries();
    wasRunning.current = runRunning;
  }, [runRunning, queryClient]);

  const onCheck = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (file) preview.mutate(file);
  };

  return (
    <PanelSection
      title="Import from another app"
      description="Bring your entries from Daylio (the CSV export or a .daylio backup), Pixels (the JSON backup), MoodTracker (the JSON or CSV export), How We Feel or Bearable (their CSV exports). You see what the file holds before anything is written, and days you already have here stay as they are."
    >
      {run && <RunStatus run={run} onAct={() => setActedOn(run.id)} />}
      {!(run && isRunning(run)) && (
        <form onSubmit={onCheck} noValidate className="flex flex-col gap-3">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={inputId} className="text-sm font-medium text-ink">
              File from another app
            </label>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept=".csv,.json,.daylio,text/csv,application/json"
              aria-describedby={hintId}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                preview.reset();
              }}
              className="block w-full min-w-0 rounded-xl border border-dashed border-line bg-card p-2 text-sm text-ink-muted file:mr-3 file:h-9 file:cursor-pointer file:rounded-lg file:border-0 file:bg-surface file:px-3 file:font-semibold file:text-brand-violet hover:file:bg-violet-100"
            />
            <p id={hintId} className="text-xs text-ink-muted">
              As the other app exported it: up to 50 MB, or 1 GB for a backup with photos.
            </p>
          </div>
          {preview.isError && (
            <InlineAlert
              title={IMPORT_OTHER_FAILURE_TITLE}
              message={describeError(preview.error)}
            />
          )}
          {!preview.data && (
            <Button
              type="submit"
              variant="secondary"
              className="self-stretch sm:self-start"
              disabled={!file}
              isLoading={preview.isPending}
            >
              {!preview.isPending && <FileSearch className="size-4" aria-hidden />}
              Check the file
            </Button>
          )}
        </form>
      )}
      {file && preview.data && !(run && isRunning(run)) && (
        <PreviewStep
          key={preview.data.source.id + preview.data.entries}
          file={file}
          preview={preview.data}
          onStarted={(run) => {
            setStarted(run);
            preview.reset();
            setFile(null);
            if (inputRef.current) inputRef.current.value = '';
          }}
        />
      )}
    </PanelSection>
  );
}
