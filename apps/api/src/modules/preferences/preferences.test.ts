import { DEFAULT_PREFERENCES } from '@wellspring/shared';
import { eq } from 'drizzle-orm';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env';
import { pushSubscriptions, userPreferences } from '../../db/schema';
import { loadVapidKeys } from '../../lib/crypto/vapid-keys';
import { call, useTestApp } from '../../../test/app';
import { buildSession, buildUser, type TestUser, pushEndpointsOf } from '../../../test/factories';

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function devicePayload(user: TestUser, name: string) {
  return {
    id: user.id,
    endpoint: `https://fcm.googleapis.com/fcm/send/${name}-${user.id}`,
    keys: { p256dh: `key-${name}`, auth: `auth-${name}` },
  };
}

describe('preferences and push subscriptions', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  const get = (user: TestUser) =>
    call(ctx.app, 'GET', `/api/v1/preferences?id=${user.id}`, { token: user.token });
  const patch = (user: TestUser, body: unknown) =>
    call(ctx.app, 'PATCH', `/api/v1/preferences?id=${user.id}`, { token: user.token, body });
  const subscribe = (user: TestUser, name: string, token = user.token) =>
    call(ctx.app, 'POST', '/api/v1/push/subscriptions', {
      token,
      body: devicePayload(user, name),
    });

  it('answers the defaults until saved, then what was saved; each part alone keeps the other', async () => {
    const user = await buildUser(ctx);
    expect((await get(user)).json()).toEqual({ status: 'success', data: DEFAULT_PREFERENCES });
    const themed = await patch(user, { theme: 'dark' });
    expect(themed.json().data).toEqual({ ...DEFAULT_PREFERENCES, theme: 'dark' });
    const reminder = { enabled: true, time: '07:30', weekdays: ['Monday', 'Friday'] };
    const saved = { theme: 'dark', reminder, onThisDayShowsLowDays: false, measureReminder: false };
    expect((await patch(user, { reminder })).json().data).toEqual(saved);
    expect((await patch(user, { theme: 'light' })).json().data).toEqual({
      ...saved,
      theme: 'light',
    });
    expect((await get(user)).json().data).toEqual({ ...saved, theme: 'light' });
  });

  it('keeps whether On this day shows low days, off by default, apart from the other parts', async () => {
    const user = await buildUser(ctx);
    const on = await patch(user, { onThisDayShowsLowDays: true });
    expect(on.json().data).toEqual({ ...DEFAULT_PREFERENCES, onThisDayShowsLowDays: true });
    await patch(user, { theme: 'dark' });
    expect((await get(user)).json().data).toEqual({
      ...DEFAULT_PREFERENCES,
      theme: 'dark',
      onThisDayShowsLowDays: true,
    });
    await patch(user, { onThisDayShowsLowDays: false });
    expect((await get(user)).json().data.onThisDayShowsLowDays).toBe(false);
    expect((await patch(user, { onThisDayShowsLowDays: 'yes' })).statusCode).toBe(400);
  });

  it('keeps the questionnaire reminder, off by default, apart from the daily reminder', async () => {
    const user = await buildUser(ctx);
    const on = await patch(user, { measureReminder: true });
    expect(on.json().data).toEqual({ ...DEFAULT_PREFERENCES, measureReminder: true });
    const reminder = { enabled: true, time: '07:30', weekdays: ['Monday'] };
    await patch(user, { reminder });
    expect((await get(user)).json().data).toMatchObject({ reminder, measureReminder: true });
    expect((await patch(user, { measureReminder: 1 })).statusCode).toBe(400);
  });

  it('refuses a time, weekday or theme outside the contract, and changes nothing', async () => {
    const user = await buildUser(ctx);
    for (const body of [
      { theme: 'blue' },
      { reminder: { enabled: true, time: '24:00', weekdays: [] } },
      { reminder: { enabled: true, time: '7:30', weekdays: [] } },
      { reminder: { enabled: true, time: '07:30', weekdays: ['Funday'] } },
      { reminder: { enabled: true, time: '07:30', weekdays: ['Monday', 'Monday'] } },
      { reminder: { enabled: true, time: '07:30' } },
    ]) {
      expect((await patch(user, body)).statusCode).toBe(400);
    }
    expect((await get(user)).json().data).toEqual(DEFAULT_PREFERENCES);
  });

  it('answers the VAPID public key: a P-256 point, the same on every call', async () => {
    const user = await buildUser(ctx);
    const res = await call(ctx.app, 'GET', '/api/v1/push/key', { token: user.token });
    const { publicKey } = res.json().data as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(publicKey).toBe(ctx.app.vapid.publicKey);
  });

  it('keeps a subscription per device; the same session refreshes it, another sign-in cannot take it', async () => {
    const ada = await buildUser(ctx);
    const bo = await buildUser(ctx);
    const res = await subscribe(ada, 'phone');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.endpoint).toBe(devicePayload(ada, 'phone').endpoint);
    const refreshed = await call(ctx.app, 'POST', '/api/v1/push/subscriptions', {
      token: ada.token,
      body: { ...devicePayload(ada, 'phone'), keys: { p256dh: 'key-new', auth: 'auth-new' } },
    });
    expect(refreshed.statusCode).toBe(201); // again from the same session: still one row
    expect(await pushEndpointsOf(ctx, ada.id)).toEqual([devicePayload(ada, 'phone').endpoint]);
    // Bo, or another session of Ada's, posting Ada's endpoint: refused, and Ada's row untouched.
    for (const [token, id] of [
      [bo.token, bo.id],
      [await buildSession(ctx, ada), ada.id],
    ] as const) {
      const taken = await call(ctx.app, 'POST', '/api/v1/push/subscriptions', {
        token,
        body: { ...devicePayload(ada, 'phone'), id, keys: { p256dh: 'key-bo', auth: 'auth-bo' } },
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('PUSH_ENDPOINT_TAKEN');
    }
    expect(await pushEndpointsOf(ctx, bo.id)).toEqual([]);
    const [row] = await ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, ada.id));
    expect(row).toMatchObject({ p256dh: 'key-new', auth: 'auth-new' });
  });

  it('unsubscribes one endpoint of the user’s own, and answers 0 for one already gone', async () => {
    const user = await buildUser(ctx);
    await subscribe(user, 'phone');
    await subscribe(user, 'laptop', await buildSession(ctx, user));
    const del = (endpoint: string) =>
      call(ctx.app, 'DELETE', '/api/v1/push/subscriptions', {
        token: user.token,
        body: { id: user.id, endpoint },
      });
    expect((await del(devicePayload(user, 'phone').endpoint)).json().data).toEqual({ removed: 1 });
    expect((await del(devicePayload(user, 'phone').endpoint)).json().data).toEqual({ removed: 0 });
    expect(await pushEndpointsOf(ctx, user.id)).toEqual([devicePayload(user, 'laptop').endpoint]);
  });

  it('logging out on a device removes that device’s subscription, and only that one', async () => {
    const user = await buildUser(ctx);
    const laptopToken = await buildSession(ctx, user);
    await subscribe(user, 'phone');
    await subscribe(user, 'laptop', laptopToken);
    const out = await call(ctx.app, 'POST', '/api/v1/auth/logout', { token: user.token });
    expect(out.statusCode).toBe(200);
    expect(await pushEndpointsOf(ctx, user.id)).toEqual([devicePayload(user, 'laptop').endpoint]);
  });

  it('ending a session from another device removes that session’s subscription', async () => {
    const user = await buildUser(ctx);
    const laptopToken = await buildSession(ctx, user);
    await subscribe(user, 'laptop', laptopToken);
    const [row] = await ctx.db
      .select({ sessionId: pushSubscriptions.sessionId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    const res = await call(ctx.app, 'DELETE', `/api/v1/auth/sessions/${row!.sessionId}`, {
      token: user.token,
    });
    expect(res.statusCode).toBe(200);
    expect(await pushEndpointsOf(ctx, user.id)).toEqual([]);
  });

  it('turning the reminder off removes every device’s subscription; a theme change does not', async () => {
    const user = await buildUser(ctx);
    const laptopToken = await buildSession(ctx, user);
    await patch(user, { reminder: { enabled: true, time: '20:00', weekdays: EVERY_DAY } });
    await subscribe(user, 'phone');
    await subscribe(user, 'laptop', laptopToken);
    await patch(user, { theme: 'dark' });
    expect(await pushEndpointsOf(ctx, user.id)).toHaveLength(2);
    const off = await patch(user, {
      reminder: { enabled: false, time: '20:00', weekdays: EVERY_DAY },
    });
    expect(off.json().data.reminder.enabled).toBe(false);
    expect(await pushEndpointsOf(ctx, user.id)).toEqual([]);
  });

  it('deleting the account removes its preferences and subscriptions', async () => {
    const user = await buildUser(ctx);
    await patch(user, { reminder: { enabled: true, time: '20:00', weekdays: EVERY_DAY } });
    await subscribe(user, 'phone');
    const res = await call(ctx.app, 'DELETE', '/api/v1/account', {
      token: user.token,
      body: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    expect(await pushEndpointsOf(ctx, user.id)).toEqual([]);
    const prefs = await ctx.db
      .select()
      .from(userPreferences)
      .where(eq(userPreferences.userId, user.id));
    expect(prefs).toEqual([]);
  });
});

describe('the VAPID keys', () => {
  const base = { MAIL_FROM: 'Wellspring <hello@example.test>' };

  it('are made once at first start in DATA_DIR, owner-only, and read back after', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ws-vapid-'));
    try {
      const env = loadEnv({ ...base, DATA_DIR: dataDir });
      const made = loadVapidKeys(env);
      const file = path.join(dataDir, 'vapid.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
        publicKey: made.publicKey,
        privateKey: made.privateKey,
      });
      expect(loadVapidKeys(env)).toEqual(made);
      expect(made.subject).toBe('mailto:hello@example.test');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('come from VAPID_* when set (both keys or neither), and no file is written', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ws-vapid-'));
    try {
      const pair = loadVapidKeys(loadEnv({ ...base, DATA_DIR: path.join(dataDir, 'made') }));
      const env = loadEnv({
        ...base,
        DATA_DIR: dataDir,
        VAPID_PUBLIC_KEY: pair.publicKey,
        VAPID_PRIVATE_KEY: pair.privateKey,
        VAPID_SUBJECT: 'https://wellspring.example',
      });
      expect(loadVapidKeys(env)).toEqual({ ...pair, subject: 'https://wellspring.example' });
      expect(() => statSync(path.join(dataDir, 'vapid.json'))).toThrow();
      expect(() => loadEnv({ ...base, VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(
        /VAPID_PRIVATE_KEY/,
      );
      expect(() => loadEnv({ ...base, VAPID_SUBJECT: 'http://example.test' })).toThrow(
        /VAPID_SUBJECT/,
      );
      expect(() =>
        loadVapidKeys(loadEnv({ ...base, VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'x' })),
      ).toThrow(/65 bytes/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
