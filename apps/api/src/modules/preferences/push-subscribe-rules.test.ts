import { describe, expect, it } from 'vitest';
import { call, useTestApp, type TestContext } from '../../../test/app';
import { buildSession, buildUser, type TestUser, pushEndpointsOf } from '../../../test/factories';
import { MAX_PUSH_SUBSCRIPTIONS_PER_ACCOUNT } from './preferences.service';

const KEYS = { p256dh: 'key', auth: 'auth' };

const subscribe = (ctx: TestContext, user: TestUser, endpoint: string, token = user.token) =>
  call(ctx.app, 'POST', '/api/v1/push/subscriptions', {
    token,
    body: { id: user.id, endpoint, keys: KEYS },
  });

/** Every kind of address that is no push service's: inside the network, or no push service. */
const FORBIDDEN = [
  'http://127.0.0.1:3000/internal-admin',
  'https://127.0.0.1/internal-admin',
  'https://localhost/internal-admin',
  'https://2130706433/', // 127.0.0.1 in decimal
  'https://0177.0.0.1/', // and in octal
  'https://[::1]/',
  'https://[::ffff:127.0.0.1]/',
  'https://0.0.0.0/',
  'https://10.0.0.1/',
  'https://192.168.1.1/admin',
  'https://169.254.169.254/latest/meta-data/',
  'https://[fd00::1]/',
  'https://[fe80::1]/',
  'https://[ff02::1]/',
  'https://8.8.8.8/',
  'https://push.example.org/device',
  'http://fcm.googleapis.com/fcm/send/device',
  'https://fcm.googleapis.com.attacker.example/device',
  'https://user:secret@fcm.googleapis.com/fcm/send/device',
];

describe('which push endpoints are kept (production and development alike)', () => {
  for (const nodeEnv of ['production', 'development'] as const) {
    describe(`NODE_ENV=${nodeEnv}`, () => {
      const ctx = useTestApp({
        failOnServerErrors: true,
        env: { NODE_ENV: nodeEnv, EMAIL_VERIFICATION: 'off' },
      });

      it('refuses every address that is not a push service with a 400 that says so, and stores nothing', async () => {
        const user = await buildUser(ctx);
        for (const endpoint of FORBIDDEN) {
          const res = await subscribe(ctx, user, endpoint);
          expect(res.statusCode, endpoint).toBe(400);
          expect(res.json(), endpoint).toMatchObject({
            status: 'fail',
            code: 'PUSH_ENDPOINT_NOT_ALLOWED',
            message: "The endpoint must be the https address of a browser's push service.",
          });
        }
        expect(await pushEndpointsOf(ctx, user.id)).toEqual([]);
      });

      it('keeps the address of a browser push service', async () => {
        const user = await buildUser(ctx);
        const endpoint = `https://updates.push.services.mozilla.com/wpush/v2/${user.id}`;
        expect((await subscribe(ctx, user, endpoint)).statusCode).toBe(201);
        expect(await pushEndpointsOf(ctx, user.id)).toEqual([endpoint]);
      });
    });
  }
});

describe('how many push subscriptions are kept', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  const fcm = (name: string) => `https://fcm.googleapis.com/fcm/send/${name}`;

  it('a session keeps its newest subscription only (a browser has one at a time)', async () => {
    const user = await buildUser(ctx);
    const other = await buildSession(ctx, user);
    expect((await subscribe(ctx, user, fcm(`${user.id}-old`))).statusCode).toBe(201);
    expect((await subscribe(ctx, user, fcm(`${user.id}-laptop`), other)).statusCode).toBe(201);
    expect((await subscribe(ctx, user, fcm(`${user.id}-new`))).statusCode).toBe(201);
    expect(await pushEndpointsOf(ctx, user.id)).toEqual(
      [fcm(`${user.id}-laptop`), fcm(`${user.id}-new`)].sort(),
    );
  });

  it(`an account keeps its newest ${MAX_PUSH_SUBSCRIPTIONS_PER_ACCOUNT}; one more replaces the oldest`, async () => {
    const user = await buildUser(ctx);
    const made: string[] = [];
    for (let i = 0; i <= MAX_PUSH_SUBSCRIPTIONS_PER_ACCOUNT; i += 1) {
      ctx.clock.advance(1000); // each a second newer than the last
      const endpoint = fcm(`${user.id}-${String(i).padStart(2, '0')}`);
      made.push(endpoint);
      const token = i === 0 ? user.token : await buildSession(ctx, user);
      expect((await subscribe(ctx, user, endpoint, token)).statusCode).toBe(201);
    }
    expect(await pushEndpointsOf(ctx, user.id)).toEqual(made.slice(1).sort());
  });
});
