import { and, asc, desc, eq, gt, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { measureResults } from '../../db/schema';

export type MeasureResultRow = typeof measureResults.$inferSelect;

/**
 * Writes the day's result of a measure, replacing one taken earlier that local day (decision 083):
 * two submissions at once leave one row, the later one's answers.
 */
export async function upsertMeasureResult(
  db: Executor,
  row: Omit<MeasureResultRow, 'id'>,
): Promise<MeasureResultRow> {
  const [saved] = await db
    .insert(measureResults)
    .values(row)
    .onConflictDoUpdate({
      target: [measureResults.userId, measureResults.measure, measureResults.localDate],
      set: {
        answers: row.answers,
        difficulty: row.difficulty,
        score: row.score,
        takenAt: row.takenAt,
      },
    })
    .returning();
  return saved!;
}

/** Writes results read from an export file (decision 083), into an account that has none. */
export async function insertMeasureResults(
  db: Executor,
  rows: Omit<MeasureResultRow, 'id'>[],
): Promise<void> {
  if (rows.length > 0) await db.insert(measureResults).values(rows);
}

/** The user's results, oldest first, a page after a result (the export's keyset). */
export async function listMeasureResultsAfter(
  db: Executor,
  userId: string,
  after: { takenAt: Date; id: string } | null,
  limit: number,
): Promise<MeasureResultRow[]> {
  return db
    .select()
    .from(measureResults)
    .where(
      and(
        eq(measureResults.userId, userId),
        after
          ? or(
              gt(measureResults.takenAt, after.takenAt),
              and(eq(measureResults.takenAt, after.takenAt), gt(measureResults.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(measureResults.takenAt), asc(measureResults.id))
    .limit(limit);
}

/** The user's results, newest first, of one measure or all, before an instant. */
export async function listMeasureResults(
  db: Executor,
  userId: string,
  options: { measure?: string; before?: Date; limit: number },
): Promise<MeasureResultRow[]> {
  return db
    .select()
    .from(measureResults)
    .where(
      and(
        eq(measureResults.userId, userId),
        options.measure ? eq(measureResults.measure, options.measure) : undefined,
        options.before ? lt(measureResults.takenAt, options.before) : undefined,
      ),
    )
    .orderBy(desc(measureResults.takenAt), desc(measureResults.id))
    .limit(options.limit);
}

/** The user's results of the local days from `from` to `to`, oldest first (the report). */
export async function listMeasureResultsBetween(
  db: Executor,
  userId: string,
  from: string,
  to: string,
): Promise<MeasureResultRow[]> {
  return db
    .select()
    .from(measureResults)
    .where(
      and(
        eq(measureResults.userId, userId),
        gte(measureResults.localDate, from),
        lte(measureResults.localDate, to),
      ),
    )
    .orderBy(asc(measureResults.localDate), asc(measureResults.measure));
}

/** Deletes one of the user's results; false when the user has none of that id. */
export async function deleteMeasureResult(
  db: Executor,
  userId: string,
  resultId: string,
): Promise<boolean> {
  const deleted = await db
    .delete(measureResults)
    .where(and(eq(measureResults.userId, userId), eq(measureResults.id, resultId)))
    .returning({ id: measureResults.id });
  return deleted.length > 0;
}

/** The local day of the user's latest result, as a column of a statement about `userId`. */
export function lastTakenOnOf(db: Executor, userId: SQL | string) {
  return db
    .select({ day: sql<string | null>`max(${measureResults.localDate})` })
    .from(measureResults)
    .where(sql`${measureResults.userId} = ${userId}`);
}

/** A result of the user's taken after `day`, for a NOT EXISTS of the reminder's claim. */
export function resultAfterOfUser(db: Executor, userId: string, day: string) {
  return db
    .select({ one: sql`1` })
    .from(measureResults)
    .where(and(eq(measureResults.userId, userId), gt(measureResults.localDate, day)));
}
