import {
  AppError,
  daysBetween,
  HISTORY_MAX_DAYS,
  isLocalDate,
  type HistoryRow,
  type HistorySummary,
} from '@wellspring/shared';
import type { Database } from '../../db/client';
import { toLocalDate } from '../../lib/local-date';
import type { AuthContext } from '../../plugins/app/context';
import { findCurrentGoal } from '../goal/goal.repository';
import { presentDailyPoints, presentHistorySummary } from './history.presenter';
import { sumPointsByDay } from './history.repository';

/** The current goal's count of completed tasks and percent; zeros before the first goal. */
export async function getHistorySummary(db: Database, auth: AuthContext): Promise<HistorySummary> {
  return presentHistorySummary(await findCurrentGoal(db, auth.userId));
}

/**
 * Points earned on each local day of the range (the days of the two instants), zeros included.
 */
export async function getDailyPoints(
  db: Database,
  auth: AuthContext,
  startMs: number,
  endMs: number,
): Promise<HistoryRow[]> {
  const start = toLocalDate(startMs, auth.timeZone);
  const end = toLocalDate(endMs, auth.timeZone);
  // Past year 9999 the dates leave the YYYY-MM-DD form and the day arithmetic breaks (NaN, or a
  // walk that never reaches the end): such instants are bad input, not a server failure.
  if (!isLocalDate(start) || !isLocalDate(end)) {
    throw new AppError('VALIDATION_ERROR', 'startDate and endDate must fall before the year 10000');
  }
  const dayCount = daysBetween(start, end) + 1;
  if (dayCount > HISTORY_MAX_DAYS) {
    throw new AppError('VALIDATION_ERROR', `Ask for at most ${HISTORY_MAX_DAYS} days at once`);
  }
  return presentDailyPoints(start, end, await sumPointsByDay(db, auth.userId, start, end));
}
