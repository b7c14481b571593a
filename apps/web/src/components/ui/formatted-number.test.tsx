import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormattedNumber } from './formatted-number';

describe('FormattedNumber', () => {
  it('shows the German format and gives screen readers the English one', () => {
    render(
      <p data-testid="figure">
        <FormattedNumber value={200_000} />
      </p>,
    );
    const shown = screen.getByText('200.000');
    expect(shown).toBeVisible();
    expect(shown).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('200,000')).toHaveClass('sr-only');
    // What an accessible name made of it reads.
    render(
      <button type="button">
        <FormattedNumber value={200_000} />
      </button>,
    );
    expect(screen.getByRole('button')).toHaveAccessibleName('200,000');
  });

  it('says a short unit in full, and keeps a prefix', () => {
    render(
      <button type="button">
        <FormattedNumber value={2500} unit="pts" prefix="+" />
      </button>,
    );
    expect(screen.getByText('+2.500 pts')).toBeVisible();
    expect(screen.getByRole('button')).toHaveAccessibleName('+2,500 points');
  });

  it('writes a number below a thousand once, the same for eye and ear', () => {
    render(
      <button type="button">
        <FormattedNumber value={3} unit="points" />
      </button>,
    );
    expect(screen.getByRole('button')).toHaveAccessibleName('3 points');
    expect(screen.getAllByText('3 points')).toHaveLength(1);
  });
});

// A German figure in the accessibility tree is read as a decimal ('two hundred point zero zero
// zero'): formatNumber's text reaches the screen through FormattedNumber, except where what it
// writes is hidden from screen readers and told another way.
const SOURCES = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const HIDDEN_FIGURES: Record<string, string> = {
  '/src/components/ui/formatted-number.tsx': 'the visible half, aria-hidden',
  '/src/lib/format.ts': 'where it is defined',
  '/src/features/goal/components/goal-target-slider.tsx':
    'the big figure and the bounds are aria-hidden; the slider has aria-valuetext',
  '/src/features/task/components/task-complete-dialog.tsx':
    'the counting figures are aria-hidden; a visually hidden sentence tells the change',
  '/src/features/statistics/components/weekly-chart.tsx':
    'the chart is aria-hidden; the table beside it is read',
  '/src/features/insights/components/month-grid.tsx':
    "a day's visible figures are aria-hidden; the cell's label reads its points",
};

describe('numbers on screen', () => {
  it('reach screen readers only through FormattedNumber (or hidden, and told another way)', () => {
    const offenders = Object.entries(SOURCES)
      .filter(([path, source]) => !(path in HIDDEN_FIGURES) && /\bformatNumber\(/.test(source))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
    expect(Object.keys(SOURCES).length).toBeGreaterThan(50);
  });
});
