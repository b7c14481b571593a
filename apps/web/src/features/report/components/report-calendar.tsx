import {
  addMonths,
  formatMonth,
  MOOD_COLORS,
  MOOD_LETTERS,
  MOODS,
  monthOf,
  type LocalDate,
  type ReportDay,
} from '@wellspring/shared';
import { BookHeart } from 'lucide-react';
import { formatDayName, getMonthWeeks, parseDate, WEEKDAY_NAMES } from '@/lib/calendar';
import { getReadableTextColor } from '@/lib/color';
import { countOf } from '@/lib/format';
import { ReportHeading, type HeadingLevel } from './report-heading';

/** The months from the one of `from` to the one of `to`, oldest first. */
function monthsOf(from: LocalDate, to: LocalDate): string[] {
  const months = [monthOf(from)];
  while (months.at(-1)! < monthOf(to)) months.push(addMonths(months.at(-1)!, 1));
  return months;
}

/** A day's name for a screen reader: its date, its mood by name, its check-ins and diary. */
function dayLabel(date: LocalDate, day: ReportDay | undefined): string {
  const parts = [day?.mood ?? 'no mood'];
  if (day && day.checkIns > 0) parts.push(countOf(day.checkIns, 'check-in'));
  if (day?.diary) parts.push('diary entry');
  return `${formatDayName(date)}: ${parts.join(', ')}`;
}

function DayCell({ date, day }: { date: LocalDate; day: ReportDay | undefined }) {
  const mood = day?.mood ?? null;
  const background = mood ? MOOD_COLORS[mood] : undefined;
  return (
    <td
      className="report-mood h-11 rounded-md border border-line p-0.5 align-top text-[11px] leading-tight"
      style={
        background
          ? { backgroundColor: background, color: getReadableTextColor(background) }
          : undefined
      }
    >
      <span aria-hidden className="flex h-full flex-col justify-between">
        <span className={mood ? undefined : 'text-ink-muted'}>{parseDate(date)[2]}</span>
        <span className="flex items-center justify-between gap-0.5 font-bold">
          {mood ? MOOD_LETTERS[mood] : ''}
          {day?.diary && <BookHeart className="size-3 shrink-0" />}
        </span>
      </span>
      <span className="sr-only">{dayLabel(date, day)}</span>
    </td>
  );
}

function MonthTable({
  month,
  range,
  days,
  level,
}: {
  month: string;
  range: { from: LocalDate; to: LocalDate };
  days: ReadonlyMap<LocalDate, ReportDay>;
  level: HeadingLevel;
}) {
  const [year, monthIndex] = parseDate(`${month}-01`);
  const id = `report-month-${month}`;
  return (
    <section aria-labelledby={id} className="break-inside-avoid">
      <ReportHeading level={level} id={id} className="mb-1 text-sm font-semibold text-ink">
        {formatMonth(month)}
      </ReportHeading>
      <table aria-labelledby={id} className="w-full table-fixed border-separate border-spacing-0.5">
        <thead>
          <tr>
            {WEEKDAY_NAMES.map((name) => (
              <th key={name} scope="col" className="text-[10px] font-medium text-ink-muted">
                <span aria-hidden>{name.slice(0, 3)}</span>
                <span className="sr-only">{name}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {getMonthWeeks(year, monthIndex).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((date, i) =>
                // Days outside the report's range are left out, as in the PDF.
                date && date >= range.from && date <= range.to ? (
                  <DayCell key={date} date={date} day={days.get(date)} />
                ) : (
                  <td key={date ?? `blank-${i}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The mood calendar: a grid a month, Monday first. A day with a mood has its colour and its
 * initial, and every day is named in words (date, mood, check-ins, diary), never by colour alone.
 */
export function ReportCalendar({
  range,
  calendar,
  level,
}: {
  range: { from: LocalDate; to: LocalDate };
  calendar: readonly ReportDay[];
  level: HeadingLevel;
}) {
  const days = new Map(calendar.map((day) => [day.date, day]));
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1 text-sm text-ink-soft">
        <p id="report-calendar-key" className="font-semibold text-ink">
          Key
        </p>
        <ul aria-labelledby="report-calendar-key" className="flex flex-wrap gap-x-3 gap-y-1">
          {MOODS.map((mood) => (
            <li key={mood} className="flex items-center gap-1">
              <span
                aria-hidden
                className="report-mood inline-block size-3 rounded-sm"
                style={{ backgroundColor: MOOD_COLORS[mood] }}
              />
              {MOOD_LETTERS[mood]} {mood}
            </li>
          ))}
        </ul>
        <p>
          A blank day has no mood;{' '}
          <BookHeart aria-hidden className="inline size-3.5 align-middle" /> marks a diary entry.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {monthsOf(range.from, range.to).map((month) => (
          <MonthTable key={month} month={month} range={range} days={days} level={level} />
        ))}
      </div>
    </div>
  );
}
