import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { imports } from '../../db/schema';

export type ImportRow = typeof imports.$inferSelect;

/** The most imports GET /imports lists, newest first. */
const LISTED_IMPORTS = 20;

export async function insertImport(
  tx: Transaction,
  values: Pick<ImportRow, 'userId' | 'source' | 'entriesTotal' | 'createdAt'>,
): Promise<ImportRow> {
  const [row] = await tx
    .insert(imports)
    .values({ ...values, status: 'running', updatedAt: values.createdAt })
    .returning();
  return row!;
}

export async function findImport(
  db: Executor,
  userId: string,
  importId: string,
): Promise<ImportRow | undefined> {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.id, importId), eq(imports.userId, userId)));
  return row;
}

export async function listImportRows(db: Executor, userId: string): Promise<ImportRow[]> {
  return db
    .select()
    .from(imports)
    .where(eq(imports.userId, userId))
    .orderBy(desc(imports.createdAt))
    .limit(LISTED_IMPORTS);
}

/** Counts a batch gone through: `done` entries, `written` of them on `days` new days. */
export async function addImportProgress(
  tx: Transaction,
  importId: string,
  progress: { done: number; written: number; days: number; at: Date },
): Promise<void> {
  await tx
    .update(imports)
    .set({
      entriesDone: sql`${imports.entriesDone} + ${progress.done}`,
      entriesWritten: sql`${imports.entriesWritten} + ${progress.written}`,
      daysWritten: sql`${imports.daysWritten} + ${progress.days}`,
      updatedAt: progress.at,
    })
    .where(eq(imports.id, importId));
}

export async function setImportStatus(
  tx: Transaction,
  importId: string,
  status: ImportRow['status'],
  at: Date,
  finished: boolean,
): Promise<void> {
  await tx
    .update(imports)
    .set({ status, updatedAt: at, ...(finished ? { finishedAt: at } : {}) })
    .where(eq(imports.id, importId));
}

/** Imports still running or cancelling with no batch written since `before`: their process died. */
export async function listStaleImports(db: Executor, before: Date): Promise<ImportRow[]> {
  return db
    .select()
    .from(imports)
    .where(
      and(
        sql`${imports.status} in ('running', 'cancelling')`,
        sql`${imports.updatedAt} < ${before.toISOString()}::timestamptz`,
      ),
    );
}
