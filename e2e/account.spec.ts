import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, isWideNav, newAccount, registerThroughForm, test } from './fixtures';

/*
 * "Your data is yours", from the profile dialog: the sessions list and ending one from another
 * browser, the JSON export, and deleting the account.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

async function seriousViolations(page: Page) {
  // Colours are only final once entrance animations have finished.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

async function readSession(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    id: localStorage.getItem('id'),
  }));
}

/**
 * Registers, then settles the account through the API with the browser's own token: onboarded,
 * today's mood set (so no daily dialog opens) and, when given, today's diary entry.
 */
async function registerAndSettle(page: Page, label: string, diary?: string) {
  const account = newAccount(label);
  await registerThroughForm(page, account);
  const { token, id } = await readSession(page);
  expect(token && id).toBeTruthy();
  const headers = { Authorization: `Bearer ${token}` };
  const patched = await page.request.patch(`/api/v1/user?id=${id}`, {
    headers,
    data: { hasOnboarded: true, mood: 'Happy', hasSetMoodToday: true },
  });
  expect(patched.ok()).toBe(true);
  if (diary) {
    const written = await page.request.post('/api/v1/diary', {
      headers,
      data: { content: diary, id },
    });
    expect(written.ok()).toBe(true);
  }
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  return { account, token: token!, id: id! };
}

async function openProfile(page: Page, name: string): Promise<Locator> {
  if (!isWideNav(page)) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: `Open profile: ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Your Profile' });
  await expect(dialog.getByLabel('Username')).toBeVisible();
  return dialog;
}

async function logInElsewhere(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto('/login');
  await other.getByLabel('Email').fill(email);
  await other.getByLabel('Password', { exact: true }).fill(password);
  await other.getByRole('button', { name: 'Log In' }).click();
  await expect(other).toHaveURL(/\/app\/dashboard$/);
  return { context, other };
}

test('sessions, the JSON export and deleting the account from the profile dialog', async ({
  page,
  browser,
  problems,
}) => {
  // Two browsers, two downloads and a lost session that shows after the user query's retries.
  test.slow();
  const diary = `A quiet walk by the river ${Date.now()} — and “quotes”, commas, line\nbreaks.`;
  const { account } = await registerAndSettle(page, 'account', diary);

  // One session so far: this one.
  const dialog = await openProfile(page, account.name);
  await dialog.getByRole('tab', { name: 'Sessions' }).click();
  const list = dialog.getByRole('list', { name: 'Signed-in sessions' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem').first()).toContainText('This device');
  await expect(dialog.getByRole('button', { name: 'End all other sessions' })).toBeDisabled();

  // A second browser signs in; this one lists it (the list is fetched each time it shows).
  const { context, other } = await logInElsewhere(browser, account.email, account.password);
  const otherSession = await readSession(other);
  await dialog.getByRole('tab', { name: 'Profile' }).click();
  await dialog.getByRole('tab', { name: 'Sessions' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const otherRow = list.getByRole('listitem').filter({ hasNotText: 'This device' });
  await expect(otherRow).toContainText(/Signed in .+ at \d{1,2}:\d{2} (AM|PM)/);

  // Ending it from here signs the other browser out on its next call.
  await otherRow.getByRole('button', { name: /^End session on / }).click();
  await expect(page.getByText(/^Signed out /)).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem').first()).toContainText('This device');
  const refused = await other.request.get('/api/v1/auth/sessions', {
    headers: { Authorization: `Bearer ${otherSession.token}` },
  });
  expect(refused.status()).toBe(401);
  await other.reload();
  // The lost session shows once the user query has given up (three retries, about 7 s).
  await expect(
    other.getByText('Failed to retrieve your account data. Please log in again.'),
  ).toBeVisible({ timeout: 20_000 });
  expect(await readSession(other)).toEqual({ token: null, id: null });
  await context.close();

  // The JSON export downloads with the server's file name and holds the diary as written.
  await dialog.getByRole('tab', { name: 'Your data' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download my data (JSON)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^wellspring-export-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    format: string;
    user: { email: string; name: string };
    diaries: { content: string }[];
    checkIns: { mood: string }[];
  };
  expect(exported.format).toBe('wellspring-export');
  expect(exported.user).toMatchObject({ email: account.email, name: account.name });
  expect(exported.diaries.map((d) => d.content)).toEqual([diary]);
  // Version 2 of the format (decision 077): the day's mood is its check-in.
  expect(exported.checkIns.map((c) => c.mood)).toEqual(['Happy']);
  await expect(
    dialog.getByText(`Saved ${download.suggestedFilename()} to your downloads.`),
  ).toBeVisible();

  // The moods CSV too.
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Moods (CSV)' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^wellspring-moods-\d{4}-\d{2}-\d{2}\.csv$/);
  expect((await readFile(await csv.path(), 'utf8')).split('\r\n')[0]).toBe('date,mood,updatedAt');

  // Deleting needs the email typed (any case); then the browser forgets the account.
  const remove = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(remove).toBeDisabled();
  const confirm = dialog.getByLabel('To confirm, type your email address');
  await confirm.fill('someone-else@example.com');
  await expect(remove).toBeDisabled();
  await confirm.fill(` ${account.email.toUpperCase()} `);
  await expect(remove).toBeEnabled();
  await remove.click();
  await dialog.getByRole('button', { name: 'Yes, delete everything' }).click();
  await expect(page).toHaveURL(/\/home\/landing$/);
  await expect(page.getByText('Your account and everything in it have been deleted')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await readSession(page)).toEqual({ token: null, id: null });
  expect(problems.messages).toEqual([]);

  // The account is gone: logging in again fails.
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toContainText('Incorrect email or password');
  await expect(page).toHaveURL(/\/login$/);
  expect(await readSession(page)).toEqual({ token: null, id: null });
});

test('axe finds no serious or critical violation in any tab of the profile dialog', async ({
  page,
}) => {
  // Six axe runs, each waiting for the animations to end.
  test.slow();
  const { account } = await registerAndSettle(page, 'account-axe');
  const dialog = await openProfile(page, account.name);
  const panels: [string, Locator][] = [
    ['Profile', dialog.getByLabel('Username')],
    ['Sessions', dialog.getByText('This device')],
    ['Password', dialog.getByLabel('Current password')],
    ['Your data', dialog.getByLabel('To confirm, type your email address')],
  ];
  for (const [tab, ready] of panels) {
    await dialog.getByRole('tab', { name: tab }).click();
    await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(ready).toBeVisible();
    expect(await seriousViolations(page), `the ${tab} tab`).toEqual([]);
  }

  // The danger zone once enabled, and the inline errors of the password form.
  await dialog.getByLabel('To confirm, type your email address').fill(account.email);
  await expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeEnabled();
  expect(await seriousViolations(page), 'the enabled Delete button').toEqual([]);
  await dialog.getByRole('tab', { name: 'Password' }).click();
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText("Field can't be empty")).toHaveCount(3);
  expect(await seriousViolations(page), 'the password errors').toEqual([]);
});
