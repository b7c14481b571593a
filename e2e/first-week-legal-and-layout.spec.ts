import { expect, test } from './fixtures';
import {
  PHONE,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  registerAndSettle,
  openProfile,
} from './first-week-pages-helpers';

/*
 * A newcomer's first week: the Terms of Use and the Privacy Policy (decision 022), and long words
 * on a phone (360 px), which the test sets itself. Desktop only.
 */

// Each test signs up through the form, runs axe and waits out a notice or two: on a busy machine
// that takes longer than the default 30 s.
test.describe.configure({ timeout: 90_000 });

// ---- item 9 -------------------------------------------------------------------------------------

test('the Terms of Use and the Privacy Policy open from the sign-up form, keeping what was typed, and from the footer', async ({
  page,
  problems,
}) => {
  await page.goto('/register');
  await page.getByLabel('Username').fill('Kept Name');
  await page.getByLabel('Email').fill('kept@example.com');
  const terms = page.getByRole('checkbox', { name: /terms of use/i });

  for (const [name, path, heading] of [
    ['Terms of Use', '/terms', 'Terms of Use'],
    ['Privacy Policy', '/privacy', 'Privacy Policy'],
  ] as const) {
    const [opened] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('form', { name: 'Create an account' }).getByRole('link', { name }).click(),
    ]);
    await opened.waitForLoadState();
    expect(new URL(opened.url()).pathname).toBe(path);
    await expect(opened.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(opened).toHaveTitle(`${heading} | Wellspring`);
    await opened.close();
  }
  // The form is as it was, and following a link did not tick the box.
  await expect(page.getByLabel('Username')).toHaveValue('Kept Name');
  await expect(page.getByLabel('Email')).toHaveValue('kept@example.com');
  await expect(terms).not.toBeChecked();

  // The privacy policy tells what is kept, where, how, and what never happens.
  await page.goto('/home/landing');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  const policy = page.getByRole('main');
  await expect(policy.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  for (const fact of [/AES-256-GCM/, /JSON/, /CSV/, /delete your account/i, /no ads/i]) {
    await expect(policy.getByText(fact).first()).toBeVisible();
  }
  await expectNoSidewaysScroll(page, 'the Privacy Policy');
  await expectNoSeriousViolations(page, 'the Privacy Policy');

  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Use' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the Terms of Use');
  await expectNoSeriousViolations(page, 'the Terms of Use');

  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page, 'the Terms of Use');
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the Privacy Policy');
  expect(problems.messages).toEqual([]);
});

// ---- item 10 ------------------------------------------------------------------------------------

test('no page scrolls sideways at 360 px with long unbroken words in the name and the diary', async ({
  page,
  problems,
}) => {
  test.slow();
  const name = `Maximilianus${'x'.repeat(48)}`;
  // No hyphen or space anywhere: nothing a browser breaks a line at.
  const url = `https://example.com/${'averylongpastedaddress'.repeat(70)}`;
  const widths = [PHONE, page.viewportSize()!];
  const { account } = await registerAndSettle(page, 'longwords', {
    name,
    diary: `Found this today: ${url}`,
    goal: 150_000,
    // Onboarding greets by name.
    atOnboarding: async () => {
      await expect(page.getByRole('heading', { name: new RegExp(name) })).toBeVisible();
      for (const size of widths) {
        await page.setViewportSize(size);
        await expectNoSidewaysScroll(page, 'onboarding step 1');
      }
    },
  });

  const checkEverywhere = async () => {
    await page.goto('/app/dashboard');
    await expect(page.getByRole('heading', { name: "Today's Diary" })).toBeVisible();
    await expect(page.getByText(/Found this today/)).toBeVisible();
    await expectNoSidewaysScroll(page, 'the dashboard');

    await page.goto('/app/diary');
    const card = page.getByRole('button', { name: /Found this today/ });
    await expect(card).toBeVisible();
    await expectNoSidewaysScroll(page, 'My Diary');
    await card.click();
    await expect(page.getByRole('article')).toBeVisible();
    await expectNoSidewaysScroll(page, 'My Diary with the entry open');

    for (const path of ['/app/task', '/app/statistics', '/app/collections']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSidewaysScroll(page, path);
    }
    const dialog = await openProfile(page, account.name);
    await expect(dialog).toBeVisible();
    await expectNoSidewaysScroll(page, 'the profile dialog');
    const box = await dialog.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  };

  for (const size of widths) {
    await page.setViewportSize(size);
    await checkEverywhere();
  }
  expect(problems.messages).toEqual([]);
});
