import type { LucideIcon } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';

export interface TabDefinition<K extends string> {
  id: K;
  label: string;
  icon: LucideIcon;
}

/** The ids that tie a tab to its panel. */
export function getTabIds(idPrefix: string, tab: string) {
  return { tabId: `${idPrefix}-tab-${tab}`, panelId: `${idPrefix}-panel-${tab}` };
}

/**
 * The WAI-ARIA tabs pattern: one tab in the Tab order, arrow keys (either direction, as the list
 * is a row on phones and a column on wider screens), Home and End move and select.
 */
export function ProfileTabs<K extends string>({
  tabs,
  selected,
  onSelect,
  idPrefix,
  label,
  orientation,
  className,
}: {
  tabs: readonly TabDefinition<K>[];
  selected: K;
  onSelect: (tab: K) => void;
  idPrefix: string;
  label: string;
  orientation: 'horizontal' | 'vertical';
  className?: string;
}) {
  const buttons = useRef(new Map<K, HTMLButtonElement>());

  const move = (index: number) => {
    const next = tabs[(index + tabs.length) % tabs.length]!;
    onSelect(next.id);
    buttons.current.get(next.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const keys: Record<string, () => void> = {
      ArrowRight: () => move(index + 1),
      ArrowDown: () => move(index + 1),
      ArrowLeft: () => move(index - 1),
      ArrowUp: () => move(index - 1),
      Home: () => move(0),
      End: () => move(tabs.length - 1),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <div
      role="tablist"
      aria-label={label}
      aria-orientation={orientation}
      onKeyDown={onKeyDown}
      className={cn(
        'grid shrink-0 grid-cols-4 gap-1 border-b border-line px-3 md:flex md:w-44 md:flex-col md:gap-1 md:border-r md:border-b-0 md:px-3 md:py-2',
        className,
      )}
    >
      {tabs.map(({ id, label: tabLabel, icon: Icon }) => {
        const isSelected = id === selected;
        const { tabId, panelId } = getTabIds(idPrefix, id);
        return (
          <button
            key={id}
            ref={(node) => {
              if (node) buttons.current.set(id, node);
              else buttons.current.delete(id);
            }}
            type="button"
            role="tab"
            id={tabId}
            aria-selected={isSelected}
            // Only the shown panel exists, so only its tab points at it.
            aria-controls={isSelected ? panelId : undefined}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(id)}
            className={cn(
              'relative -mb-px flex min-w-0 flex-col items-center gap-1 border-b-2 px-1 pt-2 pb-2.5 text-xs font-medium transition',
              'md:mb-0 md:flex-row md:gap-3 md:rounded-xl md:border-b-0 md:px-3 md:py-2.5 md:text-sm',
              isSelected
                ? 'border-brand-violet text-brand-violet md:bg-surface md:font-semibold'
                : 'border-transparent text-ink-muted hover:text-ink md:hover:bg-surface/70',
            )}
          >
            <Icon className="size-5 shrink-0 md:size-4" aria-hidden />
            <span className="max-w-full truncate">{tabLabel}</span>
          </button>
        );
      })}
    </div>
  );
}
