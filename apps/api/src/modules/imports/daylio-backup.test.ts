// A Daylio backup (.daylio, a ZIP) through POST /imports/preview and POST /imports, from synthetic
// archives built by hand (test/zip-files.ts). Who could abuse it: someone holding a crafted
// archive: a ZIP bomb, an entry that claims a small size and inflates past it, a file that only
// starts like a ZIP, an archive past its size, one without the backup's entry. Each answers a
// small clear error and the account is unchanged.
import { beforeEach, describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import { buildSession, buildUser, dumpUserRows, type TestUser } from '../../../test/factories';
import { importFinished } from '../../../test/imports';
import { daylioBackupFile, zipFile } from '../../../test/zip-files';

/** A synthetic person's backup: built-in and renamed moods, two moods of one name, photos. */
const BACKUP = {
  version: 19,
  customMoods: [
    { id: 1, custom_name: '', predefined_name_id: 1, mood_group_id: 1, state: 0 },
    { id: 3, custom_name: '', predefined_name_id: 3, mood_group_id: 3, state: 0 },
    { id: 6, custom_name: 'Wiped out', predefined_name_id: -1, mood_group_id: 5, state: 0 },
    { id: 7, custom_name: 'Fine', predefined_name_id: -1, mood_group_id: 2, state: 0 },
    { id: 8, custom_name: 'Fine', predefined_name_id: -1, mood_group_id: 4, state: 0 },
  ],
  tags: [
    { id: 11, name: 'walk', id_tag_group: 1 },
    { id: 12, name: 'Choir practice', id_tag_group: 1 },
  ],
  dayEntries: [
    // month is 0-based: 1 is February.
    {
      id: 1,
      year: 2026,
      month: 1,
      day: 27,
      hour: 21,
      minute: 5,
      mood: 1,
      tags: [11, 12],
      note: '<b>Sang</b> well',
      note_title: '',
      assets: [1, 2],
    },
    { id: 2, year: 2026, month: 1, day: 27, hour: 7, minute: 30, mood: 6, tags: [], note: '' },
    {
      id: 3,
      year: 2026,
      month: 1,
      day: 28,
      hour: 12,
      minute: 0,
      mood: 7,
      tags: [11],
      note: 'שלום 🌱',
    },
    { id: 4, year: 2026, month: 2, day: 1, hour: 12, minute: 0, mood: 8, tags: [] },
    { id: 5, year: 2026, month: 1, day: 26, hour: 9, minute: 0, mood: 3 },
    { id: 6, year: 2026, month: 2, day: 2, hour: 9, minute: 0, mood: 99 },
  ],
  assets: [
    { id: 1, checksum: 'aa11', type: 1 },
    { id: 2, checksum: 'bb22', type: 2 },
  ],
  metadata: { platform: 'android' },
};

const PHOTOS = [
  { name: 'assets/photos/2026/2/aa11', data: Buffer.alloc(20_000, 7) },
  { name: 'assets/audio/bb22', data: Buffer.alloc(10_000, 3) },
];

describe('a Daylio backup', () => {
  const ctx = useTestApp({
    failOnServerErrors: true,
    env: { IMPORT_UPLOAD_MAX_MB: '1', IMPORT_BACKUP_MAX_MB: '2' },
  });
  let user: TestUser;

  beforeEach(async () => {
    ctx.clock.set('2026-01-01T12:00:00.000Z');
    const created = await buildUser(ctx);
    ctx.clock.set('2026-03-10T20:00:00.000Z');
    user = { ...created, token: await buildSession(ctx, created) };
  });

  const send = (url: string, body: Buffer) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': 'application/octet-stream',
      },
      payload: body,
    });
  const preview = (body: Buffer) => send(`/api/v1/imports/preview?id=${user.id}`, body);

  it('reads only the backup entry: moods placed by their group, photos counted and skipped', async () => {
    const res = await preview(daylioBackupFile(BACKUP, PHOTOS));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      source: { id: 'daylio-backup', name: 'Daylio backup (.daylio)' },
      firstDay: '2026-02-26',
      lastDay: '2026-03-01',
      days: 4,
      entries: 5,
      attachmentsSkipped: 2,
      moods: [
        { name: 'rad', entries: 1, proposed: 'Ecstatic' },
        { name: 'Wiped out', entries: 1, proposed: 'Depressed' },
        { name: 'Fine (good)', entries: 1, proposed: 'Happy' },
        { name: 'Fine (bad)', entries: 1, proposed: 'Sad' },
        { name: 'meh', entries: 1, proposed: 'Neutral' },
      ],
      activities: [
        { name: 'walk', entries: 2, existing: 'Walk' },
        { name: 'Choir practice', entries: 1, existing: null },
      ],
      problemCount: 1,
      problems: [{ row: 6, reason: 'The entry names a mood the backup does not have' }],
    });
  });

  it('imports the entries as back-filled check-ins and diary entries', async () => {
    const moods = {
      rad: 'Ecstatic',
      'Wiped out': 'Depressed',
      'Fine (good)': 'Happy',
      'Fine (bad)': 'Sad',
      meh: 'Neutral',
    };
    const res = await send(
      `/api/v1/imports?id=${user.id}&moods=${encodeURIComponent(JSON.stringify(moods))}`,
      daylioBackupFile(BACKUP, PHOTOS),
    );
    expect(res.statusCode, res.body).toBe(202);
    expect((await importFinished(ctx, user, res.json().data.id)).status).toBe('done');
    const day = await call(ctx.app, 'GET', `/api/v1/check-ins?id=${user.id}&date=2026-02-27`, {
      token: user.token,
    });
    expect(day.json().data.checkIns.map((c: { mood: string }) => c.mood)).toEqual([
      'Depressed',
      'Ecstatic',
    ]);
    const diary = await call(ctx.app, 'GET', `/api/v1/diary?id=${user.id}`, { token: user.token });
    expect(diary.json().data.map((d: { content: string }) => d.content)).toEqual([
      'שלום 🌱',
      'Sang well',
    ]);
  });

  describe('crafted archives', () => {
    let before: Awaited<ReturnType<typeof dumpUserRows>>;
    beforeEach(async () => {
      before = await dumpUserRows(ctx, user.id);
    });

    const refused = async (body: Buffer, status: number, message: RegExp) => {
      const res = await preview(body);
      expectFail(res, status, status === 413 ? 'PAYLOAD_TOO_LARGE' : 'IMPORT_UNREADABLE');
      expect(res.json().message).toMatch(message);
      expect(res.body.length).toBeLessThan(400);
      const after = await dumpUserRows(ctx, user.id);
      expect({ ...after, user: undefined }).toEqual({ ...before, user: undefined });
    };

    it('refuses a ZIP bomb: an entry inflating past the text limit', async () => {
      const bomb = zipFile([
        { name: 'backup.daylio', data: Buffer.alloc(50 * 1024 * 1024, 0x41), deflate: true },
      ]);
      expect(bomb.length).toBeLessThan(100_000);
      await refused(bomb, 400, /The backup's entries are larger than 1 MB/);
    });

    it('refuses an entry that claims a small size and inflates past it', async () => {
      const liar = zipFile([
        {
          name: 'backup.daylio',
          data: Buffer.alloc(5 * 1024 * 1024, 0x41),
          deflate: true,
          claimedSize: 100,
        },
      ]);
      await refused(liar, 400, /not what it claims|larger than/);
    });

    it('refuses an archive past its size, one without the backup, and one that only looks like a ZIP', async () => {
      const big = daylioBackupFile(BACKUP, [
        { name: 'assets/photos/big', data: Buffer.alloc(3 * 1024 * 1024, 1) },
      ]);
      await refused(big, 413, /A backup to import is at most 2 MB/);
      await refused(zipFile(PHOTOS), 400, /the archive holds no backup.daylio/);
      await refused(
        Buffer.from('PK\u0003\u0004 and then nothing of a ZIP'),
        400,
        /not a ZIP archive/,
      );
      const notBase64 = zipFile([
        { name: 'backup.daylio', data: Buffer.from('{"dayEntries":[]}') },
      ]);
      await refused(notBase64, 400, /is not base64 text/);
    });
  });
});
