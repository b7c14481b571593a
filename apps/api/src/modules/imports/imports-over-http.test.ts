// The import routes over a real socket, as a browser sends a file (not through inject): the body
// reaches its reader as the request's own stream. A defect found by the browser spec: the
// check for U+0000 walked that stream's object graph (socket, server, back again) until the
// process ran out of memory, so one preview took the server down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { buildSession, buildUser } from '../../../test/factories';

const HEADER = 'full_date,date,weekday,time,mood,activities,note_title,note';

describe('importing over HTTP', () => {
  let ctx: TestContext;
  let address: string;
  let headers: Record<string, string>;
  let userId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    ctx.clock.set('2026-01-01T12:00:00.000Z');
    const user = await buildUser(ctx);
    ctx.clock.set('2026-03-10T20:00:00.000Z');
    headers = {
      authorization: `Bearer ${await buildSession(ctx, user)}`,
      'content-type': 'text/csv',
    };
    userId = user.id;
    address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  it('previews a file sent as a stream, listing a note holding U+0000 as a row', async () => {
    const csv = [
      HEADER,
      '2026-03-01,,,10:00,good,walk,,fine',
      '2026-03-02,,,10:00,good,,,a\u0000b',
    ];
    const res = await fetch(`${address}/api/v1/imports/preview?id=${userId}`, {
      method: 'POST',
      headers,
      body: csv.join('\n'),
      signal: AbortSignal.timeout(10_000),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown }).data).toMatchObject({
      entries: 1,
      problems: [{ row: 3, reason: 'The entry holds a character that cannot be saved (U+0000)' }],
    });
  });

  it('starts an import of a file sent as a stream', async () => {
    const moods = encodeURIComponent(JSON.stringify({ good: 'Happy' }));
    const res = await fetch(`${address}/api/v1/imports?id=${userId}&moods=${moods}`, {
      method: 'POST',
      headers,
      body: [HEADER, '2026-03-01,,,10:00,good,walk,,fine'].join('\n'),
      signal: AbortSignal.timeout(10_000),
    });
    expect(res.status).toBe(202);
    expect(((await res.json()) as { data: unknown }).data).toMatchObject({
      status: 'running',
      entriesTotal: 1,
    });
  });
});
