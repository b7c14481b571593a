import { afterAll, describe, expect, it, vi } from 'vitest';

/**
 * The development provider's package (oidc-provider, with its Koa stack: start-up time, and a
 * warning on Node 20) is loaded only by a server that mounts it, never in production. Whether the
 * package was evaluated is what this file watches.
 */
const loaded = vi.hoisted(() => ({ oidcProvider: false }));
vi.mock('oidc-provider', async (importOriginal) => {
  loaded.oidcProvider = true;
  return importOriginal();
});

const { createTestApp } = await import('../../../../test/app');

describe('the development provider package', () => {
  const contexts: { close: () => Promise<void> }[] = [];
  afterAll(async () => {
    for (const ctx of contexts) await ctx.close();
  });

  it('is not loaded by a production server, and is by a development one that mounts it', async () => {
    contexts.push(
      await createTestApp({
        env: {
          NODE_ENV: 'production',
          PUBLIC_URL: 'https://wellspring.example',
          EMAIL_VERIFICATION: 'off',
        },
      }),
    );
    expect(loaded.oidcProvider).toBe(false);

    const dev = await createTestApp();
    contexts.push(dev);
    expect(loaded.oidcProvider).toBe(true);
    const res = await dev.app.inject({ url: '/dev-oidc/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
  });
});
