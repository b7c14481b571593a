/**
 * Ten years from another app (issue 33): a synthetic person's Daylio history, three entries a day
 * for ten years (about 11,000), 150 activities, notes of 300 characters, as a Daylio CSV export and
 * as a `.daylio` backup holding 200 MB of photos besides. Each file is previewed and imported into
 * a fresh account of an API server in its own process, while another user's `GET /api/v1/user` is
 * called every 50 ms and `GET /api/health` every 10 ms, each call on its own connection. Printed a
 * row a step: its time (the import's from the post until its status is done), the server's peak
 * RSS during it, the other user's read p50 / p99 / max and its p99 against the same calls at rest
 * just before, and the longest hold of the event loop; on PGlite (a temporary DATA_DIR) and on
 * PostgreSQL (a fresh database at BENCH_POSTGRES_URL).
 *
 * Targets: each import within 30 s, peak RSS under 300 MB, the other user's p99 within 2× of rest.
 *
 * Run: npm run bench:import-apps   (BENCH_DATABASES=pglite or postgres for one of them;
 * BENCH_IMPORT_SERVER=build runs the production build)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { daylioBackupFile } from '../apps/api/test/zip-files';
import { ensureApiBuilt } from '../scripts/lib/build.mjs';
import { createPgliteStorage, createPostgresStorage } from '../scripts/lib/databases.mjs';
import { runMain, sleep } from '../scripts/lib/processes.mjs';
import {
  EventLoopWatch,
  Poller,
  postFile,
  register,
  startServer,
  summary,
} from './lib/import-server';
import { fmtMs, percentile, printTable } from './lib/load';
import { sampleRss } from './lib/rss';

type Kind = 'pglite' | 'postgres';
const KINDS = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as Kind[];
const FROM_BUILD = process.env.BENCH_IMPORT_SERVER === 'build';
const YEARS = 10;
const ACTIVITIES = 150;
const NOTE_LENGTH = 300;
const PHOTOS_MB = 200;
const HEALTH_EVERY_MS = 10;
const READ_EVERY_MS = 50;
const REFERENCE_MS = 10_000;

const MOODS = ['rad', 'good', 'meh', 'bad', 'awful'];
const MAPPING = { rad: 'Ecstatic', good: 'Happy', meh: 'Neutral', bad: 'Sad', awful: 'Depressed' };
const TIMES = [
  [8, 10],
  [13, 20],
  [21, 30],
] as const;

interface Entry {
  date: string;
  hour: number;
  minute: number;
  mood: number;
  activities: number[];
  note: string;
}

/** A small deterministic generator, so that every run reads the same person. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const WORDS =
  'walk tea rain friends quiet work garden music long slow bright tired calm city'.split(' ');

/** Ten years to yesterday, newest first as Daylio writes them. */
function tenYears(): Entry[] {
  const random = generator(7);
  const entries: Entry[] = [];
  const day = new Date();
  day.setUTCHours(0, 0, 0, 0);
  for (let i = 1; i <= YEARS * 365; i += 1) {
    const date = new Date(day.getTime() - i * 86_400_000).toISOString().slice(0, 10);
    for (const [hour, minute] of [...TIMES].reverse()) {
      let note = '';
      while (note.length < NOTE_LENGTH) note += `${WORDS[Math.floor(random() * WORDS.length)]} `;
      entries.push({
        date,
        hour,
        minute,
        mood: Math.floor(random() * 5),
        activities: [
          ...new Set(Array.from({ length: 3 }, () => Math.floor(random() * ACTIVITIES))),
        ],
        note: note.slice(0, NOTE_LENGTH).trim(),
      });
    }
  }
  return entries;
}

const activityName = (i: number) => `Activity ${String(i + 1).padStart(3, '0')}`;

function daylioCsv(entries: Entry[]): Buffer {
  const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;
  const rows = entries.map((e) => {
    const time = `${String(e.hour).padStart(2, '0')}:${String(e.minute).padStart(2, '0')}`;
    const activities = e.activities.map(activityName).join(' | ');
    return `${e.date},,,${time},${MOODS[e.mood]},${quote(activities)},,${quote(e.note)}`;
  });
  const header = 'full_date,date,weekday,time,mood,activities,note_title,note';
  return Buffer.from(`${[header, ...rows].join('\n')}\n`);
}

/** The same entries as a backup, beside PHOTOS_MB of photos (stored: photos do not deflate). */
function daylioBackup(entries: Entry[]): Buffer {
  const document = {
    version: 19,
    customMoods: MOODS.map((_name, i) => ({
      id: i + 1,
      custom_name: '',
      predefined_name_id: i + 1,
      mood_group_id: i + 1,
      state: 0,
    })),
    tags: Array.from({ length: ACTIVITIES }, (_v, i) => ({
      id: i + 1,
      name: activityName(i),
      id_tag_group: 1,
    })),
    dayEntries: entries.map((e, i) => {
      const [year, month, day] = e.date.split('-').map(Number);
      return {
        id: i + 1,
        year,
        month: month! - 1,
        day,
        hour: e.hour,
        minute: e.minute,
        mood: e.mood + 1,
        tags: e.activities.map((a) => a + 1),
        note: e.note,
        note_title: '',
        assets: [],
      };
    }),
    assets: [],
    metadata: { platform: 'android' },
  };
  const photo = randomBytes(1024 * 1024);
  const photos = Array.from({ length: PHOTOS_MB }, (_v, i) => ({
    name: `assets/photos/2026/${i}.jpg`,
    data: photo,
  }));
  return daylioBackupFile(document, photos);
}

interface Step {
  database: string;
  step: string;
  ms: number;
  rssMb: number;
  read: number[];
  restP99: number;
  failures: number;
  loopMs: number;
}

const MAX_IMPORT_MS = 10 * 60_000;

async function runOn(kind: Kind, files: { name: string; body: Buffer; type: string }[]) {
  const storage =
    kind === 'pglite'
      ? await createPgliteStorage('import_apps')
      : await createPostgresStorage('import_apps');
  const server = await startServer(storage, FROM_BUILD);
  const loop = new EventLoopWatch(server);
  const database = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const steps: Step[] = [];
  try {
    const other = await register(server.baseUrl, 'Bench Other');
    const readUrl = `${server.baseUrl}/api/v1/user?id=${other.id}`;
    const readHeaders = { authorization: `Bearer ${other.token}` };
    const health = `${server.baseUrl}/api/health`;

    /** Runs `work` with the other user's calls going, and records it as a step. */
    async function measured(step: string, restP99: number, work: () => Promise<void>) {
      const pollers = [
        new Poller(readUrl, READ_EVERY_MS, readHeaders),
        new Poller(health, HEALTH_EVERY_MS),
      ];
      const rss = sampleRss(server.process.pid!);
      loop.start();
      for (const p of pollers) p.start();
      const started = performance.now();
      await work();
      const ms = performance.now() - started;
      const [read] = await Promise.all(pollers.map((p) => p.stop()));
      const loopMs = await loop.stop();
      steps.push({
        database,
        step,
        ms,
        rssMb: rss.stop() / 1024 / 1024,
        read: read!,
        restP99,
        failures: pollers[0]!.failures + pollers[1]!.failures,
        loopMs,
      });
      return read!;
    }

    const rest = await measured('at rest', 0, () => sleep(REFERENCE_MS));
    const restP99 = percentile(rest, 99);
    steps[0]!.restP99 = restP99;

    for (const file of files) {
      const person = await register(server.baseUrl, `Bench ${file.name}`);
      const url = (route: string) => `${server.baseUrl}/api/v1/${route}?id=${person.id}`;
      await measured(`${file.name}: preview`, restP99, async () => {
        const res = await postFile(url('imports/preview'), person.token, file.body, file.type);
        if (res.status !== 200) throw new Error(`preview answered ${res.status}: ${res.body}`);
      });
      await measured(`${file.name}: import`, restP99, async () => {
        const moods = encodeURIComponent(JSON.stringify(MAPPING));
        const res = await postFile(
          `${url('imports')}&moods=${moods}`,
          person.token,
          file.body,
          file.type,
        );
        if (res.status !== 202) throw new Error(`import answered ${res.status}: ${res.body}`);
        const id = (JSON.parse(res.body) as { data: { id: string } }).data.id;
        const deadline = performance.now() + MAX_IMPORT_MS;
        while (performance.now() < deadline) {
          const list = await fetch(url('imports'), {
            headers: { authorization: `Bearer ${person.token}` },
          });
          const found = (
            (await list.json()) as {
              data: { id: string; status: string; entriesWritten: number }[];
            }
          ).data.find((i) => i.id === id);
          if (found && found.status === 'done') return;
          if (found && found.status !== 'running')
            throw new Error(`the import ended ${found.status}`);
          await sleep(100);
        }
        throw new Error('the import did not finish');
      });
    }
  } finally {
    await server.stop();
    await storage.remove();
  }
  return steps;
}

runMain(async () => {
  if (FROM_BUILD) ensureApiBuilt();
  const entries = tenYears();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-import-apps-'));
  try {
    // Built once and read back, so the bench's own heap holds only the bytes it sends.
    writeFileSync(path.join(dir, 'daylio.csv'), daylioCsv(entries));
    writeFileSync(path.join(dir, 'backup.daylio'), daylioBackup(entries));
    const files = [
      { name: 'Daylio CSV', body: readFileSync(path.join(dir, 'daylio.csv')), type: 'text/csv' },
      {
        name: '.daylio backup',
        body: readFileSync(path.join(dir, 'backup.daylio')),
        type: 'application/octet-stream',
      },
    ];
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    console.info(
      `Files: ${entries.length.toLocaleString('en-US')} entries on ${YEARS * 365} days, ` +
        `${ACTIVITIES} activities, notes of ${NOTE_LENGTH} characters; the CSV ` +
        `${mb(files[0]!.body.length)}, the backup ${mb(files[1]!.body.length)} ` +
        `(${PHOTOS_MB} MB of photos); server: ${FROM_BUILD ? 'production build' : 'source through tsx'}, ` +
        `NODE_ENV=production, node ${process.version}`,
    );
    const steps: Step[] = [];
    for (const kind of KINDS) steps.push(...(await runOn(kind, files)));
    console.info(
      `\nThe other user's GET /api/v1/user every ${READ_EVERY_MS} ms and /api/health every ` +
        `${HEALTH_EVERY_MS} ms, each on a new connection; "×" is its p99 over the p99 at rest. ` +
        'RSS is the server process’s peak during the step.',
    );
    printTable(
      [
        'database',
        'step',
        'time',
        'peak RSS',
        "other user's read p50 / p99 / max",
        '× rest p99',
        'event loop max',
      ],
      steps.map((s) => [
        s.database,
        s.step,
        `${(s.ms / 1000).toFixed(2)} s`,
        `${s.rssMb.toFixed(0)} MB`,
        summary(s.read) + (s.failures ? ` (${s.failures} failed)` : ''),
        s.restP99 > 0 ? `${(percentile(s.read, 99) / s.restP99).toFixed(2)}×` : '',
        fmtMs(s.loopMs),
      ]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
