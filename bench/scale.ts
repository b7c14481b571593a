/**
 * Does it keep its speed as the data grows? The same reads as bench/api.ts, measured on a small
 * database (10 users × 1,000 tasks: 10,000 tasks) and then, in the same run and the same database,
 * on a large one (1,000 users × 1,000 tasks: 1,000,000 tasks, and 100 diary days each), each
 * request going to the next user in turn so the whole table is in play. Target: the p50 at the
 * large size within 1.5× of the p50 at the small size. Then EXPLAIN (ANALYZE, BUFFERS) of the
 * queries behind those reads, built with Drizzle exactly as the repositories build them, for a
 * user in the middle, and whether each one uses an index.
 *
 * PostgreSQL (a fresh database on BENCH_POSTGRES_URL's server, dropped at the end), then PGlite
 * (BENCH_SCALE_DATABASES=postgres for one), at BENCH_SCALE_PGLITE_USERS users (default 100: 100,000
 * tasks, because seeding and sealing a million rows inside PGlite takes too long for a routine run).
 *
 * Run: npm run bench:scale (BENCH_DURATION=2 BENCH_SCALE_USERS=100 for a quick check).
 */
import { and, count, desc, eq, gt, inArray, between, lte, sql, type SQL } from 'drizzle-orm';
import type autocannon from 'autocannon';
import { createHash } from 'node:crypto';
import { backgrounds, diaries, sessions, tasks, users } from '../apps/api/src/db/schema';
import { startApiServer } from '../scripts/lib/api-server.mjs';
import { ensureApiBuilt } from '../scripts/lib/build.mjs';
import {
  createPgliteStorage,
  createPostgresStorage,
  type Storage,
} from '../scripts/lib/databases.mjs';
import { openStorage, type OpenStorage } from '../scripts/lib/open-storage';
import { runMain } from '../scripts/lib/processes.mjs';
import { seedUsers, utcToday, vacuumAnalyze, type SeededUser } from '../scripts/lib/seed';
import { fmtInt, fmtMs, printTable, runLoad, warmUp, type LoadResult } from './lib/load';

type Kind = 'pglite' | 'postgres';

const TASKS_PER_USER = 1_000;
const DIARY_DAYS = 100;
const SMALL_USERS = 10;
const LARGE_USERS: Record<Kind, number> = {
  postgres: Number(process.env.BENCH_SCALE_USERS ?? 1_000),
  pglite: Number(process.env.BENCH_SCALE_PGLITE_USERS ?? 100),
};
const KINDS = (process.env.BENCH_SCALE_DATABASES ?? 'postgres,pglite').split(',') as Kind[];
const P50_GROWTH_TARGET = 1.5;

interface Read {
  label: string;
  path: (user: SeededUser) => string;
}

const WEEK_MS = 6 * 86_400_000;
const READS: Read[] = [
  { label: 'GET /user', path: (u) => `/api/v1/user?id=${u.id}` },
  { label: 'GET /task page 1 of 7', path: (u) => `/api/v1/task?id=${u.id}&page=1&size=7` },
  {
    label: 'GET /task?status=Completed',
    path: (u) => `/api/v1/task?id=${u.id}&page=1&size=7&status=Completed`,
  },
  {
    label: 'GET /history, a week',
    path: (u) => {
      const now = Date.now();
      return `/api/v1/history?id=${u.id}&startDate=${now - WEEK_MS}&endDate=${now}`;
    },
  },
];

/** Each request goes to the next user in turn. */
function rotating(read: Read, users: SeededUser[]): autocannon.Request[] {
  let turn = 0;
  return [
    {
      method: 'GET',
      setupRequest: (request) => {
        const user = users[turn % users.length]!;
        turn += 1;
        return {
          ...request,
          path: read.path(user),
          headers: { authorization: `Bearer ${user.token}` },
        };
      },
    },
  ];
}

interface Phase {
  users: number;
  tasks: number;
  seedMs: number;
  /** The first start after seeding: it seals the seeded (plaintext) diary entries. */
  sealStartMs: number;
  restartMs: number;
  results: LoadResult[];
}

async function measurePhase(storage: Storage, users: SeededUser[], seedMs: number): Promise<Phase> {
  // Sealing a million rows' worth of plaintext diary entries can take minutes on a busy machine.
  const sealing = await startApiServer(storage.env, {}, 30 * 60_000);
  await sealing.child.stop();
  const { child, startMs } = await startApiServer(storage.env);
  try {
    const results: LoadResult[] = [];
    for (const read of READS) {
      const requests = rotating(read, users);
      await warmUp({ url: child.baseUrl, requests }, 1);
      const result = await runLoad(read.label, { url: child.baseUrl, requests });
      console.info(
        `  ${read.label}: ${fmtInt(result.rps)} req/s, p50 ${fmtMs(result.p50)}, p99 ${fmtMs(result.p99)}` +
          (result.non2xx ? `, ${result.non2xx} non-2xx ${JSON.stringify(result.statuses)}` : '') +
          (result.errors ? `, ${result.errors} errors (${result.raw.timeouts} timeouts)` : ''),
      );
      results.push(result);
    }
    return {
      users: users.length,
      tasks: users.length * TASKS_PER_USER,
      seedMs,
      sealStartMs: sealing.startMs,
      restartMs: startMs,
      results,
    };
  } finally {
    await child.stop();
  }
}

async function seed(db: OpenStorage, count: number, label: string) {
  const start = performance.now();
  let lastReport = start;
  const seeded = await seedUsers(db.query, {
    users: count,
    tasksPerUser: TASKS_PER_USER,
    diaryDays: DIARY_DAYS,
    onProgress: (done) => {
      if (performance.now() - lastReport < 10_000) return;
      lastReport = performance.now();
      console.info(`  ${label}: ${fmtInt(done * TASKS_PER_USER)} tasks so far…`);
    },
  });
  await vacuumAnalyze(db.query);
  return { seeded, ms: performance.now() - start };
}

interface Plan {
  label: string;
  text: string;
  /** 'index', or which tables were read whole and how many rows they hold. */
  verdict: string;
}

/** The main queries, built the way the repositories build them, for one user. */
function mainQueries(db: OpenStorage['handle']['db'], user: SeededUser) {
  const now = new Date();
  const today = utcToday(now);
  const weekAgo = utcToday(new Date(now.getTime() - WEEK_MS));
  const listed = and(eq(tasks.userId, user.id), inArray(tasks.status, ['OnGoing', 'Completed']));
  const completed = and(eq(tasks.userId, user.id), eq(tasks.status, 'Completed'));
  const page = (where: SQL | undefined) =>
    db
      .select()
      .from(tasks)
      .where(where)
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(7)
      .offset(0);
  const tokenHash = createHash('sha256').update(user.token).digest('hex');
  return [
    {
      label: 'session by token_hash, joined to its user (every authenticated call)',
      query: db
        .select({ session: sessions, user: users, backgroundUrl: backgrounds.url })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(backgrounds, eq(backgrounds.id, users.selectedBackgroundId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            gt(sessions.expiresAt, now),
            gt(sessions.idleExpiresAt, now),
          ),
        )
        .limit(1),
    },
    { label: 'task page, no status filter', query: page(listed) },
    { label: 'task page, status = Completed', query: page(completed) },
    {
      label: 'task count, no status filter',
      query: db.select({ n: count() }).from(tasks).where(listed),
    },
    {
      label: 'task count, status = Completed',
      query: db.select({ n: count() }).from(tasks).where(completed),
    },
    {
      label: 'history: points per completed_on day, a week',
      query: db
        .select({
          day: tasks.completedOn,
          points: sql<number>`coalesce(sum(${tasks.points}), 0)::int`,
        })
        .from(tasks)
        .where(
          and(
            eq(tasks.userId, user.id),
            eq(tasks.status, 'Completed'),
            between(tasks.completedOn, weekAgo, today),
          ),
        )
        .groupBy(tasks.completedOn),
    },
    {
      label: 'diary streak: the days with an entry up to today, newest first (GET /user)',
      query: db
        .select({ day: diaries.localDate })
        .from(diaries)
        .where(and(eq(diaries.userId, user.id), lte(diaries.localDate, today)))
        .orderBy(desc(diaries.localDate)),
    },
    {
      label: 'tasks accepted today (the daily cap, on accept)',
      query: db
        .select({ n: count() })
        .from(tasks)
        .where(and(eq(tasks.userId, user.id), eq(tasks.acceptedOn, today))),
    },
  ];
}

async function explainMain(db: OpenStorage, user: SeededUser): Promise<Plan[]> {
  const plans: Plan[] = [];
  for (const { label, query } of mainQueries(db.handle.db, user)) {
    const { sql: text, params } = query.toSQL();
    const explain = `EXPLAIN (ANALYZE, BUFFERS) ${text}`;
    await db.query(explain, params); // warm: the figures below are those of a cache like production's
    const rows = await db.query(explain, params);
    const planText = rows.map((r) => String(r['QUERY PLAN'])).join('\n');
    const scanned = [...planText.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]!);
    let verdict = 'index';
    if (scanned.length) {
      // A table of a few pages is read whole because that is cheaper than its index: say so.
      const sizes = await db.query(
        `SELECT relname AS name, reltuples::bigint AS n FROM pg_class WHERE relname = ANY($1::text[])`,
        [`{${scanned.join(',')}}`],
      );
      const isSmall = sizes.every((t) => Number(t.n) < 1_000);
      verdict =
        `${isSmall ? 'seq scan of a small table' : 'SEQ SCAN'}: ` +
        sizes.map((t) => `${t.name} (${fmtInt(Number(t.n))} rows)`).join(', ');
    }
    plans.push({ label, text: planText, verdict });
  }
  return plans;
}

interface KindResult {
  kind: Kind;
  small: Phase;
  large: Phase;
  plans: Plan[];
}

async function benchKind(kind: Kind): Promise<KindResult> {
  const large = LARGE_USERS[kind];
  console.info(
    `\n== ${kind}: ${SMALL_USERS} users, then ${fmtInt(large)} users, × ${fmtInt(TASKS_PER_USER)} tasks`,
  );
  const storage =
    kind === 'pglite'
      ? await createPgliteStorage('bench-scale')
      : await createPostgresStorage('bench_scale');
  try {
    let db = await openStorage(storage);
    const first = await seed(db, SMALL_USERS, 'small');
    await db.close();
    console.info(
      `small: seeded ${fmtInt(SMALL_USERS * TASKS_PER_USER)} tasks in ${fmtMs(first.ms)}`,
    );
    const small = await measurePhase(storage, first.seeded, first.ms);

    db = await openStorage(storage);
    const rest = await seed(db, large - SMALL_USERS, 'large');
    const all = [...first.seeded, ...rest.seeded];
    console.info(
      `large: seeded ${fmtInt((large - SMALL_USERS) * TASKS_PER_USER)} more tasks in ${fmtMs(rest.ms)}`,
    );
    const plans = await explainMain(db, all[Math.floor(all.length / 2)]!);
    const sizes = await db.query(
      `SELECT relname AS name, pg_size_pretty(pg_total_relation_size(oid)) AS size
       FROM pg_class WHERE relname IN ('tasks', 'diaries', 'sessions', 'users') ORDER BY relname`,
    );
    console.info(`  sizes with indexes: ${sizes.map((s) => `${s.name} ${s.size}`).join(', ')}`);
    await db.close();
    const largePhase = await measurePhase(storage, all, rest.ms);
    return { kind, small, large: largePhase, plans };
  } finally {
    await storage.remove();
  }
}

/** Requests that did not answer 2xx, or not at all (autocannon's timeout is 10 s). */
const failed = (r: LoadResult) => fmtInt(r.non2xx + r.errors);

function report(results: KindResult[]) {
  console.info(
    '\nReads at the small size and the large size (each request to the next user in turn)\n',
  );
  const rows: string[][] = [];
  for (const r of results) {
    const sizes = `${fmtInt(r.small.tasks)} → ${fmtInt(r.large.tasks)} tasks`;
    r.small.results.forEach((s, i) => {
      const l = r.large.results[i]!;
      const growth = l.p50 / Math.max(s.p50, 0.001);
      rows.push([
        `${r.kind}: ${s.label}`,
        sizes,
        fmtInt(s.rps),
        fmtInt(l.rps),
        fmtMs(s.p50),
        fmtMs(l.p50),
        `${growth.toFixed(2)}×`,
        `≤ ${P50_GROWTH_TARGET}×`,
        growth <= P50_GROWTH_TARGET && l.total > 0 && s.total > 0 ? 'PASS' : 'MISS',
        `${failed(s)} → ${failed(l)}`,
      ]);
    });
  }
  printTable(
    [
      'read',
      'data',
      'req/s small',
      'req/s large',
      'p50 small',
      'p50 large',
      'p50 growth',
      'target',
      'result',
      'failed',
    ],
    rows,
  );

  console.info('\nStart-up as the data grows (spawn to the first 200 from /api/health)\n');
  printTable(
    [
      'database',
      'tasks',
      'seed',
      'first start after seeding (seals the seeded diaries)',
      'next start',
    ],
    results.flatMap((r) =>
      [r.small, r.large].map((p) => [
        r.kind,
        fmtInt(p.tasks),
        fmtMs(p.seedMs),
        fmtMs(p.sealStartMs),
        fmtMs(p.restartMs),
      ]),
    ),
  );

  for (const r of results) {
    console.info(
      `\n== ${r.kind}: EXPLAIN (ANALYZE, BUFFERS) at ${fmtInt(r.large.tasks)} tasks, a user in the middle`,
    );
    for (const plan of r.plans) {
      console.info(`\n-- ${plan.label}: ${plan.verdict}\n${plan.text}`);
    }
  }
  console.info('\nIndex use, summary\n');
  printTable(
    ['query', ...results.map((r) => r.kind)],
    results[0]!.plans.map((p, i) => [p.label, ...results.map((r) => r.plans[i]!.verdict)]),
  );
}

async function main() {
  ensureApiBuilt();
  const results: KindResult[] = [];
  for (const kind of KINDS) results.push(await benchKind(kind));
  report(results);
}

runMain(main);
