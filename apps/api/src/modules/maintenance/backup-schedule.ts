import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { takeBackup, writeFileAtomically } from '../../db/backup/backup';
import { backupFileName } from '../../db/backup/format';
import {
  type BackupRequest,
  markServing,
  serveBackupRequests,
} from '../../db/backup/server-request';
import type { DatabaseHandle } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { applyRetention, DAILY_SUFFIX, hasBackupOnDay } from './backup-retention';

/** How often the embedded server checks whether today's backup is taken. */
export const BACKUP_CHECK_INTERVAL_MS = 60 * 60_000;
/** The first check waits this long after start, out of the way of the start itself. */
export const FIRST_BACKUP_CHECK_DELAY_MS = 5 * 60_000;

export interface BackupSchedule {
  /** Takes today's backup if there is none yet, then applies the retention rule. */
  runDaily(): Promise<void>;
  /** Takes the backups `npm run backup` asked for (on SIGUSR2). */
  serveRequests(): Promise<void>;
  /** Stops the timers and waits for a backup in progress, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * The embedded database's daily backup into DATA_DIR/backups (decision 043): checked a few minutes
 * after start and then every hour, taken once a UTC day, the last 7 daily and 4 weekly kept, each
 * file 0600. Backups run one at a time; the timers never keep the process alive.
 */
export function startBackupSchedule(options: {
  handle: DatabaseHandle;
  dataDir: string;
  clock: Clock;
  log: FastifyBaseLogger;
  intervalMs?: number;
  firstDelayMs?: number;
}): BackupSchedule {
  const { handle, dataDir, clock, log } = options;
  const dir = path.join(dataDir, 'backups');
  let queue: Promise<void> = Promise.resolve();
  let stopped = false;
  /** One backup at a time: the scheduled one and requested ones queue behind each other. */
  const serial = (work: () => Promise<void>): Promise<void> => {
    const next = queue.then(() => (stopped ? undefined : work()));
    queue = next.catch(() => {});
    return next;
  };

  const runDaily = () =>
    serial(async () => {
      const now = clock.now();
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      if (!hasBackupOnDay(readdirSync(dir), now)) {
        const { bytes } = await takeBackup(handle, { now });
        const name = backupFileName(now, DAILY_SUFFIX);
        writeFileAtomically(path.join(dir, name), bytes);
        log.info({ backup: name, bytes: bytes.byteLength }, 'daily backup taken');
      }
      const { remove } = applyRetention(readdirSync(dir));
      for (const name of remove) rmSync(path.join(dir, name), { force: true });
      if (remove.length > 0) log.info({ removed: remove }, 'old daily backups removed');
    }).catch((err: unknown) => log.warn({ err }, 'the daily backup failed; tried again later'));

  const take = (request: BackupRequest) =>
    serial(async () => {
      const keyFile = path.join(dataDir, 'encryption.key');
      const includedKey = request.includeKey
        ? (process.env.DATA_ENCRYPTION_KEY ??
          (existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : undefined))
        : undefined;
      const { bytes } = await takeBackup(handle, { includedKey, now: clock.now() });
      writeFileAtomically(request.file, bytes);
      log.info(
        { backup: request.file, includesKey: Boolean(includedKey) },
        'backup taken on request',
      );
    });

  // From now on `npm run backup` may signal this process (SIGUSR2, wired in server.ts).
  const unmark = markServing(dataDir);
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void runDaily();
    interval = setInterval(() => void runDaily(), options.intervalMs ?? BACKUP_CHECK_INTERVAL_MS);
    interval.unref();
  }, options.firstDelayMs ?? FIRST_BACKUP_CHECK_DELAY_MS);
  first.unref();

  return {
    runDaily,
    async serveRequests() {
      try {
        await serveBackupRequests(dataDir, take);
      } catch (err) {
        log.warn({ err }, 'serving backup requests failed');
      }
    },
    async stop() {
      stopped = true;
      unmark();
      clearTimeout(first);
      clearInterval(interval);
      await queue;
    },
  };
}
