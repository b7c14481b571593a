/**
 * Child processes for the benches: the production-built API server and the bare reference server,
 * each on a free loopback port, with their resident set size read from /proc. Every child started
 * here is killed when the bench exits, however it exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVER_JS = path.join(ROOT, 'apps', 'api', 'dist', 'server.js');
export const MIGRATE_JS = path.join(ROOT, 'apps', 'api', 'dist', 'migrate-cli.js');

/** Every child still running, with the signal that ends it when the bench is cut short. */
const running = new Map<ChildProcess, NodeJS.Signals>();
const cleanups: (() => void | Promise<void>)[] = [];

/** Runs `fn` when the bench ends, also on Ctrl-C; children are killed in any case. */
export function onCleanup(fn: () => void | Promise<void>): void {
  cleanups.push(fn);
}

let isCleaningUp = false;
async function cleanUpAndExit(code: number) {
  if (isCleaningUp) return;
  isCleaningUp = true;
  for (const [child, signal] of running) child.kill(signal);
  for (const fn of cleanups.reverse()) await Promise.resolve(fn()).catch(() => {});
  process.exit(code);
}
process.on('SIGINT', () => void cleanUpAndExit(130));
process.on('SIGTERM', () => void cleanUpAndExit(143));
process.on('exit', () => {
  for (const [child, signal] of running) child.kill(signal);
});

/** Runs a bench's main, then its clean-ups; on a failure prints it and exits 1 after them. */
export function runMain(main: () => Promise<void>): void {
  main()
    .then(() => runCleanups())
    .catch(async (error: unknown) => {
      console.error(error);
      await runCleanups();
      process.exit(1);
    });
}

/** Runs every registered clean-up (temporary folders, databases), then forgets them. */
export async function runCleanups(): Promise<void> {
  for (const fn of cleanups.splice(0).reverse()) await Promise.resolve(fn()).catch(() => {});
}

/** A TCP port that nothing listens on right now, on 127.0.0.1. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The resident set size of a process in bytes (VmRSS), or 0 once it has gone. */
export function readRss(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every `intervalMs` until stopped; answers the peak. */
export function sampleRss(pid: number, intervalMs = 100) {
  let peak = readRss(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, readRss(pid));
  }, intervalMs);
  return {
    get peak() {
      return peak;
    },
    stop(): number {
      clearInterval(timer);
      peak = Math.max(peak, readRss(pid));
      return peak;
    },
  };
}

export interface Child {
  process: ChildProcess;
  pid: number;
  port: number;
  baseUrl: string;
  /** When the process was spawned (performance.now()). */
  spawnedAt: number;
  /** The last lines it printed, for error reports. */
  output(): string;
  /** Signals it and waits for its exit; SIGKILL if it has not exited after `graceMs`. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | null>;
  /** Resolves when it exits. */
  exited: Promise<number | null>;
}

/** Starts `node <script>` with exactly the given environment (plus PATH and HOME). */
export function spawnNode(script: string, port: number, env: Record<string, string>): Child {
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to look inside a run.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return spawnProcess(process.execPath, [...nodeArgs, script], port, env);
}

/** Starts a command with exactly the given environment (plus PATH and HOME), tracked for clean-up. */
export function spawnProcess(
  command: string,
  args: string[],
  port: number,
  env: Record<string, string>,
  /** How to end it if the bench is cut short (nginx: SIGTERM, so its master stops its workers). */
  emergencySignal: NodeJS.Signals = 'SIGKILL',
): Child {
  const spawnedAt = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.set(child, emergencySignal);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code, signal) => {
      running.delete(child);
      lines.push(`(exited with ${signal ? `signal ${signal}` : `code ${code}`})`);
      resolve(code ?? (signal ? null : 0));
    });
  });
  return {
    process: child,
    pid: child.pid ?? 0,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    spawnedAt,
    output: () => lines.join('\n'),
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** One GET over a fresh connection: the status, or 0 when nothing answers. */
export function getStatus(url: string, timeoutMs = 1_000): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'GET', agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end();
  });
}

/**
 * Polls `url` every 10 ms until it answers 200; answers the milliseconds since the child was
 * spawned. Throws with the child's output when it exits first or `timeoutMs` passes.
 */
export async function waitUntilHealthy(child: Child, url: string, timeoutMs = 60_000) {
  const deadline = performance.now() + timeoutMs;
  let hasExited = false;
  void child.exited.then(() => (hasExited = true));
  while (performance.now() < deadline) {
    if (hasExited) throw new Error(`the process exited before it was ready:\n${child.output()}`);
    if ((await getStatus(url, 500)) === 200) return performance.now() - child.spawnedAt;
    await sleep(10);
  }
  throw new Error(`no 200 from ${url} within ${timeoutMs} ms:\n${child.output()}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The environment of an API process for a bench: production, quiet, limits out of the way. */
export function serverEnv(port: number, storage: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    RATE_LIMIT_MAX: '1000000000',
    RATE_LIMIT_AUTH_MAX: '1000000',
    // No mail server here: a production server without one runs only with verification off.
    EMAIL_VERIFICATION: 'off',
    ...storage,
  };
}

/**
 * Starts the built API server and waits for its health check; answers it and its start time.
 * On a shared machine something else may signal the process while it starts (it has no handler
 * yet): that start is tried again, up to twice, and said so.
 */
export async function startApiServer(
  storage: Record<string, string>,
  extra: Record<string, string> = {},
  timeoutMs = 60_000,
) {
  for (let attempt = 1; ; attempt += 1) {
    const port = await findFreePort();
    const child = spawnNode(SERVER_JS, port, { ...serverEnv(port, storage), ...extra });
    try {
      const startMs = await waitUntilHealthy(child, `${child.baseUrl}/api/health`, timeoutMs);
      return { child, startMs };
    } catch (error) {
      const signal = child.process.signalCode; // set only when it died before we stopped it
      await child.stop('SIGKILL');
      if (attempt >= 3 || !signal) throw error;
      console.warn(`(a server start was ended by ${signal} from outside; starting it again)`);
    }
  }
}
