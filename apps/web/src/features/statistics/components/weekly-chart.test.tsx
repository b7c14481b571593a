import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installMatchMedia } from '@/test/media';
import { buildHistoryRow } from '@/test/factories';
import { WeeklyChart } from './weekly-chart';

const DAYS = [
  '2024-05-05',
  '2024-05-06',
  '2024-05-07',
  '2024-05-08',
  '2024-05-09',
  '2024-05-10',
  '2024-05-11',
];

// The bars grow in unless the user prefers reduced motion; the figures are checked at rest.
beforeEach(() => {
  const matchMedia = window.matchMedia;
  window.matchMedia = (query: string) =>
    query === '(prefers-reduced-motion: reduce)'
      ? ({ ...matchMedia(query), matches: true } as MediaQueryList)
      : matchMedia(query);
});
afterEach(() => installMatchMedia());

function renderChart() {
  return render(
    <WeeklyChart
      rows={[
        buildHistoryRow('2024-05-06', 50_000),
        buildHistoryRow('2024-05-07', 100_000),
        buildHistoryRow('2024-05-08', 180_000),
        buildHistoryRow('2024-05-09', 12_500),
      ]}
      days={DAYS}
      today="2024-05-08"
      isLoading={false}
      chartWidth={640}
    />,
  );
}

describe('the weekly chart', () => {
  it('labels the y-axis 100.000 to 0 and the x-axis Sun to Sat', async () => {
    renderChart();
    const chart = screen.getByTestId('weekly-chart');
    const yLabels = ['0', '25.000', '50.000', '75.000', '100.000'];
    await waitFor(() => expect(within(chart).getByText('100.000')).toBeInTheDocument());
    // Drawn bottom to top: each label stands higher (a smaller y) than the one before.
    const ys = yLabels.map((label) =>
      Number(within(chart).getByText(label).closest('text')!.getAttribute('y')),
    );
    expect(ys).toEqual([...ys].sort((a, b) => b - a));
    expect(new Set(ys).size).toBe(yLabels.length);
    const xs = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].map((day) =>
      Number(within(chart).getByText(day).closest('text')!.getAttribute('x')),
    );
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
  });

  it('scales the bars against 100,000, capping a bigger day at the top', async () => {
    renderChart();
    const chart = screen.getByTestId('weekly-chart');
    // The bars are the shapes painted with the chart's own gradient.
    const bars = () => Array.from(chart.querySelectorAll('[fill="url(#weekly-bar)"]'));
    await waitFor(() => expect(bars()).toHaveLength(4));
    const heights = bars().map((bar) => Number(bar.getAttribute('height')));
    // Mon 50,000, Tue 100,000, Wed 180,000 (capped), Thu 12,500; empty days draw nothing.
    const [mon, tue, wed, thu] = heights as [number, number, number, number];
    expect(tue).toBeGreaterThan(0);
    expect(mon / tue).toBeCloseTo(0.5, 2);
    expect(wed).toBeCloseTo(tue, 5);
    expect(thu / tue).toBeCloseTo(0.125, 2);
  });

  it('lists the same figures as a table, in German format read out the English way, marking today', () => {
    renderChart();
    const table = screen.getByRole('table', { name: 'Points earned each day this week' });
    expect(within(table).getByText('180.000')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Wednesday Today 180,000' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Sunday 0' })).toBeInTheDocument();
    expect(screen.getByText('342.500')).toBeInTheDocument();
  });
});
