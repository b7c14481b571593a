import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LineChart, splitRuns } from './line-chart';

describe('the line chart', () => {
  it('breaks the line where a value is missing', () => {
    const runs = splitRuns([{ value: 1 }, { value: 2 }, { value: null }, { value: 4 }]);
    expect(runs).toEqual([
      [
        { index: 0, value: 1 },
        { index: 1, value: 2 },
      ],
      [{ index: 3, value: 4 }],
    ]);
  });

  it('draws a dot per value, none for a gap, and the y labels', () => {
    const { container } = render(
      <LineChart
        data={[
          { key: 'a', value: 1 },
          { key: 'b', value: null },
          { key: 'c', value: 5, color: '#1F6F8B' },
        ]}
        yDomain={[1, 5]}
        yTicks={[1, 5]}
        formatTick={(v) => (v === 1 ? 'Low' : 'High')}
        xLabels={[{ key: 'a', label: 'Start' }]}
        height={200}
        width={400}
      />,
    );
    const dots = screen.getAllByTestId('line-chart-dot');
    expect(dots).toHaveLength(2);
    expect(dots[1]).toHaveAttribute('fill', '#1F6F8B');
    // The higher value sits higher (a smaller y).
    expect(Number(dots[1]!.getAttribute('cy'))).toBeLessThan(Number(dots[0]!.getAttribute('cy')));
    expect(container.querySelectorAll('polyline')).toHaveLength(0);
    expect(container.textContent).toContain('Low');
    expect(container.textContent).toContain('Start');
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });
});
