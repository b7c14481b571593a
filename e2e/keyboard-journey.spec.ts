import type { Locator, Page } from '@playwright/test';
import { expect, newAccount, test } from './fixtures';

/*
 * The whole journey with the keyboard alone (register, onboarding, dashboard, tasks, diary,
 * statistics, collections, profile, logout; decision 025) at 1400×900 and 390×844. After each
 * action focus is somewhere meaningful (never <body>), the phone menu and every dialog keep focus
 * inside, the live regions exist before their first message, and each change of page lands focus on
 * the new page's heading.
 */

const WIDTHS = [
  { label: 'wide', viewport: { width: 1400, height: 900 } },
  { label: 'phone', viewport: { width: 390, height: 844 } },
] as const;

interface Focused {
  tag: string;
  text: string;
  isBody: boolean;
  dialog: string | null;
  isMenuToggle: boolean;
  /** Some of it is inside the viewport and it is not transparent (a toast behind another). */
  isInView: boolean;
}

/** Where focus is, described. */
function focusedElement(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement ?? document.body;
    const dialog = element.closest('[role="dialog"]');
    return {
      tag: element.tagName,
      text: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 80),
      isBody: element === document.body || element === document.documentElement,
      dialog: dialog
        ? (dialog.getAttribute('aria-label') ?? dialog.getAttribute('data-dialog'))
        : null,
      isMenuToggle: element.matches('button[aria-controls][aria-expanded]'),
      isInView: (() => {
        const box = element.getBoundingClientRect();
        const inside =
          box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
        return (
          inside && element.checkVisibility({ opacityProperty: true, visibilityProperty: true })
        );
      })(),
    };
  });
}

async function expectFocusNotOnBody(page: Page, after: string): Promise<void> {
  const focused = await focusedElement(page);
  expect(focused.isBody, `focus fell to <body> after ${after}`).toBe(false);
  // What Tab reaches can be seen: no half-hidden toast button at y = -4. (The page scrolls
  // smoothly to what takes focus, so it may take a moment to come into view.)
  await expect
    .poll(async () => (await focusedElement(page)).isInView, {
      message: `out of sight after ${after}: ${JSON.stringify(focused)}`,
      timeout: 2000,
    })
    .toBe(true);
}

/** Presses Tab (or Shift+Tab) until `target` has focus; focus never passes through <body>. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}) {
  for (let press = 0; press < max; press += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await expectFocusNotOnBody(page, `Tab press ${press + 1}`);
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** After a change of page: focus on the page's main heading, whose text is `name`. */
async function expectFocusOnHeading(page: Page, name: string | RegExp): Promise<void> {
  await expect
    .poll(async () => {
      const focused = await focusedElement(page);
      return focused.tag === 'H1' ? focused.text : `${focused.tag} ${focused.text}`;
    })
    .toMatch(typeof name === 'string' ? new RegExp(`^${name}`) : name);
}

/** Tab and Shift+Tab, `presses` times each, never leave the open dialog named `dialog`. */
async function expectFocusHeldIn(page: Page, dialog: string, presses = 12): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press < presses; press += 1) {
      await page.keyboard.press(key);
      const focused = await focusedElement(page);
      const isInside = focused.dialog === dialog || (dialog === 'Menu' && focused.isMenuToggle);
      expect(isInside, `${key} ${press + 1} left ${dialog}: ${JSON.stringify(focused)}`).toBe(true);
    }
  }
}

function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 0) <= 1200;
}

/** Opens a main navigation entry with the keyboard, through the floating menu on a phone. */
async function goWithKeyboard(page: Page, label: string, heading: string | RegExp) {
  if (isPhone(page)) {
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await tabTo(page, toggle, { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  }
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label });
  await tabTo(page, link, { backwards: !isPhone(page) });
  await page.keyboard.press('Enter');
  await expectFocusOnHeading(page, heading);
}

for (const { label, viewport } of WIDTHS) {
  test.describe(`keyboard only, ${label} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport });
    test.setTimeout(180_000);

    test('makes the whole journey with focus always in a sensible place', async ({
      page,
      problems,
    }) => {
      const account = newAccount(`keys-${label}`);

      // Register. The toasts' live region is there, empty, before any message is shown.
      await page.goto('/register');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Create an Account' }),
      ).toBeVisible();
      const notifications = page.getByRole('region', { name: /notifications/i });
      await expect(notifications).toHaveAttribute('aria-live', 'polite');
      await expect(notifications.locator('[data-sonner-toast]')).toHaveCount(0);

      await tabTo(page, page.getByLabel('Username'));
      await page.keyboard.type(account.name);
      await tabTo(page, page.getByLabel('Email'));
      await page.keyboard.type(account.email);
      await tabTo(page, page.getByLabel('Password', { exact: true }));
      await page.keyboard.type(account.password);
      await tabTo(page, page.getByLabel('Confirm Password'));
      await page.keyboard.type(account.password);
      await tabTo(page, page.getByRole('checkbox', { name: /terms of use/i }));
      await page.keyboard.press('Space');
      await tabTo(page, page.getByRole('button', { name: 'Sign Up' }));
      await page.keyboard.press('Enter');

      // Onboarding: every step is a page of its own, and focus lands on its heading.
      await expect(page).toHaveURL(/\/onboarding\/step-1$/);
      await expect(page).toHaveTitle('Select Mood | Wellspring');
      await expectFocusOnHeading(page, /./);
      await tabTo(page, page.getByRole('button', { name: /^Happy/ }));
      await page.keyboard.press('Enter');
      await tabTo(page, page.getByRole('button', { name: 'Next' }));
      await page.keyboard.press('Enter');

      await expect(page).toHaveURL(/\/onboarding\/step-2$/);
      await expect(page).toHaveTitle('Set Goals | Wellspring');
      await expectFocusOnHeading(page, /./);
      await tabTo(page, page.getByRole('button', { name: 'Next' }));
      await page.keyboard.press('Enter');

      await expect(page).toHaveURL(/\/onboarding\/step-3$/);
      await expect(page).toHaveTitle('Create Diary | Wellspring');
      await expectFocusOnHeading(page, /./);
      await tabTo(page, page.getByRole('textbox'));
      await page.keyboard.type('A first line, typed with the keyboard.');
      await tabTo(page, page.getByRole('button', { name: 'Next' }));
      await page.keyboard.press('Enter');

      await expect(page).toHaveURL(/\/app\/dashboard$/);
      await expectFocusOnHeading(page, 'Dashboard');

      // Tasks: Shuffle and Add Task keep focus and say what happened.
      await goWithKeyboard(page, 'Task', 'Task');
      const announcer = page.getByRole('status').filter({ hasText: /suggestion|Added/ });
      const shuffle = page.getByRole('button', { name: 'Shuffle' });
      await expect(page.getByTestId('generated-task')).toBeVisible();
      await tabTo(page, shuffle);
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('generated-task')).toBeVisible();
      await expect(shuffle).toBeFocused();
      await expect(page.getByRole('status').filter({ hasText: /^New suggestion: / })).toHaveCount(
        1,
      );

      const addTask = page.getByRole('button', { name: 'Add Task' });
      await tabTo(page, addTask);
      const title = await page.getByTestId('generated-task').getByRole('heading').innerText();
      await page.keyboard.press('Enter');
      await expect(notifications).toContainText('Successfuly added a new task');
      await expect(addTask).toBeFocused();
      await expect(announcer).toContainText(/Added to your tasks: |New suggestion: /);

      // Complete it in its dialog: focus stays in each dialog, then goes to the column heading
      // (the card that opened the dialog has moved to Completed).
      const ongoing = page.locator('section[data-status="OnGoing"]');
      const card = ongoing.getByRole('button', { name: new RegExp(escapeRegExp(title)) });
      await tabTo(page, card);
      await page.keyboard.press('Enter');
      const detail = page.locator('[data-dialog="taskDetail"]');
      await expect(detail).toBeVisible();
      await expectFocusHeldIn(page, 'taskDetail', 8);
      await tabTo(page, detail.getByRole('button', { name: 'Complete' }));
      await page.keyboard.press('Enter');
      const keepGoing = page.getByRole('button', { name: 'Keep going' });
      await expect(keepGoing).toBeFocused();
      await expectFocusHeldIn(page, 'taskComplete', 4);
      await tabTo(page, keepGoing);
      await page.keyboard.press('Enter');
      await expect(page.locator('[data-dialog]')).toHaveCount(0);
      await expect
        .poll(async () => (await focusedElement(page)).text)
        .toMatch(/^(Ongoing|On Going|OnGoing)/i);

      // The other pages: focus on each one's heading.
      await goWithKeyboard(page, 'Diary', /./);
      await goWithKeyboard(page, 'Statistics', 'Statistics');
      await goWithKeyboard(page, 'Insights', 'Insights');
      await goWithKeyboard(page, 'Collections', /./);

      // Profile: opened and saved with the keyboard; focus goes back to what opened it, or to
      // the menu's toggle when that lived in the now closed menu.
      if (isPhone(page)) {
        const toggle = page.getByRole('button', { name: 'Open menu' });
        await tabTo(page, toggle, { backwards: true });
        await page.keyboard.press('Enter');
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await expect(menu).toBeVisible();
        await expectFocusHeldIn(page, 'Menu');
        await page.keyboard.press('Escape');
        await expect(menu).toBeHidden();
        await expect(toggle).toBeFocused();
        await page.keyboard.press('Enter');
        await tabTo(page, menu.getByRole('button', { name: new RegExp(account.name) }));
      } else {
        await tabTo(page, page.getByRole('button', { name: new RegExp(account.name) }), {
          backwards: true,
        });
      }
      await page.keyboard.press('Enter');
      const profile = page.locator('[data-dialog="userProfile"]');
      await expect(profile).toBeVisible();
      await expectFocusHeldIn(page, 'userProfile', 10);
      await tabTo(page, profile.getByRole('button', { name: 'Save' }));
      await page.keyboard.press('Enter');
      await expect(profile).toBeHidden();
      if (isPhone(page)) {
        await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
      } else {
        await expect(page.getByRole('button', { name: new RegExp(account.name) })).toBeFocused();
      }
      await expectFocusNotOnBody(page, 'saving the profile');

      // Logout, from the profile dialog: the landing page's heading takes focus.
      if (isPhone(page)) {
        await page.keyboard.press('Enter');
        await tabTo(
          page,
          page.getByRole('dialog', { name: 'Menu' }).getByRole('button', {
            name: new RegExp(account.name),
          }),
        );
      }
      await page.keyboard.press('Enter');
      await expect(profile).toBeVisible();
      await tabTo(page, profile.getByRole('button', { name: 'Logout' }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/home\/landing$/);
      await expectFocusOnHeading(page, /./);

      expect(problems.messages).toEqual([]);
    });
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
