/** The two API processes (A and B) the deploy check runs behind nginx: their environment and start. */
import { type Storage } from '../../scripts/lib/databases.mjs';
import {
  onCleanup,
  SERVER_JS,
  spawnNode,
  waitUntilHealthy,
  type Child,
} from '../../scripts/lib/processes.mjs';
import { AUTH_MAX, REDIS_DB, REDIS_HOST, REDIS_PORT } from './settings';

export interface Api {
  name: string;
  port: number;
  child?: Child;
}

/**
 * The environment of a process; `extra` is the same for both (here the shared VAPID keys and the
 * push service stand-in's certificate as NODE_EXTRA_CA_CERTS).
 */
export function apiEnv(
  api: Api,
  storage: Storage,
  publicUrl: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    // Everything as in production but the one thing production refuses: the push service
    // stand-in on loopback, which only PUSH_ALLOW_LOOPBACK outside production lets the reminder
    // reach (decision 063). NODE_ENV decides nothing else these processes do but mount the
    // development sign-in, which this check never uses.
    NODE_ENV: 'test',
    PUSH_ALLOW_LOOPBACK: 'true',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(api.port),
    PUBLIC_URL: publicUrl,
    ...storage.env,
    REDIS_URL: `redis://${REDIS_HOST}:${REDIS_PORT}/${REDIS_DB}`,
    TRUST_PROXY: 'true',
    RATE_LIMIT_AUTH_MAX: String(AUTH_MAX),
    // No mail server in this check: production runs without one only with verification off.
    EMAIL_VERIFICATION: 'off',
    ...extra,
  };
}

export async function startApi(api: Api, env: Record<string, string>): Promise<number> {
  const child = spawnNode(SERVER_JS, api.port, env);
  api.child = child;
  onCleanup(() => void child.stop('SIGKILL'));
  return waitUntilHealthy(child, `${child.baseUrl}/api/ready`, 30_000);
}
