import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { createEmptyPostgres, TEST_DB } from '../../../test/database';
import type { PushSender } from './web-push-sender';
import { REMINDER_QUEUE, startReminderSchedule } from './reminder-schedule';

const PROCESSES = 4;
const ROUNDS = 4;
const log = pino({ level: 'silent' });
const sender: PushSender = {
  send: () => Promise.reject(new Error('no reminder is due in this test')),
};

/*
 * A first deployment of several API processes on a new PostgreSQL database: each starts the
 * reminder schedule at the same moment, so each installs pg-boss's schema at once. pg-boss
 * serialises its install with an advisory lock, but a connection that had looked for the schema
 * before it waited keeps its cached "no such schema" and failed with a duplicate key on
 * pg_namespace (seen in CI). Every process must start.
 *
 * PostgreSQL only: on PGlite the schedule is an interval in the one process and installs nothing.
 */
describe.runIf(TEST_DB === 'postgres')(
  'starting the reminder schedule in several processes',
  () => {
    let database: Awaited<ReturnType<typeof createEmptyPostgres>>;
    const handles: DatabaseHandle[] = [];

    beforeAll(async () => {
      database = await createEmptyPostgres('wellspring_boss_start');
      for (let i = 0; i < PROCESSES; i += 1) {
        handles.push(await openDatabase({ databaseUrl: database.url, poolMax: 10 }));
      }
    });

    afterAll(async () => {
      await Promise.all(handles.map((h) => h.close()));
      await database?.drop();
    });

    it('starts in every process on a database without the job queue, round after round', async () => {
      const pool = handles[0]!.pool!;
      for (let round = 1; round <= ROUNDS; round += 1) {
        await pool.query('DROP SCHEMA IF EXISTS pgboss CASCADE');
        const started = await Promise.allSettled(
          handles.map((database) =>
            startReminderSchedule({ database, clock: { now: () => new Date() }, sender, log }),
          ),
        );
        const failed = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
        await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : null)));
        expect({ round, failed }).toEqual({ round, failed: [] });
        const queues = await pool.query('SELECT policy FROM pgboss.queue WHERE name = $1', [
          REMINDER_QUEUE,
        ]);
        expect(queues.rows).toEqual([{ policy: 'stately' }]);
      }
    }, 60_000);
  },
);
