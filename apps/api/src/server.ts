import { buildApp } from './app';
import { assertServerConfig, loadEnv } from './config/env';
import { openDatabase } from './db/client';
import { prepareDatabase } from './db/migrate';
import { systemClock } from './lib/clock';
import { loadDataKeys } from './lib/crypto/load-keys';
import { createLogStream, isPrettyLog, readyMessage } from './lib/log-output';
import { DiaryVault, resealDiaries, verifyDataKeys } from './modules/diary/diary-vault';
import { startPurgeSchedule } from './modules/maintenance/purge-schedule';

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
  await prepareDatabase(database);
  await verifyDataKeys(database.db, cipher);
  await resealDiaries(database.db, new DiaryVault(cipher), { onlyPlaintext: true });
  const logStream = createLogStream(env.LOG_FORMAT);
  const app = await buildApp({ env, database, cipher, logStream });
  reportIdleError = (error) => app.log.warn({ err: error }, 'an idle database connection failed');
  // Expired sessions and sign-in states, every hour (decision 019).
  const purge = startPurgeSchedule({ db: database.db, clock: systemClock, log: app.log });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
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
      await purge.stop();
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

  await app.listen({ host: env.HOST, port: env.PORT });
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
