import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { goals, tasks } from '../src/db/schema';
import type { TestContext } from './app';
import { unknownToken, type TestUser } from './factories';

/** The shape of the ids the API hands out, request ids included. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What an error answer must never show: a stack, a source position, SQL or the database's words. */
const LEAKS = /stack|\.ts:\d+|select |insert |update "|duplicate key|drizzle|postgres/i;

/** One problem of a validation error: the field, and what is wrong with it. */
export interface Issue {
  path: string;
  message: string;
}

/** The error envelope of PRODUCT.md section 2. */
export interface FailBody {
  status: 'fail';
  statusCode: number;
  code: string;
  message: string;
  requestId: string;
  /** Present on a VALIDATION_ERROR, with at least one issue. */
  issues?: Issue[];
}

/** What else an error answer must show, besides its status and code. */
export interface FailExpectations {
  /** The message, word for word. */
  message?: string;
  /**
   * Whether a VALIDATION_ERROR must list its issues, as one the request schemas raise does (the
   * default). A range the history service refuses after the schema has passed names no field.
   */
  requireIssues?: boolean;
}

/**
 * Asserts the error envelope of PRODUCT.md section 2 (with its issues on a validation error),
 * and that it leaks nothing; answers its body.
 */
export function expectFail(
  res: LightMyRequestResponse,
  statusCode: number,
  code: 'VALIDATION_ERROR',
  expected?: FailExpectations & { requireIssues?: true },
): FailBody & { issues: Issue[] };
export function expectFail(
  res: LightMyRequestResponse,
  statusCode: number,
  code: string,
  expected?: FailExpectations,
): FailBody;
export function expectFail(
  res: LightMyRequestResponse,
  statusCode: number,
  code: string,
  { message, requireIssues = true }: FailExpectations = {},
): FailBody {
  expect(res.statusCode, res.body.slice(0, 500)).toBe(statusCode);
  const body = res.json();
  expect(body).toMatchObject({ status: 'fail', statusCode, code, message: expect.any(String) });
  expect(body.requestId).toMatch(UUID);
  expect(body).not.toHaveProperty('stack');
  expect(res.body).not.toMatch(LEAKS);
  if (code === 'VALIDATION_ERROR' && requireIssues) {
    expect(Array.isArray(body.issues)).toBe(true);
    expect(body.issues.length).toBeGreaterThan(0);
  }
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}

/** Authorization headers that must all answer 401 on a protected route. */
export function badAuthHeaders(user: TestUser): [string, Record<string, string>][] {
  return [
    ['no token', {}],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['a malformed token', { authorization: 'Bearer not a token' }],
    ['a token of the wrong shape', { authorization: 'Bearer abc.def' }],
    ['an unknown well-formed token', { authorization: `Bearer ${'A'.repeat(43)}` }],
    ['the right token under another scheme', { authorization: `Basic ${user.token}` }],
  ];
}

/**
 * `it.each` rows of requests that carry no valid session: no token, the malformed bearer given,
 * and a well-formed token no session has.
 */
export function noSessionHeaders(malformedToken: string): [string, Record<string, string>][] {
  return [
    ['no token', {}],
    ['a malformed token', { authorization: `Bearer ${malformedToken}` }],
    ['an unknown token', { authorization: `Bearer ${unknownToken()}` }],
  ];
}

/** How many answers had each status and error code, e.g. { '200': 1, '409 TASK_NOT_ONGOING': 19 }. */
export function tally(responses: LightMyRequestResponse[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const res of responses) {
    const key =
      res.statusCode < 300 ? String(res.statusCode) : `${res.statusCode} ${res.json().code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/**
 * Every goal's earned points and task count equal what its completed task rows add up to;
 * answers the user's goals.
 */
export async function expectGoalTotalsMatchRows(ctx: TestContext, userId: string) {
  const allGoals = await ctx.db.select().from(goals).where(eq(goals.userId, userId));
  const allTasks = await ctx.db.select().from(tasks).where(eq(tasks.userId, userId));
  for (const goal of allGoals) {
    const done = allTasks.filter((t) => t.goalId === goal.id && t.status === 'Completed');
    expect(goal.earned).toBe(done.reduce((sum, t) => sum + t.points, 0));
    expect(goal.taskCompleted).toBe(done.length);
  }
  return allGoals;
}
