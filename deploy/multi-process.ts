/**
 * Several API processes behind nginx, checked end to end on this machine (loopback only):
 *
 * 1. nginx from Debian if it is missing (`apt-get install -y nginx`), PostgreSQL and Redis started
 *    if they are down, a fresh database, migrations run once (`node apps/api/dist/migrate-cli.js`);
 * 2. two API processes (A and B) on two ports with DATABASE_URL, REDIS_URL and TRUST_PROXY=true,
 *    and nginx on a third port with its own prefix and configuration in a temporary folder, using
 *    deploy/nginx/wellspring-upstream.conf and wellspring-proxy.conf as they are (ports rewritten);
 * 3. checks, each printed PASS or FAIL:
 *    - the production site configuration (deploy/nginx/wellspring.conf) passes `nginx -t`;
 *    - rate limits are shared through Redis: with RATE_LIMIT_AUTH_MAX=5, sign-in attempts sent
 *      alternately to A and B directly get the 429 on the 6th attempt in total; and a forged
 *      X-Forwarded-For through nginx does not get a fresh allowance;
 *    - a sign-out on A is honoured by B at once;
 *    - under a load of writes (mood, diary, accept and complete a task) and reads through nginx,
 *      A is stopped with SIGTERM and started again, then B is killed with SIGKILL and started
 *      again: every acknowledged write is in PostgreSQL afterwards, and reads keep answering
 *      (GETs that did not answer 2xx through nginx, which retries them on the other process);
 *    - both processes answer their health check at the end.
 *
 * Every loop is bounded in count and time; every process started here is stopped at the end,
 * however the script ends. Exits non-zero when a check fails.
 *
 * Run: npm run deploy:check
 */
import { execFileSync, execSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { ensureApiBuilt } from '../bench/lib/build';
import { createPostgresStorage, openStorage, type Storage } from '../bench/lib/database';
import {
  findFreePort,
  getStatus,
  MIGRATE_JS,
  onCleanup,
  ROOT,
  runCleanups,
  SERVER_JS,
  sleep,
  spawnNode,
  spawnProcess,
  waitUntilHealthy,
  type Child,
} from '../bench/lib/processes';
import { seedUsers, utcToday, type SeededUser } from '../bench/lib/seed';

const REDIS_HOST = '127.0.0.1';
const REDIS_PORT = 6379;
/** A Redis database of its own, so the counters of other work on this Redis are left alone. */
const REDIS_DB = Number(process.env.DEPLOY_REDIS_DB ?? 13);
const RATE_LIMIT_NAMESPACE = 'wellspring-rl:';
const AUTH_MAX = 5;
const LOAD_USERS = 1_500;
const WRITE_WORKERS = 8;
const READ_WORKERS = 4;
/** The load's timeline, in ms from its start. */
const SIGTERM_AT = 5_000;
const SIGKILL_AT = 15_000;
const LOAD_MIN_MS = 25_000;
const LOAD_MAX_MS = 60_000;
const REQUEST_TIMEOUT_MS = 10_000;
/** Share of GETs through nginx allowed to fail while a process is stopped or killed. */
const READ_FAILURE_BUDGET = 0.001;

const results: { name: string; ok: boolean; detail: string }[] = [];
function check(name: string, ok: boolean, detail: string) {
  results.push({ name, ok, detail });
  console.info(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${detail}`);
}

function step(title: string) {
  console.info(`\n== ${title}`);
}

// ---------------------------------------------------------------------------------------------
// Services

function findNginx(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** nginx from Debian's own archive, installed if missing; a service started by the package is stopped. */
function ensureNginx(): string {
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

async function ensureRedis(): Promise<void> {
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

/** Removes the rate-limit counters from this check's Redis database (and nothing else). */
async function clearRateLimits(): Promise<number> {
  const redis = new Redis({
    host: REDIS_HOST,
    port: REDIS_PORT,
    db: REDIS_DB,
    maxRetriesPerRequest: 1,
  });
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

async function countRateLimitKeys(): Promise<number> {
  const redis = new Redis({
    host: REDIS_HOST,
    port: REDIS_PORT,
    db: REDIS_DB,
    maxRetriesPerRequest: 1,
  });
  try {
    const [, keys] = await redis.scan('0', 'MATCH', `${RATE_LIMIT_NAMESPACE}*`, 'COUNT', 1_000);
    return keys.length;
  } finally {
    redis.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------
// API processes and nginx

interface Api {
  name: string;
  port: number;
  child?: Child;
}

function apiEnv(api: Api, storage: Storage, publicUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
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
  };
}

async function startApi(api: Api, env: Record<string, string>): Promise<number> {
  const child = spawnNode(SERVER_JS, api.port, env);
  api.child = child;
  onCleanup(() => void child.stop('SIGKILL'));
  return waitUntilHealthy(child, `${child.baseUrl}/api/health`, 30_000);
}

const isRoot = () => process.getuid?.() === 0;

/** The uid and gid of `nobody`, which nginx's workers run as when the master runs as root. */
function nobodyIds(): { uid: number; gid: number } | undefined {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('nobody:'));
  if (!line) return undefined;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

interface Nginx {
  child: Child;
  prefix: string;
  stop(): Promise<void>;
}

/** The children of a process, from /proc (nginx's workers, to be sure none is left behind). */
function childPids(pid: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

function writeNginxConf(prefix: string, port: number, apiPorts: [number, number]) {
  const source = path.join(ROOT, 'deploy', 'nginx');
  const upstream = readFileSync(path.join(source, 'wellspring-upstream.conf'), 'utf8')
    .replaceAll('127.0.0.1:3001', `127.0.0.1:${apiPorts[0]}`)
    .replaceAll('127.0.0.1:3002', `127.0.0.1:${apiPorts[1]}`);
  const conf = path.join(prefix, 'conf');
  writeFileSync(path.join(conf, 'wellspring-upstream.conf'), upstream);
  writeFileSync(
    path.join(conf, 'wellspring-proxy.conf'),
    readFileSync(path.join(source, 'wellspring-proxy.conf'), 'utf8'),
  );
  const tmp = path.join(prefix, 'tmp');
  writeFileSync(
    path.join(conf, 'nginx.conf'),
    `# Written by deploy/multi-process.ts for one check run; everything stays under ${prefix}.
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
    access_log ${prefix}/logs/access.log;
    client_body_temp_path ${tmp}/body;
    proxy_temp_path ${tmp}/proxy;
    fastcgi_temp_path ${tmp}/fastcgi;
    uwsgi_temp_path ${tmp}/uwsgi;
    scgi_temp_path ${tmp}/scgi;
    include ${conf}/wellspring-upstream.conf;
    server {
        listen 127.0.0.1:${port};
        location / {
            include ${conf}/wellspring-proxy.conf;
        }
    }
}
`,
  );
  return path.join(conf, 'nginx.conf');
}

async function startNginx(
  nginxBin: string,
  apiPorts: [number, number],
  port: number,
): Promise<Nginx> {
  const prefix = await mkdtemp(path.join(tmpdir(), 'wellspring-nginx-'));
  onCleanup(() => rm(prefix, { recursive: true, force: true }));
  for (const dir of ['conf', 'logs', 'tmp']) mkdirSync(path.join(prefix, dir));
  chmodSync(prefix, 0o755);
  const nobody = isRoot() ? nobodyIds() : undefined;
  if (nobody) chownSync(path.join(prefix, 'tmp'), nobody.uid, nobody.gid);
  const confFile = writeNginxConf(prefix, port, apiPorts);
  const args = ['-p', prefix, '-c', confFile, '-e', `${prefix}/logs/error.log`];
  execFileSync(nginxBin, [...args, '-t', '-q'], { stdio: 'inherit' });
  // In the foreground (daemon off), so that it is this script's child; SIGTERM if cut short,
  // so that its master takes its workers down with it.
  const child = spawnProcess(nginxBin, [...args, '-g', 'daemon off;'], port, {}, 'SIGTERM');
  let workers: number[] = [];
  const stop = async () => {
    workers = [...new Set([...workers, ...childPids(child.pid)])];
    await child.stop('SIGQUIT', 5_000);
    for (const pid of workers) {
      try {
        if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'nginx')
          process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone, as it should be.
      }
    }
  };
  onCleanup(stop);
  await waitUntilHealthy(child, `${child.baseUrl}/api/health`, 15_000);
  workers = childPids(child.pid);
  return { child, prefix, stop };
}

/** `nginx -t` on the production site configuration, with a throwaway self-signed certificate. */
async function validateSiteConf(nginxBin: string): Promise<{ ok: boolean; detail: string }> {
  if (!existsSync('/usr/bin/openssl'))
    return { ok: true, detail: 'skipped: no openssl to make a test certificate' };
  const prefix = await mkdtemp(path.join(tmpdir(), 'wellspring-nginx-site-'));
  try {
    const confD = path.join(prefix, 'conf', 'conf.d');
    mkdirSync(confD, { recursive: true });
    const cert = path.join(prefix, 'cert.pem');
    const key = path.join(prefix, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=wellspring.example.org',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    const source = path.join(ROOT, 'deploy', 'nginx');
    for (const file of ['wellspring-upstream.conf', 'wellspring-proxy.conf']) {
      writeFileSync(path.join(confD, file), readFileSync(path.join(source, file), 'utf8'));
    }
    const site = readFileSync(path.join(source, 'wellspring.conf'), 'utf8')
      .replace(/\/etc\/letsencrypt\/live\/wellspring\.example\.org\/fullchain\.pem/, cert)
      .replace(/\/etc\/letsencrypt\/live\/wellspring\.example\.org\/privkey\.pem/, key);
    writeFileSync(path.join(confD, 'wellspring.conf'), site);
    writeFileSync(
      path.join(prefix, 'conf', 'nginx.conf'),
      `pid ${prefix}/nginx.pid;\nevents {}\nhttp {\n    include conf.d/wellspring.conf;\n}\n`,
    );
    const result = spawnSync(
      nginxBin,
      [
        '-t',
        '-p',
        prefix,
        '-c',
        path.join(prefix, 'conf', 'nginx.conf'),
        '-e',
        path.join(prefix, 'error.log'),
      ],
      { encoding: 'utf8' },
    );
    const output = `${result.stdout}${result.stderr}`.trim().split('\n').slice(-2).join(' / ');
    return { ok: result.status === 0, detail: output };
  } finally {
    await rm(prefix, { recursive: true, force: true });
  }
}

/** What nginx logged about the upstreams, grouped: each kind of message once, with its count. */
function summarizeNginxLog(prefix: string) {
  const file = path.join(prefix, 'logs', 'error.log');
  if (!existsSync(file)) return;
  const counts = new Map<string, number>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /\[(\w+)\] \d+#\d+: \*?\d* ?(.*?)(, client: .*)?$/.exec(line);
    if (!match) continue;
    const message = `${match[1]}: ${match[2]!.replace(/127\.0\.0\.1:\d+/g, 'upstream')}`.replace(
      /"[^"]*"/g,
      '"…"',
    );
    counts.set(message, (counts.get(message) ?? 0) + 1);
  }
  if (counts.size === 0) return;
  console.info('  nginx error log:');
  for (const [message, n] of [...counts].sort((x, y) => y[1] - x[1]).slice(0, 12)) {
    console.info(`    ${String(n).padStart(5)}× ${message}`);
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP

interface Answer {
  status: number;
  body: Record<string, unknown> | undefined;
}

async function call(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(base + url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let body: Record<string, unknown> | undefined;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  } catch {
    return { status: 0, body: undefined }; // refused, reset or timed out: no answer
  }
}

const dataOf = (answer: Answer) => (answer.body?.data ?? {}) as Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Checks

async function checkSharedRateLimit(a: Api, b: Api, nginxUrl: string) {
  const email = `nobody-${randomBytes(4).toString('hex')}@example.test`;
  const statuses: number[] = [];
  for (let i = 0; i < AUTH_MAX + 1; i += 1) {
    const api = i % 2 === 0 ? a : b;
    const answer = await call(`http://127.0.0.1:${api.port}`, 'POST', '/api/v1/auth/login', {
      body: { email, password: 'not the password' },
    });
    statuses.push(answer.status);
  }
  const keys = await countRateLimitKeys();
  const isShared =
    statuses.slice(0, AUTH_MAX).every((s) => s === 401) && statuses[AUTH_MAX] === 429;
  check(
    'rate limits shared through Redis',
    isShared,
    `${AUTH_MAX + 1} sign-in attempts alternately on A and B answered ${statuses.join(', ')} ` +
      `(want ${AUTH_MAX}× 401 then 429); ${keys} counter key(s) in Redis db ${REDIS_DB}`,
  );
  const forged = await call(nginxUrl, 'POST', '/api/v1/auth/login', {
    body: { email, password: 'not the password' },
    headers: { 'x-forwarded-for': '203.0.113.7' },
  });
  check(
    'a forged X-Forwarded-For through nginx gets no fresh allowance',
    forged.status === 429,
    `answered ${forged.status} (want 429: nginx replaces the header with the real address)`,
  );
  const direct = await call(`http://127.0.0.1:${a.port}`, 'POST', '/api/v1/auth/login', {
    body: { email, password: 'not the password' },
    headers: { 'x-forwarded-for': '203.0.113.8' },
  });
  console.info(
    `note  the same forged header sent to A directly answered ${direct.status}: with ` +
      'TRUST_PROXY=true a process believes the header, so only nginx may reach the processes',
  );
}

async function checkLogoutAcrossProcesses(a: Api, b: Api) {
  const base = (api: Api) => `http://127.0.0.1:${api.port}`;
  const password = randomBytes(12).toString('base64url');
  const registered = await call(base(a), 'POST', '/api/v1/auth/register', {
    body: {
      name: 'Deploy Check',
      email: `deploy-${randomBytes(4).toString('hex')}@example.test`,
      password,
      confirmPassword: password,
      terms: true,
      timeZone: 'UTC',
    },
  });
  const token = String(registered.body?.token ?? '');
  const id = String((registered.body?.userData as Record<string, unknown> | undefined)?.id ?? '');
  const before = await call(base(b), 'GET', `/api/v1/user?id=${id}`, { token });
  const logout = await call(base(a), 'POST', '/api/v1/auth/logout', { token });
  const after = await call(base(b), 'GET', `/api/v1/user?id=${id}`, { token });
  check(
    'a sign-out on A is honoured by B at once',
    registered.status === 201 &&
      before.status === 200 &&
      logout.status === 200 &&
      after.status === 401,
    `register on A ${registered.status}, B before ${before.status}, logout on A ${logout.status}, ` +
      `B right after ${after.status} (want 201, 200, 200, 401)`,
  );
}

type Ack =
  | { kind: 'mood'; userId: string; mood: string; day: string }
  | { kind: 'diary'; userId: string; id: string }
  | { kind: 'task'; userId: string; id: string }
  | { kind: 'complete'; userId: string; id: string };

interface LoadStats {
  gets: number;
  getFailures: Record<string, number>;
  writes: Record<string, number>;
  writeFailures: Record<string, number>;
  events: string[];
}

const MOODS = ['Ecstatic', 'Happy', 'Neutral', 'Sad', 'Depressed'];
const bump = (counts: Record<string, number>, key: string) =>
  (counts[key] = (counts[key] ?? 0) + 1);

async function runLoadWithFailover(
  nginxUrl: string,
  users: SeededUser[],
  apis: [Api, Api],
  env: (api: Api) => Record<string, string>,
) {
  const acks: Ack[] = [];
  const stats: LoadStats = { gets: 0, getFailures: {}, writes: {}, writeFailures: {}, events: [] };
  const t0 = performance.now();
  const at = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  let isStopping = false;
  const isRunning = () => !isStopping && performance.now() - t0 < LOAD_MAX_MS;

  const get = async (user: SeededUser, url: string) => {
    const answer = await call(nginxUrl, 'GET', url, { token: user.token });
    stats.gets += 1;
    if (answer.status < 200 || answer.status > 299) bump(stats.getFailures, String(answer.status));
  };
  const write = async (
    kind: string,
    method: string,
    url: string,
    user: SeededUser,
    body?: unknown,
  ) => {
    const answer = await call(nginxUrl, method, url, { token: user.token, body });
    bump(stats.writes, kind);
    if (answer.status < 200 || answer.status > 299)
      bump(stats.writeFailures, `${kind} ${answer.status}`);
    return answer;
  };

  let nextUser = 0;
  const writer = async () => {
    while (isRunning() && nextUser < users.length) {
      const user = users[nextUser++]!;
      const mood = MOODS[nextUser % MOODS.length]!;
      const day = utcToday();
      const moodAnswer = await write('mood', 'PATCH', `/api/v1/user?id=${user.id}`, user, { mood });
      if (moodAnswer.status === 200) acks.push({ kind: 'mood', userId: user.id, mood, day });
      const diary = await write('diary', 'POST', '/api/v1/diary', user, {
        id: user.id,
        content: `A calm day, written during the deploy check (${user.id}).`,
      });
      if (diary.status === 201)
        acks.push({ kind: 'diary', userId: user.id, id: String(dataOf(diary).id) });
      const generated = await call(
        nginxUrl,
        'GET',
        `/api/v1/task/generated?id=${user.id}&mood=Happy`,
        {
          token: user.token,
        },
      );
      stats.gets += 1;
      if (generated.status !== 200) bump(stats.getFailures, String(generated.status));
      else {
        const template = dataOf(generated);
        const task = await write('task', 'POST', `/api/v1/task?id=${user.id}`, user, {
          templateId: template.templateId,
          title: template.title,
          mood: template.mood,
        });
        if (task.status === 201) {
          const taskId = String(dataOf(task).id);
          acks.push({ kind: 'task', userId: user.id, id: taskId });
          const done = await write(
            'complete',
            'POST',
            `/api/v1/task/completed?taskId=${taskId}&userId=${user.id}`,
            user,
          );
          if (done.status === 200) acks.push({ kind: 'complete', userId: user.id, id: taskId });
        }
      }
      await get(user, `/api/v1/user?id=${user.id}`);
      await get(user, `/api/v1/task?id=${user.id}&page=1&size=7`);
      const now = Date.now();
      await get(
        user,
        `/api/v1/history?id=${user.id}&startDate=${now - 6 * 86_400_000}&endDate=${now}`,
      );
    }
  };
  const readers = users.slice(0, 50);
  const reader = async (offset: number) => {
    for (let i = offset; isRunning() && i < 200_000; i += 1) {
      const user = readers[i % readers.length]!;
      await get(
        user,
        i % 2 ? `/api/v1/user?id=${user.id}` : `/api/v1/task?id=${user.id}&page=1&size=7`,
      );
    }
  };

  let aStopMs = 0;
  const chaos = async () => {
    const [a, b] = apis;
    await sleep(Math.max(0, SIGTERM_AT - (performance.now() - t0)));
    stats.events.push(`${at()} SIGTERM to A`);
    const termAt = performance.now();
    const aCode = await a.child!.stop('SIGTERM', 15_000);
    aStopMs = performance.now() - termAt;
    stats.events.push(`${at()} A exited with code ${aCode}`);
    if (aCode !== 0) stats.events.push(`A said:\n${a.child!.output()}`);
    const aStart = await startApi(a, env(a));
    stats.events.push(`${at()} A answering again (started in ${Math.round(aStart)} ms)`);
    await sleep(Math.max(0, SIGKILL_AT - (performance.now() - t0)));
    stats.events.push(`${at()} SIGKILL to B`);
    const bCode = await b.child!.stop('SIGKILL');
    stats.events.push(`${at()} B gone (code ${bCode})`);
    await sleep(1_000);
    const bStart = await startApi(b, env(b));
    stats.events.push(`${at()} B answering again (started in ${Math.round(bStart)} ms)`);
    return { aCode };
  };

  const workers = [
    ...Array.from({ length: WRITE_WORKERS }, () => writer()),
    ...Array.from({ length: READ_WORKERS }, (_, i) => reader(i * 7)),
  ];
  let chaosResult: { aCode: number | null } | undefined;
  let chaosError: unknown;
  try {
    chaosResult = await chaos();
  } catch (error) {
    chaosError = error;
  }
  // A few more seconds of load on the two restarted processes, within the bounds.
  const until = Math.max(LOAD_MIN_MS, performance.now() - t0 + 3_000);
  while (performance.now() - t0 < Math.min(until, LOAD_MAX_MS)) await sleep(100);
  isStopping = true;
  await Promise.all(workers);
  stats.events.push(`${at()} load stopped`);
  if (chaosError) throw chaosError;
  return {
    acks,
    stats,
    aCode: chaosResult?.aCode ?? null,
    aStopMs,
    usersUsed: Math.min(nextUser, users.length),
  };
}

async function verifyAcks(databaseUrl: string, acks: Ack[]) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = (kind: Ack['kind']) =>
      acks.filter((a) => a.kind === kind).map((a) => (a as { id: string }).id);
    const diaryRows = await client.query<{ id: string }>(
      'SELECT id FROM diaries WHERE id = ANY($1::uuid[])',
      [ids('diary')],
    );
    const taskRows = await client.query<{ id: string; status: string }>(
      'SELECT id, status FROM tasks WHERE id = ANY($1::uuid[])',
      [[...new Set([...ids('task'), ...ids('complete')])]],
    );
    const moodAcks = acks.filter((a): a is Extract<Ack, { kind: 'mood' }> => a.kind === 'mood');
    const moodRows = await client.query<{ user_id: string; day: string; mood: string }>(
      'SELECT user_id, local_date::text AS day, mood FROM mood_entries WHERE user_id = ANY($1::uuid[])',
      [moodAcks.map((a) => a.userId)],
    );
    const diaries = new Set(diaryRows.rows.map((r) => r.id));
    const tasks = new Map(taskRows.rows.map((r) => [r.id, r.status]));
    const moods = new Set(moodRows.rows.map((r) => `${r.user_id}/${r.day}/${r.mood}`));
    const lost: Record<string, number> = { mood: 0, diary: 0, task: 0, complete: 0 };
    for (const ack of acks) {
      const isThere =
        ack.kind === 'diary'
          ? diaries.has(ack.id)
          : ack.kind === 'task'
            ? tasks.has(ack.id)
            : ack.kind === 'complete'
              ? tasks.get(ack.id) === 'Completed'
              : moods.has(`${ack.userId}/${ack.day}/${ack.mood}`);
      if (!isThere) lost[ack.kind]! += 1;
    }
    return lost;
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  step('build, services, database');
  ensureApiBuilt();
  const nginxBin = ensureNginx();
  console.info(
    `nginx: ${execFileSync(nginxBin, ['-v'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) || 'found'}`.trim(),
  );
  await ensureRedis();
  const storage = await createPostgresStorage('deploy');
  const databaseUrl = storage.env.DATABASE_URL!;
  console.info(`database ${new URL(databaseUrl).pathname.slice(1)}; Redis db ${REDIS_DB}`);
  const cleared = await clearRateLimits();
  if (cleared) console.info(`cleared ${cleared} old rate-limit counter(s) in Redis db ${REDIS_DB}`);
  onCleanup(async () => void (await clearRateLimits()));

  step('migrations, once');
  const migrate = spawnSync(process.execPath, [MIGRATE_JS], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
    },
    encoding: 'utf8',
  });
  check(
    'migrations run once before the processes start',
    migrate.status === 0,
    (migrate.stdout + migrate.stderr).trim(),
  );
  if (migrate.status !== 0) throw new Error('migrations failed');
  const db = await openStorage(storage);
  const users = await seedUsers(db.query, { users: LOAD_USERS, tasksPerUser: 0, diaryDays: 0 });
  await db.close();

  step('two API processes and nginx');
  const apis: [Api, Api] = [
    { name: 'A', port: await findFreePort() },
    { name: 'B', port: await findFreePort() },
  ];
  const nginxPort = await findFreePort();
  const publicUrl = `http://127.0.0.1:${nginxPort}`;
  const env = (api: Api) => apiEnv(api, storage, publicUrl);
  for (const api of apis) {
    const ms = await startApi(api, env(api));
    console.info(
      `${api.name}: http://127.0.0.1:${api.port} (pid ${api.child!.pid}) ready in ${Math.round(ms)} ms`,
    );
  }
  const nginx = await startNginx(nginxBin, [apis[0].port, apis[1].port], nginxPort);
  console.info(`nginx: ${nginx.child.baseUrl} (pid ${nginx.child.pid}, prefix ${nginx.prefix})`);

  step('checks');
  const site = await validateSiteConf(nginxBin);
  check('deploy/nginx/wellspring.conf passes nginx -t', site.ok, site.detail);
  await checkSharedRateLimit(apis[0], apis[1], nginx.child.baseUrl);
  await checkLogoutAcrossProcesses(apis[0], apis[1]);

  step(
    `load through nginx: SIGTERM to A at ${SIGTERM_AT / 1000} s, SIGKILL to B at ${SIGKILL_AT / 1000} s`,
  );
  const { acks, stats, aCode, aStopMs, usersUsed } = await runLoadWithFailover(
    nginx.child.baseUrl,
    users,
    apis,
    env,
  );
  for (const event of stats.events) console.info(`  ${event}`);
  console.info(
    `  ${usersUsed} users walked through; writes sent ${JSON.stringify(stats.writes)}, ` +
      `not acknowledged ${JSON.stringify(stats.writeFailures)}`,
  );
  check(
    'SIGTERM: A stopped gracefully and came back',
    aCode === 0 && apis[0].child!.process.exitCode === null,
    `exit code ${aCode} after ${(aStopMs / 1000).toFixed(1)} s (0: every request in flight ` +
      'finished; 1: the 10 s grace ran out)',
  );
  const lost = await verifyAcks(databaseUrl, acks);
  const lostTotal = Object.values(lost).reduce((x, y) => x + y, 0);
  const ackCounts: Record<string, number> = {};
  for (const ack of acks) bump(ackCounts, ack.kind);
  check(
    'no acknowledged write is lost',
    lostTotal === 0 && acks.length > 0,
    `${acks.length} acknowledged ${JSON.stringify(ackCounts)}; missing in PostgreSQL ${JSON.stringify(lost)}`,
  );
  const getFailureCount = Object.values(stats.getFailures).reduce((x, y) => x + y, 0);
  check(
    'reads keep answering through nginx',
    stats.gets > 0 && getFailureCount <= stats.gets * READ_FAILURE_BUDGET,
    `${getFailureCount} of ${stats.gets} GETs not 2xx ${JSON.stringify(stats.getFailures)} ` +
      `(allowed: ${READ_FAILURE_BUDGET * 100}%)`,
  );
  summarizeNginxLog(nginx.prefix);
  if (process.env.DEPLOY_LOG_DIR) {
    mkdirSync(process.env.DEPLOY_LOG_DIR, { recursive: true });
    for (const file of ['error.log', 'access.log']) {
      const from = path.join(nginx.prefix, 'logs', file);
      if (existsSync(from))
        writeFileSync(path.join(process.env.DEPLOY_LOG_DIR, `nginx-${file}`), readFileSync(from));
    }
    for (const api of apis) {
      writeFileSync(
        path.join(process.env.DEPLOY_LOG_DIR, `api-${api.name}.log`),
        api.child?.output() ?? '',
      );
    }
    console.info(`  logs kept in ${process.env.DEPLOY_LOG_DIR}`);
  }
  const health = await Promise.all([
    ...apis.map((api) => getStatus(`http://127.0.0.1:${api.port}/api/health`)),
    getStatus(`${nginx.child.baseUrl}/api/health`),
  ]);
  check(
    'A, B and nginx answer /api/health at the end',
    health.every((s) => s === 200),
    `A ${health[0]}, B ${health[1]}, nginx ${health[2]}`,
  );
}

let exitCode = 0;
main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    exitCode = 1;
  })
  .finally(async () => {
    await runCleanups();
    const failed = results.filter((r) => !r.ok);
    console.info(`\n${results.length - failed.length} passed, ${failed.length} failed`);
    process.exit(failed.length || exitCode ? 1 : 0);
  });
