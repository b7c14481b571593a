import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The public pages the web build renders ahead into their own HTML file. */
const PRERENDERED_PAGES = ['/home/landing'];

/** True for paths the SPA never owns: a miss there is an API 404, never index.html. */
export function isApiPath(url: string): boolean {
  return /^\/(api|v1|dev-oidc)(\/|$|\?)/.test(url);
}

/** True for the hashed build output: a miss there is a 404, never index.html, so a stale chunk fails plainly. */
export function isAssetPath(url: string): boolean {
  return url.startsWith('/assets/');
}

/** Serves the built SPA with long-lived caching of hashed assets and a history fallback. */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: { distDir: string }) => {
    const indexFile = path.join(opts.distDir, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn({ distDir: opts.distDir }, 'web app not built: only the API is served');
      return;
    }
    await app.register(fastifyStatic, {
      root: opts.distDir,
      // One route per built file, found at start-up; every other path reaches the not-found
      // handler and its history fallback. (A catch-all route answered an existing folder such
      // as `/` itself with an error instead of the app.)
      wildcard: false,
      index: false,
      // The build writes a Brotli and a gzip copy of each compressible file (apps/web/build/
      // precompress.ts); the one the browser accepts is sent, with Vary: Accept-Encoding. The
      // copies get no routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (reply, filePath) => {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'Cache-Control',
          isHashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // Pages the build rendered ahead (apps/web/build/prerender.ts) are sent as they are; the
    // app then hydrates them. Every other page is the empty shell, index.html.
    for (const page of PRERENDERED_PAGES) {
      const file = `${page.slice(1)}.html`;
      if (!existsSync(path.join(opts.distDir, file))) continue;
      app.get(page, { schema: { hide: true } }, (_request, reply) =>
        reply.header('Cache-Control', 'no-cache').sendFile(file),
      );
    }
    app.decorate('webIndexAvailable', true);
  },
  { name: 'web' },
);

declare module 'fastify' {
  interface FastifyInstance {
    webIndexAvailable?: boolean;
  }
}
