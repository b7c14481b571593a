import { AppError } from '@wellspring/shared';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import pino, { type DestinationStream } from 'pino';
import type { Env } from './config/env';
import type { DatabaseHandle } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import type { ContentCipher } from './lib/crypto/content-cipher';
import { DiaryVault } from './modules/diary/diary-vault';
import { REDACT_PATHS, redactUrl } from './lib/log-redaction';
import { DEFAULT_WEB_DIST_DIR } from './lib/paths';
import { accountRoutes } from './modules/account/account.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { googleRoutes } from './modules/auth/google.routes';
import { sessionRoutes } from './modules/auth/sessions.routes';
import { mountDevProvider } from './modules/auth/oidc/dev-provider';
import { OidcClient } from './modules/auth/oidc/oidc.service';
import { backgroundRoutes } from './modules/background/background.routes';
import { diaryRoutes } from './modules/diary/diary.routes';
import { goalRoutes } from './modules/goal/goal.routes';
import { healthRoutes } from './modules/health/health.routes';
import { historyRoutes } from './modules/history/history.routes';
import { taskRoutes } from './modules/task/task.routes';
import { userRoutes } from './modules/user/user.routes';
import { authPlugin } from './plugins/app/auth';
import './plugins/app/context';
import { noNulPlugin } from './plugins/app/no-nul';
import { errorsPlugin, sendFrameworkError, serializeError } from './plugins/app/errors';
import { docsPlugin } from './plugins/external/docs';
import { rateLimitPlugin } from './plugins/external/rate-limit';
import { securityPlugin } from './plugins/external/security';
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
}

/** Every route of SPEC.md section 7, mounted under /api/v1 and again under /v1. */
async function v1Routes(app: FastifyInstance, opts: { oidc: OidcClient }) {
  await app.register(authRoutes);
  await app.register(googleRoutes, { oidc: opts.oidc });
  await app.register(sessionRoutes);
  await app.register(userRoutes);
  await app.register(goalRoutes);
  await app.register(taskRoutes);
  await app.register(diaryRoutes);
  await app.register(historyRoutes);
  await app.register(backgroundRoutes);
  await app.register(accountRoutes);
}

/** Builds the whole app, ready to inject or listen; it never listens itself. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
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
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('env', env);
  app.decorate('db', database.db);
  app.decorate('dbHandle', database);
  app.decorate('clock', options.clock ?? systemClock);
  app.decorate('diaryVault', new DiaryVault(options.cipher));

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { extraImageSources: env.OIDC_PICTURE_ORIGINS });
  await app.register(rateLimitPlugin);
  await app.register(docsPlugin);
  await app.register(authPlugin);
  await app.register(noNulPlugin);

  const redirectUri = `${env.PUBLIC_URL}/auth/callback`;
  const oidc = new OidcClient(
    env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET && env.OIDC_ISSUER
      ? {
          issuer: env.OIDC_ISSUER,
          clientId: env.OIDC_CLIENT_ID,
          clientSecret: env.OIDC_CLIENT_SECRET,
          redirectUri,
          allowHttp: env.OIDC_ISSUER.startsWith('http://'),
        }
      : {
          ...(await mountDevProvider(app, {
            publicUrl: env.PUBLIC_URL,
            redirectUri,
            trustProxy: env.TRUST_PROXY,
          })),
          redirectUri,
          allowHttp: true,
        },
  );

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(v1Routes, { prefix: '/api/v1', oidc });
  await app.register(v1Routes, { prefix: '/v1', oidc });
  await app.register(webPlugin, { distDir: env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR });

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (isPage && !isApiPath(request.url) && !isAssetPath(request.url) && app.webIndexAvailable) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    throw new AppError(
      'NOT_FOUND',
      `No route matches ${request.method} ${request.url.split('?')[0]}`,
    );
  });

  return app;
}
