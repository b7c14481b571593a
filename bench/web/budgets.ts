/**
 * JavaScript budgets, in real Chromium through Playwright: every script a page loads until it
 * settles, gzip-sized, at a phone width and a wide one, against the landing page and the budgets.
 */
import { chromium, type Browser, type Response } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { type DemoUser } from '../../scripts/lib/demo-user';
import { onCleanup } from '../../scripts/lib/processes.mjs';
import { printTable } from '../lib/load';
import {
  APP_PAGES,
  CHROMIUM,
  DASHBOARD,
  fmtKb,
  LANDING,
  pathOf,
  TARGETS,
  verdict,
  VIEWPORTS,
} from './settings';

// JavaScript budgets (Playwright)

export interface ScriptLoad {
  url: string;
  rawBytes: number;
  /** gzip -9 of the body, or the transferred size when the server compressed it. */
  gzipBytes: number;
  /** The Content-Encoding the server sent, if any. */
  encoding: string | null;
}

export interface PageLoad {
  path: string;
  viewport: string;
  scripts: ScriptLoad[];
  gzipBytes: number;
  rawBytes: number;
  notes: string[];
}

export async function readScript(response: Response): Promise<ScriptLoad | null> {
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
export async function loadPageScripts(
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

export interface BudgetRow {
  path: string;
  loads: PageLoad[];
  worst: PageLoad;
  target: number;
}

export async function measureBudgets(baseUrl: string, session: DemoUser): Promise<BudgetRow[]> {
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
