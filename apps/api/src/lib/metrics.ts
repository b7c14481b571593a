import { createHash, timingSafeEqual } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The Prometheus metrics of GET /metrics (decision 044). One registry for the process: the
 * database driver, the schedules and the app all count into it. No label ever carries a user id,
 * an email or any content: routes are counted by their template, jobs and limits by fixed names.
 */
export const metricsRegistry = new Registry();

const SECONDS_FAST = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const SECONDS_SLOW = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

export const httpRequests = new Counter({
  name: 'wellspring_http_requests_total',
  help: 'Requests answered, by method, route template and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'wellspring_http_request_duration_seconds',
  help: 'Time from request to answer, by method, route template and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: SECONDS_SLOW.slice(0, 12),
  registers: [metricsRegistry],
});

export const rateLimitRefusals = new Counter({
  name: 'wellspring_rate_limit_refusals_total',
  help: 'Requests refused with 429, by the limit that refused them (general or auth).',
  labelNames: ['limit'] as const,
  registers: [metricsRegistry],
});

export type SignInMethod = 'password' | 'google' | 'dev';
export type SignInOutcome = 'success' | 'failure' | 'refused';

export const signIns = new Counter({
  name: 'wellspring_sign_ins_total',
  help: 'Sign-in attempts by method (password, google, dev) and outcome (success, failure, refused: rate-limited).',
  labelNames: ['method', 'outcome'] as const,
  registers: [metricsRegistry],
});

const dbQueryDuration = new Histogram({
  name: 'wellspring_db_query_duration_seconds',
  help: 'Database round trips (each query sent to the driver), by outcome (ok, error).',
  labelNames: ['outcome'] as const,
  buckets: SECONDS_FAST,
  registers: [metricsRegistry],
});

export const storageFullRefusals = new Counter({
  name: 'wellspring_storage_full_total',
  help: "Requests refused with 507 because the database's storage was full (nothing saved).",
  registers: [metricsRegistry],
});

export const jobRuns = new Counter({
  name: 'wellspring_jobs_total',
  help: 'Background job runs, by job name and outcome (success, failure).',
  labelNames: ['job', 'outcome'] as const,
  registers: [metricsRegistry],
});

const jobDuration = new Histogram({
  name: 'wellspring_job_duration_seconds',
  help: 'How long background job runs take, by job name.',
  labelNames: ['job'] as const,
  buckets: SECONDS_SLOW,
  registers: [metricsRegistry],
});

/** The databases the pool gauge reports: the app's own (tests may open several). */
/** What the connection gauge reads of a database handle (db/client.ts's DatabaseHandle). */
interface TrackedDatabase {
  pool?: { totalCount: number; idleCount: number; waitingCount: number } | undefined;
  pglite?: { isInTransaction(): boolean } | undefined;
}

const trackedDatabases = new Set<TrackedDatabase>();

new Gauge({
  name: 'wellspring_db_connections',
  help:
    'Database connections by state: in_use, idle, waiting (callers queued for one). The ' +
    'embedded database has one: in use while a transaction is open.',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const handle of trackedDatabases) {
      const { inUse, idle, waiting } = connectionCounts(handle);
      this.inc({ state: 'in_use' }, inUse);
      this.inc({ state: 'idle' }, idle);
      this.inc({ state: 'waiting' }, waiting);
    }
  },
});

function connectionCounts(handle: TrackedDatabase) {
  if (handle.pool) {
    const { totalCount, idleCount, waitingCount } = handle.pool;
    return { inUse: totalCount - idleCount, idle: idleCount, waiting: waitingCount };
  }
  const inUse = handle.pglite?.isInTransaction() ? 1 : 0;
  return { inUse, idle: 1 - inUse, waiting: 0 };
}

/** Reports this database's connections until the returned function is called. */
export function trackDatabase(handle: TrackedDatabase): () => void {
  trackedDatabases.add(handle);
  return () => trackedDatabases.delete(handle);
}

let processMetricsOn = false;
/** Node's own metrics (event-loop delay, heap, GC, CPU), once per process. */
export function collectProcessMetrics(): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

type Outcome = 'ok' | 'error';
type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;

/**
 * A driver's query method, timed into wellspring_db_query_duration_seconds: the promise it
 * answers, or the callback it is given (node-postgres's pool calls its clients that way).
 */
export function timeQueries<F extends AnyFunction>(query: F): F {
  return function timedQuery(this: unknown, ...args: unknown[]) {
    const started = performance.now();
    const done = (outcome: Outcome) =>
      dbQueryDuration.observe({ outcome }, (performance.now() - started) / 1000);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = function (this: unknown, error: unknown, ...rest: unknown[]) {
        done(error ? 'error' : 'ok');
        return (callback as AnyFunction).call(this, error, ...rest);
      };
      return query.apply(this, args);
    }
    const answer = query.apply(this, args);
    if (typeof (answer as Promise<unknown> | undefined)?.then === 'function') {
      (answer as Promise<unknown>).then(
        () => done('ok'),
        () => done('error'),
      );
    }
    return answer;
  } as F;
}

export type JobOutcome = 'success' | 'failure';

/** Counts one run of a background job that was timed elsewhere. */
export function recordJobRun(job: string, outcome: JobOutcome, seconds?: number): void {
  jobRuns.inc({ job, outcome });
  if (seconds !== undefined) jobDuration.observe({ job }, seconds);
}

/**
 * Runs a background job and counts it: `wellspring_jobs_total{job, outcome}` and its duration.
 * `job` is a fixed name ('purge-expired', 'reminders'), never anything about a user. The job's
 * answer or error passes through unchanged.
 */
export async function measureJob<T>(job: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const answer = await run();
    recordJobRun(job, 'success', (performance.now() - started) / 1000);
    return answer;
  } catch (error) {
    recordJobRun(job, 'failure', (performance.now() - started) / 1000);
    throw error;
  }
}

/** True when the Authorization header carries exactly `Bearer <token>` (constant time). */
export function isMetricsToken(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}
