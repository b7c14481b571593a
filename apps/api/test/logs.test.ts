import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestApp } from './app';
import { UUID } from './assertions';

const PASSWORD = 'Sup3r-Secret-Passphrase!';
const WRONG_PASSWORD = 'Wr0ng-Secret-Passphrase!';
const DIARY = 'my secret diary words';
const SECOND_DIARY = 'another entry nobody may read';
const CREDENTIAL = 'Zq7-authorization-code-value';
const STATE = 'Xk2-state-value-of-the-sign-in';
const ACCESS_TOKEN = 'At9-access-token-passed-in-the-query';
const BARE_SECRET = 'Bq4c0ffee0ddba11c0ffee0ddba11c0ffee0ddba11';

interface LogLine {
  level: number;
  reqId?: string;
  msg?: string;
  req?: { method: string; url: string };
  [key: string]: unknown;
}

describe('what the server logs', () => {
  const ctx = useTestApp();
  /** Where this file's requests start in ctx.logs (start-up lines come before). */
  let firstRequestLine: number;
  const tokens: string[] = [];
  const requestIds: string[] = [];

  function linesSinceStart(): LogLine[] {
    return ctx.logs.slice(firstRequestLine).map((line) => JSON.parse(line) as LogLine);
  }

  beforeAll(async () => {
    firstRequestLine = ctx.logs.length;

    const email = 'logged@example.test';
    const register = await call(ctx.app, 'POST', '/api/v1/auth/register', {
      body: {
        name: 'Logan',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        terms: true,
        timeZone: 'Europe/Berlin',
      },
    });
    expect(register.statusCode, register.body).toBe(201);
    tokens.push(register.json().token);
    const userId: string = register.json().userData.id;

    const login = await call(ctx.app, 'POST', '/api/v1/auth/login', {
      body: { email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const token: string = login.json().token;
    tokens.push(token);

    const wrong = await call(ctx.app, 'POST', '/api/v1/auth/login', {
      body: { email, password: WRONG_PASSWORD },
    });
    expect(wrong.statusCode).toBe(401);
    requestIds.push(wrong.json().requestId);

    const diary = await call(ctx.app, 'POST', '/api/v1/diary', {
      token,
      body: { id: userId, content: DIARY },
    });
    expect(diary.statusCode, diary.body).toBe(201);
    // A second entry the same day is refused: the error path must not log the text either.
    const again = await call(ctx.app, 'POST', '/api/v1/diary', {
      token,
      body: { id: userId, content: SECOND_DIARY },
    });
    expect(again.statusCode).toBe(409);
    requestIds.push(again.json().requestId);

    const read = await call(ctx.app, 'GET', `/api/v1/diary?id=${userId}`, { token });
    expect(read.json().data[0].content).toBe(DIARY);

    // SPEC.md's sign-in exchange carries the provider's code and state in the query string.
    for (const [credential, state] of [
      ['abc', 'xyz'],
      [CREDENTIAL, STATE],
    ]) {
      for (const url of [
        `/api/v1/auth/google?credential=${credential}&state=${state}`,
        `/v1/auth/google?state=${state}&credential=${credential}`,
        `/api/v1/user?id=${userId}&credential=${credential}&state=${state}`,
        `/api/v1/nowhere?credential=${credential}&state=${state}`,
        `/api/v1/background/user/%E0%A4%A?credential=${credential}&state=${state}`,
      ]) {
        const res = await call(ctx.app, 'GET', url, { token });
        expect(res.statusCode, `${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url).toBeLessThan(500);
        requestIds.push(res.json().requestId);
      }
    }

    // A token a client put in the query string, and a made-up parameter or two.
    const tokenInQuery = await call(
      ctx.app,
      'GET',
      `/api/v1/task?id=${userId}&page=2&status=OnGoing&access_token=${ACCESS_TOKEN}` +
        `&utm_source=${ACCESS_TOKEN}&${BARE_SECRET}&Id=${ACCESS_TOKEN}`,
      { token },
    );
    expect(tokenInQuery.statusCode).toBe(400);
    requestIds.push(tokenInQuery.json().requestId);

    // A failure deep in the database, while writing a diary: the query's values hold the text.
    await ctx.db.execute(sql`ALTER TABLE diaries RENAME TO diaries_elsewhere`);
    const fault = await call(ctx.app, 'POST', '/api/v1/diary', {
      token: tokens[0],
      body: { id: userId, content: SECOND_DIARY },
    });
    expect(fault.statusCode).toBe(500);
    requestIds.push(fault.json().requestId);
  });

  it('wrote log lines for the requests', () => {
    const lines = linesSinceStart();
    expect(lines.filter((l) => l.msg === 'incoming request').length).toBeGreaterThanOrEqual(15);
    expect(lines.some((l) => l.level >= 50)).toBe(true);
  });

  it.each([
    ['the password', PASSWORD],
    ['a wrong password', WRONG_PASSWORD],
    ['the diary text', DIARY],
    ['the refused diary text', SECOND_DIARY],
    ['the sign-in code', CREDENTIAL],
    ['the sign-in state', STATE],
    ['the short sign-in code', 'credential=abc'],
    ['the short sign-in state', 'state=xyz'],
    ['a password hash', '$argon2'],
    ['an access token in the query', ACCESS_TOKEN],
    ['a secret sent as a bare query parameter', BARE_SECRET],
  ])('never holds %s', (_label, secret) => {
    const hits = ctx.logs.filter((line) => line.includes(secret));
    expect(hits).toEqual([]);
  });

  it('never holds a session token, nor the Authorization header', () => {
    expect(tokens).toHaveLength(2);
    for (const token of tokens) {
      expect(ctx.logs.filter((line) => line.includes(token))).toEqual([]);
    }
    expect(ctx.logs.filter((line) => /bearer /i.test(line))).toEqual([]);
  });

  it('logs the URLs of those calls with the sensitive values replaced', () => {
    const urls = linesSinceStart()
      .map((l) => l.req?.url)
      .filter((u): u is string => typeof u === 'string' && u.includes('credential'));
    expect(urls.length).toBeGreaterThanOrEqual(10);
    for (const url of urls) {
      expect(url).toMatch(/credential=(%5B|\[)redacted(%5D|\])/);
      expect(url).toMatch(/state=(%5B|\[)redacted(%5D|\])/);
    }
  });

  it('logs the path and the allow-listed query parameters, and no other value', () => {
    const urls = linesSinceStart()
      .map((l) => l.req?.url)
      .filter((u): u is string => typeof u === 'string' && u.startsWith('/api/v1/task?'));
    expect(urls.length).toBeGreaterThanOrEqual(1);
    for (const url of urls) {
      expect(url).toMatch(
        /^\/api\/v1\/task\?id=[0-9a-f-]{36}&page=2&status=OnGoing&access_token=\[redacted\]&utm_source=\[redacted\]&\[redacted\]=\[redacted\]&Id=\[redacted\]$/,
      );
    }
  });

  it('gives every line written for a request its request id (reqId)', () => {
    const lines = linesSinceStart();
    const withoutId = lines.filter((l) => typeof l.reqId !== 'string' || !UUID.test(l.reqId));
    expect(withoutId).toEqual([]);
    // Each error answer's request id leads to that request's lines in the log.
    for (const id of requestIds) {
      expect(id).toMatch(UUID);
      expect(lines.filter((l) => l.reqId === id).length, id).toBeGreaterThanOrEqual(1);
    }
  });

  it('still logs what a server fault needs for debugging, minus the values', () => {
    const faultId = requestIds.at(-1)!;
    const error = linesSinceStart().find((l) => l.reqId === faultId && l.level >= 50);
    expect(error).toBeDefined();
    const err = error!.err as { message: string; stack: string; params?: unknown };
    expect(err.message).toMatch(/insert into "diaries"/);
    expect(err.message).toMatch(/diaries/);
    expect(err.stack).toEqual(expect.any(String));
    expect(err.params).toBeUndefined();
  });
});
