import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, useTestApp, type TestContext } from './app';
import { UUID } from './assertions';
import { TEST_DB } from './database';
import { buildGoal, buildUser, type TestUser } from './factories';
import { routeKeys } from './route-table';

const GENERIC_500 = 'Something went wrong on our side. Please try again later.';

/** The directives PRODUCT.md section 7 requires at least, each as `name value`. */
const REQUIRED_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
];

function cspDirectives(res: LightMyRequestResponse): string[] {
  const header = res.headers['content-security-policy'];
  expect(typeof header, 'Content-Security-Policy header').toBe('string');
  return String(header)
    .split(';')
    .map((d) => d.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
}

function expectSecurityHeaders(res: LightMyRequestResponse, label: string) {
  const directives = cspDirectives(res);
  for (const required of REQUIRED_CSP) expect(directives, label).toContain(required);
  // No directive lets inline or third-party script in.
  const script = directives.find((d) => d.startsWith('script-src')) ?? '';
  expect(script, label).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
  expect(res.headers['referrer-policy'], label).toBe('no-referrer');
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
}

/** An error answer: the envelope with a request id, and nothing of the server's insides. */
function expectCleanError(res: LightMyRequestResponse, status: number, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
  expect(res.headers['content-type'], label).toMatch(/^application\/json/);
  const body = res.json();
  expect(body, label).toMatchObject({ status: 'fail', statusCode: status });
  expect(body.code, label).toEqual(expect.any(String));
  expect(body.message, label).toEqual(expect.any(String));
  expect(body.requestId, label).toMatch(UUID);
  expect(Object.keys(body).sort(), label).toEqual(
    expect.arrayContaining(['code', 'message', 'requestId', 'status', 'statusCode']),
  );
  expect(body, label).not.toHaveProperty('stack');
  expect(res.body, label).not.toMatch(/\bat .+:\d+:\d+|node_modules|\.ts\b|\.js:\d/);
  expect(res.body, label).not.toMatch(/\b(select|insert|update|delete)\b .*\b(from|into|set)\b/i);
}

describe('the platform', () => {
  const ctx = useTestApp();
  let user: TestUser;

  beforeAll(async () => {
    user = await buildUser(ctx);
    await buildGoal(ctx, user);
  });

  /** A spread of answers: success and failure, API and docs, signed in and not. */
  async function sampleAnswers(): Promise<[string, LightMyRequestResponse][]> {
    const token = user.token;
    return [
      ['health', await call(ctx.app, 'GET', '/api/health')],
      ['docs page', await call(ctx.app, 'GET', '/api/docs')],
      ['docs json', await call(ctx.app, 'GET', '/api/docs/json')],
      ['public list', await call(ctx.app, 'GET', '/api/v1/background')],
      ['user', await call(ctx.app, 'GET', `/api/v1/user?id=${user.id}`, { token })],
      ['mirror', await call(ctx.app, 'GET', `/v1/user?id=${user.id}`, { token })],
      ['head', await call(ctx.app, 'HEAD', `/api/v1/user?id=${user.id}`, { token })],
      ['401', await call(ctx.app, 'GET', `/api/v1/user?id=${user.id}`)],
      ['404 route', await call(ctx.app, 'GET', '/api/v1/xyz')],
      ['404 page', await call(ctx.app, 'GET', '/home/landing')],
      ['404 id', await call(ctx.app, 'GET', `/api/v1/user?id=someone-else`, { token })],
      ['400', await call(ctx.app, 'GET', `/api/v1/task?id=${user.id}&page=0`, { token })],
      [
        '413',
        await call(ctx.app, 'PATCH', `/api/v1/user?id=${user.id}`, {
          token,
          body: { name: 'x'.repeat(70_000) },
        }),
      ],
      [
        '415',
        await call(ctx.app, 'PATCH', `/api/v1/user?id=${user.id}`, {
          token,
          body: 'a=b',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      ],
      ['bad url', await call(ctx.app, 'GET', '/api/v1/background/user/%E0%A4%A', { token })],
      [
        'preflight',
        await call(ctx.app, 'OPTIONS', '/api/v1/user', {
          headers: {
            origin: 'http://localhost:3000',
            'access-control-request-method': 'PATCH',
          },
        }),
      ],
    ];
  }

  it('answers GET /api/health with the database in use', async () => {
    const res = await call(ctx.app, 'GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: { database: TEST_DB } });
  });

  it('publishes an OpenAPI document of the /api/v1 routes, without the /v1 copies', async () => {
    const res = await call(ctx.app, 'GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/task',
        '/api/v1/goal/claim',
        '/api/v1/user',
        '/api/v1/background/user/{userId}',
        '/api/health',
      ]),
    );
    expect(paths.filter((p) => p.startsWith('/v1'))).toEqual([]);
    expect(doc.paths['/api/v1/task']).toHaveProperty('delete');
    expect(doc.paths['/api/v1/goal/claim']).toHaveProperty('post');
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    // Every /api/v1 route the server has is in the document.
    const documented = Object.entries(doc.paths as Record<string, object>)
      .filter(([p]) => p.startsWith('/api/v1/'))
      .flatMap(([p, methods]) =>
        Object.keys(methods).map(
          (m) => `${m.toUpperCase()} ${p.slice(7).replace(/\{(\w+)\}/g, ':$1')}`,
        ),
      )
      .sort();
    expect(documented).toEqual(routeKeys(ctx.app.routeTable, '/api/v1'));
  });

  it('serves the browsable docs page, with no inline script', async () => {
    const res = await call(ctx.app, 'GET', '/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/swagger/i);
    // script-src 'self' forbids inline script: the page must load all of it from files.
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(content!.trim()).toBe('');
    }
  });

  it('puts the security headers on every answer, and no HSTS over http', async () => {
    for (const [label, res] of await sampleAnswers()) {
      expectSecurityHeaders(res, label);
      expect(res.headers['strict-transport-security'], label).toBeUndefined();
    }
  });

  it('marks every answer to an authenticated call Cache-Control: no-store', async () => {
    const token = user.token;
    const answers = [
      await call(ctx.app, 'GET', `/api/v1/user?id=${user.id}`, { token }),
      await call(ctx.app, 'GET', `/api/v1/goal?id=${user.id}`, { token }),
      await call(ctx.app, 'PATCH', `/api/v1/user?id=${user.id}`, {
        token,
        body: { mood: 'Happy' },
      }),
      await call(ctx.app, 'GET', '/api/v1/background', { token }),
      await call(ctx.app, 'GET', `/api/v1/user?id=not-mine`, { token }),
      await call(ctx.app, 'GET', `/api/v1/task?id=${user.id}&size=99`, { token }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 404, 400]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('allows CORS for the configured origin (PUBLIC_URL by default) and no other', async () => {
    const allowed = await call(ctx.app, 'GET', '/api/health', {
      headers: { origin: 'http://localhost:3000' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const other = await call(ctx.app, 'GET', '/api/health', {
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers an unknown API path with the 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/xyz'],
      ['POST', '/api/v1/xyz'],
      ['GET', '/v1/xyz'],
      ['GET', '/api/nothing'],
      ['DELETE', '/api/v1/user'],
    ] as const) {
      const res = await call(ctx.app, method, url);
      expectCleanError(res, 404, `${method} ${url}`);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('gives every error answer a request id of its own and never a stack trace', async () => {
    const errors = (await sampleAnswers()).filter(
      ([label, res]) => res.statusCode >= 400 && label !== 'head',
    );
    expect(errors.map(([, res]) => res.statusCode).sort((a, b) => a - b)).toEqual([
      400, 400, 401, 404, 404, 404, 413, 415,
    ]);
    const ids = new Set<string>();
    for (const [label, res] of errors) {
      expectCleanError(res, res.statusCode, label);
      ids.add(res.json().requestId);
    }
    expect(ids.size).toBe(errors.length);
  });
});

describe('over https, with CORS origins configured', () => {
  const ctx = useTestApp({
    env: {
      PUBLIC_URL: 'https://wellspring.example',
      CORS_ORIGINS: 'https://app.wellspring.example, https://admin.wellspring.example',
    },
  });

  it('sends HSTS', async () => {
    const res = await call(ctx.app, 'GET', '/api/health');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expectSecurityHeaders(res, 'health over https');
  });

  it('echoes an origin in CORS_ORIGINS and no other', async () => {
    for (const origin of ['https://app.wellspring.example', 'https://admin.wellspring.example']) {
      const res = await call(ctx.app, 'GET', '/api/health', { headers: { origin } });
      expect(res.headers['access-control-allow-origin']).toBe(origin);
    }
    for (const origin of [
      'https://evil.example',
      'https://app.wellspring.example.evil.example',
      'http://app.wellspring.example',
      'null',
    ]) {
      const res = await call(ctx.app, 'GET', '/api/health', { headers: { origin } });
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('answers a preflight from an allowed origin only', async () => {
    const preflight = (origin: string) =>
      call(ctx.app, 'OPTIONS', '/api/v1/task', {
        headers: {
          origin,
          'access-control-request-method': 'DELETE',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
    const ok = await preflight('https://app.wellspring.example');
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe('https://app.wellspring.example');
    expect(String(ok.headers['access-control-allow-methods'])).toContain('DELETE');
    expect(String(ok.headers['access-control-allow-headers']).toLowerCase()).toContain(
      'authorization',
    );
    const refused = await preflight('https://evil.example');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('a server fault', () => {
  const ctx = useTestApp();
  let user: TestUser;

  beforeAll(async () => {
    user = await buildUser(ctx);
    // A database that lost a table: every diary query now fails inside the server.
    await ctx.db.execute(sql`ALTER TABLE diaries RENAME TO diaries_lost`);
  });

  it('answers 500 with the generic message and a request id that is in the server log', async () => {
    const start = ctx.logs.length;
    const res = await call(ctx.app, 'GET', `/api/v1/diary?id=${user.id}`, { token: user.token });
    expectCleanError(res, 500, 'GET /api/v1/diary');
    const body = res.json();
    expect(body).toEqual({
      status: 'fail',
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: GENERIC_500,
      requestId: expect.stringMatching(UUID),
    });
    expect(res.body).not.toMatch(/diaries|relation|postgres|pglite|drizzle/i);
    // The server log holds the details, under the same request id.
    const lines = ctx.logs.slice(start).map((l) => JSON.parse(l));
    const logged = lines.find((l) => l.level >= 50 && l.reqId === body.requestId);
    expect(logged?.err?.message).toMatch(/diaries/);
  });

  it('keeps answering the rest of the API', async () => {
    const res = await call(ctx.app, 'GET', `/api/v1/goal/all?id=${user.id}`, { token: user.token });
    expect(res.statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/health')).statusCode).toBe(200);
  });
});

describe('the web app', () => {
  let ctx: TestContext;
  let dir: string;
  const INDEX = '<!doctype html><html><head><title>Wellspring</title></head><body></body></html>';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'wellspring-web-'));
    writeFileSync(path.join(dir, 'index.html'), INDEX);
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'x.js'), 'console.log("x");');
    writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *');
    ctx = await createTestApp({ env: { WEB_DIST_DIR: dir } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // `/` answers a redirect to /home/landing (web-entry.test.ts).
  it.each(['/home/landing', '/app/task/board/ongoing', '/login', '/index.html'])(
    'answers GET %s with the SPA, never cached for long',
    async (url) => {
      const res = await call(ctx.app, 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
      expectSecurityHeaders(res, url);
    },
  );

  it('answers HEAD of a page too', async () => {
    const res = await call(ctx.app, 'HEAD', '/app/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it('never answers an API path with the SPA', async () => {
    for (const url of ['/api/v1/nope', '/v1/nope', '/api/nope', '/api', '/api/v1/nope?x=1']) {
      const res = await call(ctx.app, 'GET', url);
      expectCleanError(res, 404, url);
    }
    const post = await call(ctx.app, 'POST', '/home/landing', { body: {} });
    expectCleanError(post, 404, 'POST /home/landing');
  });

  it('caches hashed assets for a year, immutable', async () => {
    const res = await call(ctx.app, 'GET', '/assets/x.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(res, '/assets/x.js');
    const other = await call(ctx.app, 'GET', '/robots.txt');
    expect(other.statusCode).toBe(200);
    expect(other.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404, not the SPA, for a missing asset', async () => {
    const res = await call(ctx.app, 'GET', '/assets/missing-3f2a1b.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<title>Wellspring</title>');
  });

  it('serves nothing outside its folder', async () => {
    for (const url of [
      '/../../../../etc/passwd',
      '/assets/..%2f..%2f..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const res = await call(ctx.app, 'GET', url);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('root:');
    }
  });
});

describe('the web app as the build writes it: pages rendered ahead, compressed copies', () => {
  let ctx: TestContext;
  let dir: string;
  const INDEX = '<!doctype html><html><head><title>Wellspring</title></head><body></body></html>';
  const LANDING = INDEX.replace('<body></body>', '<body><div id="root"><h1>Hi</h1></div></body>');
  const SCRIPT = 'console.log("a script long enough to be worth compressing");'.repeat(40);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'wellspring-web-'));
    writeFileSync(path.join(dir, 'index.html'), INDEX);
    mkdirSync(path.join(dir, 'home'));
    writeFileSync(path.join(dir, 'home', 'landing.html'), LANDING);
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'x.js'), SCRIPT);
    writeFileSync(path.join(dir, 'assets', 'x.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(dir, 'assets', 'x.js.gz'), gzipSync(SCRIPT));
    ctx = await createTestApp({ env: { WEB_DIST_DIR: dir } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers /home/landing with its rendered page and every other page with the shell', async () => {
    const landing = await call(ctx.app, 'GET', '/home/landing');
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['content-type']).toMatch(/^text\/html/);
    expect(landing.headers['cache-control']).toBe('no-cache');
    expect(landing.body).toBe(LANDING);
    expectSecurityHeaders(landing, '/home/landing');
    for (const url of ['/home/faq', '/app/dashboard']) {
      expect((await call(ctx.app, 'GET', url)).body, url).toBe(INDEX);
    }
  });

  it('sends the compressed copy the browser accepts, and the file itself otherwise', async () => {
    const cases = [
      { accept: 'gzip, deflate, br', encoding: 'br', decode: brotliDecompressSync },
      { accept: 'gzip', encoding: 'gzip', decode: gunzipSync },
    ];
    for (const { accept, encoding, decode } of cases) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/assets/x.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toMatch(/javascript/);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(res.rawPayload).toString('utf8'), accept).toBe(SCRIPT);
    }
    const plain = await ctx.app.inject({
      method: 'GET',
      url: '/assets/x.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    // The copies have no address of their own.
    expect((await call(ctx.app, 'GET', '/assets/x.js.br')).statusCode).toBe(404);
  });
});
