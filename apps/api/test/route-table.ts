import type { RouteEntry } from '../src/plugins/route-table';

/**
 * The routes under a prefix as 'METHOD /path' (the prefix taken off), from the server's own
 * route table (`app.routeTable`), leaving out what Fastify adds by itself: HEAD beside a GET of
 * the same path.
 */
export function routeKeys(routes: readonly RouteEntry[], prefix: string): string[] {
  const under = routes.filter((r) => r.url.startsWith(`${prefix}/`));
  const hasGet = new Set(under.filter((r) => r.method === 'GET').map((r) => r.url));
  return under
    .filter((r) => !(r.method === 'HEAD' && hasGet.has(r.url)))
    .map((r) => `${r.method} ${r.url.slice(prefix.length)}`)
    .sort();
}
