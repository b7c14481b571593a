import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { toast } from '@/components/ui/toast';
import { useSession } from '@/lib/auth';
import { insightsKeys } from '@/lib/query-keys';
import { usePreferences } from '../api/preferences';
import { useUpdatePreferences } from '../api/update-preferences';

export const ON_THIS_DAY_SETTING_TEXTS = {
  label: 'Show hard days in "On this day"',
  hint: 'Off: a day whose mood was Sad or Depressed is not brought back on the dashboard.',
  failure: 'This setting could not be saved. Please try again.',
} as const;

/**
 * Whether "On this day" brings back Sad and Depressed days (decision 076): a switch, off for a new
 * account, saved at once; the dashboard's card is read again with the new choice.
 */
export function OnThisDaySetting() {
  const id = useId();
  const queryClient = useQueryClient();
  const { userId } = useSession();
  const { data: preferences } = usePreferences();
  const update = useUpdatePreferences();
  const on = preferences?.onThisDayShowsLowDays ?? false;

  const toggle = () => {
    if (!preferences || update.isPending) return;
    update.mutate(
      { onThisDayShowsLowDays: !on },
      {
        onSuccess: () =>
          queryClient.invalidateQueries({ queryKey: insightsKeys.onThisDay(userId ?? '') }),
        onError: () => toast.error(ON_THIS_DAY_SETTING_TEXTS.failure),
      },
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
          {ON_THIS_DAY_SETTING_TEXTS.label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {ON_THIS_DAY_SETTING_TEXTS.hint}
        </p>
      </div>
    </div>
  );
}
