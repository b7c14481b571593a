import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Goal, User } from '@wellspring/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SessionProvider } from '@/lib/auth';
import { buildUser, createTestQueryClient, mockApi, saveSession } from '@/test/test-utils';
import { clampPostDiaryStep } from '../utils/diaries';
import { PostDiaryPanel } from './post-diary-panel';

const goal: Goal = {
  id: '22222222-2222-4222-8222-222222222222',
  target: 150_000,
  earned: 45_000,
  completionPercent: 30,
  taskCompleted: 6,
  status: 'OnProgress',
  tier: 1,
  hasClaimedReward: false,
  backgroundRewardId: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  completedAt: null,
};

function renderPanel(user: User | (() => Promise<User>)) {
  saveSession(buildUser());
  mockApi({ 'GET /user': () => (typeof user === 'function' ? user() : user) });
  const router = createMemoryRouter(
    [
      { path: '/app/diary', element: <PostDiaryPanel goal={goal} /> },
      { path: '/app/task', element: <p>The task page</p> },
    ],
    { initialEntries: ['/app/diary'] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('clampPostDiaryStep', () => {
  it('keeps the step between 0 and 2', () => {
    expect(clampPostDiaryStep(-1)).toBe(0);
    expect(clampPostDiaryStep(0)).toBe(0);
    expect(clampPostDiaryStep(2)).toBe(2);
    expect(clampPostDiaryStep(3)).toBe(2);
  });
});

describe('the post-diary panel', () => {
  it('shows nothing until the user has loaded', async () => {
    let resolve: (user: User) => void = () => {};
    renderPanel(() => new Promise<User>((r) => (resolve = r)));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('post-diary-panel')).not.toBeInTheDocument();
    resolve(buildUser({ mood: 'Happy' }));
    expect(await screen.findByTestId('post-diary-panel')).toBeVisible();
  });

  it('walks the three steps, Back stopping at the first and the last offering Let’s Go', async () => {
    const router = renderPanel(buildUser({ mood: 'Sad' }));
    // Step 1: saved, the under-the-weather message, today's mood as a badge.
    expect(await screen.findByRole('heading', { name: 'Your diary is saved' })).toHaveFocus();
    expect(screen.getByText(/under the weather/)).toBeVisible();
    expect(screen.getByText('Sad')).toBeVisible();
    expect(screen.getByText('Step 1 of 3')).toBeVisible();
    const back = screen.getByRole('button', { name: 'Back' });
    expect(back).toBeDisabled();
    await userEvent.click(back);
    expect(screen.getByText('Step 1 of 3')).toBeVisible();

    // Step 2: encouragement.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: "You've got this!" })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();

    // Step 3: today's goal, and no Next beyond it.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: "Today's goal" })).toBeVisible();
    expect(screen.getByText('Step 3 of 3')).toBeVisible();
    expect(screen.getByText('45.000')).toBeVisible();
    expect(screen.getByText('150.000')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Goal progress' })).toHaveAttribute(
      'aria-valuenow',
      '30',
    );
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();

    // Back returns a step; the last step's link goes to the task page.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 2 of 3')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const letsGo = screen.getByRole('link', { name: "Let's Go" });
    expect(letsGo).toHaveAttribute('href', '/app/task');
    await userEvent.click(letsGo);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/task'));
  });

  it('keeps the low-mood note gentle and shows it only for a low mood', async () => {
    renderPanel(buildUser({ mood: 'Happy' }));
    await screen.findByRole('heading', { name: 'Your diary is saved' });
    expect(screen.queryByText(/someone you trust/)).not.toBeInTheDocument();
    expect(screen.getByText('Happy')).toBeVisible();
  });
});
