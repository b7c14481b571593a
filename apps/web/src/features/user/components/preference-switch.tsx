import type { Preferences } from '@wellspring/shared';
import { useId } from 'react';
import { toast } from '@/components/ui/toast';
import { usePreferences } from '../api/preferences';
import { useUpdatePreferences } from '../api/update-preferences';

/** The preferences that are a plain on and off. */
type SwitchField = {
  [K in keyof Preferences]: Preferences[K] extends boolean ? K : never;
}[keyof Preferences];

/**
 * A preference that is on or off: a switch with its hint, off until the preferences are read,
 * saved at once (optimistically) and said when the save fails.
 */
export function PreferenceSwitch({
  field,
  texts,
  onSaved,
}: {
  field: SwitchField;
  texts: { label: string; hint: string; failure: string };
  onSaved?: () => void;
}) {
  const id = useId();
  const { data: preferences } = usePreferences();
  const update = useUpdatePreferences();
  const on = preferences?.[field] ?? false;

  const toggle = () => {
    if (!preferences || update.isPending) return;
    update.mutate(
      { [field]: !on },
      { onSuccess: onSaved, onError: () => toast.error(texts.failure) },
    );
  };

  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={on}
        // aria-disabled, not disabled, while busy: focus stays on the switch.
        aria-disabled={!preferences || update.isPending}
        aria-describedby={`${id}-hint`}
        onChange={toggle}
        className="mt-0.5 size-5 shrink-0 rounded accent-brand-violet"
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          {texts.label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {texts.hint}
        </p>
      </div>
    </div>
  );
}
