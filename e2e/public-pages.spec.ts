import { expect, PUBLIC_PAGES, test } from './fixtures';

for (const { path, title, h1 } of PUBLIC_PAGES) {
  test(`${path} renders with no console error and no CSP violation`, async ({ page, problems }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
    await expect(page).toHaveTitle(title);
    await page.waitForLoadState('networkidle');
    expect(problems.messages).toEqual([]);
  });
}

test('/ and /home lead to the landing page', async ({ page, problems }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home\/landing$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/home\/landing$/);
  expect(problems.messages).toEqual([]);
});

test('the landing page sends sign-in to Google and scrolls to its sections', async ({ page }) => {
  await page.goto('/home/landing');
  const getStarted = page.getByRole('link', { name: 'Get Started' });
  await expect(getStarted.first()).toHaveAttribute('href', '/api/v1/auth/google/start');
  await expect(page.getByRole('link', { name: /sign in/i }).first()).toHaveAttribute(
    'href',
    '/api/v1/auth/google/start',
  );
  if ((page.viewportSize()?.width ?? 0) < 600) {
    await page.getByRole('button', { name: 'Open sections menu' }).click();
  }
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'FAQ' })
    .click();
  await expect(page).toHaveURL(/#faq$/);
  await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeInViewport();
  await page.getByRole('button', { name: /internet connection/i }).click();
  await expect(page.getByRole('region', { name: /internet connection/i })).toBeVisible();
});
