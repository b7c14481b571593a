import type { Request } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  PHONE,
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  registerAndSettle,
  acceptTask,
  completeGoal,
  openProfile,
} from './first-week-pages-helpers';

/*
 * A newcomer's first week: deleting the account and importing one, and the dashboard while a goal
 * is completed (decision 022). Desktop only: the dashboard's test turns to the phone's width itself.
 */

// Each test signs up through the form, runs axe and waits out a notice or two: on a busy machine
// that takes longer than the default 30 s.
test.describe.configure({ timeout: 90_000 });

// ---- item 16 ------------------------------------------------------------------------------------

test('deleting the account asks once more in plain words, then the landing page says it is done', async ({
  page,
  problems,
}) => {
  const { account, session } = await registerAndSettle(page, 'deleteme', { goal: 50_000 });
  await page.goto('/app/dashboard');
  const deletes: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'DELETE' && new URL(request.url()).pathname === '/api/v1/account') {
      deletes.push(request);
    }
  });
  const dialog = await openProfile(page, account.name);
  await dialog.getByRole('tab', { name: 'Your data' }).click();
  await dialog.getByLabel('To confirm, type your email address').fill(account.email);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  // Typing the email only leads to the question: nothing is deleted yet.
  const question = dialog.getByRole('group', { name: /Delete your account for good\?/ });
  await expect(question).toBeVisible();
  await expect(question).toContainText('cannot be undone');
  await expectNoSeriousViolations(page, 'the last question before deleting');
  expect(deletes).toHaveLength(0);
  await question.getByRole('button', { name: 'No, keep my account' }).click();
  await expect(question).toHaveCount(0);
  const still = await page.request.get(`/api/v1/user?id=${session.id}`, {
    headers: session.headers,
  });
  expect(still.status()).toBe(200);

  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await question.getByRole('button', { name: 'Yes, delete everything' }).click();
  await expect(page).toHaveURL(/\/home\/landing$/);
  const notice = page
    .getByRole('status')
    .filter({ hasText: 'Your account and everything in it have been deleted' });
  await expect(notice).toBeVisible();
  // It stays until read, not a two-second notice.
  await page.waitForTimeout(3_000);
  await expect(notice).toBeVisible();
  await expectNoSeriousViolations(page, 'the landing page after deleting the account');
  expect(deletes).toHaveLength(1);
  // Once said, it is not said again.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/Your account and everything in it have been deleted/)).toHaveCount(
    0,
  );
  expect(problems.messages).toEqual([]);
});

test('a successful import says what it imported', async ({ page, problems }) => {
  // A first account with a goal, a task, a diary entry and a mood, exported.
  const source = await registerAndSettle(page, 'exporter', {
    goal: 150_000,
    diary: 'Imported day',
  });
  await acceptTask(page, source.session, 'Happy');
  const exported = await page.request.get('/api/v1/account/export', {
    headers: source.session.headers,
  });
  expect(exported.ok()).toBe(true);
  const file = await exported.body();
  await page.evaluate(() => localStorage.clear());

  // A new account with nothing in it yet takes the file.
  const { account } = await registerAndSettle(page, 'importer', { mood: false });
  await page.goto('/app/dashboard');
  const dialog = await openProfile(page, account.name);
  await dialog.getByRole('tab', { name: 'Your data' }).click();
  await dialog.getByLabel('Export file (.json)').setInputFiles({
    name: 'wellspring-export.json',
    mimeType: 'application/json',
    buffer: file,
  });
  await dialog.getByRole('button', { name: 'Import' }).click();
  // The mood comes as its check-in; the activities only when the first account had its list.
  const said = page.getByText(
    /^Imported 1 goal, 1 task, 1 diary entry(, 1 check-in and \d+ activities| and 1 check-in)\.$/,
  );
  // Said where the eye is, and for long enough to read.
  await expect(said).toBeInViewport();
  await page.waitForTimeout(2_500);
  await expect(said).toBeInViewport();
  expect(problems.messages).toEqual([]);
});

// ---- item 17 ------------------------------------------------------------------------------------

test('the dashboard stays balanced while the goal is completed and offers the next goal', async ({
  page,
  problems,
}) => {
  test.slow();
  const { session } = await registerAndSettle(page, 'balanced', {
    goal: 50_000,
    diary: 'A good day.',
  });
  await completeGoal(page, session);
  await page.goto('/app/dashboard');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: "Today's Diary" })).toBeVisible();

  // Completed, reward unclaimed: the dashboard offers the claim where the tasks were.
  const claim = main.getByRole('button', { name: 'Claim Your Reward' });
  await expect(claim).toBeVisible();
  const diaryCard = main.getByRole('region', { name: "Today's Diary" });
  const expectBalanced = async (where: string) => {
    // The goal's card stands where the tasks were, above the diary: the diary card shares its
    // column instead of stretching alone into an empty block beside mood and points.
    const goal = (await main.getByTestId('goal-card').boundingBox())!;
    const diary = (await diaryCard.boundingBox())!;
    expect(goal.y, `the goal card ${where}`).toBeLessThan(diary.y);
    if (page.viewportSize()!.width >= 900) {
      const column = diary.y + diary.height - goal.y;
      expect(diary.height, `the diary card ${where}`).toBeLessThan(column * 0.75);
    }
    await expectNoSidewaysScroll(page, `the dashboard ${where}`);
  };
  await expectBalanced('with a reward to claim');
  await expectNoSeriousViolations(page, 'the dashboard with a reward to claim');

  await claim.click();
  const prize = page.getByRole('dialog', { name: 'You won a new background!' });
  await expect(prize).toBeVisible();
  await prize.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Claimed: the next goal can be set right here.
  const next = main.getByRole('region', { name: 'Start A New Goal' });
  await expect(next).toBeVisible();
  await expectBalanced('after the claim');
  await page.setViewportSize(PHONE);
  // The compact menu has taken the wide bar's place.
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(next).toBeVisible();
  await expectNoSidewaysScroll(page, 'the dashboard at 360 px after the claim');
  await expectNoSeriousViolations(page, 'the dashboard with a new goal to set');
  await next.getByRole('button', { name: 'Set Goal' }).click();
  await expect(main.getByRole('heading', { name: 'Ongoing Tasks' })).toBeVisible();
  await expect(next).toHaveCount(0);
  expect(problems.messages).toEqual([]);
});
