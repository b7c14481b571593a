import cors from '@fastify/cors';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Helmet with the Content-Security-Policy of PRODUCT.md section 7, and CORS for the configured
 * origins. Helmet's middleware is built once here and applied to every request: @fastify/helmet
 * built it again on every request, parsing the policy each time (decision 053).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { extraImageSources?: string[] }) => {
    const isHttps = app.env.PUBLIC_URL.startsWith('https://');
    const applyHelmet = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Recharts, sonner and the docs page set style attributes; no script runs inline.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // PUBLIC_URL's origin: the API hands out the artworks' URLs absolute, on it.
          imgSrc: [
            "'self'",
            new URL(app.env.PUBLIC_URL).origin,
            'data:',
            ...(opts.extraImageSources ?? []),
          ],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          // The installable app's service worker and manifest (decision 042).
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      applyHelmet(request.raw, reply.raw, (error) => done(error as Error | undefined));
    });
    await app.register(cors, {
      origin: app.env.CORS_ORIGINS,
      methods: ['GET', 'POST', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      maxAge: 600,
    });
  },
  { name: 'security' },
);
