import { and, asc, eq } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { backgrounds, userBackgrounds } from '../../db/schema';

export type BackgroundRow = typeof backgrounds.$inferSelect;
export type OwnershipRow = typeof userBackgrounds.$inferSelect;

/** Every background, by tier then name of its file: the same list for everyone. */
export async function listBackgrounds(db: Executor): Promise<BackgroundRow[]> {
  return db.select().from(backgrounds).orderBy(asc(backgrounds.tier), asc(backgrounds.slug));
}

/** The user's ownership records, in the order they were acquired. */
export async function listOwnerships(db: Executor, userId: string): Promise<OwnershipRow[]> {
  return db
    .select({ ownership: userBackgrounds })
    .from(userBackgrounds)
    .innerJoin(backgrounds, eq(backgrounds.id, userBackgrounds.backgroundId))
    .where(eq(userBackgrounds.userId, userId))
    .orderBy(asc(userBackgrounds.acquiredAt), asc(backgrounds.tier), asc(backgrounds.slug))
    .then((rows) => rows.map((r) => r.ownership));
}

/** The background if the user owns it, else undefined. */
export async function findOwnedBackground(
  db: Executor,
  userId: string,
  backgroundId: string,
): Promise<BackgroundRow | undefined> {
  const [row] = await db
    .select({ background: backgrounds })
    .from(userBackgrounds)
    .innerJoin(backgrounds, eq(backgrounds.id, userBackgrounds.backgroundId))
    .where(and(eq(userBackgrounds.userId, userId), eq(userBackgrounds.backgroundId, backgroundId)));
  return row?.background;
}

export async function findBackground(
  db: Executor,
  backgroundId: string,
): Promise<BackgroundRow | undefined> {
  const [row] = await db.select().from(backgrounds).where(eq(backgrounds.id, backgroundId));
  return row;
}

/** The id of the background with this slug, or undefined. */
export async function findBackgroundIdBySlug(
  db: Executor,
  slug: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: backgrounds.id })
    .from(backgrounds)
    .where(eq(backgrounds.slug, slug));
  return row?.id;
}

/** Gives the user a background (nothing when they own it already). */
export async function grantBackground(
  tx: Transaction,
  userId: string,
  backgroundId: string,
  acquiredAt: Date,
): Promise<void> {
  await tx
    .insert(userBackgrounds)
    .values({ userId, backgroundId, acquiredAt })
    .onConflictDoNothing();
}
