import { CalendarDays, X } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { EARLIEST_FILTER_DATE } from '../utils/task-filters';

/**
 * The list's day filter: a native date input (keyboard and screen-reader friendly in every
 * browser) that reads 'Pick a date' while empty. The value is 'YYYY-MM-DD' or ''.
 */
export function TaskDatePicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const [isFocused, setIsFocused] = useState(false);
  const showPlaceholder = !value && !isFocused;
  return (
    <div className="flex items-center gap-1.5">
      <div className="relative">
        <CalendarDays
          className="pointer-events-none absolute top-1/2 left-3 size-[18px] -translate-y-1/2 text-brand-violet"
          aria-hidden
        />
        <input
          type="date"
          aria-label="Pick a date"
          value={value}
          min={EARLIEST_FILTER_DATE}
          max="9999-12-31"
          onChange={(event) => onChange(event.target.value)}
          onFocus={() => setIsFocused(true)}
          onBlur={() => setIsFocused(false)}
          onClick={(event) => {
            try {
              event.currentTarget.showPicker();
            } catch {
              // Not every browser opens its picker on request; typing the date still works.
            }
          }}
          className={cn(
            'h-10 w-44 cursor-pointer rounded-xl border border-line bg-card pr-2 pl-10 text-sm font-medium shadow-xs transition hover:border-brand-violet/40 focus:border-brand-violet',
            showPlaceholder ? 'text-transparent' : 'text-ink',
          )}
        />
        {showPlaceholder && (
          <span
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-10 -translate-y-1/2 text-sm text-ink-muted"
          >
            Pick a date
          </span>
        )}
      </div>
      {value && (
        <button
          type="button"
          onClick={() => onChange('')}
          aria-label="Clear the date"
          className="flex size-9 items-center justify-center rounded-lg text-ink-muted transition hover:bg-surface hover:text-ink"
        >
          <X className="size-4" aria-hidden />
        </button>
      )}
    </div>
  );
}
