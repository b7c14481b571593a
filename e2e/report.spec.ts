import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { REPORT_SECTION_TITLES } from '@wellspring/shared';
import { expect, test } from './fixtures';
import { expectNoSeriousViolations, expectNoSidewaysScroll } from './first-week-pages-helpers';
import { createUser, openSignedIn, type ApiUser } from './first-week-setup';

/*
 * The report for a clinician (decision 084) in the browser. At 360 px in dark mode, with the
 * keyboard alone: a 30-day report quoting one diary entry is previewed and downloaded as a PDF,
 * a 7-day link to it opens in a browser with no session (the excerpt there, the token gone from
 * the address), is revoked, and then opens nothing. At 1400 px the print preview: only the
 * report prints. axe on each page.
 */

const QUOTED = 'We walked out to the lighthouse at dusk and talked for an hour.';
const NOT_QUOTED = 'A quiet evening of reading, nothing else to say.';
const LINK_INVALID =
  'This link has expired or was revoked. Ask the person who shared it for a new one.';

/** Today in UTC (the users' time zone here), as YYYY-MM-DD. */
function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * A new account with three weeks behind it (through the export file's import, the way a person
 * brings a history): a mood a day, Sad and Depressed for three days in a row, two diary entries;
 * then two check-ins today and a PHQ-9 whose item 9 is "Several days".
 */
async function userWithHistory(request: APIRequestContext, base: string): Promise<ApiUser> {
  const user = await createUser(request, base, 'report', { hasOnboarded: false });
  const today = todayUtc();
  const moods = [];
  for (let back = 20; back >= 1; back -= 1) {
    const date = addDays(today, -back);
    const mood = back >= 6 && back <= 8 ? (back === 7 ? 'Depressed' : 'Sad') : 'Happy';
    moods.push({ date, mood, updatedAt: `${date}T20:00:00.000Z` });
  }
  const diaries = [
    {
      date: addDays(today, -10),
      createdAt: `${addDays(today, -10)}T21:00:00.000Z`,
      content: QUOTED,
    },
    {
      date: addDays(today, -4),
      createdAt: `${addDays(today, -4)}T21:00:00.000Z`,
      content: NOT_QUOTED,
    },
  ];
  const exported = await request.get(`${user.api}/account/export`, { headers: user.headers });
  expect(exported.ok(), await exported.text()).toBe(true);
  const file = {
    ...(await exported.json()),
    version: 1,
    activities: [],
    checkIns: [],
    moods,
    diaries,
  };
  file.user.hasOnboarded = true;
  const imported = await request.post(`${user.api}/account/import`, {
    headers: user.headers,
    data: file,
  });
  expect(imported.ok(), await imported.text()).toBe(true);
  for (const mood of ['Neutral', 'Happy']) {
    const checkIn = await request.post(`${user.api}/check-ins?id=${user.id}`, {
      headers: user.headers,
      data: { mood },
    });
    expect(checkIn.ok(), await checkIn.text()).toBe(true);
  }
  const phq9 = await request.post(`${user.api}/measures/phq9/results?id=${user.id}`, {
    headers: user.headers,
    data: { answers: [1, 1, 1, 1, 1, 1, 1, 1, 1], difficulty: 1 },
  });
  expect(phq9.ok(), await phq9.text()).toBe(true);
  return user;
}

async function baseOf(page: Page): Promise<string> {
  await page.goto('/home/landing');
  return new URL(page.url()).origin;
}

/** Presses a control with the keyboard: focus, then Enter (a button) or Space (a box). */
async function press(control: Locator, key: 'Enter' | 'Space' = 'Enter') {
  await control.focus();
  await control.press(key);
}

test.describe('a report on the phone (360 px), keyboard only, in dark mode', () => {
  test.use({ viewport: { width: 360, height: 780 }, colorScheme: 'dark' });
  test.setTimeout(90_000);

  test('previews a 30-day report with one diary entry, downloads its PDF, and shares it by a link until revoked', async ({
    page,
    request,
    browser,
    problems,
  }) => {
    const user = await userWithHistory(request, await baseOf(page));
    await openSignedIn(page, user, '/app/insights');
    await press(page.getByRole('link', { name: 'Make a report for your clinician' }));
    await expect(
      page.getByRole('heading', { level: 1, name: 'A report for your clinician' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Report | Wellspring');

    // The last 30 days, and the diary excerpts with one entry of the two chosen.
    await press(page.getByRole('radio', { name: 'Last 30 days' }), 'Space');
    await expect(page.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    const diary = page.getByRole('checkbox', { name: REPORT_SECTION_TITLES.diary });
    await expect(diary).not.toBeChecked();
    await press(diary, 'Space');
    const picker = page.getByRole('group', { name: 'Diary entries to quote' });
    await expect(picker.getByRole('checkbox')).toHaveCount(2);
    await press(picker.getByRole('checkbox', { name: /lighthouse/ }), 'Space');
    await expect(picker.getByRole('checkbox', { name: /lighthouse/ })).toBeChecked();
    await expect(picker.getByRole('checkbox', { name: /quiet evening/ })).not.toBeChecked();
    await expectNoSidewaysScroll(page, 'the report form');
    await expectNoSeriousViolations(page, 'the report form in dark at 360 px');

    await press(page.getByRole('button', { name: 'Preview' }));
    const report = page.getByRole('article', { name: 'Wellspring report' });
    await expect(report.getByRole('heading', { name: 'Wellspring report' })).toBeFocused();
    for (const title of Object.values(REPORT_SECTION_TITLES)) {
      await expect(report.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    await expect(report.getByText(QUOTED)).toBeVisible();
    await expect(report.getByText(NOT_QUOTED)).toHaveCount(0);
    await expect(report.getByText('Item 9 (thoughts of self-harm): Several days')).toBeVisible();
    await expect(report.getByText(/: 3 days$/)).toBeVisible();
    await expectNoSidewaysScroll(page, 'the report preview');
    await expectNoSeriousViolations(page, 'the report preview in dark at 360 px');
    await page.screenshot({
      path: test.info().outputPath('report-preview-360.png'),
      fullPage: true,
    });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      press(page.getByRole('button', { name: 'Download PDF' })),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // A link for 7 days (the default): its address shows once, with the focus on it.
    const days = page.getByRole('combobox', { name: 'The link works for' });
    await expect(days).toHaveValue('7');
    await press(page.getByRole('button', { name: 'Create link' }));
    const address = page.getByRole('textbox', { name: 'Your new link' });
    await expect(address).toBeFocused();
    const url = await address.inputValue();
    expect(url).toMatch(/\/shared-report#[^#]{20,}$/);
    await expect(page.getByText(/^It opens only this report, read-only, until/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('report-link-360.png'), fullPage: true });

    // The clinician: another browser, no session.
    const clinician = await browser.newContext({
      viewport: { width: 360, height: 780 },
      colorScheme: 'dark',
      serviceWorkers: 'block',
    });
    const shared = await clinician.newPage();
    await shared.goto(url);
    const sharedReport = shared.getByRole('article', { name: 'Wellspring report' });
    await expect(sharedReport.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(sharedReport.getByText(QUOTED)).toBeVisible();
    await expect(shared).toHaveTitle('Shared Report | Wellspring');
    expect(new URL(shared.url()).hash).toBe('');
    await expect(shared.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expectNoSidewaysScroll(shared, 'the shared report');
    await expectNoSeriousViolations(shared, 'the shared report in dark at 360 px');
    await shared.screenshot({
      path: test.info().outputPath('shared-report-360.png'),
      fullPage: true,
    });

    // Revoked from the person's list, after a question: it opens nothing any more.
    const list = page.getByRole('list', { name: 'Your links' });
    await press(list.getByRole('button', { name: /^Revoke the link/ }));
    await expect(page.getByText('Revoke this link?')).toBeFocused();
    await press(page.getByRole('button', { name: 'Yes, revoke it' }));
    await expect(
      page.getByText('The link was revoked: it opens nothing from now on'),
    ).toBeVisible();
    await expect(list).toHaveCount(0);
    await expect(page.getByText('No links.')).toBeVisible();

    await shared.goto(url);
    await expect(
      shared.getByRole('heading', { level: 1, name: 'This link cannot be opened' }),
    ).toBeVisible();
    await expect(shared.getByText(LINK_INVALID)).toBeVisible();
    await expect(shared.getByText(QUOTED)).toHaveCount(0);
    await expectNoSeriousViolations(shared, 'a revoked link in dark at 360 px');
    await shared.screenshot({
      path: test.info().outputPath('revoked-link-360.png'),
      fullPage: true,
    });
    await clinician.close();
    expect(problems.messages).toEqual([]);
  });
});

test.describe('the print preview at 1400 px', () => {
  test.use({ viewport: { width: 1400, height: 900 } });
  test.setTimeout(60_000);

  test('prints the report alone, in light colours', async ({ page, request, problems }) => {
    const user = await userWithHistory(request, await baseOf(page));
    await openSignedIn(page, user, '/app/report');
    await page.getByRole('button', { name: 'Preview' }).click();
    const report = page.getByRole('article', { name: 'Wellspring report' });
    await expect(report.getByText('Item 9 (thoughts of self-harm): Several days')).toBeVisible();
    // From the top: the focus scrolled the preview into view, and axe counts a checkbox passing
    // under the sticky top bar as obscured.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoSeriousViolations(page, 'the report preview at 1400 px');

    await page.emulateMedia({ media: 'print' });
    await expect(report).toBeVisible();
    await expect(page.getByRole('button', { name: 'Preview' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'A link for your clinician' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const box = await report.boundingBox();
    expect(box?.y, 'the report starts at the top of the page').toBeLessThan(40);
    await page.screenshot({
      path: test.info().outputPath('report-print-1400.png'),
      fullPage: true,
    });
    expect(problems.messages).toEqual([]);
  });
});
