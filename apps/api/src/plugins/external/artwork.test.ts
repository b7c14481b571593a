import type { LightMyRequestResponse } from 'fastify';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, useTestApp, type TestContext } from '../../../test/app';
import { buildUser } from '../../../test/factories';
import { ARTWORK_SOURCE_DIR } from '../../lib/paths';

// The artworks answer a page on any origin, and are kept a year (decision 028); nothing else
// loosens, so everything else keeps helmet's `Cross-Origin-Resource-Policy: same-origin`.
const PUBLIC_URL = 'https://wellspring.example.org';
const IMMUTABLE = 'public, max-age=31536000, immutable';

function expectArtworkHeaders(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, label).toBe(200);
  expect(res.headers['content-type'], label).toMatch(/^image\/svg\+xml/);
  expect(res.headers['cross-origin-resource-policy'], label).toBe('cross-origin');
  expect(res.headers['cache-control'], label).toBe(IMMUTABLE);
  // The rest of the security headers stay.
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['content-security-policy'], label).toContain("default-src 'self'");
}

function expectSameOriginOnly(res: LightMyRequestResponse, label: string) {
  expect(res.headers['cross-origin-resource-policy'], label).toBe('same-origin');
  expect(res.headers['cache-control'] ?? '', label).not.toContain('immutable');
}

/** The path of an absolute URL on PUBLIC_URL, to ask this app for it. */
function pathOn(url: string): string {
  expect(url.startsWith(`${PUBLIC_URL}/`), url).toBe(true);
  return url.slice(PUBLIC_URL.length);
}

describe('the artworks, with no web build (the API alone, or npm run dev)', () => {
  const ctx = useTestApp({ env: { PUBLIC_URL } });

  it('answers every background URL the API hands out, cross-origin and immutable', async () => {
    const list = await call(ctx.app, 'GET', '/v1/background');
    const urls: string[] = list.json().data.map((b: { URL: string }) => b.URL);
    expect(urls).toHaveLength(12);
    for (const url of urls) {
      const res = await call(ctx.app, 'GET', pathOn(url));
      expectArtworkHeaders(res, url);
      const file = path.join(ARTWORK_SOURCE_DIR, path.basename(url));
      expect(res.body, url).toBe(readFileSync(file, 'utf8'));
    }
  });

  it('answers the selected background’s URL of a user the same way', async () => {
    const user = await buildUser(ctx);
    const me = await call(ctx.app, 'GET', `/api/v1/user?id=${user.id}`, { token: user.token });
    const url: string = me.json().data.selectedBackgroundURL;
    expect(url).toBe(`${PUBLIC_URL}/backgrounds/first-light.svg`);
    expectArtworkHeaders(await call(ctx.app, 'GET', pathOn(url)), url);
  });

  it('answers HEAD of an artwork with the same headers', async () => {
    const res = await call(ctx.app, 'HEAD', '/backgrounds/still-water.svg');
    expectArtworkHeaders(res, 'HEAD');
  });

  it('keeps same-origin on everything else: the API’s answers, its errors, the docs', async () => {
    const user = await buildUser(ctx);
    for (const [url, token] of [
      ['/api/v1/background', undefined],
      ['/v1/background', undefined],
      [`/api/v1/background/user/${user.id}`, user.token],
      [`/api/v1/user?id=${user.id}`, user.token],
      ['/api/health', undefined],
      ['/api/docs/json', undefined],
      ['/api/v1/nope', undefined],
      ['/backgrounds/no-such-artwork.svg', undefined],
      ['/backgrounds/', undefined],
    ] as const) {
      const res = await call(ctx.app, 'GET', url, token ? { token } : {});
      expect(res.statusCode, url).toBeLessThan(500);
      expectSameOriginOnly(res, url);
    }
  });

  it('answers a missing artwork with a 404, and nothing outside its folder', async () => {
    const missing = await call(ctx.app, 'GET', '/backgrounds/no-such-artwork.svg');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 'fail', code: 'NOT_FOUND' });
    for (const url of [
      '/backgrounds/../../package.json',
      '/backgrounds/..%2f..%2fpackage.json',
      '/backgrounds/%2e%2e/%2e%2e/drizzle/meta/_journal.json',
    ]) {
      const res = await call(ctx.app, 'GET', url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });
});

describe('the artworks of a web build', () => {
  let ctx: TestContext;
  let dir: string;
  const INDEX = '<!doctype html><html><head><title>Wellspring</title></head><body></body></html>';
  const BUILT_ART = '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="10"></svg>';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'wellspring-web-'));
    writeFileSync(path.join(dir, 'index.html'), INDEX);
    writeFileSync(path.join(dir, 'favicon.svg'), BUILT_ART);
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'x.js'), 'console.log("x");');
    mkdirSync(path.join(dir, 'backgrounds'));
    writeFileSync(path.join(dir, 'backgrounds', 'first-light.svg'), BUILT_ART);
    ctx = await createTestApp({ env: { WEB_DIST_DIR: dir, PUBLIC_URL } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the build’s copy, cross-origin and immutable', async () => {
    const res = await call(ctx.app, 'GET', '/backgrounds/first-light.svg');
    expectArtworkHeaders(res, 'built artwork');
    expect(res.body).toBe(BUILT_ART);
  });

  it('answers an artwork the build lacks with a 404, never the app', async () => {
    const res = await call(ctx.app, 'GET', '/backgrounds/still-water.svg');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<title>Wellspring</title>');
  });

  it('leaves the app’s own files as they were: same-origin, their own caching', async () => {
    const page = await call(ctx.app, 'GET', '/app/collections');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expectSameOriginOnly(page, 'page');
    const icon = await call(ctx.app, 'GET', '/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    expectSameOriginOnly(icon, 'favicon');
    const script = await call(ctx.app, 'GET', '/assets/x.js');
    expect(script.headers['cache-control']).toBe(IMMUTABLE);
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('lets the app’s pages show images from PUBLIC_URL, and no other origin', async () => {
    const page = await call(ctx.app, 'GET', '/app/dashboard');
    const imgSrc = String(page.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('img-src'));
    expect(imgSrc).toBe(`img-src 'self' ${PUBLIC_URL} data:`);
  });
});
