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
