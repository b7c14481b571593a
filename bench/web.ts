/**
 * The web app as a visitor gets it: the production build (apps/web/dist) served by the production
 * API server (`node apps/api/dist/server.js`, NODE_ENV=production, a fresh PGlite DATA_DIR), on a
 * free loopback port.
 *
 * - JavaScript budgets, in real Chromium through Playwright: every response of resource type
 *   `script` while a page loads and settles (networkidle), in a fresh browser context (cold cache),
 *   at a phone width and at a wide one. The landing page (at most 150 kB gzip) is the reference of
 *   the run; every leaf /app page (at most 250 kB gzip each) is loaded for a seeded, signed-in user
 *   and also shown as a ratio of the landing page. Sizes are gzip level 9 of each body (node:zlib),
 *   unless the server compresses a script itself, in which case its transferred size counts.
 * - Lighthouse 12 with its default config (mobile, simulated throttling) on /home/landing and on
 *   /app/dashboard for the signed-in user, BENCH_LIGHTHOUSE_RUNS times each (default 3), each run in
 *   a Chromium of its own: the median of each score and of CLS against the targets (performance
 *   >= 95, accessibility 100, best practices 100, CLS <= 0.05), the failing audits of every category
 *   that misses, and the full JSON reports in a temporary folder that is kept.
 *
 * 1 kB = 1,000 bytes, as Vite's build report counts. Exits 0 when everything was measured, even
 * when a target is missed (MISS says so); non-zero only when something could not be measured.
 *
 * Run: npm run bench:web (BENCH_BUILD=never to use the builds as they are; BENCH_CHROMIUM for
 * another browser binary).
 */
import { chromium, type Browser, type Response } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import puppeteer from 'puppeteer-core';
import { startApiServer } from '../scripts/lib/api-server.mjs';
import { ensureApiBuilt, ensureWebBuilt } from '../scripts/lib/build.mjs';
import { createPgliteStorage } from '../scripts/lib/databases.mjs';
import { seedDemoUser, type DemoUser } from '../scripts/lib/demo-user';
import { onCleanup, runMain } from '../scripts/lib/processes.mjs';
import { median, printTable } from './lib/load';

const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

/** Targets of the issue: page weight, and Lighthouse on mobile. */
const TARGETS = {
  landingGzip: 150_000,
  appGzip: 250_000,
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  cls: 0.05,
};

const LANDING = '/home/landing';
const DASHBOARD = '/app/dashboard';

/**
 * Every leaf route under /app of apps/web/src/app/router.tsx (paths.ts names them); /app and
 * /app/task only redirect. board/:status? is loaded bare and with both of its statuses.
 */
const APP_PAGES = [
  DASHBOARD,
  '/app/diary',
  '/app/task/board',
  '/app/task/board/ongoing',
  '/app/task/board/completed',
  '/app/task/board/onboarding',
  '/app/task/list',
  '/app/statistics',
  '/app/result',
  '/app/collections',
];

/** A phone (Lighthouse's mobile screen) and a wide desktop; the app lays out differently. */
const VIEWPORTS = [
  { name: 'phone', width: 412, height: 823 },
  { name: 'wide', width: 1536, height: 864 },
] as const;

const LH_CATEGORIES = [
  { id: 'performance', label: 'performance', target: TARGETS.performance },
  { id: 'accessibility', label: 'accessibility', target: TARGETS.accessibility },
  { id: 'best-practices', label: 'best practices', target: TARGETS.bestPractices },
] as const;

const LH_METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

const fmtKb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

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
// JavaScript budgets (Playwright)

interface ScriptLoad {
  url: string;
  rawBytes: number;
  /** gzip -9 of the body, or the transferred size when the server compressed it. */
  gzipBytes: number;
  /** The Content-Encoding the server sent, if any. */
  encoding: string | null;
}

interface PageLoad {
  path: string;
  viewport: string;
  scripts: ScriptLoad[];
  gzipBytes: number;
  rawBytes: number;
  notes: string[];
}

async function readScript(response: Response): Promise<ScriptLoad | null> {
  if (response.status() >= 300) return null; // redirects carry no body
  const body = await response.body();
  const encoding = (await response.headerValue('content-encoding')) ?? null;
  const gzipBytes =
    encoding && encoding !== 'identity'
      ? (await response.request().sizes()).responseBodySize
      : gzipSync(body, { level: 9 }).length;
  return { url: response.url(), rawBytes: body.length, gzipBytes, encoding };
}

/** Loads one page in a fresh context until the network settles; answers its scripts. */
async function loadPageScripts(
  browser: Browser,
  baseUrl: string,
  pagePath: string,
  viewport: (typeof VIEWPORTS)[number],
  session: DemoUser | null,
): Promise<PageLoad> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    serviceWorkers: 'block',
    storageState: session
      ? {
          cookies: [],
          origins: [
            {
              origin: baseUrl,
              localStorage: [
                { name: 'token', value: session.token },
                { name: 'id', value: session.userId },
              ],
            },
          ],
        }
      : undefined,
  });
  const notes: string[] = [];
  try {
    const page = await context.newPage();
    // A body that cannot be read is kept as its error (thrown below), never left unhandled.
    const pending = new Map<string, Promise<ScriptLoad | null | Error>>();
    const otherJs: string[] = [];
    page.on('response', (response) => {
      const isScript = response.request().resourceType() === 'script';
      if (!isScript) {
        if (/\.m?js(\?|$)/.test(response.url())) otherJs.push(pathOf(response.url()));
        return;
      }
      if (pending.has(response.url())) return;
      const read = readScript(response).catch((error: unknown) =>
        error instanceof Error ? error : new Error(String(error)),
      );
      pending.set(response.url(), read);
    });
    page.on('pageerror', (error) => notes.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') notes.push(`console error: ${message.text()}`);
    });

    const answer = await page.goto(baseUrl + pagePath, {
      waitUntil: 'networkidle',
      timeout: 60_000,
    });
    if (!answer || answer.status() !== 200) {
      throw new Error(`${pagePath} answered ${answer?.status() ?? 'nothing'}`);
    }
    const finalPath = new URL(page.url()).pathname;
    if (session && !finalPath.startsWith('/app')) {
      throw new Error(`${pagePath} left the app for ${finalPath}: the demo session was not taken`);
    }
    if (finalPath !== pagePath) notes.push(`ended at ${finalPath}`);
    const dialogs = await page.getByRole('dialog').all();
    for (const dialog of dialogs) {
      const name = await dialog.getAttribute('aria-labelledby').catch(() => null);
      const title = name ? await page.locator(`[id="${name}"]`).first().textContent() : null;
      notes.push(`a dialog is open${title ? `: "${title.trim()}"` : ''}`);
    }
    if (otherJs.length) {
      notes.push(`.js responses of another resource type, not counted: ${otherJs.join(', ')}`);
    }

    const reads = await Promise.all(pending.values());
    const failed = reads.find((r) => r instanceof Error);
    if (failed)
      throw new Error(`${pagePath}: a script's body could not be read: ${failed.message}`);
    const scripts = reads.filter((r): r is ScriptLoad => !!r && !(r instanceof Error));
    return {
      path: pagePath,
      viewport: viewport.name,
      scripts,
      gzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0),
      rawBytes: scripts.reduce((sum, s) => sum + s.rawBytes, 0),
      notes,
    };
  } finally {
    await context.close();
  }
}

interface BudgetRow {
  path: string;
  loads: PageLoad[];
  worst: PageLoad;
  target: number;
}

async function measureBudgets(baseUrl: string, session: DemoUser): Promise<BudgetRow[]> {
  console.info('\n== JavaScript per page (Playwright, Chromium at %s)', CHROMIUM);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  onCleanup(() => browser.close());
  try {
    const rows: BudgetRow[] = [];
    const pages = [
      { path: LANDING, session: null, target: TARGETS.landingGzip },
      ...APP_PAGES.map((p) => ({ path: p, session, target: TARGETS.appGzip })),
    ];
    for (const page of pages) {
      const loads: PageLoad[] = [];
      for (const viewport of VIEWPORTS) {
        loads.push(await loadPageScripts(browser, baseUrl, page.path, viewport, page.session));
      }
      const worst = loads.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a));
      console.info(
        `${page.path}: ${loads.map((l) => `${l.viewport} ${fmtKb(l.gzipBytes)} gzip in ${l.scripts.length} scripts`).join(', ')}`,
      );
      rows.push({ path: page.path, loads, worst, target: page.target });
    }
    return rows;
  } finally {
    await browser.close();
  }
}

function reportBudgets(rows: BudgetRow[]) {
  const landing = rows.find((r) => r.path === LANDING)!;
  const scripts = rows.flatMap((r) => r.loads.flatMap((l) => l.scripts));
  const encodings = [...new Set(scripts.map((s) => s.encoding).filter(Boolean))];
  console.info(
    '\nJavaScript budgets: every `script` response until networkidle, fresh context (cold cache).\n' +
      (encodings.length
        ? `Sizes: the server compressed some scripts (${encodings.join(', ')}): their transferred ` +
          'size counts; the others count as gzip -9 of the body (node:zlib gzipSync).\n'
        : 'Sizes: the server sends scripts uncompressed (no Content-Encoding), so each body is ' +
          'gzipped here with node:zlib gzipSync level 9.\n') +
      `The reference of the run is ${LANDING}; "× landing" is the worse viewport's size over ` +
      "the landing page's worse one. 1 kB = 1,000 bytes.\n",
  );
  const table = rows.map((r) => {
    const [phone, wide] = r.loads;
    return [
      r.path,
      `${phone!.scripts.length}/${wide!.scripts.length}`,
      fmtKb(phone!.gzipBytes),
      fmtKb(wide!.gzipBytes),
      `${r.worst.gzipBytes.toLocaleString('en-US')} B`,
      fmtKb(r.worst.rawBytes),
      (r.worst.gzipBytes / landing.worst.gzipBytes).toFixed(2),
      `≤ ${fmtKb(r.target)}`,
      verdict(r.worst.gzipBytes <= r.target),
    ];
  });
  printTable(
    [
      'page',
      'scripts phone/wide',
      'gzip phone',
      'gzip wide',
      'gzip, worse',
      'raw, worse',
      '× landing',
      'target',
      'result',
    ],
    table,
  );

  // What makes up the reference and any page over its budget.
  for (const row of rows) {
    if (row !== landing && row.worst.gzipBytes <= row.target) continue;
    console.info(`\n${row.path} (${row.worst.viewport}), its scripts by gzip size:`);
    const sorted = [...row.worst.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes);
    printTable(
      ['script', 'gzip', 'raw'],
      sorted.map((s) => [pathOf(s.url), fmtKb(s.gzipBytes), fmtKb(s.rawBytes)]),
    );
  }

  const notes = rows.flatMap((r) =>
    r.loads.flatMap((l) => [...new Set(l.notes)].map((n) => `${r.path} (${l.viewport}): ${n}`)),
  );
  const dashboard = rows.find((r) => r.path === DASHBOARD);
  const hasDialog = dashboard?.loads.some((l) => l.notes.some((n) => n.startsWith('a dialog')));
  console.info(
    `\nDashboard state: ${hasDialog ? 'a dialog was open (see the notes)' : 'normal, no dialog open'}.`,
  );
  if (notes.length) console.info(`Notes:\n${notes.map((n) => `- ${n}`).join('\n')}`);
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

/** Writes the session into the browser's localStorage for the app's origin. */
async function writeSession(port: number, baseUrl: string, session: DemoUser) {
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${port}`,
    defaultViewport: null,
  });
  try {
    const page = await browser.newPage();
    // A JSON answer of the same origin: it opens the origin's storage without loading the app,
    // so nothing of the SPA sits in the cache before Lighthouse's own load.
    await page.goto(`${baseUrl}/api/health`);
    await page.evaluate(
      `localStorage.setItem('token', ${JSON.stringify(session.token)});` +
        `localStorage.setItem('id', ${JSON.stringify(session.userId)});`,
    );
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

async function runLighthouse(
  url: string,
  session: DemoUser | null,
  reportFile: string,
  chromeTmpDir: string,
): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    // processes.ts ends the bench on Ctrl-C; the launcher's own handler would exit first.
    handleSIGINT: false,
    // The launcher ends Chromium with SIGKILL, which leaves its singleton folder behind: keep
    // those in a folder of the bench's own, removed at the end.
    envVars: { ...process.env, TMPDIR: chromeTmpDir },
  });
  onCleanup(() => chrome.kill());
  try {
    if (session) await writeSession(chrome.port, new URL(url).origin, session);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: LH_CATEGORIES.map((c) => c.id),
      // Keeps the session written above; Lighthouse clears the origin's storage otherwise.
      disableStorageReset: Boolean(session),
    });
    if (!result) throw new Error(`Lighthouse answered nothing for ${url}`);
    const { lhr } = result;
    await writeFile(
      reportFile,
      typeof result.report === 'string' ? result.report : JSON.stringify(lhr),
    );
    if (lhr.runtimeError) {
      throw new Error(
        `Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
      );
    }
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== new URL(url).pathname) {
      throw new Error(`Lighthouse ended at ${finalPath} instead of ${url}: no signed-in session?`);
    }
    return lhr;
  } finally {
    chrome.kill();
  }
}

interface LighthousePage {
  path: string;
  runs: Result[];
}

async function measureLighthouse(
  baseUrl: string,
  session: DemoUser,
  reportDir: string,
): Promise<LighthousePage[]> {
  console.info(
    `\n== Lighthouse 12 (default config: mobile, simulated throttling), ${LIGHTHOUSE_RUNS} runs a page`,
  );
  const pages = [
    { path: LANDING, session: null, file: 'landing' },
    { path: DASHBOARD, session, file: 'dashboard' },
  ];
  const chromeTmpDir = await mkdtemp(path.join(tmpdir(), 'wellspring-bench-web-chrome-'));
  onCleanup(() => rm(chromeTmpDir, { recursive: true, force: true }));
  const results: LighthousePage[] = [];
  for (const page of pages) {
    const runs: Result[] = [];
    for (let run = 1; run <= LIGHTHOUSE_RUNS; run += 1) {
      const file = path.join(reportDir, `${page.file}-${run}.json`);
      const lhr = await runLighthouse(baseUrl + page.path, page.session, file, chromeTmpDir).catch(
        (error: unknown) => {
          // Lighthouse sometimes loses the trace of a load (NO_NAVSTART, NO_FCP on a busy
          // machine): that run is taken again, once, and said so.
          if (!/NO_NAVSTART|NO_FCP|NO_TRACING_STARTED/.test(String(error))) throw error;
          console.warn(
            `${page.path} run ${run}: ${String(error).split('\n')[0]}; running it again`,
          );
          return runLighthouse(baseUrl + page.path, page.session, file, chromeTmpDir);
        },
      );
      runs.push(lhr);
      const scores = LH_CATEGORIES.map((c) => `${c.id} ${score(lhr, c.id)}`).join(', ');
      console.info(`${page.path} run ${run}: ${scores}, CLS ${cls(lhr).toFixed(3)}`);
    }
    results.push({ path: page.path, runs });
  }
  return results;
}

function score(lhr: Result, categoryId: string): number {
  return Math.round((lhr.categories[categoryId]?.score ?? 0) * 100);
}

function cls(lhr: Result): number {
  return lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
}

/** A short line for up to four items of an audit's details: which nodes, URLs or messages. */
function describeItems(details: unknown): string[] {
  const items = (details as { items?: unknown[] } | undefined)?.items;
  if (!Array.isArray(items)) return [];
  const clip = (s: string, n = 140) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
  // A list of tables (the LCP element and its phases): each table's own items.
  if (items.every((i) => (i as { type?: unknown }).type === 'table')) {
    return items.flatMap((table) => describeItems(table));
  }
  return items.slice(0, 4).map((raw) => {
    const item = raw as Record<string, unknown>;
    const node = item.node as Record<string, string> | undefined;
    const source = item.source as Record<string, unknown> | undefined;
    const parts = [
      typeof item.url === 'string'
        ? pathOf(item.url.startsWith('http') ? item.url : `http://x${item.url}`)
        : '',
      node?.selector ? `selector ${node.selector}` : '',
      node?.snippet ? clip(node.snippet, 100) : '',
      node?.explanation ? clip(node.explanation.replace(/\s+/g, ' ')) : '',
      typeof item.description === 'string' ? clip(item.description) : '',
      typeof source?.url === 'string' ? `at ${source.url}:${String(source.line ?? '')}` : '',
      typeof item.wastedBytes === 'number' ? `${fmtKb(item.wastedBytes)} to save` : '',
      typeof item.wastedMs === 'number' ? `${Math.round(item.wastedMs)} ms to save` : '',
      typeof item.groupLabel === 'string' ? item.groupLabel : '',
      typeof item.phase === 'string' ? `${item.phase}` : '',
      typeof item.percent === 'string' ? `${item.percent} of LCP` : '',
      typeof item.duration === 'number' ? `${Math.round(item.duration)} ms` : '',
      typeof item.timing === 'number' ? `${Math.round(item.timing)} ms` : '',
    ].filter(Boolean);
    return parts.join(' | ') || clip(JSON.stringify(item));
  });
}

interface FailingAudit {
  id: string;
  title: string;
  group: string;
  weight: number;
  displayValues: string[];
  scores: number[];
  items: string[];
}

/** The audits of a category that failed in at least one run (perf: score below 0.9). */
function failingAudits(runs: Result[], categoryId: string): FailingAudit[] {
  const threshold = categoryId === 'performance' ? 0.9 : 1;
  const found = new Map<string, FailingAudit>();
  for (const lhr of runs) {
    for (const ref of lhr.categories[categoryId]?.auditRefs ?? []) {
      if (ref.group === 'hidden') continue;
      const audit = lhr.audits[ref.id];
      if (!audit) continue;
      const isError = audit.scoreDisplayMode === 'error';
      if (!isError && (audit.score === null || audit.score >= threshold)) continue;
      const entry = found.get(ref.id) ?? {
        id: ref.id,
        title: audit.title,
        group: ref.group ?? '',
        weight: ref.weight,
        displayValues: [],
        scores: [],
        items: describeItems(audit.details),
      };
      entry.scores.push(audit.score ?? 0);
      const shown = isError ? `error: ${audit.errorMessage ?? ''}` : (audit.displayValue ?? '');
      if (shown && !entry.displayValues.includes(shown)) entry.displayValues.push(shown);
      found.set(ref.id, entry);
    }
  }
  return [...found.values()].sort(
    (a, b) => b.weight - a.weight || median(a.scores) - median(b.scores),
  );
}

function reportLighthouse(pages: LighthousePage[], reportDir: string) {
  const first = pages[0]?.runs[0];
  console.info(
    `\nLighthouse ${first?.lighthouseVersion ?? ''}, ${first?.configSettings.formFactor ?? ''}, ` +
      `throttling ${first?.configSettings.throttlingMethod ?? ''}; medians of ${LIGHTHOUSE_RUNS} runs ` +
      `(BenchmarkIndex of this machine: ${pages
        .flatMap((p) => p.runs.map((r) => Math.round(r.environment.benchmarkIndex)))
        .join(', ')}).\n`,
  );
  const rows: string[][] = [];
  for (const page of pages) {
    for (const category of LH_CATEGORIES) {
      const values = page.runs.map((r) => score(r, category.id));
      const med = median(values);
      rows.push([
        page.path,
        category.label,
        String(med),
        values.join(', '),
        category.target === 100 ? '= 100' : `≥ ${category.target}`,
        verdict(med >= category.target),
      ]);
    }
    const clsValues = page.runs.map(cls);
    const medCls = median(clsValues);
    rows.push([
      page.path,
      'CLS',
      medCls.toFixed(3),
      clsValues.map((v) => v.toFixed(3)).join(', '),
      `≤ ${TARGETS.cls}`,
      verdict(medCls <= TARGETS.cls),
    ]);
  }
  printTable(['page', 'measure', 'median', 'runs', 'target', 'result'], rows);

  console.info(
    '\nPerformance metrics (median of the runs; the score of each metric in brackets)\n',
  );
  printTable(
    ['page', ...LH_METRICS.map((m) => m.replace(/-/g, ' '))],
    pages.map((page) => [
      page.path,
      ...LH_METRICS.map((id) => {
        const audits = page.runs.map((r) => r.audits[id]);
        const value = median(audits.map((a) => a?.numericValue ?? Number.NaN));
        const metricScore = median(audits.map((a) => a?.score ?? 0));
        const shown =
          id === 'cumulative-layout-shift' ? value.toFixed(3) : `${Math.round(value)} ms`;
        return `${shown} (${metricScore.toFixed(2)})`;
      }),
    ]),
  );

  for (const page of pages) {
    for (const category of LH_CATEGORIES) {
      const isMissed = median(page.runs.map((r) => score(r, category.id))) < category.target;
      if (!isMissed) continue;
      const audits = failingAudits(page.runs, category.id);
      console.info(
        `\n${page.path}, ${category.label} below target: ${audits.length ? 'failing audits' : 'no failing audit found'}` +
          (category.id === 'performance' ? ' (score under 0.90)' : ''),
      );
      for (const a of audits) {
        const tag = [a.group, a.weight ? `weight ${a.weight}` : ''].filter(Boolean).join(', ');
        const values = a.displayValues.length ? ` [${a.displayValues.join(' / ')}]` : '';
        console.info(
          `- ${a.id}: ${a.title}${values} (${tag ? `${tag}; ` : ''}failed in ${a.scores.length}/${page.runs.length} runs, ` +
            `score ${a.scores.map((s) => s.toFixed(2)).join(', ')})`,
        );
        for (const item of a.items) console.info(`    ${item}`);
      }
    }
  }

  const warnings = [...new Set(pages.flatMap((p) => p.runs.flatMap((r) => r.runWarnings)))];
  if (warnings.length)
    console.info(`\nLighthouse warnings:\n${warnings.map((w) => `- ${w}`).join('\n')}`);
  console.info(`\nFull Lighthouse JSON reports: ${reportDir}`);
}

// ---------------------------------------------------------------------------------------------

async function main() {
  ensureWebBuilt();
  ensureApiBuilt();
  const storage = await createPgliteStorage('bench-web');
  const { child, startMs } = await startApiServer(storage.env);
  onCleanup(() => void child.stop('SIGKILL'));
  console.info(
    `API server (production build) on ${child.baseUrl}, ready in ${Math.round(startMs)} ms`,
  );
  await assertServesSpa(child.baseUrl);
  const session = await seedDemoUser(child.baseUrl);
  console.info(
    `seeded demo user ${session.userId}: onboarded, mood set, goal, 3 tasks (1 done), diary`,
  );

  const budgets = await measureBudgets(child.baseUrl, session);
  const reportDir = await mkdtemp(path.join(tmpdir(), 'wellspring-lighthouse-'));
  const lighthousePages = await measureLighthouse(child.baseUrl, session, reportDir);
  await child.stop();

  console.info('\n######## Results');
  reportBudgets(budgets);
  reportLighthouse(lighthousePages, reportDir);
}

runMain(main);
