// The embedded server's daily backup (fake clock) and the backups it takes for `npm run backup`.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupFileName, decodeBackup } from '../../src/db/backup/format';
import {
  requestBackupFromServer,
  requestsDir,
  serveBackupRequests,
} from '../../src/db/backup/server-request';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { prepareDatabase } from '../../src/db/migrate';
import { applyRetention } from '../../src/modules/maintenance/backup-retention';
import { startBackupSchedule } from '../../src/modules/maintenance/backup-schedule';
import { TestClock } from '../clock';
import { tempDir } from './databases';

const SLOW = 120_000;
const log = pino({ level: 'silent' });
let handle: DatabaseHandle;
const folder = tempDir('ws-backup-schedule-');
const dataDir = folder.dir;
const backupsDir = path.join(dataDir, 'backups');
const scheduled = () => readdirSync(backupsDir).filter((n) => n.endsWith('-daily.wsbackup'));

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
  await prepareDatabase(handle);
}, SLOW);
afterAll(async () => {
  await handle.close();
  folder.remove();
});

describe('the daily backup schedule', () => {
  it(
    'keeps the daily backups of a steady embedded database the same size, day after day',
    async () => {
      // On disk, as a server keeps it: the backups go into the DATA_DIR they back up.
      const onDisk = path.join(folder.dir, 'steady');
      const disk = await openDatabase({ dataDir: onDisk });
      const clock = new TestClock('2026-11-24T04:00:00Z');
      const schedule = startBackupSchedule({
        handle: disk,
        dataDir: onDisk,
        clock,
        log,
        firstDelayMs: 3_600_000,
      });
      try {
        await prepareDatabase(disk);
        for (let day = 0; day < 4; day++) {
          await schedule.runDaily();
          clock.advanceDays(1);
        }
      } finally {
        await schedule.stop();
        await disk.close();
      }
      const dir = path.join(onDisk, 'backups');
      const sizes = readdirSync(dir)
        .filter((n) => n.endsWith('-daily.wsbackup'))
        .sort()
        .map((n) => statSync(path.join(dir, n)).size);
      expect(sizes).toHaveLength(4);
      for (const size of sizes) expect(size).toBeLessThan(sizes[0]! * 1.1);
    },
    SLOW,
  );

  it(
    'takes one backup a day, 0600, and keeps the last 7 daily and 4 weekly',
    async () => {
      const clock = new TestClock('2026-11-24T04:00:00Z');
      // 40 earlier days of scheduled backups (placeholders), and one made by hand, kept always.
      mkdirSync(backupsDir, { recursive: true });
      const manual = backupFileName(new Date('2026-01-01T00:00:00Z'));
      writeFileSync(path.join(backupsDir, manual), 'by hand');
      for (let d = 40; d >= 1; d--) {
        const at = new Date(clock.now().getTime() - d * 86_400_000);
        writeFileSync(path.join(backupsDir, backupFileName(at, '-daily')), 'older');
      }
      const before = [...scheduled()];
      const schedule = startBackupSchedule({
        handle,
        dataDir,
        clock,
        log,
        firstDelayMs: 3_600_000,
      });
      try {
        await schedule.runDaily();
        const today = backupFileName(clock.now(), '-daily');
        expect(scheduled()).toEqual(applyRetention([...before, today]).keep);
        expect(scheduled()).toHaveLength(7 + 2); // 7 days; 2 older weeks' newest (the Sundays).
        expect(existsSync(path.join(backupsDir, manual))).toBe(true);
        const file = path.join(backupsDir, today);
        expect(statSync(file).mode & 0o777).toBe(0o600);
        expect(decodeBackup(readFileSync(file)).manifest.database).toBe('pglite');

        // Later the same day: nothing new. The next day: its own backup.
        clock.advance(6 * 3_600_000);
        await schedule.runDaily();
        expect(scheduled()).toContain(today);
        expect(scheduled()).toHaveLength(9);
        clock.advanceDays(1);
        await schedule.runDaily();
        expect(scheduled()).toContain(backupFileName(clock.now(), '-daily'));
      } finally {
        await schedule.stop();
      }
    },
    SLOW,
  );

  it(
    'takes the backup `npm run backup` asks for, where it asks, and reports a failure',
    async () => {
      const clock = new TestClock('2026-11-24T12:00:00Z');
      const schedule = startBackupSchedule({
        handle,
        dataDir,
        clock,
        log,
        firstDelayMs: 3_600_000,
      });
      try {
        const file = path.join(dataDir, 'elsewhere', 'asked.wsbackup');
        // The signal is delivered in-process here; server.ts wires SIGUSR2 to serveRequests.
        await requestBackupFromServer({
          dataDir,
          pid: process.pid,
          request: { file, includeKey: false },
          signal: () => void schedule.serveRequests(),
        });
        expect(decodeBackup(readFileSync(file)).manifest.database).toBe('pglite');
        expect(statSync(file).mode & 0o777).toBe(0o600);
        // The request is gone; the server's mark (its pid) stays while its schedule runs.
        expect(readdirSync(requestsDir(dataDir))).toEqual(['server.pid']);

        await expect(
          requestBackupFromServer({
            dataDir,
            pid: process.pid,
            request: { file: 'relative.wsbackup', includeKey: false },
            signal: () => void serveBackupRequests(dataDir, async () => {}),
          }),
        ).rejects.toThrow(/could not take the backup: the request names no absolute file/);
      } finally {
        await schedule.stop();
      }
      expect(readdirSync(requestsDir(dataDir))).toEqual([]);
    },
    SLOW,
  );
});
