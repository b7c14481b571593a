import { beforeEach, describe, expect, it } from 'vitest';
import { call, useTestApp } from './app';
import { buildDiary, buildGoal, buildTask, buildUser, type TestUser } from './factories';
import { statementsOf } from './statement-count';

/**
 * Issue 18 item 2 (decision 048): once the day's rollover is done, a hot authenticated read sends
 * one statement to the database: the session check, the rollover check and the read together.
 */
describe('database round trips per request', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  beforeEach(() => ctx.clock.set('2026-03-10T12:00:00.000Z'));

  /** The statements a GET sent, after a first call that did the day's rollover if one was due. */
  async function statementsOfRead(user: TestUser, url: string): Promise<string[]> {
    const first = await call(ctx.app, 'GET', url, { token: user.token });
    expect(first.statusCode).toBe(200);
    let second;
    const sent = await statementsOf(ctx.app.dbHandle, async () => {
      second = await call(ctx.app, 'GET', url, { token: user.token });
    });
    expect(second!.statusCode).toBe(200);
    // Byte for byte the answer of the call before: one statement reads what the two did.
    expect(second!.body).toBe(first.body);
    return sent;
  }

  it('GET /user: one statement, streak included', async () => {
    const user = await buildUser(ctx, { timeZone: 'Europe/Berlin' });
    await buildDiary(ctx, user, '2026-03-09');
    await buildDiary(ctx, user, '2026-03-10');
    const sent = await statementsOfRead(user, `/api/v1/user?id=${user.id}`);
    expect(sent).toHaveLength(1);
    expect(
      (await call(ctx.app, 'GET', `/api/v1/user?id=${user.id}`, { token: user.token })).json().data
        .diaryStreak,
    ).toBe(2);
  });

  it('GET /user?fields=mood: one statement', async () => {
    const user = await buildUser(ctx);
    expect(await statementsOfRead(user, `/api/v1/user?id=${user.id}&fields=mood`)).toHaveLength(1);
  });

  it('GET /goal: one statement, with a goal and without one', async () => {
    const user = await buildUser(ctx);
    expect(await statementsOfRead(user, `/api/v1/goal?id=${user.id}`)).toHaveLength(1);
    await buildGoal(ctx, user);
    expect(await statementsOfRead(user, `/api/v1/goal?id=${user.id}`)).toHaveLength(1);
  });

  it("GET /history, a week: one statement, in the user's time zone", async () => {
    const user = await buildUser(ctx, { timeZone: 'America/New_York' });
    const goal = await buildGoal(ctx, user);
    // 01:30 UTC on the 10th is the evening of the 9th in New York.
    await buildTask(ctx, user, goal.id, {
      status: 'Completed',
      createdAt: new Date('2026-03-10T01:30:00.000Z'),
    });
    const start = Date.parse('2026-03-04T05:00:00.000Z');
    const end = Date.parse('2026-03-10T16:00:00.000Z');
    const url = `/api/v1/history?id=${user.id}&startDate=${start}&endDate=${end}`;
    expect(await statementsOfRead(user, url)).toHaveLength(1);
    const days = (await call(ctx.app, 'GET', url, { token: user.token })).json().data;
    expect(days).toHaveLength(7);
    expect(days.filter((day: { pointsEarned: number }) => day.pointsEarned > 0)).toEqual([
      { date: '2026-03-09', pointsEarned: expect.any(Number) },
    ]);
  });

  it('GET /diary: one statement, every entry with its mood', async () => {
    const user = await buildUser(ctx);
    await buildDiary(ctx, user, '2026-03-08', 'First words.');
    await buildDiary(ctx, user, '2026-03-10', 'Second words.');
    await call(ctx.app, 'PATCH', `/api/v1/user?id=${user.id}`, {
      token: user.token,
      body: { mood: 'Happy' },
    });
    const url = `/api/v1/diary?id=${user.id}`;
    expect(await statementsOfRead(user, url)).toHaveLength(1);
    const entries = (await call(ctx.app, 'GET', url, { token: user.token })).json().data;
    expect(
      entries.map((e: { date: string; content: string; mood: string | null }) => [
        e.date,
        e.content,
        e.mood,
      ]),
    ).toEqual([
      ['2026-03-10', 'Second words.', 'Happy'],
      ['2026-03-08', 'First words.', null],
    ]);
  });

  it('the first call of a new local day rolls over, the next one is one statement again', async () => {
    const user = await buildUser(ctx);
    ctx.clock.advanceDays(1);
    const rollover = await statementsOf(ctx.app.dbHandle, () =>
      call(ctx.app, 'GET', `/api/v1/user?id=${user.id}`, { token: user.token }),
    );
    expect(rollover.length).toBeGreaterThan(1);
    expect(await statementsOfRead(user, `/api/v1/user?id=${user.id}`)).toHaveLength(1);
  });
});
