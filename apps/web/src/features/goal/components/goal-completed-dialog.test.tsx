import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogProvider, useDialog } from '@/components/ui/dialog';
import { SessionProvider } from '@/lib/auth';
import { installMatchMedia } from '@/test/media';
import { buildGoal } from '@/test/factories';
import { buildUser, createTestQueryClient, mockApi, saveSession } from '@/test/test-utils';
import { CONFETTI_DURATION_MS, CONFETTI_PARTICLE_COUNT } from '../utils/confetti';
import { GoalCompletedDialog } from './goal-completed-dialog';

const confetti = vi.hoisted(() => {
  const fire = Object.assign(
    vi.fn(() => null),
    { reset: vi.fn() },
  );
  return { fire, create: vi.fn(() => fire) };
});
vi.mock('canvas-confetti', () => ({ default: { create: confetti.create } }));

const goal = buildGoal({ target: 150_000, earned: 152_000, status: 'Completed' });

function Opener() {
  const { open } = useDialog();
  return (
    <button type="button" onClick={() => open('goalCompleted', { goal })}>
      Open
    </button>
  );
}

function renderDialog() {
  const user = buildUser();
  saveSession(user);
  mockApi({ 'GET /user': () => user, 'GET /goal': () => goal });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <SessionProvider>
        <DialogProvider registry={{ goalCompleted: { component: GoalCompletedDialog } }}>
          <Opener />
        </DialogProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
}

afterEach(() => {
  vi.useRealTimers();
  installMatchMedia();
  confetti.fire.mockClear();
  confetti.fire.reset.mockClear();
  confetti.create.mockClear();
});

describe('goalCompleted', () => {
  it('throws 80 particles of confetti and clears them after 2500 ms', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Goal completed!' })).toBeVisible();
    expect(screen.getByText('150.000')).toBeVisible();
    expect(confetti.fire).toHaveBeenCalledTimes(1);
    expect(confetti.fire).toHaveBeenCalledWith(
      expect.objectContaining({ particleCount: CONFETTI_PARTICLE_COUNT }),
    );
    expect(CONFETTI_PARTICLE_COUNT).toBe(80);
    act(() => vi.advanceTimersByTime(CONFETTI_DURATION_MS - 1));
    expect(confetti.fire.reset).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(confetti.fire.reset).toHaveBeenCalled();
  });

  it('throws none when the user prefers reduced motion', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) =>
      query === '(prefers-reduced-motion: reduce)'
        ? ({ ...matchMedia(query), matches: true } as MediaQueryList)
        : matchMedia(query);
    renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Goal completed!' })).toBeVisible();
    expect(screen.queryByTestId('confetti-canvas')).not.toBeInTheDocument();
    expect(confetti.create).not.toHaveBeenCalled();
  });
});
