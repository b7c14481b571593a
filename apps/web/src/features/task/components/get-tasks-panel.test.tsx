import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { GeneratedTask, Goal, User } from '@wellspring/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildGoal, buildTask } from '@/test/factories';
import {
  buildUser,
  failure,
  mockApi,
  renderApp,
  saveSession,
  type RecordedCall,
  expectToast,
} from '@/test/test-utils';
import { SHUFFLE_ANIMATION_MS } from './get-tasks-panel';

const suggestions: GeneratedTask[] = [
  {
    templateId: '00000000-0000-4000-8000-00000000c001',
    title: 'Stretch for ten minutes',
    description: 'Roll your shoulders.',
    mood: 'Happy',
    points: 1_500,
  },
  {
    templateId: '00000000-0000-4000-8000-00000000c002',
    title: 'Make a cup of tea',
    description: 'Slowly.',
    mood: 'Happy',
    points: 2_000,
  },
];

function setup({
  user = buildUser({ mood: 'Happy' }),
  goal = buildGoal(),
  handlers = {},
}: {
  user?: User;
  goal?: Goal | null;
  handlers?: Record<string, (call: RecordedCall) => unknown>;
} = {}) {
  saveSession(user);
  let served = 0;
  const api = mockApi({
    'GET /user': () => user,
    'GET /goal': () => goal,
    'GET /task': () =>
      new Response(JSON.stringify({ status: 'success', data: [], totalTaskCount: 0 }), {
        status: 200,
      }),
    'GET /task/generated': () => suggestions[served++ % suggestions.length],
    ...handlers,
  });
  renderApp('/app/task/board', { width: 1400 });
  return api;
}

const generatedCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/task/generated');

afterEach(() => vi.useRealTimers());

describe('Get Your Tasks', { timeout: 20_000 }, () => {
  it('asks for a task for the mood', async () => {
    const { calls } = setup();
    expect(await screen.findByRole('heading', { name: 'Stretch for ten minutes' })).toBeVisible();
    expect(screen.getByText('1.500 points')).toBeVisible();
    expect(generatedCalls(calls)[0]!.url.searchParams.get('mood')).toBe('Happy');
  });

  it('omits the mood when it is Unknown', async () => {
    const { calls } = setup({ user: buildUser({ mood: 'Unknown' }) });
    await screen.findByRole('heading', { name: 'Stretch for ten minutes' });
    expect(generatedCalls(calls)[0]!.url.searchParams.has('mood')).toBe(false);
  });

  it('Shuffle animates for 1 s, then shows another task', async () => {
    const { calls } = setup();
    await screen.findByRole('heading', { name: 'Stretch for ten minutes' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    const shuffle = screen.getByRole('button', { name: 'Shuffle' });
    shuffle.focus();
    fireEvent.click(shuffle);
    expect(screen.getByRole('status', { name: 'Shuffling' })).toBeInTheDocument();
    // Both rest without leaving the Tab order, so the focus stays on Shuffle (decision 025).
    expect(shuffle).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Add Task' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(shuffle).toBeEnabled();
    expect(shuffle).toHaveFocus();
    // A second press while shuffling asks for nothing more.
    fireEvent.click(shuffle);

    await act(() => vi.advanceTimersByTimeAsync(SHUFFLE_ANIMATION_MS - 1));
    // The next task has arrived, but the animation still has its last millisecond to run.
    expect(generatedCalls(calls)).toHaveLength(2);
    expect(screen.getByRole('status', { name: 'Shuffling' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Make a cup of tea' })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('heading', { name: 'Make a cup of tea' })).toBeVisible();
    expect(shuffle).not.toHaveAttribute('aria-disabled');
    expect(shuffle).toHaveFocus();
    // The new suggestion is told to screen readers in a polite live region.
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      'New suggestion: Make a cup of tea.',
    );
  });

  it('adds the task as OnGoing with no extra query parameter, then says so', async () => {
    const { calls } = setup({
      handlers: { 'POST /task': () => buildTask({ title: 'Stretch for ten minutes' }) },
    });
    await screen.findByRole('heading', { name: 'Stretch for ten minutes' });
    fireEvent.click(screen.getByRole('button', { name: 'Add Task' }));
    await expectToast('Successfuly added a new task');
    const post = calls.find((c) => c.method === 'POST' && c.path === '/task')!;
    expect([...post.url.searchParams.keys()]).toEqual(['id']);
    expect(post.url.searchParams.get('id')).toBe(buildUser().id);
    expect(post.body).toEqual({ ...suggestions[0], status: 'OnGoing' });
  });

  it('says so when adding fails, with the reason', async () => {
    setup({
      handlers: {
        'POST /task': () =>
          failure(409, 'TOO_MANY_ONGOING_TASKS', 'You have 10 tasks on the go; finish one first'),
      },
    });
    await screen.findByRole('heading', { name: 'Stretch for ten minutes' });
    fireEvent.click(screen.getByRole('button', { name: 'Add Task' }));
    expect(
      await screen.findByText('Oops, something went wrong while trying to add a new task'),
    ).toBeVisible();
    expect(screen.getByText('You have 10 tasks on the go; finish one first')).toBeVisible();
  });

  it('blocks Shuffle and Add Task while the goal is completed', async () => {
    const { calls } = setup({
      goal: buildGoal({ status: 'Completed', earned: 50_000, hasClaimedReward: true }),
    });
    expect(
      await screen.findByText('Tasks can only be generated when your goal is not yet completed'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Shuffle' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add Task' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set Goal' })).toBeVisible());
    expect(generatedCalls(calls)).toHaveLength(0);
  });
});
