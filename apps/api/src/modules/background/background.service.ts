import { AppError } from '@wellspring/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { backgrounds, userBackgrounds, users } from '../../db/schema';
import type { AuthContext } from '../../plugins/app/context';

export type BackgroundRow = typeof backgrounds.$inferSelect;
export type OwnershipRow = typeof userBackgrounds.$inferSelect;

/** Every background, by tier then name of its file: the same list for everyone. */
export async function listBackgrounds(db: Database): Promise<BackgroundRow[]> {
  return db.select().from(backgrounds).orderBy(asc(backgrounds.tier), asc(backgrounds.slug));
}

/** The caller's ownership records, in the order they were acquired. */
export async function listOwnedBackgrounds(
  db: Database,
  auth: AuthContext,
): Promise<OwnershipRow[]> {
  return db
    .select({ ownership: userBackgrounds })
    .from(userBackgrounds)
    .innerJoin(backgrounds, eq(backgrounds.id, userBackgrounds.backgroundId))
    .where(eq(userBackgrounds.userId, auth.userId))
    .orderBy(asc(userBackgrounds.acquiredAt), asc(backgrounds.tier), asc(backgrounds.slug))
    .then((rows) => rows.map((r) => r.ownership));
}

/** Selects a background the caller owns and answers it; one they do not own is a 404. */
export async function selectBackground(
  db: Database,
  auth: AuthContext,
  backgroundId: string,
): Promise<BackgroundRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ background: backgrounds })
      .from(userBackgrounds)
      .innerJoin(backgrounds, eq(backgrounds.id, userBackgrounds.backgroundId))
      .where(
        and(
          eq(userBackgrounds.userId, auth.userId),
          eq(userBackgrounds.backgroundId, backgroundId),
        ),
      );
    if (!row) throw new AppError('NOT_FOUND', 'No such background among yours');
    await tx
      .update(users)
      .set({ selectedBackgroundId: backgroundId })
      .where(eq(users.id, auth.userId));
    return row.background;
  });
}
