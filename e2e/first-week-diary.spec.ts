import type { Request } from '@playwright/test';
import { expect, newAccount, registerThroughForm, test } from './fixtures';
import {
  PHONE,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  registerAndSettle,
  openProfile,
} from './first-week-pages-helpers';

/*
 * A newcomer's first week: the diary's limit and its draft (decision 022). Desktop only: the limit's
 * test turns to the phone's width itself.
 */

// Each test signs up through the form, runs axe and waits out a notice or two: on a busy machine
// that takes longer than the default 30 s.
test.describe.configure({ timeout: 90_000 });

// ---- item 15 ------------------------------------------------------------------------------------

test('the diary counts near its limit and refuses a longer paste without cutting it', async ({
  page,
  problems,
}) => {
  await registerAndSettle(page, 'diarylimit');
  await page.goto('/app/diary');
  const editor = page.getByLabel('Write Your Diary');
  await expect(editor).toBeEnabled();
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/diary') {
      posts.push(request);
    }
  });

  // Nothing shows while there is plenty of room.
  await editor.fill('A short day.');
  // The counter shows German figures and is read in English (decision 027): "22,598 of 20,000".
  const counter = page.locator('p[id$="-counter"]');
  await expect(counter).toHaveCount(0);

  const pasted = `${'All of this matters to me. '.repeat(837)}`.slice(0, 22_598);
  await editor.fill('');
  await editor.focus();
  await page.keyboard.insertText(pasted);
  expect((await editor.inputValue()).length).toBe(22_598);
  await expect(counter).toBeVisible();
  await expect(counter.locator('[aria-hidden="true"]').first()).toHaveText('22.598');
  await expect(counter).toContainText('20.000');
  await expect(editor).toHaveAccessibleDescription(/22,598 of 20,000 characters/);
  await expect(page.getByText(/longer than a diary entry can be/)).toBeVisible();
  await expect(editor).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousViolations(page, 'the diary over its limit');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.waitForTimeout(500);
  expect(posts).toHaveLength(0);
  expect((await editor.inputValue()).length).toBe(22_598);

  // Shortened to fit: the counter stays near the limit, and the entry saves in full.
  const fits = pasted.slice(0, 19_990);
  await editor.fill(fits);
  await expect(counter.locator('[aria-hidden="true"]').first()).toHaveText('19.990');
  await expect(editor).toHaveAccessibleDescription(/19,990 of 20,000 characters/);
  // The message under the field is gone (the refused save's notice may still be showing).
  await expect(page.getByRole('main').getByText(/longer than a diary entry can be/)).toHaveCount(0);
  await expect(editor).not.toHaveAttribute('aria-invalid');
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page, 'My Diary near its limit');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Successfuly saved your diary')).toBeVisible();
  expect(posts).toHaveLength(1);
  expect(JSON.parse(posts[0]!.postData()!).content).toBe(fits);
  expect(problems.messages).toEqual([]);
});

test('the diary draft of onboarding step 3 survives a reload, follows to My Diary, and is gone after logout', async ({
  page,
  problems,
}) => {
  const account = newAccount('draft');
  await registerThroughForm(page, account);
  await page
    .getByRole('group', { name: 'How are you feeling today?' })
    .getByRole('button', { name: 'Happy', exact: true })
    .click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/\/onboarding\/step-2$/);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/\/onboarding\/step-3$/);

  const draft = `Half a thought, written on ${Date.now()}`;
  await page.getByLabel('Write Your Diary').fill(draft);
  await page.reload();
  await expect(page.getByLabel('Write Your Diary')).toHaveValue(draft);

  // Skipped, not saved: the draft waits on My Diary.
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.goto('/app/diary');
  await expect(page.getByLabel('Write Your Diary')).toHaveValue(draft);

  // Logging out takes it off the device.
  const dialog = await openProfile(page, account.name);
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/home\/landing$/);
  const stored = await page.evaluate(() => Object.values({ ...localStorage }).join('\n'));
  expect(stored).not.toContain(draft);

  // Back in, the form is empty.
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.goto('/app/diary');
  await expect(page.getByLabel('Write Your Diary')).toHaveValue('');
  expect(problems.messages).toEqual([]);
});
