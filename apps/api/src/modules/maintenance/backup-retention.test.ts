import { describe, expect, it } from 'vitest';
import { backupFileName } from '../../db/backup/format';
import { applyRetention, dailyBackupTime, hasBackupOnDay } from './backup-retention';

/** A scheduled backup's name for a UTC day, at 03:00. */
const daily = (day: string, time = '03:00:00') =>
  backupFileName(new Date(`${day}T${time}Z`), '-daily');

/** Names of one scheduled backup a day from `first`, for `days` days. */
function everyDay(first: string, days: number): string[] {
  const start = new Date(`${first}T03:00:00Z`);
  return Array.from({ length: days }, (_, i) => {
    const at = new Date(start);
    at.setUTCDate(at.getUTCDate() + i);
    return backupFileName(at, '-daily');
  });
}

describe('daily backup retention', () => {
  it('reads the time back from a scheduled backup name, and nothing from any other file', () => {
    expect(dailyBackupTime(daily('2026-11-24', '10:49:33'))?.toISOString()).toBe(
      '2026-11-24T10:49:33.000Z',
    );
    expect(dailyBackupTime(backupFileName(new Date('2026-11-24T10:49:33Z')))).toBeUndefined();
    expect(dailyBackupTime('notes.txt')).toBeUndefined();
  });

  it('keeps everything while there are 7 days or fewer', () => {
    const names = everyDay('2026-11-18', 7);
    expect(applyRetention(names)).toEqual({ keep: names, remove: [] });
  });

  it('after 60 days keeps the last 7 days and the newest of each of the last 4 weeks', () => {
    // 2026-09-26 (a Saturday) to 2026-11-24 (a Tuesday).
    const names = everyDay('2026-09-26', 60);
    const { keep, remove } = applyRetention(names);
    const days = keep.map((n) => dailyBackupTime(n)!.toISOString().slice(0, 10));
    expect(days).toEqual([
      // The newest of the weeks starting 2026-11-02 and 2026-11-09: their Sundays.
      '2026-11-08',
      '2026-11-15',
      // The last 7 days; 2026-11-22 is also its week's newest, and the current week's is today.
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
    ]);
    expect(keep.length + remove.length).toBe(60);
  });

  it('keeps only the newest of two backups on one day', () => {
    const early = daily('2026-11-24', '01:00:00');
    const late = daily('2026-11-24', '23:00:00');
    expect(applyRetention([late, early])).toEqual({ keep: [late], remove: [early] });
  });

  it('counts days that have a backup, so a server stopped for a month keeps its older ones', () => {
    const old = everyDay('2026-09-01', 10); // 2026-09-01 .. 2026-09-10
    const recent = [daily('2026-11-24')];
    const { keep } = applyRetention([...old, ...recent]);
    const days = keep.map((n) => dailyBackupTime(n)!.toISOString().slice(0, 10));
    // The 7 newest days that have one, not the 7 last calendar days; the weeks add nothing
    // here (their newest are 09-06, 09-10 and 11-24).
    expect(days).toEqual([
      '2026-09-05',
      '2026-09-06',
      '2026-09-07',
      '2026-09-08',
      '2026-09-09',
      '2026-09-10',
      '2026-11-24',
    ]);
  });

  it('never touches files it did not make', () => {
    const manual = backupFileName(new Date('2020-01-01T00:00:00Z'));
    const names = [manual, 'README', ...everyDay('2026-09-01', 30)];
    const { keep, remove } = applyRetention(names);
    expect(keep).not.toContain(manual);
    expect(remove).not.toContain(manual);
    expect(remove).not.toContain('README');
  });

  it('tells whether a day already has its backup (UTC)', () => {
    const names = [daily('2026-11-23', '23:59:59')];
    expect(hasBackupOnDay(names, new Date('2026-11-23T00:00:00Z'))).toBe(true);
    expect(hasBackupOnDay(names, new Date('2026-11-24T00:00:00Z'))).toBe(false);
  });
});
