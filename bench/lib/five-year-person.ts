/**
 * The five-year person of the history, report and diary-stream benches (decision 073, issue 35):
 * one person with five years of history (three check-ins a day, 60 activities, two named a
 * check-in, 1,500 diary entries of 300 to 1,500 characters sealed as the server seals them, 3,000
 * completed catalogue tasks in the goals they filled) beside a new person of this week, in one
 * database.
 */
import { DEFAULT_ACTIVITIES, getDifficultyTier } from '@wellspring/shared';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  ContentCipher,
  generateKeySpec,
  parseDataKeys,
} from '../../apps/api/src/lib/crypto/content-cipher';
import { rebuildActivityMoodSums } from '../../apps/api/src/modules/check-ins/mood-sums.repository';
import { DiaryVault, resealDiaries } from '../../apps/api/src/modules/diary/diary-vault';
import type { OpenStorage, Query } from '../../scripts/lib/open-storage';
import { seedUsers, utcToday, type SeededUser } from '../../scripts/lib/seed';
import { fmtMs } from './load';

export const DAYS = 5 * 365;
const DIARY_DAYS = 1_500;
const CHECK_INS_A_DAY = 3;
const ACTIVITIES = 60;
const NEW_DAYS = 7;
const TASKS = 3_000;
const NEW_TASKS = 12;

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

/**
 * `count` completed catalogue tasks spread evenly over the `days` days before `now`, oldest first,
 * each in the goal it helped fill: a goal completes with the task that brings its points to the
 * target, the next begins, and the goal in progress (seedUsers') holds the tasks after the last.
 */
async function seedTasks(query: Query, userId: string, now: Date, days: number, count: number) {
  const [current] = await query(
    `SELECT id, target FROM goals WHERE user_id = $1::uuid AND status = 'OnProgress'`,
    [userId],
  );
  const target = Number(current!.target);
  const templates = await query('SELECT id, points FROM task_templates ORDER BY slug');
  const spanMs = days * 86_400_000;
  const tasks = Array.from({ length: count }, (_, i) => {
    const template = templates[(i * 7) % templates.length]!;
    const createdAt = new Date(now.getTime() - spanMs + Math.floor(((i + 0.5) * spanMs) / count));
    return { templateId: String(template.id), points: Number(template.points), createdAt };
  });
  const goals: { id: string; createdAt: Date; completedAt: Date; earned: number; n: number }[] = [];
  let goal = { id: randomUUID(), createdAt: tasks[0]!.createdAt, earned: 0, n: 0 };
  const goalIds: string[] = [];
  for (const task of tasks) {
    goalIds.push(goal.id);
    goal.earned += task.points;
    goal.n += 1;
    if (goal.earned >= target) {
      goals.push({ ...goal, completedAt: new Date(task.createdAt.getTime() + 1_800_000) });
      goal = { id: randomUUID(), createdAt: task.createdAt, earned: 0, n: 0 };
    }
  }
  // The tasks after the last completed goal are the goal in progress's.
  const openId = goal.id;
  const inProgress = String(current!.id);
  const ids = goalIds.map((id) => (id === openId ? inProgress : id));
  await query(
    `INSERT INTO goals (id, user_id, target, earned, task_completed, tier, status,
                        has_claimed_reward, created_at, completed_at)
     SELECT g.id, $1::uuid, $2::int, g.earned, g.n, $3::smallint, 'Completed', true, g.created_at,
            g.completed_at
     FROM unnest($4::uuid[], $5::int[], $6::int[], $7::timestamptz[], $8::timestamptz[])
          AS g(id, earned, n, created_at, completed_at)`,
    [
      userId,
      target,
      getDifficultyTier(target),
      `{${goals.map((g) => g.id).join(',')}}`,
      `{${goals.map((g) => g.earned).join(',')}}`,
      `{${goals.map((g) => g.n).join(',')}}`,
      `{${goals.map((g) => g.createdAt.toISOString()).join(',')}}`,
      `{${goals.map((g) => g.completedAt.toISOString()).join(',')}}`,
    ],
  );
  await query(
    `UPDATE goals SET earned = $2::int, task_completed = $3::int, created_at = $4::timestamptz
     WHERE id = $1::uuid`,
    [inProgress, goal.earned, goal.n, goal.createdAt],
  );
  await query(
    `INSERT INTO tasks (user_id, goal_id, template_id, title, description, mood, points, status,
                        created_at, accepted_on, completed_at, completed_on)
     SELECT $1::uuid, x.goal_id, t.id, t.title, t.description, t.mood, t.points, 'Completed',
            x.created_at, (x.created_at AT TIME ZONE 'UTC')::date,
            x.created_at + interval '30 minutes',
            ((x.created_at + interval '30 minutes') AT TIME ZONE 'UTC')::date
     FROM unnest($2::uuid[], $3::uuid[], $4::timestamptz[]) AS x(goal_id, template_id, created_at)
     JOIN task_templates t ON t.id = x.template_id`,
    [
      userId,
      `{${ids.join(',')}}`,
      `{${tasks.map((t) => t.templateId).join(',')}}`,
      `{${tasks.map((t) => t.createdAt.toISOString()).join(',')}}`,
    ],
  );
}

/**
 * Seeds the five-year person and the new one, with the activity sums kept and the diaries
 * sealed, and analyses the tables; prints what the five-year person holds.
 */
export async function seedFiveYearPerson(
  open: OpenStorage,
  label: string,
  now: Date,
): Promise<{ veteran: SeededUser; newcomer: SeededUser; vault: DiaryVault; keySpec: string }> {
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
  for (const [user, days, tasks] of [
    [veteran!, DAYS, TASKS],
    [newcomer!, NEW_DAYS, NEW_TASKS],
  ] as const) {
    await seedActivities(open.query, user.id, now);
    await seedCheckIns(open.query, user.id, today, days);
    await seedTasks(open.query, user.id, now, days, tasks);
  }
  // Entries of 300 to 1,500 characters (seedUsers writes one short text), varying by day.
  await open.query(
    `UPDATE diaries SET content = left(repeat(content || ' ', 6),
                                       300 + ((local_date - date '2000-01-01') * 7919) % 1201)
     WHERE user_id = ANY($1::uuid[])`,
    [`{${veteran!.id},${newcomer!.id}}`],
  );
  // The activity sums as migration 0020 fills them for check-ins written before it.
  await open.handle.db.transaction(async (tx) => {
    for (const user of [veteran!, newcomer!]) await rebuildActivityMoodSums(tx, user.id);
  });
  // The key spec goes back too, for a bench that starts a server on this database.
  const keySpec = generateKeySpec();
  const vault = new DiaryVault(new ContentCipher(parseDataKeys(keySpec)));
  await resealDiaries(open.handle.db, vault, { onlyPlaintext: true });
  for (const table of [
    'goals',
    'tasks',
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
            (SELECT count(*) FROM tasks WHERE user_id = $1)::int AS tasks,
            (SELECT count(*) FROM goals WHERE user_id = $1)::int AS goals,
            (SELECT count(*) FROM activities WHERE user_id = $1)::int AS activities`,
    [veteran!.id],
  );
  console.info(
    `${label}: the five-year person holds ${counts!.check_ins} check-ins, ${counts!.diaries} ` +
      `diary entries, ${counts!.tasks} tasks in ${counts!.goals} goals, ${counts!.activities} ` +
      `activities; seeded in ${fmtMs(performance.now() - seedStart)}`,
  );

  return { veteran: veteran!, newcomer: newcomer!, vault, keySpec };
}
