import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';

/** Where the background artworks answer; the seed's URLs are paths under it. */
export const ARTWORK_PREFIX = '/backgrounds/';

/**
 * An artwork's file never changes under its name (a new picture gets a new name, decision 028),
 * so a browser keeps it for a year without asking again.
 */
export const ARTWORK_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Serves the background artworks at /backgrounds/, whether or not the web app is built here: the
 * API hands their URLs out (absolute, on PUBLIC_URL), so it answers them itself. They are the one
 * thing a page on another origin may embed: `Cross-Origin-Resource-Policy: cross-origin` here, and
 * helmet's `same-origin` on everything else.
 */
export const artworkPlugin = fp(
  async (app: FastifyInstance, opts: { dirs: string[] }) => {
    const root = opts.dirs.find((dir) => existsSync(dir));
    if (!root) {
      app.log.warn({ dirs: opts.dirs }, 'no background artworks found: their URLs answer 404');
      return;
    }
    await app.register(fastifyStatic, {
      root,
      prefix: ARTWORK_PREFIX,
      // One route per file, found at start-up; the web plugin registers its own static files.
      wildcard: false,
      index: false,
      decorateReply: false,
      // The web build writes a Brotli and a gzip copy of each; the source folder has none.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (reply) => {
        reply.header('Cache-Control', ARTWORK_CACHE_CONTROL);
        reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      },
    });
  },
  { name: 'artwork' },
);
