import { AppError } from '@wellspring/shared';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pino, { type DestinationStream } from 'pino';
import { assertServerConfig, type Env } from './config/env';
import type { DatabaseHandle } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import type { ContentCipher } from './lib/crypto/content-cipher';
import { loadVapidKeys, type VapidKeys } from './lib/crypto/vapid-keys';
import type { Readiness } from './lib/readiness';
import { DiaryVault } from './modules/diary/diary-vault';
import { REDACT_PATHS, redactUrl } from './lib/log-redaction';
import { createMailer } from './lib/mail/mailer';
import { ARTWORK_SOURCE_DIR, DEFAULT_WEB_DIST_DIR } from './lib/paths';
import { accountRoutes } from './modules/account/account.routes';
import { importRoutes } from './modules/imports/imports.routes';
import { measureRoutes } from './modules/measures/measures.routes';
import { reportRoutes } from './modules/reports/reports.routes';
import { IMPORT_DAYS_PER_BATCH, ImportRunner } from './modules/imports/import-run';
import { authRoutes } from './modules/auth/auth.routes';
import { emailLinkRoutes } from './modules/auth/email-links.routes';
import { googleRoutes } from './modules/auth/google.routes';
import { sessionRoutes } from './modules/auth/sessions.routes';
import { setUpSignInProvider, type SignInSetup } from './modules/auth/oidc/sign-in-provider';
import { providersRoutes } from './modules/auth/providers.routes';
import { backgroundRoutes } from './modules/background/background.routes';
import { diaryRoutes } from './modules/diary/diary.routes';
import { diarySearchRoutes } from './modules/diary/diary-search.routes';
import { goalRoutes } from './modules/goal/goal.routes';
import { healthRoutes } from './modules/health/health.routes';
import { historyRoutes } from './modules/history/history.routes';
import { insightsRoutes } from './modules/insights/insights.routes';
import { preferencesRoutes } from './modules/preferences/preferences.routes';
import { taskRoutes } from './modules/task/task.routes';
import { userRoutes } from './modules/user/user.routes';
import { checkInRoutes } from './modules/check-ins/check-ins.routes';
import { activityRoutes } from './modules/activities/activities.routes';
import { authPlugin } from './plugins/app/auth';
import './plugins/app/context';
import { noNulPlugin } from './plugins/app/no-nul';
import { readinessPlugin } from './plugins/app/readiness';
import { routeTablePlugin } from './plugins/route-table';
import { databaseDir } from './db/data-layout';
import { errorsPlugin, sendFrameworkError, serializeError } from './plugins/app/errors';
import { docsPlugin } from './plugins/external/docs';
import { metricsPlugin } from './plugins/external/metrics';
import { rateLimitPlugin } from './plugins/external/rate-limit';
import { createClientErrorHandler } from './plugins/external/client-error';
import { securityPlugin } from './plugins/external/security';
import { artworkPlugin } from './plugins/external/artwork';
import { isApiPath, isAssetPath, webPlugin } from './plugins/external/web';

export const BODY_LIMIT_BYTES = 64 * 1024;

export interface BuildAppOptions {
  env: Env;
  database: DatabaseHandle;
  clock?: Clock;
  /** The data keys diaries are sealed with. */
  cipher: ContentCipher;
  /** Where log lines go (tests capture them); standard output by default. */
  logStream?: DestinationStream;
  /** Starting, ready or stopping (decision 044); ready when not given. */
  readiness?: Readiness;
  /** The Web Push keys; by default from VAPID_* or made once in DATA_DIR. */
  vapid?: VapidKeys;
}

/** Every route of SPEC.md section 7, mounted under /api/v1 and again under /v1. */
async function v1Routes(app: FastifyInstance, opts: SignInSetup) {
  await app.register(authRoutes);
  await app.register(emailLinkRoutes);
  await app.register(googleRoutes, {
    oidc: opts.oidc,
    signInMethod: opts.providers.dev ? 'dev' : 'google',
  });
  await app.register(providersRoutes, { providers: opts.providers });
  await app.register(sessionRoutes);
  await app.register(userRoutes);
  await app.register(checkInRoutes);
  await app.register(activityRoutes);
  await app.register(goalRoutes);
  await app.register(taskRoutes);
  await app.register(diaryRoutes);
  await app.register(diarySearchRoutes);
  await app.register(historyRoutes);
  await app.register(insightsRoutes);
  await app.register(preferencesRoutes);
  await app.register(backgroundRoutes);
  await app.register(accountRoutes);
  await app.register(importRoutes);
  await app.register(measureRoutes);
  await app.register(reportRoutes);
}

/** Builds the whole app, ready to inject or listen; it never listens itself. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  assertServerConfig(env);
  const logger = pino(
    {
      level: env.LOG_LEVEL,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: serializeError,
      },
    },
    options.logStream,
  );

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
    // A URL the router cannot decode answers the error envelope too, not Fastify's own body.
    frameworkErrors: sendFrameworkError,
    // What Node's parser refuses (a bad request line, headers too large) gets our headers too.
    clientErrorHandler: createClientErrorHandler({
      isHttps: env.PUBLIC_URL.startsWith('https://'),
      log: logger,
    }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('env', env);
  app.decorate('db', database.db);
  app.decorate('dbHandle', database);
  app.decorate('clock', options.clock ?? systemClock);
  app.decorate('diaryVault', new DiaryVault(options.cipher));
  app.decorate(
    'importRunner',
    new ImportRunner(
      database.db,
      app.diaryVault,
      () => app.clock.now(),
      app.log,
      IMPORT_DAYS_PER_BATCH,
    ),
  );
  // A running import stops at its next batch and is taken back before the database closes.
  app.addHook('onClose', () => app.importRunner.close());
  app.decorate('vapid', options.vapid ?? loadVapidKeys(env));
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    // Outside production, mail without an SMTP server lands in files a developer can open.
    outboxDir: env.NODE_ENV === 'production' ? undefined : path.join(env.DATA_DIR, 'outbox'),
    log: app.log,
  });
  app.decorate('mailer', mailer);
  app.addHook('onClose', () => mailer.close());
  if (env.EMAIL_VERIFICATION === 'off') {
    app.log.warn(
      'Email verification is off (EMAIL_VERIFICATION=off): password accounts stay unverified ' +
        'and are never linked to a Google identity.',
    );
  }

  await app.register(routeTablePlugin);
  await app.register(errorsPlugin);
  await app.register(readinessPlugin, { readiness: options.readiness });
  if (database.kind === 'pglite' && !env.DATA_DIR.startsWith('memory://')) {
    // The embedded database's own disk says when a full one has room again (decision 064).
    app.readiness.storage.watch(databaseDir(env.DATA_DIR));
  }
  await app.register(metricsPlugin);
  await app.register(securityPlugin, { extraImageSources: env.OIDC_PICTURE_ORIGINS });
  await app.register(rateLimitPlugin);
  await app.register(docsPlugin);
  await app.register(authPlugin);
  await app.register(noNulPlugin);

  // Google, the development sign-in (never in production), or email and password alone.
  const signIn = await setUpSignInProvider(app, env);

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(v1Routes, { prefix: '/api/v1', ...signIn });
  await app.register(v1Routes, { prefix: '/v1', ...signIn });
  const webDistDir = env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR;
  await app.register(artworkPlugin, {
    dirs: [path.join(webDistDir, 'backgrounds'), ARTWORK_SOURCE_DIR],
  });
  await app.register(webPlugin, { distDir: webDistDir });

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (isPage && !isApiPath(request.url) && !isAssetPath(request.url) && app.webIndexAvailable) {
      return reply.header('Cache-Control', 'no-cache').sendFile(app.webPageFile(request.url));
    }
    throw new AppError(
      'NOT_FOUND',
      `No route matches ${request.method} ${request.url.split('?')[0]}`,
    );
  });

  return app;
}
