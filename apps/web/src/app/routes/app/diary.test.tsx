import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Diary, User } from '@wellspring/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUpDiaryListPerTest } from '@/features/diary/testing/diary-list-layout';
import { LIVE_REGION_SETTLE_MS, preloadToaster } from '@/components/ui/toast';
import { buildDiary as buildTestDiary } from '@/test/factories';
import { getTodayIn } from '@/lib/format';
import {
  buildUser,
  captureConsoleErrors,
  failure,
  json,
  mockApi,
  renderApp,
  saveSession,
} from '@/test/test-utils';

const user = buildUser({ mood: 'Neutral', hasSetMoodToday: true, diaryStreak: 4 });
const today = getTodayIn(user.timeZone);

const buildDiary = (date: string, content: string, id: string) =>
  buildTestDiary({ id, date, content });

const older = [
  buildDiary(
    '2024-01-05',
    'A quiet Friday.\nRead a book by the window.',
    'aaaaaaaa-0000-4000-8000-000000000001',
  ),
  buildDiary('2024-01-04', 'Long walk after work.', 'aaaaaaaa-0000-4000-8000-000000000002'),
];

function openDiary({
  diaries = older,
  handlers = {},
}: { diaries?: Diary[]; handlers?: Parameters<typeof mockApi>[0] } = {}) {
  let list = diaries;
  let current: User = user;
  saveSession(user);
  const api = mockApi({
    'GET /user': () => current,
    'GET /goal': () => null,
    'GET /diary': () => list,
    'POST /diary': (call) => {
      const body = call.body as { content: string };
      const diary = buildDiary(today, body.content, 'bbbbbbbb-0000-4000-8000-000000000001');
      list = [diary, ...list];
      current = { ...current, diaryStreak: 1 };
      return json(201, { status: 'success', data: diary });
    },
    ...handlers,
  });
  return { ...renderApp('/app/diary', { width: 1400 }), ...api };
}

afterEach(() => vi.useRealTimers());
// jsdom has no layout: the virtualised list is given a browser's heights.
setUpDiaryListPerTest();

describe('the diary screen', { timeout: 20_000 }, () => {
  it('lists past diaries with their dates and shows the streak and the hint', async () => {
    openDiary();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Diary' })).toBeVisible();
    expect(screen.getByText('You can create a diary once per day at any time*')).toBeVisible();
    const entries = await screen.findAllByRole('button', { pressed: false, name: /2024/ });
    expect(entries.map((b) => within(b).getByText(/2024/).textContent)).toEqual([
      'January 5, 2024',
      'January 4, 2024',
    ]);
    expect(within(entries[0]!).getByText(/A quiet Friday/)).toHaveClass('line-clamp-3');
    expect(screen.getByRole('region', { name: 'Diary Streak' })).toHaveTextContent('4 days');
  });

  it('says on the streak card how many rest days this month bridged', async () => {
    openDiary({
      handlers: { 'GET /user': () => ({ ...user, diaryStreak: 21, diaryStreakRestDays: 1 }) },
    });
    const card = await screen.findByRole('region', { name: 'Diary Streak' });
    await waitFor(() => expect(card).toHaveTextContent('21 days'));
    expect(card).toHaveTextContent('1 rest day used this month');
  });

  it('shows the empty state when there are no diaries', async () => {
    openDiary({ diaries: [] });
    expect(
      await screen.findByText("You haven't written any diaries yet! Start today!"),
    ).toBeVisible();
  });

  it('selects a diary to read it and deselects it with a second click', async () => {
    openDiary();
    const card = await screen.findByRole('button', { name: /January 4, 2024/ });
    await userEvent.click(card);
    expect(card).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'January 4, 2024' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Write Your Diary' })).not.toBeInTheDocument();
    await userEvent.click(card);
    expect(card).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('textbox', { name: 'Write Your Diary' })).toBeEnabled();
  });

  it("says 'Diary Can't be Empty' with a red border for 2 seconds", async () => {
    const { calls } = openDiary();
    const textarea = await screen.findByRole('textbox', { name: 'Write Your Diary' });
    // sonner loads with the first toast; load it while the clock still runs.
    await preloadToaster();
    vi.useFakeTimers();
    fireEvent.change(textarea, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveClass('border-red-600');
    // The notice shows too (a live region made for it stands empty a moment first, decision 025).
    act(() => vi.advanceTimersByTime(LIVE_REGION_SETTLE_MS + 10));
    expect(screen.getAllByText("Diary Can't be Empty")).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1_989 - LIVE_REGION_SETTLE_MS));
    expect(textarea).toHaveClass('border-red-600');
    act(() => vi.advanceTimersByTime(1));
    expect(textarea).not.toHaveClass('border-red-600');
    expect(textarea).not.toHaveAttribute('aria-invalid');
    expect(
      screen.queryAllByText("Diary Can't be Empty").filter((el) => el.closest('form')),
    ).toHaveLength(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('saves today’s diary, shows the post-diary panel and then refuses a second one', async () => {
    const { calls } = openDiary();
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Write Your Diary' }),
      'Today felt lighter.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Successfuly saved your diary')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your diary is saved' })).toBeVisible();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ content: 'Today felt lighter.', id: user.id });
    // The user (streak) and the list refresh.
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Diary Streak' })).toHaveTextContent('1 day'),
    );
    expect(screen.getAllByRole('button', { name: /2024|20\d\d/ })[0]).toHaveTextContent(
      'Today felt lighter.',
    );
    expect(
      calls.filter((c) => c.method === 'GET' && c.path === '/diary').length,
    ).toBeGreaterThanOrEqual(2);
    // Leaving the panel (reading an entry and closing it) shows today's form, disabled.
    const todayCard = screen.getByRole('button', { name: /Today felt lighter/ });
    await userEvent.click(todayCard);
    await userEvent.click(todayCard);
    expect(screen.getByRole('textbox', { name: 'Write Your Diary' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
  });

  it("disables the form and hides Create once today's diary exists", async () => {
    openDiary({
      diaries: [
        buildDiary(today, 'Already written.', 'cccccccc-0000-4000-8000-000000000001'),
        ...older,
      ],
    });
    const textarea = await screen.findByRole('textbox', { name: 'Write Your Diary' });
    await waitFor(() => expect(textarea).toBeDisabled());
    expect(textarea).toHaveValue('Already written.');
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
  });

  it('counts near the limit and refuses a longer text whole, without a call', async () => {
    const { calls } = openDiary();
    const textarea = await screen.findByRole('textbox', { name: 'Write Your Diary' });
    expect(textarea).not.toHaveAttribute('maxlength');
    fireEvent.change(textarea, { target: { value: 'x'.repeat(17_999) } });
    expect(screen.queryByText('20.000')).not.toBeInTheDocument();

    const pasted = 'y'.repeat(22_598);
    fireEvent.change(textarea, { target: { value: pasted } });
    // On screen in German format, read out the English way.
    expect(screen.getByText('22.598')).toBeVisible();
    // The limit shows in the counter and in the message.
    for (const limit of screen.getAllByText('20.000')) expect(limit).toBeVisible();
    expect(textarea).toHaveAccessibleDescription(
      expect.stringContaining('22,598 of 20,000 characters'),
    );
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveAccessibleDescription(
      expect.stringContaining('longer than a diary entry can be'),
    );
    // The limit is read the English way, in the description and in the notice of a refused save.
    expect(textarea).toHaveAccessibleDescription(
      expect.stringContaining('longer than a diary entry can be (20,000 characters)'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    const notices = await screen.findAllByText(/longer than a diary entry can be/);
    expect(notices.length).toBeGreaterThan(1);
    for (const notice of notices)
      expect(notice).toHaveTextContent(/\(20\.000\s*20,000 characters\)/);
    expect(textarea).toHaveValue(pasted);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const fits = pasted.slice(0, 18_000);
    fireEvent.change(textarea, { target: { value: fits } });
    expect(screen.getByText('18.000')).toBeVisible();
    expect(textarea).toHaveAccessibleDescription(
      expect.stringContaining('18,000 of 20,000 characters'),
    );
    expect(textarea).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Successfuly saved your diary')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ content: fits, id: user.id });
  });

  it('keeps what is being written on this device until it is saved', async () => {
    const first = openDiary();
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Write Your Diary' }),
      'Not saved yet.',
    );
    first.unmount();
    openDiary();
    const textarea = await screen.findByRole('textbox', { name: 'Write Your Diary' });
    expect(textarea).toHaveValue('Not saved yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Successfuly saved your diary')).toBeInTheDocument();
    expect(JSON.stringify({ ...localStorage })).not.toContain('Not saved yet.');
  });

  it('keeps the text, says so and logs the error when saving fails', async () => {
    const errors = captureConsoleErrors();
    openDiary({ handlers: { 'POST /diary': () => failure(500, 'INTERNAL_ERROR', 'Oops') } });
    const textarea = await screen.findByRole('textbox', { name: 'Write Your Diary' });
    await userEvent.type(textarea, 'Do not lose me.');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText('Oops, something went wrong while trying to save your diary'),
    ).toBeInTheDocument();
    expect(textarea).toHaveValue('Do not lose me.');
    expect(errors.calls).toHaveLength(1);
    // The error is logged, never the diary text.
    expect(JSON.stringify(errors.calls[0])).not.toContain('Do not lose me.');
  });
});
