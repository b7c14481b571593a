// Leaving as easily as arriving (decisions 080 and 081): the Daylio CSV and Pixels JSON exports, each read
// back by our own importer of that app into a new account and exported again, equal; a note a
// spreadsheet would run leaves disarmed; and the export file's JSON Schema, published.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { buildSession, buildUser, type TestUser } from '../../../test/factories';
import { importFinished } from '../../../test/imports';

const FIXTURES = path.join(__dirname, '../../../test/fixtures/imports');
const BUILT_IN = { rad: 'Ecstatic', good: 'Happy', meh: 'Neutral', bad: 'Sad', awful: 'Depressed' };

describe('the Daylio CSV and Pixels JSON exports', () => {
  const ctx = useTestApp({ failOnServerErrors: true });

  async function newUser(email: string): Promise<TestUser> {
    ctx.clock.set('2026-01-01T12:00:00.000Z');
    const created = await buildUser(ctx, { email });
    ctx.clock.set('2026-03-10T20:00:00.000Z');
    return { ...created, token: await buildSession(ctx, created) };
  }

  async function importInto(user: TestUser, body: string, type: string, moods: object) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/imports?id=${user.id}&moods=${encodeURIComponent(JSON.stringify(moods))}`,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': type },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect((await importFinished(ctx, user, res.json().data.id)).status).toBe('done');
  }

  async function download(user: TestUser, file: string) {
    const res = await call(ctx.app, 'GET', `/api/v1/account/export/${file}`, {
      token: user.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  it('exports a Daylio CSV that imports into a new account and exports again the same', async () => {
    const first = await newUser('first@example.test');
    await importInto(
      first,
      readFileSync(path.join(FIXTURES, 'daylio-2021.csv'), 'utf8'),
      'text/csv',
      { ...BUILT_IN, ok: 'Neutral', sad: 'Sad', 'Tired but ok': 'Neutral' },
    );
    const exported = await download(first, 'daylio.csv');
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    expect(exported.headers['content-disposition']).toBe(
      'attachment; filename="wellspring-daylio-2026-03-10.csv"',
    );
    const lines = exported.body.split('\r\n');
    expect(lines[0]).toBe('full_date,date,weekday,time,mood,activities,note_title,note');
    expect(lines[1]).toBe('2026-03-06,March 6,Friday,08:00,meh,Walk,,');
    // Activities by name, in alphabetical order; the note as Daylio's HTML, its text escaped.
    expect(lines[2]).toBe(
      '2026-03-09,March 9,Monday,23:59,awful,Commute | Work,,' +
        '"&lt;script&gt;alert(1)&lt;/script&gt; =HYPERLINK(""http://x"")"',
    );

    const second = await newUser('second@example.test');
    await importInto(second, exported.body, 'text/csv', BUILT_IN);
    expect((await download(second, 'daylio.csv')).body).toBe(exported.body);
  });

  it('exports a Pixels backup that imports into a new account and exports again the same', async () => {
    const first = await newUser('pixels@example.test');
    const csv = [
      'full_date,date,weekday,time,mood,activities,note_title,note',
      '2026-03-01,,,08:00,rad,walk | friends,,Morning',
      '2026-03-01,,,21:00,bad,,,',
      '2026-03-02,,,12:00,meh,work,,',
    ].join('\n');
    await importInto(first, csv, 'text/csv', BUILT_IN);
    const exported = await download(first, 'pixels.json');
    expect(JSON.parse(exported.body)).toEqual([
      {
        date: '2026-03-01',
        type: 'Mood',
        scores: [5, 2],
        notes: 'Morning',
        tags: [{ type: 'Activities', entries: ['Friends', 'Walk'] }],
      },
      {
        date: '2026-03-02',
        type: 'Mood',
        scores: [3],
        notes: '',
        tags: [{ type: 'Activities', entries: ['Work'] }],
      },
    ]);
    const second = await newUser('pixels2@example.test');
    const levels = { '1': 'Depressed', '2': 'Sad', '3': 'Neutral', '4': 'Happy', '5': 'Ecstatic' };
    await importInto(second, exported.body, 'application/json', levels);
    expect((await download(second, 'pixels.json')).body).toBe(exported.body);
  });

  it('disarms a note a spreadsheet would run, as it leaves', async () => {
    const user = await newUser('formula@example.test');
    const csv = [
      'full_date,date,weekday,time,mood,activities,note_title,note',
      '2026-03-01,,,08:00,good,,,"=HYPERLINK(""http://x"",""click"")"',
    ].join('\n');
    await importInto(user, csv, 'text/csv', BUILT_IN);
    const exported = (await download(user, 'daylio.csv')).body.split('\r\n');
    expect(exported[1]).toBe(
      `2026-03-01,March 1,Sunday,08:00,good,,,"'=HYPERLINK(""http://x"",""click"")"`,
    );
  });

  it('publishes the JSON Schema of the export file, with its version, beside the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/export-schema.json' });
    expect(res.statusCode).toBe(200);
    const schema = res.json();
    expect(schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      title: 'Wellspring export, version 3',
      'x-version': 3,
      type: 'object',
    });
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['format', 'version', 'user', 'diaries', 'activities', 'checkIns']),
    );
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.json().info.description).toContain('/api/docs/export-schema.json');
  });
});
