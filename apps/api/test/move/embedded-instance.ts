// An embedded instance (PGlite on disk, its key file beside it) with several people's lives in
// it, made through the API, and what the API answered each of them: the move tests compare
// PostgreSQL's answers after the move with these.
import { MOODS, WEEKDAYS } from '@wellspring/shared';
import { expect } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { prepareDatabase } from '../../src/db/migrate';
import { diaries, identities } from '../../src/db/schema';
import {
  ContentCipher,
  loadOrCreateKeyFile,
  parseDataKeys,
} from '../../src/lib/crypto/content-cipher';
import { DiaryVault, verifyDataKeys } from '../../src/modules/diary/diary-vault';
import { accountRequests, PASSWORD } from '../../src/modules/account/account.test-helpers';
import { call, createTestApp, type TestContext } from '../app';
import { TestClock } from '../clock';
import { buildUser, type TestUser } from '../factories';

/** The routes whose answers hold a person's data and the figures derived from it. */
export function answerRoutes(id: string): Record<string, string> {
  const q = encodeURIComponent(id);
  return {
    user: `/api/v1/user?id=${q}`,
    goalAll: `/api/v1/goal/all?id=${q}`,
    task: `/api/v1/task?id=${q}`,
    diary: `/api/v1/diary?id=${q}`,
    history: `/api/v1/history?id=${q}`,
    backgrounds: `/api/v1/background/user/${q}`,
    preferences: `/api/v1/preferences?id=${q}`,
  };
}

/** Every answer of answerRoutes for a user, each required to be 200. */
export async function answersOf(
  ctx: TestContext,
  user: { id: string; token: string },
): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  for (const [name, url] of Object.entries(answerRoutes(user.id))) {
    const res = await call(ctx.app, 'GET', url, { token: user.token });
    expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    answers[name] = res.json();
  }
  return answers;
}

export interface MovedUser extends TestUser {
  /** Password accounts sign in with it; the others (Google, no password) use their session. */
  password?: string;
}

export interface EmbeddedInstance {
  dataDir: string;
  keySpec: string;
  cipher: ContentCipher;
  clock: TestClock;
  users: MovedUser[];
  /** Each user's answers, by user id. */
  answers: Map<string, Record<string, unknown>>;
}

/** A few days of a password account's life: moods, diaries, a goal and completed tasks. */
async function liveAFewDays(ctx: TestContext, user: TestUser, days: number): Promise<void> {
  const { api, acceptTask, completeTask } = accountRequests(ctx);
  expect((await api(user, 'POST', `/goal?id=${user.id}`, { target: 50_000 })).statusCode).toBe(201);
  for (let day = 0; day < days; day++) {
    const mood = MOODS[(day + user.name.length) % MOODS.length]!;
    expect((await api(user, 'PATCH', `/user?id=${user.id}`, { mood })).statusCode).toBe(200);
    const diary = await api(user, 'POST', '/diary', {
      id: user.id,
      content: `${user.name}, day ${day}: ${mood.toLowerCase()}; "quotes", ünïcödé 🌱`,
    });
    expect(diary.statusCode, diary.body).toBe(201);
    ctx.clock.advance(60_000);
    await completeTask(user, (await acceptTask(user, 'Happy')).id);
    ctx.clock.advanceDays(1);
  }
}

/** Fills a new embedded instance in dataDir; closes it (the move needs the directory free). */
export async function buildEmbeddedInstance(dataDir: string): Promise<EmbeddedInstance> {
  const keySpec = loadOrCreateKeyFile(dataDir);
  const cipher = new ContentCipher(parseDataKeys(keySpec));
  const clock = new TestClock('2026-10-01T09:00:00.000Z');
  const handle = await openDatabase({ dataDir, poolMax: 2 });
  const users: MovedUser[] = [];
  const answers = new Map<string, Record<string, unknown>>();
  try {
    await prepareDatabase(handle);
    await verifyDataKeys(handle.db, cipher);
    const ctx = await createTestApp({
      database: { handle, destroy: async () => {} },
      cipher,
      clock,
    });
    try {
      const { api, register, seedRichUser } = accountRequests(ctx);
      for (const [i, timeZone] of ['UTC', 'Europe/Berlin', 'America/New_York'].entries()) {
        const user = await register(`mover-${i}@example.test`, timeZone);
        user.name = `Mover ${i}`;
        await liveAFewDays(ctx, user, 3 + i);
        users.push({ ...user, password: PASSWORD });
      }
      const [first] = users;
      const prefs = await api(first, 'PATCH', `/preferences?id=${first!.id}`, {
        theme: 'dark',
        reminder: { enabled: true, time: '08:30', weekdays: WEEKDAYS.slice(0, 3) },
      });
      expect(prefs.statusCode, prefs.body).toBe(200);
      // A goal won, its background claimed and selected, a second goal under way.
      users.push(await seedRichUser());
      // A Google account: no password, an identity, a session.
      const google = await buildUser(ctx, { name: 'Grace Google', hasOnboarded: true });
      await ctx.db.insert(identities).values({
        userId: google.id,
        issuer: 'https://accounts.google.com',
        subject: `subject-${google.id}`,
        email: google.email,
        createdAt: clock.now(),
      });
      expect(
        (await api(google, 'POST', '/diary', { id: google.id, content: 'Signed in by Google.' }))
          .statusCode,
      ).toBe(201);
      users.push(google);
      for (const user of users) answers.set(user.id, await answersOf(ctx, user));
    } finally {
      await ctx.close(); // The app only: the database is closed below.
    }
  } finally {
    await handle.close();
  }
  return { dataDir, keySpec, cipher, clock, users, answers };
}

/** Every diary entry of a database, opened with the key, sorted. */
export async function readDiaries(
  handle: DatabaseHandle,
  cipher: ContentCipher,
): Promise<string[]> {
  const vault = new DiaryVault(cipher);
  return (await handle.db.select().from(diaries)).map((row) => vault.open(row)).sort();
}
