import { eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { backgrounds, users } from '../../db/schema';

/** A user's row, as the users table keeps it. */
export type UserRow = typeof users.$inferSelect;
/** The columns a write of the user's row may set. */
export type UserChanges = Partial<Omit<typeof users.$inferInsert, 'id'>>;
export type NewUserRow = typeof users.$inferInsert;

/** Takes the user's row lock: per-user actions that read then write run one at a time. */
export async function lockUser(tx: Transaction, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The user's row and the path of their selected background; undefined for an unknown id. */
export async function findUserWithBackground(db: Executor, userId: string) {
  const [row] = await db
    .select({ user: users, backgroundUrl: backgrounds.url })
    .from(users)
    .leftJoin(backgrounds, eq(backgrounds.id, users.selectedBackgroundId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function findUser(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function findUserMood(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ mood: users.mood })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.mood;
}

/** The email and verification mark of a user, for the links sent to them. */
export async function findUserContact(db: Executor, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Locks the user's row and answers its email (undefined for an unknown id). */
export async function lockUserEmail(tx: Transaction, userId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.email;
}

export async function updateUser(db: Executor, userId: string, changes: UserChanges) {
  await db.update(users).set(changes).where(eq(users.id, userId));
}

/** Sets the user's changes and answers the row as it is now (undefined for an unknown id). */
export async function updateUserReturning(
  db: Executor,
  userId: string,
  changes: UserChanges,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return row;
}

/** Deletes the user; every table holding their rows cascades on users.id. */
export async function deleteUser(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
}

export async function insertUser(tx: Transaction, values: NewUserRow): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  return row!;
}

/** The catalogue task the user was shown last (null when none). */
export async function findLastGeneratedTemplateId(
  db: Executor,
  userId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ last: users.lastGeneratedTemplateId })
    .from(users)
    .where(eq(users.id, userId));
  return row?.last ?? null;
}

/** Locks the user's row and answers the rollover's marker; undefined for an unknown id. */
export async function lockUserDayMarker(tx: Transaction, userId: string) {
  const [row] = await tx
    .select({ lastActiveDate: users.lastActiveDate })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/** The user's part of the day rollover: mood reset, expired tasks to announce, the new marker. */
export async function startNewDay(
  tx: Transaction,
  userId: string,
  today: string,
  expiredTaskCount: number,
): Promise<void> {
  await tx
    .update(users)
    .set({
      mood: 'Unknown',
      hasSetMoodToday: false,
      unannouncedExpiredTaskCount: sql`${users.unannouncedExpiredTaskCount} + ${expiredTaskCount}`,
      lastActiveDate: today,
    })
    .where(eq(users.id, userId));
}
