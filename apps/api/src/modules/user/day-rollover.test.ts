import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import {
  buildGoal,
  buildTask,
  buildUser,
  dumpUserRows,
  type TestUser,
} from '../../../test/factories';
import { moodEntries, tasks, users } from '../../db/schema';
import { isNewDay, rollOverDay } from './day-rollover';

const START = '2026-03-10T12:00:00.000Z';

describe('isNewDay', () => {
  it('is true before the first visit and on a later local date only', () => {
    expect(isNewDay(null, '2026-03-10')).toBe(true);
    expect(isNewDay('2026-03-09', '2026-03-10')).toBe(true);
    expect(isNewDay('2026-03-10', '2026-03-10')).toBe(false);
    expect(isNewDay('2026-03-11', '2026-03-10')).toBe(false);
    expect(isNewDay('2025-12-31', '2026-01-01')).toBe(true);
  });
});

describe('the day rollover', () => {
  const ctx = useTestApp();
  beforeEach(() => ctx.clock.set(START));

  const getUser = async (user: TestUser) => {
    const res = await call(ctx.app, 'GET', `/api/v1/user?id=${user.id}`, { token: user.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const patchUser = (user: TestUser, body: unknown) =>
    call(ctx.app, 'PATCH', `/api/v1/user?id=${user.id}`, { token: user.token, body });
  const listTasks = async (user: TestUser, query = '') => {
    const res = await call(ctx.app, 'GET', `/api/v1/task?id=${user.id}${query}`, {
      token: user.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: { id: string; status: string }[]; totalTaskCount: number };
  };
  const userRow = async (user: TestUser) =>
    (await ctx.db.select().from(users).where(eq(users.id, user.id)))[0]!;
  const taskStatuses = async (user: TestUser) =>
    Object.fromEntries(
      (await ctx.db.select().from(tasks).where(eq(tasks.userId, user.id))).map((t) => [
        t.id,
        t.status,
      ]),
    );

  /** A user who set a mood today, with a goal in progress. */
  async function moodyUser(timeZone = 'UTC') {
    const user = await buildUser(ctx, { timeZone, hasOnboarded: true });
    const set = await patchUser(user, { mood: 'Happy', hasSetMoodToday: true });
    expect(set.statusCode).toBe(200);
    const goal = await buildGoal(ctx, user);
    return { user, goal };
  }

  it('on the first call of a new local day resets the mood and expires the tasks of earlier days', async () => {
    const { user, goal } = await moodyUser();
    const first = await buildTask(ctx, user, goal.id, { offset: 0 });
    const second = await buildTask(ctx, user, goal.id, { offset: 1 });
    const done = await buildTask(ctx, user, goal.id, { offset: 2, status: 'Completed' });
    expect((await listTasks(user)).totalTaskCount).toBe(3);

    // Later the same day: nothing happens.
    ctx.clock.set('2026-03-10T23:59:59.999Z');
    expect(await getUser(user)).toMatchObject({
      mood: 'Happy',
      hasSetMoodToday: true,
      unannouncedExpiredTaskCount: 0,
    });
    expect(await taskStatuses(user)).toEqual({
      [first.id]: 'OnGoing',
      [second.id]: 'OnGoing',
      [done.id]: 'Completed',
    });

    ctx.clock.set('2026-03-11T00:00:00.000Z');
    expect(await getUser(user)).toMatchObject({
      mood: 'Unknown',
      hasSetMoodToday: false,
      unannouncedExpiredTaskCount: 2,
      hasOnboarded: true,
    });
    expect(await taskStatuses(user)).toEqual({
      [first.id]: 'Expired',
      [second.id]: 'Expired',
      [done.id]: 'Completed',
    });
    const listed = await listTasks(user);
    expect(listed.data.map((t) => t.id)).toEqual([done.id]);
    expect(listed.totalTaskCount).toBe(1);
    expect((await listTasks(user, '&status=OnGoing')).totalTaskCount).toBe(0);
    expect((await listTasks(user, '&status=Completed')).totalTaskCount).toBe(1);
    // The mood history of the day before is kept; only the current mood is reset.
    const history = await ctx.db.select().from(moodEntries).where(eq(moodEntries.userId, user.id));
    expect(history.map((m) => [m.localDate, m.mood])).toEqual([['2026-03-10', 'Happy']]);
    expect((await userRow(user)).lastActiveDate).toBe('2026-03-11');
  });

  it('adds the expired tasks to a count not yet announced, which only Close resets', async () => {
    const { user, goal } = await moodyUser();
    await buildTask(ctx, user, goal.id, { offset: 0 });
    await buildTask(ctx, user, goal.id, { offset: 1 });
    await ctx.db.update(users).set({ unannouncedExpiredTaskCount: 3 }).where(eq(users.id, user.id));

    ctx.clock.advanceDays(1);
    expect((await getUser(user)).unannouncedExpiredTaskCount).toBe(5);
    expect((await getUser(user)).unannouncedExpiredTaskCount).toBe(5);

    const close = await patchUser(user, { unannouncedExpiredTaskCount: 0 });
    expect(close.json().data.unannouncedExpiredTaskCount).toBe(0);
    ctx.clock.advance(3_600_000);
    expect((await getUser(user)).unannouncedExpiredTaskCount).toBe(0);

    // A day with nothing to expire adds nothing.
    ctx.clock.advanceDays(1);
    expect((await getUser(user)).unannouncedExpiredTaskCount).toBe(0);
  });

  it('keeps a task accepted on the new day itself', async () => {
    const { user, goal } = await moodyUser();
    // Yesterday's task, and one dated today although the user has not been seen today yet.
    const old = await buildTask(ctx, user, goal.id, {
      offset: 0,
      createdAt: new Date('2026-03-09T18:00:00Z'),
    });
    const fresh = await buildTask(ctx, user, goal.id, { offset: 1 });
    await ctx.db.update(users).set({ lastActiveDate: '2026-03-09' }).where(eq(users.id, user.id));

    expect((await getUser(user)).unannouncedExpiredTaskCount).toBe(1);
    expect(await taskStatuses(user)).toEqual({ [old.id]: 'Expired', [fresh.id]: 'OnGoing' });
    expect((await listTasks(user, '&status=OnGoing')).data.map((t) => t.id)).toEqual([fresh.id]);
  });

  it('runs once a day: what the user does after it stays for the rest of the day', async () => {
    const { user, goal } = await moodyUser();
    await buildTask(ctx, user, goal.id, { offset: 0 });
    ctx.clock.advanceDays(1);
    expect((await getUser(user)).mood).toBe('Unknown');

    expect((await patchUser(user, { mood: 'Sad', hasSetMoodToday: true })).statusCode).toBe(200);
    const accepted = await buildTask(ctx, user, goal.id, { offset: 3 });
    for (const hours of [1, 5, 11]) {
      ctx.clock.set(new Date(Date.parse('2026-03-11T12:00:00Z') + hours * 3_600_000));
      expect(await getUser(user)).toMatchObject({
        mood: 'Sad',
        hasSetMoodToday: true,
        unannouncedExpiredTaskCount: 1,
      });
    }
    expect((await taskStatuses(user))[accepted.id]).toBe('OnGoing');
  });

  it('runs before the first call of the day, so a mood set by that call stays', async () => {
    const { user } = await moodyUser();
    ctx.clock.advanceDays(1);
    const res = await patchUser(user, { mood: 'Ecstatic', hasSetMoodToday: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ mood: 'Ecstatic', hasSetMoodToday: true });
    expect(await getUser(user)).toMatchObject({ mood: 'Ecstatic', hasSetMoodToday: true });
    const history = await ctx.db
      .select()
      .from(moodEntries)
      .where(eq(moodEntries.userId, user.id))
      .orderBy(moodEntries.localDate);
    expect(history.map((m) => [m.localDate, m.mood])).toEqual([
      ['2026-03-10', 'Happy'],
      ['2026-03-11', 'Ecstatic'],
    ]);
  });

  it.each([
    ['GET /api/v1/diary', (id: string) => `/api/v1/diary?id=${id}`],
    ['GET /v1/history', (id: string) => `/v1/history?id=${id}`],
    ['GET /api/v1/goal', (id: string) => `/api/v1/goal?id=${id}`],
  ])('is run by any authenticated call, here %s', async (_label, url) => {
    const { user, goal } = await moodyUser();
    const task = await buildTask(ctx, user, goal.id, { offset: 0 });
    ctx.clock.advanceDays(1);
    const res = await call(ctx.app, 'GET', url(user.id), { token: user.token });
    expect(res.statusCode, res.body).toBe(200);
    const row = await userRow(user);
    expect(row).toMatchObject({
      mood: 'Unknown',
      hasSetMoodToday: false,
      unannouncedExpiredTaskCount: 1,
      lastActiveDate: '2026-03-11',
    });
    expect((await taskStatuses(user))[task.id]).toBe('Expired');
  });

  it('after several days away rolls over once, expiring everything older', async () => {
    const { user, goal } = await moodyUser();
    await buildTask(ctx, user, goal.id, { offset: 0 });
    ctx.clock.advanceDays(2);
    await buildTask(ctx, user, goal.id, { offset: 1 });
    await ctx.db.update(users).set({ mood: 'Sad' }).where(eq(users.id, user.id));
    ctx.clock.advanceDays(5);
    const data = await getUser(user);
    expect(data).toMatchObject({ mood: 'Unknown', unannouncedExpiredTaskCount: 2 });
    expect(Object.values(await taskStatuses(user))).toEqual(['Expired', 'Expired']);
    expect((await userRow(user)).lastActiveDate).toBe('2026-03-17');
  });

  describe("follows the user's local midnight, not UTC's", () => {
    it('Pacific/Kiritimati (UTC+14) rolls over at 10:00Z, while the UTC date stays the same', async () => {
      ctx.clock.set('2026-03-10T09:30:00Z'); // 23:30 on 10 March, locally
      const { user, goal } = await moodyUser('Pacific/Kiritimati');
      const task = await buildTask(ctx, user, goal.id, { offset: 0 });
      ctx.clock.set('2026-03-10T09:59:59Z');
      expect((await getUser(user)).mood).toBe('Happy');
      ctx.clock.set('2026-03-10T10:00:01Z'); // 00:00:01 on 11 March, locally
      expect(await getUser(user)).toMatchObject({
        mood: 'Unknown',
        unannouncedExpiredTaskCount: 1,
      });
      expect((await taskStatuses(user))[task.id]).toBe('Expired');
      expect((await userRow(user)).lastActiveDate).toBe('2026-03-11');
    });

    it('America/Los_Angeles (UTC-7) does not roll over at UTC midnight but at 07:00Z', async () => {
      const { user, goal } = await moodyUser('America/Los_Angeles'); // 05:00 on 10 March, locally
      ctx.clock.set('2026-03-11T06:30:00Z'); // 23:30 on 10 March, locally
      const late = await buildTask(ctx, user, goal.id, { offset: 0 });
      ctx.clock.set('2026-03-11T01:00:00Z'); // the next day by UTC, still the 10th locally
      expect(await getUser(user)).toMatchObject({ mood: 'Happy', unannouncedExpiredTaskCount: 0 });
      ctx.clock.set('2026-03-11T06:59:59Z');
      expect((await getUser(user)).mood).toBe('Happy');
      expect((await taskStatuses(user))[late.id]).toBe('OnGoing');
      ctx.clock.set('2026-03-11T07:00:01Z');
      expect(await getUser(user)).toMatchObject({
        mood: 'Unknown',
        unannouncedExpiredTaskCount: 1,
      });
      expect((await taskStatuses(user))[late.id]).toBe('Expired');
    });
  });

  describe('idempotence', () => {
    it('twenty concurrent first calls of the day, across routes, roll over once', async () => {
      const { user, goal } = await moodyUser();
      for (const offset of [0, 1, 2]) await buildTask(ctx, user, goal.id, { offset });
      await ctx.db
        .update(users)
        .set({ unannouncedExpiredTaskCount: 1 })
        .where(eq(users.id, user.id));
      ctx.clock.advanceDays(1);
      const urls = [
        `/api/v1/user?id=${user.id}`,
        `/api/v1/task?id=${user.id}`,
        `/api/v1/diary?id=${user.id}`,
        `/api/v1/history?id=${user.id}`,
        `/v1/user?id=${user.id}&fields=mood`,
      ];
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(ctx.app, 'GET', urls[i % urls.length]!, { token: user.token }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      const row = await userRow(user);
      expect(row).toMatchObject({
        mood: 'Unknown',
        hasSetMoodToday: false,
        unannouncedExpiredTaskCount: 4,
        lastActiveDate: '2026-03-11',
      });
      expect(Object.values(await taskStatuses(user))).toEqual(['Expired', 'Expired', 'Expired']);
    });

    it('every one of twenty concurrent first calls already sees the rolled-over user', async () => {
      const { user, goal } = await moodyUser();
      for (const offset of [0, 1, 2]) await buildTask(ctx, user, goal.id, { offset });
      ctx.clock.advanceDays(1);
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          call(ctx.app, 'GET', `/api/v1/user?id=${user.id}`, { token: user.token }),
        ),
      );
      for (const res of results) {
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toMatchObject({
          mood: 'Unknown',
          hasSetMoodToday: false,
          unannouncedExpiredTaskCount: 3,
        });
      }
      expect((await userRow(user)).unannouncedExpiredTaskCount).toBe(3);
    });

    it('a mood set amid a burst of first calls of the day is not wiped by a late rollover', async () => {
      const { user, goal } = await moodyUser();
      await buildTask(ctx, user, goal.id, { offset: 0 });
      ctx.clock.advanceDays(1);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i === 0
            ? patchUser(user, { mood: 'Neutral', hasSetMoodToday: true })
            : call(ctx.app, 'GET', `/api/v1/user?id=${user.id}&fields=mood`, { token: user.token }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect(await userRow(user)).toMatchObject({
        mood: 'Neutral',
        hasSetMoodToday: true,
        unannouncedExpiredTaskCount: 1,
      });
    });

    it('twenty concurrent Close calls on the new day leave the count at 0, not re-added', async () => {
      const { user, goal } = await moodyUser();
      await buildTask(ctx, user, goal.id, { offset: 0 });
      ctx.clock.advanceDays(1);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => patchUser(user, { unannouncedExpiredTaskCount: 0 })),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect((await userRow(user)).unannouncedExpiredTaskCount).toBe(0);
      expect((await getUser(user)).unannouncedExpiredTaskCount).toBe(0);
    });
  });

  // The auth hook checks the marker before it calls the rollover, so the tests above cannot tell
  // whether the rollover's own check, under the row lock, is there: these call it as a caller that
  // read the old marker just before another one rolled the day over.
  describe('the check under the lock', () => {
    it('a second rollover of the same day, by a caller that read the old marker, changes nothing', async () => {
      const { user, goal } = await moodyUser();
      await buildTask(ctx, user, goal.id, { offset: 0 });
      ctx.clock.advanceDays(1);
      await rollOverDay(ctx.db, user.id, '2026-03-11');
      expect(await userRow(user)).toMatchObject({
        mood: 'Unknown',
        unannouncedExpiredTaskCount: 1,
        lastActiveDate: '2026-03-11',
      });
      const set = await patchUser(user, { mood: 'Neutral', hasSetMoodToday: true });
      expect(set.statusCode).toBe(200);
      const before = await dumpUserRows(ctx, user.id);

      await rollOverDay(ctx.db, user.id, '2026-03-11');

      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
      expect(await userRow(user)).toMatchObject({
        mood: 'Neutral',
        hasSetMoodToday: true,
        unannouncedExpiredTaskCount: 1,
      });
    });

    it('two rollovers of the same day racing each other roll over once', async () => {
      const { user, goal } = await moodyUser();
      for (const offset of [0, 1]) await buildTask(ctx, user, goal.id, { offset });
      ctx.clock.advanceDays(1);
      await Promise.all([
        rollOverDay(ctx.db, user.id, '2026-03-11'),
        rollOverDay(ctx.db, user.id, '2026-03-11'),
      ]);
      expect((await userRow(user)).unannouncedExpiredTaskCount).toBe(2);
    });

    it('a rollover to a day before the marker (a late caller of yesterday) changes nothing', async () => {
      const { user, goal } = await moodyUser();
      await buildTask(ctx, user, goal.id, { offset: 0 });
      ctx.clock.advanceDays(1);
      await rollOverDay(ctx.db, user.id, '2026-03-11');
      const before = await dumpUserRows(ctx, user.id);
      await rollOverDay(ctx.db, user.id, '2026-03-10');
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it('a user deleted before the rollover took the lock is left alone, with no error', async () => {
      const { user } = await moodyUser();
      await ctx.db.delete(users).where(eq(users.id, user.id));
      await expect(rollOverDay(ctx.db, user.id, '2026-03-11')).resolves.toBeUndefined();
    });
  });

  describe('who it touches', () => {
    it.each([
      ['no token', {}],
      ['a malformed token', { authorization: 'Bearer nope' }],
    ])('a call with %s rolls no one over', async (_label, headers) => {
      const { user, goal } = await moodyUser();
      await buildTask(ctx, user, goal.id, { offset: 0 });
      ctx.clock.advanceDays(1);
      const before = await dumpUserRows(ctx, user.id);
      const res = await call(ctx.app, 'GET', `/api/v1/user?id=${user.id}`, { headers });
      expect(res.statusCode).toBe(401);
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it("another user's call with this user's id answers 404 and rolls only the caller over", async () => {
      const victim = await moodyUser();
      const victimTask = await buildTask(ctx, victim.user, victim.goal.id, { offset: 0 });
      const attacker = await moodyUser();
      await buildTask(ctx, attacker.user, attacker.goal.id, { offset: 0 });
      ctx.clock.advanceDays(1);
      const before = await dumpUserRows(ctx, victim.user.id);
      for (const url of [
        `/api/v1/user?id=${victim.user.id}`,
        `/api/v1/task?id=${victim.user.id}`,
        `/api/v1/diary?id=${victim.user.id}`,
      ]) {
        const res = await call(ctx.app, 'GET', url, { token: attacker.user.token });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
      expect(await dumpUserRows(ctx, victim.user.id)).toEqual(before);
      expect((await userRow(victim.user)).mood).toBe('Happy');
      expect((await userRow(attacker.user)).unannouncedExpiredTaskCount).toBe(1);
      // The victim's own first call of the day still rolls them over.
      expect((await getUser(victim.user)).unannouncedExpiredTaskCount).toBe(1);
      expect((await taskStatuses(victim.user))[victimTask.id]).toBe('Expired');
    });

    it("expires only the caller's own tasks", async () => {
      const a = await moodyUser();
      const b = await moodyUser();
      const taskA = await buildTask(ctx, a.user, a.goal.id, { offset: 0 });
      const taskB = await buildTask(ctx, b.user, b.goal.id, { offset: 0 });
      ctx.clock.advanceDays(1);
      await getUser(a.user);
      expect((await taskStatuses(a.user))[taskA.id]).toBe('Expired');
      expect((await taskStatuses(b.user))[taskB.id]).toBe('OnGoing');
      expect(await userRow(b.user)).toMatchObject({
        mood: 'Happy',
        unannouncedExpiredTaskCount: 0,
      });
    });
  });
});
