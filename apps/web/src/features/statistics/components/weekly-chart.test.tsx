import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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

  it('scales the bars against 100,000, capping a bigger day at the top', () => {
    renderChart();
    const chart = screen.getByTestId('weekly-chart');
    // The x-axis stands where the y-axis reads 0; a bar reaches from there to its top.
    const axisY = Number(within(chart).getByText('0').closest('text')!.getAttribute('y'));
    const topY = Number(within(chart).getByText('100.000').closest('text')!.getAttribute('y'));
    const bars = Array.from(chart.querySelectorAll('[data-bar]'));
    // Mon 50,000, Tue 100,000, Wed 180,000 (capped), Thu 12,500; empty days draw nothing.
    expect(bars).toHaveLength(4);
    const heights = bars.map((bar) => axisY - Number(bar.getAttribute('y')));
    const [mon, tue, wed, thu] = heights as [number, number, number, number];
    expect(tue).toBeCloseTo(axisY - topY, 5);
    expect(mon / tue).toBeCloseTo(0.5, 2);
    expect(wed).toBeCloseTo(tue, 5);
    expect(thu / tue).toBeCloseTo(0.125, 2);
    // Each bar stands in its own day's column, under its label, Monday to Thursday.
    const centre = (element: Element) =>
      Number(element.getAttribute('x')) + Number(element.getAttribute('width')) / 2;
    ['Mon', 'Tue', 'Wed', 'Thu'].forEach((day, index) => {
      const labelX = Number(within(chart).getByText(day).getAttribute('x'));
      expect(centre(bars[index]!)).toBeCloseTo(labelX, 5);
    });
  });

  it("shows a day's points in a tooltip while the pointer is over its column", async () => {
    const user = userEvent.setup();
    renderChart();
    const chart = screen.getByTestId('weekly-chart');
    expect(within(chart).queryByText(/points$/)).not.toBeInTheDocument();
    await user.hover(within(chart).getByText('Mon'));
    expect(within(chart).getByText('Monday')).toBeInTheDocument();
    expect(within(chart).getByText('50.000 points')).toBeInTheDocument();
    // A day above the axis's top is drawn capped but its tooltip keeps the real figure.
    await user.hover(within(chart).getByText('Wed'));
    expect(within(chart).queryByText('Monday')).not.toBeInTheDocument();
    expect(within(chart).getByText('Wednesday')).toBeInTheDocument();
    expect(within(chart).getByText('180.000 points')).toBeInTheDocument();
    // A day without points has a tooltip too.
    await user.hover(within(chart).getByText('Sun'));
    expect(within(chart).getByText('0 points')).toBeInTheDocument();
    await user.unhover(within(chart).getByText('Sun'));
    await waitFor(() => expect(within(chart).queryByText(/points$/)).not.toBeInTheDocument());
  });

  it('keeps the chart from assistive technology: the table is what is read', () => {
    renderChart();
    const chart = screen.getByTestId('weekly-chart');
    expect(chart).toHaveAttribute('aria-hidden', 'true');
    // Nothing in the hidden chart takes the keyboard's focus.
    expect(chart.querySelectorAll('a, button, input, [tabindex]')).toHaveLength(0);
    expect(screen.getByRole('table', { name: 'Points earned each day this week' })).toBeVisible();
  });

  it('draws an empty week as axes without bars, and lists seven days of 0', () => {
    render(<WeeklyChart rows={[]} days={DAYS} isLoading={false} chartWidth={640} />);
    const chart = screen.getByTestId('weekly-chart');
    expect(within(chart).getByText('100.000')).toBeInTheDocument();
    expect(within(chart).getByText('Sat')).toBeInTheDocument();
    expect(chart.querySelectorAll('[data-bar]')).toHaveLength(0);
    const table = screen.getByRole('table', { name: 'Points earned each day this week' });
    expect(within(table).getAllByRole('row', { name: /^\w+day 0$/ })).toHaveLength(7);
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
