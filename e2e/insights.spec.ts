import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousViolations, expectNoSidewaysScroll } from './first-week-pages-helpers';
import { createUser, navigateTo, openSignedIn, type ApiUser } from './first-week-setup';

/*
 * The insights end to end (decisions 036, 037 and 039), at 390 px and 1400 px: a user with two
 * months of moods and diaries (put in the way a person would bring them, an account export imported
 * into a new account) sees the calendar, the trends and a finding, opens a day with the keyboard,
 * sees the support card after three low days and not after dismissing it, and finds a diary entry
 * by a word. axe on each page.
 */

const WIDTHS = [
  { label: 'phone', viewport: { width: 390, height: 844 } },
  { label: 'wide', viewport: { width: 1400, height: 900 } },
] as const;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Today in UTC (the users' time zone here), as YYYY-MM-DD. */
function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** How the calendar names a day: "Tuesday 3 March 2026". */
function dayName(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

const WORD = 'lighthouse';

/**
 * The 60 days before today: a diary on every other day (those days Happy, the others Neutral),
 * then Sad, Depressed, Sad on the last three, so the support rule holds. One entry holds WORD.
 */
function seedRows(today: string) {
  const moods: { date: string; mood: string; updatedAt: string }[] = [];
  const diaries: { date: string; createdAt: string; content: string }[] = [];
  for (let back = 60; back >= 1; back -= 1) {
    const date = addDays(today, -back);
    const low = back <= 3 ? (back === 2 ? 'Depressed' : 'Sad') : null;
    const withDiary = back % 2 === 0 && back > 3;
    moods.push({
      date,
      mood: low ?? (withDiary ? 'Happy' : 'Neutral'),
      updatedAt: `${date}T20:00:00.000Z`,
    });
    if (withDiary) {
      diaries.push({
        date,
        createdAt: `${date}T21:00:00.000Z`,
        content:
          back === 10 ? `We walked out to the ${WORD} at dusk.` : `Day ${back}: a calm walk.`,
      });
    }
  }
  return { moods, diaries };
}

/** A new account given its history through the export file's import, then today's mood. */
async function userWithHistory(request: APIRequestContext, base: string): Promise<ApiUser> {
  const user = await createUser(request, base, 'insights', { hasOnboarded: false });
  const exported = await request.get(`${user.api}/account/export`, { headers: user.headers });
  expect(exported.ok(), await exported.text()).toBe(true);
  // A version 1 file: a mood a day, each a daily-mood check-in once imported.
  const file = {
    ...(await exported.json()),
    version: 1,
    activities: [],
    checkIns: [],
    ...seedRows(todayUtc()),
  };
  file.user.hasOnboarded = true;
  const imported = await request.post(`${user.api}/account/import`, {
    headers: user.headers,
    data: file,
  });
  expect(imported.ok(), await imported.text()).toBe(true);
  // Today Happy: the last five days with a mood are then Happy, Sad, Depressed, Sad, Happy.
  const patched = await request.patch(`${user.api}/user?id=${user.id}`, {
    headers: user.headers,
    data: { mood: 'Happy', hasSetMoodToday: true },
  });
  expect(patched.ok(), await patched.text()).toBe(true);
  return user;
}

async function baseOf(page: Page): Promise<string> {
  await page.goto('/home/landing');
  return new URL(page.url()).origin;
}

for (const { label, viewport } of WIDTHS) {
  test.describe(`insights at ${label} (${viewport.width} px)`, () => {
    test.use({ viewport });
    test('the calendar, a day opened with the keyboard, the trends and a finding', async ({
      page,
      request,
      problems,
    }) => {
      const user = await userWithHistory(request, await baseOf(page));
      const today = todayUtc();
      await openSignedIn(page, user, '/app/dashboard');
      await navigateTo(page, 'Insights');
      await expect(page).toHaveURL(/\/app\/insights$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
      await expect(page).toHaveTitle('Insights | Wellspring');

      // The year view: each day named with its mood, not its colour alone.
      const withWord = addDays(today, -10);
      const cell = page.getByRole('gridcell', { name: `${dayName(withWord)}: Happy, diary entry` });
      await expect(cell).toBeVisible();
      await expect(
        page.getByRole('gridcell', { name: `${dayName(addDays(today, -2))}: Depressed` }),
      ).toBeVisible();
      await expectNoSidewaysScroll(page, 'insights');

      // Select a day, then move to the day before with the arrow key and open it with Enter.
      await cell.click();
      const panel = page.getByRole('region', { name: dayName(withWord) });
      await expect(panel).toContainText(`We walked out to the ${WORD} at dusk.`);
      await expect(panel).toContainText('Happy');
      await page.keyboard.press('ArrowLeft');
      const before = addDays(withWord, -1);
      await expect(
        page.getByRole('gridcell', { name: `${dayName(before)}: Neutral` }),
      ).toBeFocused();
      await page.keyboard.press('Enter');
      const beforePanel = page.getByRole('region', { name: dayName(before) });
      await expect(beforePanel).toContainText('Neutral');
      await expect(beforePanel).toContainText('No diary entry on this day.');

      // Trends over 90 days: 61 days with a mood, counted by mood.
      await page.getByRole('tab', { name: '90 days' }).click();
      await expect(page.getByRole('tab', { name: '90 days' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const trends = page.getByRole('region', { name: /trends/i });
      await expect(trends).toContainText('How often each mood came');
      await expect(trends).toContainText('Depressed');

      // A finding: the diary days and a better mood "went together", with its day counts.
      const findings = page.getByRole('region', { name: /findings|what went together/i });
      await expect(findings).toContainText('went together');
      await expect(findings).toContainText(/Based on \d+ days with and \d+ days without/);

      await expectNoSeriousViolations(page, `insights at ${label}`);
      expect(problems.messages).toEqual([]);
    });

    test('the support card after three low days, gone for good once dismissed', async ({
      page,
      request,
      problems,
    }) => {
      const user = await userWithHistory(request, await baseOf(page));
      await openSignedIn(page, user, '/app/dashboard');
      const card = page.getByRole('region', { name: 'Hard days happen' });
      await expect(card).toBeVisible();
      await expect(card).toContainText('If you are struggling, talking to someone helps');
      await expect(card.getByRole('link', { name: /Find a helpline near you/ })).toHaveAttribute(
        'href',
        'https://findahelpline.com',
      );
      await expectNoSeriousViolations(page, `dashboard with the support card at ${label}`);
      await expectNoSidewaysScroll(page, 'dashboard with the support card');

      await card.getByRole('button', { name: 'Not now' }).click();
      await expect(card).toHaveCount(0);
      await expect(page.locator('body')).not.toBeFocused();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Hard days happen' })).toHaveCount(0);
      expect(problems.messages).toEqual([]);
    });

    test('finds a diary entry by a word, with its day’s mood', async ({
      page,
      request,
      problems,
    }) => {
      const user = await userWithHistory(request, await baseOf(page));
      await openSignedIn(page, user, '/app/diary');
      const box = page.getByRole('searchbox', { name: 'Search your diary' });
      await box.fill(WORD.toUpperCase());
      await box.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: /1 entry found/ })).toBeVisible();
      const results = page.getByRole('list', { name: 'Search results' }).getByRole('button');
      await expect(results).toHaveCount(1);
      await expect(results.first()).toContainText('Mood: Happy');
      await expect(results.first().locator('mark')).toHaveText(WORD);
      // Opened, it shows in the detail panel, read-only.
      await results.first().click();
      await expect(page.getByText(`We walked out to the ${WORD} at dusk.`).last()).toBeVisible();
      await expectNoSeriousViolations(page, `diary search at ${label}`);
      await expectNoSidewaysScroll(page, 'diary search');
      expect(problems.messages).toEqual([]);
    });
  });
}
