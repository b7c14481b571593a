/**
 * JavaScript budgets, in real Chromium through Playwright: every script a page loads until it
 * settles, gzip-sized, at a phone width and a wide one, against the landing page and the budgets;
 * and for each signed-in route, the same with the service worker's own script, against issue 35's
 * 150 kB (decision 087).
 */
import { chromium, type Browser, type BrowserContext, type Response } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { type DemoUser } from '../../scripts/lib/demo-user';
import { onCleanup } from '../../scripts/lib/processes.mjs';
import { printTable } from '../lib/load';
import {
  APP_PAGES,
  CHROMIUM,
  DASHBOARD,
  FIVE_YEAR_PAGES,
  fmtKb,
  labelOf,
  LANDING,
  loadLine,
  pathOf,
  TARGETS,
  verdict,
  VIEWPORTS,
  type Person,
  type Session,
} from './settings';

// JavaScript budgets (Playwright)

export interface ScriptLoad {
  url: string;
  rawBytes: number;
  /** gzip -9 of the body, or the transferred size when the server compressed it. */
  gzipBytes: number;
  /** gzip -9 of the body, whatever the server sent: the measure of issue 35's target. */
  gzip9Bytes: number;
  /** The Content-Encoding the server sent, if any. */
  encoding: string | null;
}

export interface PageLoad {
  path: string;
  viewport: string;
  scripts: ScriptLoad[];
  gzipBytes: number;
  rawBytes: number;
  /** The service worker's own scripts (sw.js and any it imports), fetched by the browser for it. */
  workerScripts: ScriptLoad[];
  /**
   * JavaScript the worker precached that the page itself never asked for: background downloads,
   * shown but not counted (decision 087).
   */
  backgroundScripts: ScriptLoad[];
  /** gzip -9 of the page's scripts and the worker's: the route's figure against 150 kB. */
  routeGzip: number;
  /** Whether a service worker was active once the page had settled. */
  hasWorker: boolean;
  notes: string[];
}

export async function readScript(response: Response): Promise<ScriptLoad | null> {
  if (response.status() >= 300) return null; // redirects carry no body
  const body = await response.body();
  const encoding = (await response.headerValue('content-encoding')) ?? null;
  const gzip9Bytes = gzipSync(body, { level: 9 }).length;
  const gzipBytes =
    encoding && encoding !== 'identity'
      ? (await response.request().sizes()).responseBodySize
      : gzip9Bytes;
  return { url: response.url(), rawBytes: body.length, gzipBytes, gzip9Bytes, encoding };
}

/** Reads a body into its sizes, keeping a failure as its error, never left unhandled. */
const readKept = (response: Response) =>
  readScript(response).catch((error: unknown) =>
    error instanceof Error ? error : new Error(String(error)),
  );

async function settleAll(label: string, reads: Iterable<Promise<ScriptLoad | null | Error>>) {
  const done = await Promise.all(reads);
  const failed = done.find((r) => r instanceof Error);
  if (failed) throw new Error(`${label}: a script's body could not be read: ${failed.message}`);
  return done.filter((r): r is ScriptLoad => !!r && !(r instanceof Error));
}

const isJsUrl = (url: string) => /\.m?js$/.test(new URL(url).pathname);

/**
 * What the service worker fetches for itself: its scripts, and the JavaScript it precaches. The
 * worker's requests are the context's, never the page's (Playwright reports them in Chromium).
 */
function watchWorker(context: BrowserContext) {
  const scripts = new Map<string, Promise<ScriptLoad | null | Error>>();
  const precached = new Map<string, Promise<ScriptLoad | null | Error>>();
  context.on('response', (response) => {
    const request = response.request();
    if (!request.serviceWorker()) return;
    const url = response.url();
    if (request.resourceType() === 'script') {
      if (!scripts.has(url)) scripts.set(url, readKept(response));
    } else if (isJsUrl(url) && !precached.has(url)) {
      precached.set(url, readKept(response));
    }
  });
  return { scripts, precached };
}

/**
 * Waits for the page's service worker, as the install layer registers it after the load: up to
 * 5 s for a registration to appear, then up to 30 s for it to be active (its precache filled).
 */
const WAIT_FOR_WORKER = `(async () => {
  if (!('serviceWorker' in navigator)) return false;
  const wait = (ms) => new Promise((resolve) => setTimeout(() => resolve(false), ms));
  for (let i = 0; i < 50 && !(await navigator.serviceWorker.getRegistration()); i += 1) {
    await wait(100);
  }
  if (!(await navigator.serviceWorker.getRegistration())) return false;
  return Promise.race([navigator.serviceWorker.ready.then(() => true), wait(30000)]);
})()`;

/** Loads one page in a fresh context until the network settles; answers its scripts. */
export async function loadPageScripts(
  browser: Browser,
  baseUrl: string,
  pagePath: string,
  viewport: (typeof VIEWPORTS)[number],
  session: DemoUser | null,
): Promise<PageLoad> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    // The offline and install layer is part of what a route fetches (decision 087).
    serviceWorkers: 'allow',
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
    const worker = watchWorker(context);
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
      pending.set(response.url(), readKept(response));
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
    const hasWorker = (await page.evaluate(WAIT_FOR_WORKER)) === true;
    // Whatever the page asked for once its worker was there (none is expected: a first visit is
    // not controlled until its next navigation).
    await page.waitForLoadState('networkidle');
    const dialogs = await page.getByRole('dialog').all();
    for (const dialog of dialogs) {
      const name = await dialog.getAttribute('aria-labelledby').catch(() => null);
      const title = name ? await page.locator(`[id="${name}"]`).first().textContent() : null;
      notes.push(`a dialog is open${title ? `: "${title.trim()}"` : ''}`);
    }
    if (otherJs.length) {
      notes.push(`.js responses of another resource type, not counted: ${otherJs.join(', ')}`);
    }

    const scripts = await settleAll(pagePath, pending.values());
    const workerScripts = await settleAll(`${pagePath}'s service worker`, worker.scripts.values());
    const fetchedByPage = new Set(scripts.map((s) => s.url));
    const backgroundScripts = await settleAll(
      `${pagePath}'s precache`,
      [...worker.precached].filter(([url]) => !fetchedByPage.has(url)).map(([, read]) => read),
    );
    const sum = (list: ScriptLoad[], key: 'gzipBytes' | 'gzip9Bytes' | 'rawBytes') =>
      list.reduce((total, s) => total + s[key], 0);
    return {
      path: pagePath,
      viewport: viewport.name,
      scripts,
      gzipBytes: sum(scripts, 'gzipBytes'),
      rawBytes: sum(scripts, 'rawBytes'),
      workerScripts,
      backgroundScripts,
      routeGzip: sum(scripts, 'gzip9Bytes') + sum(workerScripts, 'gzip9Bytes'),
      hasWorker,
      notes,
    };
  } finally {
    await context.close();
  }
}

export interface BudgetRow {
  path: string;
  /** The path, and who was signed in when it is not the demo user. */
  label: string;
  person: Person;
  loads: PageLoad[];
  worst: PageLoad;
  target: number;
}

/**
 * The landing page for a visitor, every /app page for the demo user, and FIVE_YEAR_PAGES for the
 * five-year person; the machine's load before and after.
 */
export async function measureBudgets(
  baseUrl: string,
  demo: Session,
  fiveYears: Session,
): Promise<{ rows: BudgetRow[]; load: string[] }> {
  console.info('\n== JavaScript per page (Playwright, Chromium at %s)', CHROMIUM);
  const load = [loadLine()];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  onCleanup(() => browser.close());
  try {
    const rows: BudgetRow[] = [];
    const pages = [
      { path: LANDING, session: null, person: 'visitor' as const, target: TARGETS.landingGzip },
      ...APP_PAGES.map((p) => ({
        path: p,
        session: demo,
        person: demo.person,
        target: TARGETS.appGzip,
      })),
      ...FIVE_YEAR_PAGES.map((p) => ({
        path: p,
        session: fiveYears,
        person: fiveYears.person,
        target: TARGETS.appGzip,
      })),
    ];
    for (const page of pages) {
      const loads: PageLoad[] = [];
      for (const viewport of VIEWPORTS) {
        loads.push(await loadPageScripts(browser, baseUrl, page.path, viewport, page.session));
      }
      const worst = loads.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a));
      const label = labelOf(page.path, page.person);
      console.info(
        `${label}: ${loads.map((l) => `${l.viewport} ${fmtKb(l.gzipBytes)} gzip in ${l.scripts.length} scripts, route ${fmtKb(l.routeGzip)} with the worker`).join('; ')}`,
      );
      rows.push({ ...page, label, loads, worst });
    }
    load.push(loadLine());
    return { rows, load };
  } finally {
    await browser.close();
  }
}

export function reportBudgets(rows: BudgetRow[]) {
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
      r.label,
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
    console.info(`\n${row.label} (${row.worst.viewport}), its scripts by gzip size:`);
    const sorted = [...row.worst.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes);
    printTable(
      ['script', 'gzip', 'raw'],
      sorted.map((s) => [pathOf(s.url), fmtKb(s.gzipBytes), fmtKb(s.rawBytes)]),
    );
  }

  const notes = rows.flatMap((r) =>
    r.loads.flatMap((l) => [...new Set(l.notes)].map((n) => `${r.label} (${l.viewport}): ${n}`)),
  );
  for (const dashboard of rows.filter((r) => r.path === DASHBOARD)) {
    const hasDialog = dashboard.loads.some((l) => l.notes.some((n) => n.startsWith('a dialog')));
    console.info(
      `\nDashboard state, ${dashboard.person}: ${hasDialog ? 'a dialog was open (see the notes)' : 'normal, no dialog open'}.`,
    );
  }
  if (notes.length) console.info(`Notes:\n${notes.map((n) => `- ${n}`).join('\n')}`);
}
