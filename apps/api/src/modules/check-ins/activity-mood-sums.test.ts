// The activity findings read sums kept with every write of a day (decision 078). Whatever the
// writes (check-ins now and back-filled, SPEC.md's daily mood, deletions, merges, twenty at once),
// the kept sums must equal the sums counted afresh from the check-ins, on both databases; and the
// statement migration 0020 filled them with for existing data must count the same.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addDays } from '@wellspring/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, race, useTestApp } from '../../../test/app';
import { buildSession, buildUser, type TestUser } from '../../../test/factories';
import { importFinished } from '../../../test/imports';
import { activityMoodSums, checkIns, checkInActivities, moodEntries } from '../../db/schema';

const NOW = '2026-03-10T12:00:00.000Z';
const TODAY = '2026-03-10';
const MIGRATION = path.join(__dirname, '../../../drizzle/0020_activity_mood_sums.sql');

interface Sums {
  days: number;
  sum: number;
  sumOfSquares: number;
}

describe('the activity mood sums (decision 078)', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  let user: TestUser;
  let ids: Record<string, string>;

  beforeEach(async () => {
    ctx.clock.set('2026-01-01T12:00:00.000Z');
    const created = await buildUser(ctx);
    ctx.clock.set(NOW);
    // A session of today: the one made with the account has expired since.
    user = { ...created, token: await buildSession(ctx, created) };
    const res = await call(ctx.app, 'GET', `/api/v1/activities?id=${user.id}`, {
      token: user.token,
    });
    ids = Object.fromEntries(
      (res.json().data as { id: string; name: string }[]).map((a) => [a.name, a.id]),
    );
  });

  const post = async (body: Record<string, unknown>) => {
    const res = await call(ctx.app, 'POST', `/api/v1/check-ins?id=${user.id}`, {
      token: user.token,
      body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  };
  const named = (...names: string[]) => names.map((name) => ids[name]!);

  /** The sums as the server keeps them, by activity id, empty ones left out. */
  const kept = async (): Promise<Record<string, Sums>> => {
    const rows = await ctx.db
      .select()
      .from(activityMoodSums)
      .where(eq(activityMoodSums.userId, user.id));
    return Object.fromEntries(
      rows
        .filter((row) => row.days !== 0)
        .map((row) => [
          row.activityId,
          { days: row.days, sum: row.levelSum, sumOfSquares: row.levelSquareSum },
        ]),
    );
  };

  /** The sums counted here from the check-ins and the days' moods. */
  const counted = async (): Promise<Record<string, Sums>> => {
    const days = await ctx.db.select().from(moodEntries).where(eq(moodEntries.userId, user.id));
    const levelOf = new Map(days.map((d) => [d.localDate, d.moodLevelSum / d.checkInCount]));
    const links = await ctx.db
      .selectDistinct({ day: checkIns.localDate, activityId: checkInActivities.activityId })
      .from(checkInActivities)
      .innerJoin(checkIns, eq(checkIns.id, checkInActivities.checkInId))
      .where(eq(checkIns.userId, user.id));
    const out: Record<string, Sums> = {};
    for (const { day, activityId } of links) {
      const level = levelOf.get(day)!;
      const sums = (out[activityId] ??= { days: 0, sum: 0, sumOfSquares: 0 });
      sums.days += 1;
      sums.sum += level;
      sums.sumOfSquares += level * level;
    }
    return out;
  };

  const expectSame = (actual: Record<string, Sums>, expected: Record<string, Sums>) => {
    expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
    for (const [id, sums] of Object.entries(expected)) {
      expect(actual[id]!.days, id).toBe(sums.days);
      expect(actual[id]!.sum).toBeCloseTo(sums.sum, 9);
      expect(actual[id]!.sumOfSquares).toBeCloseTo(sums.sumOfSquares, 9);
    }
  };

  it('follow check-ins, back-filled days, the daily mood, deletions and merges', async () => {
    await post({ mood: 'Happy', activityIds: named('Walk', 'Work') });
    await post({ mood: 'Sad', activityIds: named('Walk') });
    expectSame(await kept(), await counted());
    expect((await kept())[ids.Walk!]).toEqual({ days: 1, sum: 3, sumOfSquares: 9 });

    // SPEC.md's daily mood joins today's check-ins and moves the day's mean.
    const patch = await call(ctx.app, 'PATCH', `/api/v1/user?id=${user.id}`, {
      token: user.token,
      body: { mood: 'Ecstatic' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expectSame(await kept(), {
      [ids.Walk!]: { days: 1, sum: 11 / 3, sumOfSquares: 121 / 9 },
      [ids.Work!]: { days: 1, sum: 11 / 3, sumOfSquares: 121 / 9 },
    });

    const lastWeek = addDays(TODAY, -7);
    const gone = await post({ mood: 'Depressed', activityIds: named('Work'), date: lastWeek });
    await post({ mood: 'Neutral', activityIds: named('Work', 'Walk'), date: lastWeek });
    await post({ mood: 'Happy', date: addDays(TODAY, -3) });
    expectSame(await kept(), await counted());

    // Deleting a check-in takes its activities off the day and moves the day's mean.
    const del = await call(ctx.app, 'DELETE', `/api/v1/check-ins/${gone}?id=${user.id}`, {
      token: user.token,
    });
    expect(del.statusCode, del.body).toBe(200);
    expectSame(await kept(), await counted());

    // Unknown removes the daily mood's check-in again.
    await call(ctx.app, 'PATCH', `/api/v1/user?id=${user.id}`, {
      token: user.token,
      body: { mood: 'Unknown' },
    });
    expectSame(await kept(), await counted());

    // A merge: the days of both, each once.
    const merge = await call(
      ctx.app,
      'POST',
      `/api/v1/activities/${ids.Walk}/merge?id=${user.id}`,
      {
        token: user.token,
        body: { intoId: ids.Work },
      },
    );
    expect(merge.statusCode, merge.body).toBe(200);
    const afterMerge = await kept();
    expectSame(afterMerge, await counted());
    expect(afterMerge[ids.Walk!]).toBeUndefined();
    expect(afterMerge[ids.Work!]!.days).toBe(2);
  });

  it('follow an import from another app batch by batch, and its undoing', async () => {
    await post({ mood: 'Happy', activityIds: named('Walk'), date: '2026-03-05' });
    // Twenty-five days (three batches), two entries a day, the 5th held already and skipped.
    const rows = ['full_date,date,weekday,time,mood,activities,note_title,note'];
    for (let i = 0; i < 25; i += 1) {
      const day = addDays('2026-03-09', -i);
      rows.push(`${day},,,20:00,${i % 2 ? 'rad' : 'awful'},walk | Reading,,`);
      rows.push(`${day},,,08:00,meh,${i % 3 ? 'work' : ''},,`);
    }
    const moods = { rad: 'Ecstatic', meh: 'Neutral', awful: 'Depressed' };
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/imports?id=${user.id}&moods=${encodeURIComponent(JSON.stringify(moods))}`,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'text/csv' },
      payload: rows.join('\n'),
    });
    expect(res.statusCode, res.body).toBe(202);
    const done = await importFinished(ctx, user, res.json().data.id);
    expect(done).toMatchObject({ status: 'done', daysWritten: 24 });
    expectSame(await kept(), await counted());
    expect((await kept())[ids.Walk!]!.days).toBe(25);

    const undo = await call(ctx.app, 'DELETE', `/api/v1/imports/${done.id}?id=${user.id}`, {
      token: user.token,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expectSame(await kept(), await counted());
    expect((await kept())[ids.Walk!]).toEqual({ days: 1, sum: 4, sumOfSquares: 16 });
  });

  it('stay true with twenty check-ins of one day sent at once', async () => {
    const moods = ['Happy', 'Sad', 'Neutral', 'Ecstatic', 'Depressed'];
    const responses = await race(20, (i) =>
      call(ctx.app, 'POST', `/api/v1/check-ins?id=${user.id}`, {
        token: user.token,
        body: {
          mood: moods[i % 5],
          activityIds: named(i % 2 === 0 ? 'Walk' : 'Work'),
          date: i < 10 ? addDays(TODAY, -1) : addDays(TODAY, -2),
        },
      }),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const sums = await kept();
    expectSame(sums, await counted());
    expect(sums[ids.Walk!]!.days).toBe(2);
  });

  it('are counted by migration 0020 as they are kept', async () => {
    for (let back = 1; back <= 6; back += 1) {
      await post({
        mood: back % 2 === 0 ? 'Happy' : 'Sad',
        activityIds: named('Walk', ...(back % 3 === 0 ? ['Work'] : [])),
        date: addDays(TODAY, -back),
      });
    }
    await post({ mood: 'Neutral', activityIds: named('Walk'), date: addDays(TODAY, -1) });
    const before = await kept();
    expect(Object.keys(before)).toHaveLength(2);

    const statements = readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');
    const fill = statements.find((s) => s.includes('INSERT INTO "activity_mood_sums"'))!;
    await ctx.db.delete(activityMoodSums);
    await ctx.db.execute(sql.raw(fill));
    expectSame(await kept(), before);
  });
});
