import { expect, test } from './fixtures';

for (const path of ['/app/dashboard', '/app/task/board', '/onboarding/step-1', '/onboarding']) {
  test(`a visitor without a token is sent from ${path} to the landing page`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/home\/landing$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}

test('an unknown route shows Page Not Found', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('404')).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/home\/landing$/);
});

test('with the API unreachable, the page shows the service problem', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('token', 'some-token');
    localStorage.setItem('id', '00000000-0000-4000-8000-000000000000');
  });
  await page.route('**/api/**', (route) => route.abort());
  await page.goto('/app/dashboard');
  // Three retries, 1 s, 2 s and 4 s apart, then the error page.
  await expect(
    page.getByRole('heading', { level: 1, name: 'There Was A Problem With Our Service' }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Oh No!')).toBeVisible();
});

test('a saved session whose account is gone asks to log in again and is cleared', async ({
  page,
}) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('token', 'not-a-real-token');
      localStorage.setItem('id', '00000000-0000-4000-8000-000000000000');
    }
  });
  await page.goto('/app/dashboard');
  await expect(
    page.getByText('Failed to retrieve your account data. Please log in again.'),
  ).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
