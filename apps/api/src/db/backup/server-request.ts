// `npm run backup` while the server runs on the embedded database: the server holds the data
// directory (one process at a time, decision 015), so the command asks it to take the backup.
// It leaves a request file in DATA_DIR/backups/.requests and sends the server SIGUSR2; the server
// writes the backup where asked and removes the request (or leaves an .error beside it).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface BackupRequest {
  /** Where the backup file goes (absolute). */
  file: string;
  includeKey: boolean;
}

export function requestsDir(dataDir: string): string {
  return path.join(dataDir, 'backups', '.requests');
}

/**
 * The mark of a server that takes requests: its pid, written when its schedule starts, removed
 * when it stops. Another holder of DATA_DIR (a migration, a key rotation) is never signalled:
 * SIGUSR2 would end a process that does not handle it.
 */
function serverMark(dataDir: string): string {
  return path.join(requestsDir(dataDir), 'server.pid');
}

export function markServing(dataDir: string): () => void {
  mkdirSync(requestsDir(dataDir), { recursive: true, mode: 0o700 });
  const file = serverMark(dataDir);
  writeFileSync(file, String(process.pid), { mode: 0o600 });
  return () => {
    if (existsSync(file) && readFileSync(file, 'utf8') === String(process.pid)) {
      rmSync(file, { force: true });
    }
  };
}

/** Does the process holding DATA_DIR take backup requests? */
export function takesRequests(dataDir: string, pid: number): boolean {
  try {
    return readFileSync(serverMark(dataDir), 'utf8').trim() === String(pid);
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks the server of this pid for a backup and waits until it is written (or refused). */
export async function requestBackupFromServer(options: {
  dataDir: string;
  pid: number;
  request: BackupRequest;
  timeoutMs?: number;
  signal?: (pid: number) => void;
}): Promise<void> {
  const dir = requestsDir(options.dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const id = `${Date.now()}-${randomBytes(4).toString('hex')}`;
  const file = path.join(dir, `${id}.json`);
  const errorFile = path.join(dir, `${id}.error`);
  writeFileSync(file, JSON.stringify(options.request), { mode: 0o600 });
  (options.signal ?? ((pid) => process.kill(pid, 'SIGUSR2')))(options.pid);
  const deadline = Date.now() + (options.timeoutMs ?? 10 * 60_000);
  while (existsSync(file)) {
    if (Date.now() > deadline) {
      rmSync(file, { force: true });
      throw new Error(
        `The server (process ${options.pid}) did not take the backup in time. Is it a Wellspring ` +
          'server of this release? Nothing was written.',
      );
    }
    await sleep(100);
  }
  if (existsSync(errorFile)) {
    const message = readFileSync(errorFile, 'utf8');
    rmSync(errorFile, { force: true });
    throw new Error(`The server could not take the backup: ${message}`);
  }
  if (!existsSync(options.request.file)) {
    throw new Error(`The server answered but ${options.request.file} is not there.`);
  }
}

/** The server's side: takes every pending request's backup, one after the other. */
export async function serveBackupRequests(
  dataDir: string,
  take: (request: BackupRequest) => Promise<void>,
): Promise<number> {
  const dir = requestsDir(dataDir);
  if (!existsSync(dir)) return 0;
  let served = 0;
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const file = path.join(dir, name);
    try {
      const request = JSON.parse(readFileSync(file, 'utf8')) as BackupRequest;
      if (typeof request.file !== 'string' || !path.isAbsolute(request.file)) {
        throw new Error('the request names no absolute file');
      }
      await take({ file: request.file, includeKey: request.includeKey === true });
      served += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      writeFileSync(file.replace(/\.json$/, '.error'), message, { mode: 0o600 });
    } finally {
      rmSync(file, { force: true });
    }
  }
  return served;
}
