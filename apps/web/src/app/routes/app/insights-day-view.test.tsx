import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Activity, CheckIn } from '@wellspring/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildDiary, expectToast, json } from '@/test/test-utils';
import { BACKFILLED_DIARY_SAVED } from '@/features/diary/components/diary-creation-dialog';
import { openInsights, TODAY } from '@/features/insights/testing/open-insights';
import { ADDED_LATER } from '@/features/insights/components/day-panel';

afterEach(() => {
  vi.useRealTimers();
});

const MISSED = '2026-03-10';
const WALK: Activity = {
  id: '00000000-0000-4000-8000-00000000c001',
  name: 'Walk',
  group: 'health',
  icon: 'Footprints',
  position: 0,
  isArchived: false,
};
const checkIn = (overrides: Partial<CheckIn>): CheckIn => ({
  id: '00000000-0000-4000-8000-0000000000c1',
  takenAt: `${MISSED}T08:30:00.000Z`,
  timeZone: 'UTC',
  date: MISSED,
  mood: 'Happy',
  feelings: [],
  activityIds: [],
  note: null,
  isBackfilled: false,
  isDailyMood: false,
  ...overrides,
});

describe('the day view (decision 073)', { timeout: 30_000 }, () => {
  it('opens on ?day=, lists each check-in with its words, activities and note, and says the mean', async () => {
    await openInsights({
      path: `/app/insights?day=${MISSED}`,
      days: {
        [MISSED]: {
          mood: 'Happy',
          checkIns: [
            checkIn({ feelings: ['calm'], activityIds: [WALK.id], note: 'By the river' }),
            checkIn({
              id: '00000000-0000-4000-8000-0000000000c2',
              takenAt: `${TODAY}T09:00:00.000Z`,
              mood: 'Ecstatic',
              isBackfilled: true,
            }),
          ],
        },
      },
      handlers: { 'GET /activities': () => [WALK] },
    });
    const panel = await screen.findByRole('region', { name: 'Tuesday 10 March 2026' });
    expect(panel).toHaveTextContent('The mean of 2 check-ins');
    expect(panel).toHaveTextContent('Feelings: calm');
    expect(await within(panel).findByText('Walk')).toBeVisible();
    expect(panel).toHaveTextContent('By the river');
    expect(within(panel).getByText(ADDED_LATER)).toBeVisible();
    // The moment of the check-in taken that day, not the back-filled one's (when it was written).
    expect(within(panel).getByText('08:30')).toBeVisible();
    expect(within(panel).queryByText('09:00')).not.toBeInTheDocument();
    // Not a day that may be filled in: no back-filling offered.
    expect(within(panel).queryByRole('button', { name: /for this day/ })).not.toBeInTheDocument();
  });

  it('offers a missed day a check-in and its diary, each opened for that day', async () => {
    const posted: unknown[] = [];
    await openInsights({
      path: `/app/insights?day=${MISSED}`,
      days: { [MISSED]: { canBackfill: true } },
      handlers: {
        'GET /activities': () => [WALK],
        'GET /diary': () => [],
        'POST /diary': (call) => {
          posted.push(call.body);
          const body = call.body as { content: string };
          return json(201, {
            status: 'success',
            data: { ...buildDiary({ date: MISSED, content: body.content }), isBackfilled: true },
          });
        },
      },
    });
    const panel = await screen.findByRole('region', { name: 'Tuesday 10 March 2026' });
    expect(panel).toHaveTextContent('Entries added later earn no points');

    await userEvent.click(
      within(panel).getByRole('button', { name: 'Add a check-in for this day' }),
    );
    const checkInDialog = await screen.findByRole(
      'dialog',
      { name: 'Check in for March 10, 2026' },
      { timeout: 15_000 },
    );
    await userEvent.click(within(checkInDialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(
      within(panel).getByRole('button', { name: 'Write the diary for this day' }),
    );
    const diaryDialog = await screen.findByRole(
      'dialog',
      { name: /The diary of/ },
      { timeout: 15_000 },
    );
    await userEvent.type(within(diaryDialog).getByRole('textbox'), 'We went to the coast.');
    await userEvent.click(within(diaryDialog).getByRole('button', { name: 'Create' }));
    await expectToast(BACKFILLED_DIARY_SAVED);
    expect(posted).toEqual([
      { content: 'We went to the coast.', id: expect.any(String), date: MISSED },
    ]);
  });

  it('offers no diary when the day has one, and nothing for a day that may not be filled', async () => {
    await openInsights({
      path: `/app/insights?day=${MISSED}`,
      days: {
        [MISSED]: {
          canBackfill: true,
          mood: 'Neutral',
          diary: { ...buildDiary({ date: MISSED }), isBackfilled: false },
        },
      },
      handlers: { 'GET /activities': () => [] },
    });
    const panel = await screen.findByRole('region', { name: 'Tuesday 10 March 2026' });
    expect(
      await within(panel).findByRole('button', { name: 'Add a check-in for this day' }),
    ).toBeVisible();
    expect(
      within(panel).queryByRole('button', { name: 'Write the diary for this day' }),
    ).not.toBeInTheDocument();
  });
});
