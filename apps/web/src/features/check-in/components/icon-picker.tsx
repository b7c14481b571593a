import { ACTIVITY_ICONS, type ActivityIcon as ActivityIconName } from '@wellspring/shared';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { ACTIVITY_ICON_LABELS, ActivityIcon } from '@/components/ui/activity-icon';

/**
 * A grid of every icon an activity can have, as one native radio group: Tab reaches the chosen
 * icon, the arrow keys move and choose, and each icon is named in words.
 */
export function IconPicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: ActivityIconName;
  onChange: (icon: ActivityIconName) => void;
}) {
  const labelId = useId();
  const name = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <p id={labelId} className="text-sm font-medium text-ink">
        {label}
      </p>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        className="grid grid-cols-[repeat(auto-fill,minmax(2.75rem,1fr))] gap-1.5"
      >
        {ACTIVITY_ICONS.map((icon) => (
          <label
            key={icon}
            className={cn(
              'relative flex h-11 cursor-pointer items-center justify-center rounded-xl border transition has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-violet',
              // The chosen one has a thicker border too: colour is not the only sign.
              value === icon
                ? 'border-2 border-brand-violet bg-surface text-brand-violet'
                : 'border-line bg-card text-ink-soft hover:border-brand-violet/40',
            )}
          >
            <input
              type="radio"
              name={name}
              value={icon}
              checked={value === icon}
              onChange={() => onChange(icon)}
              aria-label={ACTIVITY_ICON_LABELS[icon]}
              className="sr-only"
            />
            <ActivityIcon name={icon} />
          </label>
        ))}
      </div>
    </div>
  );
}
