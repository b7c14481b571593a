// Crash-safety proof: every write the API acknowledged (a 2xx answer arrived) survives a SIGKILL.
//
//   npm run crash-test                      20 cycles on PGlite, then 20 on PostgreSQL
//   npm run crash-test -- --db=pglite --cycles=5 --writers=12
//   CYCLES=3 DB=both npm run crash-test     (flags win over the environment)
//   npm run crash-test -- --latency         200 sequential mood and diary writes, timed; no kill
//   npm run crash-test -- --latency --compare=path/to/server.js
//                                           the same against two builds, their writes alternating
//
// For each database it starts the built API (apps/api/dist/server.js; run
// `npm run build -w @wellspring/api` first, nothing is built here) as a child process on
// 127.0.0.1, drives registrations, moods, goals, tasks (accepted and completed) and diaries at it
// from concurrent loops, kills it with SIGKILL after a random delay, starts it again on the same
// data, waits for /api/health, and checks through the API, with each user's token, that every
// acknowledged write is there. After the last cycle the server is stopped cleanly and the rows are
// checked once more directly through the driver. PGlite gets a fresh DATA_DIR in a temp dir;
// PostgreSQL a fresh database on postgres://postgres@127.0.0.1:5432 (TEST_POSTGRES_URL to change),
// created and dropped here.
//
// Prints per database `cycles N, acknowledged N, lost N` and exits non-zero when anything was lost,
// a database was inconsistent, or the server did not come back cleanly.
//
// Settings, as environment variables or flags (--kill-max-ms=8000 for KILL_MAX_MS):
// CYCLES (20); DB=pglite|postgres|both (both); WRITERS (8), the concurrent write loops;
// KILL_MIN_MS (300) and KILL_MAX_MS (4000): the kill comes at a random moment in between;
// START_KILL_RATE (0.2): the share of restarts that are killed again while the server is still
// starting (recovery interrupted by a second crash); SEED: replays the same kill delays;
// SERVER_JS: another build of the server to test; COMPARE (with --latency): a second build, timed
// alongside the first.
//
// The parts, in scripts/crash-test/: settings, target (the database), server (the process and its
// kill), workload (the writers), ledger (what was acknowledged), checker (through the API and the
// driver), fault (the cycles of one database), latency (--latency).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isOlderThanSources } from './lib/build.mjs';
import { errorText, killChildren, onInterrupt, ROOT, runCleanups } from './lib/processes.mjs';
import { runDatabase, type RunResult } from './crash-test/fault';
import { measureLatency } from './crash-test/latency';
import { readSettings, run, SERVER_JS, setting } from './crash-test/settings';

// Ctrl-C: no new cycle starts; the harness kills the servers and runs the clean-ups.
onInterrupt((signal) => {
  run.interrupted = true;
  console.error(`\n${signal}: stopping the servers and cleaning up…`);
});

async function main(): Promise<number> {
  const settings = readSettings();
  if (!existsSync(SERVER_JS)) {
    console.error(
      `The API is not built: ${path.relative(ROOT, SERVER_JS)} is missing. ` +
        'Run `npm run build -w @wellspring/api` first; the crash test builds nothing itself.',
    );
    return 2;
  }
  if (isOlderThanSources(SERVER_JS, ['apps/api/src', 'packages/shared/src'])) {
    console.warn(
      'warning: apps/api/dist/server.js is older than the sources; this tests the built server. ' +
        'Run `npm run build -w @wellspring/api` to test the current code.',
    );
  }

  if (settings.latency) {
    const builds = [SERVER_JS];
    const compare = setting('COMPARE', '');
    if (compare) builds.push(path.resolve(ROOT, compare));
    for (const build of builds) {
      if (!existsSync(build)) throw new Error(`${build} is missing`);
    }
    for (const kind of settings.databases) {
      await measureLatency(kind, settings.latencyWrites, builds);
    }
    return 0;
  }

  console.info(
    `crash test: ${settings.databases.join(' and ')}, ${settings.cycles} cycles, ` +
      `${settings.writers} writers, kill after ${settings.killMinMs}–${settings.killMaxMs} ms, ` +
      `SEED=${settings.seed}`,
  );
  const results: RunResult[] = [];
  for (const kind of settings.databases) {
    if (run.interrupted) break;
    results.push(await runDatabase(kind, settings));
  }

  let bad = run.interrupted;
  console.info('');
  for (const r of results) {
    console.info(`${r.kind}: cycles ${r.cycles}, acknowledged ${r.acknowledged}, lost ${r.lost}`);
    if (r.inconsistent > 0) console.info(`  inconsistent goals ${r.inconsistent}`);
    if (r.kind === 'pglite')
      console.info(`  WAL replayed at ${r.recoveries} of ${r.cycles} restarts`);
    if (r.failed || r.lost > 0 || r.inconsistent > 0 || r.cycles < settings.cycles) {
      bad = true;
      const shown = r.problems.slice(0, 20);
      for (const problem of shown) console.error(`  ${problem}`);
      if (r.problems.length > shown.length) {
        console.error(`  … and ${r.problems.length - shown.length} more`);
      }
      console.error(`  the data and server.log are kept in ${r.workDir}`);
    }
    console.info(`  (${r.seconds} s)`);
  }
  return bad ? 1 : 0;
}

main()
  .then(async (code) => {
    killChildren();
    await runCleanups();
    process.exitCode = code;
  })
  .catch(async (err: unknown) => {
    console.error(errorText(err));
    killChildren();
    await runCleanups();
    process.exitCode = 1;
  });
