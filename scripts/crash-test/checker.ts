// The checker: every acknowledged write is there, read back through the API with each user's
// token after a crash, and straight from the database through the driver at the end.
import pg from 'pg';
import {
  type Api,
  type DiaryRow,
  type Envelope,
  type GoalRow,
  type IdRow,
  type TaskRow,
} from './http';
import { type Ledger, type TrackedUser, utcDate } from './ledger';
import { type DbKind } from './settings';

/** Every acknowledged write of a user, as [key, description]. */
export function ackedWrites(user: TrackedUser): Array<[string, string]> {
  const of = `of user ${user.id}`;
  return [
    [`user:${user.id}`, `registration of user ${user.id}`],
    ...user.goals.map((id): [string, string] => [`goal:${id}`, `goal ${id} ${of}`]),
    ...user.tasks.map(({ id }): [string, string] => [`task:${id}`, `task ${id} ${of}`]),
    ...user.completed.map((id): [string, string] => [
      `complete:${id}`,
      `completion of ${id} ${of}`,
    ]),
    ...user.diaries.map(({ id }): [string, string] => [`diary:${id}`, `diary ${id} ${of}`]),
    ...user.moods
      .filter((m) => m.acked)
      .map((m): [string, string] => [`mood:${user.id}:${m.seq}`, `mood ${m.mood} ${of}`]),
  ];
}

/** The moods a user's mood history may hold for a date, given what was sent and acknowledged. */
export function allowedMoods(
  user: TrackedUser,
): Array<{ key: string; dates: string[]; moods: Set<string> }> {
  const lastAcked = [...user.moods].reverse().find((m) => m.acked);
  if (!lastAcked) return [];
  // A later write that got no answer may or may not have been committed.
  const moods = new Set(user.moods.filter((m) => m.seq >= lastAcked.seq).map((m) => m.mood));
  return [{ key: `mood:${user.id}:${lastAcked.seq}`, dates: [...new Set(lastAcked.dates)], moods }];
}

export async function checkUser(api: Api, ledger: Ledger, user: TrackedUser): Promise<void> {
  const q = `id=${user.id}`;
  const auth = { token: user.token };
  const me = await api.call<Envelope<IdRow>>('GET', `/api/v1/user?${q}`, auth);
  if (me.status === 401 || me.status === 404) {
    // Without the session nothing else of this user can be read through the API: all of it is
    // counted as lost.
    for (const [key, detail] of ackedWrites(user))
      ledger.loseOnce(key, `${detail} (GET /user: ${me.status})`);
    return;
  }
  if (me.status !== 200 || me.body.data.id !== user.id) {
    throw new Error(`GET /user answered ${me.status}: ${me.text.slice(0, 300)}`);
  }

  if (user.goals.length > 0 || user.tasks.length > 0) {
    const goals = await api.call<Envelope<GoalRow[]>>('GET', `/api/v1/goal/all?${q}`, auth);
    if (goals.status !== 200) throw new Error(`GET /goal/all answered ${goals.status}`);
    const goalIds = new Set(goals.body.data.map((g) => g.id));
    for (const id of user.goals) {
      if (!goalIds.has(id)) ledger.loseOnce(`goal:${id}`, `goal ${id} of user ${user.id}`);
    }

    const tasks: TaskRow[] = [];
    for (let page = 1; page <= 20; page++) {
      const answer = await api.call<{ data: TaskRow[]; totalTaskCount: number }>(
        'GET',
        `/api/v1/task?${q}&page=${page}&size=50`,
        auth,
      );
      if (answer.status !== 200) throw new Error(`GET /task answered ${answer.status}`);
      tasks.push(...answer.body.data);
      if (tasks.length >= answer.body.totalTaskCount || answer.body.data.length === 0) break;
    }
    const byId = new Map(tasks.map((t) => [t.id, t]));
    for (const { id, day } of user.tasks) {
      // An OnGoing task of an earlier day has expired and left the list (a run across midnight
      // UTC): the driver check at the end still looks for it.
      const expired = day !== utcDate() && !user.completed.includes(id);
      if (!byId.has(id) && !expired) {
        ledger.loseOnce(`task:${id}`, `task ${id} of user ${user.id}`);
      }
    }
    for (const id of user.completed) {
      if (byId.get(id)?.status !== 'Completed') {
        ledger.loseOnce(`complete:${id}`, `completion of task ${id} of user ${user.id}`);
      }
    }
    // Atomicity: a goal's points are exactly those of its completed tasks.
    for (const goal of goals.body.data) {
      const done = tasks.filter((t) => t.goalId === goal.id && t.status === 'Completed');
      const points = done.reduce((sum, t) => sum + t.points, 0);
      if (goal.earned !== points || goal.taskCompleted !== done.length) {
        if (!ledger.inconsistent.has(goal.id)) {
          ledger.inconsistent.add(goal.id);
          ledger.problems.push(
            `inconsistent: goal ${goal.id} has earned ${goal.earned} / ${goal.taskCompleted} ` +
              `tasks, its completed tasks add up to ${points} / ${done.length}`,
          );
        }
      }
    }
  }

  if (user.diaries.length > 0) {
    const diaries = await api.call<Envelope<DiaryRow[]>>('GET', `/api/v1/diary?${q}`, auth);
    if (diaries.status !== 200) throw new Error(`GET /diary answered ${diaries.status}`);
    for (const { id, content } of user.diaries) {
      const found = diaries.body.data.find((d) => d.id === id);
      if (!found || found.content !== content) {
        ledger.loseOnce(`diary:${id}`, `diary ${id} of user ${user.id}`);
      }
    }
  }

  const expected = allowedMoods(user);
  if (expected.length > 0) {
    const csv = await api.call('GET', '/api/v1/account/export/moods.csv', auth);
    if (csv.status !== 200) throw new Error(`GET moods.csv answered ${csv.status}`);
    const rows = csv.text
      .split(/\r?\n/)
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(','));
    for (const { key, dates, moods } of expected) {
      const found = rows.some(
        ([date, mood]) => dates.includes(date ?? '') && moods.has(mood ?? ''),
      );
      if (!found) {
        ledger.loseOnce(
          key,
          `mood ${[...moods].join('|')} on ${dates.join('|')} of user ${user.id} ` +
            `(history: ${rows.map((r) => r.slice(0, 2).join(' ')).join('; ') || 'empty'})`,
        );
      }
    }
  }
}

export async function checkUsers(
  api: Api,
  ledger: Ledger,
  users: TrackedUser[],
  concurrency = 8,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < users.length) {
        const user = users[next++]!;
        await checkUser(api, ledger, user);
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Checks through the driver, with the server stopped cleanly

export async function checkDirect(
  kind: DbKind,
  target: { dataDir: string; databaseUrl?: string },
  ledger: Ledger,
): Promise<void> {
  let query: (text: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;
  let close: () => Promise<void>;
  if (kind === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    // PGlite's own data directory is the folder `database` of DATA_DIR (decision 064).
    const db = await PGlite.create(`${target.dataDir}/database`);
    query = async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows;
    close = () => db.close();
  } else {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    query = async (text, params) => (await client.query(text, params)).rows;
    close = () => client.end();
  }
  try {
    const present = async (table: string, ids: string[], extra = '') => {
      if (ids.length === 0) return new Set<string>();
      const rows = await query(
        `select id::text as id from ${table} where id = any($1::uuid[]) ${extra}`,
        [ids],
      );
      return new Set(rows.map((r) => String(r.id)));
    };
    const users = ledger.users;
    const check = async (label: string, table: string, ids: string[], extra = '') => {
      const found = await present(table, ids, extra);
      for (const id of ids) {
        if (!found.has(id)) ledger.loseOnce(`${label}:${id}`, `${label} ${id} (driver check)`);
      }
    };
    await check(
      'user',
      'users',
      users.map((u) => u.id),
    );
    await check(
      'goal',
      'goals',
      users.flatMap((u) => u.goals),
    );
    await check(
      'task',
      'tasks',
      users.flatMap((u) => u.tasks.map((t) => t.id)),
    );
    await check(
      'complete',
      'tasks',
      users.flatMap((u) => u.completed),
      "and status = 'Completed'",
    );
    await check(
      'diary',
      'diaries',
      users.flatMap((u) => u.diaries.map((d) => d.id)),
    );
    const moodRows = await query(
      'select user_id::text as user_id, local_date::text as local_date, mood from mood_entries ' +
        'where user_id = any($1::uuid[])',
      [users.map((u) => u.id)],
    );
    for (const user of users) {
      for (const { key, dates, moods } of allowedMoods(user)) {
        const found = moodRows.some(
          (r) =>
            r.user_id === user.id &&
            dates.includes(String(r.local_date)) &&
            moods.has(String(r.mood)),
        );
        if (!found) ledger.loseOnce(key, `mood of user ${user.id} (driver check)`);
      }
    }
  } finally {
    await close();
  }
}
