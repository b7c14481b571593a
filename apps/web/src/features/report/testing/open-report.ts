import { screen } from '@testing-library/react';
import type { ReportLink } from '@wellspring/shared';
import { vi } from 'vitest';
import { buildReport, buildUser, mockApi, renderApp, saveSession } from '@/test/test-utils';

/** Today in these tests: Monday 30 March 2026, in UTC (the user's time zone). */
export const TODAY = '2026-03-30';

/**
 * Opens /app/report for a user in UTC on {@link TODAY} (only Date is faked), the report
 * answered from the request (buildReport's sections, the request's range) and the links from
 * `links`, which the handlers may change as the server would.
 */
export async function openReport({
  links = [],
  handlers = {},
  width = 1400,
}: {
  links?: ReportLink[];
  handlers?: Parameters<typeof mockApi>[0];
  width?: number;
} = {}) {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${TODAY}T12:00:00Z`) });
  const user = buildUser({ timeZone: 'UTC' });
  saveSession(user);
  const api = mockApi({
    'GET /user': () => user,
    'GET /goal': () => null,
    'GET /report-links': () => links,
    'POST /reports': (call) => {
      const body = call.body as { from: string; to: string };
      return buildReport({ from: body.from, to: body.to });
    },
    ...handlers,
  });
  const view = renderApp('/app/report', { width });
  await screen.findByRole(
    'heading',
    { level: 1, name: 'A report for your clinician' },
    { timeout: 15_000 },
  );
  return { ...view, ...api, user };
}
