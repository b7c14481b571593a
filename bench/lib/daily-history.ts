import type { Query } from '../../scripts/lib/open-storage';

/**
 * A mood and `tasksADay` completed catalogue tasks on each of the `days` local days up to `today`
 * for every user of `ids` (each needs a goal in progress; the diaries come from seedUsers). The
 * mood wanders over the scale, differently for each user. Used by bench:insights and bench:backup.
 */
export async function seedDailyHistory(
  query: Query,
  ids: string[],
  today: string,
  days: number,
  tasksADay: number,
): Promise<void> {
  const array = `{${ids.join(',')}}`;
  await query(
    `INSERT INTO check_ins (user_id, local_date, mood, taken_at, created_at, time_zone, is_daily_mood)
     SELECT u.id, $2::date - d,
            (ARRAY['Depressed','Sad','Neutral','Happy','Ecstatic'])[1 + ((d * 7 + d / 3 + u.n) % 5)],
            (($2::date - d) + time '21:00') AT TIME ZONE 'UTC',
            (($2::date - d) + time '21:00') AT TIME ZONE 'UTC', 'UTC', true
     FROM unnest($1::uuid[]) WITH ORDINALITY AS u(id, n)
     CROSS JOIN generate_series(0, $3::int - 1) AS d`,
    [array, today, days],
  );
  // Each day's mood, as the check-ins module keeps it beside its one check-in (decision 073).
  await query(
    `INSERT INTO mood_entries (user_id, local_date, mood, check_in_count, mood_level_sum, updated_at)
     SELECT user_id, local_date, mood, 1,
            array_position(ARRAY['Depressed','Sad','Neutral','Happy','Ecstatic'], mood), taken_at
     FROM check_ins WHERE user_id = ANY($1::uuid[])`,
    [array],
  );
  await query(
    `INSERT INTO tasks (user_id, goal_id, template_id, title, description, mood, points, status,
                        created_at, accepted_on, completed_at, completed_on)
     SELECT g.user_id, g.id, t.id, t.title, t.description, t.mood, t.points, 'Completed',
            (($2::date - d) + time '09:00') AT TIME ZONE 'UTC', $2::date - d,
            (($2::date - d) + time '10:00') AT TIME ZONE 'UTC', $2::date - d
     FROM generate_series(0, $3::int - 1) AS d
     CROSS JOIN generate_series(1, $4::int) AS k
     CROSS JOIN goals g
     JOIN (SELECT id, title, description, mood, points,
                  (row_number() OVER (ORDER BY slug)) - 1 AS i, count(*) OVER () AS c
           FROM task_templates) t ON t.i = (d * 5 + k * 11) % t.c
     WHERE g.user_id = ANY($1::uuid[]) AND g.status = 'OnProgress'`,
    [array, today, days, tasksADay],
  );
}
