import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart';

// Another chart than the weekly one: how often each mood came up (the mood trends, decision 036).
const MOODS = [
  { key: 'sad', label: 'Sad', value: 2 },
  { key: 'neutral', label: 'Neutral', value: 0 },
  { key: 'happy', label: 'Happy', value: 8 },
  { key: 'ecstatic', label: 'Ecstatic', value: 12 },
];

function renderMoods() {
  return render(
    <div data-testid="chart">
      <BarChart
        data={MOODS}
        yDomain={[0, 10]}
        yTicks={[0, 5, 10]}
        formatTick={(value) => `${value} days`}
        renderTooltip={(mood) => `${mood.label}: ${mood.value} days`}
        height={200}
        width={400}
      />
    </div>,
  );
}

describe('BarChart', () => {
  it('draws a bar per datum against its own y-axis, capped at the top, none for 0', () => {
    renderMoods();
    const chart = screen.getByTestId('chart');
    const axisY = Number(within(chart).getByText('0 days').getAttribute('y'));
    const topY = Number(within(chart).getByText('10 days').getAttribute('y'));
    const bars = Array.from(chart.querySelectorAll('[data-bar]'));
    expect(bars).toHaveLength(3);
    const heights = bars.map((bar) => axisY - Number(bar.getAttribute('y')));
    expect(heights[0]! / (axisY - topY)).toBeCloseTo(0.2, 5);
    expect(heights[1]! / (axisY - topY)).toBeCloseTo(0.8, 5);
    expect(heights[2]).toBeCloseTo(axisY - topY, 5);
    const svg = chart.querySelector('svg')!;
    expect(svg.getAttribute('width')).toBe('400');
    expect(svg.getAttribute('height')).toBe('200');
  });

  it('labels the x-axis in the order of the data, left to right', () => {
    renderMoods();
    const xs = MOODS.map((mood) => Number(screen.getByText(mood.label).getAttribute('x')));
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    expect(new Set(xs).size).toBe(MOODS.length);
  });

  it("shows the datum's tooltip while the pointer is over its column, the real value kept", async () => {
    const user = userEvent.setup();
    renderMoods();
    await user.hover(screen.getByText('Ecstatic'));
    expect(screen.getByText('Ecstatic: 12 days')).toBeInTheDocument();
    await user.hover(screen.getByText('Neutral'));
    expect(screen.queryByText('Ecstatic: 12 days')).not.toBeInTheDocument();
    expect(screen.getByText('Neutral: 0 days')).toBeInTheDocument();
    await user.unhover(screen.getByText('Neutral'));
    expect(screen.queryByText('Neutral: 0 days')).not.toBeInTheDocument();
  });
});
