import { createServer as createHttpServer, type Server } from 'node:http';
import {
  createServer as createTcpServer,
  type AddressInfo,
  type Server as TcpServer,
} from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pushSubscriptions, sessions } from '../../db/schema';
import { call, useTestApp, type TestContext } from '../../../test/app';
import { buildUser, type TestUser, pushEndpointsOf } from '../../../test/factories';
import { startPushService, type TestPushService } from '../../../test/push-service';
import { pushEndpointPolicy } from './push-endpoint';
import { runReminderTick } from './reminder-tick';
import { createWebPushSender } from './web-push-sender';

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const KEYS = {
  p256dh: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
  auth: 'R9sidzkcdf-i5TmIa6mQMw',
};

/** A listener on 127.0.0.1 that counts every TCP connection made to it, whatever is spoken. */
async function startCountingListener(): Promise<{
  port: number;
  connections: () => number;
  close(): Promise<void>;
}> {
  let count = 0;
  const server: TcpServer = createTcpServer((socket) => {
    count += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The reminder on at 09:00 every day, for a user whose subscriptions the test stores. */
async function remindAtNine(ctx: TestContext, user: TestUser) {
  const res = await call(ctx.app, 'PATCH', `/api/v1/preferences?id=${user.id}`, {
    token: user.token,
    body: { reminder: { enabled: true, time: '09:00', weekdays: EVERY_DAY } },
  });
  expect(res.statusCode).toBe(200);
}

/** A subscription as an older version stored it, before the endpoint was checked on subscribe. */
async function storeSubscription(ctx: TestContext, user: TestUser, endpoint: string) {
  // The user's one session, made by buildUser.
  const [session] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, user.id));
  await ctx.db.insert(pushSubscriptions).values({
    userId: user.id,
    sessionId: session!.id,
    endpoint,
    ...KEYS,
    createdAt: ctx.clock.now(),
  });
}

describe('the reminder tick in production: only public addresses of push services', () => {
  // `localhost` added as if it were a push service's name: a name that resolves to loopback.
  const ctx = useTestApp({
    failOnServerErrors: true,
    env: { NODE_ENV: 'production', EMAIL_VERIFICATION: 'off', PUSH_SERVICE_HOSTS: 'localhost' },
  });
  let listener: Awaited<ReturnType<typeof startCountingListener>>;
  beforeAll(async () => {
    listener = await startCountingListener();
  });
  afterAll(() => listener.close());

  const tick = () =>
    runReminderTick({
      db: ctx.db,
      now: ctx.clock.now(),
      sender: createWebPushSender(ctx.app.vapid, { policy: pushEndpointPolicy(ctx.env) }),
      log: ctx.app.log,
    });

  it('never connects to a listed name that resolves to loopback, and drops its subscription', async () => {
    ctx.clock.set('2026-06-01T08:00:00Z');
    const user = await buildUser(ctx);
    const endpoint = `https://localhost:${listener.port}/internal-admin`;
    const sub = await call(ctx.app, 'POST', '/api/v1/push/subscriptions', {
      token: user.token,
      body: { id: user.id, endpoint, keys: KEYS },
    });
    expect(sub.statusCode).toBe(201); // the name is on the list; what it resolves to is not
    await remindAtNine(ctx, user);
    ctx.clock.set('2026-06-01T09:00:00Z');
    expect(await tick()).toMatchObject({ reminded: 1, sent: 0, removed: 1 });
    expect(listener.connections()).toBe(0);
    expect(await pushEndpointsOf(ctx, user.id)).toEqual([]);
  });

  it('never connects to a subscription stored before the rule, and drops it at its next send', async () => {
    ctx.clock.set('2026-06-02T08:00:00Z');
    const inside = [
      `https://127.0.0.1:${listener.port}/internal-admin`,
      `https://[::ffff:127.0.0.1]:${listener.port}/x`,
      `https://2130706433:${listener.port}/x`,
      `http://127.0.0.1:${listener.port}/internal-admin`,
    ];
    const users: TestUser[] = [];
    for (const endpoint of inside) {
      const user = await buildUser(ctx);
      await storeSubscription(ctx, user, endpoint);
      await remindAtNine(ctx, user);
      users.push(user);
    }
    ctx.clock.set('2026-06-02T09:00:00Z');
    expect(await tick()).toMatchObject({
      reminded: inside.length,
      sent: 0,
      removed: inside.length,
    });
    expect(listener.connections()).toBe(0);
    for (const user of users) expect(await pushEndpointsOf(ctx, user.id)).toEqual([]);
  });

  it('never connects to a push service name that now resolves inside (DNS rebinding)', async () => {
    ctx.clock.set('2026-06-03T08:00:00Z');
    const user = await buildUser(ctx);
    const endpoint = `https://fcm.googleapis.com:${listener.port}/fcm/send/device`;
    await storeSubscription(ctx, user, endpoint);
    await remindAtNine(ctx, user);
    ctx.clock.set('2026-06-03T09:00:00Z');
    const rebound = createWebPushSender(ctx.app.vapid, {
      policy: pushEndpointPolicy(ctx.env),
      // The DNS answer, outside the product: the push service's name pointed at this machine.
      resolveAll: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const result = await runReminderTick({
      db: ctx.db,
      now: ctx.clock.now(),
      sender: rebound,
      log: ctx.app.log,
    });
    expect(result).toMatchObject({ reminded: 1, sent: 0, removed: 1 });
    expect(listener.connections()).toBe(0);
  });
});

describe('the reminder tick outside production, with a test push service on loopback allowed', () => {
  const ctx = useTestApp({
    failOnServerErrors: true,
    env: { PUSH_ALLOW_LOOPBACK: 'true' },
  });
  let push: TestPushService;
  let silent: Server;
  let redirecting: Server;
  let target: Awaited<ReturnType<typeof startCountingListener>>;
  beforeAll(async () => {
    push = await startPushService();
    target = await startCountingListener();
    // A push service that takes the request and never answers.
    silent = createHttpServer(() => {});
    redirecting = createHttpServer((_req, res) => {
      res.writeHead(307, { location: `http://127.0.0.1:${target.port}/elsewhere` }).end();
    });
    await Promise.all(
      [silent, redirecting].map(
        (s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve)),
      ),
    );
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await Promise.all([
      push.close(),
      target.close(),
      ...[silent, redirecting].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
    ]);
  });
  const portOf = (server: Server) => (server.address() as AddressInfo).port;

  it('reaches the test push service by a name that resolves to it', async () => {
    ctx.clock.set('2026-06-01T08:00:00Z');
    const user = await buildUser(ctx);
    const device = push.device();
    const endpoint = device.endpoint.replace('127.0.0.1', 'localhost');
    const sub = await call(ctx.app, 'POST', '/api/v1/push/subscriptions', {
      token: user.token,
      body: { id: user.id, endpoint, keys: device.keys },
    });
    expect(sub.statusCode).toBe(201);
    await remindAtNine(ctx, user);
    ctx.clock.set('2026-06-01T09:00:00Z');
    const result = await runReminderTick({
      db: ctx.db,
      now: ctx.clock.now(),
      sender: createWebPushSender(ctx.app.vapid, { policy: pushEndpointPolicy(ctx.env) }),
      log: ctx.app.log,
    });
    expect(result).toMatchObject({ reminded: 1, sent: 1, removed: 0 });
    expect(push.receivedBy(device)).toHaveLength(1);
    await call(ctx.app, 'PATCH', `/api/v1/preferences?id=${user.id}`, {
      token: user.token,
      body: { reminder: { enabled: false, time: '09:00', weekdays: EVERY_DAY } },
    });
  });

  it('gives up on a push service that does not answer, follows no redirect, and reminds the others', async () => {
    ctx.clock.set('2026-06-02T08:00:00Z');
    const slow = await buildUser(ctx);
    const moved = await buildUser(ctx);
    const others = [await buildUser(ctx), await buildUser(ctx)];
    await storeSubscription(ctx, slow, `http://127.0.0.1:${portOf(silent)}/push/slow`);
    await storeSubscription(ctx, moved, `http://127.0.0.1:${portOf(redirecting)}/push/moved`);
    const devices = [];
    for (const user of others) {
      const device = push.device();
      devices.push(device);
      const sub = await call(ctx.app, 'POST', '/api/v1/push/subscriptions', {
        token: user.token,
        body: { id: user.id, endpoint: device.endpoint, keys: device.keys },
      });
      expect(sub.statusCode).toBe(201);
    }
    for (const user of [slow, moved, ...others]) await remindAtNine(ctx, user);
    ctx.clock.set('2026-06-02T09:00:00Z');
    const result = await runReminderTick({
      db: ctx.db,
      now: ctx.clock.now(),
      sender: createWebPushSender(ctx.app.vapid, {
        policy: pushEndpointPolicy(ctx.env),
        timeoutMs: 300,
      }),
      log: ctx.app.log,
    });
    expect(result).toMatchObject({ reminded: 4, sent: 2, removed: 0 });
    for (const device of devices) expect(push.receivedBy(device)).toHaveLength(1);
    expect(target.connections()).toBe(0); // the 307 was not followed
    // Neither a silence nor a redirect is a gone device: both subscriptions stay.
    expect(await pushEndpointsOf(ctx, slow.id)).toHaveLength(1);
    expect(await pushEndpointsOf(ctx, moved.id)).toHaveLength(1);
  });
});
