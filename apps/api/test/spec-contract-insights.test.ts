import { addDays, type ChosenMood } from '@wellspring/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestApp } from './app';
import { buildDiary, buildGoal, buildTask, buildUser, type TestUser } from './factories';
import { createAnswerValidator, readPublishedOpenApi } from './published-openapi';
import { insertDailyMoods } from '../src/modules/check-ins/check-ins.service';

/*
 * The insights calls and the diary search, written from what decision 035 says of them rather than
 * from our implementation, each answer (and each refusal) checked against the published OpenAPI
 * document. Run on PGlite, and on PostgreSQL with TEST_DB=postgres.
 */

const DOC = '/api/v1';
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

describe('the insights calls (decision 035)', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  let answers: ReturnType<typeof createAnswerValidator>;
  let user: TestUser;
  beforeAll(async () => {
    answers = createAnswerValidator(await readPublishedOpenApi(ctx.app));
    // A user a day ahead of UTC, with a few weeks of moods, diaries and tasks.
    user = await buildUser(ctx, { timeZone: 'Pacific/Kiritimati' });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(
      ctx.clock.now(),
    );
    const scale: ChosenMood[] = ['Depressed', 'Sad', 'Neutral', 'Happy', 'Ecstatic'];
    await insertDailyMoods(
      ctx.db,
      Array.from({ length: 40 }, (_, i) => ({
        userId: user.id,
        localDate: addDays(today, -i),
        mood: scale[i % 5]!,
        updatedAt: ctx.clock.now(),
        timeZone: 'Pacific/Kiritimati',
      })),
    );
    for (let i = 0; i < 12; i += 2) await buildDiary(ctx, user, addDays(today, -i));
    const goal = await buildGoal(ctx, user, { target: 50_000, earned: 0 });
    await buildTask(ctx, user, goal.id, { status: 'Completed' });
  });
  const get = (url: string, as: TestUser = user) => call(ctx.app, 'GET', url, { token: as.token });

  it('GET /insights/calendar?id&year: "one entry per local day of that year that has a mood, a diary entry, or points earned"', async () => {
    const year = Number(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati', year: 'numeric' }).format(
        ctx.clock.now(),
      ),
    );
    const res = await get(`/v1/insights/calendar?id=${user.id}&year=${year}`);
    answers.expectDocumented(res, 'GET', `${DOC}/insights/calendar`);
    const { days } = res.json().data;
    expect(days.length).toBeGreaterThan(0);
    for (const day of days) {
      expect(Object.keys(day).sort()).toEqual([
        'checkInCount',
        'date',
        'hasDiary',
        'mood',
        'points',
      ]);
      expect(day.date).toMatch(LOCAL_DATE);
      expect(day.date.startsWith(String(year))).toBe(true);
      expect(day.mood !== null || day.hasDiary || day.points > 0).toBe(true);
    }
    const bad = await get(`/v1/insights/calendar?id=${user.id}&year=next`);
    answers.expectDocumented(bad, 'GET', `${DOC}/insights/calendar`, 400);
  });

  it('GET /insights/trends?id&days: "the moods of the last N local days as a series of { date, mood | null, level 1..5 | null }", counts, by weekday', async () => {
    for (const days of [30, 90, 365]) {
      const res = await get(`/v1/insights/trends?id=${user.id}&days=${days}`);
      answers.expectDocumented(res, 'GET', `${DOC}/insights/trends`);
      const data = res.json().data;
      expect(data.series).toHaveLength(days);
      for (const point of data.series) {
        expect(Object.keys(point).sort()).toEqual(['date', 'level', 'mood']);
        expect(point.level === null).toBe(point.mood === null);
      }
      expect(Object.keys(data.counts).sort()).toEqual([
        'Depressed',
        'Ecstatic',
        'Happy',
        'Neutral',
        'Sad',
      ]);
      expect(data.byWeekday).toHaveLength(7);
      expect(data.byWeekday[0].weekday).toBe('Monday');
    }
    const bad = await get(`/v1/insights/trends?id=${user.id}&days=7`);
    answers.expectDocumented(bad, 'GET', `${DOC}/insights/trends`, 400);
  });

  it('GET /insights/findings?id: findings with >= 5 days on each side, each with its day counts, and `support: boolean`', async () => {
    const res = await get(`/v1/insights/findings?id=${user.id}`);
    answers.expectDocumented(res, 'GET', `${DOC}/insights/findings`);
    const data = res.json().data;
    expect(typeof data.support).toBe('boolean');
    expect(data.findings.length).toBeGreaterThan(0);
    for (const finding of data.findings) {
      expect(finding.daysWith).toBeGreaterThanOrEqual(5);
      expect(finding.daysWithout).toBeGreaterThanOrEqual(5);
      expect(finding.text).toContain('went together');
    }
  });

  it('GET /diary/search?id&q&page: "entries containing the words (case-insensitive), newest first", bounded and paged', async () => {
    const res = await get(`/v1/diary/search?id=${user.id}&q=QUIET%20day`);
    answers.expectDocumented(res, 'GET', `${DOC}/diary/search`);
    const data = res.json().data;
    expect(data).toMatchObject({ page: 1, scanned: 6, hasMore: false });
    expect(data.entries).toHaveLength(6);
    const dates = data.entries.map((e: { date: string }) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const q of ['', 'x'.repeat(101)]) {
      const bad = await get(`/v1/diary/search?id=${user.id}&q=${q}`);
      answers.expectDocumented(bad, 'GET', `${DOC}/diary/search`, 400);
    }
  });

  it('GET /insights/day?id&date: "that day\'s mood, diary entry (read-only) and completed tasks"', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(
      ctx.clock.now(),
    );
    const res = await get(`/v1/insights/day?id=${user.id}&date=${today}`);
    answers.expectDocumented(res, 'GET', `${DOC}/insights/day`);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual([
      'canBackfill',
      'checkIns',
      'date',
      'diary',
      'mood',
      'tasks',
    ]);
    expect(data.date).toBe(today);
    expect(data.diary.content).toBe('A quiet day.');
    expect(data.tasks).toHaveLength(1);
    const bad = await get(`/v1/insights/day?id=${user.id}&date=today`);
    answers.expectDocumented(bad, 'GET', `${DOC}/insights/day`, 400);
  });

  it('GET /insights/support?id and POST /insights/support/dismiss: the card, then hidden for 7 days', async () => {
    const other = await buildUser(ctx);
    const res = await get(`/v1/insights/support?id=${other.id}`, other);
    answers.expectDocumented(res, 'GET', `${DOC}/insights/support`);
    expect(res.json().data).toEqual({ show: false, hiddenUntil: null });
    const dismissed = await call(ctx.app, 'POST', '/api/v1/insights/support/dismiss', {
      token: other.token,
      body: { id: other.id },
    });
    answers.expectDocumented(dismissed, 'POST', `${DOC}/insights/support/dismiss`);
    expect(dismissed.json().data.show).toBe(false);
    expect(dismissed.json().data.hiddenUntil).toMatch(LOCAL_DATE);
  });

  it('answers 404, as documented, for an id that is not the caller’s', async () => {
    const other = await buildUser(ctx);
    const queries: Record<string, string> = {
      calendar: '&year=2026',
      trends: '&days=30',
      findings: '',
      day: '&date=2026-03-09',
      support: '',
    };
    for (const [path, query] of Object.entries(queries)) {
      const res = await get(`/v1/insights/${path}?id=${user.id}${query}`, other);
      answers.expectDocumented(res, 'GET', `${DOC}/insights/${path}`, 404);
    }
    const search = await get(`/v1/diary/search?id=${user.id}&q=day`, other);
    answers.expectDocumented(search, 'GET', `${DOC}/diary/search`, 404);
  });
});
