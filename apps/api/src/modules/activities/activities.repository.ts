import { and, count, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { activities, checkInActivities } from '../../db/schema';

export type ActivityRow = typeof activities.$inferSelect;
export type NewActivityRow = typeof activities.$inferInsert;
export type ActivityChanges = Partial<
  Pick<ActivityRow, 'name' | 'nameKey' | 'group' | 'icon' | 'position' | 'archivedAt'>
>;

export async function listActivityRows(db: Executor, userId: string): Promise<ActivityRow[]> {
  return db.select().from(activities).where(eq(activities.userId, userId));
}

export async function countActivities(tx: Transaction, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(activities)
    .where(eq(activities.userId, userId));
  return Number(row?.n ?? 0);
}

/** The next free place at the end of a group. */
export async function nextPosition(tx: Transaction, userId: string, group: string) {
  const [row] = await tx
    .select({ last: max(activities.position) })
    .from(activities)
    .where(and(eq(activities.userId, userId), eq(activities.group, group)));
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

export async function insertActivities(tx: Transaction, rows: NewActivityRow[]) {
  return tx.insert(activities).values(rows).returning();
}

export async function findActivity(tx: Transaction, userId: string, id: string) {
  const [row] = await tx
    .select()
    .from(activities)
    .where(and(eq(activities.userId, userId), eq(activities.id, id)));
  return row;
}

export async function updateActivityRow(tx: Transaction, id: string, changes: ActivityChanges) {
  const [row] = await tx.update(activities).set(changes).where(eq(activities.id, id)).returning();
  return row!;
}

export async function deleteActivityRow(tx: Transaction, id: string): Promise<void> {
  await tx.delete(activities).where(eq(activities.id, id));
}

/** Moves every check-in of `fromId` to `intoId`; a check-in that named both keeps one. */
export async function moveCheckInLinks(tx: Transaction, fromId: string, intoId: string) {
  await tx.execute(sql`
    insert into ${checkInActivities} (check_in_id, activity_id)
    select ${checkInActivities.checkInId}, ${intoId}::uuid from ${checkInActivities}
    where ${checkInActivities.activityId} = ${fromId}::uuid
    on conflict do nothing
  `);
}

/** Those of `ids` that are the user's and not archived: what a new check-in may name. */
export async function findLiveActivityIds(
  tx: Transaction,
  userId: string,
  ids: string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: activities.id })
    .from(activities)
    .where(
      and(
        eq(activities.userId, userId),
        inArray(activities.id, ids),
        isNull(activities.archivedAt),
      ),
    );
  return rows.map((r) => r.id);
}

export async function insertCheckInActivities(
  tx: Transaction,
  checkInId: string,
  activityIds: string[],
): Promise<void> {
  if (activityIds.length === 0) return;
  await tx
    .insert(checkInActivities)
    .values(activityIds.map((activityId) => ({ checkInId, activityId })));
}

/** Links many check-ins to their activities in one statement (an import's batch). */
export async function insertCheckInActivityLinks(
  tx: Transaction,
  links: { checkInId: string; activityId: string }[],
): Promise<void> {
  if (links.length > 0) await tx.insert(checkInActivities).values(links);
}

/** Deletes the user's activities that no check-in names: an empty account's list, before an import. */
export async function deleteUnusedActivities(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(activities).where(
    and(
      eq(activities.userId, userId),
      sql`not exists (select 1 from ${checkInActivities}
          where ${checkInActivities.activityId} = ${activities.id})`,
    ),
  );
}

/** The activity ids of each of the given check-ins. */
export async function listCheckInActivityIds(db: Executor, checkInIds: string[]) {
  if (checkInIds.length === 0) return [];
  return db
    .select({ checkInId: checkInActivities.checkInId, activityId: checkInActivities.activityId })
    .from(checkInActivities)
    .where(inArray(checkInActivities.checkInId, checkInIds));
}

/** Deletes the activities an import added that no check-in names any more (decision 081). */
export async function deleteUnusedImportActivities(
  tx: Transaction,
  importId: string,
): Promise<void> {
  await tx.execute(sql`
    delete from ${activities}
    where ${activities.importId} = ${importId}::uuid
      and not exists (
        select 1 from ${checkInActivities}
        where ${checkInActivities.activityId} = ${activities.id}
      )
  `);
}
