import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousViolations, expectNoSidewaysScroll } from './first-week-pages-helpers';
import { createUser, navigateTo, openSignedIn, type ApiUser } from './first-week-setup';

/*
 * Your day as it was (issue 32, decision 073), at 390 px and 1400 px: a check-in with feeling words
 * and activities from the floating button, shown in the day view; a missed day back-filled from
 * the day view, mending the diary streak; an activity finding that appears once a check-in takes
 * it over the threshold; a check-in made offline, sent once online; and the quick check-in with the
 * keyboard alone.
 */

const WIDTHS = [
  { label: 'phone', viewport: { width: 390, height: 844 } },
  { label: 'wide', viewport: { width: 1400, height: 900 } },
] as const;

/** Today in UTC (the users' time zone here), as YYYY-MM-DD. */
function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

interface History {
  moods?: { date: string; mood: string; updatedAt: string }[];
  diaries?: { date: string; createdAt: string; content: string }[];
}

/**
 * A new account given a past through a version 1 export file, the way a person brings their
 * history: its days before the account can then be back-filled (decision 073).
 */
async function userWithHistory(
  request: APIRequestContext,
  base: string,
  label: string,
  history: History,
): Promise<ApiUser> {
  const user = await createUser(request, base, label);
  const exported = await request.get(`${user.api}/account/export`, { headers: user.headers });
  expect(exported.ok(), await exported.text()).toBe(true);
  const file = {
    ...(await exported.json()),
    version: 1,
    activities: [],
    checkIns: [],
    moods: history.moods ?? [],
    diaries: history.diaries ?? [],
  };
  file.user.hasOnboarded = true;
  const imported = await request.post(`${user.api}/account/import`, {
    headers: user.headers,
    data: file,
  });
  expect(imported.ok(), await imported.text()).toBe(true);
  // Today's mood once the past is in (an import needs an empty account): no daily dialog asks.
  const patched = await request.patch(`${user.api}/user?id=${user.id}`, {
    headers: user.headers,
    data: { mood: 'Neutral', hasSetMoodToday: true },
  });
  expect(patched.ok(), await patched.text()).toBe(true);
  return user;
}

async function baseOf(page: Page): Promise<string> {
  await page.goto('/home/landing');
  return new URL(page.url()).origin;
}

async function activityId(request: APIRequestContext, user: ApiUser, name: string) {
  const answer = await request.get(`${user.api}/activities?id=${user.id}`, {
    headers: user.headers,
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const list = (await answer.json()).data as { id: string; name: string }[];
  return list.find((a) => a.name === name)!.id;
}

async function todaysCheckIns(request: APIRequestContext, user: ApiUser) {
  const answer = await request.get(`${user.api}/check-ins?id=${user.id}&date=${todayUtc()}`, {
    headers: user.headers,
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()).data.checkIns as {
    mood: string;
    feelings: string[];
    activityIds: string[];
    note: string | null;
  }[];
}

const quickCheckIn = (page: Page) => page.getByRole('dialog', { name: 'Check in' });

for (const { label, viewport } of WIDTHS) {
  test.describe(`check-ins at ${label} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test('a check-in with words, activities and a note, then the day view shows it', async ({
      page,
      request,
      problems,
    }) => {
      const user = await createUser(request, await baseOf(page), 'check-in', { mood: 'Neutral' });
      await openSignedIn(page, user, '/app/dashboard');
      await page.getByRole('button', { name: 'Check in' }).click();
      const dialog = quickCheckIn(page);
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: /Happy/ }).click();
      await dialog.getByText('Feelings', { exact: true }).click();
      await dialog
        .getByRole('group', { name: 'Pleasant and calm' })
        .getByRole('button', { name: 'calm' })
        .click();
      await dialog.getByText('Activities', { exact: true }).click();
      await dialog
        .getByRole('group', { name: 'Health' })
        .getByRole('button', { name: 'Walk' })
        .click();
      await dialog.getByText('Note', { exact: true }).click();
      await dialog.getByLabel('A short note, kept private').fill('Sun on the river');
      await expectNoSidewaysScroll(page, 'the quick check-in');
      await expectNoSeriousViolations(page, `the quick check-in at ${label}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Check-in saved')).toBeVisible();
      await expect(dialog).toHaveCount(0);

      const walk = await activityId(request, user, 'Walk');
      const saved = await todaysCheckIns(request, user);
      expect(saved.at(-1)).toMatchObject({
        mood: 'Happy',
        feelings: ['calm'],
        activityIds: [walk],
        note: 'Sun on the river',
      });

      // The day view: the two check-ins of today (the account's Neutral, then this one).
      await page.goto(`/app/insights?day=${todayUtc()}`);
      const panel = page.getByRole('region', { name: /\d{4}$/ }).filter({ hasText: 'check-ins' });
      await expect(panel).toContainText('The mean of 2 check-ins');
      await expect(panel).toContainText('calm');
      await expect(panel).toContainText('Walk');
      await expect(panel).toContainText('Sun on the river');
      expect(problems.messages).toEqual([]);
    });

    test('a missed day back-filled from the day view mends the diary streak', async ({
      page,
      request,
      problems,
    }) => {
      const today = todayUtc();
      // Diaries on every day of the last ten but the 2nd and 3rd before today: a streak of 1.
      const diaries = [1, 4, 5, 6, 7, 8, 9, 10].map((back) => {
        const date = addDays(today, -back);
        return { date, createdAt: `${date}T21:00:00.000Z`, content: `Day ${back}.` };
      });
      const user = await userWithHistory(request, await baseOf(page), 'streak', { diaries });
      await openSignedIn(page, user, '/app/diary');
      const streak = page.getByRole('region', { name: 'Diary Streak' });
      await expect(streak).toContainText('1 day');

      // The 3rd day before today, filled in from its day view: the 2nd becomes a rest day.
      const missed = addDays(today, -3);
      await page.goto(`/app/insights?day=${missed}`);
      await page.getByRole('button', { name: 'Write the diary for this day' }).click();
      const dialog = page.getByRole('dialog', { name: /The diary of/ });
      await dialog.getByRole('textbox').fill('I remember now: a long walk by the sea.');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(
        page.getByText('Added to your diary. Entries written later earn no points.'),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Write the diary for this day' })).toHaveCount(
        0,
      );
      await expect(page.getByText('Added later')).toBeVisible();

      await navigateTo(page, 'My Diary');
      await expect(streak).toContainText('9 days');
      const user2 = await request.get(`${user.api}/user?id=${user.id}`, { headers: user.headers });
      expect((await user2.json()).data.diaryStreak).toBe(9);

      // From My Diary, the entry's way back to its day.
      await page
        .getByRole('button', { name: /I remember now/ })
        .first()
        .click();
      await page.getByRole('link', { name: 'See the day' }).click();
      await expect(page).toHaveURL(new RegExp(`/app/insights\\?day=${missed}$`));
      await expect(page.getByText('I remember now: a long walk by the sea.')).toBeVisible();
      expect(problems.messages).toEqual([]);
    });

    test('an activity finding appears once a check-in takes it over the threshold', async ({
      page,
      request,
      problems,
    }) => {
      const today = todayUtc();
      // Twenty Sad days, then a Happy check-in with a walk on four of them: one day short.
      const moods = Array.from({ length: 20 }, (_, i) => {
        const date = addDays(today, -(i + 1));
        return { date, mood: 'Sad', updatedAt: `${date}T20:00:00.000Z` };
      });
      const user = await userWithHistory(request, await baseOf(page), 'finding', { moods });
      const walk = await activityId(request, user, 'Walk');
      for (let back = 1; back <= 4; back += 1) {
        const answer = await request.post(`${user.api}/check-ins?id=${user.id}`, {
          headers: user.headers,
          data: { mood: 'Ecstatic', activityIds: [walk], date: addDays(today, -back) },
        });
        expect(answer.ok(), await answer.text()).toBe(true);
      }
      await openSignedIn(page, user, '/app/insights');
      const findings = page.getByRole('region', { name: 'What went together' });
      await expect(findings).toContainText('There is not enough to say yet');

      // Today, Ecstatic with a walk: the fifth day with it.
      await page.getByRole('button', { name: 'Check in' }).click();
      const dialog = quickCheckIn(page);
      await dialog.getByRole('button', { name: /Ecstatic/ }).click();
      await dialog.getByText('Activities', { exact: true }).click();
      await dialog.getByRole('button', { name: 'Walk' }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(findings).toContainText('"Walk" and a better mood that day went together');
      await expect(findings).toContainText('Based on 5 days with and 16 days without.');
      // The finding in words that say "went together", never a cause.
      await expect(findings.getByRole('listitem').filter({ hasText: 'Walk' })).not.toContainText(
        /caus/i,
      );
      expect(problems.messages).toEqual([]);
    });

    test('a check-in made offline is sent once the network is back', async ({
      page,
      context,
      request,
      problems,
    }) => {
      const user = await createUser(request, await baseOf(page), 'offline-check-in', {
        mood: 'Neutral',
      });
      await openSignedIn(page, user, '/app/dashboard');
      await page.getByRole('button', { name: 'Check in' }).click();
      const dialog = quickCheckIn(page);
      await expect(dialog.getByRole('button', { name: 'Save' })).toBeVisible();
      await context.setOffline(true);
      await dialog.getByRole('button', { name: /Sad/ }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(
        page.getByText('Check-in saved on this device, sent when you are back online.'),
      ).toBeVisible();
      expect((await todaysCheckIns(request, user)).map((c) => c.mood)).toEqual(['Neutral']);

      await context.setOffline(false);
      await expect
        .poll(async () => (await todaysCheckIns(request, user)).map((c) => c.mood), {
          timeout: 15_000,
        })
        .toEqual(['Neutral', 'Sad']);
      // Sent once: a second flush finds nothing waiting.
      await page.reload();
      await expect(page.getByRole('button', { name: 'Check in' })).toBeVisible();
      expect(await todaysCheckIns(request, user)).toHaveLength(2);
      // The offline notice and the lost request are the browser's, not the app's.
      expect(
        problems.messages.filter((m) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(m)),
      ).toEqual([]);
    });

    test('the quick check-in with the keyboard alone', async ({ page, request, problems }) => {
      const user = await createUser(request, await baseOf(page), 'keyboard-check-in', {
        mood: 'Neutral',
      });
      await openSignedIn(page, user, '/app/result');
      await expect(page.getByRole('button', { name: 'Check in' })).toBeVisible();
      const focusedName = () =>
        page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
        });
      const tabTo = async (name: RegExp, limit = 80) => {
        for (let i = 0; i < limit; i += 1) {
          if (name.test(await focusedName())) return;
          await page.keyboard.press('Tab');
        }
        throw new Error(`Tab never reached ${name}`);
      };
      await tabTo(/^Check in$/);
      await page.keyboard.press('Enter');
      const dialog = quickCheckIn(page);
      await expect(dialog).toBeVisible();
      await tabTo(/^Happy/);
      await page.keyboard.press('Space');
      await expect(dialog.getByRole('button', { name: /Happy/ })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await tabTo(/^Save$/);
      await page.keyboard.press('Enter');
      await expect(dialog).toHaveCount(0);
      expect((await todaysCheckIns(request, user)).map((c) => c.mood)).toEqual([
        'Neutral',
        'Happy',
      ]);
      expect(problems.messages).toEqual([]);
    });
  });
}
