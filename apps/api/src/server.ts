import { buildApp } from './app';
import { assertServerConfig, loadEnv } from './config/env';
import { openDatabase } from './db/client';
import { prepareDatabase } from './db/migrate';
import { systemClock } from './lib/clock';
import { loadDataKeys } from './lib/crypto/load-keys';
import { Readiness } from './lib/readiness';
import { createLogStream, isPrettyLog, readyMessage } from './lib/log-output';
import { DiaryVault, resealDiaries, verifyDataKeys } from './modules/diary/diary-vault';
import { startBackupSchedule, type BackupSchedule } from './modules/maintenance/backup-schedule';
import { startPurgeSchedule, type PurgeSchedule } from './modules/maintenance/purge-schedule';
import {
  startReminderSchedule,
  type ReminderSchedule,
} from './modules/reminders/reminder-schedule';
import { pushEndpointPolicy } from './modules/reminders/push-endpoint';
import { createWebPushSender } from './modules/reminders/web-push-sender';

/** How long in-flight requests get to finish after a stop signal. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const env = loadEnv();
  assertServerConfig(env);
  const cipher = loadDataKeys(env);
  let reportIdleError = (error: Error) => console.warn('database connection lost:', error.message);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolMax: env.DB_POOL_MAX,
    onIdleError: (error) => reportIdleError(error),
  });
  const logStream = createLogStream(env.LOG_FORMAT);
  // The server listens before it migrates, so /api/ready can say 'migrating' (decision 044).
  const readiness = new Readiness('starting');
  const app = await buildApp({ env, database, cipher, logStream, readiness });
  reportIdleError = (error) => app.log.warn({ err: error }, 'an idle database connection failed');
  let backups: BackupSchedule | undefined;
  // Started once the database is ready; stop() ends what was started.
  let purge: PurgeSchedule | undefined = undefined;
  let reminders: ReminderSchedule | undefined = undefined;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    readiness.markStopping();
    app.log.info({ signal }, 'stopping: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // A reverse proxy keeps connections open between requests. server.close() ends only the
    // ones idle at that moment; one busy then stays open after its answer and holds the close
    // until the grace runs out. End each as soon as it falls idle.
    const reapIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    reapIdle.unref();
    try {
      await app.close();
      clearInterval(reapIdle);
      await purge?.stop();
      await reminders?.stop();
      await backups?.stop();
      await database.close();
      app.log.info('stopped cleanly');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // `npm run backup` asks this server for a backup of the embedded database it holds.
  process.on('SIGUSR2', () => void backups?.serveRequests());

  await app.listen({ host: env.HOST, port: env.PORT });
  await prepareDatabase(database);
  await verifyDataKeys(database.db, cipher);
  await resealDiaries(database.db, new DiaryVault(cipher), { onlyPlaintext: true });
  if (stopping) return; // A stop signal came while starting: the stop finishes the process.
  readiness.markReady();
  // Expired sessions and sign-in states, every hour (decision 019).
  purge = startPurgeSchedule({ db: database.db, clock: systemClock, log: app.log });
  // The check-in reminders, every minute: pg-boss on PostgreSQL, an interval on PGlite (041).
  if (database.kind === 'postgres' && !env.VAPID_PUBLIC_KEY) {
    app.log.warn(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: this process uses the keys in its ' +
        'DATA_DIR; every API process of one deployment must share one pair for reminders to reach ' +
        'devices subscribed through another',
    );
  }
  try {
    reminders = await startReminderSchedule({
      database,
      clock: systemClock,
      sender: createWebPushSender(app.vapid, { policy: pushEndpointPolicy(env) }),
      log: app.log,
    });
  } catch (err) {
    // The app serves without it; the log says why no reminder goes out from this process.
    app.log.error({ err }, 'the reminder schedule did not start: no reminders from this process');
  }
  // The embedded database's daily backup into DATA_DIR/backups (decision 043).
  if (database.kind === 'pglite' && !env.DATA_DIR.startsWith('memory://')) {
    backups = startBackupSchedule({
      handle: database,
      dataDir: env.DATA_DIR,
      clock: systemClock,
      log: app.log,
    });
  }
  app.log.info(
    { url: env.PUBLIC_URL, database: database.kind },
    `Wellspring is ready at ${env.PUBLIC_URL}`,
  );
  // A person who typed `npm start` in a terminal gets the address once, plainly.
  if (isPrettyLog(env.LOG_FORMAT, process.stdout.isTTY === true)) {
    process.stdout.write(readyMessage(env.PUBLIC_URL));
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
