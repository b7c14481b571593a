import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Goal } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { buildBackground, buildGoal } from '@/test/factories';
import {
  buildUser,
  createTestQueryClient,
  failure,
  mockApi,
  renderApp,
  saveSession,
  type RecordedCall,
} from '@/test/test-utils';
import { goalKeys } from '@/lib/query-keys';
import { getGoalOverlayState } from '../utils/goal-overlay-state';

const REWARD_ID = '00000000-0000-4000-8000-00000000e001';
const completedWithReward = buildGoal({
  earned: 51_000,
  status: 'Completed',
  backgroundRewardId: REWARD_ID,
  completedAt: '2024-05-05T10:00:00.000Z',
});

describe('getGoalOverlayState', () => {
  it('claims first, then asks for a new goal; nothing while the goal is in progress', () => {
    expect(getGoalOverlayState(undefined)).toBeNull();
    expect(getGoalOverlayState(buildGoal())).toBeNull();
    expect(getGoalOverlayState(completedWithReward)).toBe('claim');
    expect(getGoalOverlayState({ ...completedWithReward, hasClaimedReward: true })).toBe(
      'new-goal',
    );
    expect(getGoalOverlayState({ ...completedWithReward, backgroundRewardId: null })).toBe(
      'new-goal',
    );
    expect(getGoalOverlayState(null)).toBe('new-goal');
  });
});

function setup(goal: Goal | null, handlers: Record<string, (c: RecordedCall) => unknown> = {}) {
  const user = buildUser();
  saveSession(user);
  let current = goal;
  const api = mockApi({
    'GET /user': () => user,
    'GET /goal': () => current,
    'GET /goal/all': () => (current ? [current] : []),
    'GET /task': () =>
      new Response(JSON.stringify({ status: 'success', data: [], totalTaskCount: 0 }), {
        status: 200,
      }),
    ...handlers,
  });
  const queryClient = createTestQueryClient();
  // As if the statistics screen had loaded every goal earlier.
  queryClient.setQueryData(goalKeys.list(user.id), goal ? [goal] : []);
  renderApp('/app/task/board', { width: 1400, queryClient });
  return { ...api, queryClient, setGoal: (next: Goal) => (current = next) };
}

const overlay = () => screen.findByTestId('goal-overlay');

describe('the goal overlay', { timeout: 20_000 }, () => {
  it('is not there while the goal is in progress', async () => {
    setup(buildGoal(), {
      'GET /task/generated': () => failure(404, 'NOT_FOUND', 'No task fits right now'),
    });
    await screen.findByText('20.000');
    expect(screen.queryByTestId('goal-overlay')).not.toBeInTheDocument();
  });

  it('claims the reward with no body, then reveals the prize and asks for a new goal', async () => {
    const prize = buildBackground({ id: REWARD_ID, name: 'Soft Hills' });
    const { calls, setGoal } = setup(completedWithReward, {
      'POST /goal/claim': () => {
        setGoal({ ...completedWithReward, hasClaimedReward: true });
        return { goal: { ...completedWithReward, hasClaimedReward: true }, background: prize };
      },
    });
    const card = await overlay();
    expect(within(card).queryByRole('button', { name: 'Set Goal' })).not.toBeInTheDocument();
    const before = calls.filter((c) => c.path === '/user').length;
    fireEvent.click(within(card).getByRole('button', { name: 'Claim Your Reward' }));

    const dialog = await screen.findByRole('dialog', { name: 'You won a new background!' });
    expect(within(dialog).getByText('Soft Hills')).toBeVisible();
    const image = within(dialog).getByRole('img', { name: 'The background Soft Hills' });
    await waitFor(() => expect(image).toHaveAttribute('data-revealed', 'true'));

    const claim = calls.find((c) => c.path === '/goal/claim')!;
    expect(claim.method).toBe('POST');
    expect(claim.body).toBeUndefined();
    expect(claim.headers.has('Content-Type')).toBe(false);
    expect(claim.url.searchParams.get('id')).toBe(buildUser().id);
    // Goal, user data and backgrounds refresh.
    await waitFor(() => expect(calls.filter((c) => c.path === '/user').length).toBe(before + 1));
    expect(screen.getByRole('heading', { name: 'Start A New Goal' })).toBeInTheDocument();
  });

  it('says so when the claim fails', async () => {
    setup(completedWithReward, {
      'POST /goal/claim': () => failure(500, 'INTERNAL_ERROR', 'Something broke'),
    });
    fireEvent.click(within(await overlay()).getByRole('button', { name: 'Claim Your Reward' }));
    expect(
      await screen.findByText(
        'Something went wrong while trying to claim your reward, please try again later',
      ),
    ).toBeVisible();
  });

  it('starts a new goal with the slider: 50,000 to 500,000 by 50,000, 150,000 first', async () => {
    const done = { ...completedWithReward, backgroundRewardId: null };
    const { calls, setGoal, queryClient } = setup(done, {
      'POST /goal': (call) => {
        const created = buildGoal({
          id: '00000000-0000-4000-8000-00000000a002',
          earned: 0,
          target: (call.body as { target: number }).target,
          tier: 2,
        });
        setGoal(created);
        return created;
      },
      'GET /task/generated': () => failure(404, 'NOT_FOUND', 'No task fits right now'),
    });
    const card = await overlay();
    expect(within(card).getByRole('heading', { name: 'Start A New Goal' })).toBeVisible();
    const slider = within(card).getByRole('slider', { name: 'Your new goal' });
    expect(slider).toHaveValue('150000');
    expect(slider).toHaveAttribute('min', '50000');
    expect(slider).toHaveAttribute('max', '500000');
    expect(slider).toHaveAttribute('step', '50000');
    expect(slider).toHaveAttribute('aria-valuetext', '150,000 points, Tier 1, Easy');

    fireEvent.change(slider, { target: { value: '300000' } });
    expect(slider).toHaveAttribute('aria-valuetext', '300,000 points, Tier 2, Medium');
    const before = calls.filter((c) => c.path === '/user').length;
    fireEvent.click(within(card).getByRole('button', { name: 'Set Goal' }));

    await waitFor(() => expect(screen.queryByTestId('goal-overlay')).not.toBeInTheDocument());
    const post = calls.find((c) => c.method === 'POST' && c.path === '/goal')!;
    expect(post.body).toEqual({ target: 300_000 });
    expect(post.url.searchParams.get('id')).toBe(buildUser().id);
    expect(await screen.findByText('300.000 points', { exact: false })).toBeInTheDocument();
    // The goal, all-goals and user caches refresh.
    await waitFor(() => expect(calls.filter((c) => c.path === '/user').length).toBe(before + 1));
    expect(queryClient.getQueryState(goalKeys.list(buildUser().id))?.isInvalidated).toBe(true);
  });

  it('says so when the new goal cannot be created, keeping the chosen target', async () => {
    setup(null, {
      'POST /goal': () => failure(409, 'GOAL_IN_PROGRESS', 'A goal is already in progress'),
    });
    const card = await overlay();
    const slider = within(card).getByRole('slider');
    fireEvent.change(slider, { target: { value: '450000' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Set Goal' }));
    expect(
      await screen.findByText('Something went wrong while trying to create a new goal'),
    ).toBeVisible();
    expect(slider).toHaveValue('450000');
    await act(async () => {});
  });
});
