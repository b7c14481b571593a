import type { Reminder, Weekday } from '@wellspring/shared';
import { useId, useState } from 'react';
import { useSession, useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { canUsePush, NoServiceWorkerError, unsubscribeThisBrowser } from '@/lib/push';
import { usePreferences } from '../api/preferences';
import { useUpdatePreferences } from '../api/update-preferences';
import { subscribeForReminders } from '../api/push';

/** Monday to Sunday, as the contract lists them (kept here: this frame loads no zod). */
const WEEK: readonly { day: Weekday; short: string }[] = [
  { day: 'Monday', short: 'Mon' },
  { day: 'Tuesday', short: 'Tue' },
  { day: 'Wednesday', short: 'Wed' },
  { day: 'Thursday', short: 'Thu' },
  { day: 'Friday', short: 'Fri' },
  { day: 'Saturday', short: 'Sat' },
  { day: 'Sunday', short: 'Sun' },
];

const NO_REMINDER: Reminder = {
  enabled: false,
  time: '20:00',
  weekdays: WEEK.map((w) => w.day),
};

export const REMINDER_TEXTS = {
  label: 'Remind me to check in',
  unsupported:
    'This browser can’t show reminders here. On a phone, add Wellspring to your home screen, open it from there and try again.',
  denied:
    'Notifications are blocked for Wellspring, so we can’t remind you. If you’d like reminders, allow notifications for this site in your browser’s settings, then try again.',
  failed: 'Your reminder could not be turned on. Please try again.',
  saveFailed: 'Your reminder could not be saved. Please try again.',
  on: 'Reminder on. We’ll send one gentle nudge on the days you chose, if you haven’t checked in yet.',
  off: 'Reminder off. This device won’t get reminders.',
  noDays: 'Choose at least one day to be reminded.',
} as const;

/** Asks for notification permission unless already given; answers whether it is granted. */
async function notificationsAllowed(): Promise<boolean> {
  if (Notification.permission === 'granted') return true;
  if (Notification.permission === 'denied') return false;
  return (await Notification.requestPermission()) === 'granted';
}

/**
 * "Remind me to check in" (decision 041): a checkbox, a local time and seven weekday checkboxes.
 * Turning it on asks for notification permission, subscribes this browser with the server's VAPID
 * key and saves the reminder; turning it off saves that (the server drops every device's
 * subscription) and unsubscribes this browser. What happened is said in a polite live region.
 */
export function ReminderSetting() {
  const headingId = useId();
  const timeId = useId();
  const daysId = useId();
  const { userId } = useSession();
  const { data: user } = useUser();
  const { data: preferences } = usePreferences();
  const update = useUpdatePreferences();
  const saved = preferences?.reminder ?? NO_REMINDER;
  const [draftTime, setDraftTime] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; problem: boolean } | null>(null);
  const time = draftTime ?? saved.time;

  const save = async (reminder: Reminder) => {
    try {
      await update.mutateAsync({ reminder });
      return true;
    } catch {
      setNotice({ text: REMINDER_TEXTS.saveFailed, problem: true });
      return false;
    }
  };

  const turnOn = async () => {
    if (!canUsePush()) return setNotice({ text: REMINDER_TEXTS.unsupported, problem: true });
    if (!(await notificationsAllowed())) {
      return setNotice({ text: REMINDER_TEXTS.denied, problem: true });
    }
    try {
      await subscribeForReminders(userId ?? '');
    } catch (error) {
      const text =
        error instanceof NoServiceWorkerError ? REMINDER_TEXTS.unsupported : REMINDER_TEXTS.failed;
      return setNotice({ text, problem: true });
    }
    if (await save({ ...saved, time, enabled: true })) {
      setNotice({ text: REMINDER_TEXTS.on, problem: false });
    }
  };

  const turnOff = async () => {
    if (await save({ ...saved, time, enabled: false })) {
      await unsubscribeThisBrowser();
      setNotice({ text: REMINDER_TEXTS.off, problem: false });
    }
  };

  const toggle = async () => {
    // aria-disabled, not disabled, while busy: focus stays on the checkbox.
    if (busy) return;
    setBusy(true);
    setNotice(null);
    try {
      await (saved.enabled ? turnOff() : turnOn());
    } finally {
      setBusy(false);
    }
  };

  const saveTime = () => {
    if (draftTime === null) return;
    if (/^([01]\d|2[0-3]):[0-5]\d$/.test(draftTime) && draftTime !== saved.time) {
      void save({ ...saved, time: draftTime });
    }
    setDraftTime(null);
  };

  const toggleDay = (day: Weekday) => {
    const chosen = saved.weekdays.includes(day)
      ? saved.weekdays.filter((d) => d !== day)
      : WEEK.map((w) => w.day).filter((d) => d === day || saved.weekdays.includes(d));
    void save({ ...saved, time, weekdays: chosen });
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-sm font-semibold text-ink">
        Check-in reminder
      </h3>
      <div className="flex items-start gap-3">
        <input
          id={`${headingId}-on`}
          type="checkbox"
          role="switch"
          checked={saved.enabled}
          aria-disabled={busy || !preferences}
          aria-describedby={`${headingId}-notice`}
          onChange={() => {
            if (preferences) void toggle();
          }}
          className="mt-0.5 size-5 shrink-0 rounded accent-brand-violet"
        />
        <label htmlFor={`${headingId}-on`} className="text-sm text-ink-soft">
          {REMINDER_TEXTS.label}
          {busy && <span className="sr-only"> (saving)</span>}
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <label htmlFor={timeId} className="text-sm font-medium text-ink-soft">
          Time
        </label>
        <input
          id={timeId}
          type="time"
          value={time}
          required
          aria-describedby={`${timeId}-hint`}
          onChange={(event) => setDraftTime(event.target.value)}
          onBlur={saveTime}
          className="h-11 rounded-xl border border-line bg-card px-3 text-[15px] text-ink"
        />
        <p id={`${timeId}-hint`} className="text-sm text-ink-muted">
          In your time zone{user?.timeZone ? ` (${user.timeZone})` : ''}
        </p>
      </div>
      <fieldset aria-describedby={saved.weekdays.length === 0 ? daysId : undefined}>
        <legend className="mb-2 text-sm font-medium text-ink-soft">Days</legend>
        <div className="grid grid-cols-7 gap-1">
          {WEEK.map(({ day, short }) => {
            const on = saved.weekdays.includes(day);
            return (
              <label
                key={day}
                className={cn(
                  'flex h-11 min-w-0 cursor-pointer items-center justify-center rounded-xl border text-xs font-semibold has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-violet',
                  // Chosen days have a thicker border and a tick, not only a colour.
                  on
                    ? 'border-2 border-brand-violet bg-surface text-ink'
                    : 'border-line bg-card text-ink-soft',
                )}
              >
                <input
                  type="checkbox"
                  aria-label={day}
                  checked={on}
                  onChange={() => toggleDay(day)}
                  className="sr-only"
                />
                <span aria-hidden>
                  {on ? '✓ ' : ''}
                  {short}
                </span>
              </label>
            );
          })}
        </div>
        {saved.weekdays.length === 0 && (
          <p id={daysId} className="mt-2 text-sm text-ink-muted">
            {REMINDER_TEXTS.noDays}
          </p>
        )}
      </fieldset>
      <p
        id={`${headingId}-notice`}
        role="status"
        className={cn('text-sm', notice?.problem ? 'font-medium text-red-700' : 'text-ink-muted')}
      >
        {notice?.text}
      </p>
    </section>
  );
}
