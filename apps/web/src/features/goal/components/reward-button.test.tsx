import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Goal } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { buildBackground, buildGoal } from '@/test/factories';
import { buildUser, failure, mockApi, renderApp, saveSession } from '@/test/test-utils';
import { shouldShowRewardButton } from './reward-button';

const SAMPLE_GOAL = buildGoal({ earned: 32_500, completionPercent: 65, taskCompleted: 9 });

const SAMPLE_BACKGROUND = buildBackground({
  name: 'Lakeside Dusk',
  URL: 'http://localhost:3000/backgrounds/lakeside-dusk.svg',
});

const completed: Goal = {
  ...SAMPLE_GOAL,
  earned: 50_000,
  completionPercent: 100,
  status: 'Completed',
  backgroundRewardId: SAMPLE_BACKGROUND.id,
};

function renderWithGoal(goal: Goal | null, handlers: Parameters<typeof mockApi>[0] = {}) {
  // Today's mood is set, so the dashboard opens no newDay dialog of its own.
  const user = buildUser({ mood: 'Happy', hasSetMoodToday: true });
  saveSession(user);
  const api = mockApi({ 'GET /user': () => user, 'GET /goal': () => goal, ...handlers });
  renderApp('/app/dashboard', { width: 1400 });
  return api;
}

describe('shouldShowRewardButton', () => {
  it('shows while the reward is unclaimed and there is one to win', () => {
    expect(shouldShowRewardButton(null)).toBe(false);
    expect(shouldShowRewardButton(SAMPLE_GOAL)).toBe(true);
    expect(shouldShowRewardButton(completed)).toBe(true);
    expect(shouldShowRewardButton({ ...completed, hasClaimedReward: true })).toBe(false);
    expect(shouldShowRewardButton({ ...completed, backgroundRewardId: null })).toBe(false);
  });
});

describe('the Reward button', { timeout: 20_000 }, () => {
  it('is greyed out and claims nothing while the goal is in progress', async () => {
    const { calls } = renderWithGoal(SAMPLE_GOAL);
    const button = await screen.findByRole('button', { name: 'Reward' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    expect(calls.some((c) => c.path === '/goal/claim')).toBe(false);
  });

  it('claims a completed goal and reveals the background won', async () => {
    const { calls } = renderWithGoal(completed, {
      'POST /goal/claim': () => ({
        goal: { ...completed, hasClaimedReward: true },
        background: SAMPLE_BACKGROUND,
      }),
    });
    const button = await screen.findByRole('button', { name: 'Reward' });
    expect(button).toHaveAttribute('aria-disabled', 'false');
    await userEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'You won a new background!' })).toBeVisible();
    expect(screen.getByText('Lakeside Dusk')).toBeVisible();
    const claim = calls.find((c) => c.path === '/goal/claim')!;
    expect(claim.method).toBe('POST');
    expect(claim.url.searchParams.get('id')).toBe(buildUser().id);
  });

  it('says so when the claim fails', async () => {
    renderWithGoal(completed, {
      'POST /goal/claim': () => failure(409, 'REWARD_ALREADY_CLAIMED', 'Already claimed'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reward' }));
    expect(
      await screen.findByText(
        'Something went wrong while trying to claim your reward, please try again later',
      ),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is not there when there is no goal', async () => {
    renderWithGoal(null);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await screen.findByRole('button', { name: /open profile/i });
    expect(screen.queryByRole('button', { name: 'Reward' })).not.toBeInTheDocument();
  });
});
