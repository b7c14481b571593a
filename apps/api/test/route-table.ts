import type { FastifyInstance, HTTPMethods } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
}

const LINE = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every route the server has, read from its own route table (`printRoutes`), so a route added
 * anywhere shows up here without the tests being told. Each parsed route is checked back with
 * `hasRoute` (all but wildcards), so a change in the printed format fails loudly instead of
 * hiding routes.
 */
export function listRoutes(app: FastifyInstance): RouteEntry[] {
  const printed = app.printRoutes({ commonPrefix: false });
  const routes: RouteEntry[] = [];
  const prefixes: string[] = [];
  for (const line of printed.split('\n')) {
    if (line.trim() === '') continue;
    const match = LINE.exec(line);
    if (!match)
      throw new Error(`Cannot read this line of the route table: ${JSON.stringify(line)}`);
    const depth = match[1]!.length / 4;
    const url = (depth > 0 ? prefixes[depth - 1]! : '') + match[2]!;
    prefixes.length = depth;
    prefixes[depth] = url;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      routes.push({ method, url });
    }
  }
  for (const route of routes) {
    // Wildcard routes print relative to their node ('*' for '/*'); hasRoute cannot look them up.
    if (route.url.includes('*')) continue;
    if (!app.hasRoute({ method: route.method as HTTPMethods, url: route.url })) {
      throw new Error(`Parsed a route the server does not have: ${route.method} ${route.url}`);
    }
  }
  return routes;
}

/**
 * The routes under a prefix as 'METHOD /path' (the prefix taken off), leaving out what Fastify
 * adds by itself: HEAD beside a GET of the same path.
 */
export function routeKeys(routes: RouteEntry[], prefix: string): string[] {
  const under = routes.filter((r) => r.url.startsWith(`${prefix}/`));
  const hasGet = new Set(under.filter((r) => r.method === 'GET').map((r) => r.url));
  return under
    .filter((r) => !(r.method === 'HEAD' && hasGet.has(r.url)))
    .map((r) => `${r.method} ${r.url.slice(prefix.length)}`)
    .sort();
}
