/**
 * The API's CPU profile under one row's load (BENCH_PROFILE=1 npm run bench:api): a separate API
 * process started with `--cpu-prof --cpu-prof-dir=<tmp>` on the bench's storage, warmed up until
 * steady and loaded like the row (bench/lib/measure.ts), then stopped gracefully so that node writes its .cpuprofile; only the samples taken
 * during the measured load are summarised (not the start-up, not the warm-up).
 */
import type autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApiServer } from '../../scripts/lib/api-server.mjs';
import type { Storage } from '../../scripts/lib/databases.mjs';
import { ROOT } from '../../scripts/lib/processes.mjs';
import { readProfileFrom, summariseProfile, type ProfileSummary } from './cpu-profile';
import { printTable } from './load';
import { measure, type Measured } from './measure';

export const TOP_ENTRIES = Number(process.env.BENCH_TOP ?? 20);

export interface ProfiledRow {
  row: Measured;
  summary: ProfileSummary;
}

/**
 * Starts the API on `storage` with the CPU profiler on. spawnNode takes node's own arguments from
 * BENCH_NODE_ARGS when it spawns (node refuses --cpu-prof in NODE_OPTIONS), so it is set for this
 * one start only.
 */
async function startProfiledApi(storage: Storage, profileDir: string) {
  const before = process.env.BENCH_NODE_ARGS;
  process.env.BENCH_NODE_ARGS = `${before ?? ''} --cpu-prof --cpu-prof-dir=${profileDir}`.trim();
  try {
    return await startApiServer(storage.env);
  } finally {
    if (before === undefined) delete process.env.BENCH_NODE_ARGS;
    else process.env.BENCH_NODE_ARGS = before;
  }
}

/** Profiles the API under `options`' load (one row: a URL and its headers). */
export async function profileApiRow(
  storage: Storage,
  label: string,
  options: (baseUrl: string) => autocannon.Options,
): Promise<ProfiledRow> {
  const profileDir = await mkdtemp(path.join(tmpdir(), 'wellspring-cpu-prof-'));
  try {
    const { child } = await startProfiledApi(storage, profileDir);
    let row: Measured;
    try {
      row = await measure(`${label}, profiled`, child.pid, storage.kind === 'postgres', {
        ...options(child.baseUrl),
      });
    } finally {
      // SIGTERM: the server shuts down gracefully and node writes the profile as it exits.
      await child.stop('SIGTERM', 30_000);
    }
    const summary = summariseProfile(readProfileFrom(profileDir), {
      window: row.window,
      limit: TOP_ENTRIES,
      root: ROOT,
    });
    if (summary.samples === 0) {
      throw new Error('the CPU profile holds no sample taken during the load (clock mismatch?)');
    }
    return { row, summary };
  } finally {
    await rm(profileDir, { recursive: true, force: true });
  }
}

/** Prints the profile's top entries by self time. */
export function printProfile(title: string, { row, summary }: ProfiledRow): void {
  console.info(
    `\n${title}: top ${summary.top.length} self-time entries of ${summary.samples} samples ` +
      `during the load (${Math.round(row.rps)} req/s under the profiler, server CPU ` +
      `${((1000 * row.cpu.server) / Math.max(1, row.total)).toFixed(3)} ms a request; idle ` +
      `${summary.idlePercent.toFixed(1)}%)\n`,
  );
  printTable(
    ['function', 'file:line', 'samples', '%'],
    summary.top.map((e) => [e.functionName, e.location, String(e.samples), e.percent.toFixed(1)]),
  );
  console.info('\nThe same samples by where the code lives:\n');
  printTable(
    ['area', 'samples', '%'],
    summary.areas.map((a) => [a.area, String(a.samples), a.percent.toFixed(1)]),
  );
}
