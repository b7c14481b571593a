// The crash test's settings (flags win over the environment) and its fixed bounds.
import path from 'node:path';
import { LOCAL_POSTGRES_URL } from '../lib/databases.mjs';
import { ROOT } from '../lib/processes.mjs';

export const SERVER_JS = path.resolve(ROOT, process.env.SERVER_JS ?? 'apps/api/dist/server.js');
export const HOST = '127.0.0.1';
export const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? LOCAL_POSTGRES_URL;

/** Time bounds: nothing here waits forever. */
export const REQUEST_TIMEOUT_MS = 15_000;
export const HEALTH_TIMEOUT_MS = 90_000;
export const STOP_TIMEOUT_MS = 15_000;
/** A writer loop stops after this many requests in one cycle, whatever the kill does. */
export const MAX_REQUESTS_PER_WRITER = 5_000;
/** Tasks each user accepts: the daily limit (and at most 10 OnGoing at once). */
export const TASKS_PER_USER = 30;
/** Users of earlier cycles checked again after each crash (all of them after the last one). */
export const EARLIER_SAMPLE = 25;
export const MOODS = ['Happy', 'Sad', 'Neutral', 'Ecstatic', 'Depressed'] as const;
export type Mood = (typeof MOODS)[number];
export type DbKind = 'pglite' | 'postgres';

/** Set when the script is interrupted (Ctrl-C): no new cycle or database starts. */
export const run = { interrupted: false };

export function setting(name: string, fallback: string): string {
  const prefix = `--${name.toLowerCase().replace(/_/g, '-')}=`;
  const flag = process.argv.slice(2).find((a) => a.startsWith(prefix));
  if (flag) return flag.slice(name.length + 3);
  return process.env[name] ?? fallback;
}

export function intSetting(name: string, fallback: number, min: number, max: number): number {
  const raw = setting(name, String(fallback));
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

export function readSettings() {
  const db = setting('DB', 'both');
  if (!['pglite', 'postgres', 'both'].includes(db)) {
    throw new Error(`DB must be pglite, postgres or both (got "${db}")`);
  }
  const killMinMs = intSetting('KILL_MIN_MS', 300, 0, 600_000);
  const killMaxMs = intSetting('KILL_MAX_MS', 4_000, killMinMs, 600_000);
  const startKillRate = Number(setting('START_KILL_RATE', '0.2'));
  if (!(startKillRate >= 0 && startKillRate <= 1)) throw new Error('START_KILL_RATE is 0 to 1');
  return {
    databases: (db === 'both' ? ['pglite', 'postgres'] : [db]) as DbKind[],
    cycles: intSetting('CYCLES', 20, 1, 1_000),
    writers: intSetting('WRITERS', 8, 1, 64),
    killMinMs,
    killMaxMs,
    startKillRate,
    seed: intSetting('SEED', Math.floor(Math.random() * 2 ** 31), 0, 2 ** 31),
    latency: process.argv.slice(2).some((a) => a === '--latency' || a.startsWith('--latency=')),
    latencyWrites: intSetting('LATENCY', 200, 1, 10_000),
  };
}

/** A small seeded generator (mulberry32), so a failing run can be replayed with SEED. */
export function makeRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The settings of one run, as readSettings answers them. */
export type Settings = ReturnType<typeof readSettings>;
