import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUpDiaryListPerTest } from '@/features/diary/testing/diary-list-layout';
import {
  buildDiary,
  buildInsightsDay,
  buildInsightsTrends,
  buildUser,
  mockApi,
  renderApp,
  saveSession,
} from '@/test/test-utils';

afterEach(() => vi.useRealTimers());
// jsdom has no layout: the virtualised list is given a browser's heights.
setUpDiaryListPerTest();

const TODAY = '2026-03-18';
const ENTRY = buildDiary({
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  date: '2026-03-10',
  content: 'A walk by the river.',
});

describe('My Diary’s way to the day view (decision 073)', { timeout: 30_000 }, () => {
  it('links an entry to its day on Insights, and Back returns to the diary', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${TODAY}T12:00:00Z`) });
    const user = buildUser({ timeZone: 'UTC' });
    saveSession(user);
    mockApi({
      'GET /user': () => user,
      'GET /goal': () => null,
      'GET /diary': () => [ENTRY],
      'GET /insights/calendar': (call) => ({
        year: Number(call.url.searchParams.get('year')),
        days: [],
      }),
      'GET /insights/day': (call) =>
        buildInsightsDay(call.url.searchParams.get('date')!, { diary: ENTRY }),
      'GET /insights/trends': (call) =>
        buildInsightsTrends(Number(call.url.searchParams.get('days')) as 30 | 90 | 365, TODAY),
      'GET /insights/findings': () => ({ findings: [], support: false }),
      'GET /insights/feelings': (call) => ({
        month: call.url.searchParams.get('month'),
        words: [],
        findings: [],
      }),
    });
    const { router } = renderApp('/app/diary', { width: 1400 });
    await userEvent.click(await screen.findByRole('button', { name: /March 10, 2026/ }));
    const link = screen.getByRole('link', { name: 'See the day' });
    expect(link).toHaveAttribute('href', '/app/insights?day=2026-03-10');

    await userEvent.click(link);
    const panel = await screen.findByRole('region', { name: 'Tuesday 10 March 2026' });
    expect(await within(panel).findByText('A walk by the river.')).toBeVisible();
    expect(router.state.location.search).toBe('?day=2026-03-10');

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Diary' })).toBeVisible();
  });
});
