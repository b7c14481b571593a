// A real server process on an embedded DATA_DIR, and the commands an operator runs beside it.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { API_ROOT } from '../../src/lib/paths';
import { freePort } from '../dev-sign-in';

export const TSX = path.join(API_ROOT, '..', '..', 'node_modules', '.bin', 'tsx');

const baseEnv = () => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' });

/** Runs one of the API's scripts to its end; answers its exit code and output. */
export function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(TSX, [path.join(API_ROOT, 'src', script), ...args], {
      env: { ...baseEnv(), ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

export interface RunningServer {
  base: string;
  child: ChildProcess;
  log(): string;
  stop(): Promise<void>;
}

/** Starts `server.ts` on DATA_DIR (development mode: outbox, dev keys) and waits until ready. */
export async function startServer(
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(TSX, [path.join(API_ROOT, 'src', 'server.ts')], {
    env: {
      ...baseEnv(),
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      ...extraEnv,
    },
  });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const status = await fetch(`${base}/api/ready`)
      .then((r) => r.status)
      .catch(() => 0);
    if (status === 200) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`the server on ${dataDir} did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    child,
    log: () => log,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The paths in a gzipped tar (ustar: prefix and name), in archive order. */
export function tarEntries(gzipped: Uint8Array): string[] {
  const tar = gunzipSync(gzipped);
  const names: string[] = [];
  const text = (start: number, length: number) =>
    tar
      .subarray(start, start + length)
      .toString('utf8')
      .replace(/\0.*$/s, '');
  let longName: string | undefined;
  for (let at = 0; at + 512 <= tar.length;) {
    const name = text(at, 100);
    if (name === '') break; // The two empty blocks that end the archive.
    const size = parseInt(text(at + 124, 12).trim() || '0', 8);
    const type = text(at + 156, 1);
    const body = at + 512;
    if (type === 'L') longName = text(body, size);
    else if (type !== 'x' && type !== 'g') {
      const prefix = text(at + 345, 155);
      names.push((longName ?? (prefix ? `${prefix}/${name}` : name)).replace(/^\.?\//, ''));
      longName = undefined;
    }
    at = body + Math.ceil(size / 512) * 512;
  }
  return names;
}
