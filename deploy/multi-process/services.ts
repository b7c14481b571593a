/**
 * The services the deploy check needs besides PostgreSQL: nginx (installed from Debian's archive if
 * missing) and Redis (started if down), and the rate-limit counters of this check's Redis database.
 */
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { sleep } from '../../scripts/lib/processes.mjs';
import { RATE_LIMIT_NAMESPACE, REDIS_DB, REDIS_HOST, REDIS_PORT } from './settings';

function findNginx(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** nginx from Debian's own archive, installed if missing; a service started by the package is stopped. */
export function ensureNginx(): string {
  const found = findNginx();
  if (found) return found;
  console.info('nginx is missing: apt-get install -y nginx (from the Debian archive)');
  const hadPidFile = existsSync('/run/nginx.pid');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let install = spawnSync('apt-get', ['install', '-y', '-q', 'nginx'], { stdio: 'inherit', env });
  if (install.status !== 0) {
    spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
    install = spawnSync('apt-get', ['install', '-y', '-q', 'nginx'], { stdio: 'inherit', env });
  }
  const nginx = findNginx();
  if (install.status !== 0 || !nginx) throw new Error('could not install nginx with apt-get');
  // Where the package starts its own service (no policy-rc.d forbids it), stop that one: this
  // check runs nginx with its own prefix and configuration only.
  if (!hadPidFile && existsSync('/run/nginx.pid')) {
    const pid = Number(readFileSync('/run/nginx.pid', 'utf8').trim());
    if (pid > 0) {
      console.info(`stopping the nginx service the package started (pid ${pid})`);
      process.kill(pid, 'SIGQUIT');
    }
  }
  return nginx;
}

async function redisAnswers(): Promise<boolean> {
  const redis = new Redis({
    host: REDIS_HOST,
    port: REDIS_PORT,
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export async function ensureRedis(): Promise<void> {
  if (await redisAnswers()) return;
  console.info('Redis is not answering; starting it');
  mkdirSync('/var/lib/redis', { recursive: true });
  mkdirSync('/var/log/redis', { recursive: true });
  execSync(
    'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no ' +
      '--dir /var/lib/redis --logfile /var/log/redis/ci.log',
    { stdio: 'inherit' },
  );
  for (let i = 0; i < 50 && !(await redisAnswers()); i += 1) await sleep(100);
  if (!(await redisAnswers())) throw new Error('Redis does not answer on 127.0.0.1:6379');
}

/** A client of this check's own Redis database. */
const checkRedis = () =>
  new Redis({ host: REDIS_HOST, port: REDIS_PORT, db: REDIS_DB, maxRetriesPerRequest: 1 });

/** Removes the rate-limit counters from this check's Redis database (and nothing else). */
export async function clearRateLimits(): Promise<number> {
  const redis = checkRedis();
  try {
    let removed = 0;
    let cursor = '0';
    for (let round = 0; round < 1_000; round += 1) {
      const [next, keys] = await redis.scan(
        cursor,
        'MATCH',
        `${RATE_LIMIT_NAMESPACE}*`,
        'COUNT',
        500,
      );
      if (keys.length) removed += await redis.del(...keys);
      cursor = next;
      if (cursor === '0') break;
    }
    return removed;
  } finally {
    redis.disconnect();
  }
}

/** How many rate-limit counters this check's Redis database holds. */
export async function countRateLimitKeys(): Promise<number> {
  const redis = checkRedis();
  try {
    const [, keys] = await redis.scan('0', 'MATCH', `${RATE_LIMIT_NAMESPACE}*`, 'COUNT', 1_000);
    return keys.length;
  } finally {
    redis.disconnect();
  }
}
