import { AppError, type Background } from '@wellspring/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { backgrounds, userBackgrounds, users } from '../../db/schema';
import type { AuthContext } from '../../plugins/app/context';
import { presentBackground } from './background.presenter';

/** Every background; owned and selected are the caller's when signed in, false otherwise. */
export async function listBackgrounds(
  db: Database,
  auth: AuthContext | null,
): Promise<Background[]> {
  const all = await db
    .select()
    .from(backgrounds)
    .orderBy(asc(backgrounds.tier), asc(backgrounds.slug));
  if (!auth) return all.map((b) => presentBackground(b, { owned: false, selected: false }));
  const mine = await getOwnership(db, auth.userId);
  return all.map((b) =>
    presentBackground(b, { owned: mine.owned.has(b.id), selected: mine.selectedId === b.id }),
  );
}

async function getOwnership(db: Database, userId: string) {
  const [owned, [user]] = await Promise.all([
    db
      .select({ id: userBackgrounds.backgroundId })
      .from(userBackgrounds)
      .where(eq(userBackgrounds.userId, userId)),
    db.select({ selected: users.selectedBackgroundId }).from(users).where(eq(users.id, userId)),
  ]);
  return { owned: new Set(owned.map((o) => o.id)), selectedId: user?.selected ?? null };
}

/** The backgrounds the caller owns. */
export async function listOwnedBackgrounds(db: Database, auth: AuthContext): Promise<Background[]> {
  const [rows, [user]] = await Promise.all([
    db
      .select({ background: backgrounds })
      .from(userBackgrounds)
      .innerJoin(backgrounds, eq(backgrounds.id, userBackgrounds.backgroundId))
      .where(eq(userBackgrounds.userId, auth.userId))
      .orderBy(asc(backgrounds.tier), asc(backgrounds.slug)),
    db
      .select({ selected: users.selectedBackgroundId })
      .from(users)
      .where(eq(users.id, auth.userId)),
  ]);
  return rows.map((r) =>
    presentBackground(r.background, { owned: true, selected: r.background.id === user?.selected }),
  );
}

/** Selects a background the caller owns; one they do not own is a 404. */
export async function selectBackground(
  db: Database,
  auth: AuthContext,
  backgroundId: string,
): Promise<Background> {
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
    return presentBackground(row.background, { owned: true, selected: true });
  });
}
