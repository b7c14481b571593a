/**
 * The report for a clinician (decision 084) of the five-year person (bench/lib/five-year-person.ts,
 * with a PHQ-9, a GAD-7 and a WHO-5 every two weeks besides): the 90-day and the five-year report,
 * every section, as a PDF and as CSV. Each runs through the API's own functions (the reads, the
 * diary's opening, the rendering to the last byte, no HTTP) BENCH_REPORT_RUNS times: p50 and max,
 * and the process's peak RSS after it (the 90-day report first, so its figure is its own). The
 * reference, measured in the same run: the same report of the new person of this week. Target: the
 * 90-day PDF in under 2 s.
 *
 * PostgreSQL (a fresh database on BENCH_POSTGRES_URL's server, dropped at the end), then PGlite.
 *
 * Run: npm run bench:report   (BENCH_DATABASES=postgres or pglite for one of them)
 */
import {
  addDays,
  REPORT_DIARY_MAX,
  REPORT_SECTIONS,
  type ReportPaper,
  type ReportRequest,
} from '@wellspring/shared';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { reportCsv } from '../apps/api/src/modules/reports/report-csv';
import { renderReportPdf } from '../apps/api/src/modules/reports/report-pdf';
import { getReport } from '../apps/api/src/modules/reports/reports.service';
import type { AuthContext } from '../apps/api/src/plugins/app/context';
import {
  createPgliteStorage,
  createPostgresStorage,
  type Storage,
} from '../scripts/lib/databases.mjs';
import { openStorage, type Query } from '../scripts/lib/open-storage';
import { runMain } from '../scripts/lib/processes.mjs';
import { utcToday } from '../scripts/lib/seed';
import { DAYS, seedFiveYearPerson } from './lib/five-year-person';
import { fmtMs, percentile, printTable } from './lib/load';

type Kind = 'pglite' | 'postgres';
const KINDS = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',') as Kind[];
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 10);
const TARGET_90_DAY_PDF_MS = 2_000;
const PAPER: ReportPaper = 'a4';
const MB = 1024 * 1024;

/** A PHQ-9, a GAD-7 and a WHO-5 every 14 days for `days` days, each scored as published. */
async function seedMeasures(query: Query, userId: string, today: string, days: number) {
  await query(
    `INSERT INTO measure_results (user_id, measure, answers, difficulty, score, taken_at, local_date)
     SELECT $1::uuid, m.measure, m.answers, NULL, m.score, ($2::date - d) + time '20:00', $2::date - d
     FROM generate_series(0, $3::int - 1, 14) AS d
     CROSS JOIN LATERAL (VALUES
       ('phq9', ARRAY[1, 1, 2, 1, 0, 1, 1, 0, (d / 14) % 2]::smallint[], 7 + (d / 14) % 2),
       ('gad7', ARRAY[1, 1, 1, 2, 0, 1, 1]::smallint[], 7),
       ('who5', ARRAY[3, 3, 2, 3, 2]::smallint[], 52)
     ) AS m(measure, answers, score)`,
    [userId, today, days],
  );
}

async function drain(stream: Readable): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) bytes += (chunk as Buffer).length;
  return bytes;
}

interface Run {
  ms: number[];
  bytes: number;
}

async function time(fn: () => Promise<number>): Promise<Run> {
  let bytes = await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    bytes = await fn();
    ms.push(performance.now() - start);
  }
  return { ms, bytes };
}

async function benchOne(kind: Kind): Promise<string[][]> {
  const storage: Storage =
    kind === 'postgres'
      ? await createPostgresStorage('report')
      : await createPgliteStorage('report');
  const open = await openStorage(storage);
  try {
    const now = new Date();
    const today = utcToday(now);
    const { veteran, newcomer, vault } = await seedFiveYearPerson(open, kind, now);
    await seedMeasures(open.query, veteran.id, today, DAYS);
    await seedMeasures(open.query, newcomer.id, today, 7);
    await open.query('VACUUM ANALYZE measure_results');
    const db = open.handle.db;
    const authOf = (userId: string): AuthContext => ({
      userId,
      sessionId: 'bench',
      timeZone: 'UTC',
      today,
    });
    /** The newest entries of the range, as many as a report quotes at most. */
    const chosenEntries = async (userId: string, from: string) =>
      (
        await open.query(
          `SELECT id FROM diaries WHERE user_id = $1::uuid AND local_date >= $2::date
           ORDER BY local_date DESC LIMIT $3`,
          [userId, from, REPORT_DIARY_MAX],
        )
      ).map((r) => String(r.id));

    const rows: string[][] = [];
    for (const [label, days] of [
      ['90 days', 90],
      ['five years', DAYS],
    ] as const) {
      const from = addDays(today, -(days - 1));
      for (const format of ['PDF', 'CSV'] as const) {
        const results: Run[] = [];
        for (const person of [newcomer, veteran]) {
          const request: ReportRequest = {
            from,
            to: today,
            sections: [...REPORT_SECTIONS],
            diaryEntryIds: await chosenEntries(person.id, from),
            paper: PAPER,
          };
          const make = async () => {
            const report = await getReport(db, vault, authOf(person.id), request, now);
            return format === 'PDF'
              ? drain(renderReportPdf(report, PAPER))
              : Buffer.byteLength(reportCsv(report));
          };
          results.push(await time(make));
        }
        const [fresh, years] = results as [Run, Run];
        const rss = process.resourceUsage().maxRSS * 1024;
        const p50 = percentile(years.ms, 50);
        const met =
          format === 'PDF' && days === 90 ? (p50 < TARGET_90_DAY_PDF_MS ? 'met' : 'NOT MET') : '';
        rows.push([
          kind,
          `${label}, ${format}`,
          `${fmtMs(percentile(fresh.ms, 50))}`,
          `${fmtMs(p50)} / ${fmtMs(Math.max(...years.ms))}`,
          `${(years.bytes / 1024).toFixed(0)} KB`,
          `${(rss / MB).toFixed(0)} MB`,
          met,
        ]);
      }
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
    `\nThe report, every section and ${REPORT_DIARY_MAX} diary entries (${RUNS} runs each, in ` +
      `process, no HTTP; target: the 90-day PDF under ${TARGET_90_DAY_PDF_MS} ms)`,
  );
  printTable(
    [
      'database',
      'report',
      'new person p50',
      'five years p50 / max',
      'size',
      'peak RSS so far',
      'target',
    ],
    rows,
  );
}

runMain(main);
