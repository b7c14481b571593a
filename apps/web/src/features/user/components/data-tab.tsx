import type { ImportCounts } from '@wellspring/shared';
import { Download, FileSpreadsheet, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { hasErrorCode } from '@/lib/api-client';
import { DialogBody } from '@/components/ui/dialog';
import { describeError } from '@/lib/error-messages';
import { useDownloadExport, type ExportKind } from '../api/download-export';
import { useImportAccount } from '../api/import-account';
import { countOf } from '@/lib/format';
import { joinWithAnd } from '../utils/format';
import { DeleteAccountSection } from './delete-account-section';
import { ImportOtherAppSection } from './import-other-app-section';
import { InlineAlert, PanelSection, StatusMessage } from './panel-parts';

export const DOWNLOAD_FAILURE_TITLE = 'The download did not work.';
export const IMPORT_FAILURE_TITLE = 'This file could not be imported.';

export const IMPORT_FOREIGN_FILE_MESSAGE =
  'It is not a Wellspring export. Choose the .json file that “Download my data (JSON)” saved.';
export const IMPORT_DAMAGED_FILE_MESSAGE =
  'It is not a complete, unchanged Wellspring export, so nothing was imported.';

/**
 * Why an import failed, plainly. A file the API's schema refuses gets a plain reading, with the
 * server's words as the detail; every other refusal (an account with activity, a newer version,
 * unknown tasks or backgrounds) is already in plain words.
 */
export function describeImportError(error: unknown): { message: string; detail?: string } {
  if (hasErrorCode(error, 'VALIDATION_ERROR')) {
    const isForeign = (error.issues ?? []).some(
      (issue) => issue.path === 'body' || issue.path === 'body.format',
    );
    return {
      message: isForeign ? IMPORT_FOREIGN_FILE_MESSAGE : IMPORT_DAMAGED_FILE_MESSAGE,
      detail: error.message,
    };
  }
  return { message: describeError(error) };
}

/**
 * 'Imported 1 goal, 3 tasks, 2 diary entries, 4 check-ins and 20 activities.' Each mood of an
 * older file comes in as a check-in (decision 077). Activities, questionnaire results (083) and
 * backgrounds are named only when some came in: an import grants no background, they are won by goals completed here (066).
 */
export function describeImport(counts: ImportCounts): string {
  const parts = [
    countOf(counts.goals, 'goal'),
    countOf(counts.tasks, 'task'),
    countOf(counts.diaries, 'diary entry', 'diary entries'),
    countOf(counts.checkIns, 'check-in'),
    ...(counts.activities > 0 ? [countOf(counts.activities, 'activity', 'activities')] : []),
    ...(counts.measureResults > 0 ? [countOf(counts.measureResults, 'questionnaire result')] : []),
    ...(counts.backgrounds > 0 ? [countOf(counts.backgrounds, 'background')] : []),
  ];
  return `Imported ${joinWithAnd(parts)}.`;
}

function DownloadSection() {
  const download = useDownloadExport();
  const [saved, setSaved] = useState('');

  const start = (kind: ExportKind) => {
    setSaved('');
    download.mutate(kind, {
      onSuccess: (filename) => setSaved(`Saved ${filename} to your downloads.`),
    });
  };
  const isLoading = (kind: ExportKind) => download.isPending && download.variables === kind;

  return (
    <PanelSection
      title="Download your data"
      description="A copy of everything in your account: profile, goals, tasks, diary entries, moods and backgrounds. Your diary is in it as you wrote it, so keep the file somewhere safe. The Daylio and Pixels files carry your check-ins and diary to those apps and others that read them."
    >
      <div className="@container">
        <div className="grid gap-2 @xs:grid-cols-2">
          <Button
            className="@xs:col-span-2"
            onClick={() => start('json')}
            isLoading={isLoading('json')}
            disabled={download.isPending}
          >
            {!isLoading('json') && <Download className="size-4" aria-hidden />}
            Download my data (JSON)
          </Button>
          <Button
            variant="secondary"
            onClick={() => start('tasks')}
            isLoading={isLoading('tasks')}
            disabled={download.isPending}
          >
            {!isLoading('tasks') && <FileSpreadsheet className="size-4" aria-hidden />}
            Tasks (CSV)
          </Button>
          <Button
            variant="secondary"
            onClick={() => start('moods')}
            isLoading={isLoading('moods')}
            disabled={download.isPending}
          >
            {!isLoading('moods') && <FileSpreadsheet className="size-4" aria-hidden />}
            Moods (CSV)
          </Button>
          <Button
            variant="secondary"
            onClick={() => start('daylio')}
            isLoading={isLoading('daylio')}
            disabled={download.isPending}
          >
            {!isLoading('daylio') && <FileSpreadsheet className="size-4" aria-hidden />}
            For Daylio (CSV)
          </Button>
          <Button
            variant="secondary"
            onClick={() => start('pixels')}
            isLoading={isLoading('pixels')}
            disabled={download.isPending}
          >
            {!isLoading('pixels') && <Download className="size-4" aria-hidden />}
            For Pixels (JSON)
          </Button>
        </div>
      </div>
      {download.isError && (
        <InlineAlert title={DOWNLOAD_FAILURE_TITLE} message={describeError(download.error)} />
      )}
      <StatusMessage message={saved} />
    </PanelSection>
  );
}

function ImportSection() {
  const importAccount = useImportAccount();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [imported, setImported] = useState('');
  // What came in is said below the button, which on a short screen is below the fold of the
  // dialog: bring it into view.
  const importedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (imported) importedRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [imported]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) return;
    setImported('');
    importAccount.mutate(file, {
      onSuccess: (counts) => {
        setImported(describeImport(counts));
        setFile(null);
        if (inputRef.current) inputRef.current.value = '';
      },
    });
  };

  return (
    <PanelSection
      title="Import a Wellspring export"
      description={
        <>
          Bring in a Wellspring export (.json), from this or another Wellspring.{' '}
          <strong className="font-semibold text-ink-soft">
            It works only in an account with no goals, tasks, diary entries or moods yet
          </strong>
          , such as a new one. Your goals, tasks, points, diary entries and moods come with it;
          backgrounds are won again, by goals completed here. If the file cannot be taken, nothing
          changes.
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={inputId} className="text-sm font-medium text-ink">
            Export file (.json)
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept=".json,application/json"
            aria-describedby={hintId}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setImported('');
              importAccount.reset();
            }}
            className="block w-full min-w-0 rounded-xl border border-dashed border-line bg-card p-2 text-sm text-ink-muted file:mr-3 file:h-9 file:cursor-pointer file:rounded-lg file:border-0 file:bg-surface file:px-3 file:font-semibold file:text-brand-violet hover:file:bg-violet-100"
          />
          <p id={hintId} className="text-xs text-ink-muted">
            Up to 20 MB: the file that “Download my data (JSON)” saves.
          </p>
        </div>
        {importAccount.isError && (
          <InlineAlert title={IMPORT_FAILURE_TITLE} {...describeImportError(importAccount.error)} />
        )}
        <Button
          type="submit"
          variant="secondary"
          className="self-stretch sm:self-start"
          disabled={!file}
          isLoading={importAccount.isPending}
        >
          {!importAccount.isPending && <Upload className="size-4" aria-hidden />}
          Import
        </Button>
      </form>
      <div ref={importedRef} className="scroll-mb-4">
        <StatusMessage message={imported} />
      </div>
    </PanelSection>
  );
}

/** "Your data is yours": download it, bring it in, or delete the account with all of it. */
export function DataTab() {
  return (
    <DialogBody className="flex flex-col gap-6 pt-4">
      <DownloadSection />
      <div className="border-t border-line" />
      <ImportOtherAppSection />
      <div className="border-t border-line" />
      <ImportSection />
      <div className="border-t border-line" />
      <DeleteAccountSection />
    </DialogBody>
  );
}
