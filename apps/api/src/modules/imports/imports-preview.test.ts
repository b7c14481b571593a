// POST /imports/preview (decision 080): what a file from another app holds, with nothing written.
// Who could abuse it: a stranger (no token), another user (someone else's id), someone holding a
// crafted file (another format, a line without end, ten million columns, a file past its size,
// dates in year 0 or 9999, markup in notes). Each answers a small clear error or a bounded
// preview, and the account is unchanged.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import { buildSession, buildUser, dumpUserRows, type TestUser } from '../../../test/factories';

const FIXTURES = path.join(__dirname, '../../../test/fixtures/imports');
const HEADER = 'full_date,date,weekday,time,mood,activities,note_title,note';

describe('POST /imports/preview', () => {
  const ctx = useTestApp({
    failOnServerErrors: true,
    env: { IMPORT_UPLOAD_MAX_MB: '1', IMPORT_MAX_LINE_BYTES: '10000' },
  });
  let user: TestUser;

  beforeEach(async () => {
    ctx.clock.set('2026-01-01T12:00:00.000Z');
    const created = await buildUser(ctx);
    ctx.clock.set('2026-03-10T20:00:00.000Z');
    user = { ...created, token: await buildSession(ctx, created) };
  });

  const preview = (body: string | Buffer, as: TestUser = user, type = 'text/csv') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/imports/preview?id=${user.id}`,
      headers: { authorization: `Bearer ${as.token}`, 'content-type': type },
      payload: body,
    });

  it('says what the Daylio file holds, proposes moods, matches activities, and writes nothing', async () => {
    // The account already holds the 10th: the file's five entries of that day are skipped.
    const checkIn = await call(ctx.app, 'POST', `/api/v1/check-ins?id=${user.id}`, {
      token: user.token,
      body: { mood: 'Happy' },
    });
    expect(checkIn.statusCode, checkIn.body).toBe(201);
    const before = await dumpUserRows(ctx, user.id);

    const res = await preview(readFileSync(path.join(FIXTURES, 'daylio-2021.csv')));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      source: { id: 'daylio-csv', name: 'Daylio CSV export' },
      firstDay: '2026-03-06',
      lastDay: '2026-03-10',
      days: 3,
      entries: 7,
      duplicateDays: 1,
      problemCount: 5,
    });
    expect(data.moods).toEqual([
      { name: 'rad', entries: 1, proposed: 'Ecstatic' },
      { name: 'good', entries: 1, proposed: 'Happy' },
      { name: 'meh', entries: 1, proposed: 'Neutral' },
      { name: 'ok', entries: 1, proposed: null },
      { name: 'sad', entries: 1, proposed: null },
      { name: 'awful', entries: 1, proposed: 'Depressed' },
      { name: 'Tired but ok', entries: 1, proposed: null },
    ]);
    expect(data.activities).toEqual(
      expect.arrayContaining([
        { name: 'work', entries: 2, existing: 'Work' },
        { name: 'walk', entries: 2, existing: 'Walk' },
        { name: 'movies / tv', entries: 1, existing: null },
      ]),
    );
    expect(data.problems[0]).toEqual({ row: 9, reason: 'The time cannot be read' });
    // The notes stay on the server until an import: a preview carries none of them.
    expect(res.body).not.toContain('Noor');
    expect(await dumpUserRows(ctx, user.id)).toEqual(before);
  });

  it('lists a day still to come and a 21st entry of a day as rows that cannot be read', async () => {
    const rows = [
      HEADER,
      '2026-03-11,,,09:00,good,,,',
      ...Array.from(
        { length: 21 },
        (_, i) => `2026-03-01,,,10:${String(i).padStart(2, '0')},meh,,,`,
      ),
    ];
    const res = await preview(rows.join('\n'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      days: 1,
      entries: 20,
      problems: [
        { row: 2, reason: 'The day has not come yet' },
        { row: 23, reason: 'A day holds at most 20 entries' },
      ],
    });
  });

  it('refuses a file of another format, naming what it expected', async () => {
    const journal = 'Date,Feeling,Notes\n2026 Sun Feb 8 4:04 PM,Calm,\n';
    const res = await preview(journal);
    expectFail(res, 400, 'IMPORT_UNREADABLE');
    expect(res.json().message).toBe(
      'Expected a file exported by another app: Daylio CSV export, Daylio backup (.daylio), ' +
        'MoodTracker CSV export, How We Feel CSV export, Bearable CSV export, ' +
        'Pixels JSON backup, MoodTracker JSON export',
    );
    const notPixels = await preview(
      JSON.stringify({ full_date: '2026-03-01' }),
      user,
      'application/json',
    );
    expectFail(notPixels, 400, 'IMPORT_UNREADABLE');
  });

  it('bounds a Pixels backup nested 100,000 deep, and reads one nested 4,000 deep as a bad row', async () => {
    const day = '{"date":"2026-03-01","type":"Mood","scores":[3]}';
    const deep = (n: number) => `[${day},${'['.repeat(n)}${']'.repeat(n)}]`;
    const refused = await preview(deep(100_000), user, 'application/json');
    expectFail(refused, 400, 'IMPORT_UNREADABLE');
    expect(refused.json().message).toBe(
      'The file holds at most 100000 items of at most 10000 bytes each',
    );
    const read = await preview(deep(4_000), user, 'application/json');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({
      entries: 1,
      problems: [{ row: 2, reason: 'The day is not an object' }],
    });
  });

  it('reads a MoodTracker export on the person’s own clock, 0 to 10 proposed on five moods', async () => {
    await call(ctx.app, 'PATCH', `/api/v1/user?id=${user.id}`, {
      token: user.token,
      body: { timeZone: 'Asia/Tokyo' },
    });
    const moods = [
      { createdAt: '2026-03-01T16:30:00.000Z', mood: 10, exploration: 'A bright day' },
      { createdAt: '2026-03-02T08:00:00.000Z', experiencedAt: '2026-03-01T23:00:00.000Z', mood: 3 },
      { createdAt: 'yesterday', mood: 5 },
      { createdAt: '2026-03-03T08:00:00.000Z', mood: 11 },
    ];
    const res = await preview(JSON.stringify(moods), user, 'application/json');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      source: { id: 'moodtracker-json' },
      // 16:30 and 23:00 UTC on the 1st are the 2nd in Tokyo.
      firstDay: '2026-03-02',
      lastDay: '2026-03-02',
      entries: 2,
      moods: [
        { name: '10', entries: 1, proposed: 'Ecstatic' },
        { name: '3', entries: 1, proposed: 'Sad' },
      ],
      problems: [
        { row: 3, reason: 'The date cannot be read' },
        { row: 4, reason: 'The mood is not a whole number from 0 to 10' },
      ],
    });
  });

  it('reads a MoodTracker CSV export by its column names, the same as its JSON export', async () => {
    const csv = [
      'createdAt,description,experiencedAt,exploration,location:latitude,mood,weather:Name',
      '2026-03-01T16:30:00.000Z,,,"A bright day, with ""quotes""",51.5,10,Clouds',
      '2026-03-02T08:00:00.000Z,tired,2026-03-01T23:00:00.000Z,,,3,',
      'yesterday,,,,,5,',
      '2026-03-03T08:00:00.000Z,,,,,eleven,',
    ].join('\n');
    const res = await preview(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      source: { id: 'moodtracker-csv', name: 'MoodTracker CSV export' },
      // experiencedAt, when given, is the moment: both are the 1st in UTC.
      firstDay: '2026-03-01',
      lastDay: '2026-03-01',
      entries: 2,
      moods: [
        { name: '10', entries: 1, proposed: 'Ecstatic' },
        { name: '3', entries: 1, proposed: 'Sad' },
      ],
      problems: [
        { row: 4, reason: 'The date cannot be read' },
        { row: 5, reason: 'The mood is not a whole number from 0 to 10' },
      ],
    });
  });

  it('names a How We Feel file’s moods by quadrant, proposing one, and a word it cannot place', async () => {
    const res = await preview(readFileSync(path.join(FIXTURES, 'how-we-feel.csv')));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      source: { id: 'how-we-feel-csv', name: 'How We Feel CSV export' },
      firstDay: '2026-03-08',
      lastDay: '2026-03-10',
      entries: 5,
      problemCount: 2,
    });
    expect(res.json().data.moods).toEqual(
      expect.arrayContaining([
        { name: 'Pleasant, low energy', entries: 1, proposed: 'Happy' },
        { name: 'Unpleasant, high energy', entries: 1, proposed: 'Sad' },
        { name: 'Blorft', entries: 1, proposed: null },
      ]),
    );
  });

  it('proposes a Bearable file’s ratings on its own scale, its factors as activities', async () => {
    const res = await preview(readFileSync(path.join(FIXTURES, 'bearable.csv')));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ source: { id: 'bearable-csv' }, entries: 3, problemCount: 4 });
    expect(data.moods).toEqual(
      expect.arrayContaining([
        { name: '2', entries: 1, proposed: 'Sad' },
        { name: '5', entries: 1, proposed: 'Ecstatic' },
      ]),
    );
    expect(data.activities.map((a: { name: string }) => a.name).sort()).toEqual([
      'Coffee',
      'Family',
      'Meetings',
      'Walk',
    ]);
  });

  it('says what a Pixels backup holds: a score an entry, several a day', async () => {
    const days = [
      { date: '2026-03-01', type: 'Mood', scores: [4, 2], notes: 'Two moods', tags: [] },
      {
        date: '2026-03-02',
        type: 'Mood',
        scores: [5],
        notes: '',
        tags: [{ type: 'Activities', entries: ['Walk', 'Swim'] }],
      },
      { date: '2026-03-03', type: 'Mood', scores: [9], notes: '' },
    ];
    const res = await preview(JSON.stringify(days), user, 'application/json');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      source: { id: 'pixels-json', name: 'Pixels JSON backup' },
      days: 2,
      entries: 3,
      moods: [
        { name: '4', entries: 1, proposed: 'Happy' },
        { name: '2', entries: 1, proposed: 'Sad' },
        { name: '5', entries: 1, proposed: 'Ecstatic' },
      ],
      activities: [
        { name: 'Walk', entries: 1, existing: 'Walk' },
        { name: 'Swim', entries: 1, existing: null },
      ],
      problems: [{ row: 3, reason: 'A score is not a whole number from 1 to 5' }],
    });
  });

  it('refuses a line without end and ten million columns at the line limit, answering small', async () => {
    for (const body of [
      `${HEADER}\n2026-01-01,,,10:00,good,,,${'x'.repeat(900_000)}`,
      `${HEADER}\n${','.repeat(900_000)}`,
    ]) {
      const res = await preview(body);
      expectFail(res, 400, 'IMPORT_UNREADABLE');
      expect(res.json().message).toBe('A line is longer than 10000 bytes');
      expect(res.body.length).toBeLessThan(500);
    }
  });

  it('refuses a file past its size with 413, whatever it holds', async () => {
    const row = '2026-01-01,,,10:00,good,,,a note\n';
    const res = await preview(
      HEADER + '\n' + row.repeat(Math.ceil((1.1 * 1024 * 1024) / row.length)),
    );
    expectFail(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(res.json().message).toBe('A file to import is at most 1 MB');
  });

  it('answers 415 to a body of another type, or none', async () => {
    const form = await preview('full_date=2026-03-01', user, 'application/x-www-form-urlencoded');
    expectFail(form, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const empty = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/imports/preview?id=${user.id}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expectFail(empty, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses another user’s id with 404 and a missing token with 401', async () => {
    const other = await buildUser(ctx);
    const body = `${HEADER}\n2026-03-01,,,10:00,good,,,\n`;
    expectFail(await preview(body, { ...user, token: other.token }), 404, 'NOT_FOUND');
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/imports/preview?id=${user.id}`,
      headers: { 'content-type': 'text/csv' },
      payload: body,
    });
    expectFail(anonymous, 401, 'UNAUTHORIZED');
  });
});
