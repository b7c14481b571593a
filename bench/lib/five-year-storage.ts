/**
 * The five-year person (five-year-person.ts) in a storage that a production API server opens next
 * (bench:web): seeded through SQL before the server starts, since a PGlite folder is held by one
 * process at a time, with the diary filled to one entry a day for the last 1,800 days. Answers the
 * environment the server needs beside the storage's own: the data key the entries are sealed
 * with, as DATA_ENCRYPTION_KEY, for the server checks its keys against the sealed rows at start-up
 * and opens each entry it answers with them.
 */
import { resealDiaries } from '../../apps/api/src/modules/diary/diary-vault';
import type { Storage } from '../../scripts/lib/databases.mjs';
import { openStorage } from '../../scripts/lib/open-storage';
import { utcToday, type SeededUser } from '../../scripts/lib/seed';
import { seedFiveYearPerson } from './five-year-person';

/** Issue 35's five-year person writes about 1,800 entries; the shared seeding writes fewer. */
export const DIARY_DAYS = 1_800;

const DIARY_TEXT =
  'Slow morning, coffee on the balcony while the street woke up. Work was busy but kind; a ' +
  'colleague brought figs from her garden. Cooked soup, phoned Mum, read on the sofa until the ' +
  'light went. Grateful for small things today, and a little tired, which is fine.';

export interface FiveYearStorage {
  person: SeededUser;
  /** DATA_ENCRYPTION_KEY, to add to the storage's environment. */
  env: Record<string, string>;
  counts: { diaries: number; checkIns: number; activities: number; tasks: number };
}

/**
 * Seeds the five-year person into `storage` (closed again at the end) and fills the days the
 * shared seeding leaves without an entry, up to DIARY_DAYS, with entries of 300 to 1,500
 * characters sealed by the same vault.
 */
export async function seedFiveYearStorage(
  storage: Storage,
  label: string,
  now = new Date(),
): Promise<FiveYearStorage> {
  const open = await openStorage(storage);
  try {
    const { veteran, vault, keySpec } = await seedFiveYearPerson(open, label, now);
    await open.query(
      `INSERT INTO diaries (user_id, local_date, content, created_at)
       SELECT $1::uuid, $2::date - d, left(repeat($3 || ' ', 6), 300 + (d * 7919) % 1201),
              (($2::date - d) + time '20:00') AT TIME ZONE 'UTC'
       FROM generate_series(1, $4::int) AS d
       ON CONFLICT (user_id, local_date) DO NOTHING`,
      [veteran.id, utcToday(now), DIARY_TEXT, DIARY_DAYS],
    );
    await resealDiaries(open.handle.db, vault, { onlyPlaintext: true });
    await open.query('ANALYZE diaries');
    const [row] = await open.query(
      `SELECT (SELECT count(*) FROM diaries WHERE user_id = $1)::int AS diaries,
              (SELECT count(*) FROM check_ins WHERE user_id = $1)::int AS check_ins,
              (SELECT count(*) FROM activities WHERE user_id = $1)::int AS activities,
              (SELECT count(*) FROM tasks WHERE user_id = $1)::int AS tasks`,
      [veteran.id],
    );
    return {
      person: veteran,
      env: { DATA_ENCRYPTION_KEY: keySpec },
      counts: {
        diaries: Number(row!.diaries),
        checkIns: Number(row!.check_ins),
        activities: Number(row!.activities),
        tasks: Number(row!.tasks),
      },
    };
  } finally {
    await open.close();
  }
}
