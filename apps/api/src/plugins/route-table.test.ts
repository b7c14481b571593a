import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { routeTablePlugin } from './route-table';

describe('routeTablePlugin', () => {
  it('lists every route added after it, one entry a method, at its full path', async () => {
    const app = Fastify();
    await app.register(routeTablePlugin);
    app.get('/health', async () => 'ok');
    await app.register(
      async (scope) => {
        scope.route({ method: ['POST', 'PUT'], url: '/goal', handler: async () => 'ok' });
        scope.all('/files/*', async () => 'ok');
      },
      { prefix: '/api/v1' },
    );
    await app.ready();

    const keys = app.routeTable.map((r) => `${r.method} ${r.url}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /health',
        // Fastify's own HEAD beside a GET goes through the hook too.
        'HEAD /health',
        'POST /api/v1/goal',
        'PUT /api/v1/goal',
        'DELETE /api/v1/files/*',
      ]),
    );
    for (const route of app.routeTable.filter((r) => !r.url.includes('*'))) {
      expect(app.hasRoute({ method: route.method as 'GET', url: route.url })).toBe(true);
    }
    await app.close();
  });
});
