import { and, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { reportLinks, users } from '../../db/schema';

export type ReportLinkRow = typeof reportLinks.$inferSelect;
export type NewReportLinkRow = typeof reportLinks.$inferInsert;

/** Deletes the user's links that expired before `before` (they stay listed a while first). */
export async function deleteLinksExpiredBefore(
  tx: Transaction,
  userId: string,
  before: Date,
): Promise<void> {
  await tx
    .delete(reportLinks)
    .where(and(eq(reportLinks.userId, userId), lt(reportLinks.expiresAt, before)));
}

/** How many of the user's links still open at `now`. */
export async function countLiveLinks(tx: Transaction, userId: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(reportLinks)
    .where(and(eq(reportLinks.userId, userId), gt(reportLinks.expiresAt, now)));
  return row!.n;
}

export async function insertLink(tx: Transaction, row: NewReportLinkRow): Promise<ReportLinkRow> {
  const [saved] = await tx.insert(reportLinks).values(row).returning();
  return saved!;
}

/** The user's links that expired after `since` or are live, newest first. */
export async function listLinks(
  db: Executor,
  userId: string,
  since: Date,
): Promise<ReportLinkRow[]> {
  return db
    .select()
    .from(reportLinks)
    .where(and(eq(reportLinks.userId, userId), gt(reportLinks.expiresAt, since)))
    .orderBy(desc(reportLinks.createdAt));
}

/** Deletes one of the user's links; false when the user has none of that id. */
export async function deleteLink(db: Executor, userId: string, linkId: string): Promise<boolean> {
  const deleted = await db
    .delete(reportLinks)
    .where(and(eq(reportLinks.userId, userId), eq(reportLinks.id, linkId)))
    .returning({ id: reportLinks.id });
  return deleted.length > 0;
}

/** A live link by its token's hash, with its owner's time zone; undefined when none is. */
export async function findLiveLink(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ link: reportLinks, timeZone: users.timeZone })
    .from(reportLinks)
    .innerJoin(users, eq(users.id, reportLinks.userId))
    .where(and(eq(reportLinks.tokenHash, tokenHash), gt(reportLinks.expiresAt, now)));
  return row;
}

/** Counts an opening of a live link, in one statement; false when the link is not live. */
export async function countOpening(db: Executor, tokenHash: string, now: Date): Promise<boolean> {
  const opened = await db
    .update(reportLinks)
    .set({ openCount: sql`${reportLinks.openCount} + 1`, lastOpenedAt: now })
    .where(and(eq(reportLinks.tokenHash, tokenHash), gt(reportLinks.expiresAt, now)))
    .returning({ id: reportLinks.id });
  return opened.length > 0;
}

/** Every link of the user, oldest first (the account export: never a token or its hash). */
export async function listAllLinks(db: Executor, userId: string): Promise<ReportLinkRow[]> {
  return db
    .select()
    .from(reportLinks)
    .where(eq(reportLinks.userId, userId))
    .orderBy(reportLinks.createdAt);
}
