import { addDays, ExportFileSchema, MOODS, toLocalDate, type ExportFile } from '@wellspring/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { call, type TestContext } from '../../../test/app';
import { buildDiary, buildUser, type TestUser } from '../../../test/factories';
import { diaries } from '../../db/schema';
import { DEFAULT_BACKGROUND_SLUG } from '../../db/seed';

export const API = '/api/v1';
export const PASSWORD = 'a long enough password';

// ---- Helpers ---------------------------------------------------------------------------------

/**
 * A small RFC 4180 reader: quoted fields may hold commas, doubled quotes and line breaks;
 * records end with CRLF. Strict about what it does not expect, so a writer bug shows.
 */
export function parseCsv(text: string): string[][] {
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
export function csvText(value: unknown): string {
  if (value === null) return '';
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * Closes the app and its database. test/database.ts drops the PostgreSQL database WITH (FORCE)
 * right after pool.end(), which resolves before the pool's sockets have closed; the server then
 * terminates them (57P01) and the pool re-emits that as an unhandled 'error'. Only that is ignored.
 */

/**
 * What an export becomes once imported into a new account (decision 066): the same record, without
 * the rewards (the new server never saw them earned), owning only the default background, since
 * `ownedSince` (the new account's creation).
 */
export function asImported(file: ExportFile, ownedSince: string): ExportFile {
  return {
    ...file,
    user: {
      ...file.user,
      selectedBackground: file.user.selectedBackground && DEFAULT_BACKGROUND_SLUG,
    },
    goals: file.goals.map((g) => ({ ...g, rewardBackground: null, hasClaimedReward: false })),
    backgrounds: [{ slug: DEFAULT_BACKGROUND_SLUG, acquiredAt: ownedSince }],
  };
}

/** The rows a file adds, without what must differ in another account: ids and its own times. */
export function normalizeExport(file: ExportFile) {
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
    activities: file.activities.map(({ id: _id, ...a }) => a),
    // Each check-in's activities by name: the ids are new in another account.
    checkIns: file.checkIns.map((c) => ({
      ...c,
      activityIds: c.activityIds.map((id) => file.activities.find((a) => a.id === id)?.name),
    })),
    measureResults: file.measureResults,
    backgrounds: [...file.backgrounds].sort((a, b) => a.slug.localeCompare(b.slug)),
  };
}

/** The requests and the seeded user the account tests share, bound to one test app. */
export function accountRequests(ctx: TestContext) {
  const api = (
    user: { token: string } | undefined,
    method: InjectOptions['method'],
    path: string,
    body?: unknown,
  ) => call(ctx.app, method, `${API}${path}`, { token: user?.token, body });

  async function exportOf(user: { token: string }): Promise<ExportFile> {
    const res = await api(user, 'GET', '/account/export');
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    // As the import reads it: a valid file, each list there (a version 2 file has no moods).
    return ExportFileSchema.parse(JSON.parse(res.body));
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
    // Version 3: today's questionnaires, a PHQ-9 with its difficulty answer.
    for (const [measure, body] of [
      ['phq9', { answers: [1, 1, 0, 2, 1, 0, 0, 1, 0], difficulty: 1 }],
      ['who5', { answers: [3, 3, 2, 4, 1] }],
    ] as const) {
      const taken = await api(user, 'POST', `/measures/${measure}/results?id=${user.id}`, body);
      expect(taken.statusCode, taken.body).toBe(201);
      ctx.clock.advance(60_000);
    }
    // Version 2: the day's own check-ins, with words, activities and a note; one activity of the
    // person's own, one archived; and yesterday's missed diary, back-filled.
    const list = await api(user, 'GET', `/activities?id=${user.id}`);
    const [walk, friends] = list.json().data as { id: string }[];
    const own = await api(user, 'POST', `/activities?id=${user.id}`, {
      name: 'Pottery',
      group: 'hobbies',
      icon: 'Palette',
    });
    expect(own.statusCode, own.body).toBe(201);
    ctx.clock.advance(60_000);
    const checkIn = await api(user, 'POST', `/check-ins?id=${user.id}`, {
      mood: 'Happy',
      feelings: ['calm', 'grateful'],
      activityIds: [walk!.id, friends!.id, own.json().data.id],
      note: 'Clay, "wet" and =SUM(A1) — a good evening',
    });
    expect(checkIn.statusCode, checkIn.body).toBe(201);
    const archived = await api(user, 'PATCH', `/activities/${friends!.id}?id=${user.id}`, {
      isArchived: true,
    });
    expect(archived.statusCode, archived.body).toBe(200);
    const yesterday = addDays(toLocalDate(ctx.clock.now(), 'Europe/Berlin'), -1);
    const backfilled = await api(user, 'POST', '/diary', {
      id: user.id,
      content: 'Written the next morning.',
      date: yesterday,
    });
    expect(backfilled.statusCode, backfilled.body).toBe(201);
    return user;
  }
  return { api, exportOf, importInto, register, acceptTask, completeTask, seedRichUser };
}
