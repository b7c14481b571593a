/**
 * Five years of check-ins (decision 073): one person with five years of history (three check-ins
 * a day, 60 activities, two named a check-in, 1,500 diary entries sealed as the server seals them)
 * beside a new person of this week, in the same database. Each read a signed-in page makes of
 * this history runs through the API's own service functions (statements, round trips and
 * computing, no HTTP), BENCH_HISTORY_RUNS times for each person: p50 and p99, and the five-year
 * person's p99 over the new person's. Target: each within 2x, and p99 under 50 ms on PostgreSQL.
 *
 * PostgreSQL (a fresh database on BENCH_POSTGRES_URL's server, dropped at the end), then PGlite.
 *
 * Run: npm run bench:history   (BENCH_DATABASES=postgres or pglite for one of them)
 */
import { addDays, DEFAULT_ACTIVITIES } from '@wellspring/shared';
import { performance } from 'node:perf_hooks';
import {
  ContentCipher,
  generateKeySpec,
  parseDataKeys,
} from '../apps/api/src/lib/crypto/content-cipher';
import { listActivities } from '../apps/api/src/modules/activities/activities.service';
import { rebuildActivityMoodSums } from '../apps/api/src/modules/check-ins/mood-sums.repository';
import { getDayCheckIns } from '../apps/api/src/modules/check-ins/check-ins.service';
import { DiaryVault, resealDiaries } from '../apps/api/src/modules/diary/diary-vault';
import { getDiaries } from '../apps/api/src/modules/diary/diary.service';
import {
  getCalendar,
  getDay,
  getFeelings,
  getFindings,
  getOnThisDay,
} from '../apps/api/src/modules/insights/insights.service';
import { getUserView } from '../apps/api/src/modules/user/user.service';
import type { AuthContext } from '../apps/api/src/plugins/app/context';
import {
  createPgliteStorage,
  createPostgresStorage,
  type Storage,
} from '../scripts/lib/databases.mjs';
import { openStorage, type Query } from '../scripts/lib/open-storage';
import { runMain } from '../scripts/lib/processes.mjs';
import { seedUsers, utcToday } from '../scripts/lib/seed';
import { fmtMs, percentile, printTable } from './lib/load';

type Kind = 'pglite' | 'postgres';
const KINDS = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',') as Kind[];
const RUNS = Number(process.env.BENCH_HISTORY_RUNS ?? 100);
const DAYS = 5 * 365;
const DIARY_DAYS = 1_500;
const CHECK_INS_A_DAY = 3;
const ACTIVITIES = 60;
const NEW_DAYS = 7;
const TARGET_RATIO = 2;
const TARGET_P99_MS = 50;
const SETTINGS = { emailVerification: false, publicUrl: 'http://localhost:3000' };

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 5; i += 1) await fn();
  const out: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await fn();
    out.push(performance.now() - start);
  }
  return out;
}

/**
 * `days` days of history up to today for one user: CHECK_INS_A_DAY check-ins a day (the first the
 * daily mood), each naming two of the user's activities, and each day's mood as the check-ins
 * module keeps it (the mean, the count and the level sum).
 */
async function seedCheckIns(query: Query, userId: string, today: string, days: number) {
  await query(
    `INSERT INTO check_ins (user_id, taken_at, time_zone, local_date, mood, feelings,
                            is_daily_mood, created_at)
     SELECT $1::uuid, t, 'UTC', $2::date - d,
            (ARRAY['Depressed','Sad','Neutral','Happy','Ecstatic'])[1 + ((d * 7 + k * 3) % 5)],
            CASE WHEN k = 1 THEN ARRAY['calm', 'rested'] ELSE '{}'::text[] END, k = 1, t
     FROM generate_series(0, $3::int - 1) AS d
     CROSS JOIN generate_series(1, $4::int) AS k
     CROSS JOIN LATERAL (SELECT (($2::date - d) + time '08:00' + k * interval '4 hours')
                                AT TIME ZONE 'UTC' AS t) x`,
    [userId, today, days, CHECK_INS_A_DAY],
  );
  await query(
    `INSERT INTO check_in_activities (check_in_id, activity_id)
     SELECT c.id, a.id
     FROM (SELECT id, row_number() OVER (ORDER BY taken_at) AS n FROM check_ins
           WHERE user_id = $1::uuid) c
     JOIN (SELECT id, row_number() OVER (ORDER BY name) - 1 AS i, count(*) OVER () AS total
           FROM activities WHERE user_id = $1::uuid) a
       ON a.i = c.n % a.total OR a.i = (c.n * 7 + 3) % a.total`,
    [userId],
  );
  await query(
    `INSERT INTO mood_entries (user_id, local_date, mood, check_in_count, mood_level_sum, updated_at)
     SELECT user_id, local_date,
            (ARRAY['Depressed','Sad','Neutral','Happy','Ecstatic'])[round(avg(level))::int],
            count(*), sum(level), max(taken_at)
     FROM (SELECT user_id, local_date, taken_at,
                  array_position(ARRAY['Depressed','Sad','Neutral','Happy','Ecstatic'], mood) AS level
           FROM check_ins WHERE user_id = $1::uuid) c
     GROUP BY user_id, local_date`,
    [userId],
  );
}

/** The user's list: the default set, then custom ones up to ACTIVITIES. */
async function seedActivities(query: Query, userId: string, now: Date) {
  const names = [
    ...DEFAULT_ACTIVITIES.map((a) => ({ name: a.name, group: a.group, icon: a.icon })),
    ...Array.from({ length: ACTIVITIES - DEFAULT_ACTIVITIES.length }, (_, i) => ({
      name: `Hobby ${i + 1}`,
      group: 'hobbies',
      icon: 'Sparkles',
    })),
  ];
  await query(
    `INSERT INTO activities (user_id, name, name_key, "group", icon, position, created_at)
     SELECT $1::uuid, n.name, lower(n.name), n.grp, n.icon, n.i, $5::timestamptz
     FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS n(name, grp, icon, i)`,
    [
      userId,
      `{${names.map((n) => JSON.stringify(n.name)).join(',')}}`,
      `{${names.map((n) => n.group).join(',')}}`,
      `{${names.map((n) => n.icon).join(',')}}`,
      now,
    ],
  );
}

async function benchOne(kind: Kind): Promise<string[][]> {
  const storage: Storage =
    kind === 'postgres'
      ? await createPostgresStorage('history')
      : await createPgliteStorage('history');
  const open = await openStorage(storage);
  try {
    const now = new Date();
    const today = utcToday(now);
    const seedStart = performance.now();
    const [veteran] = await seedUsers(open.query, {
      users: 1,
      tasksPerUser: 0,
      diaryDays: DIARY_DAYS,
    });
    const [newcomer] = await seedUsers(open.query, { users: 1, tasksPerUser: 0, diaryDays: 5 });
    // The five-year person's account is five years old, so every back-filled day is theirs.
    await open.query(`UPDATE users SET created_at = $2::timestamptz WHERE id = $1::uuid`, [
      veteran!.id,
      new Date(now.getTime() - (DAYS + 1) * 86_400_000),
    ]);
    for (const [user, days] of [
      [veteran!, DAYS],
      [newcomer!, NEW_DAYS],
    ] as const) {
      await seedActivities(open.query, user.id, now);
      await seedCheckIns(open.query, user.id, today, days);
    }
    // The activity sums as migration 0020 fills them for check-ins written before it.
    await open.handle.db.transaction(async (tx) => {
      for (const user of [veteran!, newcomer!]) await rebuildActivityMoodSums(tx, user.id);
    });
    const vault = new DiaryVault(new ContentCipher(parseDataKeys(generateKeySpec())));
    await resealDiaries(open.handle.db, vault, { onlyPlaintext: true });
    for (const table of [
      'check_ins',
      'check_in_activities',
      'activities',
      'activity_mood_sums',
      'mood_entries',
      'diaries',
    ]) {
      await open.query(`VACUUM ANALYZE ${table}`);
    }
    const [counts] = await open.query(
      `SELECT (SELECT count(*) FROM check_ins WHERE user_id = $1)::int AS check_ins,
              (SELECT count(*) FROM diaries WHERE user_id = $1)::int AS diaries,
              (SELECT count(*) FROM activities WHERE user_id = $1)::int AS activities`,
      [veteran!.id],
    );
    console.info(
      `${kind}: the five-year person holds ${counts!.check_ins} check-ins, ${counts!.diaries} ` +
        `diary entries, ${counts!.activities} activities; seeded in ${fmtMs(performance.now() - seedStart)}`,
    );

    const db = open.handle.db;
    const year = Number(today.slice(0, 4));
    const lastMonth = addDays(today, -30);
    const reads: [string, (auth: AuthContext) => Promise<unknown>][] = [
      ['GET /user (dashboard)', (auth) => getUserView(db, auth, SETTINGS)],
      ["GET /check-ins, today's", (auth) => getDayCheckIns(db, vault, auth, today)],
      ['GET /activities (the picker)', (auth) => listActivities(db, auth, now)],
      [`GET /insights/calendar (${year})`, (auth) => getCalendar(db, auth, year)],
      ['GET /insights/day (a month ago)', (auth) => getDay(db, vault, auth, lastMonth)],
      ['GET /insights/findings', (auth) => getFindings(db, auth)],
      ['GET /insights/feelings (this month)', (auth) => getFeelings(db, auth)],
      ['GET /insights/on-this-day (dashboard)', (auth) => getOnThisDay(db, vault, auth)],
      [
        "GET /diary?limit=1 (the dashboard's newest entry)",
        (auth) => getDiaries(db, vault, auth, { limit: 1, before: addDays(today, 1) }),
      ],
      ['GET /diary (every entry: My Diary, issue 35)', (auth) => getDiaries(db, vault, auth)],
    ];
    const authOf = (userId: string): AuthContext => ({
      userId,
      sessionId: 'bench',
      timeZone: 'UTC',
      today,
    });
    const rows: string[][] = [];
    for (const [label, read] of reads) {
      const fresh = await time(() => read(authOf(newcomer!.id)));
      const years = await time(() => read(authOf(veteran!.id)));
      const ratio = percentile(years, 99) / percentile(fresh, 99);
      const p99 = percentile(years, 99);
      const met = ratio <= TARGET_RATIO && (kind !== 'postgres' || p99 < TARGET_P99_MS);
      rows.push([
        kind,
        label,
        `${fmtMs(percentile(fresh, 50))} / ${fmtMs(percentile(fresh, 99))}`,
        `${fmtMs(percentile(years, 50))} / ${fmtMs(p99)}`,
        `${ratio.toFixed(2)}x`,
        met ? 'met' : 'NOT MET',
      ]);
    }
    return rows;
  } finally {
    await open.close();
    await storage.remove();
  }
}

async function main() {
  const rows: string[][] = [];
  for (const kind of KINDS) rows.push(...(await benchOne(kind)));
  console.info(
    `\nFive years of history against a new person (${RUNS} calls each, in process, no HTTP; ` +
      `target within ${TARGET_RATIO}x, p99 < ${TARGET_P99_MS} ms on PostgreSQL)`,
  );
  printTable(
    ['database', 'read', 'new p50 / p99', 'five years p50 / p99', 'p99 ratio', 'target'],
    rows,
  );
}

runMain(main);
