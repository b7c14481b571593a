import { describe, expect, it } from 'vitest';
import { loadEnv } from '../src/config/env';
import { measureJob } from '../src/lib/metrics';
import { startPurgeSchedule } from '../src/modules/maintenance/purge-schedule';
import { call, createTestApp, useTestApp } from './app';

const METRICS_TOKEN = 'metrics-token-for-the-test-suite';
const PASSWORD = 'Sup3r-Secret-Passphrase!';
const WRONG_PASSWORD = 'Wr0ng-Secret-Passphrase!';
const DIARY = 'Metrics must never hold this sentence about a quiet walk.';

/** One sample of the exposition: its metric name, its labels, its value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseExposition(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not an exposition line: ${line}`);
      const labels: Record<string, string> = {};
      for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
        labels[pair[1]!] = pair[2]!;
      }
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The sum of the samples of a metric whose labels include the ones given. */
function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name)
    .filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

describe('GET /metrics without METRICS_TOKEN', () => {
  const ctx = useTestApp();

  it('is not served: 404 like any unknown path, with or without a bearer token', async () => {
    const asked: Record<string, string>[] = [{}, { authorization: `Bearer ${METRICS_TOKEN}` }];
    for (const headers of asked) {
      const res = await call(ctx.app, 'GET', '/metrics', { headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 'fail', code: 'NOT_FOUND' });
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const ctx = useTestApp({
    env: { METRICS_TOKEN, RATE_LIMIT_AUTH_MAX: '4', RATE_LIMIT_MAX: '100000' },
  });
  const scrape = () =>
    call(ctx.app, 'GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });

  it('refuses a missing or wrong token with 401 and the error envelope', async () => {
    const wrong: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-the-metrics-token-at-all' },
      { authorization: `Bearer ${METRICS_TOKEN}x` },
      { authorization: `bearer ${METRICS_TOKEN}` },
      { authorization: `Basic ${METRICS_TOKEN}` },
      { authorization: 'Bearer ' },
    ];
    for (const headers of wrong) {
      const res = await call(ctx.app, 'GET', '/metrics', { headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toMatchObject({ status: 'fail', statusCode: 401, code: 'UNAUTHORIZED' });
      expect(res.body).not.toContain('wellspring_');
    }
  });

  it('shows requests by route template, the sign-ins, the 429s and the database after traffic', async () => {
    // The process keeps one registry: this test counts what its own requests added.
    const before = parseExposition((await scrape()).body);
    const email = 'metered@example.test';
    const register = await call(ctx.app, 'POST', '/api/v1/auth/register', {
      body: {
        name: 'Metered Person',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        terms: true,
        timeZone: 'Europe/Berlin',
      },
    });
    expect(register.statusCode, register.body).toBe(201);
    const userId: string = register.json().userData.id;
    const login = await call(ctx.app, 'POST', '/api/v1/auth/login', {
      body: { email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const token: string = login.json().token;
    const wrong = await call(ctx.app, 'POST', '/api/v1/auth/login', {
      body: { email, password: WRONG_PASSWORD },
    });
    expect(wrong.statusCode).toBe(401);
    // The code exchange without a started sign-in: a failed sign-in by the development provider.
    const exchange = await call(ctx.app, 'GET', '/api/v1/auth/google?credential=made-up');
    expect(exchange.statusCode).toBe(400);
    // The sign-in budget (4 a window: register, 2 logins, the exchange) is spent: refused now.
    const statuses: number[] = [];
    for (let i = 0; i < 2; i++) {
      const again = await call(ctx.app, 'POST', '/api/v1/auth/login', {
        body: { email, password: PASSWORD },
      });
      statuses.push(again.statusCode);
    }
    expect(statuses).toEqual([429, 429]);

    const diary = await call(ctx.app, 'POST', '/api/v1/diary', {
      token,
      body: { id: userId, content: DIARY },
    });
    expect(diary.statusCode, diary.body).toBe(201);
    for (let i = 0; i < 3; i++) {
      expect((await call(ctx.app, 'GET', `/api/v1/goal?id=${userId}`, { token })).statusCode).toBe(
        200,
      );
    }
    await call(ctx.app, 'GET', `/api/v1/background/user/${userId}`, { token });
    await call(ctx.app, 'GET', `/api/v1/no-such-route/${email}`);

    const res = await scrape();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const after = parseExposition(res.body);
    const added = (name: string, labels: Record<string, string> = {}) =>
      total(after, name, labels) - total(before, name, labels);

    const goal = { method: 'GET', route: '/api/v1/goal', status_code: '200' };
    expect(added('wellspring_http_requests_total', goal)).toBe(3);
    expect(added('wellspring_http_request_duration_seconds_count', goal)).toBe(3);
    expect(added('wellspring_http_request_duration_seconds_bucket', { ...goal, le: '+Inf' })).toBe(
      3,
    );
    expect(
      added('wellspring_http_requests_total', {
        route: '/api/v1/background/user/:userId',
      }),
    ).toBe(1);
    expect(added('wellspring_http_requests_total', { route: 'unmatched' })).toBe(1);
    expect(
      added('wellspring_http_requests_total', {
        route: '/api/v1/auth/login',
        status_code: '429',
      }),
    ).toBe(2);

    expect(added('wellspring_rate_limit_refusals_total', { limit: 'auth' })).toBe(2);
    const signIn = (outcome: string) =>
      added('wellspring_sign_ins_total', { method: 'password', outcome });
    expect([signIn('success'), signIn('failure'), signIn('refused')]).toEqual([1, 1, 2]);
    expect(added('wellspring_sign_ins_total', { method: 'dev', outcome: 'failure' })).toBe(1);
    expect(added('wellspring_sign_ins_total', { method: 'google' })).toBe(0);

    expect(added('wellspring_db_query_duration_seconds_count')).toBeGreaterThan(5);
    const connections = after.filter((s) => s.name === 'wellspring_db_connections');
    expect(connections.map((s) => s.labels.state).sort()).toEqual(['idle', 'in_use', 'waiting']);
    expect(after.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    expect(after.some((s) => s.name === 'nodejs_eventloop_lag_p99_seconds')).toBe(true);

    // Nothing about a person: no id, no email (not even one sent in a URL), no token, no text.
    for (const secret of [userId, email, token, DIARY, 'Metered', PASSWORD]) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('counts background jobs by name and outcome', async () => {
    await measureJob('test-job', async () => 'done');
    await expect(
      measureJob('test-job', () => Promise.reject(new Error('it broke'))),
    ).rejects.toThrow('it broke');
    const purge = startPurgeSchedule({
      db: ctx.db,
      clock: ctx.clock,
      log: ctx.app.log,
      firstDelayMs: 1,
    });
    await expect
      .poll(async () =>
        total(parseExposition((await scrape()).body), 'wellspring_jobs_total', {
          job: 'purge-expired',
          outcome: 'success',
        }),
      )
      .toBeGreaterThanOrEqual(1);
    await purge.stop();

    const samples = parseExposition((await scrape()).body);
    expect(total(samples, 'wellspring_jobs_total', { job: 'test-job', outcome: 'success' })).toBe(
      1,
    );
    expect(total(samples, 'wellspring_jobs_total', { job: 'test-job', outcome: 'failure' })).toBe(
      1,
    );
    expect(total(samples, 'wellspring_job_duration_seconds_count', { job: 'test-job' })).toBe(2);
  });

  it('is not rate-limited for the right token', async () => {
    const tight = await createTestApp({ env: { METRICS_TOKEN, RATE_LIMIT_MAX: '2' } });
    try {
      for (let i = 0; i < 6; i++) {
        const res = await call(tight.app, 'GET', '/metrics', {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        expect(res.statusCode, `scrape ${i + 1}`).toBe(200);
      }
    } finally {
      await tight.close();
    }
  });

  it('is not in the published API document', async () => {
    const doc = (await call(ctx.app, 'GET', '/api/docs/json')).json();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
    expect(Object.keys(doc.paths)).toContain('/api/ready');
  });
});

describe('METRICS_TOKEN', () => {
  it('must be long enough to be a secret; empty means unset', () => {
    expect(() => loadEnv({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
    expect(loadEnv({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
  });
});
