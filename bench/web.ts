/**
 * The web app as a visitor gets it: the production build (apps/web/dist) served by the production
 * API server (`node apps/api/dist/server.js`, NODE_ENV=production, a fresh PGlite DATA_DIR), on a
 * free loopback port. Two people are signed in on it: a demo user of one day, seeded through the
 * API, and the five-year person of issue 35 (bench/lib/five-year-storage.ts: 1,800 diary entries of
 * 300 to 1,500 characters, three check-ins a day for five years, 60 activities, the tasks of
 * five-year-person.ts), seeded through SQL before the server starts, under the data key the server
 * is then given.
 *
 * - JavaScript budgets, in real Chromium through Playwright: every response of resource type
 *   `script` while a page loads and settles (networkidle), in a fresh browser context (cold cache),
 *   at a phone width and at a wide one. The landing page (at most 60 kB gzip) is the reference of
 *   the run; every leaf /app page (at most 160 kB gzip each) is loaded for a seeded, signed-in user
 *   and also shown as a ratio of the landing page. Sizes are gzip level 9 of each body (node:zlib),
 *   unless the server compresses a script itself, in which case its transferred size counts.
 *   Each load allows service workers: for every signed-in route, the gzip -9 of its scripts and
 *   of the service worker's own script is its figure against issue 35's 150 kB (decision 087).
 * - INP while scrolling My Diary to its end, for the five-year person on a CPU-throttled phone:
 *   the mouse wheel, PageDown and End (bench/web/inp.ts), against 200 ms.
 * - Lighthouse 12 with its default config (mobile, simulated throttling) on /home/landing and on
 *   /app/dashboard for the demo user, BENCH_LIGHTHOUSE_RUNS times each (default 3), each run in
 *   a Chromium of its own: the median of each score and of CLS against the targets (performance
 *   >= 98, accessibility 100, best practices 100, CLS <= 0.05), the failing audits of every category
 *   that misses, and the full JSON reports in a temporary folder that is kept. Then the dashboard,
 *   My Diary and Insights for the five-year person: performance >= 95, LCP <= 2.5 s.
 *
 * Each measurement says the machine's load averages before and after it.
 *
 * 1 kB = 1,000 bytes, as Vite's build report counts. Exits 0 when everything was measured, even
 * when a target is missed (MISS says so); non-zero only when something could not be measured.
 *
 * Run: npm run bench:web (BENCH_BUILD=never to use the builds as they are; BENCH_WEB_DIST=<a web
 * build> to serve that build instead of apps/web/dist; BENCH_CHROMIUM for another browser binary).
 *
 * The parts, in bench/web/: settings (targets, pages, screens), budgets (Playwright),
 * route-javascript (the 150 kB figure), inp, lighthouse.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApiServer } from '../scripts/lib/api-server.mjs';
import { ensureApiBuilt, ensureWebBuilt } from '../scripts/lib/build.mjs';
import { createPgliteStorage } from '../scripts/lib/databases.mjs';
import { seedDemoUser } from '../scripts/lib/demo-user';
import { onCleanup, runMain } from '../scripts/lib/processes.mjs';
import { seedFiveYearStorage } from './lib/five-year-storage';
import { measureBudgets, reportBudgets } from './web/budgets';
import { measureDiaryInp, reportDiaryInp } from './web/inp';
import { measureLighthouse, reportLighthouse } from './web/lighthouse';
import { reportRouteJavaScript } from './web/route-javascript';
import { DASHBOARD, LANDING, type Session } from './web/settings';

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
  // A PGlite folder is held by one process at a time: the seeding's, then the server's.
  const fiveYear = await seedFiveYearStorage(storage, 'bench-web');
  const { child, startMs } = await startApiServer(
    { ...storage.env, ...fiveYear.env },
    webDist ? { WEB_DIST_DIR: path.resolve(webDist) } : {},
  );
  onCleanup(() => void child.stop('SIGKILL'));
  // On PUBLIC_URL's own name (localhost:<port> by default): the server sends a page asked for on
  // another loopback name there, where the demo session saved for this name would be missing.
  const baseUrl = child.baseUrl.replace('//127.0.0.1:', '//localhost:');
  console.info(`API server (production build) on ${baseUrl}, ready in ${Math.round(startMs)} ms`);
  await assertServesSpa(baseUrl);
  const demo: Session = { ...(await seedDemoUser(baseUrl)), person: 'demo' };
  console.info(
    `seeded demo user ${demo.userId}: onboarded, mood set, goal, 3 tasks (1 done), diary`,
  );
  const { counts } = fiveYear;
  const fiveYears: Session = {
    token: fiveYear.person.token,
    userId: fiveYear.person.id,
    person: 'five years',
  };
  console.info(
    `seeded the five-year person ${fiveYears.userId}: ${counts.diaries} diary entries, ` +
      `${counts.checkIns} check-ins, ${counts.activities} activities, ${counts.tasks} tasks`,
  );

  const budgets = await measureBudgets(baseUrl, demo, fiveYears);
  const inp = await measureDiaryInp(baseUrl, fiveYears);
  const reportDir = await mkdtemp(path.join(tmpdir(), 'wellspring-lighthouse-'));
  const lighthouse = await measureLighthouse(baseUrl, demo, fiveYears, reportDir);
  await child.stop();

  console.info('\n######## Results');
  console.info(
    `The five-year person: ${counts.diaries} diary entries, ${counts.checkIns} check-ins, ` +
      `${counts.activities} activities, ${counts.tasks} tasks.`,
  );
  console.info(`JavaScript loads: ${budgets.load.join(' before, ')} after.`);
  reportBudgets(budgets.rows);
  reportRouteJavaScript(budgets.rows);
  reportDiaryInp(inp.passes, inp.load);
  reportLighthouse(lighthouse.pages, reportDir, lighthouse.load);
}

runMain(main);
