import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  openProfile,
} from './first-week-pages-helpers';
import { daylioBackupFile } from '../apps/api/test/zip-files';
import { createUser, openSignedIn, type ApiUser } from './first-week-setup';

/*
 * Bring your history (issue 33, decisions 080 and 081), at 360 px and 1400 px: a Daylio CSV export
 * chosen in the data settings, its preview and mood table, the import with its progress, the
 * imported days in the day view, and the whole import undone; then a file of each other source
 * previewed and imported at 360 px in dark mode. Every step with the keyboard where
 * the flow has a choice to make, and checked with axe.
 */

const WIDTHS = [
  { label: 'phone', viewport: { width: 360, height: 780 } },
  { label: 'wide', viewport: { width: 1400, height: 900 } },
] as const;

function daysAgo(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** A synthetic person's Daylio export: three days last week, one mood renamed. */
function daylioExport(): Buffer {
  const rows = [
    'full_date,date,weekday,time,mood,activities,note_title,note',
    `${daysAgo(3)},,,9:15 pm,rad,friends | pottery,,"Dinner with Noor, then a film"`,
    `${daysAgo(3)},,,8:00 am,Tired but ok,,,`,
    `${daysAgo(4)},,,12:10,good,walk,,A long walk`,
    `${daysAgo(5)},,,25:00,good,,,`,
  ];
  return Buffer.from(`\uFEFF${rows.join('\r\n')}\r\n`);
}

async function baseOf(page: Page): Promise<string> {
  await page.goto('/home/landing');
  return new URL(page.url()).origin;
}

async function checkInsOf(request: APIRequestContext, user: ApiUser, date: string) {
  const answer = await request.get(`${user.api}/check-ins?id=${user.id}&date=${date}`, {
    headers: user.headers,
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()).data.checkIns as { mood: string; isBackfilled: boolean }[];
}

for (const { label, viewport } of WIDTHS) {
  test.describe(`importing from another app at ${label} (${viewport.width} px)`, () => {
    test.use({ viewport });
    // Two axe runs and a reload: more than the default half minute on a busy machine.
    test.setTimeout(60_000);

    test('a Daylio export previewed, its moods chosen, imported with progress, then undone', async ({
      page,
      request,
      problems,
    }) => {
      const user = await createUser(request, await baseOf(page), 'import', { mood: 'Neutral' });
      await openSignedIn(page, user, '/app/dashboard');
      const dialog = await openProfile(page, user.name);
      await dialog.getByRole('tab', { name: 'Your data' }).click();
      const section = dialog.getByRole('region', { name: 'Import from another app' });
      await section.getByLabel('File from another app').setInputFiles({
        name: 'daylio_export_2026.csv',
        mimeType: 'text/csv',
        buffer: daylioExport(),
      });
      await section.getByRole('button', { name: 'Check the file' }).click();
      await expect(section).toContainText('Daylio CSV export: 3 entries on 2 days');
      await expect(section).toContainText('1 will be added: pottery');
      await expect(section).toContainText('1 row cannot be read');

      // The renamed mood waits for a choice, made with the keyboard.
      const importButton = section.getByRole('button', { name: 'Import 3 entries' });
      await expect(importButton).toBeDisabled();
      await expect(section.getByRole('radio', { name: 'rad: Ecstatic' })).toBeChecked();
      await section.getByRole('radio', { name: 'Tired but ok: Ecstatic' }).focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect(section.getByRole('radio', { name: 'Tired but ok: Neutral' })).toBeChecked();
      await expectNoSidewaysScroll(page, 'the import preview');
      await expectNoSeriousViolations(page, `the import preview at ${label}`);

      await importButton.click();
      await expect(section.getByRole('status')).toContainText('Imported 3 entries on 2 days.', {
        timeout: 15_000,
      });
      await expect(section).toContainText('You can undo this import until');

      const imported = await checkInsOf(request, user, daysAgo(3));
      expect(imported.map((c) => [c.mood, c.isBackfilled])).toEqual([
        ['Neutral', true],
        ['Ecstatic', true],
      ]);
      await page.keyboard.press('Escape');
      await page.goto(`/app/insights?day=${daysAgo(4)}`);
      const panel = page.getByRole('region', { name: /\d{4}$/ }).filter({ hasText: 'Walk' });
      await expect(panel).toContainText('A long walk');

      const again = await openProfile(page, user.name);
      await again.getByRole('tab', { name: 'Your data' }).click();
      const undo = again.getByRole('button', { name: 'Undo import' });
      await undo.focus();
      await page.keyboard.press('Enter');
      await expect(
        again.getByRole('region', { name: 'Import from another app' }).getByRole('status'),
      ).toContainText('The import was undone.');
      expect(await checkInsOf(request, user, daysAgo(3))).toEqual([]);
      expect(problems.messages).toEqual([]);
    });
  });
}

/** `2026 Sun Mar 8 9:41 PM`, How We Feel's way of writing a local time. */
function howWeFeelDate(daysBack: number, time: string): string {
  const d = new Date(`${daysAgo(daysBack)}T00:00:00Z`);
  const weekday = d.toLocaleString('en-US', { weekday: 'short', timeZone: 'UTC' });
  const month = d.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  return `${d.getUTCFullYear()} ${weekday} ${month} ${d.getUTCDate()} ${time}`;
}

/** A Daylio backup: the document as base64 text, and a photo that is not imported. */
function daylioBackup(): Buffer {
  const [y3, m3, d3] = daysAgo(3).split('-').map(Number);
  const [y4, m4, d4] = daysAgo(4).split('-').map(Number);
  const document = {
    version: 19,
    customMoods: [
      { id: 1, custom_name: '', predefined_name_id: 1, mood_group_id: 1, state: 0 },
      { id: 6, custom_name: 'Wiped out', predefined_name_id: -1, mood_group_id: 5, state: 0 },
    ],
    tags: [{ id: 11, name: 'walk', id_tag_group: 1 }],
    dayEntries: [
      { id: 1, year: y3, month: m3! - 1, day: d3, hour: 21, minute: 5, mood: 1, tags: [11] },
      { id: 2, year: y4, month: m4! - 1, day: d4, hour: 7, minute: 30, mood: 6, tags: [] },
    ],
    metadata: { platform: 'android' },
  };
  return daylioBackupFile(document, [{ name: 'assets/photos/1', data: Buffer.alloc(5_000, 7) }]);
}

/** Each other source a person brings, two entries of a synthetic person, as the app writes them. */
const OTHER_APPS = [
  {
    source: 'How We Feel CSV export',
    file: 'HowWeFeelEmotions.csv',
    body: () =>
      [
        'Date,Mood,Tags (People),Tags (Places),Tags (Events),Notes,Reflections,Takeaways',
        `${howWeFeelDate(3, '9:41 PM')},Calm;Grateful,Noor,Home,,Slow evening,,`,
        `${howWeFeelDate(4, '8:05 AM')},Stressed,,Work,Meeting,,,`,
      ].join('\n'),
    preview: 'How We Feel CSV export: 2 entries on 2 days',
    proposed: 'Pleasant, low energy: Happy',
    moods: [['Happy', true]],
  },
  {
    source: 'Bearable CSV export',
    file: 'Bearable App - Data Export.csv',
    body: () =>
      [
        'date,date formatted,weekday,time of day,category,rating/amount,detail,notes',
        `${daysAgo(3)},,,am,Mood,2,,`,
        `${daysAgo(3)},,,pm,Mood,4,,Better by the evening`,
        `${daysAgo(3)},,,all day,Lifestyle,,🚶 Walk - A lot,`,
      ].join('\n'),
    preview: 'Bearable CSV export: 2 entries on 1 day',
    proposed: '4: Happy',
    moods: [
      ['Sad', true],
      ['Happy', true],
    ],
  },
  {
    source: 'Pixels JSON backup',
    file: 'PIXELS-BACKUP.json',
    body: () =>
      JSON.stringify([
        {
          date: daysAgo(3),
          type: 'Mood',
          scores: [4],
          notes: 'A calm day',
          tags: [{ type: 'Activities', entries: ['Walk'] }],
        },
        { date: daysAgo(4), type: 'Mood', scores: [2], notes: '', tags: [] },
      ]),
    preview: 'Pixels JSON backup: 2 entries on 2 days',
    proposed: '4: Happy',
    moods: [['Happy', true]],
  },
  {
    source: 'MoodTracker JSON export',
    file: 'moodtracker-moods-export.json',
    body: () =>
      JSON.stringify([
        { createdAt: `${daysAgo(3)}T12:00:00.000Z`, mood: 8, exploration: 'Sunny' },
        { createdAt: `${daysAgo(4)}T09:00:00.000Z`, mood: 3 },
      ]),
    preview: 'MoodTracker JSON export: 2 entries on 2 days',
    proposed: '8: Happy',
    moods: [['Happy', true]],
  },
  {
    source: 'MoodTracker CSV export',
    file: 'moodtracker-moods-export.csv',
    body: () =>
      [
        'createdAt,description,exploration,mood',
        `${daysAgo(3)}T12:00:00.000Z,,Sunny,10`,
        `${daysAgo(4)}T09:00:00.000Z,,,3`,
      ].join('\n'),
    preview: 'MoodTracker CSV export: 2 entries on 2 days',
    proposed: '10: Ecstatic',
    moods: [['Ecstatic', true]],
  },
  {
    source: 'Daylio backup (.daylio)',
    file: 'backup_2026.daylio',
    body: daylioBackup,
    preview: 'Daylio backup (.daylio): 2 entries on 2 days',
    proposed: 'Wiped out: Depressed',
    moods: [['Ecstatic', true]],
  },
] as const;

test.describe('importing from each other app at 360 px, in dark mode', () => {
  test.use({ viewport: { width: 360, height: 780 }, colorScheme: 'dark' });

  for (const app of OTHER_APPS) {
    test(`a ${app.source} previewed with its proposed moods, then imported`, async ({
      page,
      request,
      problems,
    }) => {
      const user = await createUser(request, await baseOf(page), 'import-other', {
        mood: 'Neutral',
      });
      await openSignedIn(page, user, '/app/dashboard');
      const dialog = await openProfile(page, user.name);
      await dialog.getByRole('tab', { name: 'Your data' }).click();
      const section = dialog.getByRole('region', { name: 'Import from another app' });
      await section.getByLabel('File from another app').setInputFiles({
        name: app.file,
        mimeType: 'application/octet-stream',
        buffer: Buffer.from(app.body()),
      });
      await section.getByRole('button', { name: 'Check the file' }).click();
      await expect(section).toContainText(app.preview);
      await expect(section.getByRole('radio', { name: app.proposed })).toBeChecked();
      await expectNoSidewaysScroll(page, `the ${app.source} preview`);
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await expectNoSeriousViolations(page, `the ${app.source} preview in dark`);
      await section.getByRole('button', { name: /^Import \d+ entries$/ }).click();
      await expect(section.getByRole('status')).toContainText('Imported 2 entries', {
        timeout: 15_000,
      });
      const imported = await checkInsOf(request, user, daysAgo(3));
      expect(imported.map((c) => [c.mood, c.isBackfilled])).toEqual(app.moods);
      expect(problems.messages).toEqual([]);
    });
  }
});
