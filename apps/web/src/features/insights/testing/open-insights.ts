import { screen } from '@testing-library/react';
import type {
  CalendarDay,
  InsightsDay,
  InsightsFindings,
  InsightsTrends,
} from '@wellspring/shared';
import { vi } from 'vitest';
import {
  buildInsightsDay,
  buildInsightsTrends,
  buildUser,
  mockApi,
  renderApp,
  saveSession,
} from '@/test/test-utils';

/** Today in these tests: Wednesday 18 March 2026, in UTC (the user's time zone). */
export const TODAY = '2026-03-18';

/**
 * Opens /app/insights for a user in UTC on {@link TODAY} (only Date is faked, so timers and
 * promises run as usual), with the insights calls answered from the given days.
 */
export async function openInsights({
  calendar = {},
  days = {},
  trends = (span) => buildInsightsTrends(span, TODAY),
  findings = { findings: [], support: false },
  width = 1400,
  handlers = {},
  path = '/app/insights',
}: {
  /** The calendar's days by year. */
  calendar?: Record<number, CalendarDay[]>;
  /** GET /insights/day's answers by date; an empty day otherwise. */
  days?: Record<string, Partial<InsightsDay>>;
  trends?: (span: 30 | 90 | 365) => InsightsTrends;
  findings?: InsightsFindings;
  width?: number;
  /** Answers that replace the ones above, keyed like mockApi's. */
  handlers?: Parameters<typeof mockApi>[0];
  /** Where the page opens: a `?day=` opens that day's view. */
  path?: string;
} = {}) {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${TODAY}T12:00:00Z`) });
  const user = buildUser({ timeZone: 'UTC' });
  saveSession(user);
  const api = mockApi({
    'GET /user': () => user,
    'GET /goal': () => null,
    'GET /insights/calendar': (call) => {
      const year = Number(call.url.searchParams.get('year'));
      return { year, days: calendar[year] ?? [] };
    },
    'GET /insights/day': (call) => {
      const date = call.url.searchParams.get('date')!;
      return buildInsightsDay(date, days[date]);
    },
    'GET /insights/trends': (call) =>
      trends(Number(call.url.searchParams.get('days')) as 30 | 90 | 365),
    'GET /insights/findings': () => findings,
    'GET /insights/feelings': (call) => ({
      month: call.url.searchParams.get('month'),
      words: [],
      findings: [],
    }),
    'GET /measure-results': () => [],
    ...handlers,
  });
  const view = renderApp(path, { width });
  await screen.findByRole('heading', { level: 1, name: 'Insights' });
  return { ...view, ...api, user };
}
