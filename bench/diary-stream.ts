/**
 * SPEC.md's whole diary (`GET /v1/diary?id=` without a page, issue 35) through HTTP from an API
 * server in its own process, so that its resident set is the server's alone. Two diaries: the
 * five-year person's (bench/lib/five-year-person.ts: 1,500 entries of 300 to 1,500 characters,
 * sealed), and the same number of entries of 10,000 characters, to show whether the memory an
 * answer takes grows with the diary.
 *
 * The figure of the target is the growth while answering: BENCH_DIARY_STREAM_STARTS times, a fresh
 * server is warmed up (the new person's whole diary, pages of the long one), left to settle, and
 * its RSS sampled every 5 ms while the whole diary is read and thrown away; the peak is set against
 * the RSS before. On the last server BENCH_DIARY_STREAM_RUNS more answers follow in a row, timed,
 * their peak set against the same RSS: that figure is mostly the garbage collector letting the
 * young generation grow under a burst of allocation, not what one answer holds. The reference for
 * the time: the same call for the new person of this week.
 *
 * PostgreSQL (a fresh database on BENCH_POSTGRES_URL's server, dropped at the end), then PGlite.
 *
 * Run: npm run bench:diary-stream   (BENCH_DATABASES=postgres or pglite for one of them)
 */
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { resealDiaries } from '../apps/api/src/modules/diary/diary-vault';
import {
  createPgliteStorage,
  createPostgresStorage,
  type Storage,
} from '../scripts/lib/databases.mjs';
import { openStorage } from '../scripts/lib/open-storage';
import { runMain, sleep } from '../scripts/lib/processes.mjs';
import { seedUsers, type SeededUser } from '../scripts/lib/seed';
import { seedFiveYearPerson } from './lib/five-year-person';
import { startServer } from './lib/import-server';
import { fmtMs, percentile, printTable } from './lib/load';
import { readRss, sampleRss } from './lib/rss';

type Kind = 'pglite' | 'postgres';
const KINDS = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',') as Kind[];
const STARTS = Number(process.env.BENCH_DIARY_STREAM_STARTS ?? 5);
const RUNS = Number(process.env.BENCH_DIARY_STREAM_RUNS ?? 10);
const TARGET_GROWTH_MB = 20;
const LONG_ENTRY = 10_000;
const MB = 1024 * 1024;

interface Answer {
  status: number;
  bytes: number;
  ms: number;
}

/** GETs the url over node:http, counting the body's bytes as they come and keeping none. */
function readAndDrop(url: string, token: string): Promise<Answer> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { agent: false, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - start }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A person's whole diary, `times` times in a row. */
async function readDiary(baseUrl: string, person: SeededUser, times: number): Promise<Answer[]> {
  const url = `${baseUrl}/api/v1/diary?id=${person.id}`;
  const answers: Answer[] = [];
  for (let i = 0; i < times; i += 1) {
    const answer = await readAndDrop(url, person.token);
    if (answer.status !== 200) throw new Error(`GET /diary answered ${answer.status}`);
    answers.push(answer);
  }
  return answers;
}

interface Start {
  before: number;
  growth: number;
  bytes: number;
}

/** A fresh server, warmed up and settled: its RSS growth over one whole diary of `person`. */
async function measureStart(
  baseUrl: string,
  pid: number,
  person: SeededUser,
  newcomer: SeededUser,
): Promise<Start> {
  await readDiary(baseUrl, newcomer, 10);
  const page = `${baseUrl}/api/v1/diary?id=${person.id}&limit=50`;
  for (let i = 0; i < 20; i += 1) await readAndDrop(page, person.token);
  await sleep(1_000);
  const before = readRss(pid);
  const rss = sampleRss(pid, 5);
  const [answer] = await readDiary(baseUrl, person, 1);
  return { before, growth: rss.stop() - before, bytes: answer!.bytes };
}

/** STARTS fresh servers for one diary, the last answering RUNS more: the table's row. */
async function benchDiary(
  storage: Storage,
  env: Record<string, string>,
  person: SeededUser,
  newcomer: SeededUser,
): Promise<string[]> {
  const starts: Start[] = [];
  for (let i = 0; ; i += 1) {
    const server = await startServer(storage, false, env);
    try {
      starts.push(await measureStart(server.baseUrl, server.pid, person, newcomer));
      if (i + 1 < STARTS) continue;
      const rss = sampleRss(server.pid, 5);
      const long = (await readDiary(server.baseUrl, person, RUNS)).map((a) => a.ms);
      const inARow = rss.stop() - starts[i]!.before;
      const fresh = (await readDiary(server.baseUrl, newcomer, RUNS)).map((a) => a.ms);
      const growths = starts.map((s) => s.growth / MB);
      const worst = Math.max(...growths);
      return [
        `${fmtMs(percentile(fresh, 50))}`,
        `${fmtMs(percentile(long, 50))} / ${fmtMs(Math.max(...long))}`,
        `${(starts[0]!.bytes / MB).toFixed(1)} MB`,
        `${(
          percentile(
            starts.map((s) => s.before),
            50,
          ) / MB
        ).toFixed(0)} MB`,
        `${percentile(growths, 50).toFixed(1)} / ${worst.toFixed(1)} MB`,
        `${(inARow / MB).toFixed(1)} MB`,
        worst < TARGET_GROWTH_MB ? 'met' : 'NOT MET',
      ];
    } finally {
      await server.stop();
    }
  }
}

async function benchOne(kind: Kind): Promise<string[][]> {
  const storage: Storage =
    kind === 'postgres'
      ? await createPostgresStorage('diary_stream')
      : await createPgliteStorage('diary_stream');
  try {
    const open = await openStorage(storage);
    const { veteran, newcomer, vault, keySpec } = await seedFiveYearPerson(open, kind, new Date());
    const [diarist] = await seedUsers(open.query, { users: 1, tasksPerUser: 0, diaryDays: 1_500 });
    await open.query(
      `UPDATE diaries SET content = left(repeat(content || ' ', 40), $2) WHERE user_id = $1::uuid`,
      [diarist!.id, LONG_ENTRY],
    );
    await resealDiaries(open.handle.db, vault, { onlyPlaintext: true });
    // A PGlite folder is held by one process at a time: the server's, from here on.
    await open.close();
    const env = { DATA_ENCRYPTION_KEY: keySpec };
    return [
      [kind, 'five years', ...(await benchDiary(storage, env, veteran, newcomer))],
      [
        kind,
        `${LONG_ENTRY} characters each`,
        ...(await benchDiary(storage, env, diarist!, newcomer)),
      ],
    ];
  } finally {
    await storage.remove();
  }
}

async function main() {
  const rows: string[][] = [];
  for (const kind of KINDS) rows.push(...(await benchOne(kind)));
  console.info(
    `\nGET /v1/diary without a page, 1,500 entries, over HTTP, the server in its own process: ` +
      `RSS growth over one answer on ${STARTS} fresh servers, then over ${RUNS} answers in a row ` +
      `(target: one answer's peak growth < ${TARGET_GROWTH_MB} MB)`,
  );
  printTable(
    [
      'database',
      'diary',
      'new person p50',
      'p50 / max',
      'size',
      'server RSS before',
      'growth, one answer p50 / max',
      `${RUNS} in a row`,
      'target',
    ],
    rows,
  );
}

runMain(main);
