/*
 * The build-time environment, checked once at start-up. A plain check instead of zod: zod's core
 * would add about 15 kB (gzip) to the first page for two variables (docs/decisions/013).
 */

export interface Env {
  /** Where the API lives (a path such as /api, or an http(s) URL); calls add /v1 to it. */
  API_BASE: string;
  /** True in development builds (Vite's dev server and tests), false in production builds. */
  IS_DEV: boolean;
  MODE: string;
}

const API_BASE_PATTERN = /^(\/|https?:\/\/)/;

/** Validates the environment, failing fast with every problem listed. */
export function parseEnv(raw: Record<string, unknown>): Env {
  const problems: string[] = [];
  const base = raw.VITE_API_BASE ?? '/api';
  if (typeof base !== 'string' || !API_BASE_PATTERN.test(base)) {
    problems.push('VITE_API_BASE must be a path (/api) or an http(s) URL');
  }
  if (typeof raw.DEV !== 'boolean') problems.push('DEV must be a boolean');
  if (typeof raw.MODE !== 'string') problems.push('MODE must be a string');
  if (problems.length > 0) {
    throw new Error(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  return {
    API_BASE: (base as string).replace(/\/+$/, ''),
    IS_DEV: raw.DEV as boolean,
    MODE: raw.MODE as string,
  };
}

export const env = parseEnv(import.meta.env);
