// The harness's API server (decision 029): the production build started as a child on a free
// loopback port, quiet and with the rate limits out of the way, and waited for until healthy.
// Plain node can import this file.
import { findFreePort } from './ports.mjs';
import { SERVER_JS, spawnNode, waitUntilHealthy } from './processes.mjs';

/**
 * The environment of an API process for a bench: production, quiet, limits out of the way.
 * @param {number} port
 * @param {Record<string, string>} storage
 * @returns {Record<string, string>}
 */
export function serverEnv(port, storage) {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    RATE_LIMIT_MAX: '1000000000',
    RATE_LIMIT_AUTH_MAX: '1000000',
    // No mail server here: a production server without one runs only with verification off.
    EMAIL_VERIFICATION: 'off',
    ...storage,
  };
}

/**
 * Starts the built API server and waits for its health check; answers it and its start time.
 * On a shared machine something else may signal the process while it starts (it has no handler
 * yet): that start is tried again, up to twice, and said so.
 * @param {Record<string, string>} storage
 * @param {Record<string, string>} [extra]
 * @param {number} [timeoutMs]
 * @returns {Promise<{ child: import('./processes.mjs').Child, startMs: number }>}
 */
export async function startApiServer(storage, extra = {}, timeoutMs = 60_000) {
  for (let attempt = 1; ; attempt += 1) {
    const port = await findFreePort();
    const child = spawnNode(SERVER_JS, port, { ...serverEnv(port, storage), ...extra });
    try {
      const startMs = await waitUntilHealthy(child, `${child.baseUrl}/api/ready`, timeoutMs);
      return { child, startMs };
    } catch (error) {
      const signal = child.process.signalCode; // set only when it died before we stopped it
      await child.stop('SIGKILL');
      if (attempt >= 3 || !signal) throw error;
      console.warn(`(a server start was ended by ${signal} from outside; starting it again)`);
    }
  }
}
