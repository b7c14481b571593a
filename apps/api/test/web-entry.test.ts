import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app';

// The landing page paints at once from `/`, and local sign-in works from either loopback name
// because every page is opened on PUBLIC_URL's (decision 024).
const INDEX = '<!doctype html><html><head><title>Wellspring</title></head><body></body></html>';

function webDist() {
  const dir = mkdtempSync(path.join(tmpdir(), 'wellspring-web-'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  mkdirSync(path.join(dir, 'home'));
  writeFileSync(path.join(dir, 'home', 'landing.html'), INDEX.replace('<body>', '<body><h1>Hi'));
  return dir;
}

describe('/ and /home', () => {
  let ctx: TestContext;
  let dir: string;
  beforeAll(async () => {
    dir = webDist();
    ctx = await createTestApp({
      env: { WEB_DIST_DIR: dir, PUBLIC_URL: 'http://localhost:3000' },
    });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['/', '/home/landing'],
    ['/home', '/home/landing'],
    ['/home/', '/home/landing'],
    ['/?ref=mail', '/home/landing?ref=mail'],
  ])('answers GET %s with a redirect to the rendered landing page', async (url, location) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(location);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('leaves every other page to the app', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/app/dashboard',
      headers: { host: 'localhost:3000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });

  it("keeps a clinician's page out of search engines (decision 084)", async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/shared-report',
      headers: { host: 'localhost:3000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
  });
});

describe('a page opened on another loopback name than PUBLIC_URL', () => {
  let ctx: TestContext;
  let dir: string;
  beforeAll(async () => {
    dir = webDist();
    ctx = await createTestApp({
      env: { WEB_DIST_DIR: dir, PUBLIC_URL: 'http://localhost:3000' },
    });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['127.0.0.1:3000', '[::1]:3000', '127.0.1.1:3000'])(
    'sends a page asked of %s to the same page on PUBLIC_URL, so sign-in stays on one origin',
    async (host) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/home/landing?x=1',
        headers: { host },
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('http://localhost:3000/home/landing?x=1');
    },
  );

  it('answers API calls where they are asked (CORS decides who may read them)', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: '127.0.0.1:3000' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('never sends a page to another host than PUBLIC_URL (no open redirect)', async () => {
    for (const host of ['evil.example', 'localhost.evil.example', '127.0.0.1.nip.io:3000']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/login', headers: { host } });
      expect(res.statusCode, host).toBe(200);
      expect(res.headers.location, host).toBeUndefined();
    }
  });

  it('serves PUBLIC_URL itself without a redirect', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/login',
      headers: { host: 'localhost:3000' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('a PUBLIC_URL that is not a loopback name', () => {
  it('sends no page elsewhere, whatever the Host (a proxy may set its own)', async () => {
    const dir = webDist();
    const ctx = await createTestApp({
      env: { WEB_DIST_DIR: dir, PUBLIC_URL: 'https://wellspring.example.org' },
    });
    try {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/login',
        headers: { host: '127.0.0.1:3000' },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await ctx.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the signed-in area on a slow connection', () => {
  it('answers every /app page with the frame the build rendered ahead, other pages with the shell', async () => {
    const dir = webDist();
    const shell = INDEX.replace('<body>', '<body><div data-app-shell>');
    writeFileSync(path.join(dir, 'app-shell.html'), shell);
    const ctx = await createTestApp({
      env: { WEB_DIST_DIR: dir, PUBLIC_URL: 'http://localhost:3000' },
    });
    try {
      for (const url of ['/app/dashboard', '/app/task/board/ongoing', '/app', '/app?x=1']) {
        const res = await ctx.app.inject({
          method: 'GET',
          url,
          headers: { host: 'localhost:3000' },
        });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(shell);
        expect(res.headers['cache-control'], url).toBe('no-cache');
      }
      for (const url of ['/login', '/apple', '/onboarding/step-1']) {
        const res = await ctx.app.inject({
          method: 'GET',
          url,
          headers: { host: 'localhost:3000' },
        });
        expect(res.body, url).toBe(INDEX);
      }
    } finally {
      await ctx.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
