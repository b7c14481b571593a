import { describe, expect, it } from 'vitest';
import { WEEKDAYS, weekdayName } from './dates';
import { measureReminderDueDay, reminderDueDay, toLocalTime } from './reminder';

const EVERY_DAY = [...WEEKDAYS];
const at = (time: string, weekdays = EVERY_DAY) => ({ enabled: true, time, weekdays });

describe('the reminder schedule', () => {
  it('is due from the local time on, for the rest of that local day, not before', () => {
    // 2026-03-10 is a Tuesday; Tokyo is UTC+9 all year.
    expect(reminderDueDay(at('20:00'), new Date('2026-03-10T10:59:00Z'), 'Asia/Tokyo')).toBeNull();
    expect(reminderDueDay(at('20:00'), new Date('2026-03-10T11:00:00Z'), 'Asia/Tokyo')).toBe(
      '2026-03-10',
    );
    // Missed while the server was down: still due at 23:59 local, the same day.
    expect(reminderDueDay(at('20:00'), new Date('2026-03-10T14:59:00Z'), 'Asia/Tokyo')).toBe(
      '2026-03-10',
    );
    // Past local midnight it is a new day, before its time.
    expect(reminderDueDay(at('20:00'), new Date('2026-03-10T15:00:00Z'), 'Asia/Tokyo')).toBeNull();
  });

  it('reads the same instant in each user’s own time zone', () => {
    const instant = new Date('2026-03-10T19:30:00Z');
    expect(reminderDueDay(at('19:00'), instant, 'UTC')).toBe('2026-03-10');
    expect(reminderDueDay(at('19:00'), instant, 'America/New_York')).toBeNull(); // 15:30
    expect(reminderDueDay(at('19:00'), instant, 'Pacific/Auckland')).toBeNull(); // 08:30, Wed
    expect(reminderDueDay(at('08:00'), instant, 'Pacific/Auckland')).toBe('2026-03-11');
  });

  it('follows daylight saving: the same local time is a different UTC hour across the change', () => {
    // Europe/Berlin moves from UTC+1 to UTC+2 on 2026-03-29.
    expect(reminderDueDay(at('20:00'), new Date('2026-03-28T19:00:00Z'), 'Europe/Berlin')).toBe(
      '2026-03-28',
    );
    expect(reminderDueDay(at('20:00'), new Date('2026-03-29T18:00:00Z'), 'Europe/Berlin')).toBe(
      '2026-03-29',
    );
    expect(
      reminderDueDay(at('20:00'), new Date('2026-03-29T17:59:00Z'), 'Europe/Berlin'),
    ).toBeNull();
  });

  it('keeps a time the spring-forward jump skips at the first minute after it', () => {
    // 02:30 does not exist in Berlin on 2026-03-29: 01:59 (00:59Z) is followed by 03:00 (01:00Z).
    expect(
      reminderDueDay(at('02:30'), new Date('2026-03-29T00:59:00Z'), 'Europe/Berlin'),
    ).toBeNull();
    expect(reminderDueDay(at('02:30'), new Date('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe(
      '2026-03-29',
    );
  });

  it('is due only on the chosen weekdays, and never when off', () => {
    const weekdaysOnly = at('09:00', ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    expect(reminderDueDay(weekdaysOnly, new Date('2026-03-13T10:00:00Z'), 'UTC')).toBe(
      '2026-03-13',
    ); // Friday
    expect(reminderDueDay(weekdaysOnly, new Date('2026-03-14T10:00:00Z'), 'UTC')).toBeNull(); // Saturday
    // The weekday is the user's local one: Friday 23:00 in UTC is Saturday in Tokyo.
    expect(reminderDueDay(weekdaysOnly, new Date('2026-03-13T23:00:00Z'), 'Asia/Tokyo')).toBeNull();
    expect(
      reminderDueDay({ ...at('00:00'), enabled: false }, new Date('2026-03-13T12:00:00Z'), 'UTC'),
    ).toBeNull();
  });

  it('names local times and weekdays', () => {
    expect(toLocalTime(new Date('2026-03-10T00:05:00Z'), 'UTC')).toBe('00:05');
    expect(toLocalTime(new Date('2026-03-10T23:59:00Z'), 'UTC')).toBe('23:59');
    expect(weekdayName('2026-03-15')).toBe('Sunday');
    expect(weekdayName('2026-03-16')).toBe('Monday');
  });
});

describe('the questionnaire reminder (decision 083)', () => {
  const daily = { enabled: true, time: '20:00', weekdays: [...WEEKDAYS] };
  const on = (instant: string) => new Date(instant);

  it('is due at the daily time once two weeks have passed since the last questionnaire', () => {
    expect(
      measureReminderDueDay(daily, '2026-03-02', null, on('2026-03-16T20:00:00Z'), 'UTC'),
    ).toBe('2026-03-16');
    // Thirteen days: not yet; before the time: not yet.
    expect(
      measureReminderDueDay(daily, '2026-03-03', null, on('2026-03-16T20:00:00Z'), 'UTC'),
    ).toBeNull();
    expect(
      measureReminderDueDay(daily, '2026-03-02', null, on('2026-03-16T19:59:00Z'), 'UTC'),
    ).toBeNull();
  });

  it('reminds a person who never took one, then every two weeks until they do', () => {
    const now = on('2026-03-16T21:00:00Z');
    expect(measureReminderDueDay(daily, null, null, now, 'UTC')).toBe('2026-03-16');
    expect(measureReminderDueDay(daily, null, '2026-03-03', now, 'UTC')).toBeNull();
    expect(measureReminderDueDay(daily, null, '2026-03-02', now, 'UTC')).toBe('2026-03-16');
  });

  it('keeps the daily reminder’s weekdays and zone, and is never due while it is off', () => {
    const weekdays = { ...daily, weekdays: ['Saturday'] as string[] };
    // Monday 16 March 2026: not a chosen day.
    expect(
      measureReminderDueDay(weekdays, null, null, on('2026-03-16T21:00:00Z'), 'UTC'),
    ).toBeNull();
    // 20:30 in Tokyo is 11:30 UTC.
    expect(measureReminderDueDay(daily, null, null, on('2026-03-16T11:30:00Z'), 'Asia/Tokyo')).toBe(
      '2026-03-16',
    );
    expect(
      measureReminderDueDay(
        { ...daily, enabled: false },
        null,
        null,
        on('2026-03-16T21:00:00Z'),
        'UTC',
      ),
    ).toBeNull();
  });
});
