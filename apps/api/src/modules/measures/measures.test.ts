// The questionnaires over HTTP (decision 083), on both databases. Who could abuse them: another
// user (their id, or a result id of theirs), someone sending answers out of range, a missing
// item, or one questionnaire twenty times at once. Each is a clear refusal or one row, and nothing
// else changes.
import { MEASURES, NOT_A_DIAGNOSIS } from '@wellspring/shared';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, race, useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import { buildSession, buildUser, type TestUser } from '../../../test/factories';
import { loadEnv, DEFAULT_SUPPORT_RESOURCES } from '../../config/env';
import { measureResults } from '../../db/schema';

describe('the questionnaires', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  let user: TestUser;
  let other: TestUser;

  beforeEach(async () => {
    ctx.clock.set('2026-03-01T09:00:00.000Z');
    user = await buildUser(ctx);
    other = await buildUser(ctx);
  });

  /** Moves the clock on, with a session of that day. */
  const at = async (instant: string) => {
    ctx.clock.set(instant);
    user = { ...user, token: await buildSession(ctx, user) };
  };

  const take = (measure: string, body: object, as: TestUser = user, id = as.id) =>
    call(ctx.app, 'POST', `/api/v1/measures/${measure}/results?id=${id}`, {
      token: as.token,
      body,
    });
  const rows = (userId = user.id) =>
    ctx.db.select().from(measureResults).where(eq(measureResults.userId, userId));
  const list = async (query = '') => {
    const res = await call(ctx.app, 'GET', `/api/v1/measure-results?id=${user.id}${query}`, {
      token: user.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; measure: string; score: number; date: string }[];
  };

  it('answers each questionnaire as published, with the words every result carries', async () => {
    const res = await call(ctx.app, 'GET', `/api/v1/measures?id=${user.id}`, {
      token: user.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.measures.map((m: { id: string }) => m.id)).toEqual(['who5', 'phq9', 'gad7']);
    expect(data.measures[1]).toEqual(JSON.parse(JSON.stringify(MEASURES.phq9)));
    expect(data.notADiagnosis).toBe(NOT_A_DIAGNOSIS);
  });

  it('scores a PHQ-9 with its band, and flags item 9 answered other than "not at all"', async () => {
    const res = await take('phq9', { answers: [2, 2, 1, 1, 1, 1, 1, 0, 1], difficulty: 1 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      measure: 'phq9',
      answers: [2, 2, 1, 1, 1, 1, 1, 0, 1],
      difficulty: 1,
      score: 10,
      band: 'Moderate',
      flagsSelfHarm: true,
      date: '2026-03-01',
      takenAt: '2026-03-01T09:00:00.000Z',
    });
    const gad = await take('gad7', { answers: [1, 1, 1, 1, 0, 0, 0] });
    expect(gad.json().data).toMatchObject({ score: 4, band: 'Minimal', flagsSelfHarm: false });
    const who = await take('who5', { answers: [3, 3, 2, 2, 2] });
    expect(who.json().data).toMatchObject({ score: 48, band: 'Low well-being', difficulty: null });
  });

  it('refuses answers out of range, a missing item, or a difficulty WHO-5 has not, writing nothing', async () => {
    expectFail(
      await take('phq9', { answers: [0, 0, 0, 0, 0, 0, 0, 0] }),
      400,
      'MEASURE_ANSWERS_INVALID',
      {
        message: 'PHQ-9 has 9 questions: answer each once',
      },
    );
    expectFail(
      await take('gad7', { answers: [0, 0, 0, 0, 0, 0, 4] }),
      400,
      'MEASURE_ANSWERS_INVALID',
      {
        message: 'Each GAD-7 answer is a whole number from 0 to 3',
      },
    );
    expectFail(await take('who5', { answers: [5, 5, 5, 5, -1] }), 400, 'MEASURE_ANSWERS_INVALID');
    expectFail(
      await take('who5', { answers: [5, 5, 5, 5, 5], difficulty: 2 }),
      400,
      'MEASURE_ANSWERS_INVALID',
      { message: 'WHO-5 has no difficulty question' },
    );
    expectFail(
      await take('phq9', { answers: Array(9).fill(0), difficulty: 4 }),
      400,
      'VALIDATION_ERROR',
    );
    expectFail(await take('bdi', { answers: [0] }), 400, 'VALIDATION_ERROR');
    expectFail(
      await take('gad7', { answers: Array(7).fill(0), extra: true }),
      400,
      'VALIDATION_ERROR',
    );
    expectFail(await take('gad7', { answers: Array(500).fill(0) }), 400, 'VALIDATION_ERROR');
    expect(await rows()).toEqual([]);
  });

  it('keeps one result of a measure a day: taken again, or twenty times at once, it replaces', async () => {
    await take('gad7', { answers: [3, 3, 3, 3, 3, 3, 3] });
    const answers = await race(20, (i) => take('gad7', { answers: [i % 4, 0, 0, 0, 0, 0, 0] }));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const kept = await rows();
    expect(kept).toHaveLength(1);
    expect(kept[0]!.score).toBeLessThanOrEqual(3);

    await at('2026-03-08T09:00:00.000Z');
    await take('gad7', { answers: [1, 1, 1, 1, 1, 1, 1] });
    expect((await list()).map((r) => [r.date, r.score])).toEqual([
      ['2026-03-08', 7],
      ['2026-03-01', kept[0]!.score],
    ]);
  });

  it('lists results newest first, by measure, a page at a time', async () => {
    for (let day = 1; day <= 5; day += 1) {
      await at(`2026-03-0${day}T09:00:00.000Z`);
      await take('who5', { answers: [day, day, day, day, day] });
      await take('phq9', { answers: Array(9).fill(day % 4) });
    }
    const firstPage = await list('&measure=who5&limit=2');
    expect(firstPage.map((r) => r.score)).toEqual([100, 80]);
    const last = (firstPage.at(-1) as unknown as { takenAt: string }).takenAt;
    const next = await list(`&measure=who5&limit=2&before=${encodeURIComponent(last)}`);
    expect(next.map((r) => r.date)).toEqual(['2026-03-03', '2026-03-02']);
    expect(await list()).toHaveLength(10);
  });

  it("keeps another user's results out of reach, and deletes one's own", async () => {
    const theirs = (await take('who5', { answers: [1, 1, 1, 1, 1] }, other)).json().data.id;
    expectFail(await take('who5', { answers: [1, 1, 1, 1, 1] }, user, other.id), 404, 'NOT_FOUND');
    const foreign = await call(
      ctx.app,
      'DELETE',
      `/api/v1/measure-results/${theirs}?id=${user.id}`,
      { token: user.token },
    );
    expectFail(foreign, 404, 'NOT_FOUND');
    expect(await rows(other.id)).toHaveLength(1);

    const mine = (await take('who5', { answers: [2, 2, 2, 2, 2] })).json().data.id;
    const del = await call(ctx.app, 'DELETE', `/api/v1/measure-results/${mine}?id=${user.id}`, {
      token: user.token,
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(await rows()).toEqual([]);
  });

  it('travels in the export (version 3), and an import checks each result as the API does', async () => {
    await take('phq9', { answers: [1, 1, 1, 1, 1, 1, 1, 1, 0], difficulty: 2 });
    const res = await call(ctx.app, 'GET', '/api/v1/account/export', { token: user.token });
    const file = JSON.parse(res.body);
    expect(file.version).toBe(3);
    expect(file.measureResults).toEqual([
      {
        measure: 'phq9',
        answers: [1, 1, 1, 1, 1, 1, 1, 1, 0],
        difficulty: 2,
        takenAt: '2026-03-01T09:00:00.000Z',
        date: '2026-03-01',
      },
    ]);
    const send = (body: object) =>
      call(ctx.app, 'POST', '/api/v1/account/import', { token: other.token, body });
    const asV2 = expectFail(await send({ ...file, version: 2 }), 400, 'VALIDATION_ERROR');
    expect(asV2.issues).toContainEqual({
      path: 'body.measureResults',
      message: 'Is a list of version 3 files; this file says version 2',
    });
    const offScale = { ...file, measureResults: [{ ...file.measureResults[0], answers: [9] }] };
    const refused = expectFail(await send(offScale), 400, 'VALIDATION_ERROR');
    expect(refused.issues).toContainEqual({
      path: 'body.measureResults.0.answers',
      message: 'PHQ-9 has 9 questions: answer each once',
    });
    expect(await rows(other.id)).toEqual([]);
    const imported = await send(file);
    expect(imported.statusCode, imported.body.slice(0, 300)).toBe(200);
    expect((await rows(other.id)).map((r) => [r.measure, r.score, r.localDate])).toEqual([
      ['phq9', 8, '2026-03-01'],
    ]);
  });

  it('goes with the account when it is deleted', async () => {
    await take('phq9', { answers: Array(9).fill(1) });
    const res = await call(ctx.app, 'DELETE', '/api/v1/account', {
      token: user.token,
      body: { email: user.email },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rows()).toEqual([]);
  });

  it('names the helplines of the deployment, an international directory without the setting', async () => {
    const res = await call(ctx.app, 'GET', '/api/v1/support-resources', { token: user.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.resources).toEqual(DEFAULT_SUPPORT_RESOURCES);
    expect(
      loadEnv({ SUPPORT_RESOURCES: '[{"name":"Samaritans","phone":"116 123"}]' }).SUPPORT_RESOURCES,
    ).toEqual([{ name: 'Samaritans', phone: '116 123', url: null }]);
    expect(() => loadEnv({ SUPPORT_RESOURCES: '[{"name":"No way to reach"}]' })).toThrow();
    expect(() => loadEnv({ SUPPORT_RESOURCES: 'not json' })).toThrow();
  });
});
