import { MEASURE_REMINDER_NOTIFICATION, REMINDER_NOTIFICATION } from '@wellspring/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, useTestApp, type TestContext } from '../../../test/app';
import { buildSession, buildUser, type TestUser, pushEndpointsOf } from '../../../test/factories';
import {
  decryptPush,
  startPushService,
  verifyVapid,
  type TestDevice,
  type TestPushService,
} from '../../../test/push-service';
import { runReminderTick } from './reminder-tick';
import { pushEndpointPolicy } from './push-endpoint';
import { createWebPushSender } from './web-push-sender';

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

describe('the check-in reminder schedule', () => {
  // The test push service listens on loopback, allowed outside production (decision 063).
  const ctx = useTestApp({ failOnServerErrors: true, env: { PUSH_ALLOW_LOOPBACK: 'true' } });
  let push: TestPushService;
  beforeAll(async () => {
    push = await startPushService();
  });
  afterAll(() => push.close());

  const tick = (context: TestContext = ctx) =>
    runReminderTick({
      db: context.db,
      now: context.clock.now(),
      sender: createWebPushSender(context.app.vapid, { policy: pushEndpointPolicy(context.env) }),
      log: context.app.log,
    });

  /** A user with the reminder on and one device subscribed through the API. */
  async function remindedUser(
    options: { timeZone?: string; time?: string; weekdays?: string[]; devices?: number } = {},
  ): Promise<{ user: TestUser; devices: TestDevice[] }> {
    const user = await buildUser(ctx, { timeZone: options.timeZone ?? 'UTC' });
    const devices: TestDevice[] = [];
    for (let i = 0; i < (options.devices ?? 1); i += 1) {
      const device = push.device();
      // A device a session: a session keeps one subscription.
      const res = await call(ctx.app, 'POST', '/api/v1/push/subscriptions', {
        token: i === 0 ? user.token : await buildSession(ctx, user),
        body: { id: user.id, endpoint: device.endpoint, keys: device.keys },
      });
      expect(res.statusCode).toBe(201);
      devices.push(device);
    }
    const res = await call(ctx.app, 'PATCH', `/api/v1/preferences?id=${user.id}`, {
      token: user.token,
      body: {
        reminder: {
          enabled: true,
          time: options.time ?? '20:00',
          weekdays: options.weekdays ?? EVERY_DAY,
        },
      },
    });
    expect(res.statusCode).toBe(200);
    return { user, devices };
  }

  it('sends one VAPID-signed, encrypted message that decrypts to the check-in text', async () => {
    ctx.clock.set('2026-03-10T12:00:00Z');
    const { devices } = await remindedUser({ time: '20:00', devices: 2 });
    expect((await tick()).reminded).toBe(0); // 12:00 UTC: not yet.

    ctx.clock.set('2026-03-10T20:00:00Z');
    const result = await tick();
    expect(result).toMatchObject({ reminded: 1, sent: 2, removed: 0 });
    for (const device of devices) {
      const [message, ...more] = push.receivedBy(device);
      expect(more).toEqual([]);
      const claims = verifyVapid(message!, device.endpoint, ctx.app.vapid.publicKey);
      expect(claims.sub).toBe(ctx.app.vapid.subject);
      expect(message!.headers.ttl).toBeDefined();
      expect(JSON.parse(decryptPush(message!, device))).toEqual(REMINDER_NOTIFICATION);
    }
    // The same day, later ticks send nothing more.
    ctx.clock.set('2026-03-10T23:30:00Z');
    expect((await tick()).reminded).toBe(0);
    for (const device of devices) expect(push.receivedBy(device)).toHaveLength(1);
    // The next day, it comes again.
    ctx.clock.set('2026-03-11T20:01:00Z');
    expect((await tick()).reminded).toBeGreaterThanOrEqual(1);
    for (const device of devices) expect(push.receivedBy(device)).toHaveLength(2);
  });

  it('reminds each user at the time in their own time zone, across a DST change', async () => {
    ctx.clock.set('2026-03-27T12:00:00Z');
    const berlin = await remindedUser({ timeZone: 'Europe/Berlin', time: '20:00' });
    const newYork = await remindedUser({ timeZone: 'America/New_York', time: '08:00' });
    const sent = (d: TestDevice[]) => push.receivedBy(d[0]!).length;

    // Saturday 28 March, Berlin on UTC+1: 20:00 local is 19:00 UTC.
    ctx.clock.set('2026-03-28T18:59:00Z');
    await tick();
    expect(sent(berlin.devices)).toBe(0);
    ctx.clock.set('2026-03-28T19:00:00Z');
    await tick();
    expect(sent(berlin.devices)).toBe(1);
    // Sunday 29 March, after the change to UTC+2: 20:00 local is 18:00 UTC.
    ctx.clock.set('2026-03-29T17:59:00Z');
    await tick();
    expect(sent(berlin.devices)).toBe(1);
    ctx.clock.set('2026-03-29T18:00:00Z');
    await tick();
    expect(sent(berlin.devices)).toBe(2);

    // New York (already on UTC-4 since 8 March): 08:00 local is 12:00 UTC.
    expect(sent(newYork.devices)).toBe(2); // 28th and 29th, ticked above after 12:00 UTC.
    ctx.clock.set('2026-03-30T11:59:00Z');
    await tick();
    expect(sent(newYork.devices)).toBe(2);
    ctx.clock.set('2026-03-30T12:00:00Z');
    await tick();
    expect(sent(newYork.devices)).toBe(3);
  });

  it('still sends a time missed while the server was down, later that day, not the next', async () => {
    ctx.clock.set('2026-04-01T06:00:00Z');
    const { devices } = await remindedUser({ time: '09:00' });
    // No tick ran between 09:00 and 22:00; the first one after still reminds, the same day.
    ctx.clock.set('2026-04-01T22:00:00Z');
    await tick();
    expect(push.receivedBy(devices[0]!)).toHaveLength(1);
  });

  it('sends nothing to a user who already set a mood today, or on a weekday left off', async () => {
    ctx.clock.set('2026-04-06T08:00:00Z'); // Monday
    const checkedIn = await remindedUser({ time: '09:00' });
    const mood = await call(ctx.app, 'PATCH', `/api/v1/user?id=${checkedIn.user.id}`, {
      token: checkedIn.user.token,
      body: { mood: 'Happy' },
    });
    expect(mood.statusCode).toBe(200);
    const weekendsOnly = await remindedUser({ time: '09:00', weekdays: ['Saturday', 'Sunday'] });
    ctx.clock.set('2026-04-06T10:00:00Z');
    await tick();
    expect(push.receivedBy(checkedIn.devices[0]!)).toEqual([]);
    expect(push.receivedBy(weekendsOnly.devices[0]!)).toEqual([]);
    // The next day has no mood yet: the first user is reminded then.
    ctx.clock.set('2026-04-07T10:00:00Z');
    await tick();
    expect(push.receivedBy(checkedIn.devices[0]!)).toHaveLength(1);
    expect(push.receivedBy(weekendsOnly.devices[0]!)).toEqual([]);
    ctx.clock.set('2026-04-11T10:00:00Z'); // Saturday
    await tick();
    expect(push.receivedBy(weekendsOnly.devices[0]!)).toHaveLength(1);
  });

  it('removes a subscription the push service answers 404 or 410, and keeps one it answers 500', async () => {
    ctx.clock.set('2026-04-13T08:00:00Z');
    const { user, devices } = await remindedUser({ time: '09:00', devices: 3 });
    push.answer(new URL(devices[0]!.endpoint).pathname, 404);
    push.answer(new URL(devices[1]!.endpoint).pathname, 410);
    push.answer(new URL(devices[2]!.endpoint).pathname, 500);
    ctx.clock.set('2026-04-13T09:00:00Z');
    expect((await tick()).removed).toBe(2);
    for (const device of devices) expect(push.receivedBy(device)).toHaveLength(1);
    const left = await pushEndpointsOf(ctx, user.id);
    expect(left).toEqual([devices[2]!.endpoint]);
  });

  it('sends nothing to a user who turned the reminder off', async () => {
    ctx.clock.set('2026-04-14T08:00:00Z');
    const { user, devices } = await remindedUser({ time: '09:00' });
    const off = await call(ctx.app, 'PATCH', `/api/v1/preferences?id=${user.id}`, {
      token: user.token,
      body: { reminder: { enabled: false, time: '09:00', weekdays: EVERY_DAY } },
    });
    expect(off.statusCode).toBe(200);
    ctx.clock.set('2026-04-14T10:00:00Z');
    await tick();
    expect(push.receivedBy(devices[0]!)).toEqual([]);
  });

  it('asks for the questionnaires every two weeks when that is on, counted from the last taken', async () => {
    ctx.clock.set('2026-05-04T08:00:00Z');
    const { user, devices } = await remindedUser({ time: '20:00' });
    const measuresOf = () =>
      push
        .receivedBy(devices[0]!)
        .map((message) => JSON.parse(decryptPush(message, devices[0]!)))
        .filter((payload) => payload.body === MEASURE_REMINDER_NOTIFICATION.body);
    ctx.clock.set('2026-05-04T20:00:00Z');
    await tick();
    expect(measuresOf()).toEqual([]); // Off by default.

    const on = await call(ctx.app, 'PATCH', `/api/v1/preferences?id=${user.id}`, {
      token: user.token,
      body: { measureReminder: true },
    });
    expect(on.statusCode).toBe(200);
    expect((await tick()).remindedOfMeasures).toBe(1); // Never taken: asked at once.
    expect((await tick()).remindedOfMeasures).toBe(0);
    expect(measuresOf()).toEqual([MEASURE_REMINDER_NOTIFICATION]);

    ctx.clock.set('2026-05-06T09:00:00Z');
    const taken = await call(ctx.app, 'POST', `/api/v1/measures/who5/results?id=${user.id}`, {
      token: await buildSession(ctx, user),
      body: { answers: [3, 3, 3, 3, 3] },
    });
    expect(taken.statusCode, taken.body).toBe(201);
    ctx.clock.set('2026-05-19T20:00:00Z');
    expect((await tick()).remindedOfMeasures).toBe(0); // 13 days after it was taken.
    ctx.clock.set('2026-05-20T20:00:00Z');
    expect((await tick()).remindedOfMeasures).toBe(1);
    expect(measuresOf()).toHaveLength(2);
  });
});
