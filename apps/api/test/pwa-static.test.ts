import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app';

// The built web's service worker and manifest (decision 042) are served with their types, the
// worker never from a cache unchecked, and the CSP lets both load.
const INDEX = '<!doctype html><html><head><title>Wellspring</title></head><body></body></html>';
const MANIFEST = JSON.stringify({ name: 'Wellspring', start_url: '/app/dashboard' });

describe('the installable app’s files', () => {
  let ctx: TestContext;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'wellspring-web-'));
    writeFileSync(path.join(dir, 'index.html'), INDEX);
    writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(dir, 'manifest.webmanifest'), MANIFEST);
    ctx = await createTestApp({ env: { WEB_DIST_DIR: dir, PUBLIC_URL: 'http://localhost:3000' } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000' } });

  it('serves /sw.js as JavaScript, revalidated on every check (no-cache)', async () => {
    const res = await get('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('addEventListener');
  });

  it('serves /manifest.webmanifest as application/manifest+json', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual(JSON.parse(MANIFEST));
  });

  it('lets the page register a worker and read the manifest from its own origin only', async () => {
    const res = await get('/app/dashboard');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
