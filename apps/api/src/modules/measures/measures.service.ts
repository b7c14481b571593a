import {
  answersProblem,
  AppError,
  bandOf,
  flagsSelfHarm,
  MEASURES,
  scoreMeasure,
  type CreateMeasureResultBody,
  type MeasureId,
  type MeasureResult,
  type MeasureResultListQuery,
} from '@wellspring/shared';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../plugins/app/context';
import {
  deleteMeasureResult,
  listMeasureResults,
  upsertMeasureResult,
  type MeasureResultRow,
} from './measures.repository';

/** A page of results when the request names no limit. */
const DEFAULT_PAGE = 30;

export function presentMeasureResult(row: MeasureResultRow): MeasureResult {
  const measure = row.measure as MeasureId;
  return {
    id: row.id,
    measure,
    answers: row.answers,
    difficulty: row.difficulty,
    score: row.score,
    band: bandOf(measure, row.score).label,
    flagsSelfHarm: flagsSelfHarm(measure, row.answers),
    takenAt: row.takenAt.toISOString(),
    date: row.localDate,
  };
}

/**
 * Scores a questionnaire the user answered and keeps it as the day's result of that measure
 * (decision 083): answers that cannot be scored are a 400 naming the rule, and nothing is written.
 */
export async function recordMeasureResult(
  db: Executor,
  auth: AuthContext,
  measure: MeasureId,
  body: CreateMeasureResultBody,
  now: Date,
): Promise<MeasureResult> {
  const problem = answersProblem(measure, body.answers);
  if (problem !== null) throw new AppError('MEASURE_ANSWERS_INVALID', problem);
  const difficulty = body.difficulty ?? null;
  if (difficulty !== null && MEASURES[measure].difficulty === null) {
    throw new AppError(
      'MEASURE_ANSWERS_INVALID',
      `${MEASURES[measure].shortName} has no difficulty question`,
    );
  }
  const row = await upsertMeasureResult(db, {
    userId: auth.userId,
    measure,
    answers: body.answers,
    difficulty,
    score: scoreMeasure(measure, body.answers),
    takenAt: now,
    localDate: auth.today,
  });
  return presentMeasureResult(row);
}

export async function listResults(
  db: Executor,
  auth: AuthContext,
  query: MeasureResultListQuery,
): Promise<MeasureResult[]> {
  const rows = await listMeasureResults(db, auth.userId, {
    measure: query.measure,
    before: query.before ? new Date(query.before) : undefined,
    limit: query.limit ?? DEFAULT_PAGE,
  });
  return rows.map(presentMeasureResult);
}

export async function removeMeasureResult(
  db: Executor,
  auth: AuthContext,
  resultId: string,
): Promise<void> {
  if (!(await deleteMeasureResult(db, auth.userId, resultId))) {
    throw new AppError('NOT_FOUND', 'No such result');
  }
}
