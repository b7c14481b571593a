import type { ImportPreview, ImportRun } from '@wellspring/shared';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, json } from '@/test/test-utils';
import { openProfileDialog } from '../testing/open-profile-dialog';

const IMPORT_ID = '7c1f3a52-2b0e-4a57-9d7e-5d4d2f0f8a11';

const PREVIEW: ImportPreview = {
  source: { id: 'daylio-csv', name: 'Daylio CSV export' },
  firstDay: '2026-03-06',
  lastDay: '2026-03-10',
  days: 3,
  entries: 7,
  moods: [
    { name: 'rad', entries: 3, proposed: 'Ecstatic' },
    { name: 'Tired but ok', entries: 4, proposed: null },
  ],
  activities: [
    { name: 'walk', entries: 2, existing: 'Walk' },
    { name: 'pottery', entries: 1, existing: null },
  ],
  duplicateDays: 1,
  attachmentsSkipped: 3,
  problems: [{ row: 9, reason: 'The time cannot be read' }],
  problemCount: 1,
};

function run(changes: Partial<ImportRun>): ImportRun {
  return {
    id: IMPORT_ID,
    source: 'daylio-csv',
    status: 'running',
    entriesTotal: 7,
    entriesDone: 0,
    entriesWritten: 0,
    daysWritten: 0,
    createdAt: '2026-03-10T20:00:00.000Z',
    finishedAt: null,
    undoUntil: null,
    ...changes,
  };
}

const CSV = new File(['full_date,time,mood\n2026-03-06,10:00,rad\n'], 'daylio_export.csv', {
  type: 'application/vnd.ms-excel',
});

describe('Import from another app', () => {
  it('previews the file, maps its moods in a table, imports with progress and offers Undo', async () => {
    let listed: ImportRun[] = [];
    let polls = 0;
    const { dialog, calls } = await openProfileDialog('Your data', {
      'GET /imports': () => {
        polls += 1;
        // The second look finds it half way, the third done.
        if (listed.length > 0 && polls === 3) listed = [run({ entriesDone: 3 })];
        else if (listed.length > 0 && polls > 3) {
          listed = [
            run({
              status: 'done',
              entriesDone: 7,
              entriesWritten: 5,
              daysWritten: 2,
              finishedAt: '2026-03-10T20:00:05.000Z',
              undoUntil: '2026-03-17T20:00:05.000Z',
            }),
          ];
        }
        return listed;
      },
      'POST /imports/preview': () => PREVIEW,
      'POST /imports': () => {
        listed = [run({})];
        polls = 1;
        return json(202, { status: 'success', data: run({}) });
      },
      [`DELETE /imports/${IMPORT_ID}`]: () => {
        polls = -100;
        listed = [run({ status: 'undone', entriesWritten: 5, entriesDone: 7 })];
        return listed[0];
      },
    });
    const section = within(within(dialog).getByRole('region', { name: 'Import from another app' }));
    await userEvent.upload(section.getByLabelText('File from another app'), CSV);
    await userEvent.click(section.getByRole('button', { name: 'Check the file' }));

    expect(
      await section.findByText(
        'Daylio CSV export: 7 entries on 3 days, from March 6, 2026 to March 10, 2026.',
      ),
    ).toBeVisible();
    const preview = calls.find((c) => c.path === '/imports/preview')!;
    // A CSV file is sent as text/csv whatever type the system gave it.
    expect(preview.headers.get('Content-Type')).toBe('text/csv');
    expect(
      section.getByText('2 activities: 1 match yours; 1 will be added: pottery.'),
    ).toBeVisible();
    expect(section.getByText(/1 day you already have here is kept as it is/)).toBeVisible();
    expect(section.getByText('Line 9: The time cannot be read')).toBeInTheDocument();
    expect(section.getByText(/3 photos and recordings of the entries stay behind/)).toBeVisible();

    // The proposed mood is chosen; the renamed one waits for the person.
    expect(section.getByRole('radio', { name: 'rad: Ecstatic' })).toBeChecked();
    const importButton = section.getByRole('button', { name: 'Import 7 entries' });
    expect(importButton).toBeDisabled();
    expect(section.getByText('Choose a mood for “Tired but ok” to import.')).toBeVisible();
    await userEvent.click(section.getByRole('radio', { name: 'Tired but ok: Neutral' }));
    expect(importButton).toBeEnabled();
    await userEvent.click(importButton);

    const started = calls.find((c) => c.path === '/imports' && c.method === 'POST')!;
    expect(JSON.parse(started.url.searchParams.get('moods')!)).toEqual({
      rad: 'Ecstatic',
      'Tired but ok': 'Neutral',
    });
    expect(await section.findByRole('progressbar', { name: 'Import progress' })).toBeVisible();
    expect(
      await section.findByText(
        'Imported 5 entries on 2 days. 2 entries of days you already had were left out.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(section.getByText(/You can undo this import until March 17, 2026/)).toBeVisible();

    await userEvent.click(section.getByRole('button', { name: 'Undo import' }));
    // The outcome stays shown, though an undone import has nothing left to offer.
    expect(
      await section.findByText('The import was undone. Everything it brought is gone.'),
    ).toBeVisible();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/imports/${IMPORT_ID}`)).toBe(
      true,
    );
  });

  it('cancels a running import from its progress', async () => {
    let listed = [run({ entriesDone: 2 })];
    const { dialog, calls } = await openProfileDialog('Your data', {
      'GET /imports': () => listed,
      [`DELETE /imports/${IMPORT_ID}`]: () => {
        listed = [
          run({ status: 'cancelled', entriesDone: 2, finishedAt: '2026-03-10T20:00:05.000Z' }),
        ];
        return run({ status: 'cancelling', entriesDone: 2 });
      },
    });
    const section = within(within(dialog).getByRole('region', { name: 'Import from another app' }));
    expect(await section.findByText('Importing… 2 of 7 entries.')).toBeVisible();
    // While it runs, no second file can be chosen.
    expect(section.queryByLabelText('File from another app')).toBeNull();
    await userEvent.click(section.getByRole('button', { name: 'Cancel import' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('says what the server expected of a file it cannot read', async () => {
    const { dialog } = await openProfileDialog('Your data', {
      'GET /imports': () => [],
      'POST /imports/preview': () =>
        failure(
          400,
          'IMPORT_UNREADABLE',
          'Expected a file exported by another app: Daylio CSV export, Pixels JSON backup, MoodTracker JSON export',
        ),
    });
    const section = within(within(dialog).getByRole('region', { name: 'Import from another app' }));
    await userEvent.upload(
      section.getByLabelText('File from another app'),
      new File(['hello'], 'notes.json', { type: 'application/json' }),
    );
    await userEvent.click(section.getByRole('button', { name: 'Check the file' }));
    const alert = await section.findByRole('alert');
    expect(alert).toHaveTextContent('This file could not be read.');
    expect(alert).toHaveTextContent(/Expected a file exported by another app: Daylio CSV export/);
  });
});
