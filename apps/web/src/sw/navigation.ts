/*
 * Which precached HTML answers a page of the SPA when the service worker handles a navigation,
 * the same choice the server makes (apps/api/src/plugins/external/web.ts): the signed-in area's
 * frame for /app pages, the rendered-ahead landing page for itself, else the empty shell (whose
 * router then redirects, as for / and /home).
 */

/** The message the page posts to let a waiting service worker take over (the "Reload" button). */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

export const SHELL_FILE = '/index.html';
export const APP_SHELL_FILE = '/app-shell.html';
export const LANDING_FILE = '/home/landing.html';

export function navigationFile(pathname: string): string {
  if (/^\/app(\/|$)/.test(pathname)) return APP_SHELL_FILE;
  // Only at its own address: rendered ahead for /home/landing, it would not match another route.
  if (pathname === '/home/landing') return LANDING_FILE;
  return SHELL_FILE;
}
