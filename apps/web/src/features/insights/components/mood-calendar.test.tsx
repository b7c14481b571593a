import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCalendarDay, buildDayTask } from '@/test/test-utils';
import { openInsights, TODAY } from '../testing/open-insights';

afterEach(() => {
  vi.useRealTimers();
});

const MARCH = [
  buildCalendarDay('2026-03-03', { mood: 'Happy', hasDiary: true, points: 12 }),
  buildCalendarDay('2026-03-05', { mood: 'Sad' }),
  buildCalendarDay('2026-03-06', { mood: null, hasDiary: true }),
];

const calendarYears = (calls: { path: string; url: URL }[]) =>
  calls.filter((c) => c.path === '/insights/calendar').map((c) => c.url.searchParams.get('year'));

/** The calendar's tab stop: the one day cell in the tab order. */
function tabStop() {
  const stops = screen
    .getAllByRole('gridcell')
    .filter((cell) => cell.getAttribute('tabindex') === '0');
  expect(stops).toHaveLength(1);
  return stops[0]!;
}

describe('the mood calendar', { timeout: 20_000 }, () => {
  it('names each day by its mood, diary entry and points, not by colour alone', async () => {
    await openInsights({ calendar: { 2026: MARCH } });
    const happy = await screen.findByRole('gridcell', {
      name: 'Tuesday 3 March 2026: Happy, diary entry, 12 points',
    });
    expect(happy.style.backgroundColor).not.toBe('');
    expect(
      screen.getByRole('gridcell', { name: 'Thursday 5 March 2026: Sad' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('gridcell', { name: 'Friday 6 March 2026: no mood, diary entry' }),
    ).toBeInTheDocument();
    const empty = screen.getByRole('gridcell', { name: 'Monday 2 March 2026: no mood' });
    expect(empty.style.backgroundColor).toBe('');
    // A year of twelve months; today is the tab stop and marked as today; tomorrow not yet.
    expect(screen.getAllByRole('grid')).toHaveLength(12);
    expect(tabStop()).toHaveAttribute('data-date', TODAY);
    expect(tabStop()).toHaveAttribute('aria-current', 'date');
    expect(
      screen.getByRole('gridcell', { name: 'Thursday 19 March 2026: not yet' }),
    ).toHaveAttribute('aria-disabled', 'true');
  });

  it('moves by day and week with the arrow keys across a month boundary in the month view', async () => {
    const user = userEvent.setup();
    await openInsights({ calendar: { 2026: MARCH } });
    await user.click(await screen.findByRole('button', { name: 'Month' }));
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('grid')).toHaveLength(1);
    expect(screen.getByRole('grid', { name: 'March 2026' })).toBeInTheDocument();

    tabStop().focus();
    // Up a week three times: 18, 11, 4 March, then Wednesday 25 February: the month turns.
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-date', '2026-02-25'));
    expect(document.activeElement).toHaveAccessibleName('Wednesday 25 February 2026: no mood');
    expect(screen.getByRole('grid', { name: 'February 2026' })).toBeInTheDocument();
    expect(tabStop()).toBe(document.activeElement);

    // Right four days: 26, 27, 28 February, then 1 March, back in March.
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-date', '2026-03-01'));
    expect(screen.getByRole('grid', { name: 'March 2026' })).toBeInTheDocument();

    // Down a week, then Home to Monday 2 March, then down twice: never past today.
    await user.keyboard('{ArrowDown}{Home}');
    expect(document.activeElement).toHaveAttribute('data-date', '2026-03-02');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toHaveAttribute('data-date', TODAY);
  });

  it('crosses into the previous year with the arrow keys in the year view', async () => {
    const user = userEvent.setup();
    const { calls } = await openInsights({
      calendar: { 2025: [buildCalendarDay('2025-12-31', { mood: 'Ecstatic' })] },
    });
    await screen.findAllByRole('grid');
    await user.click(screen.getByRole('gridcell', { name: 'Thursday 1 January 2026: no mood' }));
    expect(tabStop()).toHaveAttribute('data-date', '2026-01-01');
    tabStop().focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() =>
      expect(document.activeElement).toHaveAccessibleName('Wednesday 31 December 2025: Ecstatic'),
    );
    expect(calendarYears(calls)).toEqual(['2026', '2025']);
    expect(screen.getByText('2025')).toBeInTheDocument();
  });

  it('selects a day with Enter and shows its mood, diary entry and tasks', async () => {
    const user = userEvent.setup();
    const { calls } = await openInsights({
      calendar: { 2026: MARCH },
      days: {
        '2026-03-03': {
          mood: 'Happy',
          diary: {
            id: '00000000-0000-4000-8000-0000000000d1',
            date: '2026-03-03',
            dateCreated: '2026-03-03T20:00:00.000Z',
            isBackfilled: false,
            content: 'Tea with Grace, then a long walk.',
          },
          tasks: [
            buildDayTask({ title: 'Drink a glass of water', points: 2_500 }),
            buildDayTask({ title: 'Stretch for five minutes', points: 12_000 }),
          ],
        },
      },
    });
    const panel = await screen.findByRole('region', { name: 'Selected day' });
    expect(panel).toHaveTextContent('Choose a day in the calendar');

    await user.click(await screen.findByRole('button', { name: 'Month' }));
    tabStop().focus();
    // 18 March: up two weeks to the 4th, left a day to Tuesday the 3rd.
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowLeft}');
    expect(document.activeElement).toHaveAttribute('data-date', '2026-03-03');
    await user.keyboard('{Enter}');

    const day = await screen.findByRole('region', { name: 'Tuesday 3 March 2026' });
    expect(await within(day).findByText('Tea with Grace, then a long walk.')).toBeVisible();
    expect(within(day).getByText('Happy')).toBeVisible();
    const tasks = within(day).getAllByRole('listitem');
    expect(tasks[0]).toHaveTextContent('Drink a glass of water');
    expect(tasks[0]).toHaveTextContent('2.500 points');
    expect(tasks[1]).toHaveTextContent('12.000 points');
    expect(tasks[1]).toHaveTextContent('Stretch for five minutes');
    expect(document.activeElement).toHaveAttribute('aria-selected', 'true');
    expect(calls.find((c) => c.path === '/insights/day')!.url.searchParams.get('date')).toBe(
      '2026-03-03',
    );

    // Space selects too; an empty day says so kindly.
    await user.keyboard('{ArrowRight}{ }');
    const empty = await screen.findByRole('region', { name: 'Wednesday 4 March 2026' });
    expect(await within(empty).findByText(/Nothing was noted on this day/)).toBeVisible();
  });

  it('says a day of several check-ins shows their mean, and lists each one', async () => {
    const user = userEvent.setup();
    const checkIn = (id: string, takenAt: string, mood: 'Happy' | 'Sad', feelings: string[]) => ({
      id,
      takenAt,
      timeZone: 'Europe/Berlin',
      date: '2026-03-03',
      mood,
      feelings,
      activityIds: [],
      note: null,
      isBackfilled: false,
      isDailyMood: false,
    });
    await openInsights({
      calendar: { 2026: MARCH },
      days: {
        '2026-03-03': {
          mood: 'Neutral',
          checkIns: [
            checkIn('00000000-0000-4000-8000-0000000000c1', '2026-03-03T07:30:00.000Z', 'Happy', [
              'rested',
            ]),
            checkIn('00000000-0000-4000-8000-0000000000c2', '2026-03-03T18:05:00.000Z', 'Sad', []),
          ],
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Month' }));
    tabStop().focus();
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowLeft}{Enter}');
    const day = await screen.findByRole('region', { name: 'Tuesday 3 March 2026' });
    expect(await within(day).findByText('The mean of 2 check-ins:')).toBeVisible();
    const items = within(day).getAllByRole('listitem');
    // On the clock of the zone each was taken in.
    expect(items[0]).toHaveTextContent('08:30');
    expect(items[0]).toHaveTextContent('Happy');
    expect(items[0]).toHaveTextContent('rested');
    expect(items[1]).toHaveTextContent('19:05');
    expect(items[1]).toHaveTextContent('Sad');
  });

  it('does not select a day after today', async () => {
    const user = userEvent.setup();
    const { calls } = await openInsights({ calendar: { 2026: MARCH } });
    await user.click(
      await screen.findByRole('gridcell', { name: 'Thursday 19 March 2026: not yet' }),
    );
    expect(screen.getByRole('region', { name: 'Selected day' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/insights/day')).toBe(false);
  });

  it('switches years with previous and next, never past this year', async () => {
    const user = userEvent.setup();
    const { calls } = await openInsights({
      calendar: { 2026: MARCH, 2025: [buildCalendarDay('2025-03-03', { mood: 'Neutral' })] },
    });
    await screen.findAllByRole('grid');
    const next = screen.getByRole('button', { name: 'Next year' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);
    expect(calendarYears(calls)).toEqual(['2026']);

    await user.click(screen.getByRole('button', { name: 'Previous year' }));
    expect(
      await screen.findByRole('gridcell', { name: 'Monday 3 March 2025: Neutral' }),
    ).toBeInTheDocument();
    expect(screen.getByText('2025')).toBeInTheDocument();
    expect(calendarYears(calls)).toEqual(['2026', '2025']);
    // The same day a year back is the tab stop; focus stays on the button.
    expect(tabStop()).toHaveAttribute('data-date', '2025-03-18');
    expect(screen.getByRole('button', { name: 'Previous year' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Next year' }));
    expect(
      await screen.findByRole('gridcell', {
        name: 'Tuesday 3 March 2026: Happy, diary entry, 12 points',
      }),
    ).toBeInTheDocument();
  });
});
