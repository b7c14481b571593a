/**
 * What the import benches share (bench/import.ts, bench/import-other-apps.ts): an API server in its
 * own process with an event-loop probe, a person registered on it, a file posted as the socket
 * takes it, and calls sent at a steady pace whose latency is what other users see meanwhile.
 */
import { request } from 'node:http';
import path from 'node:path';
import { serverEnv } from '../../scripts/lib/api-server.mjs';
import type { Storage } from '../../scripts/lib/databases.mjs';
import { findFreePort, getStatus } from '../../scripts/lib/ports.mjs';
import {
  ROOT,
  SERVER_JS,
  sleep,
  spawnProcess,
  waitUntilHealthy,
  type Child,
} from '../../scripts/lib/processes.mjs';
import { fmtMs, percentile } from './load';

const PASSWORD = 'a long enough password';

/** The latency of calls sent at a steady pace, each on a fresh connection. */
export class Poller {
  private readonly latencies: number[] = [];
  private readonly pending = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  failures = 0;

  constructor(
    private readonly url: string,
    private readonly everyMs: number,
    private readonly headers: Record<string, string> = {},
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      const sent = performance.now();
      const call = getStatus(this.url, 60_000, this.headers).then((status) => {
        if (status === 200) this.latencies.push(performance.now() - sent);
        else this.failures += 1;
      });
      this.pending.add(call);
      void call.finally(() => this.pending.delete(call));
    }, this.everyMs);
  }

  /** Stops sending, waits for the calls still out, and answers the latencies. */
  async stop(): Promise<number[]> {
    clearInterval(this.timer);
    await Promise.all(this.pending);
    return this.latencies;
  }
}

/** Posts a file over node:http, the body written as the socket takes it. */
export function postFile(url: string, token: string, payload: Buffer, contentType: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': contentType,
          'content-length': payload.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** p50 / p99 / max, as the tables print them. */
export const summary = (values: number[]) =>
  `${fmtMs(percentile(values, 50))} / ${fmtMs(percentile(values, 99))} / ${fmtMs(Math.max(...values))}`;

const PROBE = path.join(ROOT, 'bench', 'lib', 'event-loop-probe.mjs');

/** The API server in a process of its own: from source through tsx, or the production build. */
export async function startServer(
  storage: Storage,
  fromBuild: boolean,
  env: Record<string, string> = {},
): Promise<Child> {
  const script = fromBuild
    ? [SERVER_JS]
    : ['--import', 'tsx', path.join(ROOT, 'apps', 'api', 'src', 'server.ts')];
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  for (let attempt = 1; ; attempt += 1) {
    const port = await findFreePort();
    const args = [...extra, '--import', PROBE, ...script];
    const child = spawnProcess(process.execPath, args, port, {
      ...serverEnv(port, storage.env),
      ...env,
    });
    try {
      await waitUntilHealthy(child, `${child.baseUrl}/api/ready`, 120_000);
      return child;
    } catch (error) {
      await child.stop('SIGKILL');
      if (attempt >= 2) throw error;
    }
  }
}

/** The longest the server's event loop was held, as its probe reports it, over a stretch. */
export class EventLoopWatch {
  private longest = 0;
  private isOn = false;

  constructor(child: Child) {
    let rest = '';
    child.process.stderr?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^EVENT_LOOP_MAX_MS ([\d.]+)$/.exec(line);
        if (match && this.isOn) this.longest = Math.max(this.longest, Number(match[1]));
      }
    });
  }

  start(): void {
    this.longest = 0;
    this.isOn = true;
  }

  /** Stops after the probe's next report (every 100 ms) and answers the longest hold. */
  async stop(): Promise<number> {
    await sleep(150);
    this.isOn = false;
    return this.longest;
  }
}

/** Registers a person in UTC; answers their token and id. */
export async function register(baseUrl: string, name: string) {
  const res = await fetch(`${baseUrl}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      email: `bench-${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@example.test`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      terms: true,
      timeZone: 'UTC',
    }),
  });
  const body = (await res.json()) as { token?: string; userData?: { id: string } };
  if (res.status !== 201 || !body.token || !body.userData) {
    throw new Error(`register answered ${res.status}: ${JSON.stringify(body)}`);
  }
  return { token: body.token, id: body.userData.id };
}
