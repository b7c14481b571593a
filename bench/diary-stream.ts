/**
 * SPEC.md's whole diary (`GET /v1/diary?id=` without a page, issue 35) for the five-year person
 * (bench/lib/five-year-person.ts: 1,500 entries of 300 to 1,500 characters, sealed), through HTTP
 * from an API server in its own process, so that its resident set is the server's alone. The
 * server's RSS is sampled every 5 ms while BENCH_DIARY_STREAM_RUNS answers are read and thrown
 * away, and the peak is set against its RSS before the first. The reference, measured in the same
 * run: the same call for the new person of this week. Target: peak RSS growth under 20 MB.
 *
 * PostgreSQL (a fresh database on BENCH_POSTGRES_URL's server, dropped at the end), then PGlite.
 *
 * Run: npm run bench:diary-stream   (BENCH_DATABASES=postgres or pglite for one of them)
 */
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import {
  createPgliteStorage,
  createPostgresStorage,
  type Storage,
} from '../scripts/lib/databases.mjs';
import { openStorage } from '../scripts/lib/open-storage';
import { runMain, sleep } from '../scripts/lib/processes.mjs';
import { seedFiveYearPerson } from './lib/five-year-person';
import { startServer } from './lib/import-server';
import { fmtMs, percentile, printTable } from './lib/load';
import { readRss, sampleRss } from './lib/rss';
import type { SeededUser } from '../scripts/lib/seed';

type Kind = 'pglite' | 'postgres';
const KINDS = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',') as Kind[];
const RUNS = Number(process.env.BENCH_DIARY_STREAM_RUNS ?? 10);
const TARGET_GROWTH_MB = 20;
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

/** The whole diary of a person, RUNS times after a warm-up call. */
async function readDiary(baseUrl: string, person: SeededUser): Promise<Answer[]> {
  const url = `${baseUrl}/api/v1/diary?id=${person.id}`;
  const answers: Answer[] = [];
  for (let i = 0; i <= RUNS; i += 1) {
    const answer = await readAndDrop(url, person.token);
    if (answer.status !== 200) throw new Error(`GET /diary answered ${answer.status}`);
    if (i > 0) answers.push(answer);
  }
  return answers;
}

async function benchOne(kind: Kind): Promise<string[]> {
  const storage: Storage =
    kind === 'postgres'
      ? await createPostgresStorage('diary_stream')
      : await createPgliteStorage('diary_stream');
  try {
    const open = await openStorage(storage);
    const seeded = await seedFiveYearPerson(open, kind, new Date());
    // A PGlite folder is held by one process at a time: the server's, from here on.
    await open.close();
    const server = await startServer(storage, false, { DATA_ENCRYPTION_KEY: seeded.keySpec });
    try {
      // The new person's whole diary and a page of the five-year person's warm the code up.
      const fresh = await readDiary(server.baseUrl, seeded.newcomer);
      const page = `${server.baseUrl}/api/v1/diary?id=${seeded.veteran.id}&limit=50`;
      for (let i = 0; i < 20; i += 1) await readAndDrop(page, seeded.veteran.token);
      await sleep(1_000);
      const before = readRss(server.pid);
      const rss = sampleRss(server.pid, 5);
      const years = await readDiary(server.baseUrl, seeded.veteran);
      const peak = rss.stop();
      const growth = (peak - before) / MB;
      const ms = years.map((a) => a.ms);
      return [
        kind,
        `${fmtMs(
          percentile(
            fresh.map((a) => a.ms),
            50,
          ),
        )}`,
        `${fmtMs(percentile(ms, 50))} / ${fmtMs(Math.max(...ms))}`,
        `${(years[0]!.bytes / 1024).toFixed(0)} KB`,
        `${(before / MB).toFixed(0)} MB`,
        `${growth.toFixed(1)} MB`,
        growth < TARGET_GROWTH_MB ? 'met' : 'NOT MET',
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await storage.remove();
  }
}

async function main() {
  const rows: string[][] = [];
  for (const kind of KINDS) rows.push(await benchOne(kind));
  console.info(
    `\nGET /v1/diary without a page, the five-year person's 1,500 entries (${RUNS} answers each, ` +
      `HTTP, the server in its own process; target: peak RSS growth < ${TARGET_GROWTH_MB} MB)`,
  );
  printTable(
    [
      'database',
      'new person p50',
      'five years p50 / max',
      'size',
      'server RSS before',
      'peak growth',
      'target',
    ],
    rows,
  );
}

runMain(main);
