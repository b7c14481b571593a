import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Helmet with the Content-Security-Policy of PRODUCT.md section 7, and CORS for the configured origins. */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { extraImageSources?: string[] }) => {
    const isHttps = app.env.PUBLIC_URL.startsWith('https://');
    await app.register(helmet, {
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
    await app.register(cors, {
      origin: app.env.CORS_ORIGINS,
      methods: ['GET', 'POST', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      maxAge: 600,
    });
  },
  { name: 'security' },
);
