/**
 * The fuzzing's settings: FUZZ_RUNS requests per route, FUZZ_SEED to replay a run, and the
 * fixture's fixed values.
 */

export const API = '/api/v1';
export const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
export const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : Math.floor(Math.random() * 2 ** 31);
export const PASSWORD = 'the fuzzed account password';
export const VICTIM_SECRET = 'the victim wrote this privately';
export const WEEK_START = Date.parse('2026-03-08T00:00:00Z');
