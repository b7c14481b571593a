// POST /imports, GET /imports, DELETE /imports/:importId (decision 081): a file from another app
// written as back-filled days, and taken back as a whole. Who could abuse it: another user (their
// id, or an import id of theirs), someone sending twenty imports at once, a file whose mood names
// are left without a mood. Each is refused and the account unchanged, or written once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { expectFail, tally } from '../../../test/assertions';
import { buildSession, buildUser, dumpUserRows, type TestUser } from '../../../test/factories';
import { imports } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { cancelOrUndoImport, ImportRunner, takeBackStaleImports } from './import-run';
import { importSettings } from './imports.routes';
import { importFinished } from '../../../test/imports';
import { readUpload } from './imports.service';
import { Readable } from 'node:stream';
import type { ChosenMood } from '@wellspring/shared';

const FIXTURES = path.join(__dirname, '../../../test/fixtures/imports');
const HEADER = 'full_date,date,weekday,time,mood,activities,note_title,note';
const DAYLIO_MOODS: Record<string, ChosenMood> = {
  rad: 'Ecstatic',
  good: 'Happy',
  meh: 'Neutral',
  ok: 'Neutral',
  sad: 'Sad',
  awful: 'Depressed',
  'Tired but ok': 'Neutral',
};

describe('importing a file from another app', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  let user: TestUser;

  beforeEach(async () => {
    ctx.clock.set('2026-01-01T12:00:00.000Z');
    const created = await buildUser(ctx);
    ctx.clock.set('2026-03-10T20:00:00.000Z');
    user = { ...created, token: await buildSession(ctx, created) };
  });

  const confirm = (body: string | Buffer, moods: object, as: TestUser = user) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/imports?id=${as.id}&moods=${encodeURIComponent(JSON.stringify(moods))}`,
      headers: { authorization: `Bearer ${as.token}`, 'content-type': 'text/csv' },
      payload: body,
    });

  const finished = (importId: string) => importFinished(ctx, user, importId);

  async function importFile(body: string | Buffer, moods: object = DAYLIO_MOODS) {
    const res = await confirm(body, moods);
    expect(res.statusCode, res.body).toBe(202);
    return finished(res.json().data.id);
  }

  const get = async (url: string) => {
    const res = await call(ctx.app, 'GET', url, { token: user.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('writes the readable days as back-filled check-ins and diary entries, earning nothing', async () => {
    // The account already holds the 10th: the file's five entries of that day are skipped whole.
    const own = await call(ctx.app, 'POST', `/api/v1/check-ins?id=${user.id}`, {
      token: user.token,
      body: { mood: 'Happy' },
    });
    expect(own.statusCode, own.body).toBe(201);
    const before = await dumpUserRows(ctx, user.id);

    const done = await importFile(readFileSync(path.join(FIXTURES, 'daylio-2021.csv')));
    expect(done).toMatchObject({
      source: 'daylio-csv',
      status: 'done',
      entriesTotal: 7,
      entriesDone: 7,
      entriesWritten: 2,
      daysWritten: 2,
    });
    expect(Date.parse(done.undoUntil!)).toBe(Date.parse('2026-03-17T20:00:00.000Z'));

    const march9 = await get(`/api/v1/check-ins?id=${user.id}&date=2026-03-09`);
    expect(march9.checkIns).toHaveLength(1);
    expect(march9.checkIns[0]).toMatchObject({
      mood: 'Depressed',
      isBackfilled: true,
      takenAt: '2026-03-09T23:59:00.000Z',
    });
    const activities = await get(`/api/v1/activities?id=${user.id}`);
    const named = (id: string) => activities.find((a: { id: string }) => a.id === id).name;
    expect(march9.checkIns[0].activityIds.map(named).sort()).toEqual(['Commute', 'Work']);
    // The activities only skipped days named are not added.
    expect(activities.map((a: { name: string }) => a.name)).not.toContain('movies / tv');
    // The 10th keeps the one check-in the person made.
    const march10 = await get(`/api/v1/check-ins?id=${user.id}&date=2026-03-10`);
    expect(march10.checkIns.map((c: { mood: string }) => c.mood)).toEqual(['Happy']);

    const diary = await get(`/api/v1/diary?id=${user.id}`);
    expect(diary).toHaveLength(1);
    expect(diary[0]).toMatchObject({
      date: '2026-03-09',
      content: '<script>alert(1)</script> =HYPERLINK("http://x")',
      isBackfilled: true,
    });
    const calendar = await get(`/api/v1/insights/calendar?id=${user.id}&year=2026`);
    expect(calendar.days).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ date: '2026-03-06', mood: 'Neutral' }),
        expect.objectContaining({ date: '2026-03-09', mood: 'Depressed' }),
      ]),
    );

    // No point, no goal, no reward: what rests on the game is as it was.
    const after = await dumpUserRows(ctx, user.id);
    expect(after.user).toEqual(before.user);
    expect(after.goals).toEqual(before.goals);
    expect(after.tasks).toEqual(before.tasks);
    expect(after.backgrounds).toEqual(before.backgrounds);
  });

  it("joins a day's notes in one diary entry, in time order, and the streak counts the days", async () => {
    const csv = [
      HEADER,
      '2026-03-09,,,9:00 pm,good,,,Evening',
      '2026-03-09,,,12:00,meh,,,',
      '2026-03-09,,,8:00 am,rad,,,Morning',
      '2026-03-08,,,10:00,awful,,,One',
      '2026-03-07,,,10:00,good,,,Two',
    ].join('\r\n');
    expect((await importFile(csv)).status).toBe('done');
    const diary = await get(`/api/v1/diary?id=${user.id}`);
    expect(diary.map((d: { date: string }) => d.date)).toEqual([
      '2026-03-09',
      '2026-03-08',
      '2026-03-07',
    ]);
    expect(diary[0].content).toBe('08:00\nMorning\n\n21:00\nEvening');
    const day = await get(`/api/v1/check-ins?id=${user.id}&date=2026-03-09`);
    expect(day.checkIns).toHaveLength(3);
    const me = await get(`/api/v1/user?id=${user.id}`);
    expect(me.diaryStreak).toBe(3);
  });

  it('places the times of a day the clocks changed on the person’s zone, a day kept whole', async () => {
    const zoned = await call(ctx.app, 'PATCH', `/api/v1/user?id=${user.id}`, {
      token: user.token,
      body: { timeZone: 'Europe/Paris' },
    });
    expect(zoned.statusCode, zoned.body).toBe(200);
    // Paris skipped 02:00-03:00 on 30 March 2025 and showed 02:00-03:00 twice on 26 October.
    const csv = [
      HEADER,
      '2025-10-26,,,03:30,meh,,,',
      '2025-10-26,,,02:30,good,,,',
      '2025-03-30,,,03:30,awful,,,',
      '2025-03-30,,,02:30,meh,,,',
      '2025-03-30,,,01:30,rad,,,',
    ].join('\n');
    expect((await importFile(csv)).status).toBe('done');
    const spring = await get(`/api/v1/check-ins?id=${user.id}&date=2025-03-30`);
    expect(
      spring.checkIns.map((c: { takenAt: string; mood: string }) => [c.takenAt, c.mood]),
    ).toEqual([
      ['2025-03-30T00:30:00.000Z', 'Ecstatic'],
      // 02:30 did not exist: it is read an hour later, the same instant as 03:30, and kept first.
      ['2025-03-30T01:30:00.001Z', 'Neutral'],
      ['2025-03-30T01:30:00.002Z', 'Depressed'],
    ]);
    const autumn = await get(`/api/v1/check-ins?id=${user.id}&date=2025-10-26`);
    expect(
      autumn.checkIns.map((c: { takenAt: string; mood: string }) => [c.takenAt, c.mood]),
    ).toEqual([
      // 02:30 was shown twice: the first, in summer time.
      ['2025-10-26T00:30:00.000Z', 'Happy'],
      ['2025-10-26T02:30:00.001Z', 'Neutral'],
    ]);
  });

  it('imports a How We Feel file: its words as feelings, its tags as activities', async () => {
    const file = readFileSync(path.join(FIXTURES, 'how-we-feel.csv'));
    const done = await importFile(file, {
      'Pleasant, high energy': 'Happy',
      'Pleasant, low energy': 'Happy',
      'Unpleasant, high energy': 'Sad',
      'Unpleasant, low energy': 'Sad',
      Blorft: 'Neutral',
    });
    expect(done).toMatchObject({ source: 'how-we-feel-csv', status: 'done', entriesWritten: 5 });
    const march8 = await get(`/api/v1/check-ins?id=${user.id}&date=2026-03-08`);
    expect(
      march8.checkIns.map((c: { mood: string; feelings: string[] }) => [c.mood, c.feelings]),
    ).toEqual([
      ['Happy', []],
      ['Happy', ['calm', 'grateful']],
    ]);
    const activities = await get(`/api/v1/activities?id=${user.id}`);
    expect(activities.map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining(['Noor', 'Sam', 'Home', 'Dinner', 'Boss', 'Meeting']),
    );
    const diary = await get(`/api/v1/diary?id=${user.id}`);
    expect(diary.find((d: { date: string }) => d.date === '2026-03-08').content).toBe(
      '08:05\nFelt: Curious\n\n21:41\nSlow evening, שלום 🌙\nReflection: Good to rest\nTakeaway: Cook more',
    );
  });

  it('imports a Bearable file: a check-in a mood rating, the factors as activities', async () => {
    const file = readFileSync(path.join(FIXTURES, 'bearable.csv'));
    const done = await importFile(file, { '2': 'Sad', '4': 'Happy', '5': 'Ecstatic' });
    expect(done).toMatchObject({ source: 'bearable-csv', status: 'done', entriesWritten: 3 });
    const march8 = await get(`/api/v1/check-ins?id=${user.id}&date=2026-03-08`);
    expect(march8.checkIns.map((c: { mood: string }) => c.mood)).toEqual(['Happy', 'Ecstatic']);
    const activities = await get(`/api/v1/activities?id=${user.id}`);
    const named = (id: string) => activities.find((a: { id: string }) => a.id === id).name;
    expect(march8.checkIns[1].activityIds.map(named).sort()).toEqual(['Coffee', 'Family', 'Walk']);
    const diary = await get(`/api/v1/diary?id=${user.id}`);
    expect(diary.map((d: { date: string; content: string }) => [d.date, d.content])).toEqual([
      ['2026-03-09', 'Hard day,\nlong meeting'],
      ['2026-03-08', 'Slept in\nEnergy: ok\nمرحبا'],
    ]);
  });

  it('refuses a mood name left without a mood, and a moods query that is not JSON, changing nothing', async () => {
    expect(await get(`/api/v1/imports?id=${user.id}`)).toEqual([]);
    const before = await dumpUserRows(ctx, user.id);
    const csv = readFileSync(path.join(FIXTURES, 'daylio-2021.csv'));
    const { ok: _ok, ...withoutOk } = DAYLIO_MOODS;
    const missing = await confirm(csv, withoutOk);
    expectFail(missing, 400, 'IMPORT_MAPPING_INCOMPLETE');
    expect(missing.json().message).toBe('Choose a mood for each mood of the file: "ok" has none');
    expectFail(await confirm(csv, { ...DAYLIO_MOODS, rad: 'Joyful' }), 400, 'VALIDATION_ERROR');
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/imports?id=${user.id}&moods=%7Bnot`,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'text/csv' },
      payload: csv,
    });
    expectFail(notJson, 400, 'VALIDATION_ERROR');
    expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    expect(await get(`/api/v1/imports?id=${user.id}`)).toEqual([]);
  });

  it('undoes an import as a whole within 7 days, keeping what the person wrote since', async () => {
    const csv = [HEADER, '2026-03-06,,,08:00,good,walk | commute,,A note'].join('\n');
    const done = await importFile(csv);
    // The person back-fills the imported day with a check-in of their own.
    const own = await call(ctx.app, 'POST', `/api/v1/check-ins?id=${user.id}`, {
      token: user.token,
      body: { mood: 'Sad', date: '2026-03-06' },
    });
    expect(own.statusCode, own.body).toBe(201);
    expect((await get(`/api/v1/insights/calendar?id=${user.id}&year=2026`)).days).toEqual(
      expect.arrayContaining([expect.objectContaining({ date: '2026-03-06', mood: 'Neutral' })]),
    );

    ctx.clock.set('2026-03-16T20:00:00.000Z');
    const undo = await call(ctx.app, 'DELETE', `/api/v1/imports/${done.id}?id=${user.id}`, {
      token: user.token,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().data).toMatchObject({ status: 'undone', undoUntil: null });

    const day = await get(`/api/v1/check-ins?id=${user.id}&date=2026-03-06`);
    expect(day.checkIns.map((c: { mood: string }) => c.mood)).toEqual(['Sad']);
    expect((await get(`/api/v1/insights/calendar?id=${user.id}&year=2026`)).days).toEqual(
      expect.arrayContaining([expect.objectContaining({ date: '2026-03-06', mood: 'Sad' })]),
    );
    expect(await get(`/api/v1/diary?id=${user.id}`)).toEqual([]);
    const names = (await get(`/api/v1/activities?id=${user.id}`)).map(
      (a: { name: string }) => a.name,
    );
    expect(names).toContain('Walk');
    expect(names).not.toContain('commute');

    const again = await call(ctx.app, 'DELETE', `/api/v1/imports/${done.id}?id=${user.id}`, {
      token: user.token,
    });
    expectFail(again, 409, 'IMPORT_NOT_UNDOABLE');
  });

  it('no longer undoes an import once its 7 days are over', async () => {
    const done = await importFile([HEADER, '2026-03-06,,,08:00,good,,,'].join('\n'));
    ctx.clock.set('2026-03-17T20:00:01.000Z');
    const listed = await get(`/api/v1/imports?id=${user.id}`);
    expect(listed[0]).toMatchObject({ id: done.id, status: 'done', undoUntil: null });
    const undo = await call(ctx.app, 'DELETE', `/api/v1/imports/${done.id}?id=${user.id}`, {
      token: user.token,
    });
    expectFail(undo, 409, 'IMPORT_NOT_UNDOABLE');
    expect((await get(`/api/v1/check-ins?id=${user.id}&date=2026-03-06`)).checkIns).toHaveLength(1);
  });

  it("keeps another user's imports out of reach", async () => {
    const done = await importFile([HEADER, '2026-03-06,,,08:00,good,,,'].join('\n'));
    ctx.clock.set('2026-03-10T20:00:00.000Z');
    const other = await buildUser(ctx, { email: 'other@example.test' });
    const otherUser = { ...other, token: await buildSession(ctx, other) };
    const theirs = await call(ctx.app, 'DELETE', `/api/v1/imports/${done.id}?id=${other.id}`, {
      token: otherUser.token,
    });
    expectFail(theirs, 404, 'NOT_FOUND');
    const listed = await call(ctx.app, 'GET', `/api/v1/imports?id=${user.id}`, {
      token: otherUser.token,
    });
    expect(listed.statusCode).toBe(404);
    expect((await get(`/api/v1/imports?id=${user.id}`))[0].status).toBe('done');
  });

  it('writes each day once when twenty imports of one file are sent at once', async () => {
    const csv = [
      HEADER,
      ...Array.from(
        { length: 30 },
        (_, i) =>
          `2026-02-${String((i % 28) + 1).padStart(2, '0')},,,${10 + Math.floor(i / 28)}:00,good,walk,,Note ${i}`,
      ),
    ].join('\n');
    const answers = await Promise.all(Array.from({ length: 20 }, () => confirm(csv, DAYLIO_MOODS)));
    const counts = tally(answers);
    expect(Object.keys(counts).every((key) => ['202', '409 IMPORT_RUNNING'].includes(key))).toBe(
      true,
    );
    for (const res of answers.filter((r) => r.statusCode === 202)) {
      await finished(res.json().data.id);
    }
    const diary = await get(`/api/v1/diary?id=${user.id}`);
    expect(diary).toHaveLength(28);
    const calendar = await get(`/api/v1/insights/calendar?id=${user.id}&year=2026`);
    const february = calendar.days.filter((d: { date: string }) => d.date.startsWith('2026-02'));
    expect(february).toHaveLength(28);
    const first = await get(`/api/v1/check-ins?id=${user.id}&date=2026-02-01`);
    expect(first.checkIns).toHaveLength(2);
  });

  describe('cancelled, or cut short', () => {
    const manyDays = [
      HEADER,
      ...Array.from(
        { length: 20 },
        (_, i) => `2026-02-${String(i + 1).padStart(2, '0')},,,10:00,good,walk | pottery,,Note`,
      ),
    ].join('\n');

    async function startSlowly() {
      const runner = new ImportRunner(
        ctx.db,
        ctx.app.diaryVault,
        () => ctx.clock.now(),
        ctx.app.log,
        1,
      );
      const auth = { userId: user.id, sessionId: '', timeZone: 'UTC', today: '2026-03-10' };
      const file = await readUpload(
        auth,
        Readable.from([Buffer.from(manyDays)]),
        importSettings(ctx.env),
      );
      const row = await runner.start(auth, file, DAYLIO_MOODS);
      return { runner, auth, row };
    }

    it('takes back what a cancelled import wrote, leaving nothing', async () => {
      const before = await dumpUserRows(ctx, user.id);
      const { runner, auth, row } = await startSlowly();
      const cancelling = await cancelOrUndoImport(ctx.db, auth, row.id, ctx.clock.now());
      expect(cancelling.status).toBe('cancelling');
      const over = await finished(row.id);
      expect(over.status).toBe('cancelled');
      expect(over.entriesDone).toBeLessThan(20);
      await runner.close();
      const after = await dumpUserRows(ctx, user.id);
      expect(after.checkIns).toEqual(before.checkIns);
      expect(after.diaries).toEqual(before.diaries);
      expect(after.moods).toEqual(before.moods);
      // The list the import started from the defaults stays; nothing the import added does.
      expect(after.activities.filter((a) => a.importId !== null || a.name === 'pottery')).toEqual(
        [],
      );
    });

    it('takes back an import whose server stopped, and one whose process died', async () => {
      const { runner, row } = await startSlowly();
      await runner.close();
      expect((await finished(row.id)).status).toBe('failed');
      expect(await get(`/api/v1/diary?id=${user.id}`)).toEqual([]);

      // A process that died leaves its import running, with no batch for ten minutes.
      const done = await importFile(manyDays);
      await ctx.db
        .update(imports)
        .set({ status: 'running', updatedAt: new Date('2026-03-10T19:49:00.000Z') })
        .where(eq(imports.id, done.id));
      expect(await takeBackStaleImports(ctx.db, ctx.clock.now())).toBe(1);
      expect((await finished(done.id)).status).toBe('failed');
      expect(await get(`/api/v1/diary?id=${user.id}`)).toEqual([]);
      expect((await get(`/api/v1/check-ins?id=${user.id}&date=2026-02-01`)).checkIns).toEqual([]);
    });
  });
});
