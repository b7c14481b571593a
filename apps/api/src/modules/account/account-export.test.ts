import {
  ExportFileSchema,
  MOODS,
  MOODS_CSV_COLUMNS,
  TASKS_CSV_COLUMNS,
  toLocalDate,
  type ExportFile,
} from '@wellspring/shared';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import {
  buildGoal,
  buildTask,
  buildUser,
  dumpUserRows,
  pickTemplate,
  type TestUser,
} from '../../../test/factories';
import * as schema from '../../db/schema';
import { diaries, tasks, users } from '../../db/schema';
import { EXPORT_BATCH_SIZE, openAccountExport } from './export-account';
import { parseCsv, csvText, normalizeExport, accountRequests } from './account.test-helpers';
import { insertDailyMoods } from '../check-ins/check-ins.service';

describe('account: export, import and deletion', () => {
  const ctx = useTestApp();

  const { api, exportOf, importInto, register, seedRichUser } = accountRequests(ctx);

  // ---- Export ---------------------------------------------------------------------------------

  describe('GET /account/export', () => {
    let rich: TestUser;
    let file: ExportFile;
    let res: LightMyRequestResponse;

    beforeAll(async () => {
      rich = await seedRichUser();
      res = await api(rich, 'GET', '/account/export');
      file = JSON.parse(res.body) as ExportFile;
    });

    it('answers a JSON download that is not cached', () => {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const today = toLocalDate(ctx.clock.now(), 'Europe/Berlin');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="wellspring-export-${today}.json"`,
      );
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('is a valid import file: format, version, ISO dates', () => {
      expect(file).toMatchObject({
        format: 'wellspring-export',
        version: 3,
        exportedAt: ctx.clock.now().toISOString(),
      });
      const parsed = ExportFileSchema.safeParse(file);
      expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 5))).toBe(true);
    });

    it('holds the user as they are', async () => {
      const [row] = await ctx.db.select().from(users).where(eq(users.id, rich.id));
      const [selected] = await ctx.db
        .select({ slug: schema.backgrounds.slug })
        .from(schema.backgrounds)
        .where(eq(schema.backgrounds.id, row!.selectedBackgroundId!));
      expect(file.user).toEqual({
        name: 'Rosa Roundtrip',
        email: rich.email,
        pictureURL: null,
        timeZone: 'Europe/Berlin',
        hasOnboarded: true,
        createdAt: row!.createdAt.toISOString(),
        selectedBackground: selected!.slug,
      });
      expect(selected!.slug).not.toBe('first-light');
    });

    it('holds every row of the user, field for field', async () => {
      const rows = await dumpUserRows(ctx, rich.id);
      expect(rows.goals).toHaveLength(2);
      expect(file.goals.map((g) => g.id).sort()).toEqual(rows.goals.map((g) => g.id).sort());
      for (const goal of rows.goals) {
        const reward = goal.backgroundRewardId
          ? (await ctx.db.select().from(schema.backgrounds)).find(
              (b) => b.id === goal.backgroundRewardId,
            )!.slug
          : null;
        expect(file.goals.find((g) => g.id === goal.id)).toEqual({
          id: goal.id,
          target: goal.target,
          earned: goal.earned,
          taskCompleted: goal.taskCompleted,
          status: goal.status,
          tier: goal.tier,
          hasClaimedReward: goal.hasClaimedReward,
          rewardBackground: reward,
          createdAt: goal.createdAt.toISOString(),
          completedAt: goal.completedAt?.toISOString() ?? null,
        });
      }
      expect(file.goals.map((g) => g.status)).toEqual(['Completed', 'OnProgress']);

      const templates = await ctx.db.select().from(schema.taskTemplates);
      expect(file.tasks).toHaveLength(rows.tasks.length);
      for (const task of rows.tasks) {
        expect(file.tasks.find((t) => t.id === task.id)).toEqual({
          id: task.id,
          goalId: task.goalId,
          templateSlug: templates.find((t) => t.id === task.templateId)!.slug,
          title: task.title,
          description: task.description,
          mood: task.mood,
          points: task.points,
          status: task.status,
          createdAt: task.createdAt.toISOString(),
          acceptedOn: task.acceptedOn,
          completedAt: task.completedAt?.toISOString() ?? null,
          completedOn: task.completedOn,
        });
      }
      expect(new Set(file.tasks.map((t) => t.status))).toEqual(
        new Set(['Completed', 'Expired', 'OnGoing']),
      );

      expect(file.diaries).toEqual(
        [...rows.diaries]
          .sort((a, b) => a.localDate.localeCompare(b.localDate))
          .map((d) => ({
            date: d.localDate,
            createdAt: d.createdAt.toISOString(),
            content: ctx.app.diaryVault.open(d),
            isBackfilled: d.isBackfilled,
          })),
      );
      expect(file.diaries.filter((d) => d.isBackfilled)).toHaveLength(1);
      expect(file.diaries.length).toBeGreaterThanOrEqual(4);
      // What the user wrote, as they wrote it (never a stored form such as ciphertext).
      expect(file.diaries.map((d) => d.content)).toEqual(
        expect.arrayContaining([
          'Day 0: felt ecstatic, "fine", thanks.',
          'The last day, so far.',
          'Line one, with a comma\n"Quoted" — ünïcödé 🌱\r\n=1+1 is not a formula here',
        ]),
      );
      // Version 2: no day's mood (the mean of its check-ins), but every check-in, opened.
      expect('moods' in file).toBe(false);
      expect(file.checkIns).toHaveLength(rows.checkIns.length);
      expect(file.checkIns.filter((c) => c.isDailyMood).length).toBeGreaterThanOrEqual(3);
      const withNote = file.checkIns.find((c) => c.note !== null)!;
      expect(withNote).toMatchObject({
        mood: 'Happy',
        feelings: ['calm', 'grateful'],
        note: 'Clay, "wet" and =SUM(A1) — a good evening',
        isBackfilled: false,
        isDailyMood: false,
      });
      const named = withNote.activityIds.map((id) => file.activities.find((a) => a.id === id));
      expect(named.map((a) => a?.name)).toContain('Pottery');
      expect(named.filter((a) => a?.isArchived)).toHaveLength(1);
      expect(file.activities.length).toBeGreaterThan(20);
      expect(file.backgrounds.map((b) => b.slug).sort()).toEqual(
        ['first-light', file.goals[0]!.rewardBackground!].sort(),
      );
      expect(file.backgrounds).toHaveLength(rows.backgrounds.length);
    });

    it('answers the tasks as CSV that reads back to the same rows', async () => {
      const csv = await api(rich, 'GET', '/account/export/tasks.csv');
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toMatch(
        /^attachment; filename="wellspring-tasks-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(csv.headers['cache-control']).toBe('no-store');
      const [header, ...records] = parseCsv(csv.body);
      expect(header).toEqual([...TASKS_CSV_COLUMNS]);
      expect(records).toEqual(
        file.tasks.map((t) => TASKS_CSV_COLUMNS.map((column) => csvText(t[column]))),
      );
    });

    it('answers the moods as CSV that reads back to the same rows', async () => {
      const csv = await api(rich, 'GET', '/account/export/moods.csv');
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toMatch(
        /^attachment; filename="wellspring-moods-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const [header, ...records] = parseCsv(csv.body);
      expect(header).toEqual([...MOODS_CSV_COLUMNS]);
      // A row a day with a mood: the day's mood, the mean of its check-ins.
      const rows = await dumpUserRows(ctx, rich.id);
      expect(records.map(([date, mood]) => [date, mood])).toEqual(
        [...rows.moods]
          .sort((a, b) => a.localDate.localeCompare(b.localDate))
          .map((m) => [m.localDate, m.mood]),
      );
      expect(records.length).toBeGreaterThanOrEqual(3);
    });

    it('answers a HEAD with the headers alone', async () => {
      for (const path of ['/account/export', '/account/export/tasks.csv']) {
        const head = await api(rich, 'HEAD', path);
        expect(head.statusCode).toBe(200);
        expect(head.body).toBe('');
        expect(head.headers['content-disposition']).toMatch(/^attachment; filename=/);
      }
    });

    it('answers the same under /v1', async () => {
      const mirror = await call(ctx.app, 'GET', '/v1/account/export', { token: rich.token });
      expect(mirror.statusCode).toBe(200);
      expect(normalizeExport(JSON.parse(mirror.body))).toEqual(normalizeExport(file));
    });
  });

  describe('an empty account', () => {
    it('exports empty lists and header-only CSVs', async () => {
      const user = await buildUser(ctx);
      const file = await exportOf(user);
      expect(file).toMatchObject({ goals: [], tasks: [], diaries: [], checkIns: [] });
      expect(file.backgrounds.map((b) => b.slug)).toEqual(['first-light']);
      expect(ExportFileSchema.safeParse(file).success).toBe(true);
      const tasksCsv = await api(user, 'GET', '/account/export/tasks.csv');
      expect(parseCsv(tasksCsv.body)).toEqual([[...TASKS_CSV_COLUMNS]]);
      const moodsCsv = await api(user, 'GET', '/account/export/moods.csv');
      expect(parseCsv(moodsCsv.body)).toEqual([[...MOODS_CSV_COLUMNS]]);
    });
  });

  describe('CSV formula injection', () => {
    it('puts a single quote before a field a spreadsheet would run as a formula', async () => {
      const user = await buildUser(ctx);
      const goal = await buildGoal(ctx, user);
      const hostile = [
        ['=HYPERLINK("http://evil.test","click")', 'Plain, with "quotes"\nand a line break'],
        ['+1+1', '-2'],
        ['@SUM(A1:A9)', '\tTabbed'],
        ['\rReturned', 'Ordinary words'],
      ];
      for (const [i, [title, description]] of hostile.entries()) {
        const task = await buildTask(ctx, user, goal.id, { mood: 'Sad', offset: i });
        ctx.clock.advance(1000);
        await ctx.db
          .update(tasks)
          .set({ title: title!, description: description!, createdAt: ctx.clock.now() })
          .where(eq(tasks.id, task.id));
      }
      const res = await api(user, 'GET', '/account/export/tasks.csv');
      expect(res.statusCode).toBe(200);
      const [, ...records] = parseCsv(res.body);
      const titleAt = TASKS_CSV_COLUMNS.indexOf('title');
      const descriptionAt = TASKS_CSV_COLUMNS.indexOf('description');
      expect(records.map((r) => [r[titleAt], r[descriptionAt]])).toEqual([
        [`'=HYPERLINK("http://evil.test","click")`, 'Plain, with "quotes"\nand a line break'],
        ["'+1+1", "'-2"],
        ["'@SUM(A1:A9)", "'\tTabbed"],
        ["'\rReturned", 'Ordinary words'],
      ]);
      expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
      // The JSON export keeps the text as it is.
      const file = await exportOf(user);
      expect(file.tasks.map((t) => t.title)).toEqual(hostile.map(([title]) => title));
    });
  });

  describe('a long history', () => {
    it('streams every row once across many pages, ties and microseconds included', async () => {
      const user = await buildUser(ctx, { timeZone: 'UTC' });
      const base = Date.parse('2023-01-01T00:00:00.000Z');
      const goal = await buildGoal(ctx, user, { target: 500_000 });
      // Set before its tasks, as the API would have: an import checks the order.
      await ctx.db
        .update(schema.goals)
        .set({ createdAt: new Date(base - 60_000) })
        .where(eq(schema.goals.id, goal.id));
      const template = await pickTemplate(ctx, 'Neutral');
      const taskCount = EXPORT_BATCH_SIZE * 2 + 345;
      const values = Array.from({ length: taskCount }, (_, i) => ({
        userId: user.id,
        goalId: goal.id,
        templateId: template.id,
        title: `Task ${i}`,
        description: template.description,
        mood: template.mood,
        points: template.points,
        status: 'Expired',
        // Seven tasks share each instant (one a day), and each instant carries microseconds.
        createdAt: sql`${new Date(base + Math.floor(i / 7) * 86_400_000).toISOString()}::timestamptz + interval '123 microseconds'`,
        acceptedOn: new Date(base + Math.floor(i / 7) * 86_400_000).toISOString().slice(0, 10),
      }));
      for (let i = 0; i < values.length; i += 500) {
        await ctx.db.insert(tasks).values(values.slice(i, i + 500));
      }
      const diaryCount = EXPORT_BATCH_SIZE + 17;
      const diaryRows = Array.from({ length: diaryCount }, (_, i) => ({
        userId: user.id,
        localDate: new Date(base + i * 86_400_000).toISOString().slice(0, 10),
        content: `Entry ${i}`,
        createdAt: new Date(base + i * 86_400_000),
      }));
      for (let i = 0; i < diaryRows.length; i += 500) {
        await ctx.db.insert(diaries).values(diaryRows.slice(i, i + 500));
      }
      await insertDailyMoods(
        ctx.db,
        diaryRows.map((d, i) => ({
          userId: user.id,
          localDate: d.localDate,
          mood: MOODS[i % MOODS.length]!,
          updatedAt: d.createdAt,
          timeZone: 'UTC',
        })),
      );

      // The service hands the document over in pieces, none of them more than a page.
      const auth = { userId: user.id, sessionId: '', timeZone: 'UTC', today: '2026-03-10' };
      const pieces: string[] = [];
      for await (const piece of await openAccountExport(
        ctx.db,
        ctx.app.diaryVault,
        auth,
        ctx.clock.now(),
      )) {
        pieces.push(piece);
      }
      expect(pieces.length).toBeGreaterThanOrEqual(3 + 2 + 2 + 5);
      const largestRows = Math.max(...pieces.map((p) => p.split('\n').length));
      expect(largestRows).toBeLessThanOrEqual(EXPORT_BATCH_SIZE + 2);

      const file = JSON.parse(pieces.join('')) as ExportFile;
      expect(file.tasks).toHaveLength(taskCount);
      expect(new Set(file.tasks.map((t) => t.id)).size).toBe(taskCount);
      expect(new Set(file.tasks.map((t) => t.title)).size).toBe(taskCount);
      expect(file.diaries.map((d) => d.content)).toEqual(diaryRows.map((d) => d.content));
      expect(file.checkIns).toHaveLength(diaryCount);
      expect(new Set(file.checkIns.map((c) => c.date)).size).toBe(diaryCount);

      const res = await api(user, 'GET', '/account/export');
      expect(JSON.parse(res.body).tasks).toHaveLength(taskCount);
      const csv = parseCsv((await api(user, 'GET', '/account/export/tasks.csv')).body);
      expect(csv).toHaveLength(taskCount + 1);
      const moodsCsv = parseCsv((await api(user, 'GET', '/account/export/moods.csv')).body);
      expect(moodsCsv).toHaveLength(diaryCount + 1);

      // And it comes back whole into a new account.
      const fresh = await register(`long-${user.id.slice(0, 8)}@example.test`);
      const imported = await importInto(fresh, res.body);
      expect(imported.statusCode, imported.body.slice(0, 500)).toBe(200);
      expect(imported.json().data).toEqual({
        goals: 1,
        tasks: taskCount,
        diaries: diaryCount,
        moods: diaryCount,
        checkIns: diaryCount,
        activities: 0,
        measureResults: 0,
        backgrounds: 0,
      });
      expect(Buffer.byteLength(res.body)).toBeGreaterThan(64 * 1024);
    });
  });
});
