import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { runReminderTick } from './reminder-tick';
import type { PushSender } from './web-push-sender';

/** The pg-boss queue the minute tick runs on (PostgreSQL only). */
export const REMINDER_QUEUE = 'reminder-tick';
/** Every minute, on the minute (UTC; the tick itself reads each user's time zone). */
export const REMINDER_CRON = '* * * * *';
/** On PGlite, the in-process interval. */
export const REMINDER_INTERVAL_MS = 60_000;

export interface ReminderSchedule {
  /** Stops scheduling and waits for a tick in progress, so the database can close after it. */
  stop(): Promise<void>;
}

interface ScheduleOptions {
  database: DatabaseHandle;
  clock: Clock;
  sender: PushSender;
  log: FastifyBaseLogger;
  intervalMs?: number;
}

/**
 * Runs `attempt` until it succeeds, at most 5 times, after a short random wait each time: for the
 * steps that API processes starting together race over.
 */
async function retryRace<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (err) {
      if (tries >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
}

/**
 * Starts pg-boss on the server's own pool, in its own `pgboss` schema. Processes starting together
 * on a new database each install that schema. pg-boss serialises the install with an advisory
 * lock, but a connection that looked for the schema before it waited keeps its cached "no such
 * schema", and its `CREATE SCHEMA IF NOT EXISTS` then fails with a duplicate key on pg_namespace.
 * A new transaction sees the schema, so a second try (with a new PgBoss: a failed one stays
 * "starting") finds it installed.
 */
function startBoss(pool: NonNullable<DatabaseHandle['pool']>, log: FastifyBaseLogger) {
  return retryRace(async () => {
    const boss = new PgBoss({
      db: { executeSql: (text, values) => pool.query(text, values) },
      schema: 'pgboss',
    });
    boss.on('error', (err) => log.warn({ err }, 'the reminder job queue reported an error'));
    await boss.start();
    return boss;
  });
}

/**
 * Creates the tick's queue once. Processes starting together race to create it, and pg-boss's
 * createQueue can then fail (a deadlock on its partition, or the queue made meanwhile): look
 * again before each try.
 */
function ensureQueue(boss: PgBoss): Promise<void> {
  return retryRace(async () => {
    if (await boss.getQueue(REMINDER_QUEUE)) return;
    await boss.createQueue(REMINDER_QUEUE, {
      name: REMINDER_QUEUE,
      policy: 'stately',
      retryLimit: 0,
      expireInSeconds: 5 * 60,
      retentionMinutes: 60,
    });
  });
}

/**
 * Runs the reminder tick every minute (decision 041). On PostgreSQL the tick is a pg-boss job:
 * `schedule` makes one job a minute however many API processes run, and the queue's `stately`
 * policy lets only one be active at a time; the claim in the tick still guards each reminder on
 * its own. On PGlite (one process by design, and pg-boss needs a real PostgreSQL) the same tick
 * runs from an interval in the process.
 */
export async function startReminderSchedule(options: ScheduleOptions): Promise<ReminderSchedule> {
  const { database, clock, sender, log } = options;
  const tick = () => runReminderTick({ db: database.db, now: clock.now(), sender, log });

  if (database.kind === 'postgres' && database.pool) {
    const boss = await startBoss(database.pool, log);
    await ensureQueue(boss);
    await boss.schedule(REMINDER_QUEUE, REMINDER_CRON, {}, { tz: 'UTC' });
    await boss.work(REMINDER_QUEUE, async () => {
      await tick();
    });
    return {
      async stop() {
        await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
      },
    };
  }

  let running: Promise<unknown> | undefined;
  let stopped = false;
  const run = () => {
    if (running || stopped) return; // A slow tick is not started twice.
    running = tick()
      .catch((err: unknown) =>
        log.warn({ err }, 'the reminder tick failed; tried again next minute'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const interval = setInterval(run, options.intervalMs ?? REMINDER_INTERVAL_MS);
  interval.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(interval);
      await running;
    },
  };
}
