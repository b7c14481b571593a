import {
  EXPORT_FORMAT,
  ExportFileSchema,
  IMPORT_BODY_LIMIT_BYTES,
  IMPORT_NEWER_VERSION_MESSAGE,
  MOODS,
  MOODS_CSV_COLUMNS,
  TASKS_CSV_COLUMNS,
  toLocalDate,
  type ExportFile,
} from '@wellspring/shared';
import { and, eq, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import {
  backgroundsOfTier,
  buildDiary,
  buildGoal,
  buildTask,
  buildUser,
  dumpUserRows,
  pickTemplate,
  type TestUser,
} from '../../../test/factories';
import * as schema from '../../db/schema';
import { diaries, identities, moodEntries, tasks, userBackgrounds, users } from '../../db/schema';
import { createSession } from '../auth/session-store';
import { EXPORT_BATCH_SIZE, openAccountExport } from './export-account';

const API = '/api/v1';
const PASSWORD = 'a long enough password';

// ---- Helpers ---------------------------------------------------------------------------------

/**
 * A small RFC 4180 reader: quoted fields may hold commas, doubled quotes and line breaks;
 * records end with CRLF. Strict about what it does not expect, so a writer bug shows.
 */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  let isQuoted = false;
  while (i < text.length) {
    const c = text[i]!;
    if (isQuoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (c === '"') {
        isQuoted = false;
        i += 1;
        if (![',', '\r', undefined].includes(text[i]))
          throw new Error(`Text after a quote at ${i}`);
      } else {
        field += c;
        i += 1;
      }
    } else if (c === '"') {
      if (field !== '') throw new Error(`A quote inside an unquoted field at ${i}`);
      isQuoted = true;
      i += 1;
    } else if (c === ',') {
      record.push(field);
      field = '';
      i += 1;
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else if (c === '\n' || c === '\r') {
      throw new Error(`A bare line break outside quotes at ${i}`);
    } else {
      field += c;
      i += 1;
    }
  }
  if (isQuoted) throw new Error('An unterminated quoted field');
  if (field !== '' || record.length > 0) throw new Error('The last record has no CRLF');
  return records;
}

/** How a value of the JSON export reads in the CSV. */
function csvText(value: unknown): string {
  if (value === null) return '';
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * Closes the app and its database. test/database.ts drops the PostgreSQL database WITH (FORCE)
 * right after pool.end(), which resolves before the pool's sockets have closed; the server then
 * terminates them (57P01) and the pool re-emits that as an unhandled 'error'. Only that is ignored.
 */

/** The rows a file adds, without what must differ in another account: ids and its own times. */
function normalizeExport(file: ExportFile) {
  const goals = [...file.goals].sort((a, b) =>
    `${a.createdAt}${a.target}`.localeCompare(`${b.createdAt}${b.target}`),
  );
  const goalIndex = new Map(goals.map((g, i) => [g.id, i]));
  const { createdAt: _createdAt, ...user } = file.user;
  return {
    format: file.format,
    version: file.version,
    user,
    goals: goals.map(({ id: _id, ...g }) => g),
    tasks: file.tasks
      .map(({ id: _id, goalId, ...t }) => ({ ...t, goal: goalIndex.get(goalId) }))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    diaries: file.diaries,
    moods: file.moods,
    backgrounds: [...file.backgrounds].sort((a, b) => a.slug.localeCompare(b.slug)),
  };
}

describe('account: export, import and deletion', () => {
  const ctx = useTestApp();

  const api = (
    user: { token: string } | undefined,
    method: InjectOptions['method'],
    path: string,
    body?: unknown,
  ) => call(ctx.app, method, `${API}${path}`, { token: user?.token, body });

  async function exportOf(user: { token: string }): Promise<ExportFile> {
    const res = await api(user, 'GET', '/account/export');
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    return JSON.parse(res.body) as ExportFile;
  }

  function importInto(user: { token: string } | undefined, payload: string | object) {
    return ctx.app.inject({
      method: 'POST',
      url: `${API}/account/import`,
      headers: {
        ...(user ? { authorization: `Bearer ${user.token}` } : {}),
        'content-type': 'application/json',
      },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  }

  /** A password account made through the API, as a person would. */
  async function register(email: string, timeZone = 'UTC'): Promise<TestUser> {
    const res = await api(undefined, 'POST', '/auth/register', {
      name: 'Fresh Start',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      terms: true,
      timeZone,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    return { id: body.userData.id, token: body.token, name: 'Fresh Start', email, timeZone };
  }

  /** Accepts a catalogue task for the mood, through the API; answers the task. */
  async function acceptTask(user: TestUser, mood: string) {
    const generated = await api(user, 'GET', `/task/generated?id=${user.id}&mood=${mood}`);
    expect(generated.statusCode, generated.body).toBe(200);
    const accepted = await api(user, 'POST', `/task?id=${user.id}`, {
      ...generated.json().data,
      status: 'OnGoing',
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    return accepted.json().data as { id: string; points: number };
  }

  async function completeTask(user: TestUser, taskId: string) {
    const done = await api(user, 'POST', `/task/completed?taskId=${taskId}&userId=${user.id}`);
    expect(done.statusCode, done.body).toBe(200);
    return done.json().data as { status: string };
  }

  /**
   * A user with a life: a goal reached over several days of completed tasks, a diary entry and a
   * mood each day, the won background claimed and selected, a second goal in progress with a
   * completed, an expired and an OnGoing task, and an old diary entry full of awkward characters.
   */
  async function seedRichUser(): Promise<TestUser> {
    const user = await buildUser(ctx, {
      name: 'Rosa Roundtrip',
      timeZone: 'Europe/Berlin',
      hasOnboarded: true,
    });
    const old = await buildDiary(
      ctx,
      user,
      '2026-02-14',
      'Line one, with a comma\n"Quoted" — ünïcödé 🌱\r\n=1+1 is not a formula here',
    );
    // Written on its day, as the API would have: an import checks the day against the time.
    await ctx.db
      .update(diaries)
      .set({ createdAt: new Date('2026-02-14T18:30:00.000Z') })
      .where(eq(diaries.id, old.id));
    expect((await api(user, 'POST', `/goal?id=${user.id}`, { target: 50_000 })).statusCode).toBe(
      201,
    );
    let isReached = false;
    for (let day = 0; !isReached; day += 1) {
      expect(day, 'the first goal is reached within two weeks').toBeLessThan(14);
      const mood = MOODS[day % MOODS.length]!;
      expect((await api(user, 'PATCH', `/user?id=${user.id}`, { mood })).statusCode).toBe(200);
      const diary = await api(user, 'POST', '/diary', {
        id: user.id,
        content: `Day ${day}: felt ${mood.toLowerCase()}, "fine", thanks.`,
      });
      expect(diary.statusCode, diary.body).toBe(201);
      for (let n = 0; n < 3 && !isReached; n += 1) {
        ctx.clock.advance(60_000);
        const task = await acceptTask(user, 'Depressed');
        isReached = (await completeTask(user, task.id)).status === 'Completed';
      }
      ctx.clock.advanceDays(1);
    }
    const claimed = await api(user, 'POST', `/goal/claim?id=${user.id}`);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const rewardId = claimed.json().data.background.id as string;
    const selected = await api(user, 'PATCH', `/background/user?id=${user.id}`, {
      backgroundId: rewardId,
    });
    expect(selected.statusCode, selected.body).toBe(200);

    expect((await api(user, 'POST', `/goal?id=${user.id}`, { target: 100_000 })).statusCode).toBe(
      201,
    );
    await acceptTask(user, 'Sad'); // left OnGoing: the next day's rollover expires it
    ctx.clock.advanceDays(1);
    expect((await api(user, 'PATCH', `/user?id=${user.id}`, { mood: 'Neutral' })).statusCode).toBe(
      200,
    );
    ctx.clock.advance(60_000);
    const done = await acceptTask(user, 'Happy');
    await completeTask(user, done.id);
    ctx.clock.advance(60_000);
    await acceptTask(user, 'Neutral'); // OnGoing today
    expect(
      (await api(user, 'POST', '/diary', { id: user.id, content: 'The last day, so far.' }))
        .statusCode,
    ).toBe(201);
    return user;
  }

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
        version: 1,
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
          })),
      );
      expect(file.diaries.length).toBeGreaterThanOrEqual(4);
      // What the user wrote, as they wrote it (never a stored form such as ciphertext).
      expect(file.diaries.map((d) => d.content)).toEqual(
        expect.arrayContaining([
          'Day 0: felt ecstatic, "fine", thanks.',
          'The last day, so far.',
          'Line one, with a comma\n"Quoted" — ünïcödé 🌱\r\n=1+1 is not a formula here',
        ]),
      );
      expect(file.moods).toEqual(
        [...rows.moods]
          .sort((a, b) => a.localDate.localeCompare(b.localDate))
          .map((m) => ({ date: m.localDate, mood: m.mood, updatedAt: m.updatedAt.toISOString() })),
      );
      expect(file.moods.length).toBeGreaterThanOrEqual(3);
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
      expect(records).toEqual(file.moods.map((m) => [m.date, m.mood, m.updatedAt]));
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
      expect(file).toMatchObject({ goals: [], tasks: [], diaries: [], moods: [] });
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
      await ctx.db.insert(moodEntries).values(
        diaryRows.map((d, i) => ({
          userId: user.id,
          localDate: d.localDate,
          mood: MOODS[i % MOODS.length]!,
          updatedAt: d.createdAt,
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
      expect(file.moods).toHaveLength(diaryCount);

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
        backgrounds: 1,
      });
      expect(Buffer.byteLength(res.body)).toBeGreaterThan(64 * 1024);
    });
  });

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
          moods: first.moods.length,
          backgrounds: first.backgrounds.length,
        },
      });

      const second = await exportOf(again);
      expect(normalizeExport(second)).toEqual(normalizeExport(first));
      // New ids throughout, and the new account's own creation time.
      const firstIds = new Set([...first.goals, ...first.tasks].map((r) => r.id));
      for (const row of [...second.goals, ...second.tasks])
        expect(firstIds.has(row.id)).toBe(false);
      expect(second.user.createdAt).toBe(ctx.clock.now().toISOString());
      expect(second.user.email).toBe(rich.email);

      // The restored account works: its goal, background and streak are back.
      const me = await api(again, 'GET', `/user?id=${again.id}`);
      expect(me.json().data).toMatchObject({
        name: 'Rosa Roundtrip',
        email: rich.email,
        hasOnboarded: true,
        timeZone: 'Europe/Berlin',
      });
      expect(me.json().data.selectedBackgroundURL).toBe(
        `${ctx.env.PUBLIC_URL}/backgrounds/${first.user.selectedBackground}.svg`,
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
        fileWith((f) => Object.assign(f, { version: 2, somethingNew: [] })),
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
      ['two moods on one day', (f) => (f.moods[1]!.date = f.moods[0]!.date), 'body.moods'],
      [
        'a task of no goal in the file',
        (f) => (f.tasks[0]!.goalId = '00000000-0000-4000-8000-000000000000'),
        'body.tasks',
      ],
      ['points that do not add up', (f) => (f.goals[0]!.earned += 1000), 'body.goals'],
      ['a tier that does not fit the target', (f) => (f.goals[1]!.tier = 3), 'body.goals'],
      ['an unknown mood', (f) => Object.assign(f.moods[0]!, { mood: 'Angry' }), 'body.moods'],
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

  // ---- Deletion -------------------------------------------------------------------------------

  describe('DELETE /account', () => {
    it('refuses the wrong email with 400 CONFIRMATION_MISMATCH and deletes nothing', async () => {
      const user = await seedRichUser();
      const before = await dumpUserRows(ctx, user.id);
      for (const email of ['someone@example.test', '', `${user.email}x`, user.email.slice(1)]) {
        const body = expectFail(
          await api(user, 'DELETE', '/account', { email }),
          400,
          'CONFIRMATION_MISMATCH',
        );
        expect(body.message).not.toContain(user.email);
      }
      expectFail(await api(user, 'DELETE', '/account', {}), 400, 'VALIDATION_ERROR');
      expectFail(await api(user, 'DELETE', '/account'), 400, 'VALIDATION_ERROR');
      expectFail(
        await api(user, 'DELETE', '/account', { email: user.email, id: user.id }),
        400,
        'VALIDATION_ERROR',
      );
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
      expect((await api(user, 'GET', `/user?id=${user.id}`)).statusCode).toBe(200);
    });

    it('leaves no row anywhere that refers to the user, and ends every session', async () => {
      const user = await register('leaving@example.test', 'Europe/Berlin');
      const secret = `private words ${user.id}`;
      expect((await api(user, 'POST', '/diary', { id: user.id, content: secret })).statusCode).toBe(
        201,
      );
      expect((await api(user, 'PATCH', `/user?id=${user.id}`, { mood: 'Sad' })).statusCode).toBe(
        200,
      );
      const goal = await buildGoal(ctx, user);
      await buildTask(ctx, user, goal.id);
      const [tier2] = await backgroundsOfTier(ctx, 2);
      await ctx.db
        .insert(userBackgrounds)
        .values({ userId: user.id, backgroundId: tier2!.id, acquiredAt: ctx.clock.now() });
      await ctx.db.insert(identities).values({
        userId: user.id,
        issuer: 'https://issuer.example.test',
        subject: `subject-${user.id}`,
        email: user.email,
        createdAt: ctx.clock.now(),
      });
      const otherToken = await createSession(ctx.db, user.id, ctx.clock.now(), {
        idleDays: ctx.env.SESSION_IDLE_DAYS,
        absoluteDays: ctx.env.SESSION_ABSOLUTE_DAYS,
      });
      const bystander = await seedRichUser();
      const bystanderBefore = await dumpUserRows(ctx, bystander.id);

      const res = await api(user, 'DELETE', '/account', { email: 'Leaving@Example.test' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'success', data: null });
      expect(res.headers['cache-control']).toBe('no-store');

      // Every table of the schema, read from its exports, so a new table cannot be missed.
      const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
        is(value, PgTable),
      );
      const names = tables.map((t) => getTableConfig(t).name);
      expect(names).toEqual(
        expect.arrayContaining([
          'users',
          'sessions',
          'password_credentials',
          'identities',
          'goals',
          'tasks',
          'diaries',
          'mood_entries',
          'user_backgrounds',
        ]),
      );
      for (const table of tables) {
        const { name, columns } = getTableConfig(table);
        const refersToUser = columns.map(
          (c) => sql`(
            ${sql.identifier(c.name)}::text = ${user.id}
            or lower(${sql.identifier(c.name)}::text) = ${user.email}
            or position(${secret} in ${sql.identifier(c.name)}::text) > 0
          )`,
        );
        const [row] = await ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(sql.join(refersToUser, sql` or `));
        expect(row!.n, `rows of ${name} that refer to the deleted user`).toBe(0);
      }

      for (const token of [user.token, otherToken]) {
        expectFail(
          await call(ctx.app, 'GET', `${API}/user?id=${user.id}`, { token }),
          401,
          'UNAUTHORIZED',
        );
      }
      const login = await api(undefined, 'POST', '/auth/login', {
        email: user.email,
        password: PASSWORD,
      });
      expectFail(login, 401, 'INVALID_CREDENTIALS');
      expect(await dumpUserRows(ctx, bystander.id)).toEqual(bystanderBefore);
    });
  });

  // ---- Who may call ---------------------------------------------------------------------------

  describe('authorization', () => {
    const routes: [InjectOptions['method'], string, (u: TestUser) => unknown][] = [
      ['GET', '/account/export', () => undefined],
      ['GET', '/account/export/tasks.csv', () => undefined],
      ['GET', '/account/export/moods.csv', () => undefined],
      ['POST', '/account/import', () => ({ format: EXPORT_FORMAT })],
      ['DELETE', '/account', (u) => ({ email: u.email })],
    ];

    it.each(routes)(
      '%s %s answers 401 without a valid token and changes nothing',
      async (method, path, body) => {
        const user = await seedRichUser();
        const before = await dumpUserRows(ctx, user.id);
        const refused: Record<string, string>[] = [
          {},
          { authorization: 'Bearer ' },
          { authorization: `Bearer ${'A'.repeat(43)}` },
          { authorization: `Basic ${user.token}` },
        ];
        for (const headers of refused) {
          for (const prefix of [API, '/v1']) {
            const res = await call(ctx.app, method, `${prefix}${path}`, {
              body: body(user),
              headers,
            });
            expectFail(res, 401, 'UNAUTHORIZED');
            expect(res.body).not.toContain(user.email);
          }
        }
        expect(await dumpUserRows(ctx, user.id)).toEqual(before);
      },
    );

    it('refuses a large import without a token before reading it', async () => {
      const res = await importInto(undefined, `{"pad":"${'x'.repeat(IMPORT_BODY_LIMIT_BYTES)}"}`);
      expectFail(res, 401, 'UNAUTHORIZED');
    });

    it("acts on the token's own account alone, whatever the caller sends", async () => {
      const victim = await seedRichUser();
      const attacker = await buildUser(ctx, { name: 'Mallory' });
      const victimBefore = await dumpUserRows(ctx, victim.id);

      for (const path of [
        '/account/export',
        `/account/export?id=${victim.id}`,
        `/account/export?userId=${victim.id}`,
        '/account/export/tasks.csv',
        '/account/export/moods.csv',
      ]) {
        const res = await api(attacker, 'GET', path);
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain(victim.id);
        expect(res.body).not.toContain(victim.email);
        expect(res.body).not.toContain('Rosa');
      }
      expect((await exportOf(attacker)).user.name).toBe('Mallory');

      const deletion = await api(attacker, 'DELETE', '/account', { email: victim.email });
      expectFail(deletion, 400, 'CONFIRMATION_MISMATCH');
      expect(deletion.body).not.toContain(victim.email);
      expect(await dumpUserRows(ctx, victim.id)).toEqual(victimBefore);
      expect((await api(attacker, 'GET', `/user?id=${attacker.id}`)).statusCode).toBe(200);
      const own = await exportOf(victim);
      expect(own.user.name).toBe('Rosa Roundtrip');
      const [stillThere] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, victim.id), eq(users.email, victim.email)));
      expect(stillThere).toBeDefined();
    });
  });
});
