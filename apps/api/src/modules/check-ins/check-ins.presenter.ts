import type { CheckIn } from '@wellspring/shared';
import type { DiaryVault } from '../diary/diary-vault';
import type { CheckInRow } from './check-ins.repository';

/** Shapes a check-in row for its owner: only the fields of the contract, the note opened. */
export function presentCheckIn(row: CheckInRow, activityIds: string[], vault: DiaryVault): CheckIn {
  return {
    id: row.id,
    takenAt: row.takenAt.toISOString(),
    timeZone: row.timeZone,
    date: row.localDate,
    mood: row.mood as CheckIn['mood'],
    feelings: row.feelings,
    activityIds,
    note: vault.openNote(row),
    isBackfilled: row.isBackfilled,
    isDailyMood: row.isDailyMood,
  };
}
