/**
 * The deploy check's verdicts, each printed PASS or FAIL: the rate limit shared through Redis (and
 * no fresh allowance for a forged X-Forwarded-For), a sign-out honoured by the other process, and
 * every acknowledged write of the load found in PostgreSQL afterwards.
 */
import { randomBytes } from 'node:crypto';
import { type Api } from './apis';
import { call } from './http';
import { countRateLimitKeys } from './services';
import { AUTH_MAX, REDIS_DB } from './settings';
import { type Ack } from './workload';

export const results: { name: string; ok: boolean; detail: string }[] = [];
export function check(name: string, ok: boolean, detail: string) {
  results.push({ name, ok, detail });
  console.info(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${detail}`);
}

export async function checkSharedRateLimit(a: Api, b: Api, nginxUrl: string) {
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
    'rate limits shared through Redis',
    isShared,
    `${AUTH_MAX + 1} sign-in attempts alternately on A and B answered ${statuses.join(', ')} ` +
      `(want ${AUTH_MAX}× 401 then 429); ${keys} counter key(s) in Redis db ${REDIS_DB}`,
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
  const { default: pg } = await import('pg');
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
