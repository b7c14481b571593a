// Which daily backups the embedded server keeps: the newest of each of the last 7 days that have
// one, and the newest of each of the last 4 weeks (Monday to Sunday, UTC) that have one. Pure.
import { BACKUP_EXTENSION } from '../../db/backup/format';

export const DAILY_SUFFIX = '-daily';
export const KEEP_DAILY = 7;
export const KEEP_WEEKLY = 4;

const DAILY_NAME = new RegExp(
  `^wellspring-(\\d{4}-\\d{2}-\\d{2})T(\\d{2})-(\\d{2})-(\\d{2})Z${DAILY_SUFFIX}\\${BACKUP_EXTENSION}$`,
);

/** When a scheduled backup was taken, from its name; undefined for any other file. */
export function dailyBackupTime(name: string): Date | undefined {
  const match = DAILY_NAME.exec(name);
  if (!match) return undefined;
  const at = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** The Monday (UTC) of the week a moment falls in, as YYYY-MM-DD. */
function weekOf(at: Date): string {
  const monday = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday.toISOString().slice(0, 10);
}

/** The newest file of each of the `count` newest groups. */
function newestPerGroup(
  files: readonly { name: string; at: Date }[],
  groupOf: (at: Date) => string,
  count: number,
): string[] {
  const newest = new Map<string, { name: string; at: Date }>();
  for (const file of files) {
    const key = groupOf(file.at);
    const held = newest.get(key);
    if (!held || file.at > held.at) newest.set(key, file);
  }
  return [...newest.entries()]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .slice(0, count)
    .map(([, file]) => file.name);
}

/**
 * Splits a backup folder's names into kept and deleted scheduled backups. Files that are not
 * scheduled backups (made with `npm run backup`, anything else) are in neither: never deleted.
 */
export function applyRetention(
  names: readonly string[],
  keepDaily = KEEP_DAILY,
  keepWeekly = KEEP_WEEKLY,
): { keep: string[]; remove: string[] } {
  const files = names.flatMap((name) => {
    const at = dailyBackupTime(name);
    return at ? [{ name, at }] : [];
  });
  const kept = new Set([
    ...newestPerGroup(files, (at) => at.toISOString().slice(0, 10), keepDaily),
    ...newestPerGroup(files, weekOf, keepWeekly),
  ]);
  const byTime = [...files].sort((a, b) => a.at.getTime() - b.at.getTime()).map((f) => f.name);
  return {
    keep: byTime.filter((name) => kept.has(name)),
    remove: byTime.filter((name) => !kept.has(name)),
  };
}

/** Has a scheduled backup been taken on this moment's UTC day? */
export function hasBackupOnDay(names: readonly string[], now: Date): boolean {
  const day = now.toISOString().slice(0, 10);
  return names.some((name) => dailyBackupTime(name)?.toISOString().slice(0, 10) === day);
}
