import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InsightsFeelings } from '@wellspring/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openInsights } from '../testing/open-insights';

afterEach(() => {
  vi.useRealTimers();
});

const MARCH: InsightsFeelings = {
  month: '2026-03',
  words: [
    { word: 'calm', checkIns: 6, days: 5 },
    { word: 'tired', checkIns: 1, days: 1 },
  ],
  findings: [
    {
      word: 'calm',
      meanWith: 4,
      meanWithout: 2,
      daysWith: 5,
      daysWithout: 9,
      margin: 0.9,
      text: 'Feeling "calm" and a better mood that day went together: 4.0 against 2.0 on the 1 to 5 scale, give or take 0.9 (5 days with, 9 without).',
    },
  ],
};

describe('feelings by month on the insights page (decision 076)', { timeout: 20_000 }, () => {
  it('counts this month’s words, says what went together, and pages back a month', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { calls } = await openInsights({
      handlers: {
        'GET /insights/feelings': (call) =>
          call.url.searchParams.get('month') === '2026-03'
            ? MARCH
            : { month: call.url.searchParams.get('month'), words: [], findings: [] },
      },
    });
    const section = screen.getByRole('region', { name: 'Feelings by month' });
    const words = await within(section).findByRole('list', {
      name: 'Feeling words of March 2026',
    });
    expect(
      within(words)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['calm 6 check-ins, on 5 days', 'tired 1 check-in, on 1 day']);
    expect(within(section).getByText(MARCH.findings[0]!.text)).toBeVisible();
    // The current month is the last one: Next goes nowhere.
    const next = within(section).getByRole('button', { name: 'Next month' });
    expect(next).toHaveAttribute('aria-disabled', 'true');

    await user.click(within(section).getByRole('button', { name: 'Previous month' }));
    expect(await within(section).findByText(/No feeling words in February 2026/)).toBeVisible();
    const months = calls
      .filter((c) => c.path === '/insights/feelings')
      .map((c) => c.url.searchParams.get('month'));
    expect(months).toEqual(['2026-03', '2026-02']);
  });
});
