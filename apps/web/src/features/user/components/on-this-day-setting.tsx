import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/auth';
import { insightsKeys } from '@/lib/query-keys';
import { PreferenceSwitch } from './preference-switch';

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
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return (
    <PreferenceSwitch
      field="onThisDayShowsLowDays"
      texts={ON_THIS_DAY_SETTING_TEXTS}
      onSaved={() =>
        void queryClient.invalidateQueries({ queryKey: insightsKeys.onThisDay(userId ?? '') })
      }
    />
  );
}
