import type { Page } from '@playwright/test';
import { expect, newAccount, test } from './fixtures';

// After signing in (decision 024), the visitor returns to the page they asked for, by either
// method; a signed-in visitor on the landing page is offered the way in, not a sign-in button.

async function onboardedAccountThroughApi(page: Page, label: string) {
  const account = newAccount(label);
  const registered = await page.request.post('/api/v1/auth/register', {
    data: { ...account, confirmPassword: account.password, terms: true, timeZone: 'UTC' },
  });
  expect(registered.ok()).toBe(true);
  const { token, userData } = (await registered.json()) as {
    token: string;
    userData: { id: string };
  };
  const patched = await page.request.patch(`/api/v1/user?id=${userData.id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { hasOnboarded: true, mood: 'Happy', hasSetMoodToday: true },
  });
  expect(patched.ok()).toBe(true);
  return account;
}

test('email sign-in leads back to the page that was asked for', async ({ page, problems }) => {
  const account = await onboardedAccountThroughApi(page, 'return');
  await page.goto('/app/statistics?from=bookmark');
  await expect(page).toHaveURL(/\/home\/landing$/);
  await page.getByRole('link', { name: 'Log in with email' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: /^log in$/i }).click();
  await expect(page).toHaveURL(/\/app\/statistics\?from=bookmark$/);

  // The page is given back once: the next sign-in goes to the dashboard. The session is dropped
  // where the app is not running: cleared under the statistics page, its loads went out unsigned.
  await page.goto('/favicon.svg');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: /^log in$/i }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  expect(problems.messages).toEqual([]);
});

test('Google sign-in (development provider) leads back to the page that was asked for', async ({
  page,
  problems,
}) => {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const person = { name: `Grace ${id}`, email: `e2e-return-${id}@example.com` };
  const signInOnProvider = async () => {
    const heading = page.getByRole('heading', { name: 'Development sign-in' });
    await expect(heading.or(page.locator('main h1').first())).toBeVisible();
    if (await heading.isVisible()) {
      await page.getByLabel('Name').fill(person.name);
      await page.getByLabel('Email').fill(person.email);
      await page.getByRole('button', { name: 'Continue' }).click();
    }
  };

  // A first sign-in makes the account; it is onboarded through the API.
  await page.goto('/home/landing');
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await signInOnProvider();
  await expect(page).toHaveURL(/\/onboarding\/step-1$/);
  const [token, userId] = await page.evaluate(() => [
    localStorage.getItem('token'),
    localStorage.getItem('id'),
  ]);
  const patched = await page.request.patch(`/api/v1/user?id=${userId}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { hasOnboarded: true, mood: 'Happy', hasSetMoodToday: true },
  });
  expect(patched.ok()).toBe(true);
  await page.evaluate(() => localStorage.clear());

  await page.goto('/app/collections');
  await expect(page).toHaveURL(/\/home\/landing$/);
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await signInOnProvider();
  await expect(page).toHaveURL(/\/app\/collections$/);
  expect(problems.messages).toEqual([]);
});

test('a signed-in visitor on the landing page is offered the way into the app', async ({
  page,
}) => {
  const account = await onboardedAccountThroughApi(page, 'landing');
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: /^log in$/i }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);

  await page.goto('/home/landing');
  const ways = page.getByRole('link', { name: 'Open your dashboard' });
  await expect(ways.first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Log in with email' })).toHaveCount(0);
  await ways.first().click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});
