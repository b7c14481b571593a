import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  PHONE,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
} from './first-week-pages-helpers';
import { createUser, openSignedIn, type ApiUser } from './first-week-setup';

/*
 * My Diary in pages (decision 085), at 360 px: a person with 400 entries scrolls to the oldest, by
 * the mouse wheel and by the keyboard, and the page never holds more than a few pages of cards,
 * nor asks for the whole diary.
 */

const ENTRIES = 400;
/** Fewer cards than this are in the page at any time (the pages are 20 entries). */
const MOST_ROWS = 60;

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: PHONE });

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** How My Diary names a day: "March 3, 2026". */
function longDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/** Today's date in UTC, the user's time zone here. */
function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * A new account given ENTRIES diary entries, one a day back from yesterday, of 300 to 1,500
 * characters: through the export file's import, the way a person brings their history.
 */
async function userWithDiary(request: APIRequestContext, base: string): Promise<ApiUser> {
  const user = await createUser(request, base, 'diarypages', { hasOnboarded: false });
  const exported = await request.get(`${user.api}/account/export`, { headers: user.headers });
  expect(exported.ok(), await exported.text()).toBe(true);
  const today = todayUtc();
  const diaries = Array.from({ length: ENTRIES }, (_, i) => {
    const date = addDays(today, -(i + 1));
    const words = 'A slow morning, then a long walk by the water. '.repeat(6 + (i % 5) * 6);
    return { date, createdAt: `${date}T21:00:00.000Z`, content: `Entry ${i + 1}. ${words}`.trim() };
  });
  const file = {
    ...(await exported.json()),
    version: 1,
    activities: [],
    checkIns: [],
    moods: [],
    diaries,
  };
  file.user.hasOnboarded = true;
  const imported = await request.post(`${user.api}/account/import`, {
    headers: user.headers,
    data: file,
  });
  expect(imported.ok(), await imported.text()).toBe(true);
  return user;
}

async function baseOf(page: Page): Promise<string> {
  await page.goto('/home/landing');
  return new URL(page.url()).origin;
}

/** Every read of the diary the page makes (not the search), by its query. */
function recordDiaryReads(page: Page): URLSearchParams[] {
  const reads: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === '/api/v1/diary') {
      reads.push(url.searchParams);
    }
  });
  return reads;
}

async function openList(page: Page, user: ApiUser): Promise<Locator> {
  await openSignedIn(page, user, '/app/diary');
  const list = page.getByRole('list', { name: 'Past Diaries' });
  await expect(list.getByRole('button', { name: /Entry 1\./ })).toBeVisible();
  return list;
}

const oldestDate = () => longDate(addDays(todayUtc(), -ENTRIES));

test('scrolling to the oldest of 400 entries with the wheel keeps a few pages of cards', async ({
  page,
  request,
  problems,
}) => {
  const user = await userWithDiary(request, await baseOf(page));
  const reads = recordDiaryReads(page);
  const list = await openList(page, user);
  const rows = list.getByRole('listitem');
  const oldest = list.getByRole('button', { name: new RegExp(oldestDate()) });
  await list.hover();
  let most = 0;
  for (let turn = 0; turn < 400 && !(await oldest.isVisible()); turn += 1) {
    await page.mouse.wheel(0, 1_500);
    // The next page is asked for near the end; give it the time of a request.
    await page.waitForTimeout(50);
    most = Math.max(most, await rows.count());
  }
  await expect(oldest).toBeVisible();
  await expect(page.getByText(`All ${ENTRIES} entries loaded`)).toBeAttached();
  most = Math.max(most, await rows.count());
  expect(most).toBeLessThan(MOST_ROWS);
  console.info(`cards in the page at the oldest entry: ${await rows.count()}, at most ${most}`);
  // Twenty pages of 20 and the empty one after them; none of the whole diary.
  expect(reads.filter((read) => !read.has('limit'))).toEqual([]);
  expect(reads.filter((read) => read.get('limit') === '20')).toHaveLength(ENTRIES / 20 + 1);

  // The oldest opens as any other.
  await oldest.click();
  await expect(page.getByRole('heading', { level: 2, name: oldestDate() })).toBeFocused();
  await expectNoSidewaysScroll(page, 'My Diary at its oldest entry');
  await expectNoSeriousViolations(page, 'My Diary at its oldest entry');
  expect(problems.messages).toEqual([]);
});

test.describe('in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('the keyboard reaches the oldest of 400 entries with End, and Enter opens it', async ({
    page,
    request,
    problems,
  }) => {
    const user = await userWithDiary(request, await baseOf(page));
    const reads = recordDiaryReads(page);
    const list = await openList(page, user);
    const rows = list.getByRole('listitem');
    // From the search box, Tab reaches the list's one card in the Tab order: the newest.
    await page.getByRole('searchbox', { name: 'Search your diary' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(list.getByRole('button', { name: /Entry 1\./ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('button', { name: /Entry 2\./ })).toBeFocused();

    const oldest = list.getByRole('button', { name: new RegExp(oldestDate()) });
    let most = 0;
    for (let turn = 0; turn < 100 && !(await oldest.isVisible()); turn += 1) {
      await page.keyboard.press('End');
      await page.waitForTimeout(100);
      most = Math.max(most, await rows.count());
    }
    await page.keyboard.press('End');
    await expect(oldest).toBeFocused();
    expect(most).toBeLessThan(MOST_ROWS);
    expect(reads.filter((read) => !read.has('limit'))).toEqual([]);

    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: oldestDate() })).toBeFocused();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expectNoSeriousViolations(page, 'My Diary in dark mode, at its oldest entry');
    expect(problems.messages).toEqual([]);
  });
});
