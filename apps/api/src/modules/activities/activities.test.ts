import { ACTIVITY_GROUPS, DEFAULT_ACTIVITIES } from '@wellspring/shared';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, race, useTestApp } from '../../../test/app';
import { expectFail, tally } from '../../../test/assertions';
import { buildUser, type TestUser } from '../../../test/factories';
import { activities } from '../../db/schema';

const NOW = '2026-03-10T12:00:00.000Z';

interface ActivityAnswer {
  id: string;
  name: string;
  group: string;
  icon: string;
  position: number;
  isArchived: boolean;
}

describe('activities', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  beforeEach(() => ctx.clock.set(NOW));

  const list = async (user: TestUser): Promise<ActivityAnswer[]> => {
    const res = await call(ctx.app, 'GET', `/api/v1/activities?id=${user.id}`, {
      token: user.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const create = (user: TestUser, body: Record<string, unknown>) =>
    call(ctx.app, 'POST', `/api/v1/activities?id=${user.id}`, { token: user.token, body });
  const update = (user: TestUser, id: string, body: Record<string, unknown>) =>
    call(ctx.app, 'PATCH', `/api/v1/activities/${id}?id=${user.id}`, { token: user.token, body });
  const merge = (user: TestUser, id: string, intoId: string) =>
    call(ctx.app, 'POST', `/api/v1/activities/${id}/merge?id=${user.id}`, {
      token: user.token,
      body: { intoId },
    });
  const checkIn = (user: TestUser, activityIds: string[]) =>
    call(ctx.app, 'POST', `/api/v1/check-ins?id=${user.id}`, {
      token: user.token,
      body: { mood: 'Happy', activityIds },
    });
  const dayActivities = async (user: TestUser) =>
    (
      await call(ctx.app, 'GET', `/api/v1/check-ins?id=${user.id}&date=2026-03-10`, {
        token: user.token,
      })
    )
      .json()
      .data.checkIns.map((c: { activityIds: string[] }) => [...c.activityIds].sort());
  const rowCount = async (user: TestUser) =>
    (await ctx.db.select().from(activities).where(eq(activities.userId, user.id))).length;
  const named = (all: ActivityAnswer[], name: string) => all.find((a) => a.name === name)!;

  it('starts each list from the default set, group by group, once however many ask at once', async () => {
    const user = await buildUser(ctx);
    const answers = await race(10, () =>
      call(ctx.app, 'GET', `/api/v1/activities?id=${user.id}`, { token: user.token }),
    );
    expect(tally(answers)).toEqual({ '200': 10 });
    const all = await list(user);
    expect(all.map((a) => a.name)).toEqual(DEFAULT_ACTIVITIES.map((a) => a.name));
    const groups = all.map((a) => ACTIVITY_GROUPS.indexOf(a.group as never));
    expect(groups).toEqual([...groups].sort((a, b) => a - b));
    expect(await rowCount(user)).toBe(DEFAULT_ACTIVITIES.length);
  });

  it('adds one at the end of its group, names trimmed, in any script', async () => {
    const user = await buildUser(ctx);
    const res = await create(user, { name: '  Yoga   class ', group: 'health', icon: 'Flower2' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Yoga class',
      group: 'health',
      isArchived: false,
    });
    const health = (await list(user)).filter((a) => a.group === 'health');
    expect(health.at(-1)!.name).toBe('Yoga class');
    const japanese = 'と'.repeat(40);
    expect(
      (await create(user, { name: japanese, group: 'hobbies', icon: 'Palette' })).statusCode,
    ).toBe(201);
  });

  it('refuses a name the user already has ignoring case, an empty or long one, and bad fields', async () => {
    const user = await buildUser(ctx);
    await list(user);
    const before = await rowCount(user);
    expectFail(
      await create(user, { name: ' WALK ', group: 'health', icon: 'Footprints' }),
      409,
      'ACTIVITY_NAME_TAKEN',
      {
        message: 'You already have an activity with that name',
      },
    );
    expectFail(
      await create(user, { name: '   ', group: 'health', icon: 'Footprints' }),
      400,
      'VALIDATION_ERROR',
    );
    expectFail(
      await create(user, { name: 'a'.repeat(41), group: 'health', icon: 'Footprints' }),
      400,
      'VALIDATION_ERROR',
    );
    expectFail(
      await create(user, { name: 'Line\nbreak', group: 'health', icon: 'Footprints' }),
      400,
      'VALIDATION_ERROR',
    );
    expectFail(
      await create(user, { name: 'Swim', group: 'sports', icon: 'Footprints' }),
      400,
      'VALIDATION_ERROR',
    );
    expectFail(
      await create(user, { name: 'Swim', group: 'health', icon: 'NotAnIcon' }),
      400,
      'VALIDATION_ERROR',
    );
    expect(await rowCount(user)).toBe(before);
    // Another user may have the same name.
    const other = await buildUser(ctx);
    expect(
      (await create(other, { name: 'Walk', group: 'health', icon: 'Footprints' })).statusCode,
    ).toBe(409);
    expect(
      (await create(other, { name: 'Swim', group: 'health', icon: 'Footprints' })).statusCode,
    ).toBe(201);
  });

  it('holds at most 200 activities', async () => {
    const user = await buildUser(ctx);
    await list(user);
    for (let i = await rowCount(user); i < 200; i += 1) {
      expect(
        (await create(user, { name: `Thing ${i}`, group: 'hobbies', icon: 'Sparkles' })).statusCode,
      ).toBe(201);
    }
    expectFail(
      await create(user, { name: 'One more', group: 'hobbies', icon: 'Sparkles' }),
      409,
      'ACTIVITY_LIMIT',
    );
    expect(await rowCount(user)).toBe(200);
  });

  it('renames, regroups, reorders and archives; an archived one stays on old check-ins only', async () => {
    const user = await buildUser(ctx);
    const walk = named(await list(user), 'Walk');
    const old = await checkIn(user, [walk.id]);
    expect(old.statusCode, old.body).toBe(201);
    const renamed = await update(user, walk.id, { name: 'Long walk', group: 'place' });
    expect(renamed.json().data).toMatchObject({ name: 'Long walk', group: 'place' });
    expect((await update(user, walk.id, { position: 0 })).json().data.position).toBe(0);
    expectFail(await update(user, walk.id, { name: 'reading' }), 409, 'ACTIVITY_NAME_TAKEN');
    expect((await update(user, walk.id, { isArchived: true })).json().data.isArchived).toBe(true);
    expectFail(await checkIn(user, [walk.id]), 400, 'UNKNOWN_ACTIVITY');
    expect(await dayActivities(user)).toEqual([[walk.id]]);
    expect((await update(user, walk.id, { isArchived: false })).json().data.isArchived).toBe(false);
    expectFail(await update(user, walk.id, {}), 400, 'VALIDATION_ERROR');
  });

  it('merges one into another: its check-ins move over, one where both were named', async () => {
    const user = await buildUser(ctx);
    const all = await list(user);
    const walk = named(all, 'Walk');
    const exercise = named(all, 'Exercise');
    await checkIn(user, [walk.id]);
    await checkIn(user, [walk.id, exercise.id]);
    const res = await merge(user, walk.id, exercise.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.id).toBe(exercise.id);
    expect(await dayActivities(user)).toEqual([[exercise.id], [exercise.id]]);
    expect((await list(user)).some((a) => a.id === walk.id)).toBe(false);
    expectFail(await merge(user, exercise.id, exercise.id), 400, 'BAD_REQUEST');
  });

  it('keeps each user to their own activities', async () => {
    const user = await buildUser(ctx);
    const other = await buildUser(ctx);
    const theirs = named(await list(other), 'Walk');
    const mine = named(await list(user), 'Walk');
    expectFail(await update(user, theirs.id, { name: 'Mine now' }), 404, 'NOT_FOUND');
    expectFail(await merge(user, theirs.id, mine.id), 404, 'NOT_FOUND');
    expectFail(await merge(user, mine.id, theirs.id), 404, 'NOT_FOUND');
    expectFail(await checkIn(user, [theirs.id]), 400, 'UNKNOWN_ACTIVITY');
    expect(named(await list(other), 'Walk').id).toBe(theirs.id);
  });

  it('takes 30 activities on a check-in, refusing 31 or one twice and changing nothing', async () => {
    const user = await buildUser(ctx);
    const all = await list(user);
    expectFail(await checkIn(user, [all[0]!.id, all[0]!.id]), 400, 'VALIDATION_ERROR');
    const extra = (await create(user, { name: 'Swim', group: 'health', icon: 'Droplet' })).json();
    const ids = [...all.map((a) => a.id), extra.data.id];
    expect(ids).toHaveLength(31);
    expectFail(await checkIn(user, ids), 400, 'VALIDATION_ERROR');
    expect(await dayActivities(user)).toEqual([]);
    expect((await checkIn(user, ids.slice(0, 30))).statusCode).toBe(201);
    expect(await dayActivities(user)).toHaveLength(1);
  });
});
