import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { imports, passwordCredentials, sessions, userBackgrounds } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/password';
import { hashToken } from '../src/lib/tokens';
import { createSession } from '../src/modules/auth/session-store';
import { call, type HttpMethod, type TestContext } from './app';
import {
  backgroundsOfTier,
  buildDiary,
  buildGoal,
  buildTask,
  pickTemplate,
  type TestUser,
} from './factories';

/*
 * The request recipes of authorization.test.ts: for every protected route, the rows it needs,
 * its calls, and what its owner and another user are answered.
 */

/** One request: a path under /api/v1 (or /v1) with its query, and a JSON body when it takes one. */
interface Call {
  path: string;
  body?: unknown;
  /** The body's type when it is not JSON (a file to import). */
  contentType?: string;
}

/** A user and the rows a route acts on. */
export interface Fixture {
  user: TestUser;
  goalId?: string;
  taskId?: string;
  backgroundId?: string;
  template?: { id: string; title: string; mood: string };
  sessionId?: string;
  exportFile?: unknown;
  checkInId?: string;
  /** The local day of the fixture's check-in. */
  day?: string;
  activityId?: string;
  otherActivityId?: string;
  importId?: string;
  resultId?: string;
  diaryId?: string;
  linkId?: string;
}

interface Recipe {
  /** Rows the owner needs for the call to succeed. */
  setup?: (ctx: TestContext, user: TestUser) => Promise<Omit<Fixture, 'user'>>;
  /** The calls about the fixture's own user and rows (variants of the same route). */
  calls: (f: Fixture) => Call[];
  /** What the owner's own token is answered. */
  ownerStatus: number;
  /** Calls that carry the caller's own user id but name the victim's rows (or email). */
  foreignRows?: (victim: Fixture, caller: TestUser) => Call[];
  /** What foreignRows are answered: 404 unless the route says otherwise. */
  foreignStatus?: number;
  /** False for a route that names no user or row: it acts on the caller's own account alone. */
  namesUser?: false;
}

/**
 * The public routes of PRODUCT.md: sign-in and registration, the Google sign-in pair, and the full
 * background list; and the emailed links (following one, and asking for a reset), whose token is
 * their only authority. Every other /api/v1 route needs a live session.
 */
export const PUBLIC_ROUTES = new Set([
  'POST /auth/register',
  'POST /auth/login',
  'GET /auth/google',
  'GET /auth/google/start',
  'GET /auth/providers',
  'GET /background',
  'POST /auth/verify-email',
  'POST /auth/forgot-password',
  'POST /auth/reset-password',
  // A clinician's link (decision 084): its token, in the body, is its only authority.
  'POST /shared-reports/open',
  'POST /shared-reports/pdf',
  'POST /shared-reports/csv',
]);

const PASSWORD = 'the current password';

/** A second session of the user's, besides the one the tests call with. */
async function withSecondSession(ctx: TestContext, user: TestUser) {
  const token = await createSession(ctx.db, user.id, ctx.clock.now(), {
    idleDays: ctx.env.SESSION_IDLE_DAYS,
    absoluteDays: ctx.env.SESSION_ABSOLUTE_DAYS,
  });
  const [row] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return { sessionId: row!.id };
}

async function withGoal(ctx: TestContext, user: TestUser) {
  const goal = await buildGoal(ctx, user);
  return { goalId: goal.id };
}

async function withCheckIn(ctx: TestContext, user: TestUser) {
  const res = await call(ctx.app, 'POST', `/api/v1/check-ins?id=${user.id}`, {
    token: user.token,
    body: { mood: 'Happy' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id, date } = res.json().data as { id: string; date: string };
  return { checkInId: id, day: date };
}

/** A WHO-5 the user took today. */
async function withMeasureResult(ctx: TestContext, user: TestUser) {
  const res = await call(ctx.app, 'POST', `/api/v1/measures/who5/results?id=${user.id}`, {
    token: user.token,
    body: { answers: [5, 4, 3, 2, 1] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { resultId: (res.json().data as { id: string }).id };
}

/** The user's diary entry of 9 March 2026, for a report that quotes it. */
async function withDiary(ctx: TestContext, user: TestUser) {
  const row = await buildDiary(ctx, user, '2026-03-09', `The private words of ${user.email}`);
  return { diaryId: row.id };
}

/** A report of March 2026 that quotes the fixture's diary entry. */
function reportOf(diaryId: string | undefined) {
  return {
    from: '2026-03-01',
    to: '2026-03-09',
    sections: ['calendar', 'diary'],
    diaryEntryIds: [diaryId],
  };
}

/** A clinician's link of the user's, to a report quoting their entry. */
async function withReportLink(ctx: TestContext, user: TestUser) {
  const { diaryId } = await withDiary(ctx, user);
  const res = await call(ctx.app, 'POST', `/api/v1/report-links?id=${user.id}`, {
    token: user.token,
    body: { report: reportOf(diaryId), expiresInDays: 7 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { diaryId, linkId: (res.json().data as { link: { id: string } }).link.id };
}

/** A finished import of the user's, still to be undone. */
async function withImport(ctx: TestContext, user: TestUser) {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(imports)
    .values({
      userId: user.id,
      source: 'daylio-csv',
      status: 'done',
      entriesTotal: 0,
      createdAt: now,
      updatedAt: now,
      finishedAt: now,
    })
    .returning();
  return { importId: row!.id };
}

async function withActivities(ctx: TestContext, user: TestUser) {
  const res = await call(ctx.app, 'GET', `/api/v1/activities?id=${user.id}`, {
    token: user.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [first, second] = res.json().data as { id: string }[];
  return { activityId: first!.id, otherActivityId: second!.id };
}

async function withTask(ctx: TestContext, user: TestUser) {
  const goal = await buildGoal(ctx, user);
  const task = await buildTask(ctx, user, goal.id);
  return { goalId: goal.id, taskId: task.id };
}

/** A tier II background the user owns besides the default one (nobody else owns it here). */
async function withOwnedBackground(ctx: TestContext, user: TestUser) {
  const [background] = await backgroundsOfTier(ctx, 2);
  await ctx.db
    .insert(userBackgrounds)
    .values({ userId: user.id, backgroundId: background!.id, acquiredAt: ctx.clock.now() });
  return { backgroundId: background!.id };
}

/**
 * A request for every protected route. A route added to the server without a recipe here fails
 * the first test below: decide how it is protected, then add it.
 */
export const RECIPES: Record<string, Recipe> = {
  'POST /auth/logout': {
    calls: () => [{ path: '/auth/logout' }],
    ownerStatus: 200,
    namesUser: false,
  },
  'GET /auth/sessions': {
    calls: () => [{ path: '/auth/sessions' }],
    ownerStatus: 200,
    namesUser: false,
  },
  'DELETE /auth/sessions/:sessionId': {
    setup: withSecondSession,
    calls: ({ sessionId }) => [{ path: `/auth/sessions/${sessionId}` }],
    ownerStatus: 200,
  },
  'POST /auth/sessions/end-others': {
    setup: withSecondSession,
    calls: () => [{ path: '/auth/sessions/end-others' }],
    ownerStatus: 200,
    namesUser: false,
  },
  'GET /auth/password': {
    calls: () => [{ path: '/auth/password' }],
    ownerStatus: 200,
    namesUser: false,
  },
  'PUT /auth/password': {
    // An account made by a sign-in provider (no password yet), from a fresh session.
    calls: () => [
      {
        path: '/auth/password',
        body: { newPassword: 'a first password', confirmPassword: 'a first password' },
      },
    ],
    ownerStatus: 200,
    namesUser: false,
  },
  'POST /auth/password': {
    setup: async (ctx, user) => {
      await ctx.db.insert(passwordCredentials).values({
        userId: user.id,
        email: user.email,
        passwordHash: await hashPassword(PASSWORD),
        updatedAt: ctx.clock.now(),
      });
      return {};
    },
    calls: () => [
      {
        path: '/auth/password',
        body: {
          currentPassword: PASSWORD,
          newPassword: 'a brand new password',
          confirmPassword: 'a brand new password',
        },
      },
    ],
    ownerStatus: 200,
    namesUser: false,
  },
  'POST /auth/verify-email/resend': {
    // A password account whose email is not verified yet: the one kind that has a link to resend.
    setup: async (ctx, user) => {
      await ctx.db.insert(passwordCredentials).values({
        userId: user.id,
        email: user.email,
        passwordHash: await hashPassword(PASSWORD),
        updatedAt: ctx.clock.now(),
      });
      return {};
    },
    calls: () => [{ path: '/auth/verify-email/resend' }],
    ownerStatus: 202,
    namesUser: false,
  },
  'GET /account/export': {
    calls: () => [{ path: '/account/export' }],
    ownerStatus: 200,
    namesUser: false,
  },
  'GET /account/export/tasks.csv': {
    setup: withTask,
    calls: () => [{ path: '/account/export/tasks.csv' }],
    ownerStatus: 200,
    namesUser: false,
  },
  'GET /account/export/moods.csv': {
    calls: () => [{ path: '/account/export/moods.csv' }],
    ownerStatus: 200,
    namesUser: false,
  },
  'GET /account/export/daylio.csv': {
    calls: () => [{ path: '/account/export/daylio.csv' }],
    ownerStatus: 200,
    namesUser: false,
  },
  'GET /account/export/pixels.json': {
    calls: () => [{ path: '/account/export/pixels.json' }],
    ownerStatus: 200,
    namesUser: false,
  },
  'POST /account/import': {
    // The user's own export, taken while the account is still empty, imports back into it.
    setup: async (ctx, user) => {
      const res = await call(ctx.app, 'GET', '/api/v1/account/export', { token: user.token });
      expect(res.statusCode).toBe(200);
      return { exportFile: res.json() };
    },
    calls: ({ exportFile }) => [{ path: '/account/import', body: exportFile }],
    ownerStatus: 200,
    namesUser: false,
  },
  'POST /imports/preview': {
    calls: ({ user }) => [
      {
        path: `/imports/preview?id=${user.id}`,
        body: 'full_date,time,mood,activities,note\n2026-03-01,10:00,good,walk,private words\n',
        contentType: 'text/csv',
      },
    ],
    ownerStatus: 200,
  },
  'POST /imports': {
    calls: ({ user }) => [
      {
        path: `/imports?id=${user.id}&moods=${encodeURIComponent('{"good":"Happy"}')}`,
        body: 'full_date,time,mood,activities,note\n2026-03-01,10:00,good,walk,private words\n',
        contentType: 'text/csv',
      },
    ],
    ownerStatus: 202,
  },
  'GET /imports': {
    calls: ({ user }) => [{ path: `/imports?id=${user.id}` }],
    ownerStatus: 200,
  },
  'DELETE /imports/:importId': {
    setup: withImport,
    calls: ({ user, importId }) => [{ path: `/imports/${importId}?id=${user.id}` }],
    ownerStatus: 200,
    foreignRows: (victim, caller) => [{ path: `/imports/${victim.importId}?id=${caller.id}` }],
  },
  'GET /measures': {
    calls: ({ user }) => [{ path: `/measures?id=${user.id}` }],
    ownerStatus: 200,
  },
  'POST /measures/:measure/results': {
    calls: ({ user }) => [
      { path: `/measures/gad7/results?id=${user.id}`, body: { answers: [0, 1, 2, 3, 0, 1, 2] } },
    ],
    ownerStatus: 201,
  },
  'GET /measure-results': {
    setup: withMeasureResult,
    calls: ({ user }) => [
      { path: `/measure-results?id=${user.id}` },
      { path: `/measure-results?id=${user.id}&measure=who5&limit=5` },
    ],
    ownerStatus: 200,
  },
  'DELETE /measure-results/:resultId': {
    setup: withMeasureResult,
    calls: ({ user, resultId }) => [{ path: `/measure-results/${resultId}?id=${user.id}` }],
    ownerStatus: 200,
    foreignRows: (victim, caller) => [
      { path: `/measure-results/${victim.resultId}?id=${caller.id}` },
    ],
  },
  'POST /reports': {
    setup: withDiary,
    calls: ({ user, diaryId }) => [{ path: `/reports?id=${user.id}`, body: reportOf(diaryId) }],
    ownerStatus: 200,
  },
  'POST /reports/pdf': {
    setup: withDiary,
    calls: ({ user, diaryId }) => [{ path: `/reports/pdf?id=${user.id}`, body: reportOf(diaryId) }],
    ownerStatus: 200,
  },
  'POST /reports/csv': {
    setup: withDiary,
    calls: ({ user, diaryId }) => [{ path: `/reports/csv?id=${user.id}`, body: reportOf(diaryId) }],
    ownerStatus: 200,
  },
  'GET /report-links': {
    setup: withReportLink,
    calls: ({ user }) => [{ path: `/report-links?id=${user.id}` }],
    ownerStatus: 200,
  },
  'POST /report-links': {
    setup: withDiary,
    calls: ({ user, diaryId }) => [
      {
        path: `/report-links?id=${user.id}`,
        body: { report: reportOf(diaryId), expiresInDays: 3 },
      },
    ],
    ownerStatus: 201,
  },
  'DELETE /report-links/:linkId': {
    setup: withReportLink,
    calls: ({ user, linkId }) => [{ path: `/report-links/${linkId}?id=${user.id}` }],
    ownerStatus: 200,
    foreignRows: (victim, caller) => [{ path: `/report-links/${victim.linkId}?id=${caller.id}` }],
  },
  'GET /support-resources': {
    calls: () => [{ path: '/support-resources' }],
    ownerStatus: 200,
    namesUser: false,
  },
  'DELETE /account': {
    calls: ({ user }) => [{ path: '/account', body: { email: user.email } }],
    ownerStatus: 200,
    namesUser: false,
    // Naming the victim's email deletes nothing: only the caller's own email confirms.
    foreignRows: (victim) => [{ path: '/account', body: { email: victim.user.email } }],
    foreignStatus: 400,
  },
  'GET /user': {
    calls: ({ user }) => [
      { path: `/user?id=${user.id}` },
      { path: `/user?id=${user.id}&fields=mood` },
    ],
    ownerStatus: 200,
  },
  'PATCH /user': {
    calls: ({ user }) => [{ path: `/user?id=${user.id}`, body: { name: 'Renamed', mood: 'Sad' } }],
    ownerStatus: 200,
  },
  'GET /check-ins': {
    setup: withCheckIn,
    calls: ({ user, day }) => [{ path: `/check-ins?id=${user.id}&date=${day}` }],
    ownerStatus: 200,
  },
  'POST /check-ins': {
    calls: ({ user }) => [{ path: `/check-ins?id=${user.id}`, body: { mood: 'Happy' } }],
    ownerStatus: 201,
  },
  'DELETE /check-ins/:checkInId': {
    setup: withCheckIn,
    calls: ({ user, checkInId }) => [{ path: `/check-ins/${checkInId}?id=${user.id}` }],
    ownerStatus: 200,
    foreignRows: (victim, caller) => [{ path: `/check-ins/${victim.checkInId}?id=${caller.id}` }],
  },
  'GET /activities': {
    calls: ({ user }) => [{ path: `/activities?id=${user.id}` }],
    ownerStatus: 200,
  },
  'POST /activities': {
    calls: ({ user }) => [
      {
        path: `/activities?id=${user.id}`,
        body: { name: 'Swim', group: 'health', icon: 'Droplet' },
      },
    ],
    ownerStatus: 201,
  },
  'PATCH /activities/:activityId': {
    setup: withActivities,
    calls: ({ user, activityId }) => [
      { path: `/activities/${activityId}?id=${user.id}`, body: { name: 'Renamed' } },
    ],
    ownerStatus: 200,
    foreignRows: (victim, caller) => [
      { path: `/activities/${victim.activityId}?id=${caller.id}`, body: { name: 'Taken' } },
    ],
  },
  'POST /activities/:activityId/merge': {
    setup: withActivities,
    calls: ({ user, activityId, otherActivityId }) => [
      { path: `/activities/${activityId}/merge?id=${user.id}`, body: { intoId: otherActivityId } },
    ],
    ownerStatus: 200,
    foreignRows: (victim, caller) => [
      {
        path: `/activities/${victim.activityId}/merge?id=${caller.id}`,
        body: { intoId: victim.otherActivityId },
      },
    ],
  },
  'GET /goal': {
    setup: withGoal,
    calls: ({ user }) => [{ path: `/goal?id=${user.id}` }],
    ownerStatus: 200,
  },
  'GET /goal/all': {
    setup: withGoal,
    calls: ({ user }) => [{ path: `/goal/all?id=${user.id}` }],
    ownerStatus: 200,
  },
  'POST /goal': {
    calls: ({ user }) => [{ path: `/goal?id=${user.id}`, body: { target: 100_000 } }],
    ownerStatus: 201,
  },
  'PATCH /goal': {
    setup: withGoal,
    calls: ({ user }) => [{ path: `/goal?id=${user.id}`, body: { target: 200_000 } }],
    ownerStatus: 200,
  },
  'POST /goal/claim': {
    setup: async (ctx, user) => {
      const [reward] = await backgroundsOfTier(ctx, 3);
      const goal = await buildGoal(ctx, user, {
        status: 'Completed',
        earned: 50_000,
        backgroundRewardId: reward!.id,
      });
      return { goalId: goal.id, backgroundId: reward!.id };
    },
    calls: ({ user }) => [{ path: `/goal/claim?id=${user.id}` }],
    ownerStatus: 200,
  },
  'GET /task': {
    setup: withTask,
    calls: ({ user }) => [
      { path: `/task?id=${user.id}` },
      { path: `/task?id=${user.id}&page=1&size=7&status=OnGoing&date=` },
    ],
    ownerStatus: 200,
  },
  'POST /task': {
    setup: async (ctx, user) => {
      const { id, title, mood } = await pickTemplate(ctx, 'Happy', 2);
      return { ...(await withGoal(ctx, user)), template: { id, title, mood } };
    },
    calls: ({ user, template }) => [
      {
        path: `/task?id=${user.id}`,
        body: { templateId: template!.id, title: template!.title, mood: template!.mood },
      },
    ],
    ownerStatus: 201,
  },
  'DELETE /task': {
    setup: withTask,
    calls: ({ taskId }) => [{ path: `/task?taskId=${taskId}` }],
    ownerStatus: 200,
  },
  'POST /task/restore': {
    // A task its owner discarded a moment ago.
    setup: async (ctx, user) => {
      const fixture = await withTask(ctx, user);
      const res = await call(ctx.app, 'DELETE', `/api/v1/task?taskId=${fixture.taskId}`, {
        token: user.token,
      });
      expect(res.statusCode).toBe(200);
      return fixture;
    },
    calls: ({ taskId }) => [{ path: `/task/restore?taskId=${taskId}` }],
    ownerStatus: 200,
  },
  'POST /task/completed': {
    setup: withTask,
    calls: ({ user, taskId }) => [{ path: `/task/completed?taskId=${taskId}&userId=${user.id}` }],
    ownerStatus: 200,
    foreignRows: (victim, caller) => [
      { path: `/task/completed?taskId=${victim.taskId}&userId=${caller.id}` },
    ],
  },
  'GET /task/generated': {
    setup: withGoal,
    calls: ({ user }) => [
      { path: `/task/generated?id=${user.id}&mood=Happy` },
      { path: `/task/generated?id=${user.id}` },
    ],
    ownerStatus: 200,
  },
  'GET /diary': {
    setup: async (ctx, user) => {
      await buildDiary(ctx, user, '2026-03-09', `The private words of ${user.email}`);
      return {};
    },
    calls: ({ user }) => [{ path: `/diary?id=${user.id}` }],
    ownerStatus: 200,
  },
  'GET /diary/search': {
    setup: async (ctx, user) => {
      await buildDiary(ctx, user, '2026-03-09', `The private words of ${user.email}`);
      return {};
    },
    calls: ({ user }) => [
      { path: `/diary/search?id=${user.id}&q=private` },
      { path: `/diary/search?id=${user.id}&q=private%20words&page=1` },
    ],
    ownerStatus: 200,
  },
  'POST /diary': {
    calls: ({ user }) => [
      { path: '/diary', body: { id: user.id, content: 'Written by the owner' } },
    ],
    ownerStatus: 201,
  },
  'GET /history': {
    setup: withTask,
    calls: ({ user }) => [
      { path: `/history?id=${user.id}` },
      {
        path: `/history?id=${user.id}&startDate=${Date.parse('2026-03-08T00:00:00Z')}&endDate=${Date.parse('2026-03-14T23:59:59Z')}`,
      },
    ],
    ownerStatus: 200,
  },
  'GET /insights/calendar': {
    setup: async (ctx, user) => {
      await buildDiary(ctx, user, '2026-03-09', `The private words of ${user.email}`);
      return withTask(ctx, user);
    },
    calls: ({ user }) => [{ path: `/insights/calendar?id=${user.id}&year=2026` }],
    ownerStatus: 200,
  },
  'GET /insights/trends': {
    calls: ({ user }) => [
      { path: `/insights/trends?id=${user.id}&days=30` },
      { path: `/insights/trends?id=${user.id}&days=365` },
    ],
    ownerStatus: 200,
  },
  'GET /insights/findings': {
    setup: withTask,
    calls: ({ user }) => [{ path: `/insights/findings?id=${user.id}` }],
    ownerStatus: 200,
  },
  'GET /insights/day': {
    setup: async (ctx, user) => {
      await buildDiary(ctx, user, '2026-03-09', `The private words of ${user.email}`);
      return withTask(ctx, user);
    },
    calls: ({ user }) => [{ path: `/insights/day?id=${user.id}&date=2026-03-09` }],
    ownerStatus: 200,
  },
  'GET /insights/feelings': {
    calls: ({ user }) => [{ path: `/insights/feelings?id=${user.id}` }],
    ownerStatus: 200,
  },
  'GET /insights/on-this-day': {
    calls: ({ user }) => [{ path: `/insights/on-this-day?id=${user.id}` }],
    ownerStatus: 200,
  },
  'GET /insights/support': {
    calls: ({ user }) => [{ path: `/insights/support?id=${user.id}` }],
    ownerStatus: 200,
  },
  'POST /insights/support/dismiss': {
    calls: ({ user }) => [{ path: '/insights/support/dismiss', body: { id: user.id } }],
    ownerStatus: 200,
  },
  'GET /preferences': {
    calls: ({ user }) => [{ path: `/preferences?id=${user.id}` }],
    ownerStatus: 200,
  },
  'PATCH /preferences': {
    calls: ({ user }) => [
      { path: `/preferences?id=${user.id}`, body: { theme: 'dark' } },
      {
        path: `/preferences?id=${user.id}`,
        body: { reminder: { enabled: true, time: '20:00', weekdays: ['Monday'] } },
      },
    ],
    ownerStatus: 200,
  },
  'GET /push/key': {
    calls: () => [{ path: '/push/key' }],
    ownerStatus: 200,
    namesUser: false,
  },
  'POST /push/subscriptions': {
    calls: ({ user }) => [
      {
        path: '/push/subscriptions',
        body: {
          id: user.id,
          endpoint: `https://fcm.googleapis.com/fcm/send/${user.id}`,
          keys: { p256dh: 'BKey', auth: 'secret' },
        },
      },
    ],
    ownerStatus: 201,
  },
  'DELETE /push/subscriptions': {
    calls: ({ user }) => [
      {
        path: '/push/subscriptions',
        body: { id: user.id, endpoint: `https://fcm.googleapis.com/fcm/send/${user.id}` },
      },
    ],
    ownerStatus: 200,
  },
  'GET /background/user/:userId': {
    setup: withOwnedBackground,
    calls: ({ user }) => [{ path: `/background/user/${user.id}` }],
    ownerStatus: 200,
  },
  'PATCH /background/user': {
    setup: withOwnedBackground,
    calls: ({ user, backgroundId }) => [
      { path: `/background/user?id=${user.id}`, body: { backgroundId } },
    ],
    ownerStatus: 200,
    foreignRows: (victim, caller) => [
      { path: `/background/user?id=${caller.id}`, body: { backgroundId: victim.backgroundId } },
    ],
  },
};

export function methodOf(key: string): HttpMethod {
  return key.slice(0, key.indexOf(' ')) as HttpMethod;
}

export function send(
  ctx: TestContext,
  method: HttpMethod | 'HEAD',
  prefix: string,
  request: Call,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return call(ctx.app, method, `${prefix}${request.path}`, {
    body: request.body,
    headers: request.contentType ? { 'content-type': request.contentType, ...headers } : headers,
  });
}

export function expectUnauthorized(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, label).toBe(401);
  if (res.body === '') return; // HEAD: the same status, no body
  expect(res.json(), label).toMatchObject({
    status: 'fail',
    statusCode: 401,
    code: 'UNAUTHORIZED',
  });
}

export function expectNotFound(res: LightMyRequestResponse, label: string, victim: TestUser) {
  expect(res.statusCode, label).toBe(404);
  expect(res.json(), label).toMatchObject({ status: 'fail', statusCode: 404, code: 'NOT_FOUND' });
  expect(res.body, label).not.toContain(victim.email);
  expect(res.body, label).not.toContain('private words');
}
