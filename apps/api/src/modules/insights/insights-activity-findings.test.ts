import { addDays } from '@wellspring/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { buildSession, buildUser, type TestUser } from '../../../test/factories';

const TODAY = '2026-03-10';

interface FindingAnswer {
  kind: string;
  subject: string | null;
  compares: string;
  meanWith: number;
  meanWithout: number;
  daysWith: number;
  daysWithout: number;
  margin: number;
  text: string;
}

describe('findings by activity (decision 075)', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  let user: TestUser;
  let walk: string;
  let work: string;

  beforeEach(async () => {
    ctx.clock.set('2026-01-01T12:00:00.000Z');
    const created = await buildUser(ctx);
    ctx.clock.set(`${TODAY}T12:00:00.000Z`);
    // A session of today: the one made with the account has expired since.
    user = { ...created, token: await buildSession(ctx, created) };
    const list = await call(ctx.app, 'GET', `/api/v1/activities?id=${user.id}`, {
      token: user.token,
    });
    const all = list.json().data as { id: string; name: string }[];
    walk = all.find((a) => a.name === 'Walk')!.id;
    work = all.find((a) => a.name === 'Work')!.id;
  });

  /** A back-filled check-in `back` days before today. */
  const day = async (back: number, mood: string, activityIds: string[]) => {
    const res = await call(ctx.app, 'POST', `/api/v1/check-ins?id=${user.id}`, {
      token: user.token,
      body: { mood, activityIds, date: addDays(TODAY, -back) },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const activityFindings = async () => {
    const res = await call(ctx.app, 'GET', `/api/v1/insights/findings?id=${user.id}`, {
      token: user.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.findings as FindingAnswer[]).filter((f) => f.kind === 'activity');
  };

  it('shows nothing one day below the threshold on either side, and a finding at it', async () => {
    const withWalk = ['Happy', 'Ecstatic', 'Happy', 'Neutral'];
    for (const [i, mood] of withWalk.entries()) await day(i + 1, mood, [walk]);
    const without = ['Sad', 'Neutral', 'Sad', 'Depressed', 'Sad'];
    for (const [i, mood] of without.entries()) await day(i + 10, mood, []);
    // Four days with a walk, five without: below the threshold.
    expect(await activityFindings()).toEqual([]);

    await day(5, 'Happy', [walk]);
    const [finding, ...others] = await activityFindings();
    expect(others).toEqual([]);
    expect(finding).toMatchObject({
      kind: 'activity',
      subject: 'Walk',
      compares: 'sameDay',
      meanWith: 4,
      meanWithout: 2,
      daysWith: 5,
      daysWithout: 5,
    });
    // The levels' spread (0.5 on each side) over 5 days each: 1.96 × √(0.1 + 0.1) ≈ 0.88.
    expect(finding!.margin).toBe(0.88);
    expect(finding!.text).toBe(
      '"Walk" and a better mood that day went together: 4.0 against 2.0 on the 1 to 5 scale, ' +
        'give or take 0.9 (5 days with, 5 without).',
    );
    expect(finding!.text).not.toMatch(/caus/i);
  });

  it('says when an activity went with lower days, from the mean of each day’s check-ins', async () => {
    for (let i = 1; i <= 5; i += 1) {
      // Two check-ins on each day with work: Sad and Neutral, a day mean of 2.5.
      await day(i, 'Sad', [work]);
      await day(i, 'Neutral', []);
    }
    for (let i = 10; i < 15; i += 1) await day(i, 'Happy', []);
    const [finding] = await activityFindings();
    expect(finding).toMatchObject({ subject: 'Work', meanWith: 2.5, meanWithout: 4 });
    expect(finding!.text).toMatch(/^"Work" and a lower mood that day went together/);
  });

  it('leaves out another user’s days and activities', async () => {
    const other = await buildUser(ctx);
    for (let i = 1; i <= 6; i += 1) await day(i, 'Happy', [walk]);
    for (let i = 10; i <= 15; i += 1) await day(i, 'Sad', []);
    const res = await call(ctx.app, 'GET', `/api/v1/insights/findings?id=${other.id}`, {
      token: other.token,
    });
    expect(res.json().data.findings).toEqual([]);
  });
});
