import type { Page } from '@playwright/test';
import { expect, isWideNav, test } from './fixtures';

/** A unique person for the development provider's page. */
function newPerson() {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return { name: `Grace ${id}`, email: `e2e-google-${id}@example.com` };
}

async function signInOnProviderPage(page: Page, person: ReturnType<typeof newPerson>) {
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  await page.getByLabel('Name').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a new user signs in with Google, onboards, and signs in again to the dashboard', async ({
  page,
  problems,
}, testInfo) => {
  const person = newPerson();
  await page.goto('/home/landing');
  const getStarted = page.getByRole('link', { name: 'Get Started' }).first();
  await expect(getStarted).toBeVisible();

  // The full browser sign-in: the click, the provider's page, the callback, onboarding step 1.
  const started = performance.now();
  await getStarted.click();
  await signInOnProviderPage(page, person);
  await expect(page).toHaveURL(/\/onboarding\/step-1$/);
  await expect(
    page.getByRole('heading', { name: `Hi ${person.name}! How are you feeling today?` }),
  ).toBeVisible();
  const elapsed = Math.round(performance.now() - started);
  console.info(
    `[${testInfo.project.name}] Google sign-in (development provider), from the Get Started click to onboarding step 1: ${elapsed} ms`,
  );
  expect(
    await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('id')]),
  ).not.toContain(null);

  // Onboarding: a mood, the default goal, no diary.
  await page.getByRole('button', { name: 'Ecstatic', exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/\/onboarding\/step-2$/);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/\/onboarding\/step-3$/);
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);

  // Log out from the profile.
  if (!isWideNav(page)) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: `Open profile: ${person.name}` }).click();
  await page
    .getByRole('dialog', { name: 'Your Profile' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await expect(page).toHaveURL(/\/home\/landing$/);

  // Signing in again leads to the dashboard. The provider may remember the browser and skip its page.
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await page.waitForURL(
    (url) => url.pathname.startsWith('/dev-oidc/') || url.pathname === '/app/dashboard',
  );
  if (new URL(page.url()).pathname.startsWith('/dev-oidc/')) {
    await signInOnProviderPage(page, person);
  }
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Hi There! Welcome Back' })).toBeVisible();
  await expect(
    page
      .getByRole('group', { name: "Today's mood" })
      .getByRole('button', { name: 'Ecstatic', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  expect(problems.messages).toEqual([]);
});
