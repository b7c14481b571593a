import { ChevronDown } from 'lucide-react';
import { useId } from 'react';

export type TaskView = 'Board' | 'List';
const VIEWS: readonly TaskView[] = ['Board', 'List'];

/**
 * The Board/List dropdown; choosing navigates to the lowercase name (SPEC.md section 2). The
 * list exists on wide screens only, so elsewhere it is offered but not selectable.
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
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        View
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value as TaskView)}
          aria-describedby={isListAvailable ? undefined : hintId}
          className="h-10 cursor-pointer appearance-none rounded-xl border border-line bg-white pr-10 pl-3.5 text-sm font-semibold text-ink shadow-xs transition hover:border-brand-violet/40 focus:border-brand-violet"
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
