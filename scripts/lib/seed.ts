/**
 * Bulk seeding in plain SQL (generate_series and unnest), the same on PGlite and PostgreSQL:
 * users with a live session each, the default background, a goal in progress, a completed goal
 * holding a year of past tasks, and a diary entry for each of the last days. Tokens are made here
 * the way the server makes them (32 random bytes, base64url), and only their SHA-256 is stored.
 */
import { getDifficultyTier } from '@wellspring/shared';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DEFAULT_BACKGROUND_SLUG } from '../../apps/api/src/db/seed';
import type { Query } from './open-storage';

export interface SeededUser {
  id: string;
  token: string;
}

export interface SeedOptions {
  users: number;
  /** Past tasks per user, spread over the last year: 9 in 10 completed, 1 in 10 expired. */
  tasksPerUser: number;
  /** Diary entries per user, one a day, ending yesterday (so the streak is this long). */
  diaryDays: number;
  /** Users per INSERT of tasks: keeps one statement near 200,000 rows. */
  batchUsers?: number;
  /** Told after each batch of tasks. */
  onProgress?: (usersDone: number) => void;
}

export interface Template {
  id: string;
  title: string;
  mood: string;
}

const GOAL_TARGET = 500_000;
const YEAR_SECONDS = 365 * 86_400;
const DIARY_TEXT =
  'Walked by the river after work and the light was soft. Called my sister, we laughed about ' +
  'nothing in particular. The tea went cold while I read a few pages. Slept early and felt ' +
  'calmer than yesterday; tomorrow I want to stretch before breakfast.';

/** A PostgreSQL array literal of simple values (uuids, hex): passed as one text parameter. */
const toArray = (values: string[]) => `{${values.join(',')}}`;

/** Today's date in UTC, the seeded users' time zone. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

export async function listTemplates(query: Query): Promise<Template[]> {
  const rows = await query('SELECT id, title, mood FROM task_templates ORDER BY slug');
  return rows.map((r) => ({ id: String(r.id), title: String(r.title), mood: String(r.mood) }));
}

/** Seeds `options.users` users as described above; answers their ids and tokens. */
export async function seedUsers(query: Query, options: SeedOptions): Promise<SeededUser[]> {
  const now = new Date();
  const today = utcToday(now);
  const users = Array.from({ length: options.users }, () => ({
    id: randomUUID(),
    token: randomBytes(32).toString('base64url'),
  }));
  const chunkSize = 5_000;
  for (let i = 0; i < users.length; i += chunkSize) {
    const chunk = users.slice(i, i + chunkSize);
    const ids = toArray(chunk.map((u) => u.id));
    const hashes = toArray(chunk.map((u) => createHash('sha256').update(u.token).digest('hex')));
    await query(
      `INSERT INTO users (id, name, email, has_onboarded, mood, has_set_mood_today, time_zone,
                          last_active_date, selected_background_id, created_at)
       SELECT u.id, 'Bench user ' || u.n, 'bench-' || u.id || '@example.test', true, 'Happy', true,
              'UTC', $2::date, (SELECT id FROM backgrounds WHERE slug = $3), $4::timestamptz
       FROM unnest($1::uuid[]) WITH ORDINALITY AS u(id, n)`,
      [ids, today, DEFAULT_BACKGROUND_SLUG, new Date(now.getTime() - YEAR_SECONDS * 1000 - 1)],
    );
    await query(
      `INSERT INTO user_backgrounds (user_id, background_id, acquired_at)
       SELECT u.id, b.id, $3::timestamptz FROM unnest($1::uuid[]) AS u(id)
       JOIN backgrounds b ON b.slug = $2`,
      [ids, DEFAULT_BACKGROUND_SLUG, now],
    );
    await query(
      `INSERT INTO sessions (user_id, token_hash, created_at, last_used_at, idle_expires_at,
                             expires_at)
       SELECT s.user_id, s.token_hash, $3::timestamptz, $3::timestamptz,
              $3::timestamptz + interval '14 days', $3::timestamptz + interval '30 days'
       FROM unnest($1::uuid[], $2::text[]) AS s(user_id, token_hash)`,
      [ids, hashes, now],
    );
    // The goal in progress: 25 tasks at most a user in a bench stay far below its target.
    await query(
      `INSERT INTO goals (user_id, target, tier, status, created_at)
       SELECT u.id, $2::int, $3::smallint, 'OnProgress', $4::timestamptz
       FROM unnest($1::uuid[]) AS u(id)`,
      [ids, GOAL_TARGET, getDifficultyTier(GOAL_TARGET), now],
    );
    if (options.tasksPerUser > 0) {
      await query(
        `INSERT INTO goals (user_id, target, earned, task_completed, tier, status,
                            has_claimed_reward, created_at, completed_at)
         SELECT u.id, $2::int, $2::int, $3::int, $4::smallint, 'Completed', true,
                $5::timestamptz, $6::timestamptz
         FROM unnest($1::uuid[]) AS u(id)`,
        [
          ids,
          GOAL_TARGET,
          options.tasksPerUser,
          getDifficultyTier(GOAL_TARGET),
          new Date(now.getTime() - YEAR_SECONDS * 1000),
          now,
        ],
      );
    }
    if (options.diaryDays > 0) {
      await query(
        `INSERT INTO diaries (user_id, local_date, content, created_at)
         SELECT u.id, $2::date - d, $3, (($2::date - d) + time '20:00') AT TIME ZONE 'UTC'
         FROM unnest($1::uuid[]) AS u(id) CROSS JOIN generate_series(1, $4::int) AS d
         ORDER BY d DESC`,
        [ids, today, DIARY_TEXT, options.diaryDays],
      );
    }
  }
  const batchUsers =
    options.batchUsers ?? Math.max(1, Math.floor(200_000 / Math.max(1, options.tasksPerUser)));
  for (let i = 0; options.tasksPerUser > 0 && i < users.length; i += batchUsers) {
    const ids = toArray(users.slice(i, i + batchUsers).map((u) => u.id));
    // Rows go in by time across the batch's users, as real use interleaves them in the table.
    await query(
      `INSERT INTO tasks (user_id, goal_id, template_id, title, description, mood, points, status,
                          created_at, accepted_on, completed_at, completed_on)
       SELECT g.user_id, g.id, t.id, t.title, t.description, t.mood, t.points,
              CASE WHEN s % 10 = 0 THEN 'Expired' ELSE 'Completed' END,
              x.ts, (x.ts AT TIME ZONE 'UTC')::date,
              CASE WHEN s % 10 = 0 THEN NULL ELSE x.ts + interval '30 minutes' END,
              CASE WHEN s % 10 = 0 THEN NULL
                   ELSE ((x.ts + interval '30 minutes') AT TIME ZONE 'UTC')::date END
       FROM generate_series(1, $2::int) AS s
       CROSS JOIN goals g
       CROSS JOIN LATERAL (SELECT $3::timestamptz - make_interval(secs => s * $4::float8) AS ts) x
       JOIN (SELECT id, title, description, mood, points,
                    (row_number() OVER (ORDER BY slug)) - 1 AS k, count(*) OVER () AS c
             FROM task_templates) t ON t.k = s % t.c
       WHERE g.user_id = ANY($1::uuid[]) AND g.status = 'Completed'
       ORDER BY s DESC, g.user_id`,
      [ids, options.tasksPerUser, now, YEAR_SECONDS / options.tasksPerUser],
    );
    options.onProgress?.(Math.min(users.length, i + batchUsers));
  }
  return users;
}

/** Fresh statistics and visibility map after a bulk load, as autovacuum would leave them. */
export async function vacuumAnalyze(query: Query): Promise<void> {
  for (const table of ['users', 'sessions', 'goals', 'tasks', 'diaries', 'user_backgrounds']) {
    await query(`VACUUM ANALYZE ${table}`);
  }
}
