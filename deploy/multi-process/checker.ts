/**
 * The deploy check's verdicts, each printed PASS or FAIL: the rate limit counted once across both
 * processes through Redis (and no fresh allowance for a forged X-Forwarded-For), a sign-out
 * honoured by the other process, a reminder sent once by the two processes' job queue, and every
 * acknowledged write of the load found in PostgreSQL afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sleep } from '../../scripts/lib/processes.mjs';
import { type SeededUser } from '../../scripts/lib/seed';
import { type Api } from './apis';
import { call } from './http';
import { type PushStandIn, type StandInDevice } from './push-stand-in';
import { clearRateLimits, countRateLimitKeys } from './services';
import { AUTH_MAX, REDIS_DB } from './settings';
import { type Ack } from './workload';

export const results: { name: string; ok: boolean; detail: string }[] = [];
export function check(name: string, ok: boolean, detail: string) {
  results.push({ name, ok, detail });
  console.info(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${detail}`);
}

/**
 * The sign-in budget (RATE_LIMIT_AUTH_MAX) spent alternately on A and B. It runs on a budget of
 * its own: the counters are cleared before (nothing spent earlier counts) and after (the later
 * checks' sign-ups from the same address start afresh).
 */
export async function checkSharedRateLimit(a: Api, b: Api, nginxUrl: string) {
  await clearRateLimits();
  const email = `nobody-${randomBytes(4).toString('hex')}@example.test`;
  const statuses: number[] = [];
  for (let i = 0; i < AUTH_MAX + 1; i += 1) {
    const api = i % 2 === 0 ? a : b;
    const answer = await call(`http://127.0.0.1:${api.port}`, 'POST', '/api/v1/auth/login', {
      body: { email, password: 'not the password' },
    });
    statuses.push(answer.status);
  }
  const keys = await countRateLimitKeys();
  const isShared =
    statuses.slice(0, AUTH_MAX).every((s) => s === 401) && statuses[AUTH_MAX] === 429;
  check(
    'a rate limit is counted once across A and B (shared through Redis)',
    isShared,
    `${AUTH_MAX + 1} sign-in attempts alternately on A and B answered ${statuses.join(', ')} ` +
      `(want ${AUTH_MAX}× 401 then 429: the ${AUTH_MAX + 1}th attempt in total across both is ` +
      `refused, so the budget of ${AUTH_MAX} is counted once, not once per process); ` +
      `${keys} counter key(s) in Redis db ${REDIS_DB}`,
  );
  const forged = await call(nginxUrl, 'POST', '/api/v1/auth/login', {
    body: { email, password: 'not the password' },
    headers: { 'x-forwarded-for': '203.0.113.7' },
  });
  check(
    'a forged X-Forwarded-For through nginx gets no fresh allowance',
    forged.status === 429,
    `answered ${forged.status} (want 429: nginx replaces the header with the real address)`,
  );
  const direct = await call(`http://127.0.0.1:${a.port}`, 'POST', '/api/v1/auth/login', {
    body: { email, password: 'not the password' },
    headers: { 'x-forwarded-for': '203.0.113.8' },
  });
  console.info(
    `note  the same forged header sent to A directly answered ${direct.status}: with ` +
      'TRUST_PROXY=true a process believes the header, so only nginx may reach the processes',
  );
  await clearRateLimits();
}

export async function checkLogoutAcrossProcesses(a: Api, b: Api) {
  const base = (api: Api) => `http://127.0.0.1:${api.port}`;
  const password = randomBytes(12).toString('base64url');
  const registered = await call(base(a), 'POST', '/api/v1/auth/register', {
    body: {
      name: 'Deploy Check',
      email: `deploy-${randomBytes(4).toString('hex')}@example.test`,
      password,
      confirmPassword: password,
      terms: true,
      timeZone: 'UTC',
    },
  });
  const token = String(registered.body?.token ?? '');
  const id = String((registered.body?.userData as Record<string, unknown> | undefined)?.id ?? '');
  const before = await call(base(b), 'GET', `/api/v1/user?id=${id}`, { token });
  const logout = await call(base(a), 'POST', '/api/v1/auth/logout', { token });
  const after = await call(base(b), 'GET', `/api/v1/user?id=${id}`, { token });
  check(
    'a sign-out on A is honoured by B at once',
    registered.status === 201 &&
      before.status === 200 &&
      logout.status === 200 &&
      after.status === 401,
    `register on A ${registered.status}, B before ${before.status}, logout on A ${logout.status}, ` +
      `B right after ${after.status} (want 201, 200, 200, 401)`,
  );
}

export async function verifyAcks(databaseUrl: string, acks: Ack[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = (kind: Ack['kind']) =>
      acks.filter((a) => a.kind === kind).map((a) => (a as { id: string }).id);
    const diaryRows = await client.query<{ id: string }>(
      'SELECT id FROM diaries WHERE id = ANY($1::uuid[])',
      [ids('diary')],
    );
    const taskRows = await client.query<{ id: string; status: string }>(
      'SELECT id, status FROM tasks WHERE id = ANY($1::uuid[])',
      [[...new Set([...ids('task'), ...ids('complete')])]],
    );
    const moodAcks = acks.filter((a): a is Extract<Ack, { kind: 'mood' }> => a.kind === 'mood');
    const moodRows = await client.query<{ user_id: string; day: string; mood: string }>(
      'SELECT user_id, local_date::text AS day, mood FROM mood_entries WHERE user_id = ANY($1::uuid[])',
      [moodAcks.map((a) => a.userId)],
    );
    const diaries = new Set(diaryRows.rows.map((r) => r.id));
    const tasks = new Map(taskRows.rows.map((r) => [r.id, r.status]));
    const moods = new Set(moodRows.rows.map((r) => `${r.user_id}/${r.day}/${r.mood}`));
    const lost: Record<string, number> = { mood: 0, diary: 0, task: 0, complete: 0 };
    for (const ack of acks) {
      const isThere =
        ack.kind === 'diary'
          ? diaries.has(ack.id)
          : ack.kind === 'task'
            ? tasks.has(ack.id)
            : ack.kind === 'complete'
              ? tasks.get(ack.id) === 'Completed'
              : moods.has(`${ack.userId}/${ack.day}/${ack.mood}`);
      if (!isThere) lost[ack.kind]! += 1;
    }
    return lost;
  } finally {
    await client.end();
  }
}

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** How long the first reminder may take: the cron makes a job each minute; a worker polls for it. */
export const REMINDER_FIRST_WITHIN_MS = 150_000;
/** How long afterwards nothing more may arrive: at least one more tick in each process. */
export const REMINDER_QUIET_MS = 60_000;
/**
 * How much longer the check waits for a tick that started after the push, past the quiet
 * minute: pg-boss makes the minute's job from its cron monitor, some seconds after the minute, and
 * a worker polls for it; in a local run the next tick started 91 s after the push.
 */
export const REMINDER_NEXT_TICK_GRACE_MS = 90_000;

/** Completed reminder ticks in pg-boss's table: all of them, and those started after `since`. */
async function countTicks(client: pg.Client, since: Date) {
  const done = await client.query<{ n: string; after: string }>(
    `SELECT count(*) AS n, count(*) FILTER (WHERE started_on > $1) AS after
     FROM pgboss.job WHERE name = 'reminder-tick' AND state = 'completed'`,
    [since],
  );
  return { jobs: done.rows[0]?.n ?? 'unknown', after: Number(done.rows[0]?.after ?? 0) };
}

/** A reminder set up and waiting to go out: what the check needs to judge it. */
export interface ArmedReminder {
  user: SeededUser;
  device: StandInDevice;
  day: string;
  time: string;
  /** performance.now() when the reminder was turned on. */
  at: number;
}

/**
 * Arms a reminder for a seeded user (UTC, no mood set): the push subscription posted to A, the
 * reminder turned on through B, due at a local time a minute or more in the past today, every
 * weekday. Throws when the API refuses either, as nothing could be judged afterwards.
 */
export async function armReminder(
  a: Api,
  b: Api,
  user: SeededUser,
  push: PushStandIn,
): Promise<ArmedReminder> {
  const now = new Date();
  const day = now.toISOString().slice(0, 10);
  const earlier = new Date(now.getTime() - 60_000).toISOString();
  // Just past midnight nothing today is a minute old: 00:00 has still been reached.
  const time = earlier.slice(0, 10) === day ? earlier.slice(11, 16) : '00:00';
  const device = push.device(`deploy-${randomBytes(4).toString('hex')}`);
  const base = (api: Api) => `http://127.0.0.1:${api.port}`;
  const subscribed = await call(base(a), 'POST', '/api/v1/push/subscriptions', {
    token: user.token,
    body: { id: user.id, endpoint: device.endpoint, keys: device.keys },
  });
  const turnedOn = await call(base(b), 'PATCH', `/api/v1/preferences?id=${user.id}`, {
    token: user.token,
    body: { reminder: { enabled: true, time, weekdays: EVERY_DAY } },
  });
  if (subscribed.status !== 201 || turnedOn.status !== 200) {
    throw new Error(
      `the reminder could not be set up: subscription on A ${subscribed.status}, ` +
        `reminder on through B ${turnedOn.status} (want 201, 200)`,
    );
  }
  console.info(
    `  reminder on for ${time} UTC today (${day}), every weekday; subscription posted to A, ` +
      `reminder turned on through B; push service stand-in at ${push.url}`,
  );
  return { user, device, day, time, at: performance.now() };
}

/**
 * Waits (bounded) for the armed reminder's push, then REMINDER_QUIET_MS more and, if need be, until
 * a tick that started after the push has completed (REMINDER_NEXT_TICK_GRACE_MS at most), and
 * checks that the push service got exactly one POST from the two processes, signed with the shared
 * VAPID key, and that the user's day was claimed (reminded_on) once.
 */
export async function checkReminderOnce(
  armed: ArmedReminder,
  push: PushStandIn,
  databaseUrl: string,
  vapidPublicKey: string,
) {
  const deadline = armed.at + REMINDER_FIRST_WITHIN_MS;
  while (push.received.length === 0 && performance.now() < deadline) await sleep(500);
  const first = push.received[0];
  if (first) {
    console.info(
      `  first push after ${((first.at - armed.at) / 1000).toFixed(1)} s; ` +
        `waiting ${REMINDER_QUIET_MS / 1000} s more for a second one`,
    );
    await sleep(REMINDER_QUIET_MS);
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let remindedOn: string | null = null;
  let jobs = 'unknown';
  /** Ticks that started after the push arrived: the quiet minute was watched, not assumed. */
  let ticksAfter = 0;
  try {
    try {
      const since = first?.arrivedAt ?? new Date();
      const graceEnd = performance.now() + (first ? REMINDER_NEXT_TICK_GRACE_MS : 0);
      for (;;) {
        ({ jobs, after: ticksAfter } = await countTicks(client, since));
        if (ticksAfter > 0 || performance.now() >= graceEnd) break;
        await sleep(1_000);
      }
    } catch (error) {
      jobs = `unknown (${error instanceof Error ? error.message : String(error)})`;
    }
    const rows = await client.query<{ day: string | null }>(
      'SELECT reminded_on::text AS day FROM user_preferences WHERE user_id = $1',
      [armed.user.id],
    );
    remindedOn = rows.rows[0]?.day ?? null;
  } finally {
    await client.end();
  }
  const posts = push.received.filter((r) => r.method === 'POST');
  const devicePath = new URL(armed.device.endpoint).pathname;
  const authorization = String(first?.headers.authorization ?? '');
  const isOnce =
    push.received.length === 1 &&
    posts.length === 1 &&
    posts[0]!.path === devicePath &&
    authorization.startsWith('vapid ') &&
    authorization.includes(`k=${vapidPublicKey}`) &&
    first?.headers['content-encoding'] === 'aes128gcm' &&
    remindedOn === armed.day &&
    ticksAfter > 0;
  check(
    'a reminder is sent once across the two processes',
    isOnce,
    first
      ? `${push.received.length} request(s) at the push service in ` +
          `${((performance.now() - armed.at) / 1000).toFixed(0)} s (want 1 POST to the device, ` +
          `over https, VAPID-signed with the shared key: ${
            authorization.includes(`k=${vapidPublicKey}`) ? 'yes' : 'no'
          }, ${String(first.headers['content-encoding'])} body of ${first.bytes} bytes); ` +
          `reminded_on ${remindedOn ?? 'not set'} (want ${armed.day}); ` +
          `${jobs} reminder-tick job(s) completed by the queue of A and B, ${ticksAfter} of them ` +
          'after the push (want at least 1: a later tick found nothing more to send)'
      : `no push within ${REMINDER_FIRST_WITHIN_MS / 1000} s of the reminder's time; ` +
          `reminded_on ${remindedOn ?? 'not set'}; ${jobs} reminder-tick job(s) completed`,
  );
}
