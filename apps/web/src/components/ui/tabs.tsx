import { useRef, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';

export interface TabOption<V extends string> {
  value: V;
  label: string;
}

/** The id of a tab, so the panel it controls can be labelled by it. */
export function getTabId(panelId: string, value: string): string {
  return `${panelId}-tab-${value}`;
}

/**
 * A row of filter tabs (WAI-ARIA tabs, automatic activation): arrow keys, Home and End move
 * between them; only the selected one is in the tab order. The panel is the caller's, with
 * `id={panelId}`, `role="tabpanel"` and `aria-labelledby={getTabId(panelId, value)}`.
 */
export function Tabs<V extends string>({
  label,
  options,
  value,
  onChange,
  panelId,
  className,
}: {
  label: string;
  options: readonly TabOption<V>[];
  value: V;
  onChange: (value: V) => void;
  panelId: string;
  className?: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = options.findIndex((o) => o.value === value);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % options.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + options.length) % options.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = options.length - 1;
    if (next === null) return;
    event.preventDefault();
    const option = options[next]!;
    onChange(option.value);
    listRef.current
      ?.querySelector<HTMLElement>(`[id="${getTabId(panelId, option.value)}"]`)
      ?.focus();
  };

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cn('inline-flex max-w-full gap-1 rounded-xl bg-surface p-1', className)}
    >
      {options.map((option) => {
        const isSelected = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            role="tab"
            id={getTabId(panelId, option.value)}
            aria-selected={isSelected}
            aria-controls={panelId}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onChange(option.value)}
            className={cn(
              'h-9 rounded-lg px-3.5 text-sm font-semibold whitespace-nowrap transition',
              isSelected
                ? 'bg-card text-brand-violet shadow-sm'
                : 'text-ink-soft hover:text-brand-violet',
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
