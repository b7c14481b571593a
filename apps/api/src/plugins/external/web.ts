import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The signed-in area's frame as the web build renders it (apps/web/build/prerender.ts). */
const APP_SHELL_FILE = 'app-shell.html';

/** The service worker and the web app manifest, with their types (decision 042). */
const PWA_CONTENT_TYPES: Record<string, string> = {
  'sw.js': 'text/javascript; charset=utf-8',
  'manifest.webmanifest': 'application/manifest+json; charset=utf-8',
};

/** The public pages the web build renders ahead into their own HTML file. */
const PRERENDERED_PAGES = ['/home/landing'];

/** True for paths the SPA never owns: a miss there is an API 404, never index.html. */
export function isApiPath(url: string): boolean {
  return /^\/(api|v1|dev-oidc)(\/|$|\?)/.test(url);
}

/**
 * True for the hashed build output and the background artworks (plugins/external/artwork.ts): a
 * miss there is a 404, never index.html, so a stale chunk or a wrong picture fails plainly.
 */
export function isAssetPath(url: string): boolean {
  return url.startsWith('/assets/') || url.startsWith('/backgrounds/');
}

/** Paths whose only page is the landing page: answered with a redirect so it paints at once. */
const LANDING_ALIASES = new Set(['/', '/home', '/home/']);

/** True for localhost, any 127.x.y.z and [::1]: names that all reach this machine. */
function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Where a page asked for on one loopback name should be opened instead: the same page on
 * PUBLIC_URL, when PUBLIC_URL is itself a loopback address on another name. Sign-in keeps its
 * state in a cookie and the session in the origin's storage, so the whole flow must stay on the
 * one origin the provider sends the browser back to. Any other Host is left alone: behind a proxy
 * the Host is the proxy's business, and a redirect never leads off PUBLIC_URL.
 */
export function loopbackRedirect(host: string | undefined, publicUrl: string, url: string) {
  if (!host) return undefined;
  const target = new URL(publicUrl);
  if (!isLoopbackHost(target.hostname)) return undefined;
  let asked: URL;
  try {
    asked = new URL(`http://${host}`);
  } catch {
    return undefined;
  }
  if (!isLoopbackHost(asked.hostname) || asked.hostname === target.hostname) return undefined;
  return `${target.origin}${url}`;
}

/** The page a clinician's link opens (decision 084). */
export const SHARED_REPORT_PAGE = '/shared-report';

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
      // The artworks are the artwork plugin's, with headers of their own.
      globIgnore: ['**/*.br', '**/*.gz', 'backgrounds/**'],
      setHeaders: (reply, filePath) => {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'Cache-Control',
          isHashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The installable app (decision 042): the manifest's registered type, and the service
        // worker always checked with the server (no-cache), so a new version is found at once.
        const contentType = PWA_CONTENT_TYPES[path.relative(opts.distDir, filePath)];
        if (contentType) reply.header('Content-Type', contentType);
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
    for (const alias of LANDING_ALIASES) {
      app.get(alias, { schema: { hide: true } }, (request, reply) => {
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        return reply.redirect(`${PRERENDERED_PAGES[0]}${query}`, 302);
      });
    }
    // A clinician's page (decision 084): the shell, which no search engine keeps, wherever the
    // link was pasted. Its token rides in the fragment, so the server never sees it.
    app.get(SHARED_REPORT_PAGE, { schema: { hide: true } }, (_request, reply) =>
      reply
        .header('Cache-Control', 'no-cache')
        .header('X-Robots-Tag', 'noindex, nofollow')
        .sendFile('index.html'),
    );
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      if (isApiPath(request.url) || isAssetPath(request.url)) return;
      const location = loopbackRedirect(request.headers.host, app.env.PUBLIC_URL, request.url);
      if (location) return reply.redirect(location, 302);
    });
    // The signed-in area's frame, rendered ahead by the build: a slow phone paints it at once.
    const hasAppShell = existsSync(path.join(opts.distDir, APP_SHELL_FILE));
    app.decorate('webPageFile', (url: string) =>
      hasAppShell && /^\/app(\/|\?|$)/.test(url) ? APP_SHELL_FILE : 'index.html',
    );
    app.decorate('webIndexAvailable', true);
  },
  { name: 'web' },
);

declare module 'fastify' {
  interface FastifyInstance {
    webIndexAvailable?: boolean;
    /** The HTML file that answers a page of the SPA: the app's frame for /app pages, else the shell. */
    webPageFile: (url: string) => string;
  }
}
