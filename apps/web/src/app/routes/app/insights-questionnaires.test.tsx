import { screen, within } from '@testing-library/react';
import type { MeasureResult } from '@wellspring/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openInsights } from '@/features/insights/testing/open-insights';

afterEach(() => {
  vi.useRealTimers();
});

const result = (date: string, score: number, band: string): MeasureResult => ({
  id: `6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e${date.slice(-2)}`,
  measure: 'phq9',
  answers: [score > 9 ? 3 : 1, 1, 1, 1, 1, 1, 1, 0, 0],
  difficulty: null,
  score,
  band,
  flagsSelfHarm: false,
  takenAt: `${date}T12:00:00.000Z`,
  date,
});

describe('the questionnaires on insights (decision 083)', { timeout: 20_000 }, () => {
  it('lists each measure’s scores with their dates and bands, and offers to take each', async () => {
    await openInsights({
      handlers: {
        'GET /measure-results': () => [
          result('2026-03-15', 7, 'Mild'),
          result('2026-03-01', 12, 'Moderate'),
        ],
      },
    });
    const section = await screen.findByRole('region', { name: 'Questionnaires' });
    expect(within(section).getByText(/A score is not a\s+diagnosis/)).toBeVisible();
    const phq = await within(section).findByRole('region', { name: /^PHQ-9/ });
    const rows = within(phq)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['March 15, 20267Mild', 'March 1, 202612Moderate']);
    expect(within(phq).getByRole('link', { name: 'Take again the PHQ-9' })).toHaveAttribute(
      'href',
      '/app/measures/phq9',
    );
    const who = within(section).getByRole('region', { name: /^WHO-5/ });
    expect(within(who).getByText('Not taken yet.')).toBeVisible();
    expect(within(who).getByRole('link', { name: 'Take the WHO-5' })).toBeVisible();
  });
});
