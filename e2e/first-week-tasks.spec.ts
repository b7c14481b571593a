import type { Request } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  DELETE_SUCCESS,
  DELETE_FAILURE,
  RESTORE_SUCCESS,
  expectNoSeriousViolations,
  registerAndSettle,
  acceptTask,
  isWide,
  taskButton,
} from './first-week-pages-helpers';

/*
 * A newcomer's first week: the list's date picker, and undoing a discarded task (decision 022).
 * Each runs at the phone and the desktop widths.
 */

// Each test signs up through the form, runs axe and waits out a notice or two: on a busy machine
// that takes longer than the default 30 s.
test.describe.configure({ timeout: 90_000 });

// ---- item 11 ------------------------------------------------------------------------------------

test('typing a date into the list’s date picker filters only once the date is complete and valid', async ({
  page,
}) => {
  test.skip(!isWide(page), 'the list view exists only on wide screens (SPEC.md section 2)');
  const { session } = await registerAndSettle(page, 'datepicker', { goal: 150_000 });
  const task = await acceptTask(page, session, 'Happy');

  const dated: { url: string; status: number }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname === '/api/v1/task' && url.searchParams.get('date')) {
      dated.push({ url: url.search, status: response.status() });
    }
  });
  await page.goto('/app/task/list');
  const table = page.getByRole('table');
  await expect(table.getByRole('button', { name: task.title, exact: true })).toBeVisible();

  // Typed field by field, in the order the browser's locale shows them (month first in en-US).
  const today = await page.evaluate(() => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const parts: Record<string, string> = {
      month: pad(now.getMonth() + 1),
      day: pad(now.getDate()),
      year: String(now.getFullYear()),
    };
    const order = new Intl.DateTimeFormat(navigator.language)
      .formatToParts(now)
      .map((part) => part.type)
      .filter((type) => type in parts);
    return {
      typed: order.map((type) => parts[type]).join(''),
      value: `${parts.year}-${parts.month}-${parts.day}`,
      midnight: new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime(),
    };
  });
  const picker = page.getByLabel('Pick a date');
  // Typed from the keyboard: the field passes through 0002-…, 0020-… and 0202-… on the way.
  await picker.focus();
  await page.keyboard.type(today.typed, { delay: 80 });
  await expect(picker).toHaveValue(today.value);
  await expect(table.getByRole('button', { name: task.title, exact: true })).toBeVisible();
  await expect(page.getByText('Your tasks could not be loaded')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  // One request, for the day as typed in full: none for year 0002, 0020 or 0202 on the way.
  expect(dated.map((r) => r.status)).toEqual([200]);
  expect(dated[0]!.url).toContain(`date=${today.midnight}`);
});

// ---- item 12 ------------------------------------------------------------------------------------

test('discarding a task says so and offers Undo; a double click discards one task, once', async ({
  page,
  problems,
}) => {
  const { session } = await registerAndSettle(page, 'undo', { goal: 150_000 });
  const first = await acceptTask(page, session, 'Happy');
  const second = await acceptTask(page, session, 'Happy');

  const deletes: Request[] = [];
  const restores: Request[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'DELETE' && pathname === '/api/v1/task') deletes.push(request);
    if (request.method() === 'POST' && pathname === '/api/v1/task/restore') restores.push(request);
  });

  if (isWide(page)) {
    await page.goto('/app/task/list');
    const table = page.getByRole('table');
    await expect(table.getByRole('button', { name: second.title, exact: true })).toBeVisible();
    await table.getByRole('button', { name: `Delete ${second.title}` }).dblclick();
    await expect(page.getByText(DELETE_SUCCESS)).toBeVisible();
    await expect(table.getByRole('button', { name: second.title, exact: true })).toHaveCount(0);
    await expect(table.getByRole('button', { name: first.title, exact: true })).toBeVisible();
  } else {
    await page.goto('/app/task/board/ongoing');
    await taskButton(page, second.title).click();
    const detail = page.getByRole('dialog', { name: second.title });
    await detail.getByRole('button', { name: 'Discard' }).dblclick();
    await expect(page.getByText(DELETE_SUCCESS)).toBeVisible();
    await expect(taskButton(page, second.title)).toHaveCount(0);
  }
  // One request, and no failure reported for a second one.
  await page.waitForTimeout(500);
  expect(deletes).toHaveLength(1);
  await expect(page.getByText(DELETE_FAILURE)).toHaveCount(0);
  const undo = page.getByRole('button', { name: 'Undo', exact: true });
  await expect(undo).toBeVisible();
  // Still offered after a few seconds (a plain notice is gone after 2), then the task comes back.
  await page.waitForTimeout(2_500);
  await expect(undo).toBeVisible();
  await undo.click();
  await expect(taskButton(page, second.title)).toBeVisible();
  await expect(page.getByText(RESTORE_SUCCESS)).toBeVisible();
  await expect(taskButton(page, first.title)).toBeVisible();
  expect(deletes).toHaveLength(1);
  expect(restores).toHaveLength(1);
  await expect(page.getByText(DELETE_FAILURE)).toHaveCount(0);
  // Undo takes its notice away (the toaster lets it fade out first: the next discard's notice
  // would otherwise be found twice while it fades).
  await expect(page.getByText(DELETE_SUCCESS)).toHaveCount(0);
  // The restore's own notice goes two seconds after the pointer leaves the notices (they wait
  // while it rests on them, as it does after pressing Undo). On a phone it slides in above the menu
  // strip, over the foot of the next card: a tap while it moves in lands on the notice, not the
  // card (a local CI run clicked the card and no dialog opened).
  await page.mouse.move(1, 1);
  await expect(page.getByText(RESTORE_SUCCESS)).toHaveCount(0, { timeout: 10_000 });

  // Without Undo the notice goes by itself after about five seconds, and the discard stays.
  if (isWide(page)) {
    await page
      .getByRole('table')
      .getByRole('button', { name: `Delete ${first.title}` })
      .click();
  } else {
    await taskButton(page, first.title).click();
    await page
      .getByRole('dialog', { name: first.title })
      .getByRole('button', { name: 'Discard' })
      .click();
  }
  await expect(page.getByText(DELETE_SUCCESS)).toBeVisible();
  // Checked once the notice has faded in: half-faded, its text has half its contrast.
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: DELETE_SUCCESS })).toHaveCSS(
    'opacity',
    '1',
  );
  await expectNoSeriousViolations(page, 'the deleted-task notice with its Undo');
  await expect(page.getByText(DELETE_SUCCESS)).toHaveCount(0, { timeout: 15_000 });
  await page.reload();
  await expect(taskButton(page, second.title)).toBeVisible();
  await expect(taskButton(page, first.title)).toHaveCount(0);
  expect(problems.messages).toEqual([]);
});
