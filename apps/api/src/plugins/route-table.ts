import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** One method of one route, at its full path. */
export interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the server has, in the order it was added, one entry a method. */
    routeTable: readonly RouteEntry[];
  }
}

/**
 * Collects each route as Fastify adds it, through the public `onRoute` hook, so a route added
 * anywhere is listed without anyone being told. Registered before every route, as the hook only
 * hears routes added after it. A HEAD route Fastify adds beside a GET is heard too.
 */
export const routeTablePlugin = fp(
  async (app: FastifyInstance) => {
    const routes: RouteEntry[] = [];
    app.decorate('routeTable', routes);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    });
  },
  { name: 'route-table' },
);
