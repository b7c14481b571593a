import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestApp } from './app';
import { buildDiary, buildGoal, buildTask, buildUser, type TestUser } from './factories';
import { createAnswerValidator, readPublishedOpenApi } from './published-openapi';

/*
 * SPEC.md section 7, the diary and history calls, written from SPEC.md's words (section 3 for the
 * Diary and the History), each answer checked against the published OpenAPI document.
 * Run on PGlite, and on PostgreSQL with TEST_DB=postgres.
 */

const DOC = '/api/v1';
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

describe('SPEC.md section 7: the diary and history calls', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  let answers: ReturnType<typeof createAnswerValidator>;
  beforeAll(async () => {
    answers = createAnswerValidator(await readPublishedOpenApi(ctx.app));
  });
  const get = (user: TestUser, url: string) => call(ctx.app, 'GET', url, { token: user.token });

  describe('the diary', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await buildUser(ctx);
      await buildDiary(ctx, user, '2026-03-01', 'An older entry.');
    });

    it('POST /v1/diary: "Body content and id (user id)" (response shape not shown: the entry, 201)', async () => {
      const res = await call(ctx.app, 'POST', '/v1/diary', {
        token: user.token,
        body: { content: 'Dear Diary, a calm day.', id: user.id },
      });
      answers.expectDocumented(res, 'POST', `${DOC}/diary`, 201);
      expect(res.json().data).toMatchObject({ content: 'Dear Diary, a calm day.' });
      // "One per day": a second entry today is a documented 409.
      const second = await call(ctx.app, 'POST', '/v1/diary', {
        token: user.token,
        body: { content: 'Again.', id: user.id },
      });
      answers.expectDocumented(second, 'POST', `${DOC}/diary`, 409);
    });

    it('GET /v1/diary?id={userId}: "Answer data.data is the diary list" of id, dateCreated, content', async () => {
      const res = await get(user, `/v1/diary?id=${user.id}`);
      answers.expectDocumented(res, 'GET', `${DOC}/diary`);
      const list = res.json().data;
      expect(list).toHaveLength(2);
      for (const entry of list) {
        expect(Object.keys(entry)).toEqual(
          expect.arrayContaining(['id', 'dateCreated', 'content']),
        );
        expect(entry.date).toMatch(LOCAL_DATE);
      }
      expect(list.map((e: { content: string }) => e.content)).toContain('An older entry.');
    });
  });

  describe('the history', () => {
    let user: TestUser;
    beforeAll(async () => {
      // A user a day ahead of UTC (its local day is not the UTC one for part of the day).
      user = await buildUser(ctx, { timeZone: 'Pacific/Kiritimati' });
      const goal = await buildGoal(ctx, user, { target: 50_000, earned: 0 });
      await buildTask(ctx, user, goal.id, { status: 'Completed' });
    });

    it('GET /v1/history?id={userId}: "Answer data.data has taskCompleted and completionPercent"', async () => {
      const res = await get(user, `/v1/history?id=${user.id}`);
      answers.expectDocumented(res, 'GET', `${DOC}/history`);
      expect(Object.keys(res.json().data).sort()).toEqual(['completionPercent', 'taskCompleted']);
    });

    it('GET /v1/history?id={userId}&startDate&endDate: "a list of rows with date and pointsEarned", dates the user’s local days', async () => {
      const now = ctx.clock.now().getTime();
      const week = 6 * 24 * 3_600_000;
      const res = await get(
        user,
        `/v1/history?id=${user.id}&startDate=${now - week}&endDate=${now}`,
      );
      answers.expectDocumented(res, 'GET', `${DOC}/history`);
      const rows: { date: string; pointsEarned: number }[] = res.json().data;
      expect(rows.length).toBeGreaterThanOrEqual(7);
      for (const row of rows) {
        expect(Object.keys(row).sort()).toEqual(['date', 'pointsEarned']);
        expect(row.date).toMatch(LOCAL_DATE);
      }
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(
        ctx.clock.now(),
      );
      expect(rows.at(-1)!.date).toBe(today);
      expect(rows.at(-1)!.pointsEarned).toBeGreaterThan(0);
    });
  });
});
