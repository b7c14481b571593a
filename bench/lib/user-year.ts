/**
 * One year of a typical user, many times over, and what it costs PostgreSQL on disk: rows and
 * bytes (heap with its TOAST, and indexes) per table, before and after, divided per user.
 *
 * The typical year (an assumption, written down in docs/SCALING.md): a mood every day (365), a
 * diary entry on 250 days of ~600 characters, sealed as the server seals them (AES-256-GCM with
 * the user and the day as associated data), 700 tasks (about two a day, 9 in 10 completed), 12
 * goals (a completed one a month, one in progress), two live sessions (two devices; expired ones
 * are purged every hour, decision 019), a password, preferences, one push subscription and the
 * default background.
 */
import { randomBytes } from 'node:crypto';
import { ContentCipher, parseDataKeys } from '../../apps/api/src/lib/crypto/content-cipher';
import { DiaryVault } from '../../apps/api/src/modules/diary/diary-vault';
import type { Query } from '../../scripts/lib/open-storage';
import { seedUsers, utcToday, type SeededUser } from '../../scripts/lib/seed';

export const YEAR = {
  moods: 365,
  diaries: 250,
  diaryChars: 600,
  tasks: 700,
  extraCompletedGoals: 10,
  extraSessions: 1,
};

export interface TableSize {
  table: string;
  rows: number;
  /** Heap and TOAST (pg_table_size), bytes. */
  table_bytes: number;
  /** All its indexes (pg_indexes_size), bytes. */
  index_bytes: number;
}

/** Every table of the public schema, with its row count and sizes. */
export async function tableSizes(query: Query): Promise<Map<string, TableSize>> {
  const tables = await query(
    `SELECT relname AS table FROM pg_stat_user_tables WHERE schemaname = 'public' ORDER BY relname`,
  );
  const out = new Map<string, TableSize>();
  for (const { table } of tables) {
    const [row] = await query(
      `SELECT (SELECT count(*) FROM public."${String(table)}")::bigint AS rows,
              pg_table_size('public."${String(table)}"') AS table_bytes,
              pg_indexes_size('public."${String(table)}"') AS index_bytes`,
    );
    out.set(String(table), {
      table: String(table),
      rows: Number(row!.rows),
      table_bytes: Number(row!.table_bytes),
      index_bytes: Number(row!.index_bytes),
    });
  }
  return out;
}

/** Diary text of about `chars` characters, different for each day. */
function diaryText(day: number, chars: number): string {
  const words = ['walked', 'rain', 'tea', 'called', 'work', 'tired', 'calm', 'laughed', 'read'];
  let text = `Day ${day}.`;
  let i = day;
  while (text.length < chars) {
    text += ` ${words[i % words.length]!} ${randomBytes(3).toString('hex')}`;
    i += 7;
  }
  return text.slice(0, chars);
}

/** Seeds `count` users with a typical year each (see above). */
export async function seedYear(
  query: Query,
  count: number,
  dataKey: string,
): Promise<SeededUser[]> {
  const users = await seedUsers(query, { users: count, tasksPerUser: YEAR.tasks, diaryDays: 0 });
  const ids = `{${users.map((u) => u.id).join(',')}}`;
  const today = utcToday();
  await query(
    `INSERT INTO check_ins (user_id, local_date, mood, taken_at, created_at, time_zone, is_daily_mood)
     SELECT u.id, $2::date - d,
            (ARRAY['Depressed','Sad','Neutral','Happy','Ecstatic'])[1 + ((d * 7 + u.n) % 5)],
            (($2::date - d) + time '21:00') AT TIME ZONE 'UTC',
            (($2::date - d) + time '21:00') AT TIME ZONE 'UTC', 'UTC', true
     FROM unnest($1::uuid[]) WITH ORDINALITY AS u(id, n)
     CROSS JOIN generate_series(0, $3::int - 1) AS d`,
    [ids, today, YEAR.moods],
  );
  // Each day's mood, as the check-ins module keeps it beside its one check-in (decision 073).
  await query(
    `INSERT INTO mood_entries (user_id, local_date, mood, check_in_count, mood_level_sum, updated_at)
     SELECT user_id, local_date, mood, 1,
            array_position(ARRAY['Depressed','Sad','Neutral','Happy','Ecstatic'], mood), taken_at
     FROM check_ins WHERE user_id = ANY($1::uuid[])`,
    [ids],
  );
  await query(
    `INSERT INTO goals (user_id, target, earned, task_completed, tier, status,
                        has_claimed_reward, created_at, completed_at)
     SELECT g.user_id, g.target, g.earned, g.task_completed, g.tier, 'Completed', true,
            g.created_at, g.completed_at
     FROM goals g CROSS JOIN generate_series(1, $2::int)
     WHERE g.user_id = ANY($1::uuid[]) AND g.status = 'Completed'`,
    [ids, YEAR.extraCompletedGoals],
  );
  await query(
    `INSERT INTO sessions (user_id, token_hash, created_at, last_used_at, idle_expires_at,
                           expires_at)
     SELECT u.id, encode(sha256(gen_random_uuid()::text::bytea), 'hex'), now(), now(),
            now() + interval '14 days', now() + interval '30 days'
     FROM unnest($1::uuid[]) AS u(id) CROSS JOIN generate_series(1, $2::int)`,
    [ids, YEAR.extraSessions],
  );
  await query(
    `INSERT INTO password_credentials (user_id, email, password_hash)
     SELECT u.id, 'year-' || u.id || '@example.test',
            '$argon2id$v=19$m=19456,t=2,p=1$' || left(md5(random()::text), 22)
              || '$' || left(md5(random()::text) || md5(random()::text), 43)
     FROM unnest($1::uuid[]) AS u(id)`,
    [ids],
  );
  await query(
    `INSERT INTO user_preferences (user_id, reminder_weekdays, updated_at)
     SELECT u.id, ARRAY['Monday','Tuesday','Wednesday','Thursday','Friday'], now() FROM unnest($1::uuid[]) AS u(id)`,
    [ids],
  );
  await query(
    `INSERT INTO push_subscriptions (user_id, session_id, endpoint, p256dh, auth, created_at)
     SELECT s.user_id, s.id,
            'https://fcm.googleapis.com/fcm/send/' || md5(random()::text) || md5(random()::text)
              || md5(random()::text) || md5(random()::text),
            left(md5(random()::text) || md5(random()::text) || md5(random()::text), 87),
            left(md5(random()::text), 22), now()
     FROM (SELECT DISTINCT ON (user_id) user_id, id FROM sessions
           WHERE user_id = ANY($1::uuid[]) ORDER BY user_id, created_at) s`,
    [ids],
  );
  // Diaries sealed here as the server seals them, written in bulk (no plaintext ever stored).
  const vault = new DiaryVault(new ContentCipher(parseDataKeys(dataKey)));
  const base = new Date(`${today}T00:00:00Z`).getTime();
  for (const user of users) {
    const days: string[] = [];
    const contents: string[] = [];
    for (let d = 1; d <= YEAR.diaries; d += 1) {
      // 250 of the last 365 days.
      const localDate = new Date(base - Math.floor((d * 365) / YEAR.diaries) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      days.push(localDate);
      contents.push(vault.seal(user.id, localDate, diaryText(d, YEAR.diaryChars)).content);
    }
    const version = vault.cipher.current.version;
    await query(
      `INSERT INTO diaries (user_id, local_date, content, key_version, created_at)
       SELECT $1::uuid, d.day, d.content, $4::smallint, (d.day + time '20:00') AT TIME ZONE 'UTC'
       FROM unnest($2::date[], $3::text[]) AS d(day, content)`,
      [user.id, days, contents, version],
    );
  }
  return users;
}
