import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { measureJob } from '../../lib/metrics';
import { purgeExpired, PURGE_TARGETS, type PurgeTarget } from './purge-expired';

/** How often expired rows are purged. */
export const PURGE_INTERVAL_MS = 60 * 60_000;
/** The first purge waits this long after start, out of the way of the start itself. */
export const FIRST_PURGE_DELAY_MS = 60_000;

export interface PurgeSchedule {
  /** Stops the timers and waits for a purge in progress, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Purges expired rows a minute after start, then every hour. The timers never keep the process
 * alive; several processes may each run it (deleting expired rows twice deletes nothing more).
 */
export function startPurgeSchedule(options: {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  targets?: readonly PurgeTarget[];
  intervalMs?: number;
  firstDelayMs?: number;
}): PurgeSchedule {
  const { db, clock, log, targets = PURGE_TARGETS } = options;
  let running: Promise<void> | undefined;
  let stopped = false;

  const run = () => {
    if (running || stopped) return; // A slow purge is not started twice.
    running = measureJob('purge-expired', () => purgeExpired(db, clock.now(), targets))
      .then((counts) => {
        const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
        if (total > 0) log.info({ purged: counts }, 'purged expired rows');
      })
      .catch((err: unknown) => log.warn({ err }, 'purging expired rows failed; tried again later'))
      .finally(() => {
        running = undefined;
      });
  };

  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    run();
    interval = setInterval(run, options.intervalMs ?? PURGE_INTERVAL_MS);
    interval.unref();
  }, options.firstDelayMs ?? FIRST_PURGE_DELAY_MS);
  first.unref();

  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(interval);
      await running;
    },
  };
}
