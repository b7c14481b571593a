import { MOOD_COLORS, MOOD_SCALE, type LocalDate } from '@wellspring/shared';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useCalendar } from '../api/get-calendar';
import {
  FIRST_YEAR,
  getYearMonth,
  indexDays,
  MONTH_NAMES,
  moveDate,
  shiftMonths,
} from '../utils/calendar';
import { DayPanel } from './day-panel';
import { MonthGrid } from './month-grid';

export type CalendarView = 'year' | 'month';

const VIEWS: readonly { value: CalendarView; label: string }[] = [
  { value: 'year', label: 'Year' },
  { value: 'month', label: 'Month' },
];

const MONTHS = Array.from({ length: 12 }, (_, i) => i);

function Legend() {
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-ink-soft" aria-label="Mood colours">
      {[...MOOD_SCALE].reverse().map((mood) => (
        <li key={mood} className="flex items-center gap-1.5">
          <span
            aria-hidden
            className="size-3 rounded-sm"
            style={{ backgroundColor: MOOD_COLORS[mood] }}
          />
          {mood}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span aria-hidden className="size-3 rounded-sm border border-line bg-card" />
        No mood
      </li>
    </ul>
  );
}

/**
 * The mood calendar (decision 036): a year of small months or one large month, each day
 * coloured by its mood and named by it; arrow keys move between days across months and years,
 * Enter or Space (or a click) selects a day, shown in the day panel beside it (below on a phone).
 */
export function MoodCalendar({
  today,
  initialDay = null,
}: {
  today: LocalDate;
  /** A day to open at once (the day view's link from the diary and the dashboard). */
  initialDay?: LocalDate | null;
}) {
  const [view, setView] = useState<CalendarView>('year');
  const [focusDate, setFocusDate] = useState<LocalDate>(initialDay ?? today);
  const [selectedDate, setSelectedDate] = useState<LocalDate | null>(initialDay);
  const gridsRef = useRef<HTMLDivElement>(null);
  // Set by a key press in the grid: the newly focused day's cell takes DOM focus once drawn.
  const shouldFocusCell = useRef(false);

  const { year, month } = getYearMonth(focusDate);
  const current = getYearMonth(today);
  const calendar = useCalendar(year);
  const days = indexDays(calendar.data?.year === year ? calendar.data.days : undefined);

  useEffect(() => {
    if (!shouldFocusCell.current) return;
    shouldFocusCell.current = false;
    gridsRef.current?.querySelector<HTMLElement>(`[data-date="${focusDate}"]`)?.focus();
  }, [focusDate, view]);

  const onGridKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (focusDate <= today) setSelectedDate(focusDate);
      return;
    }
    const next = moveDate(focusDate, event.key, today);
    if (next === null) return;
    event.preventDefault();
    shouldFocusCell.current = true;
    setFocusDate(next);
    // Focus may already be on `next` (at today or the first day): focus it anyway.
    if (next === focusDate) {
      shouldFocusCell.current = false;
      gridsRef.current?.querySelector<HTMLElement>(`[data-date="${next}"]`)?.focus();
    }
  };

  const step = view === 'year' ? 12 : 1;
  const isLast =
    view === 'year' ? year >= current.year : year === current.year && month >= current.month;
  const isFirst = year <= FIRST_YEAR && (view === 'year' || month === 0);
  const unit = view === 'year' ? 'year' : 'month';
  const periodName = view === 'year' ? String(year) : `${MONTH_NAMES[month]} ${year}`;

  const shift = (direction: -1 | 1) => {
    if (direction === 1 ? isLast : isFirst) return;
    setFocusDate(shiftMonths(focusDate, direction * step, today));
  };

  return (
    <section
      aria-labelledby="mood-calendar-title"
      className="rounded-2xl border border-line bg-card p-4 shadow-card sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="mood-calendar-title"
          className="flex items-center gap-2 text-base font-semibold text-ink"
        >
          <CalendarDays className="size-[18px] text-brand-violet" aria-hidden />
          Mood calendar
        </h2>
        <div
          role="group"
          aria-label="Calendar view"
          className="inline-flex gap-1 rounded-xl bg-surface p-1"
        >
          {VIEWS.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={view === option.value}
              onClick={() => setView(option.value)}
              className={cn(
                'h-9 rounded-lg px-3.5 text-sm font-semibold transition',
                view === option.value
                  ? 'bg-card text-brand-violet shadow-sm'
                  : 'text-ink-soft hover:text-brand-violet',
              )}
            >
              {option.label}
            </button>
          ))}
        </div>
      </div>

      <div className="mt-4 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          <div className="flex items-center justify-between gap-2">
            <button
              type="button"
              aria-label={`Previous ${unit}`}
              aria-disabled={isFirst || undefined}
              onClick={() => shift(-1)}
              className="grid size-10 place-items-center rounded-xl border border-line text-ink hover:bg-surface aria-disabled:opacity-40"
            >
              <ChevronLeft className="size-5" aria-hidden />
            </button>
            <p aria-live="polite" className="text-lg font-semibold text-ink tabular-nums">
              {periodName}
            </p>
            <button
              type="button"
              aria-label={`Next ${unit}`}
              aria-disabled={isLast || undefined}
              onClick={() => shift(1)}
              className="grid size-10 place-items-center rounded-xl border border-line text-ink hover:bg-surface aria-disabled:opacity-40"
            >
              <ChevronRight className="size-5" aria-hidden />
            </button>
          </div>
          {calendar.isError && (
            <p
              role="alert"
              className="mt-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
            >
              Your calendar could not be loaded. Please try again later.
            </p>
          )}
          {calendar.isPending && !calendar.isError ? (
            <Skeleton className="mt-4 h-72" />
          ) : (
            <div
              ref={gridsRef}
              aria-busy={calendar.isFetching || undefined}
              className={cn(
                'mt-4',
                // As many months a row as keep each day at least 24 px wide (WCAG 2.5.8): one on a phone;
                // two beside the day panel from 1024 px.
                view === 'year' &&
                  'grid grid-cols-1 gap-x-4 gap-y-5 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4',
              )}
            >
              {(view === 'year' ? MONTHS : [month]).map((m) => (
                <MonthGrid
                  key={m}
                  year={year}
                  month={m}
                  days={days}
                  today={today}
                  focusDate={focusDate}
                  selectedDate={selectedDate}
                  size={view === 'year' ? 'small' : 'large'}
                  onSelect={(date) => {
                    setFocusDate(date);
                    setSelectedDate(date);
                  }}
                  onKeyDown={onGridKeyDown}
                />
              ))}
            </div>
          )}
          <div className="mt-4">
            <Legend />
          </div>
        </div>
        <DayPanel date={selectedDate} />
      </div>
    </section>
  );
}
