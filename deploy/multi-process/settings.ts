/** The deploy check's fixed settings: where Redis is, the rate limit tried, the load's timeline. */
export const REDIS_HOST = '127.0.0.1';
export const REDIS_PORT = 6379;
/** A Redis database of its own, so the counters of other work on this Redis are left alone. */
export const REDIS_DB = Number(process.env.DEPLOY_REDIS_DB ?? 13);
export const RATE_LIMIT_NAMESPACE = 'wellspring-rl:';
export const AUTH_MAX = 5;
export const LOAD_USERS = 1_500;
export const WRITE_WORKERS = 8;
export const READ_WORKERS = 4;
/** The load's timeline, in ms from its start. */
export const SIGTERM_AT = 5_000;
export const SIGKILL_AT = 15_000;
export const LOAD_MIN_MS = 25_000;
export const LOAD_MAX_MS = 60_000;
export const REQUEST_TIMEOUT_MS = 10_000;
/** Share of GETs through nginx allowed to fail while a process is stopped or killed. */
export const READ_FAILURE_BUDGET = 0.001;
