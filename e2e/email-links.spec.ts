import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, newAccount, registerThroughForm, test } from './fixtures';

/*
 * Email verification and "Forgot password?" in the browser, with the built product sending real
 * mail over SMTP to the suite's mail server (smtp-sink.mjs), which keeps each mail as a file.
 */

/** The links of every mail sent to the address so far, oldest first. */
function linksTo(address: string, page: '/verify-email' | '/reset-password'): string[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run through playwright.config.ts');
  return readdirSync(dir)
    .sort()
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .filter((raw) => raw.startsWith(`X-Envelope-To: ${address.toLowerCase()}\n`))
    .map((raw) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .flatMap((text) => {
      const match = new RegExp(`https?://[^\\s"<>]+${page}#token=[A-Za-z0-9_-]{43}`).exec(text);
      return match ? [match[0]] : [];
    });
}

/** Waits for the nth link of a kind to the address. */
async function waitForLink(address: string, page: '/verify-email' | '/reset-password', nth = 1) {
  await expect
    .poll(() => linksTo(address, page).length, { message: `mail ${nth} to ${address}` })
    .toBeGreaterThanOrEqual(nth);
  return linksTo(address, page)[nth - 1]!;
}

test('a new account confirms its email from the link in the mail', async ({ page, problems }) => {
  const account = newAccount('verify');
  await registerThroughForm(page, account);
  const banner = page.getByRole('region', { name: 'Confirm your email' });
  await expect(banner).toContainText(account.email);

  const link = await waitForLink(account.email, '/verify-email');
  await page.goto(link);
  await expect(page.getByText('Your email is confirmed. Thank you!')).toBeVisible();
  // Signed in: the way on is the app, where the banner is gone.
  await page.getByRole('link', { name: 'Go to my dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  expect(problems.messages).toEqual([]);

  // The link worked once: opened again by a visitor, it says so (the refused call is the 400).
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('expired or has already been used');
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  expect(problems.messages.filter((m) => !m.includes('400'))).toEqual([]);
});

test('"Forgot password?" sends a link that sets a new password', async ({ page, problems }) => {
  const account = newAccount('reset');
  await registerThroughForm(page, account);
  await page.evaluate(() => localStorage.clear());

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveTitle('Forgot Password | Wellspring');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account exists for ${account.email}`);

  const link = await waitForLink(account.email, '/reset-password');
  await page.goto(link);
  const newPassword = 'a fresh calm password 456';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is changed.');

  await page.getByRole('link', { name: 'Log in with the new password' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/onboarding\/step-1$/);
  // Following the reset link proved the address too: no banner.
  await expect(page.getByRole('heading', { level: 1, name: 'Select Mood' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirm your email' })).toHaveCount(0);
  expect(problems.messages).toEqual([]);
});
