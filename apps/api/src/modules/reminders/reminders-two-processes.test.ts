import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { call, createTestApp, type TestContext } from '../../../test/app';
import { POSTGRES_ADMIN_URL, TEST_DB, type TestDatabase } from '../../../test/database';
import { buildUser } from '../../../test/factories';
import {
  startPushService,
  type TestDevice,
  type TestPushService,
} from '../../../test/push-service';
import { REMINDER_QUEUE, startReminderSchedule } from './reminder-schedule';
import { runReminderTick } from './reminder-tick';
import { pushEndpointPolicy } from './push-endpoint';
import { createWebPushSender } from './web-push-sender';

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const USERS = 12;

/*
 * Two API processes on one database, both ticking at the same minute: each reminder goes out once.
 * On PostgreSQL the second app has its own connection pool to the same database, as a second
 * process would; on PGlite (one process by design) the two apps share the handle.
 */
describe('the reminder tick in two API processes at once', () => {
  let first: TestContext;
  let second: TestContext;
  let secondHandle: DatabaseHandle | undefined;
  let push: TestPushService;
  const devices: TestDevice[] = [];

  beforeAll(async () => {
    push = await startPushService();
    first = await createTestApp({ env: { PUSH_ALLOW_LOOPBACK: 'true' } });
    let shared: TestDatabase;
    if (TEST_DB === 'postgres') {
      const rows = await first.db.execute<{ name: string }>(sql`SELECT current_database() AS name`);
      const url = new URL(POSTGRES_ADMIN_URL);
      url.pathname = `/${(rows as unknown as { rows: { name: string }[] }).rows[0]!.name}`;
      secondHandle = await openDatabase({ databaseUrl: url.toString(), poolMax: 10 });
      shared = { handle: secondHandle, destroy: async () => {} };
    } else {
      shared = { handle: first.app.dbHandle, destroy: async () => {} };
    }
    // The same VAPID keys in both, as a deployment's processes share them.
    second = await createTestApp({
      database: shared,
      clock: first.clock,
      env: { PUSH_ALLOW_LOOPBACK: 'true' },
    });
    second.app.vapid.publicKey = first.app.vapid.publicKey;
    second.app.vapid.privateKey = first.app.vapid.privateKey;

    first.clock.set('2026-05-04T07:00:00Z');
    for (let i = 0; i < USERS; i += 1) {
      const user = await buildUser(first, { timeZone: i % 2 ? 'Europe/Lisbon' : 'UTC' });
      const device = push.device();
      devices.push(device);
      const sub = await call(first.app, 'POST', '/api/v1/push/subscriptions', {
        token: user.token,
        body: { id: user.id, endpoint: device.endpoint, keys: device.keys },
      });
      expect(sub.statusCode).toBe(201);
      const on = await call(first.app, 'PATCH', `/api/v1/preferences?id=${user.id}`, {
        token: user.token,
        body: { reminder: { enabled: true, time: '08:00', weekdays: EVERY_DAY } },
      });
      expect(on.statusCode).toBe(200);
    }
  });

  afterAll(async () => {
    await second?.close();
    await secondHandle?.close();
    await first?.close();
    await push?.close();
  });

  const tickIn = (ctx: TestContext) =>
    runReminderTick({
      db: ctx.db,
      now: ctx.clock.now(),
      sender: createWebPushSender(ctx.app.vapid, { policy: pushEndpointPolicy(ctx.env) }),
      log: ctx.app.log,
    });

  it('sends each user one reminder when both tick at the same minute, repeatedly', async () => {
    first.clock.set('2026-05-04T09:00:00Z'); // 09:00 UTC, 10:00 in Lisbon: all due.
    const results = await Promise.all([
      tickIn(first),
      tickIn(second),
      tickIn(first),
      tickIn(second),
    ]);
    expect(results.reduce((n, r) => n + r.reminded, 0)).toBe(USERS);
    for (const device of devices) expect(push.receivedBy(device)).toHaveLength(1);
    await Promise.all([tickIn(first), tickIn(second)]);
    for (const device of devices) expect(push.receivedBy(device)).toHaveLength(1);
  });

  it('runs the tick on its schedule in both processes (pg-boss on PostgreSQL, an interval on PGlite), each reminder once, and stops cleanly', async () => {
    first.clock.set('2026-05-05T09:00:00Z');
    const postgres = TEST_DB === 'postgres';
    const schedules = await Promise.all(
      [first, second].map((ctx) =>
        startReminderSchedule({
          database: ctx.app.dbHandle,
          clock: first.clock,
          sender: createWebPushSender(ctx.app.vapid, { policy: pushEndpointPolicy(ctx.env) }),
          log: ctx.app.log,
          intervalMs: 20,
        }),
      ),
    );
    try {
      if (postgres) {
        const pool = first.app.dbHandle.pool!;
        const queue = await pool.query('SELECT policy FROM pgboss.queue WHERE name = $1', [
          REMINDER_QUEUE,
        ]);
        expect(queue.rows).toEqual([{ policy: 'stately' }]);
        const cron = await pool.query('SELECT cron FROM pgboss.schedule WHERE name = $1', [
          REMINDER_QUEUE,
        ]);
        expect(cron.rows).toEqual([{ cron: '* * * * *' }]);
        // What the cron does each minute (tested without waiting for one): put one job in the
        // queue, worked by one of the processes.
        const boss = new PgBoss({
          db: { executeSql: (text, values) => pool.query(text, values) },
          schema: 'pgboss',
          supervise: false,
          schedule: false,
          migrate: false,
        });
        await boss.start();
        await boss.send(REMINDER_QUEUE, {});
        await boss.stop({ graceful: false, close: false });
      }
      await expect
        .poll(() => devices.every((d) => push.receivedBy(d).length === 2), { timeout: 15_000 })
        .toBe(true);
    } finally {
      await Promise.all(schedules.map((s) => s.stop()));
    }
    for (const device of devices) expect(push.receivedBy(device)).toHaveLength(2);
  }, 30_000);
});
