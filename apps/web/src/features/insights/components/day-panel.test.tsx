import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEEDS_NETWORK_REASON } from '@/lib/offline-text';
import { openInsights, TODAY } from '../testing/open-insights';

afterEach(() => {
  onlineManager.setOnline(true);
  vi.useRealTimers();
});

const MISSED = '2026-03-10';

describe('the day panel’s back-filling (decision 073)', { timeout: 30_000 }, () => {
  it('offers nothing to add on today, even a day with nothing in it', async () => {
    await openInsights({ path: `/app/insights?day=${TODAY}`, days: { [TODAY]: {} } });
    const panel = await screen.findByRole('region', { name: 'Wednesday 18 March 2026' });
    expect(await within(panel).findByText(/Nothing was noted on this day/)).toBeVisible();
    expect(within(panel).queryByRole('button', { name: /for this day/ })).not.toBeInTheDocument();
    expect(panel).not.toHaveTextContent('earn no points');
  });

  it('says a kind word on an empty missed day and offers both ways to fill it', async () => {
    await openInsights({
      path: `/app/insights?day=${MISSED}`,
      days: { [MISSED]: { canBackfill: true } },
    });
    const panel = await screen.findByRole('region', { name: 'Tuesday 10 March 2026' });
    expect(await within(panel).findByText(/quiet days are part of every year/)).toBeVisible();
    expect(
      within(panel).getByRole('button', { name: 'Add a check-in for this day' }),
    ).toBeVisible();
    expect(
      within(panel).getByRole('button', { name: 'Write the diary for this day' }),
    ).toBeVisible();
  });

  it('keeps a missed day’s entry on screen offline and sends nothing', async () => {
    const { calls } = await openInsights({
      path: `/app/insights?day=${MISSED}`,
      days: { [MISSED]: { canBackfill: true } },
      handlers: { 'GET /diary': () => [] },
    });
    const panel = await screen.findByRole('region', { name: 'Tuesday 10 March 2026' });
    await userEvent.click(
      await within(panel).findByRole('button', { name: 'Write the diary for this day' }),
    );
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'The diary of March 10, 2026' },
      { timeout: 15_000 },
    );
    await userEvent.type(within(dialog).getByRole('textbox'), 'The day at the coast.');
    act(() => onlineManager.setOnline(false));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(NEEDS_NETWORK_REASON)).toHaveAttribute('role', 'alert');
    expect(within(dialog).getByRole('textbox')).toHaveValue('The day at the coast.');
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/diary')).toEqual([]);
  });
});
