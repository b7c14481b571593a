// The report and the clinician's link over HTTP (decision 084), on both databases. Who could
// abuse them: another user (an entry of theirs in one's own report, a link of theirs), someone
// asking for a hundred years, a stranger guessing a token, a clinician keeping a link past its
// end or after it was revoked, and anyone reading the logs for a token. Each is a clear refusal or
// a bounded answer, and a link shows its report and nothing of the account.
import { addDays, REPORT_LINKS_MAX } from '@wellspring/shared';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, race, useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import { buildDiary, buildSession, buildUser, type TestUser } from '../../../test/factories';
import { reportLinks } from '../../db/schema';

const TODAY = '2026-03-10';
const ALL = ['calendar', 'distribution', 'checkIns', 'activities', 'measures'];

describe('the report', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  let user: TestUser;
  let other: TestUser;
  let walk: string;

  beforeEach(async () => {
    ctx.clock.set('2026-01-01T12:00:00.000Z');
    const created = await buildUser(ctx);
    other = await buildUser(ctx);
    ctx.clock.set(`${TODAY}T12:00:00.000Z`);
    user = { ...created, token: await buildSession(ctx, created) };
    const list = await call(ctx.app, 'GET', `/api/v1/activities?id=${user.id}`, {
      token: user.token,
    });
    walk = (list.json().data as { id: string; name: string }[]).find((a) => a.name === 'Walk')!.id;
  });

  /** A back-filled check-in `back` days before today. */
  const checkIn = async (back: number, mood: string, activityIds: string[] = []) => {
    const res = await call(ctx.app, 'POST', `/api/v1/check-ins?id=${user.id}`, {
      token: user.token,
      body: { mood, activityIds, date: addDays(TODAY, -back) },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const report = (body: object, as: TestUser = user) =>
    call(ctx.app, 'POST', `/api/v1/reports?id=${as.id}`, { token: as.token, body });

  it('answers each section chosen over the range alone, and no other', async () => {
    // Five better days with a walk, five worse without, inside the range; one outside it.
    for (let i = 1; i <= 5; i += 1) await checkIn(i, 'Happy', [walk]);
    for (let i = 6; i <= 10; i += 1) await checkIn(i, 'Sad');
    await checkIn(6, 'Depressed');
    await checkIn(40, 'Ecstatic', [walk]);
    await buildDiary(ctx, user, addDays(TODAY, -2), 'Words nobody chose to share.');
    const phq9 = await call(ctx.app, 'POST', `/api/v1/measures/phq9/results?id=${user.id}`, {
      token: user.token,
      body: { answers: [2, 2, 1, 1, 1, 1, 1, 0, 1] },
    });
    expect(phq9.statusCode, phq9.body).toBe(201);

    const res = await report({ from: addDays(TODAY, -29), to: TODAY, sections: ALL });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ from: '2026-02-09', to: TODAY, days: 30, timeZone: 'UTC' });
    expect(data.sections).toEqual(ALL);
    expect(data.calendar).toHaveLength(10);
    expect(data.calendar[0]).toEqual({
      date: '2026-02-28',
      mood: 'Sad',
      checkIns: 1,
      diary: false,
    });
    // Day 6 has Sad and Depressed: a mean of 1.5, which is Sad.
    expect(data.calendar[4]).toEqual({
      date: '2026-03-04',
      mood: 'Sad',
      checkIns: 2,
      diary: false,
    });
    expect(data.calendar.find((d: { date: string }) => d.date === '2026-03-08')).toMatchObject({
      mood: 'Happy',
      diary: true,
    });
    expect(data.distribution).toEqual({
      moods: [
        { mood: 'Ecstatic', days: 0 },
        { mood: 'Happy', days: 5 },
        { mood: 'Neutral', days: 0 },
        { mood: 'Sad', days: 5 },
        { mood: 'Depressed', days: 0 },
      ],
      daysWithMood: 10,
      lowRuns: [{ from: '2026-02-28', to: '2026-03-04', days: 5 }],
    });
    expect(data.checkIns).toEqual({
      total: 11,
      daysWithCheckIns: 10,
      meanPerDay: 1.1,
      mostInADay: 2,
      byCount: [
        { checkIns: 1, days: 9 },
        { checkIns: 2, days: 1 },
      ],
    });
    // The walk of 40 days ago is outside the range: five days with it, five without.
    expect(data.activities.worse).toEqual([]);
    expect(data.activities.better).toHaveLength(1);
    expect(data.activities.better[0]).toMatchObject({ name: 'Walk', daysWith: 5, daysWithout: 5 });
    expect(data.activities.better[0].text).toMatch(
      /^"Walk" and a better mood that day went together/,
    );
    expect(data.measures).toHaveLength(1);
    expect(data.measures[0]).toMatchObject({ id: 'phq9', shortName: 'PHQ-9' });
    expect(data.measures[0].results).toEqual([
      { date: TODAY, score: 10, band: 'Moderate', selfHarmAnswer: 'Several days' },
    ]);
    expect(data.diary).toBeNull();
    expect(res.body).not.toContain('Words nobody chose');

    const some = await report({
      from: '2026-02-09',
      to: TODAY,
      sections: ['measures', 'calendar'],
    });
    expect(some.json().data).toMatchObject({
      sections: ['calendar', 'measures'],
      distribution: null,
      checkIns: null,
      activities: null,
    });
  });

  it('quotes only the diary entries chosen, each by its id', async () => {
    const chosen = await buildDiary(ctx, user, '2026-03-05', 'A walk by the sea, at last.');
    await buildDiary(ctx, user, '2026-03-06', 'Not for anyone else.');
    const res = await report({
      from: '2026-03-01',
      to: TODAY,
      sections: ['diary'],
      diaryEntryIds: [chosen.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.diary).toEqual([
      { date: '2026-03-05', mood: null, isBackfilled: false, text: 'A walk by the sea, at last.' },
    ]);
    expect(res.body).not.toContain('Not for anyone else');
  });

  it('refuses a range of a hundred years, one past today, one backwards, naming the rule', async () => {
    const cases: [object, RegExp][] = [
      [{ from: '1926-03-10', to: TODAY }, /at most 1,827 days/],
      [{ from: TODAY, to: addDays(TODAY, 1) }, /after today/],
      [{ from: TODAY, to: '2026-03-01' }, /starts after it ends/],
    ];
    for (const [range, message] of cases) {
      const res = await report({ ...range, sections: ['calendar'] });
      expectFail(res, 400, 'REPORT_INVALID');
      expect(res.json().message).toMatch(message);
      expect(res.body.length).toBeLessThan(400);
    }
    // Five years exactly is a report.
    const five = await report({ from: addDays(TODAY, -1826), to: TODAY, sections: ['calendar'] });
    expect(five.statusCode, five.body).toBe(200);
    expectFail(await report({ from: TODAY, to: TODAY, sections: [] }), 400, 'VALIDATION_ERROR');
    expectFail(
      await report({ from: TODAY, to: TODAY, sections: ['calendar', 'calendar'] }),
      400,
      'VALIDATION_ERROR',
    );
    expectFail(
      await report({ from: TODAY, to: TODAY, sections: ['calendar'], extra: 1 }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('refuses an entry of another user, one outside the range, and entries without the section', async () => {
    const theirs = await buildDiary(ctx, other, '2026-03-05', 'Their private words.');
    const mine = await buildDiary(ctx, user, '2026-01-05', 'Before the range.');
    for (const id of [theirs.id, mine.id]) {
      const res = await report({
        from: '2026-03-01',
        to: TODAY,
        sections: ['diary'],
        diaryEntryIds: [id],
      });
      expectFail(res, 400, 'REPORT_INVALID');
      expect(res.body).not.toContain('Their private words');
    }
    const without = await report({
      from: '2026-01-01',
      to: TODAY,
      sections: ['calendar'],
      diaryEntryIds: [mine.id],
    });
    expectFail(without, 400, 'REPORT_INVALID');
    // Another user's id in the query is someone else's account: 404, as everywhere.
    expectFail(
      await call(ctx.app, 'POST', `/api/v1/reports?id=${other.id}`, {
        token: user.token,
        body: { from: TODAY, to: TODAY, sections: ['calendar'] },
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('sends the PDF and the CSV as files that no cache keeps', async () => {
    await checkIn(1, 'Happy');
    const body = { from: '2026-03-01', to: TODAY, sections: ALL, paper: 'letter' };
    const pdf = await call(ctx.app, 'POST', `/api/v1/reports/pdf?id=${user.id}`, {
      token: user.token,
      body,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      'attachment; filename="wellspring-report-2026-03-01-to-2026-03-10.pdf"',
    );
    expect(pdf.headers['cache-control']).toBe('no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const csv = await call(ctx.app, 'POST', `/api/v1/reports/csv?id=${user.id}`, {
      token: user.token,
      body,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain('2026-03-09');
    expectFail(
      await call(ctx.app, 'POST', `/api/v1/reports/pdf?id=${user.id}`, {
        token: user.token,
        body: { ...body, from: '1926-01-01' },
      }),
      400,
      'REPORT_INVALID',
    );
  });
});

describe('the link for a clinician', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  let user: TestUser;
  let other: TestUser;
  let entryId: string;

  beforeEach(async () => {
    ctx.clock.set(`${TODAY}T12:00:00.000Z`);
    user = await buildUser(ctx);
    other = await buildUser(ctx);
    entryId = (await buildDiary(ctx, user, TODAY, 'Shared with Dr. Rivera, and no one else.')).id;
  });

  const reportBody = () => ({
    from: '2026-03-01',
    to: TODAY,
    sections: ['calendar', 'diary'],
    diaryEntryIds: [entryId],
  });
  const create = (expiresInDays = 7, as: TestUser = user, report: object = reportBody()) =>
    call(ctx.app, 'POST', `/api/v1/report-links?id=${as.id}`, {
      token: as.token,
      body: { report, expiresInDays },
    });
  const open = (token: string, what = 'open') =>
    call(ctx.app, 'POST', `/api/v1/shared-reports/${what}`, { body: { token } });
  const links = async (as: TestUser = user) => {
    const res = await call(ctx.app, 'GET', `/api/v1/report-links?id=${as.id}`, {
      token: as.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; openCount: number; expired: boolean }[];
  };

  it('lives its whole life: made, opened and counted, expired, and the token never logged', async () => {
    const made = await create(3);
    expect(made.statusCode, made.body).toBe(201);
    const { token, url, link } = made.json().data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`${ctx.env.PUBLIC_URL.replace(/\/$/, '')}/shared-report#${token}`);
    expect(link).toMatchObject({
      from: '2026-03-01',
      to: TODAY,
      sections: ['calendar', 'diary'],
      diaryEntries: 1,
      expiresAt: '2026-03-13T12:00:00.000Z',
      expired: false,
      openCount: 0,
      lastOpenedAt: null,
    });
    // Only the token's hash is kept.
    const [row] = await ctx.db.select().from(reportLinks).where(eq(reportLinks.id, link.id));
    expect(JSON.stringify(row)).not.toContain(token);

    ctx.clock.set('2026-03-11T08:00:00.000Z');
    const first = await open(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['x-robots-tag']).toBe('noindex, nofollow');
    const shared = first.json().data;
    expect(Object.keys(shared).sort()).toEqual(['expiresAt', 'report']);
    expect(shared.report.diary).toEqual([
      expect.objectContaining({ text: 'Shared with Dr. Rivera, and no one else.' }),
    ]);
    // Nothing of the account: not its id, its email or its name.
    for (const secret of [user.id, user.email, user.name]) expect(first.body).not.toContain(secret);
    const pdf = await open(token, 'pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await open(token, 'csv')).statusCode).toBe(200);
    ctx.clock.set('2026-03-12T09:30:00.000Z');
    expect((await open(token)).statusCode).toBe(200);
    // Two openings of the page; the files downloaded from it are not openings.
    expect(await links()).toEqual([
      expect.objectContaining({
        id: link.id,
        openCount: 2,
        lastOpenedAt: '2026-03-12T09:30:00.000Z',
      }),
    ]);

    // Past its end: one answer, as for a token never made; still listed, as expired.
    ctx.clock.set('2026-03-13T12:00:00.000Z');
    for (const what of ['open', 'pdf', 'csv']) {
      const late = await open(token, what);
      expectFail(late, 404, 'REPORT_LINK_INVALID');
      expect(late.body.length).toBeLessThan(300);
    }
    user = { ...user, token: await buildSession(ctx, user) };
    expect(await links()).toEqual([expect.objectContaining({ id: link.id, expired: true })]);
    expect(ctx.logs.join('\n')).not.toContain(token);
  });

  it('is revoked at once, and answers a guessed token as an expired one', async () => {
    const { token, link } = (await create()).json().data;
    expect((await open(token)).statusCode).toBe(200);
    const revoked = await call(ctx.app, 'DELETE', `/api/v1/report-links/${link.id}?id=${user.id}`, {
      token: user.token,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expectFail(await open(token), 404, 'REPORT_LINK_INVALID');
    expectFail(await open(token, 'pdf'), 404, 'REPORT_LINK_INVALID');
    expect(await links()).toEqual([]);
    expectFail(await open('A'.repeat(43)), 404, 'REPORT_LINK_INVALID');
    expectFail(await open('short'), 400, 'VALIDATION_ERROR');
    // Another user cannot revoke, list or see it.
    const second = (await create()).json().data;
    expectFail(
      await call(ctx.app, 'DELETE', `/api/v1/report-links/${second.link.id}?id=${other.id}`, {
        token: other.token,
      }),
      404,
      'NOT_FOUND',
    );
    expect(await links(other)).toEqual([]);
    expect((await open(second.token)).statusCode).toBe(200);
  });

  it('refuses an expiry past 14 days, a report that would be refused, and an eleventh live link', async () => {
    expectFail(await create(15), 400, 'VALIDATION_ERROR');
    expectFail(await create(0), 400, 'VALIDATION_ERROR');
    const theirs = await buildDiary(ctx, other, TODAY, 'Their words.');
    expectFail(
      await create(7, user, { ...reportBody(), diaryEntryIds: [theirs.id] }),
      400,
      'REPORT_INVALID',
    );
    expectFail(
      await create(7, user, { ...reportBody(), from: '1926-01-01' }),
      400,
      'REPORT_INVALID',
    );
    const made = await race(REPORT_LINKS_MAX + 5, () => create());
    expect(made.filter((r) => r.statusCode === 201)).toHaveLength(REPORT_LINKS_MAX);
    for (const res of made.filter((r) => r.statusCode !== 201)) {
      expectFail(res, 409, 'REPORT_LINK_LIMIT');
    }
    expect(await links()).toHaveLength(REPORT_LINKS_MAX);
  });

  it('is in the account export for the record, never its token, and an import makes none', async () => {
    const { token } = (await create(5)).json().data;
    await open(token);
    const exported = await call(ctx.app, 'GET', '/api/v1/account/export', { token: user.token });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain(token);
    const file = JSON.parse(exported.body);
    expect(file.reportLinks).toEqual([
      {
        from: '2026-03-01',
        to: TODAY,
        sections: ['calendar', 'diary'],
        diaryEntries: 1,
        createdAt: '2026-03-10T12:00:00.000Z',
        expiresAt: '2026-03-15T12:00:00.000Z',
        openCount: 1,
        lastOpenedAt: '2026-03-10T12:00:00.000Z',
      },
    ]);
    const fresh = await buildUser(ctx);
    const imported = await call(ctx.app, 'POST', '/api/v1/account/import', {
      token: fresh.token,
      body: file,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await links(fresh)).toEqual([]);
    expect((await open(token)).statusCode).toBe(200);
  });

  it('goes with the account', async () => {
    const { token } = (await create()).json().data;
    const res = await call(ctx.app, 'DELETE', '/api/v1/account', {
      token: user.token,
      body: { email: user.email },
    });
    expect(res.statusCode, res.body).toBe(200);
    expectFail(await open(token), 404, 'REPORT_LINK_INVALID');
    expect(await ctx.db.select().from(reportLinks).where(eq(reportLinks.userId, user.id))).toEqual(
      [],
    );
  });
});
