import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, newAccount, PUBLIC_PAGES, registerThroughForm, test } from './fixtures';

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

for (const { path, h1 } of PUBLIC_PAGES) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('axe finds no serious or critical violation on the error page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe finds no serious or critical violation in the app shell and the profile dialog', async ({
  page,
}) => {
  const account = newAccount('axe');
  await registerThroughForm(page, account);
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // A new user has no mood today yet, so the dashboard asks for one first (newDay).
  const newDay = page.getByRole('dialog', { name: 'A new day, a fresh start' });
  await newDay.getByRole('button', { name: 'Happy', exact: true }).click();
  await newDay.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  if ((page.viewportSize()?.width ?? 0) <= 1200) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.getByRole('button', { name: `Open profile: ${account.name}` }).click();
  await expect(page.getByRole('dialog', { name: 'Your Profile' })).toBeVisible();
  await expect(page.getByRole('dialog').getByLabel('Username')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
