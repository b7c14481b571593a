import { addDays, DiaryListAnswerSchema, type ChosenMood } from '@wellspring/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, useTestApp, type TestContext } from '../../../test/app';
import { buildUser, type TestUser } from '../../../test/factories';
import { diaries } from '../../db/schema';
import { insertDailyMoods } from '../check-ins/check-ins.service';
import { DIARY_LIST_BATCH } from './diary.service';

// SPEC.md's whole list (GET /diary without a page) is streamed a page at a time (decision 086);
// these tests hold it to the answer the serializer wrote before: the same JSON, byte for byte.

const NOW = '2026-03-10T12:00:00.000Z';
const TODAY = '2026-03-10';
const MOODS: ChosenMood[] = ['Happy', 'Sad', 'Neutral'];

/** `count` entries of the days before today, newest first, their text sealed; a mood every 3rd. */
async function buildHistory(ctx: TestContext, user: TestUser, count: number) {
  const days = Array.from({ length: count }, (_, i) => addDays(TODAY, -(i + 1)));
  if (days.length === 0) return days;
  await ctx.db.insert(diaries).values(
    days.map((day) => ({
      userId: user.id,
      localDate: day,
      ...ctx.app.diaryVault.seal(user.id, day, `Entry of ${day}: "quoted", \\ and ✓`),
      createdAt: ctx.clock.now(),
    })),
  );
  const moods = days
    .filter((_, i) => i % 3 === 0)
    .map((day, i) => ({
      userId: user.id,
      localDate: day,
      mood: MOODS[i % MOODS.length]!,
      updatedAt: ctx.clock.now(),
      timeZone: 'UTC',
    }));
  await insertDailyMoods(ctx.db, moods);
  return days;
}

describe('GET /api/v1/diary without a page (the whole list, streamed)', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  beforeEach(() => ctx.clock.set(NOW));

  const get = (user: TestUser, query = '') =>
    call(ctx.app, 'GET', `/api/v1/diary?id=${user.id}${query}`, { token: user.token });

  /** Every page of 50 from the newest, each from the last entry's date, as a client walks them. */
  async function walkPages(user: TestUser) {
    const entries: { date: string }[] = [];
    let cursor = '';
    for (;;) {
      const res = await get(user, `&limit=50${cursor}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json().data as { date: string }[];
      if (page.length === 0) return entries;
      entries.push(...page);
      cursor = `&before=${page[page.length - 1]!.date}`;
    }
  }

  it('answers the pages one after another, newest first, moods included, no one else’s', async () => {
    const user = await buildUser(ctx);
    const other = await buildUser(ctx);
    const days = await buildHistory(ctx, user, 250);
    await ctx.db.insert(diaries).values({
      userId: other.id,
      localDate: '2026-01-01',
      ...ctx.app.diaryVault.seal(other.id, '2026-01-01', 'Not yours'),
      createdAt: ctx.clock.now(),
    });

    const res = await get(user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const pages = await walkPages(user);
    // The bytes the serializer writes for the same entries (JSON.parse keeps the keys' order).
    expect(res.body).toBe(JSON.stringify({ status: 'success', data: pages }));

    const data = DiaryListAnswerSchema.parse(res.json()).data;
    expect(data.map((entry) => entry.date)).toEqual(days);
    expect(data[0]).toMatchObject({ date: '2026-03-09', mood: 'Happy', isBackfilled: false });
    expect(data[0]!.content).toBe('Entry of 2026-03-09: "quoted", \\ and ✓');
    expect(data.slice(0, 7).map((entry) => entry.mood)).toEqual([
      'Happy',
      null,
      null,
      'Sad',
      null,
      null,
      'Neutral',
    ]);
    expect(data.filter((entry) => entry.mood !== null)).toHaveLength(84);
    expect(res.body).not.toContain('Not yours');
  });

  it.each([0, 1, DIARY_LIST_BATCH, DIARY_LIST_BATCH + 1, 2 * DIARY_LIST_BATCH])(
    'answers %i entries whole, at and across the edge of a batch',
    async (count) => {
      const user = await buildUser(ctx);
      const days = await buildHistory(ctx, user, count);
      const res = await get(user);
      expect(res.statusCode).toBe(200);
      const body = DiaryListAnswerSchema.parse(res.json());
      expect(body.data.map((entry) => entry.date)).toEqual(days);
      expect(res.body).toBe(JSON.stringify(body));
    },
  );

  it('starts from the cursor when one is given without a limit', async () => {
    const user = await buildUser(ctx);
    const days = await buildHistory(ctx, user, 150);
    const res = await get(user, `&before=${days[20]}`);
    expect(res.statusCode).toBe(200);
    expect((res.json().data as { date: string }[]).map((entry) => entry.date)).toEqual(
      days.slice(21),
    );
  });

  it('reaches a client over a socket as a stream that res.json() reads as SPEC.md’s list', async () => {
    const user = await buildUser(ctx);
    const days = await buildHistory(ctx, user, 120);
    // Closed with the app, after the file's tests.
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const res = await fetch(`${address}/api/v1/diary?id=${user.id}`, {
      headers: { authorization: `Bearer ${user.token}` },
      signal: AbortSignal.timeout(10_000),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    // Sent as it is written, so its length is not known up front.
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(res.headers.get('content-length')).toBeNull();
    const body = (await res.json()) as { status: string; data: { date: string }[] };
    expect(Object.keys(body)).toEqual(['status', 'data']);
    expect(body.status).toBe('success');
    expect(body.data.map((entry) => entry.date)).toEqual(days);
    expect(Object.keys(body.data[0]!)).toEqual([
      'id',
      'date',
      'dateCreated',
      'content',
      'isBackfilled',
      'mood',
    ]);
  });

  it('answers HEAD with the headers alone', async () => {
    const user = await buildUser(ctx);
    await buildHistory(ctx, user, 3);
    const res = await call(ctx.app, 'HEAD', `/api/v1/diary?id=${user.id}`, { token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe('');
  });

  it('is documented with the list’s 200 schema, as the paged answer is', async () => {
    const res = await call(ctx.app, 'GET', '/api/docs/json');
    const doc = res.json() as {
      paths: Record<string, { get: { responses: Record<string, unknown> } }>;
    };
    const ok = doc.paths['/api/v1/diary']!.get.responses['200'] as {
      content: Record<string, { schema: { properties: Record<string, unknown> } }>;
    };
    const schema = ok.content['application/json']!.schema;
    expect(Object.keys(schema.properties)).toEqual(['status', 'data']);
    expect(JSON.stringify(schema.properties.data)).toContain('"mood"');
  });
});
