import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addTask, createUser, openSignedIn, writeDiary } from './first-week-setup';
import { startPgServer, type PgServer } from './pg-server';

/*
 * A newcomer's first week: an open dashboard crossing midnight (decision 023). Checked where it
 * went wrong, in Chromium, at the phone and desktop widths.
 */

// ---- item 13: an open dashboard crossing midnight -----------------------------------------------

// The day rollover needs a server whose stored "last seen" day the spec can move (pg-server.ts):
// the browser's clock is faked, the server's is not.
const midnightTest = test.extend<object, { pgServer: PgServer }>({
  pgServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture names from the pattern.
    async ({}, use) => {
      const server = await startPgServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

/**
 * The user's zone, UTC+12 all year, and one exactly a day behind it (UTC-12): what the server
 * writes on the western zone's today is the eastern zone's yesterday.
 */
const ZONE = 'Etc/GMT-12';
const ZONE_OFFSET_MS = 12 * 60 * 60 * 1000;
const ZONE_A_DAY_BEHIND = 'Etc/GMT+12';

/** The server's today in ZONE (YYYY-MM-DD), from the real clock. */
function serverToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
}

/** The instant of `time` (HH:MM:SS) in ZONE, `dayOffset` days from `date`. */
function instantInZone(date: string, dayOffset: number, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss] = time.split(':').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + dayOffset, hh, mm, ss) - ZONE_OFFSET_MS);
}

function longDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * A user whose mood, task and diary belong to yesterday in ZONE: made while the account lived a
 * day behind, then moved to ZONE (a move marks the new zone's today as seen, so nothing rolls
 * over yet). The browser, whose clock shows the evening before, sees a coherent yesterday.
 */
async function setUpEveningBefore(page: Page, pgServer: PgServer) {
  const user = await createUser(page.request, pgServer.baseURL, 'midnight', {
    timeZone: ZONE_A_DAY_BEHIND,
    mood: 'Happy',
    goalTarget: 500_000,
  });
  const task = await addTask(page.request, user);
  await writeDiary(page.request, user, "Yesterday's calm words.");
  const moved = await page.request.patch(`${user.api}/user?id=${user.id}`, {
    headers: user.headers,
    data: { timeZone: ZONE },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  return { user, task };
}

/** The dashboard as it stands on the evening before: mood, task and diary of that day. */
async function expectEveningDashboard(page: Page, taskTitle: string) {
  await expect(page.getByText('Feeling Happy', { exact: true })).toBeVisible();
  const tasks = page.getByRole('region', { name: 'Ongoing Tasks' });
  await expect(tasks.getByRole('listitem').filter({ hasText: taskTitle })).toBeVisible();
  await expect(
    page.getByRole('region', { name: "Today's Diary" }).getByText("Yesterday's calm words."),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** After the rollover: newDay, then taskExpired, then an empty day. */
async function expectNewDay(page: Page, today: string) {
  const newDay = page.getByRole('dialog', { name: 'A new day, a fresh start' });
  await expect(newDay).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Feeling Happy', { exact: true })).toHaveCount(0);
  await newDay.getByRole('button', { name: 'Neutral', exact: true }).click();
  await newDay.getByRole('button', { name: 'Done', exact: true }).click();
  const expired = page.getByRole('dialog', { name: 'Some tasks expired' });
  await expect(expired).toBeVisible();
  await expect(expired.getByText('1', { exact: true })).toBeVisible();
  await expired.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Ongoing Tasks' }).getByRole('link', { name: 'Get Task' }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: "Today's Diary" })
      .getByText("You haven't written today's diary yet.", { exact: false }),
  ).toBeVisible();
  await expect(page.getByText(longDate(today), { exact: true })).toBeVisible();
}

midnightTest.describe('item 13: a new day on an open dashboard', () => {
  midnightTest.use({ timezoneId: ZONE });

  midnightTest(
    "at midnight in the user's zone the dashboard refetches and asks for the new day's mood",
    async ({ page, pgServer, problems }) => {
      midnightTest.setTimeout(120_000);
      const today = serverToday();
      const { user, task } = await setUpEveningBefore(page, pgServer);

      await page.clock.install({ time: instantInZone(today, -1, '23:58:00') });
      await openSignedIn(page, user, '/app/dashboard');
      await expectEveningDashboard(page, task.title);

      await page.clock.pauseAt(instantInZone(today, -1, '23:59:30'));
      await expect(page.getByText('11:59:30 PM')).toBeVisible();
      // The server last saw the user yesterday: its next answer is the new day's.
      await pgServer.db.query(
        'UPDATE users SET last_active_date = last_active_date - 1 WHERE id = $1',
        [user.id],
      );
      await page.clock.runFor(45_000);
      await page.clock.resume();

      await expectNewDay(page, today);
      expect(problems.messages).toEqual([]);
    },
  );

  midnightTest(
    'a tab that becomes visible on a new day refetches at once and asks for the mood',
    async ({ page, pgServer, problems }) => {
      midnightTest.setTimeout(120_000);
      const today = serverToday();
      const { user, task } = await setUpEveningBefore(page, pgServer);

      await page.clock.install({ time: instantInZone(today, -1, '22:00:00') });
      await openSignedIn(page, user, '/app/dashboard');
      await expectEveningDashboard(page, task.title);

      // The tab goes to the background in the evening; no timer runs while the night passes.
      await page.clock.pauseAt(instantInZone(today, -1, '22:10:00'));
      await setVisibility(page, 'hidden');
      await pgServer.db.query(
        'UPDATE users SET last_active_date = last_active_date - 1 WHERE id = $1',
        [user.id],
      );
      await page.clock.setSystemTime(instantInZone(today, 0, '07:30:00'));

      // Shown again in the morning: the user is asked for at once, before any timer fires.
      const refetch = page.waitForRequest(
        (request) => /\/api\/v1\/user\b/.test(new URL(request.url()).pathname),
        { timeout: 10_000 },
      );
      await setVisibility(page, 'visible');
      await refetch;
      await page.clock.resume();

      await expectNewDay(page, today);
      expect(problems.messages).toEqual([]);
    },
  );
});

/**
 * Headless Chromium keeps every tab visible, so the spec tells the page what a browser tells it
 * when a tab is hidden or shown again: the state, and the event.
 */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((next) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => next });
    Object.defineProperty(document, 'hidden', {
      configurable: true,
      get: () => next === 'hidden',
    });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}
