// The harness's ports (decision 029): a free loopback port for a child to listen on, and one GET
// to learn whether something answers there. Plain node can import this file.
import { request } from 'node:http';
import { createServer } from 'node:net';

/**
 * A TCP port that nothing listens on right now, on 127.0.0.1.
 * @returns {Promise<number>}
 */
export function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * One GET over a fresh connection: the status, or 0 when nothing answers.
 * @param {string} url
 * @param {number} [timeoutMs]
 * @param {Record<string, string>} [headers]
 * @returns {Promise<number>}
 */
export function getStatus(url, timeoutMs = 1_000, headers = {}) {
  return new Promise((resolve) => {
    const options = { method: 'GET', agent: false, timeout: timeoutMs, headers };
    const req = request(url, options, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end();
  });
}
