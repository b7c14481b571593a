import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChosenMood } from '@wellspring/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openInsights, TODAY } from '@/features/insights/testing/open-insights';
import { buildFinding, buildInsightsTrends, failure } from '@/test/test-utils';

afterEach(() => {
  vi.useRealTimers();
});

/** `n` days of one mood. */
const run = (mood: ChosenMood | null, n: number) => Array.from({ length: n }, () => mood);

describe('the insights page', { timeout: 20_000 }, () => {
  it('is in the navigation after Statistics, with its title', async () => {
    await openInsights();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels.indexOf('Insights')).toBe(labels.indexOf('Statistics') + 1);
    expect(within(nav).getByRole('link', { name: 'Insights' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await waitFor(() => expect(document.title).toBe('Insights | Wellspring'));
  });

  it('shows the trends of 30 days, then 90 and 365 when their tabs are chosen', async () => {
    const user = userEvent.setup();
    // 30 days: 20 Happy, 10 without a mood. 90 days: 60 more, Sad, before them.
    const moods = [...run('Sad', 60), ...run('Happy', 20), ...run(null, 10)];
    const { calls } = await openInsights({
      trends: (span) => buildInsightsTrends(span, TODAY, moods),
    });
    const trends = screen.getByRole('region', { name: 'Mood trends' });
    const panel = within(trends).getByRole('tabpanel', { name: '30 days' });
    expect(
      await within(panel).findByText(
        'In the last 30 days you noted a mood on 20 days; Happy came most often (20 days).',
        { exact: false },
      ),
    ).toBeVisible();
    // The counts as words beside their bars, and the chart a picture with a dot per day noted.
    const happy = within(panel).getByText('Happy', { selector: 'li > span' }).closest('li')!;
    expect(happy).toHaveTextContent('20 days');
    const chart = within(panel).getByTestId('mood-trend-chart');
    expect(chart.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    expect(within(chart).getAllByTestId('line-chart-dot')).toHaveLength(20);
    for (const mood of ['Depressed', 'Sad', 'Neutral', 'Happy', 'Ecstatic']) {
      expect(chart).toHaveTextContent(mood);
    }

    await user.click(within(trends).getByRole('tab', { name: '90 days' }));
    expect(within(trends).getByRole('tab', { name: '90 days' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(
      await within(trends).findByText(/In the last 90 days you noted a mood on 80 days; Sad came/),
    ).toBeVisible();
    expect(within(trends).getByText(/a little brighter/)).toBeVisible();

    // Arrow keys move between the tabs too.
    await user.keyboard('{ArrowRight}');
    expect(await within(trends).findByText(/In the last 365 days/)).toBeVisible();
    const spans = calls
      .filter((c) => c.path === '/insights/trends')
      .map((c) => c.url.searchParams.get('days'));
    expect(spans).toEqual(['30', '90', '365']);
  });

  it('counts the moods by weekday in a table', async () => {
    // Today, 18 March 2026, is a Wednesday; the day before a Tuesday.
    await openInsights({
      trends: (span) => buildInsightsTrends(span, TODAY, ['Ecstatic', 'Neutral']),
    });
    const table = await screen.findByRole('table', { name: /by weekday/ });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(8);
    const tuesday = within(table)
      .getByRole('rowheader', { name: /Tuesday/ })
      .closest('tr')!;
    const headers = within(rows[0]!)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    const cells = within(tuesday)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[headers.indexOf('Ecstatic') - 1]).toBe('1');
    expect(cells[headers.indexOf('Neutral') - 1]).toBe('0');
  });

  it('lists the findings with the days each rests on', async () => {
    await openInsights({
      findings: {
        findings: [
          buildFinding(),
          buildFinding({
            kind: 'diary',
            subject: null,
            compares: 'sameDay',
            daysWith: 5,
            daysWithout: 1_204,
            text: 'Days with a diary entry went together with a better mood that day.',
          }),
        ],
        support: false,
      },
    });
    const findings = screen.getByRole('region', { name: 'What went together' });
    const cards = await within(findings).findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent(
      'Days after "Take a short walk" went together with a better mood.',
    );
    expect(cards[0]).toHaveTextContent('Based on 12 days with and 30 days without.');
    expect(cards[1]).toHaveTextContent('Days with a diary entry went together');
    // Numbers as SPEC.md shows them (German), and spoken in English.
    expect(cards[1]).toHaveTextContent('Based on 5 days with and 1.2041,204 days without.');
  });

  it('says kindly when there is not enough to say yet', async () => {
    await openInsights({ findings: { findings: [], support: false } });
    const findings = screen.getByRole('region', { name: 'What went together' });
    expect(await within(findings).findByText(/There is not enough to say yet/)).toBeVisible();
    expect(findings).toHaveTextContent('at least 5 days on each side');
    expect(within(findings).queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('says so when a part cannot be loaded, and shows the rest', async () => {
    await openInsights({
      handlers: {
        'GET /insights/findings': () => failure(500, 'INTERNAL_ERROR', 'Something went wrong'),
        'GET /insights/trends': () => failure(500, 'INTERNAL_ERROR', 'Something went wrong'),
      },
    });
    expect(
      await screen.findByText('Your findings could not be loaded. Please try again later.'),
    ).toBeVisible();
    expect(
      await screen.findByText('Your mood trends could not be loaded. Please try again later.'),
    ).toBeVisible();
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(await screen.findAllByRole('grid')).toHaveLength(12);
  });
});
