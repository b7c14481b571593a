/**
 * Several API processes behind nginx, checked end to end on this machine (loopback only):
 *
 * 1. nginx from Debian if it is missing (`apt-get install -y nginx`), PostgreSQL and Redis started
 *    if they are down, a fresh database, migrations run once (`node apps/api/dist/migrate-cli.js`);
 * 2. two API processes (A and B) on two ports with DATABASE_URL, REDIS_URL, TRUST_PROXY=true and
 *    one shared VAPID key pair, each running the reminder job queue (pg-boss starts with the server
 *    on PostgreSQL), and nginx on a third port with its own prefix and configuration in a temporary
 *    folder, using deploy/nginx/wellspring-upstream.conf and wellspring-proxy.conf as they are
 *    (ports rewritten); a push service stand-in: an HTTPS server on loopback with a throwaway
 *    self-signed P-256 certificate, which the processes trust through NODE_EXTRA_CA_CERTS (TLS
 *    checks stay on), recording every request;
 * 3. checks, each printed PASS or FAIL:
 *    - the production site configuration (deploy/nginx/wellspring.conf) passes `nginx -t`;
 *    - a rate limit is counted once across both processes, through Redis: with
 *      RATE_LIMIT_AUTH_MAX=5 and the counters cleared before and after (the check's own budget;
 *      its users are seeded in the database, so no sign-up spends it), sign-in attempts sent
 *      alternately to A and B directly get the 429 on the 6th attempt in total; and a forged
 *      X-Forwarded-For through nginx does not get a fresh allowance;
 *    - a sign-out on A is honoured by B at once;
 *    - a reminder is sent once across the two processes: a seeded user (UTC, no mood today) with
 *      a subscription posted to A whose endpoint is the stand-in, and the reminder turned on
 *      through B for a minute or more ago today, every weekday; within 150 s a push arrives, and
 *      60 s later, after at least one more tick of the queue (pg-boss's job table), it is still
 *      the only one, VAPID-signed with the shared key, and the user's reminded_on is today;
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
 *
 * The parts, in deploy/multi-process/: settings, services (nginx, Redis), apis and nginx (the
 * processes), push-stand-in (the push service and the keys), workload (the load), fault (the
 * stops and kills), checker (the verdicts).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureApiBuilt } from '../scripts/lib/build.mjs';
import { createPostgresStorage } from '../scripts/lib/databases.mjs';
import { openStorage } from '../scripts/lib/open-storage';
import { findFreePort, getStatus } from '../scripts/lib/ports.mjs';
import { MIGRATE_JS, onCleanup, ROOT, runCleanups, sleep } from '../scripts/lib/processes.mjs';
import { seedUsers, type SeededUser } from '../scripts/lib/seed';
import { type Api, apiEnv, startApi } from './multi-process/apis';
import {
  armReminder,
  check,
  checkLogoutAcrossProcesses,
  checkReminderOnce,
  checkSharedRateLimit,
  results,
  verifyAcks,
} from './multi-process/checker';
import { failover } from './multi-process/fault';
import { startNginx, summarizeNginxLog, validateSiteConf } from './multi-process/nginx';
import { makeVapidKeys, startPushStandIn } from './multi-process/push-stand-in';
import { clearRateLimits, ensureNginx, ensureRedis } from './multi-process/services';
import {
  LOAD_MAX_MS,
  LOAD_MIN_MS,
  LOAD_USERS,
  READ_FAILURE_BUDGET,
  REDIS_DB,
  SIGKILL_AT,
  SIGTERM_AT,
} from './multi-process/settings';
import { bump, startLoad } from './multi-process/workload';

function step(title: string) {
  console.info(`\n== ${title}`);
}

/** The load through nginx with the faults on its timeline, then a few more seconds of load. */
async function runLoadWithFailover(
  nginxUrl: string,
  users: SeededUser[],
  apis: [Api, Api],
  env: (api: Api) => Record<string, string>,
) {
  const load = startLoad(nginxUrl, users);
  let chaosResult: { aCode: number | null; aStopMs: number } | undefined;
  let chaosError: unknown;
  try {
    chaosResult = await failover(load, apis, env);
  } catch (error) {
    chaosError = error;
  }
  // A few more seconds of load on the two restarted processes, within the bounds.
  const until = Math.max(LOAD_MIN_MS, performance.now() - load.t0 + 3_000);
  while (performance.now() - load.t0 < Math.min(until, LOAD_MAX_MS)) await sleep(100);
  const usersUsed = await load.stop();
  if (chaosError) throw chaosError;
  return {
    acks: load.acks,
    stats: load.stats,
    aCode: chaosResult?.aCode ?? null,
    aStopMs: chaosResult?.aStopMs ?? 0,
    usersUsed,
  };
}

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
  // Straight into the database, as the load's users: no sign-up spends the sign-in budget.
  const [reminderUser] = await seedUsers(db.query, { users: 1, tasksPerUser: 0, diaryDays: 0 });
  await db.close();
  const push = await startPushStandIn();
  const vapid = makeVapidKeys();
  const shared = {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:deploy-check@example.test',
    // The stand-in's self-signed certificate is trusted, not TLS checks turned off.
    NODE_EXTRA_CA_CERTS: push.certFile,
  };

  step('two API processes and nginx');
  const apis: [Api, Api] = [
    { name: 'A', port: await findFreePort() },
    { name: 'B', port: await findFreePort() },
  ];
  const nginxPort = await findFreePort();
  const publicUrl = `http://127.0.0.1:${nginxPort}`;
  const env = (api: Api) => apiEnv(api, storage, publicUrl, shared);
  for (const api of apis) {
    const ms = await startApi(api, env(api));
    console.info(
      `${api.name}: http://127.0.0.1:${api.port} (pid ${api.child!.pid}) ready in ${Math.round(ms)} ms`,
    );
  }
  const nginx = await startNginx(nginxBin, [apis[0].port, apis[1].port], nginxPort);
  console.info(`nginx: ${nginx.child.baseUrl} (pid ${nginx.child.pid}, prefix ${nginx.prefix})`);

  step('checks');
  // Armed first, so that the queue's next ticks come while the quicker checks run.
  const armed = await armReminder(apis[0], apis[1], reminderUser!, push).catch((error: unknown) =>
    error instanceof Error ? error : new Error(String(error)),
  );
  const site = await validateSiteConf(nginxBin);
  check('deploy/nginx/wellspring.conf passes nginx -t', site.ok, site.detail);
  await checkSharedRateLimit(apis[0], apis[1], nginx.child.baseUrl);
  await checkLogoutAcrossProcesses(apis[0], apis[1]);
  step('the reminder: the job queue runs in A and B, the push service stand-in counts');
  if (armed instanceof Error)
    check('a reminder is sent once across the two processes', false, armed.message);
  else await checkReminderOnce(armed, push, databaseUrl, vapid.publicKey);

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
