import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, newAccount, registerThroughForm, test } from './fixtures';
import { startPgServer, type PgServer } from './pg-server';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/** axe's serious and critical findings on the page as it is now. */
async function seriousViolations(page: Page) {
  // Colours are only final once entrance animations have finished.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/** The signed-in user's token and id, from the browser's storage. */
async function readSession(page: Page) {
  const [token, id] = await page.evaluate(() => [
    localStorage.getItem('token'),
    localStorage.getItem('id'),
  ]);
  expect(token && id).toBeTruthy();
  return { id: id!, headers: { Authorization: `Bearer ${token}` } };
}

async function chooseMoodAndGoOn(page: Page, mood: string) {
  await page
    .getByRole('group', { name: 'How are you feeling today?' })
    .getByRole('button', { name: mood, exact: true })
    .click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/\/onboarding\/step-2$/);
}

test('a new user goes through the three steps and lands on the dashboard with mood, goal and diary', async ({
  page,
  problems,
}) => {
  const account = newAccount('loop');
  await registerThroughForm(page, account);

  // Step 1: greeted by name; Next waits for a mood.
  await expect(page.getByRole('heading', { level: 1, name: 'Select Mood' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: `Hi ${account.name}! How are you feeling today?` }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await chooseMoodAndGoOn(page, 'Happy');

  // Step 2: the goal starts at 50.000; one step right makes it 100.000.
  await expect(page.getByRole('heading', { level: 1, name: 'Set Goals' })).toBeVisible();
  const slider = page.getByRole('slider', { name: 'Your points goal' });
  await expect(slider).toHaveValue('50000');
  expect(await seriousViolations(page)).toEqual([]);
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveValue('100000');
  await expect(page.getByText('100.000', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  // Step 3: today's diary.
  await expect(page).toHaveURL(/\/onboarding\/step-3$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Diary' })).toBeVisible();
  const next = page.getByRole('button', { name: 'Next', exact: true });
  await expect(next).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await page
    .getByRole('textbox', { name: 'Write Your Diary' })
    .fill('My first entry: a calm start.');
  await next.click();

  // The dashboard shows the mood, the goal and the diary, and asks nothing more today.
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Hi There! Welcome Back' })).toBeVisible();
  await expect(
    page
      .getByRole('group', { name: "Today's mood" })
      .getByRole('button', { name: 'Happy', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Feeling Happy', { exact: true })).toBeVisible();
  const points = page.getByRole('region', { name: 'Wellness Points' });
  await expect(points.getByText('100.000')).toBeVisible();
  await expect(points.getByText('0%')).toBeVisible();
  const diary = page.getByRole('region', { name: "Today's Diary" });
  await expect(diary.getByText('My first entry: a calm start.')).toBeVisible();
  await expect(diary.getByText('1 day streak')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Ongoing Tasks' }).getByRole('link', { name: 'Get Task' }),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  expect(problems.messages).toEqual([]);
});

test('Skip on step 3 lands on the dashboard without a diary', async ({ page, problems }) => {
  await registerThroughForm(page, newAccount('later'));
  await chooseMoodAndGoOn(page, 'Neutral');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/\/onboarding\/step-3$/);
  await page.getByRole('button', { name: 'Skip', exact: true }).click();

  await expect(page).toHaveURL(/\/app\/dashboard$/);
  const diary = page.getByRole('region', { name: "Today's Diary" });
  await expect(
    diary.getByText("You haven't written today's diary yet.", { exact: false }),
  ).toBeVisible();
  await expect(diary.getByText('0 day streak')).toBeVisible();
  // Onboarding is done for good: it now leads to the dashboard.
  await page.goto('/onboarding/step-1');
  await expect(page).toHaveURL(/\/app\/dashboard$/);

  // The diary can be written from the dashboard, in the diaryCreation dialog.
  await page
    .getByRole('region', { name: "Today's Diary" })
    .getByRole('button', { name: 'Write Diary' })
    .click();
  const dialog = page.getByRole('dialog', { name: "Today's Diary" });
  await expect(dialog.getByRole('textbox', { name: 'Write Your Diary' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog
    .getByRole('textbox', { name: 'Write Your Diary' })
    .fill('Written from the dashboard.');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Your diary is saved' })).toBeVisible();
  await expect(dialog.getByText('Neutral', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: "Today's Diary" }).getByText('Written from the dashboard.'),
  ).toBeVisible();
  expect(problems.messages).toEqual([]);
});

test("the diary screen creates today's entry, refuses a second and shows the streak", async ({
  page,
  problems,
}) => {
  await registerThroughForm(page, newAccount('diary'));
  const { id, headers } = await readSession(page);
  for (const [path, data] of [
    [`/api/v1/user?id=${id}`, { mood: 'Sad', hasOnboarded: true }],
  ] as const) {
    expect((await page.request.patch(path, { headers, data })).ok()).toBe(true);
  }
  expect(
    (await page.request.post(`/api/v1/goal?id=${id}`, { headers, data: { target: 50_000 } })).ok(),
  ).toBe(true);

  await page.goto('/app/diary');
  await expect(page.getByRole('heading', { level: 1, name: 'My Diary' })).toBeVisible();
  await expect(page.getByText('You can create a diary once per day at any time*')).toBeVisible();
  await expect(page.getByText("You haven't written any diaries yet! Start today!")).toBeVisible();
  await expect(page.getByRole('region', { name: 'Diary Streak' })).toContainText('0 days');
  expect(await seriousViolations(page)).toEqual([]);

  // An empty diary is refused, with the message under the textarea.
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.locator('form').getByText("Diary Can't be Empty")).toBeVisible();
  await expect(page.locator('form').getByText("Diary Can't be Empty")).toBeHidden({
    timeout: 5_000,
  });

  const textarea = page.getByRole('textbox', { name: 'Write Your Diary' });
  await textarea.fill('A slow day, and that is fine.');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Successfuly saved your diary')).toBeVisible();

  // The post-diary panel: saved with today's mood, encouragement, today's goal.
  await expect(page.getByRole('heading', { name: 'Your diary is saved' })).toBeVisible();
  await expect(
    page.getByTestId('post-diary-panel').getByText('Sad', { exact: true }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { name: "You've got this!" })).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { name: "Today's goal" })).toBeVisible();
  await expect(page.getByTestId('post-diary-panel').getByText('50.000')).toBeVisible();
  await expect(page.getByRole('link', { name: "Let's Go" })).toHaveAttribute('href', '/app/task');

  // The streak counts today, and the entry is listed.
  await expect(page.getByRole('region', { name: 'Diary Streak' })).toContainText('1 day');
  const entry = page.getByRole('button', { name: /A slow day, and that is fine\./ });
  await expect(entry).toBeVisible();

  // Back on the screen later, the form is disabled and Create is gone; the server refuses a second.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Write Your Diary' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Write Your Diary' })).toHaveValue(
    'A slow day, and that is fine.',
  );
  await expect(page.getByRole('button', { name: 'Create', exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Diary Streak' })).toContainText('1 day');
  const second = await page.request.post('/api/v1/diary', {
    headers,
    data: { content: 'A second one', id },
  });
  expect(second.status()).toBe(409);

  // A card opens the entry read-only and closes it again.
  await page.getByRole('button', { name: /A slow day, and that is fine\./ }).click();
  await expect(page.getByRole('button', { name: 'Back to today' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: /A slow day, and that is fine\./ }).click();
  await expect(page.getByRole('button', { name: 'Back to today' })).toHaveCount(0);
  expect(problems.messages).toEqual([]);
});

// The day rollover, on a server whose database the spec can reach (see pg-server.ts).
const rolloverTest = test.extend<object, { pgServer: PgServer }>({
  pgServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture names from the pattern.
    async ({}, use) => {
      const server = await startPgServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

rolloverTest(
  'after the day rolls over, newDay asks for a mood, then taskExpired tells of the expired tasks',
  async ({ page, pgServer, problems }) => {
    rolloverTest.setTimeout(120_000);
    const base = pgServer.baseURL;
    const account = newAccount('rollover');
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);

    // A user with a goal and two ongoing tasks, set up through the API.
    const registered = await page.request.post(`${base}/api/v1/auth/register`, {
      data: { ...account, confirmPassword: account.password, terms: true, timeZone },
    });
    expect(registered.ok()).toBe(true);
    const { token, userData } = (await registered.json()) as {
      token: string;
      userData: { id: string };
    };
    const id = userData.id;
    const headers = { Authorization: `Bearer ${token}` };
    const api = `${base}/api/v1`;
    expect(
      (
        await page.request.patch(`${api}/user?id=${id}`, {
          headers,
          data: { mood: 'Happy', hasSetMoodToday: true, hasOnboarded: true },
        })
      ).ok(),
    ).toBe(true);
    expect(
      (
        await page.request.post(`${api}/goal?id=${id}`, { headers, data: { target: 100_000 } })
      ).ok(),
    ).toBe(true);
    for (let i = 0; i < 2; i++) {
      const generated = await page.request.get(`${api}/task/generated?id=${id}&mood=Happy`, {
        headers,
      });
      const { data } = (await generated.json()) as { data: Record<string, unknown> };
      const accepted = await page.request.post(`${api}/task?id=${id}`, {
        headers,
        data: { ...data, status: 'OnGoing' },
      });
      expect(accepted.ok()).toBe(true);
    }

    // Today: the dashboard shows the two tasks and asks nothing.
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    const tasks = page.getByRole('region', { name: 'Ongoing Tasks' });
    await expect(tasks.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The day rolls over: the server last saw this user yesterday, and the tasks were taken then.
    await pgServer.db.query(
      'UPDATE users SET last_active_date = last_active_date - 1 WHERE id = $1',
      [id],
    );
    const moved = await pgServer.db.query(
      "UPDATE tasks SET accepted_on = accepted_on - 1 WHERE user_id = $1 AND status = 'OnGoing'",
      [id],
    );
    expect(moved.rowCount).toBe(2);

    // The first visit of the new day: newDay first, alone.
    await page.reload();
    const newDay = page.getByRole('dialog', { name: 'A new day, a fresh start' });
    await expect(newDay).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    const done = newDay.getByRole('button', { name: 'Done', exact: true });
    await expect(done).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
    await newDay.getByRole('button', { name: 'Neutral', exact: true }).click();
    await done.click();

    // Then taskExpired with the count; Close resets it.
    const expired = page.getByRole('dialog', { name: 'Some tasks expired' });
    await expect(expired).toBeVisible();
    await expect(expired.getByText('2', { exact: true })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    await expired.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(tasks.getByRole('link', { name: 'Get Task' })).toBeVisible();
    await expect(
      page
        .getByRole('group', { name: "Today's mood" })
        .getByRole('button', { name: 'Neutral', exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');

    await expect
      .poll(async () => {
        const { rows } = await pgServer.db.query(
          'SELECT mood, has_set_mood_today, unannounced_expired_task_count FROM users WHERE id = $1',
          [id],
        );
        return rows[0];
      })
      .toEqual({ mood: 'Neutral', has_set_mood_today: true, unannounced_expired_task_count: 0 });

    // A later visit the same day asks nothing.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Hi There! Welcome Back' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(problems.messages).toEqual([]);
  },
);
