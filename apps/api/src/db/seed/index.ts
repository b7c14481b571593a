import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { backgrounds, taskTemplates } from '../schema';
import { SEED_BACKGROUNDS } from './backgrounds';
import { TASK_CATALOGUE } from './task-catalogue';

/** Upserts the task catalogue and the backgrounds by slug: idempotent, and updates edited text. */
export async function seedContent(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(backgrounds)
      .values(
        SEED_BACKGROUNDS.map((b) => ({ slug: b.slug, name: b.name, url: b.url, tier: b.tier })),
      )
      .onConflictDoUpdate({
        target: backgrounds.slug,
        set: { name: sql`excluded.name`, url: sql`excluded.url`, tier: sql`excluded.tier` },
      });
    await tx
      .insert(taskTemplates)
      .values(
        TASK_CATALOGUE.map((t) => ({
          slug: t.slug,
          title: t.title,
          description: t.description,
          mood: t.mood,
          points: t.points,
        })),
      )
      .onConflictDoUpdate({
        target: taskTemplates.slug,
        set: {
          title: sql`excluded.title`,
          description: sql`excluded.description`,
          mood: sql`excluded.mood`,
          points: sql`excluded.points`,
        },
      });
  });
}

/** The slug of the background every new account owns and selects. */
export const DEFAULT_BACKGROUND_SLUG = SEED_BACKGROUNDS[0]!.slug;
