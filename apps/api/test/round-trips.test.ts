import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { goals } from '../src/db/schema';
import { call, useTestApp } from './app';
import { buildDiary, buildGoal, buildTask, buildUser, type TestUser } from './factories';
import { taskRequests } from '../src/modules/task/task.test-helpers';
import { statementsOf } from './statement-count';

/**
 * Issue 18 item 2 (decision 048): once the day's rollover is done, a hot authenticated read sends
 * one statement to the database: the session check, the rollover check and the read together.
 */
describe('database round trips per request', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  beforeEach(() => ctx.clock.set('2026-03-10T12:00:00.000Z'));
  const { userWithGoal, acceptTask, completeTask, generate } = taskRequests(ctx);

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

  it('GET /task page: one statement, its total from the kept counts (decision 051)', async () => {
    const user = await buildUser(ctx);
    const goal = await buildGoal(ctx, user);
    const statuses = ['Completed', 'OnGoing', 'Expired', 'Completed', 'OnGoing', 'Completed'];
    const built: Awaited<ReturnType<typeof buildTask>>[] = [];
    for (const [i, status] of statuses.entries()) {
      const createdAt = new Date(Date.parse('2026-03-10T08:00:00.000Z') + i * 60_000);
      built.push(await buildTask(ctx, user, goal.id, { status: status as never, createdAt }));
    }
    const newestFirst = (only?: string) =>
      built
        .filter((t) => (only ? t.status === only : t.status !== 'Expired'))
        .reverse()
        .map((t) => t.id);

    const pageUrl = `/api/v1/task?id=${user.id}&page=2&size=2`;
    expect(await statementsOfRead(user, pageUrl)).toHaveLength(1);
    const page = (await call(ctx.app, 'GET', pageUrl, { token: user.token })).json();
    expect(page.totalTaskCount).toBe(5);
    expect(page.data.map((t: { id: string }) => t.id)).toEqual(newestFirst().slice(2, 4));
    expect(page.data[1]).toMatchObject({ status: 'OnGoing', completedAt: null });

    const completedUrl = `/api/v1/task?id=${user.id}&page=1&status=Completed`;
    expect(await statementsOfRead(user, completedUrl)).toHaveLength(1);
    const completed = (await call(ctx.app, 'GET', completedUrl, { token: user.token })).json();
    expect(completed.totalTaskCount).toBe(3);
    expect(completed.data.map((t: { id: string }) => t.id)).toEqual(newestFirst('Completed'));
    expect(completed.data[0].completedAt).toBe(built[5]!.completedAt!.toISOString());

    // A day's tasks are counted row by row: the plain lookup, then the read.
    const dayUrl = `/api/v1/task?id=${user.id}&page=1&date=${Date.parse('2026-03-10T12:00:00Z')}`;
    const day = await statementsOfRead(user, dayUrl);
    expect(day.length).toBeGreaterThan(1);
    expect((await call(ctx.app, 'GET', dayUrl, { token: user.token })).json().totalTaskCount).toBe(
      5,
    );
  });

  it('POST /task: two statements in its transaction, after the lookup (decision 062)', async () => {
    const { user } = await userWithGoal();
    const suggestion = (await generate(user, '&mood=Sad')).json().data;
    let res;
    const sent = await statementsOf(ctx.app.dbHandle, async () => {
      res = await acceptTask(user, { ...suggestion, status: 'OnGoing' });
    });
    expect(res!.statusCode).toBe(201);
    expect(sent[0]).toMatch(/from "sessions"/);
    // The user's lock, then the insert whose select holds every rule of accepting.
    expect(sent).toHaveLength(3);
    expect(sent[1]).toMatch(/^select .* from "users" .* for update$/s);
    expect(sent[2]).toMatch(/^insert into "tasks" .* select /s);
    // The same task again is refused by the checks read in that one statement.
    const again = await acceptTask(user, { ...suggestion, status: 'OnGoing' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code ?? again.json().error?.code ?? again.body).toMatch(
      /TASK_ALREADY_ONGOING/,
    );
  });

  it('POST /task/completed: two statements in its transaction, after the lookup (decision 062)', async () => {
    const { user, goalId } = await userWithGoal({}, 50_000);
    await ctx.db.update(goals).set({ earned: 49_999 }).where(eq(goals.id, goalId));
    const suggestion = (await generate(user, '&mood=Sad')).json().data;
    const taskId = (await acceptTask(user, { ...suggestion, status: 'OnGoing' })).json().data.id;
    let res;
    const sent = await statementsOf(ctx.app.dbHandle, async () => {
      res = await completeTask(user, taskId);
    });
    expect(res!.statusCode).toBe(200);
    // The target is reached: the goal completes and its reward is drawn in that statement.
    expect(res!.json().data).toMatchObject({ status: 'Completed', taskCompleted: 1 });
    expect(res!.json().data.backgroundRewardId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]).toMatch(/from "sessions"/);
    expect(sent).toHaveLength(3);
    // The user's lock and the task's status change are one statement, the lock first.
    expect(sent[1]).toMatch(
      /^with "locked" as \(select .* from "users" .* for update\) update "tasks"/s,
    );
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
