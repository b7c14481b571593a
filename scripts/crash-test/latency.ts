// Write latency (no kill): sequential mood and diary writes against a fresh server, timed; with
// two builds their writes alternate, so both see the same machine.
import { randomBytes } from 'node:crypto';
import { createWriteStream, rmSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { findFreePort } from '../lib/ports.mjs';
import { onCleanup, ROOT } from '../lib/processes.mjs';
import { type Answer, Api, type IdRow, ok } from './http';
import { ApiServer, startHealthy } from './server';
import { type DbKind, MOODS } from './settings';
import { prepareTarget } from './target';

export async function measureLatency(kind: DbKind, writes: number, builds: string[]) {
  const WARM_UP = 5;
  const runs: Array<{
    label: string;
    server: ApiServer;
    api: Api;
    log: WriteStream;
    dispose: () => Promise<void>;
    forget: () => void;
    users: Array<{ id: string; token: string }>;
  }> = [];
  try {
    for (const build of builds) {
      const port = await findFreePort();
      const target = await prepareTarget(kind, port);
      // The database and the temporary folder go at the end, or on Ctrl-C.
      const dispose = async () => {
        await target.drop();
        rmSync(target.workDir, { recursive: true, force: true });
      };
      const forget = onCleanup(dispose);
      const log = createWriteStream(path.join(target.workDir, 'server.log'));
      const server = new ApiServer(target.env, port, log, build);
      const label = path.relative(ROOT, build);
      runs.push({ label, server, api: new Api(server.baseUrl), log, dispose, forget, users: [] });
      await startHealthy(server, (text) => console.info(`[${kind}] ${label}: ${text}`));
    }
    for (const run of runs) {
      for (let i = 0; i < writes + WARM_UP; i++) {
        const password = 'correct horse battery';
        const answer = await run.api.call<{ token: string; userData: IdRow }>(
          'POST',
          '/api/v1/auth/register',
          {
            body: {
              name: `Latency ${i}`,
              email: `latency-${i}-${randomBytes(4).toString('hex')}@example.test`,
              password,
              confirmPassword: password,
              terms: true,
              timeZone: 'UTC',
            },
          },
        );
        if (answer.status !== 201) throw new Error(`register answered ${answer.status}`);
        run.users.push({ id: answer.body.userData.id, token: answer.body.token });
      }
    }
    type Run = (typeof runs)[number];
    const time = async (what: string, write: (run: Run, i: number) => Promise<Answer<unknown>>) => {
      // A few warm-up writes first (with their own users), not timed.
      for (let i = 0; i < WARM_UP; i++) for (const run of runs) await write(run, writes + i);
      const ms = runs.map((): number[] => []);
      for (let i = 0; i < writes; i++) {
        // With two builds, their writes alternate (in turn first), so both see the same machine.
        const order = i % 2 === 0 ? runs : [...runs].reverse();
        for (const run of order) {
          const t0 = performance.now();
          const answer = await write(run, i);
          ms[runs.indexOf(run)]!.push(performance.now() - t0);
          if (!ok(answer.status)) throw new Error(`${what} answered ${answer.status}`);
        }
      }
      runs.forEach((run, r) => {
        const sorted = ms[r]!.sort((x, y) => x - y);
        const at = (p: number) =>
          sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(2);
        const mean = (sorted.reduce((sum, v) => sum + v, 0) / sorted.length).toFixed(2);
        console.info(
          `[${kind}] ${run.label}: ${writes} sequential ${what}: mean ${mean} ms, ` +
            `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms`,
        );
      });
    };
    await time('mood writes', (run, i) => {
      const user = run.users[0]!;
      return run.api.call('PATCH', `/api/v1/user?id=${user.id}`, {
        token: user.token,
        body: { mood: MOODS[i % MOODS.length] },
      });
    });
    await time('diary writes', (run, i) => {
      const user = run.users[i]!;
      return run.api.call('POST', '/api/v1/diary', {
        token: user.token,
        body: { id: user.id, content: `Latency entry ${i}` },
      });
    });
  } finally {
    for (const run of runs) {
      await run.server.kill('SIGTERM');
      await new Promise<void>((resolve) => run.log.end(resolve));
      run.forget();
      await run.dispose();
    }
  }
}
