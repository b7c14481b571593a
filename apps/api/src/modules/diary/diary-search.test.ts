import { addDays, DIARY_SEARCH_BATCH } from '@wellspring/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { buildDiary, buildUser, type TestUser } from '../../../test/factories';
import { diaries } from '../../db/schema';

describe('GET /api/v1/diary/search', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  beforeEach(() => ctx.clock.set('2026-03-10T12:00:00.000Z'));

  const search = (user: TestUser, query: string) =>
    call(ctx.app, 'GET', `/api/v1/diary/search?id=${user.id}&${query}`, { token: user.token });
  const found = async (user: TestUser, query: string) => {
    const res = await search(user, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('finds the entries holding every word, in any case, newest first', async () => {
    const user = await buildUser(ctx);
    await buildDiary(ctx, user, '2026-03-01', 'A long WALK by the sea.');
    await buildDiary(ctx, user, '2026-03-05', 'Rain all day; a short walk anyway.');
    await buildDiary(ctx, user, '2026-03-07', 'Stayed in and read.');
    await buildDiary(ctx, user, '2026-03-08', 'Café with Zoë, then a walk by the river.');
    const walk = await found(user, 'q=walk');
    expect(walk.entries.map((e: { date: string }) => e.date)).toEqual([
      '2026-03-08',
      '2026-03-05',
      '2026-03-01',
    ]);
    expect(walk.entries[0]).toMatchObject({ content: 'Café with Zoë, then a walk by the river.' });
    expect(walk).toMatchObject({ page: 1, scanned: 4, hasMore: false });
    expect((await found(user, 'q=walk%20SEA')).entries).toHaveLength(1);
    expect((await found(user, 'q=%20%20ZO%C3%8B%20caf%C3%89')).entries).toHaveLength(1);
    expect((await found(user, 'q=mountains')).entries).toEqual([]);
  });

  it('never answers another user’s entries, and 404 for their id', async () => {
    const user = await buildUser(ctx);
    const other = await buildUser(ctx);
    await buildDiary(ctx, other, '2026-03-09', 'A secret only I know.');
    expect((await found(user, 'q=secret')).entries).toEqual([]);
    const res = await call(ctx.app, 'GET', `/api/v1/diary/search?id=${other.id}&q=secret`, {
      token: user.token,
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret only');
  });

  it(`opens at most ${DIARY_SEARCH_BATCH} entries a request; hasMore leads to the older ones`, async () => {
    const user = await buildUser(ctx);
    const count = DIARY_SEARCH_BATCH + 4;
    const newest = '2026-03-09';
    const sealed = Array.from({ length: count }, (_, i) => {
      const localDate = addDays(newest, -i);
      const text = i === 0 || i === count - 1 ? `needle on ${localDate}` : 'hay';
      return {
        userId: user.id,
        localDate,
        ...ctx.app.diaryVault.seal(user.id, localDate, text),
        createdAt: ctx.clock.now(),
      };
    });
    await ctx.db.insert(diaries).values(sealed);
    const first = await found(user, 'q=needle');
    expect(first).toMatchObject({ page: 1, scanned: DIARY_SEARCH_BATCH, hasMore: true });
    expect(first.entries.map((e: { date: string }) => e.date)).toEqual([newest]);
    const second = await found(user, 'q=needle&page=2');
    expect(second).toMatchObject({ page: 2, scanned: 4, hasMore: false });
    expect(second.entries.map((e: { date: string }) => e.date)).toEqual([
      addDays(newest, -(count - 1)),
    ]);
    expect(await found(user, 'q=needle&page=3')).toMatchObject({
      entries: [],
      scanned: 0,
      hasMore: false,
    });
  });

  it('refuses an empty search, one over 100 characters, and a page that is not one', async () => {
    const user = await buildUser(ctx);
    for (const query of [
      'q=',
      'q=%20%20',
      `q=${'a'.repeat(101)}`,
      'q=a&page=0',
      'q=a&page=x',
      '',
    ]) {
      const res = await search(user, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await search(user, `q=${'a'.repeat(100)}`)).statusCode).toBe(200);
  });
});
