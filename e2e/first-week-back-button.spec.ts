import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addTask, createUser, hasWideNav, navigateTo, openSignedIn } from './first-week-setup';

/*
 * A newcomer's first week: the browser's Back button and dialogs (decision 023). Checked where it
 * went wrong, in Chromium, at the phone and desktop widths.
 */

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

// ---- item 5: Back closes the top dialog ---------------------------------------------------------

test.describe('item 5: the Back button and dialogs', () => {
  test('Back closes the task sheet, then the task-complete dialog, and only them', async ({
    page,
    baseURL,
    problems,
  }) => {
    const user = await createUser(page.request, baseURL!, 'back', {
      mood: 'Happy',
      goalTarget: 500_000,
    });
    const first = await addTask(page.request, user);
    await openSignedIn(page, user, '/app/dashboard');
    await expect(page.getByRole('heading', { name: 'Hi There! Welcome Back' })).toBeVisible();

    await navigateTo(page, 'Task');
    await expect(page).toHaveURL(/\/app\/task\/board/);
    const taskPath = pathOf(page);
    const card = page
      .getByTestId('task-board')
      .getByRole('region', { name: 'On Going' })
      .getByRole('button', { name: new RegExp(first.title) });

    // Back with the sheet open closes it, and stays on the page.
    await card.click();
    const sheet = page.getByRole('dialog', { name: first.title });
    await expect(sheet.getByRole('button', { name: 'Complete' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(pathOf(page)).toBe(taskPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Task' })).toBeVisible();

    // The sheet opens again; Complete turns it into taskComplete; Back closes that one only.
    await card.click();
    await sheet.getByRole('button', { name: 'Complete' }).click();
    const result = page.getByRole('dialog', { name: 'Task completed!' });
    await expect(result).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(pathOf(page)).toBe(taskPath);

    // The profile dialog too.
    if (!hasWideNav(page)) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: `Open profile: ${user.name}` }).click();
    await expect(page.getByRole('dialog', { name: 'Your Profile' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(pathOf(page)).toBe(taskPath);

    // No entry is left behind: the next Back goes to the dashboard.
    await page.goBack();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Hi There! Welcome Back' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(problems.messages).toEqual([]);
  });

  test('a dialog closed any other way, or lost to a reload, leaves no Back step behind', async ({
    page,
    baseURL,
    problems,
  }) => {
    const user = await createUser(page.request, baseURL!, 'backclose', {
      mood: 'Happy',
      goalTarget: 500_000,
    });
    const task = await addTask(page.request, user);
    await openSignedIn(page, user, '/app/dashboard');
    await expect(page.getByRole('heading', { name: 'Hi There! Welcome Back' })).toBeVisible();
    await navigateTo(page, 'Task');
    await expect(page).toHaveURL(/\/app\/task\/board/);
    const card = page
      .getByTestId('task-board')
      .getByRole('region', { name: 'On Going' })
      .getByRole('button', { name: new RegExp(task.title) });
    const sheet = page.getByRole('dialog', { name: task.title });

    // Closed by its button, by Escape and by a click outside.
    await card.click();
    await sheet.getByRole('button', { name: 'Close dialog' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await card.click();
    await expect(sheet).toBeVisible();
    await page.waitForTimeout(150); // past the 100 ms in which a dialog ignores a dismissal
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await card.click();
    await expect(sheet).toBeVisible();
    await page.waitForTimeout(150);
    await page.getByTestId('dialog-overlay').click({ position: { x: 5, y: 5 } });
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // A reload with the sheet open shows no dialog, and keeps no step for it.
    await card.click();
    await expect(sheet).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Task' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // And Forward comes back to the task page, without a dialog.
    await page.goForward();
    await expect(page).toHaveURL(/\/app\/task\/board/);
    await expect(page.getByRole('heading', { level: 1, name: 'Task' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(problems.messages).toEqual([]);
  });

  test('newDay and diaryCreation stay open on Back, as on a click outside', async ({
    page,
    baseURL,
    problems,
  }) => {
    // No mood yet today: the dashboard asks with newDay.
    const user = await createUser(page.request, baseURL!, 'backstay', { goalTarget: 100_000 });
    await openSignedIn(page, user, '/app/statistics');
    await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
    await navigateTo(page, 'Dashboard');
    const newDay = page.getByRole('dialog', { name: 'A new day, a fresh start' });
    await expect(newDay).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/app\/statistics$/);
    await expect(newDay).toBeVisible();
    await newDay.getByRole('button', { name: 'Happy', exact: true }).click();
    await newDay.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await navigateTo(page, 'Dashboard');
    await page
      .getByRole('region', { name: "Today's Diary" })
      .getByRole('button', { name: 'Write Diary' })
      .click();
    const diary = page.getByRole('dialog', { name: "Today's Diary" });
    await expect(diary).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/app\/statistics$/);
    await expect(diary).toBeVisible();
    expect(problems.messages).toEqual([]);
  });
});
