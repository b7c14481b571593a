import { ChevronDown } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';

export type TaskView = 'Board' | 'List';
const VIEWS: readonly TaskView[] = ['Board', 'List'];

/** Keys that move a closed select's value without opening it (Chromium, Firefox on Linux/Windows). */
const BROWSING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

/**
 * The Board/List dropdown; choosing navigates to the lowercase name (SPEC.md section 2). The
 * list exists on wide screens only, so elsewhere it is offered but not selectable.
 *
 * A choice is what navigates, not every change of value (WCAG 3.2.2): a pick from the open list
 * (click, or Enter in it) goes at once; an arrow key on the closed dropdown only moves the value
 * shown, and Enter then goes there. Leaving the dropdown without Enter puts back the current view.
 */
export function TaskViewSwitch({
  value,
  onChange,
  isListAvailable,
}: {
  value: TaskView;
  onChange: (view: TaskView) => void;
  isListAvailable: boolean;
}) {
  const id = useId();
  const hintId = useId();
  const [pending, setPending] = useState<TaskView | null>(null);
  // True from the keydown of a browsing key to its keyup: the change it causes is not a choice.
  const isBrowsingRef = useRef(false);
  const shown = pending ?? value;

  const choose = (view: TaskView) => {
    setPending(null);
    if (view !== value) onChange(view);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (BROWSING_KEYS.has(event.key)) isBrowsingRef.current = true;
    if (event.key === 'Enter' && pending) {
      event.preventDefault();
      choose(pending);
    }
  };

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        View
      </label>
      <div className="relative">
        <select
          id={id}
          value={shown}
          onChange={(event) => {
            const view = event.target.value as TaskView;
            if (isBrowsingRef.current) setPending(view === value ? null : view);
            else choose(view);
          }}
          onKeyDown={onKeyDown}
          onKeyUp={() => {
            isBrowsingRef.current = false;
          }}
          onBlur={() => {
            isBrowsingRef.current = false;
            setPending(null);
          }}
          aria-describedby={isListAvailable ? undefined : hintId}
          className="h-10 cursor-pointer appearance-none rounded-xl border border-line bg-card pr-10 pl-3.5 text-sm font-semibold text-ink shadow-xs transition hover:border-brand-violet/40 focus:border-brand-violet"
        >
          {VIEWS.map((view) => (
            <option key={view} value={view} disabled={view === 'List' && !isListAvailable}>
              {view}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-muted"
          aria-hidden
        />
      </div>
      {!isListAvailable && (
        <span id={hintId} className="sr-only">
          The list view needs a wider screen.
        </span>
      )}
    </div>
  );
}
