import { PreferenceSwitch } from './preference-switch';

export const MEASURE_REMINDER_TEXTS = {
  label: 'Also remind me every two weeks to take the questionnaires',
  hint: 'At the reminder’s time, two weeks after the last one you took. It needs the reminder above on.',
  failure: 'This setting could not be saved. Please try again.',
} as const;

/**
 * The questionnaire reminder (decision 083): a switch, off for a new account, saved at once. It
 * rides on the daily reminder: its time, its weekdays and its devices.
 */
export function MeasureReminderSetting() {
  return <PreferenceSwitch field="measureReminder" texts={MEASURE_REMINDER_TEXTS} />;
}
