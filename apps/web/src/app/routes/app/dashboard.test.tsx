import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, type DiaryEntry, type Goal, type Task, type User } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { getTodayIn } from '@/lib/format';
import { buildGoal as buildTestGoal, buildTask as buildTestTask } from '@/test/factories';
import { buildUser, failure, json, mockApi, renderApp, saveSession } from '@/test/test-utils';

const settled = buildUser({ mood: 'Happy', hasSetMoodToday: true, diaryStreak: 5 });

const buildGoal = (overrides: Partial<Goal> = {}) =>
  buildTestGoal({ target: 150_000, earned: 34_000, completionPercent: 22, ...overrides });

const buildTask = (n: number) => buildTestTask({ title: `Task number ${n}` });

function openDashboard({
  user = settled,
  goal = buildGoal(),
  tasks = [buildTask(1), buildTask(2)],
  diaries = [],
  width = 1400,
  handlers = {},
}: {
  user?: User;
  goal?: Goal | null;
  tasks?: Task[];
  diaries?: DiaryEntry[];
  width?: number;
  handlers?: Parameters<typeof mockApi>[0];
} = {}) {
  let current = user;
  saveSession(user);
  const api = mockApi({
    'GET /user': () => current,
    'PATCH /user': (call) => (current = { ...current, ...(call.body as Partial<User>) }),
    'GET /goal': () => goal,
    'GET /task': () => json(200, { status: 'success', data: tasks, totalTaskCount: tasks.length }),
    'GET /diary': () => diaries,
    ...handlers,
  });
  return { ...renderApp('/app/dashboard', { width }), ...api };
}

describe('the dashboard', { timeout: 20_000 }, () => {
  it('greets, and shows the first two ongoing tasks, the points and the diary', async () => {
    const { calls } = openDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hi There! Welcome Back' })).toBeVisible();
    const tasks = screen.getByRole('region', { name: 'Ongoing Tasks' });
    expect(await within(tasks).findByText('Task number 1')).toBeVisible();
    expect(within(tasks).getByText('Task number 2')).toBeVisible();
    // Each task is named by its title; mood, points (read the English way) and status describe it.
    for (const title of ['Task number 1', 'Task number 2']) {
      expect(within(tasks).getByRole('button', { name: title })).toHaveAccessibleDescription(
        'Happy 2,500 points On Going',
      );
    }
    expect(within(tasks).getAllByText('2.500 points')).toHaveLength(2);
    const taskCall = calls.find((c) => c.path === '/task')!;
    expect(Object.fromEntries(taskCall.url.searchParams)).toMatchObject({
      status: 'OnGoing',
      page: '1',
      size: '2',
    });
    const points = screen.getByRole('region', { name: 'Wellness Points' });
    expect(await within(points).findByText('150.000')).toBeVisible();
    expect(within(points).getByText('34.000')).toBeVisible();
    expect(within(points).getByText('22%')).toBeVisible();
    expect(within(points).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '22');
    const diary = screen.getByRole('region', { name: "Today's Diary" });
    expect(within(diary).getByText('5 day streak')).toBeVisible();
    expect(within(diary).getByRole('button', { name: 'Write Diary' })).toBeVisible();
  });

  it.each([
    [1400, ['Ongoing Tasks', "Today's Mood", "Today's Diary", 'Wellness Points']],
    [390, ["Today's Mood", 'Ongoing Tasks', 'Wellness Points', "Today's Diary"]],
  ])(
    'puts the cards in the DOM in reading order at %i px, so Tab follows the eye (decision 027)',
    async (width, expected) => {
      openDashboard({ width });
      const cards = await screen.findByTestId('dashboard-cards');
      await within(cards).findByText('Task number 1');
      const headings = within(cards)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent);
      expect(headings).toEqual(expected);
    },
  );

  it.each([
    [450, '/app/task/board/onboarding'],
    [1199, '/app/task/board/onboarding'],
    [1200, '/app/task/board'],
    [1400, '/app/task/board'],
    [1600, '/app/task/board'],
  ])('at %i px, View All goes to %s', async (width, path) => {
    openDashboard({ width });
    const tasks = await screen.findByRole('region', { name: 'Ongoing Tasks' });
    expect(within(tasks).getByRole('link', { name: 'View All' })).toHaveAttribute('href', path);
  });

  it('offers Get Task when nothing is ongoing, and hides the card once the goal is Completed', async () => {
    const view = openDashboard({ tasks: [] });
    const tasks = await screen.findByRole('region', { name: 'Ongoing Tasks' });
    expect(await within(tasks).findByRole('link', { name: 'Get Task' })).toHaveAttribute(
      'href',
      '/app/task',
    );
    view.unmount();
    openDashboard({ goal: buildGoal({ status: 'Completed', earned: 150_000 }) });
    expect(await screen.findByText('Completed')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Ongoing Tasks' })).not.toBeInTheDocument();
  });

  it('offers the reward claim where the tasks were while the goal is Completed', async () => {
    const { calls } = openDashboard({
      goal: buildGoal({
        status: 'Completed',
        earned: 150_000,
        backgroundRewardId: '66666666-6666-4666-8666-000000000001',
      }),
      handlers: {
        'POST /goal/claim': () => failure(500, 'INTERNAL_ERROR', 'Not now'),
      },
    });
    const card = await screen.findByRole('region', { name: 'Goal completed!' });
    expect(screen.queryByRole('region', { name: 'Ongoing Tasks' })).not.toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Claim Your Reward' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/goal/claim')).toBe(true));
  });

  it.each([
    ['once the reward is claimed', buildGoal({ status: 'Completed', hasClaimedReward: true })],
    ['when the goal won nothing', buildGoal({ status: 'Completed', backgroundRewardId: null })],
    ['without any goal', null],
  ])('offers Start A New Goal on the dashboard %s', async (_label, goal) => {
    const { calls } = openDashboard({ goal, handlers: { 'POST /goal': () => buildGoal() } });
    const card = await screen.findByRole('region', { name: 'Start A New Goal' });
    expect(within(card).getByRole('heading', { level: 2, name: 'Start A New Goal' })).toBeVisible();
    fireEvent.click(within(card).getByRole('button', { name: 'Set Goal' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/goal')).toBe(true),
    );
    expect(calls.find((c) => c.method === 'POST' && c.path === '/goal')!.body).toEqual({
      target: 150_000,
    });
  });

  it("shows today's diary once written, and opens diaryCreation to write it otherwise", async () => {
    const today = getTodayIn(settled.timeZone);
    const view = openDashboard({
      diaries: [
        {
          id: '33333333-3333-4333-8333-333333333333',
          date: today,
          dateCreated: new Date().toISOString(),
          content: 'Slept well.',
          isBackfilled: false,
          mood: 'Happy',
        },
      ],
    });
    expect(await screen.findByText('Slept well.')).toBeVisible();
    // The day's mood shows on the card, by name (decision 037).
    const diaryCard = screen.getByRole('region', { name: "Today's Diary" });
    expect(within(diaryCard).getByText('Happy')).toBeVisible();
    expect(within(diaryCard).getByText('Mood:')).toHaveClass('sr-only');
    expect(screen.queryByRole('button', { name: 'Write Diary' })).not.toBeInTheDocument();
    // The newest entry up to today is all the dashboard asks for, never the years before it.
    const diaryCalls = view.calls.filter((c) => c.method === 'GET' && c.path === '/diary');
    expect(diaryCalls.map((c) => Object.fromEntries(c.url.searchParams))).toEqual([
      { id: settled.id, limit: '1', before: addDays(today, 1) },
    ]);
    view.unmount();

    openDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Write Diary' }));
    const dialog = await screen.findByRole('dialog', { name: "Today's Diary" });
    expect(within(dialog).getByRole('textbox', { name: 'Write Your Diary' })).toBeVisible();
    // diaryCreation stays open on a click outside.
    await new Promise((r) => setTimeout(r, 150));
    fireEvent.click(screen.getByTestId('dialog-overlay'));
    expect(screen.getByRole('dialog', { name: "Today's Diary" })).toHaveAttribute(
      'data-state',
      'open',
    );
  });
});

describe('the daily dialogs', { timeout: 20_000 }, () => {
  it('asks for the mood first, then tells of the expired tasks, one at a time', async () => {
    const { calls } = openDashboard({
      user: buildUser({ mood: 'Unknown', hasSetMoodToday: false, unannouncedExpiredTaskCount: 3 }),
    });
    const newDay = await screen.findByRole('dialog', { name: 'A new day, a fresh start' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    const done = within(newDay).getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();

    // newDay does not close on a click outside.
    await new Promise((r) => setTimeout(r, 150));
    fireEvent.click(screen.getByTestId('dialog-overlay'));
    expect(screen.getByRole('dialog', { name: 'A new day, a fresh start' })).toBeVisible();

    const moods = within(newDay).getByRole('group', { name: "Today's mood" });
    await userEvent.click(within(moods).getByRole('button', { name: 'Neutral' }));
    expect(done).toBeEnabled();
    // Choosing the same mood again clears it: Done is disabled again for Unknown.
    await userEvent.click(within(moods).getByRole('button', { name: 'Neutral' }));
    expect(done).toBeDisabled();
    await userEvent.click(within(moods).getByRole('button', { name: 'Neutral' }));
    await userEvent.click(done);

    const expired = await screen.findByRole('dialog', { name: 'Some tasks expired' });
    expect(within(expired).getByText('3')).toBeVisible();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      mood: 'Neutral',
      hasSetMoodToday: true,
    });

    await userEvent.click(within(expired).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const patches = calls.filter((c) => c.method === 'PATCH').map((c) => c.body);
    expect(patches).toEqual([
      { mood: 'Neutral', hasSetMoodToday: true },
      { unannouncedExpiredTaskCount: 0 },
    ]);
    // Nothing opens again.
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves the expired count for a later visit when taskExpired is dismissed, not closed', async () => {
    const { calls } = openDashboard({
      user: buildUser({ mood: 'Happy', hasSetMoodToday: true, unannouncedExpiredTaskCount: 1 }),
    });
    const expired = await screen.findByRole('dialog', { name: 'Some tasks expired' });
    expect(within(expired).getByText('task expired')).toBeVisible();
    await new Promise((r) => setTimeout(r, 150));
    fireEvent.keyDown(expired, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Only Close resets the count; the dialog does not come straight back either.
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('asks nothing once the mood is set and no task has expired', async () => {
    openDashboard({ user: buildUser({ mood: 'Sad', hasSetMoodToday: false }) });
    await screen.findByRole('region', { name: 'Ongoing Tasks' });
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('changing the mood on the dashboard', { timeout: 20_000 }, () => {
  it('shows the new mood at once and restores the old one when saving fails', async () => {
    let fail: () => void = () => {};
    const { calls } = openDashboard({
      handlers: {
        'PATCH /user': () =>
          new Promise<Response>((resolve) => {
            fail = () => resolve(failure(500, 'INTERNAL_ERROR', 'Oops'));
          }),
      },
    });
    const moods = await screen.findByRole('group', { name: "Today's mood" });
    const happy = within(moods).getByRole('button', { name: 'Happy' });
    const sad = within(moods).getByRole('button', { name: 'Sad' });
    await waitFor(() => expect(happy).toHaveAttribute('aria-pressed', 'true'));

    await userEvent.click(sad);
    // Optimistic: the cached user already has the new mood.
    expect(sad).toHaveAttribute('aria-pressed', 'true');
    expect(happy).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Feeling Sad')).toBeVisible();
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ mood: 'Sad' });

    fail();
    expect(
      await screen.findByText(
        'Something went wrong while attempting to change your mood, please try again later.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(happy).toHaveAttribute('aria-pressed', 'true'));
    expect(sad).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Feeling Happy')).toBeVisible();
  });
});
