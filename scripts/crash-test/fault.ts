// The fault: each cycle the workload runs, the server is killed with SIGKILL at a random moment
// (and now and then again while it restarts), started on the same data, and checked; at the end a
// clean stop and the driver check. Answers the run's figures for one database.
import { randomBytes } from 'node:crypto';
import { createWriteStream, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { findFreePort } from '../lib/ports.mjs';
import { errorText, onCleanup } from '../lib/processes.mjs';
import { checkDirect, checkUsers } from './checker';
import { Api } from './http';
import { Ledger } from './ledger';
import { ApiServer, isErrorLine, startHealthy, tail } from './server';
import { type DbKind, EARLIER_SAMPLE, makeRandom, run, type Settings } from './settings';
import { prepareTarget } from './target';
import { Writer, type WriterContext } from './workload';

export interface RunResult {
  kind: DbKind;
  cycles: number;
  acknowledged: number;
  lost: number;
  inconsistent: number;
  /** Starts at which the embedded database said it replayed its WAL after the kill. */
  recoveries: number;
  problems: string[];
  failed: boolean;
  seconds: number;
  workDir: string;
}

export async function runDatabase(kind: DbKind, settings: Settings) {
  const started = Date.now();
  const random = makeRandom(settings.seed + (kind === 'pglite' ? 1 : 2));
  const port = await findFreePort();
  const target = await prepareTarget(kind, port);
  let dropped = false;
  const cleanup = async () => {
    if (!dropped) {
      dropped = true;
      await target.drop();
    }
  };
  const forgetCleanup = onCleanup(cleanup);
  // Interrupted (Ctrl-C): the temporary folder goes too. A finished run decides below.
  const removeWorkDir = async () => rmSync(target.workDir, { recursive: true, force: true });
  const forgetRemoveWorkDir = onCleanup(removeWorkDir);
  const log = createWriteStream(path.join(target.workDir, 'server.log'));
  const server = new ApiServer(target.env, port, log);
  const api = new Api(server.baseUrl);
  const ledger = new Ledger();
  const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  let cycles = 0;
  let recoveries = 0;
  let failed = false;
  const note = (text: string) => console.info(`[${kind}] ${text}`);

  try {
    const firstStart = await startHealthy(server, note);
    note(`server up in ${firstStart} ms on ${server.baseUrl}; data in ${target.workDir}`);

    for (let cycle = 1; cycle <= settings.cycles && !run.interrupted; cycle++) {
      const counters = { sent: 0, failed: 0, serverErrors: 0 };
      const stop = { now: false };
      const killAfter =
        settings.killMinMs + Math.floor(random() * (settings.killMaxMs - settings.killMinMs + 1));
      const before = ledger.acknowledged;
      const ctx: WriterContext = { api, ledger, cycle, runId, stop, random, counters };
      const deadline = Date.now() + settings.killMaxMs + 30_000;
      const pool = Array.from(
        { length: settings.writers },
        (_, i) => new Writer(ctx, i + 1, deadline),
      );
      // Registration costs an argon2 hash: each writer gets its first user before the kill clock
      // starts, so the kill lands on every kind of write, not mostly on registrations.
      const firstUsers = await Promise.all(
        pool.map((w) => (w.index === 1 ? undefined : w.register())),
      );
      const writers = pool.map((w, i) => w.run(firstUsers[i]));
      const writersDone = Promise.allSettled(writers);
      await sleep(killAfter);
      // The kill first, then the flag: an answer that arrived before the kill was acknowledged
      // and counts; the loops see the flag, or a refused connection, and send nothing more.
      await server.kill('SIGKILL');
      stop.now = true;
      const outcomes = await writersDone;
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') throw outcome.reason;
      }

      // A share of restarts is killed again while recovering: a second crash mid-start-up.
      let doubleCrash = '';
      if (random() < settings.startKillRate) {
        const early = Math.floor(random() * 1_500);
        server.start();
        await sleep(early);
        await server.kill('SIGKILL');
        doubleCrash = `, killed again ${early} ms into the restart`;
      }

      let upMs: number;
      try {
        upMs = await startHealthy(server, (text) => note(`cycle ${cycle}: ${text}`));
      } catch (err) {
        failed = true;
        ledger.problems.push(`cycle ${cycle}: ${errorText(err)}`);
        break;
      }
      const startErrors = server.lines.filter(isErrorLine);
      if (startErrors.length > 0) {
        failed = true;
        ledger.problems.push(
          `cycle ${cycle}: error lines at start-up:\n${tail(startErrors, startErrors.length)}`,
        );
      }
      const replayed = server.lines.some((l) => /not shut down cleanly/.test(l.text));
      if (replayed) recoveries += 1;
      // This cycle's users, and a sample of the earlier ones (a write lost at any crash stays
      // lost: the full check after the last cycle finds it too).
      const lostBefore = ledger.lost.size;
      const checkStarted = Date.now();
      const earlier = ledger.users.filter((u) => u.cycle < cycle);
      const sample = earlier.filter(() => random() < EARLIER_SAMPLE / Math.max(1, earlier.length));
      const toCheck = [...sample, ...ledger.users.filter((u) => u.cycle === cycle)];
      await checkUsers(api, ledger, toCheck);
      cycles = cycle;
      note(
        `cycle ${cycle}: killed after ${killAfter} ms${doubleCrash}; ` +
          `${ledger.acknowledged - before} acknowledged (${counters.sent} sent, ` +
          `${counters.serverErrors} 5xx); back in ${upMs} ms${replayed ? ', WAL replayed' : ''}; ` +
          `checked ${toCheck.length} users in ${Date.now() - checkStarted} ms; ` +
          `lost ${ledger.lost.size - lostBefore}`,
      );
    }

    if (!failed && !run.interrupted && server.running) {
      const checkStarted = Date.now();
      await checkUsers(api, ledger, ledger.users);
      note(`API check of all ${ledger.users.length} users in ${Date.now() - checkStarted} ms`);
      // Stop cleanly, then read the rows straight from the database.
      const code = await server.kill('SIGTERM');
      if (code !== 0) {
        failed = true;
        ledger.problems.push(`the server did not stop cleanly on SIGTERM (exit ${code})`);
      }
      await checkDirect(kind, target, ledger);
      note(`driver check of ${ledger.users.length} users done`);
    }
  } catch (err) {
    failed = true;
    ledger.problems.push(`aborted: ${errorText(err)}`);
  } finally {
    await server.kill('SIGKILL');
    await new Promise<void>((resolve) => log.end(resolve));
    await cleanup();
    forgetCleanup();
    forgetRemoveWorkDir();
  }

  const result: RunResult = {
    kind,
    cycles,
    acknowledged: ledger.acknowledged,
    lost: ledger.lost.size,
    inconsistent: ledger.inconsistent.size,
    recoveries,
    problems: ledger.problems,
    failed,
    seconds: Math.round((Date.now() - started) / 100) / 10,
    workDir: target.workDir,
  };
  // Keep the data and the server log of a failed run for a post-mortem; drop a good one.
  if (!failed && result.lost === 0 && result.inconsistent === 0)
    rmSync(target.workDir, { recursive: true, force: true });
  return result;
}
