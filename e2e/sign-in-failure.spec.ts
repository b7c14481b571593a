import { expect, test } from './fixtures';

// A failed sign-in says so on the screen, not only in the console, and the development sign-in
// works from the other loopback name than PUBLIC_URL's too (decision 024).

test('a failed sign-in says so on the screen', async ({ page }) => {
  await page.goto('/auth/callback?code=not-a-real-code&state=not-a-real-state');
  await expect(page).toHaveURL(/\/home\/landing$/);
  await expect(page.getByText('Something went wrong while trying to log in')).toBeVisible();
});

test('a sign-in the provider refused says so on the screen', async ({ page }) => {
  await page.goto('/auth/callback?error=access_denied');
  await expect(page.getByText('Something went wrong while trying to log in')).toBeVisible();
});

test('sign-in works when the page was opened on the other loopback name', async ({
  page,
  baseURL,
}) => {
  // The suite's PUBLIC_URL is http://127.0.0.1:PORT: open the product as http://localhost:PORT.
  const other = baseURL!.replace('127.0.0.1', 'localhost');
  await page.goto(`${other}/home/landing`);
  await expect(page).toHaveURL(`${baseURL}/home/landing`);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  await page.getByLabel('Name').fill(`Lou ${id}`);
  await page.getByLabel('Email').fill(`e2e-loopback-${id}@example.com`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onboarding\/step-1$/);
});
