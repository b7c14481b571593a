import { MOOD_COLORS, type CalendarDay, type LocalDate } from '@wellspring/shared';
import { BookHeart } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { getReadableTextColor } from '@/lib/color';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import {
  getDayLabel,
  getMonthWeeks,
  MONTH_NAMES,
  parseDate,
  WEEKDAY_NAMES,
} from '../utils/calendar';

export type CalendarSize = 'small' | 'large';

export interface MonthGridProps {
  year: number;
  month: number;
  days: ReadonlyMap<LocalDate, CalendarDay>;
  today: LocalDate;
  /** The one day cell in the tab order (roving tabindex). */
  focusDate: LocalDate;
  selectedDate: LocalDate | null;
  size: CalendarSize;
  onSelect: (date: LocalDate) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTableElement>) => void;
}

/** A day's cell: coloured by its mood; in the large month view also its number and markers. */
function DayCell({
  date,
  day,
  size,
  isFocusTarget,
  isSelected,
  isToday,
  isFuture,
  label,
  onSelect,
}: {
  date: LocalDate;
  day: CalendarDay | undefined;
  size: CalendarSize;
  isFocusTarget: boolean;
  isSelected: boolean;
  isToday: boolean;
  isFuture: boolean;
  label: string;
  onSelect: (date: LocalDate) => void;
}) {
  const mood = day?.mood ?? null;
  const background = mood ? MOOD_COLORS[mood] : undefined;
  const color = background ? getReadableTextColor(background) : undefined;
  const hasPoints = (day?.points ?? 0) > 0;
  return (
    <td
      role="gridcell"
      tabIndex={isFocusTarget ? 0 : -1}
      aria-label={label}
      aria-selected={isSelected}
      aria-disabled={isFuture || undefined}
      aria-current={isToday ? 'date' : undefined}
      data-date={date}
      title={size === 'small' ? label : undefined}
      onClick={() => {
        if (!isFuture) onSelect(date);
      }}
      className={cn(
        'relative rounded-md border outline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-violet',
        // At least 24 px each way (WCAG 2.5.8), in the year view too.
        size === 'small' ? 'h-7' : 'h-14 p-1 align-top sm:h-20 sm:p-1.5',
        isFuture
          ? 'cursor-default border-dashed border-line bg-transparent'
          : 'cursor-pointer border-line',
        !mood && !isFuture && 'bg-card',
        isToday && 'border-2 border-ink',
        isSelected && 'ring-2 ring-brand-violet ring-offset-1',
      )}
      style={background ? { backgroundColor: background, color } : undefined}
    >
      {size === 'large' && (
        <span aria-hidden className="flex h-full flex-col justify-between text-left">
          <span className={cn('text-xs font-semibold sm:text-sm', !mood && 'text-ink-soft')}>
            {parseDate(date)[2]}
          </span>
          {mood && <span className="hidden truncate text-[11px] font-medium sm:block">{mood}</span>}
          <span className="flex items-center gap-1 text-[10px] font-semibold sm:text-xs">
            {day?.hasDiary && <BookHeart className="size-3 shrink-0 sm:size-3.5" />}
            {hasPoints && (
              <span className="truncate tabular-nums">{formatNumber(day!.points)}</span>
            )}
          </span>
        </span>
      )}
    </td>
  );
}

/**
 * One month as a WAI-ARIA grid, weeks Monday first: each day cell is named by its date, mood,
 * diary entry and points; one cell is in the tab order and the arrow keys move it (the caller's
 * `onKeyDown`). Days after today are shown but cannot be selected.
 */
export function MonthGrid({
  year,
  month,
  days,
  today,
  focusDate,
  selectedDate,
  size,
  onSelect,
  onKeyDown,
}: MonthGridProps) {
  const weeks = getMonthWeeks(year, month);
  const captionId = `calendar-${year}-${month + 1}`;
  return (
    <table
      role="grid"
      aria-labelledby={captionId}
      onKeyDown={onKeyDown}
      className="w-full table-fixed border-separate border-spacing-0.5 sm:border-spacing-1"
    >
      <caption
        id={captionId}
        className={cn(
          'pb-1 text-left text-sm font-semibold text-ink',
          size === 'large' && 'sr-only',
        )}
      >
        {MONTH_NAMES[month]} {year}
      </caption>
      <thead>
        <tr>
          {WEEKDAY_NAMES.map((name) => (
            <th
              key={name}
              scope="col"
              abbr={name}
              className="text-center text-[10px] font-medium text-ink-muted sm:text-xs"
            >
              <span aria-hidden>{size === 'small' ? name.charAt(0) : name.slice(0, 3)}</span>
              <span className="sr-only">{name}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.find(Boolean)}>
            {week.map((date, i) =>
              date ? (
                <DayCell
                  key={date}
                  date={date}
                  day={days.get(date)}
                  size={size}
                  isFocusTarget={date === focusDate}
                  isSelected={date === selectedDate}
                  isToday={date === today}
                  isFuture={date > today}
                  label={getDayLabel(date, days.get(date), today)}
                  onSelect={onSelect}
                />
              ) : (
                <td key={`blank-${i}`} />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
