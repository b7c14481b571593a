// The API server under test as a child process: started, killed (SIGKILL, the fault) or stopped
// (SIGTERM), waited for until healthy, with what it printed kept for the log and the checks.
import { spawn, type ChildProcess } from 'node:child_process';
import { type WriteStream } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, trackChild } from '../lib/processes.mjs';
import { HEALTH_TIMEOUT_MS, HOST, SERVER_JS, STOP_TIMEOUT_MS } from './settings';

export interface LogLine {
  text: string;
  level: number | undefined;
}

/** The API server as a child process; `lines` holds what it printed since it was started. */
export class ApiServer {
  process: ChildProcess | undefined;
  lines: LogLine[] = [];
  readonly baseUrl: string;

  constructor(
    readonly env: NodeJS.ProcessEnv,
    readonly port: number,
    readonly log: WriteStream,
    readonly serverJs = SERVER_JS,
  ) {
    this.baseUrl = `http://${HOST}:${port}`;
  }

  /** The signal this script sent to the current process, if any. */
  sentSignal: NodeJS.Signals | undefined;

  start() {
    this.lines = [];
    this.sentSignal = undefined;
    const child = spawn(process.execPath, [this.serverJs], {
      cwd: ROOT,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    trackChild(child);
    this.log.write(`\n=== start pid ${child.pid} at ${new Date().toISOString()}\n`);
    for (const stream of [child.stdout, child.stderr]) {
      let pending = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        this.log.write(chunk);
        pending += chunk;
        const parts = pending.split('\n');
        pending = parts.pop() ?? '';
        for (const text of parts) if (text.trim()) this.lines.push(parseLogLine(text));
      });
    }
    this.process = child;
  }

  get running(): boolean {
    const child = this.process;
    return !!child && child.exitCode === null && child.signalCode === null;
  }

  async kill(signal: 'SIGKILL' | 'SIGTERM' = 'SIGKILL'): Promise<number | null> {
    const child = this.process;
    if (!child) return null;
    if (this.running) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      this.sentSignal = signal;
      child.kill(signal);
      const timedOut = await Promise.race([
        exited.then(() => false),
        sleep(STOP_TIMEOUT_MS).then(() => true),
      ]);
      if (timedOut) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    this.log.write(`=== pid ${child.pid} ended: ${child.exitCode ?? child.signalCode}\n`);
    return child.exitCode;
  }

  /**
   * Waits until /api/ready answers 200 (migrated, data keys checked); throws when the server
   * exits or time runs out.
   */
  async waitHealthy(timeoutMs = HEALTH_TIMEOUT_MS): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (!this.running) {
        const signal = this.process?.signalCode;
        if (signal && signal !== this.sentSignal) throw new KilledByOthers(signal);
        throw new Error(
          `the server exited (${this.process?.exitCode ?? this.process?.signalCode}) while ` +
            `starting:\n${tail(this.lines)}`,
        );
      }
      try {
        const res = await fetch(`${this.baseUrl}/api/ready`, {
          signal: AbortSignal.timeout(2_000),
        });
        await res.arrayBuffer();
        if (res.status === 200) return Date.now() - started;
      } catch {
        // Not listening yet.
      }
      await sleep(100);
    }
    throw new Error(`the server did not become healthy in ${timeoutMs} ms:\n${tail(this.lines)}`);
  }
}

/**
 * The server was ended by a signal this script did not send (something else on the machine). It
 * is one more unclean stop, not a failure of the server: the test starts it again.
 */
export class KilledByOthers extends Error {
  constructor(readonly signal: string) {
    super(`the server was ended by ${signal}, which this test did not send`);
  }
}

/** Starts the server and waits for it to be healthy; starts it again if others killed it. */
export async function startHealthy(
  server: ApiServer,
  note: (text: string) => void,
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    server.start();
    try {
      return await server.waitHealthy();
    } catch (err) {
      if (!(err instanceof KilledByOthers) || attempt >= 3) throw err;
      note(`${err.message}; starting it again`);
    }
  }
}

export function parseLogLine(text: string): LogLine {
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { level?: unknown };
      return { text, level: typeof parsed.level === 'number' ? parsed.level : undefined };
    } catch {
      // Not JSON after all.
    }
  }
  return { text, level: undefined };
}

/** An error line: pino level error or fatal, or plain text that says error, panic or abort. */
export function isErrorLine(line: LogLine): boolean {
  if (line.level !== undefined) return line.level >= 50;
  return /\b(error|fatal|panic|abort(ed)?)\b/i.test(line.text);
}

export function tail(lines: LogLine[], n = 15): string {
  return lines
    .slice(-n)
    .map((l) => `    | ${l.text.slice(0, 400)}`)
    .join('\n');
}
