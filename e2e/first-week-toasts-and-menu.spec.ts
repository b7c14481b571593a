import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createUser, hasWideNav, intersects, openSignedIn } from './first-week-setup';
import { expectNoSeriousViolations, boxOf } from './first-week-checks';

/*
 * A newcomer's first week: where toasts appear, and the room the floating menu button takes on
 * phones (decision 023). Checked where it went wrong, in Chromium, at the phone and desktop widths.
 */

// ---- item 19: where toasts appear ---------------------------------------------------------------

test('item 19: a toast covers neither the navigation bar nor the page title, and can be closed', async ({
  page,
  baseURL,
  problems,
}) => {
  const user = await createUser(page.request, baseURL!, 'toast', {
    mood: 'Happy',
    goalTarget: 500_000,
  });
  const widths = hasWideNav(page) ? [1400] : [450, 390, 360];
  await openSignedIn(page, user, '/app/task');
  for (const width of widths) {
    await page.setViewportSize({ width, height: width > 1200 ? 900 : 844 });
    await expect(page.getByRole('heading', { level: 1, name: 'Task' })).toBeVisible();
    await expect(page.getByTestId('generated-task')).toBeVisible();
    await page.getByRole('button', { name: 'Add Task' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({
      hasText: 'Successfuly added a new task',
    });
    await expect(toast).toBeVisible();
    // A pointer over the toasts holds them on screen while they are measured.
    await toast.hover();
    // Wait for the toast's entrance to end before measuring it.
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    );
    const toastBox = await boxOf(toast);
    const title = await boxOf(page.getByRole('heading', { level: 1, name: 'Task' }));
    expect(intersects(toastBox, title), `toast over the page title at ${width} px`).toBe(false);
    if (width > 1200) {
      const bar = await boxOf(page.getByRole('banner'));
      expect(intersects(toastBox, bar), 'toast over the navigation bar').toBe(false);
    } else {
      // Phones: at the bottom, clear of the menu button.
      const menu = await boxOf(page.getByRole('button', { name: 'Open menu' }));
      expect(intersects(toastBox, menu), `toast over the menu button at ${width} px`).toBe(false);
      expect(toastBox.y, `toast in the lower half at ${width} px`).toBeGreaterThan(844 / 2);
      expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(844);
    }
    // The region follows the page in the Tab order, and the toast has its own close button.
    const isAfterMain = await page.evaluate(() => {
      const region = document.querySelector('[data-sonner-toaster]');
      const main = document.getElementById('main');
      return Boolean(
        region && main && main.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
    });
    expect(isAfterMain).toBe(true);
    if (width === widths[0]) await expectNoSeriousViolations(page, `a toast at ${width} px`);
    await toast.getByRole('button', { name: 'Close toast' }).click();
    await expect(toast).toHaveCount(0);
  }

  // With a dialog open, a toast keeps off its actions (at its foot, on phones a bottom sheet).
  await page.goto('/app/dashboard');
  await page
    .getByRole('region', { name: "Today's Diary" })
    .getByRole('button', { name: 'Write Diary' })
    .click();
  const diary = page.getByRole('dialog', { name: "Today's Diary" });
  await diary.getByRole('textbox', { name: 'Write Your Diary' }).fill('A toast-free evening.');
  await diary.getByRole('button', { name: 'Create', exact: true }).click();
  const saved = page.locator('[data-sonner-toast]').filter({
    hasText: 'Successfuly saved your diary',
  });
  await expect(saved).toBeVisible();
  await saved.hover();
  await expect(diary.getByRole('heading', { name: 'Your diary is saved' })).toBeVisible();
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  const savedBox = await boxOf(saved);
  const actions = await diary.getByRole('button').all();
  expect(actions.length).toBeGreaterThan(0);
  for (const action of actions) {
    const name = await action.textContent();
    expect(intersects(savedBox, await boxOf(action)), `toast over ${name}`).toBe(false);
  }
  expect(problems.messages).toEqual([]);
});

// ---- item 20: the floating menu button covers nothing -------------------------------------------

test('item 20: on phones the menu button covers no tab, number or card', async ({
  page,
  baseURL,
  problems,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'The floating menu button exists at phone widths');
  const user = await createUser(page.request, baseURL!, 'fab', {
    mood: 'Happy',
    goalTarget: 100_000,
  });

  const checks: { path: string; targets: (page: Page) => Locator[] }[] = [
    {
      path: '/app/dashboard',
      targets: (p) => [
        p.getByRole('region', { name: 'Ongoing Tasks' }).getByRole('link', { name: 'Get Task' }),
      ],
    },
    {
      path: '/app/task/board/ongoing',
      targets: (p) => [
        p
          .getByRole('navigation', { name: 'Task columns' })
          .getByRole('link', { name: 'Completed' }),
        p.getByTestId('generated-task'),
      ],
    },
    {
      path: '/app/statistics',
      targets: (p) => [
        p.getByRole('region', { name: 'Task Completed' }),
        p.getByRole('region', { name: 'Completion Rate' }),
      ],
    },
  ];

  await openSignedIn(page, user, '/app/dashboard');
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    for (const { path, targets } of checks) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const menu = page.getByRole('button', { name: 'Open menu' });
      for (const target of targets(page)) {
        await expect(target).toBeVisible();
        // Brought into view at the bottom edge, as keyboard focus and find-in-page bring it.
        await target.evaluate((element) =>
          element.scrollIntoView({ block: 'end', behavior: 'instant' }),
        );
        const box = await boxOf(target);
        const button = await boxOf(menu);
        expect(intersects(box, button), `${path} at ${width} px`).toBe(false);
        const isOnTop = await target.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          const hit = document.elementFromPoint(
            rect.left + rect.width / 2,
            rect.top + rect.height / 2,
          );
          return hit !== null && element.contains(hit);
        });
        expect(isOnTop, `${path} at ${width} px: its centre is not covered`).toBe(true);
      }
      // At the end of the page, the last content sits above the button.
      await page.evaluate(() =>
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
      );
      const lastBottom = await page.evaluate(() => {
        const main = document.getElementById('main')!;
        const style = getComputedStyle(main);
        return main.getBoundingClientRect().bottom - parseFloat(style.paddingBottom);
      });
      expect(lastBottom, `${path} at ${width} px: the end of the page`).toBeLessThanOrEqual(
        (await boxOf(menu)).y,
      );
    }
  }
  await expectNoSeriousViolations(page, 'the statistics screen at 360 px');
  expect(problems.messages).toEqual([]);
});
