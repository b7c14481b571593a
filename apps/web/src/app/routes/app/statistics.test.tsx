import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getCurrentWeek } from '@/features/statistics/utils/week';
import { buildGoal } from '@/test/factories';
import { buildUser, mockApi, renderApp, saveSession } from '@/test/test-utils';

describe('the statistics screen', { timeout: 20_000 }, () => {
  it('shows the points, today badge, tiles, goal progress, results and history', async () => {
    const user = buildUser();
    saveSession(user);
    const week = getCurrentWeek();
    const current = buildGoal({
      id: '00000000-0000-4000-8000-00000000a002',
      target: 150_000,
      earned: 15_000,
      taskCompleted: 3,
      createdAt: '2024-05-06T08:00:00.000Z',
    });
    const done = buildGoal({
      earned: 50_000,
      status: 'Completed',
      hasClaimedReward: true,
      taskCompleted: 12,
      createdAt: '2024-05-01T08:00:00.000Z',
      completedAt: '2024-05-05T10:00:00.000Z',
    });
    const { calls } = mockApi({
      'GET /user': () => user,
      'GET /goal': () => current,
      // The API answers goals oldest first (decision 030); the History list shows the newest first.
      'GET /goal/all': () => [done, current],
      'GET /history': (call) =>
        call.url.searchParams.has('startDate')
          ? week.days.map((date) => ({
              date,
              pointsEarned: date === week.today ? 13_000 : 0,
            }))
          : { taskCompleted: 3, completionPercent: 10 },
    });
    renderApp('/app/statistics', { width: 1400 });

    const total = await screen.findByRole('region', { name: 'Total Points Earned' });
    // 65,000 in all; 13,000 of them today: 20%.
    await waitFor(() => expect(within(total).getByText('65.000')).toBeVisible());
    expect(within(total).getByText('+20% Today')).toBeVisible();

    const tasks = screen.getByRole('region', { name: 'Task Completed' });
    await waitFor(() => expect(within(tasks).getByText('3')).toBeVisible());
    expect(
      within(screen.getByRole('region', { name: 'Completion Rate' })).getByText('10%'),
    ).toBeVisible();

    const progress = screen.getByRole('region', { name: 'Goal Progress' });
    expect(within(progress).getByText('15.000')).toBeVisible();
    expect(within(progress).getByText('10%')).toBeVisible();

    const results = screen.getByRole('region', { name: 'Goal Results' });
    expect(within(results).getByText('Goals completed').nextSibling).toHaveTextContent('1');
    const history = screen.getByRole('region', { name: 'History' });
    const rows = within(history).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('On Progress')).toBeVisible();
    expect(within(rows[0]!).getByText(/started May 6, 2024/)).toBeVisible();
    expect(within(rows[1]!).getByText('Completed')).toBeVisible();
    expect(within(rows[1]!).getByText(/started May 1, 2024/)).toBeVisible();

    const range = calls.find((c) => c.path === '/history' && c.url.searchParams.has('startDate'))!;
    expect(range.url.searchParams.get('id')).toBe(user.id);
    expect(Number(range.url.searchParams.get('startDate'))).toBe(week.startDate);
    expect(Number(range.url.searchParams.get('endDate'))).toBe(week.endDate);
    const startDay = new Date(week.startDate);
    expect([startDay.getDay(), startDay.getHours(), startDay.getMinutes()]).toEqual([0, 0, 0]);
  });
});
