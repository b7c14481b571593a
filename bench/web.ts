/**
 * The web app as a visitor gets it: the production build (apps/web/dist) served by the production
 * API server (`node apps/api/dist/server.js`, NODE_ENV=production, a fresh PGlite DATA_DIR), on a
 * free loopback port.
 *
 * - JavaScript budgets, in real Chromium through Playwright: every response of resource type
 *   `script` while a page loads and settles (networkidle), in a fresh browser context (cold cache),
 *   at a phone width and at a wide one. The landing page (at most 60 kB gzip) is the reference of
 *   the run; every leaf /app page (at most 160 kB gzip each) is loaded for a seeded, signed-in user
 *   and also shown as a ratio of the landing page. Sizes are gzip level 9 of each body (node:zlib),
 *   unless the server compresses a script itself, in which case its transferred size counts.
 * - Lighthouse 12 with its default config (mobile, simulated throttling) on /home/landing and on
 *   /app/dashboard for the signed-in user, BENCH_LIGHTHOUSE_RUNS times each (default 3), each run in
 *   a Chromium of its own: the median of each score and of CLS against the targets (performance
 *   >= 98, accessibility 100, best practices 100, CLS <= 0.05), the failing audits of every category
 *   that misses, and the full JSON reports in a temporary folder that is kept.
 *
 * 1 kB = 1,000 bytes, as Vite's build report counts. Exits 0 when everything was measured, even
 * when a target is missed (MISS says so); non-zero only when something could not be measured.
 *
 * Run: npm run bench:web (BENCH_BUILD=never to use the builds as they are; BENCH_WEB_DIST=<a web
 * build> to serve that build instead of apps/web/dist; BENCH_CHROMIUM for another browser binary).
 *
 * The parts, in bench/web/: settings (targets, pages, screens), budgets (Playwright), lighthouse.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApiServer } from '../scripts/lib/api-server.mjs';
import { ensureApiBuilt, ensureWebBuilt } from '../scripts/lib/build.mjs';
import { createPgliteStorage } from '../scripts/lib/databases.mjs';
import { seedDemoUser } from '../scripts/lib/demo-user';
import { onCleanup, runMain } from '../scripts/lib/processes.mjs';
import { measureBudgets, reportBudgets } from './web/budgets';
import { measureLighthouse, reportLighthouse } from './web/lighthouse';
import { DASHBOARD, LANDING } from './web/settings';

// ---------------------------------------------------------------------------------------------
// The server

async function assertServesSpa(baseUrl: string) {
  for (const page of [LANDING, DASHBOARD]) {
    const response = await fetch(baseUrl + page);
    const body = await response.text();
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || !type.includes('text/html') || !body.includes('id="root"')) {
      throw new Error(
        `the server does not serve the SPA at ${page}: ${response.status} ${type}\n${body.slice(0, 300)}`,
      );
    }
  }
}
// ---------------------------------------------------------------------------------------------

async function main() {
  const webDist = process.env.BENCH_WEB_DIST;
  if (!webDist) ensureWebBuilt();
  ensureApiBuilt();
  const storage = await createPgliteStorage('bench-web');
  const { child, startMs } = await startApiServer(
    storage.env,
    webDist ? { WEB_DIST_DIR: path.resolve(webDist) } : {},
  );
  onCleanup(() => void child.stop('SIGKILL'));
  // On PUBLIC_URL's own name (localhost:<port> by default): the server sends a page asked for on
  // another loopback name there, where the demo session saved for this name would be missing.
  const baseUrl = child.baseUrl.replace('//127.0.0.1:', '//localhost:');
  console.info(`API server (production build) on ${baseUrl}, ready in ${Math.round(startMs)} ms`);
  await assertServesSpa(baseUrl);
  const session = await seedDemoUser(baseUrl);
  console.info(
    `seeded demo user ${session.userId}: onboarded, mood set, goal, 3 tasks (1 done), diary`,
  );

  const budgets = await measureBudgets(baseUrl, session);
  const reportDir = await mkdtemp(path.join(tmpdir(), 'wellspring-lighthouse-'));
  const lighthousePages = await measureLighthouse(baseUrl, session, reportDir);
  await child.stop();

  console.info('\n######## Results');
  reportBudgets(budgets);
  reportLighthouse(lighthousePages, reportDir);
}

runMain(main);
