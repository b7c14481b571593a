import { screen, waitFor, within } from '@testing-library/react';
import type { InsightsOnThisDay } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { insightsKeys } from '@/lib/query-keys';
import {
  buildGoal,
  buildUser,
  failure,
  json,
  mockApi,
  renderApp,
  saveSession,
} from '@/test/test-utils';

const user = buildUser({ mood: 'Happy', hasSetMoodToday: true });

function openDashboard(onThisDay: () => unknown) {
  saveSession(user);
  mockApi({
    'GET /user': () => user,
    'GET /goal': () => buildGoal(),
    'GET /task': () => json(200, { status: 'success', data: [], totalTaskCount: 0 }),
    'GET /diary': () => [],
    'GET /insights/support': () => ({ show: false, hiddenUntil: null }),
    'GET /insights/on-this-day': onThisDay,
  });
  return renderApp('/app/dashboard', { width: 390 });
}

const YEAR_AGO: InsightsOnThisDay = {
  entries: [
    {
      date: '2025-12-03',
      label: 'A year ago',
      mood: 'Happy',
      checkInCount: 3,
      feelings: ['calm', 'grateful'],
      diary: { excerpt: 'We walked to the lake', isCut: true },
    },
  ],
  showsLowDays: false,
};

describe('On this day on the dashboard (decision 076)', { timeout: 20_000 }, () => {
  it('brings back the day a year ago: its mood, check-ins, words, the diary’s opening and a way to the day', async () => {
    openDashboard(() => YEAR_AGO);
    const card = await screen.findByRole('region', { name: 'On this day' }, { timeout: 15_000 });
    expect(card).toHaveTextContent('A year ago · Wednesday 3 December 2025');
    expect(within(card).getByText('Happy')).toBeVisible();
    expect(card).toHaveTextContent('The mean of 3 check-ins');
    expect(card).toHaveTextContent('calm, grateful');
    expect(card).toHaveTextContent('We walked to the lake…');
    expect(within(card).getByRole('link', { name: /See the day/ })).toHaveAttribute(
      'href',
      '/app/insights?day=2025-12-03',
    );
  });

  it('shows nothing when there is nothing to look back on, or the read fails', async () => {
    const settled = async (view: ReturnType<typeof openDashboard>, status: string) => {
      const key = insightsKeys.onThisDay(user.id);
      await waitFor(() => expect(view.queryClient.getQueryState(key)?.status).toBe(status), {
        timeout: 15_000,
      });
    };
    const empty = openDashboard(() => ({ entries: [], showsLowDays: false }));
    await settled(empty, 'success');
    expect(screen.queryByRole('region', { name: 'On this day' })).not.toBeInTheDocument();
    empty.unmount();
    const failed = openDashboard(() => failure(500, 'INTERNAL_ERROR', 'Something went wrong'));
    await settled(failed, 'error');
    expect(screen.queryByRole('region', { name: 'On this day' })).not.toBeInTheDocument();
  });
});
