import {
  addDays,
  EXPORT_FORMAT,
  IMPORT_BODY_LIMIT_BYTES,
  IMPORT_NEWER_VERSION_MESSAGE,
  type ExportFile,
} from '@wellspring/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import { buildDiary, buildGoal, buildUser, dumpUserRows } from '../../../test/factories';
import { users } from '../../db/schema';
import { DEFAULT_BACKGROUND_SLUG } from '../../db/seed';
import { API, asImported, normalizeExport, accountRequests } from './account.test-helpers';

describe('account: export, import and deletion', () => {
  const ctx = useTestApp();

  const { api, exportOf, importInto, register, seedRichUser } = accountRequests(ctx);

  // ---- The round trip -------------------------------------------------------------------------

  describe('export, delete, register again, import', () => {
    it('brings back every row, apart from ids and the new account’s own times', async () => {
      const rich = await seedRichUser();
      const first = await exportOf(rich);

      const deleted = await api(rich, 'DELETE', '/account', {
        email: `  ${rich.email.toUpperCase()} `,
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual({ status: 'success', data: null });
      expectFail(await api(rich, 'GET', '/account/export'), 401, 'UNAUTHORIZED');

      ctx.clock.advance(60_000);
      const again = await register(rich.email);
      const imported = await importInto(again, first);
      expect(imported.statusCode, imported.body.slice(0, 500)).toBe(200);
      expect(imported.json()).toEqual({
        status: 'success',
        data: {
          goals: first.goals.length,
          tasks: first.tasks.length,
          diaries: first.diaries.length,
          moods: new Set(first.checkIns.map((c) => c.date)).size,
          checkIns: first.checkIns.length,
          activities: first.activities.length,
          measureResults: 2,
          backgrounds: 0,
        },
      });

      const second = await exportOf(again);
      expect(normalizeExport(second)).toEqual(
        normalizeExport(asImported(first, second.user.createdAt)),
      );
      // New ids throughout, and the new account's own creation time.
      const firstIds = new Set([...first.goals, ...first.tasks].map((r) => r.id));
      for (const row of [...second.goals, ...second.tasks])
        expect(firstIds.has(row.id)).toBe(false);
      expect(second.user.createdAt).toBe(ctx.clock.now().toISOString());
      expect(second.user.email).toBe(rich.email);

      // The restored account works: its goal and streak are back; the background is the default.
      const me = await api(again, 'GET', `/user?id=${again.id}`);
      expect(me.json().data).toMatchObject({
        name: 'Rosa Roundtrip',
        email: rich.email,
        hasOnboarded: true,
        timeZone: 'Europe/Berlin',
      });
      expect(me.json().data.selectedBackgroundURL).toBe(
        `${ctx.env.PUBLIC_URL}/backgrounds/${DEFAULT_BACKGROUND_SLUG}.svg`,
      );
      const goal = await api(again, 'GET', `/goal?id=${again.id}`);
      expect(goal.json().data).toMatchObject({ status: 'OnProgress', target: 100_000 });
      const ongoing = await api(again, 'GET', `/task?id=${again.id}&status=OnGoing`);
      expect(ongoing.json().totalTaskCount).toBe(1);
    });

    it('keeps the email of the account it imports into', async () => {
      const source = await seedRichUser();
      const file = await exportOf(source);
      const target = await register('someone-else@example.test');
      expect((await importInto(target, file)).statusCode).toBe(200);
      const [row] = await ctx.db.select().from(users).where(eq(users.id, target.id));
      expect(row!.email).toBe('someone-else@example.test');
      expect(row!.name).toBe('Rosa Roundtrip');
    });

    it('expires a task still OnGoing from an earlier day', async () => {
      const source = await seedRichUser();
      const file = await exportOf(source);
      ctx.clock.advanceDays(3);
      const target = await register(`later-${source.id.slice(0, 8)}@example.test`);
      expect((await importInto(target, file)).statusCode).toBe(200);
      const statuses = (await exportOf(target)).tasks.map((t) => t.status);
      expect(statuses).not.toContain('OnGoing');
      expect(statuses.filter((s) => s === 'Expired')).toHaveLength(
        file.tasks.filter((t) => t.status !== 'Completed').length,
      );
    });
  });

  // ---- Import refusals ------------------------------------------------------------------------

  describe('POST /account/import refuses', () => {
    let template: ExportFile;

    beforeAll(async () => {
      const source = await seedRichUser();
      template = await exportOf(source);
    });

    /** A file like the template, changed by `change`. */
    function fileWith(change: (file: ExportFile) => void): ExportFile {
      const file = structuredClone(template);
      change(file);
      return file;
    }

    /** Sends the payload to a fresh, empty account and checks nothing was written. */
    async function expectRefused(payload: string | object, status: number, code: string) {
      const user = await buildUser(ctx);
      const before = await dumpUserRows(ctx, user.id);
      const body = expectFail(await importInto(user, payload), status, code);
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
      return body;
    }

    it('malformed JSON with 400', async () => {
      await expectRefused('{"format": "wellspring-export", "goals": [', 400, 'BAD_REQUEST');
    });

    it('a file of another format with 400 VALIDATION_ERROR', async () => {
      const body = await expectRefused(
        fileWith((f) => Object.assign(f, { format: 'other-export' })),
        400,
        'VALIDATION_ERROR',
      );
      expect(body.issues!.map((i) => i.path)).toContain('body.format');
      await expectRefused({ hello: 'world' }, 400, 'VALIDATION_ERROR');
      await expectRefused([], 400, 'VALIDATION_ERROR');
    });

    it('a file from a newer version, by name', async () => {
      const body = await expectRefused(
        fileWith((f) => Object.assign(f, { version: 4, somethingNew: [] })),
        400,
        'IMPORT_VERSION_UNSUPPORTED',
      );
      expect(body.message).toBe(IMPORT_NEWER_VERSION_MESSAGE);
    });

    it('a file over 20 MB with 413', async () => {
      const prefix = `{"format":"${EXPORT_FORMAT}","version":1,"pad":"`;
      const huge = `${prefix}${'x'.repeat(IMPORT_BODY_LIMIT_BYTES - prefix.length - 2)}"}`;
      expect(Buffer.byteLength(huge)).toBe(IMPORT_BODY_LIMIT_BYTES);
      // Exactly 20 MB is read (and refused as no export); one byte more is not read at all.
      await expectRefused(huge, 400, 'VALIDATION_ERROR');
      await expectRefused(`${huge} `, 413, 'PAYLOAD_TOO_LARGE');
    });

    it.each<[string, (f: ExportFile) => void, string]>([
      ['an unknown field', (f) => Object.assign(f.user, { isAdmin: true }), 'body.user'],
      ['a second goal in progress', (f) => (f.goals[0]!.status = 'OnProgress'), 'body.goals'],
      [
        'two diary entries on one day',
        (f) => (f.diaries[1]!.date = f.diaries[0]!.date),
        'body.diaries',
      ],
      [
        'two daily moods on one day',
        (f) => {
          const [first, second] = f.checkIns.filter((c) => c.isDailyMood);
          Object.assign(second!, { date: first!.date, takenAt: first!.takenAt });
        },
        'body.checkIns',
      ],
      [
        'a check-in naming no activity of the file',
        (f) => f.checkIns.find((c) => c.activityIds.length > 0)!.activityIds.push(f.goals[0]!.id),
        'body.checkIns',
      ],
      [
        'two activities of one name',
        (f) => (f.activities[1]!.name = f.activities[0]!.name.toUpperCase()),
        'body.activities',
      ],
      [
        'a version 1 list in a version 2 file',
        (f) =>
          (f.moods = [
            { date: f.checkIns[0]!.date, mood: 'Happy', updatedAt: f.checkIns[0]!.takenAt },
          ]),
        'body.moods',
      ],
      [
        'a task of no goal in the file',
        (f) => (f.tasks[0]!.goalId = '00000000-0000-4000-8000-000000000000'),
        'body.tasks',
      ],
      ['points that do not add up', (f) => (f.goals[0]!.earned += 1000), 'body.goals'],
      ['a tier that does not fit the target', (f) => (f.goals[1]!.tier = 3), 'body.goals'],
      [
        'a 21st check-in on one day',
        (f) => {
          const base = f.checkIns.find((c) => !c.isDailyMood)!;
          for (let n = 0; n < 20; n += 1) f.checkIns.push({ ...base, note: null });
        },
        'body.checkIns',
      ],
      [
        'a back-filled diary entry written before its day',
        (f) => {
          const entry = f.diaries.find((d) => d.isBackfilled)!;
          entry.createdAt = `${addDays(entry.date, -2)}T12:00:00.000Z`;
        },
        'body.diaries',
      ],
      ['an unknown mood', (f) => Object.assign(f.checkIns[0]!, { mood: 'Angry' }), 'body.checkIns'],
      ['a date that is not one', (f) => (f.diaries[0]!.date = '2026-02-30'), 'body.diaries'],
      ['an empty diary entry', (f) => (f.diaries[0]!.content = '   '), 'body.diaries'],
      [
        'a selected background not owned',
        (f) => (f.user.selectedBackground = 'lantern-night'),
        'body.user',
      ],
      ['a goal target off the slider', (f) => (f.goals[1]!.target = 123_456), 'body.goals'],
    ])('%s with 400 VALIDATION_ERROR', async (_label, change, path) => {
      const body = await expectRefused(fileWith(change), 400, 'VALIDATION_ERROR');
      expect(
        body.issues!.some((i) => i.path.startsWith(path)),
        JSON.stringify(body.issues),
      ).toBe(true);
    });

    it('a character the database cannot store with 400', async () => {
      const withNul = fileWith((f) => (f.diaries[0]!.content = 'a\u0000b'));
      const user = await buildUser(ctx);
      const before = await dumpUserRows(ctx, user.id);
      const res = await importInto(user, withNul);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'fail', code: 'VALIDATION_ERROR' });
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it('a task or background this server does not have with 400', async () => {
      const unknownTask = await expectRefused(
        fileWith((f) => (f.tasks[0]!.templateSlug = 'juggle-flaming-torches')),
        400,
        'IMPORT_UNKNOWN_REFERENCE',
      );
      expect(unknownTask.message).toContain('juggle-flaming-torches');
      const unknownBackground = await expectRefused(
        fileWith((f) => f.backgrounds.push({ slug: 'moon-base', acquiredAt: f.exportedAt })),
        400,
        'IMPORT_UNKNOWN_REFERENCE',
      );
      expect(unknownBackground.message).toContain('moon-base');
    });

    it('an account that already has goals, tasks, diary entries or moods with 409', async () => {
      const withDiary = await buildUser(ctx);
      await buildDiary(ctx, withDiary, '2026-01-01');
      const withMood = await buildUser(ctx);
      expect(
        (await api(withMood, 'PATCH', `/user?id=${withMood.id}`, { mood: 'Sad' })).statusCode,
      ).toBe(200);
      const withGoal = await buildUser(ctx);
      await buildGoal(ctx, withGoal);
      for (const user of [withDiary, withMood, withGoal]) {
        const before = await dumpUserRows(ctx, user.id);
        expectFail(await importInto(user, template), 409, 'ACCOUNT_NOT_EMPTY');
        expect(await dumpUserRows(ctx, user.id)).toEqual(before);
      }
    });

    it('a second import of the same file with 409, leaving the first in place', async () => {
      const user = await buildUser(ctx);
      expect((await importInto(user, template)).statusCode).toBe(200);
      const before = await dumpUserRows(ctx, user.id);
      expectFail(await importInto(user, template), 409, 'ACCOUNT_NOT_EMPTY');
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it('a body that is not JSON with 415', async () => {
      const user = await buildUser(ctx);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${API}/account/import`,
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'text/csv' },
        payload: 'a,b\r\n',
      });
      expect([400, 415]).toContain(res.statusCode);
    });
  });
});
