/**
 * The checker: the properties every answer must keep (no 5xx, the envelope, nothing written when
 * refused, nothing of the victim's), and the run of one route.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sessions } from '../../src/db/schema';
import { generateToken, hashToken } from '../../src/lib/tokens';
import { createSession } from '../../src/modules/auth/session-store';
import { type TestContext } from '../app';
import { type Operation } from './contract';
import { fingerprint, NEXT_XID_KEY, nextXid } from './fingerprint';
import { type FuzzRequest, requestArb } from './requests';
import { RUNS, VICTIM_SECRET } from './settings';
import { type Fixture, policyOf } from './world';

// The properties.

export interface RouteStats {
  requests: number;
  ok: number;
  redirects: number;
  refused: number;
  failures: { reason: string; request: string }[];
  ms: number;
}

export const summary = new Map<string, RouteStats>();

export const STACK_OR_SQL =
  /\n\s+at |node_modules|\.ts:\d+|DrizzleQueryError|Failed query|syntax error at/;

export function describeRequest(req: FuzzRequest): string {
  const body = req.body === undefined ? '' : ` body=${req.body.slice(0, 300)}`;
  return `${req.method} ${req.url.slice(0, 300)} [${req.auth}, ${req.contentType}]${body}`;
}

/** What is wrong with an answer, or null. */
export function checkAnswer(
  res: LightMyRequestResponse,
  req: FuzzRequest,
  fixture: Fixture,
): string | null {
  const status = res.statusCode;
  if (status >= 500) return `answered ${status}: ${res.body.slice(0, 300)}`;
  const type = String(res.headers['content-type'] ?? '');
  // What reaches the server: a URL's fragment ('#' and on) is never sent.
  const sent = `${req.url.split('#', 1)[0]} ${req.body ?? ''}`;
  if (status >= 400) {
    if (!type.startsWith('application/json')) return `a ${status} that is not JSON: ${type}`;
    const body = res.json() as Record<string, unknown>;
    if (
      body.status !== 'fail' ||
      body.statusCode !== status ||
      typeof body.code !== 'string' ||
      typeof body.message !== 'string' ||
      typeof body.requestId !== 'string'
    ) {
      return `a ${status} outside the error envelope: ${res.body.slice(0, 300)}`;
    }
    if (STACK_OR_SQL.test(res.body)) return `an error that shows the server's insides: ${res.body}`;
  } else if (status >= 300) {
    if (!res.headers.location) return `a ${status} without a Location`;
  } else if (type.startsWith('application/json') && !res.headers['content-disposition']) {
    const body = res.json() as Record<string, unknown>;
    if (body.status !== 'success') return `a ${status} outside the success envelope`;
  } else if (!String(res.headers['content-disposition'] ?? '').startsWith('attachment')) {
    return `a ${status} of type ${type} that is neither the envelope nor a download`;
  }
  if (status < 400 && req.auth === 'self') {
    const named = fixture.victimIds.find((id) => sent.includes(id));
    if (named) return `a request naming the other user's row ${named} answered ${status}`;
  }
  if (res.body.includes(VICTIM_SECRET)) return "the answer holds the other user's diary";
  const email = fixture.victim.email.toLowerCase();
  if (!sent.toLowerCase().includes(email) && res.body.toLowerCase().includes(email)) {
    return "the answer holds the other user's email";
  }
  return null;
}

/** The errors among log lines, by type, message and where they came from. */
export function loggedErrors(lines: string[]): string {
  return lines
    .filter((l) => l.includes('"level":50'))
    .map((l) => {
      const { err, msg } = JSON.parse(l) as {
        msg?: string;
        err?: { type?: string; message?: string; stack?: string };
      };
      const where = err?.stack?.split('\n').slice(1, 6).join(' | ') ?? '';
      return `\n    logged: ${msg} ${err?.type}: ${err?.message?.slice(0, 300)} ${where}`;
    })
    .join('');
}

/**
 * Routes that end sessions: each request gets a session of its own, so the run goes on. A reset
 * link (public) ends every session of its account, the subject's first one too.
 */
export function needsOwnSession(op: Operation): boolean {
  return (op.secured && op.path.startsWith('/auth/')) || op.path === '/auth/reset-password';
}

export async function fuzzRoute(ctx: TestContext, op: Operation, fixture: Fixture, seed: number) {
  const stats: RouteStats = { requests: 0, ok: 0, redirects: 0, refused: 0, failures: [], ms: 0 };
  summary.set(op.key, stats);
  const started = Date.now();
  let known: Record<string, string> | null = null;
  const property = fc.asyncProperty(
    requestArb(op, fixture.hints, fixture.examples[op.key]),
    async (req) => {
      let token: string | undefined;
      if (req.auth === 'self') {
        token = needsOwnSession(op)
          ? await createSession(ctx.db, fixture.subject.id, ctx.clock.now(), policyOf(ctx))
          : fixture.subject.token;
        if (token !== fixture.subject.token) known = null;
      } else if (req.auth === 'madeUp') {
        token = generateToken();
      }
      const before: Record<string, string> = known ?? (await fingerprint(ctx));
      const options: InjectOptions = {
        method: req.method,
        url: req.url,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(req.body !== undefined ? { 'content-type': req.contentType } : {}),
        },
        ...(req.body !== undefined ? { payload: req.body } : {}),
      };
      stats.requests += 1;
      let res: LightMyRequestResponse;
      try {
        res = await ctx.app.inject(options);
      } catch (error) {
        stats.failures.push({
          reason: `inject threw ${String(error)}`,
          request: describeRequest(req),
        });
        known = null;
        return;
      }
      // Let the event loop turn, as a server's does between requests: inject's deferred work
      // (and the log line of the answer) runs now, instead of piling up for the whole run.
      await new Promise((resolve) => setImmediate(resolve));
      // The log is read request by request and then let go: a long run keeps no log in memory.
      const errors = loggedErrors(ctx.logs.splice(0));
      const problem =
        checkAnswer(res, req, fixture) ?? (errors ? 'the server logged an error' : null);
      if (problem) {
        stats.failures.push({ reason: `${problem}${errors}`, request: describeRequest(req) });
      }
      if (res.statusCode >= 400) {
        stats.refused += 1;
        const unchanged = (await nextXid(ctx)) === before[NEXT_XID_KEY];
        const after = unchanged ? before : await fingerprint(ctx);
        const changed = Object.keys(after).filter(
          (t) => t !== NEXT_XID_KEY && after[t] !== before[t],
        );
        if (changed.length > 0) {
          stats.failures.push({
            reason: `refused with ${res.statusCode} ${res.body.slice(0, 120)} yet changed ${changed.join(', ')}`,
            request: describeRequest(req),
          });
        }
        known = after;
      } else {
        if (res.statusCode >= 300) stats.redirects += 1;
        else stats.ok += 1;
        known = null;
      }
      if (token && token !== fixture.subject.token) {
        await ctx.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
        known = null;
      }
    },
  );
  await fc.assert(property, { numRuns: RUNS, seed, endOnFailure: true });
  stats.ms = Date.now() - started;
  return stats;
}
