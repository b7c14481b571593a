/**
 * Lighthouse on the landing page and the dashboard, and on FIVE_YEAR_PAGES for the five-year
 * person, each run in a Chromium of its own: the medians against the targets, the failing audits,
 * and the full reports in a folder that is kept.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { type DemoUser } from '../../scripts/lib/demo-user';
import { onCleanup } from '../../scripts/lib/processes.mjs';
import { median, printTable } from '../lib/load';
import {
  CHROMIUM,
  DASHBOARD,
  FIVE_YEAR_PAGES,
  FIVE_YEAR_TARGETS,
  fmtKb,
  labelOf,
  LANDING,
  loadLine,
  MORE_LIGHTHOUSE_PAGES,
  LH_METRICS,
  LH_CATEGORIES,
  LIGHTHOUSE_RUNS,
  pathOf,
  TARGETS,
  verdict,
  type Person,
  type Session,
} from './settings';

// Lighthouse

/** Writes the session into the browser's localStorage for the app's origin. */
export async function writeSession(port: number, baseUrl: string, session: DemoUser) {
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

export async function runLighthouse(
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

export interface LighthousePage {
  path: string;
  label: string;
  person: Person;
  runs: Result[];
}

const fileOf = (page: string) => page.replace(/^\//, '').replace(/\//g, '-');

export async function measureLighthouse(
  baseUrl: string,
  demo: Session,
  fiveYears: Session,
  reportDir: string,
): Promise<{ pages: LighthousePage[]; load: string[] }> {
  console.info(
    `\n== Lighthouse 12 (default config: mobile, simulated throttling), ${LIGHTHOUSE_RUNS} runs a page`,
  );
  const load = [loadLine()];
  const pages = [
    { path: LANDING, session: null, person: 'visitor' as const, file: 'landing' },
    { path: DASHBOARD, session: demo, person: demo.person, file: 'dashboard' },
    // More signed-in pages, held to the same targets: BENCH_LIGHTHOUSE_MORE=/app/diary,…
    ...MORE_LIGHTHOUSE_PAGES.map((page) => ({
      path: page,
      session: demo,
      person: demo.person,
      file: fileOf(page),
    })),
    // Issue 35's pages for the five-year person, held to FIVE_YEAR_TARGETS.
    ...FIVE_YEAR_PAGES.map((page) => ({
      path: page,
      session: fiveYears,
      person: fiveYears.person,
      file: `five-years-${fileOf(page)}`,
    })),
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
            `${labelOf(page.path, page.person)} run ${run}: ${String(error).split('\n')[0]}; running it again`,
          );
          return runLighthouse(baseUrl + page.path, page.session, file, chromeTmpDir);
        },
      );
      runs.push(lhr);
      const scores = LH_CATEGORIES.map((c) => `${c.id} ${score(lhr, c.id)}`).join(', ');
      console.info(
        `${labelOf(page.path, page.person)} run ${run}: ${scores}, CLS ${cls(lhr).toFixed(3)}, LCP ${Math.round(lcpMs(lhr))} ms`,
      );
    }
    results.push({
      path: page.path,
      label: labelOf(page.path, page.person),
      person: page.person,
      runs,
    });
  }
  load.push(loadLine());
  return { pages: results, load };
}

export function score(lhr: Result, categoryId: string): number {
  return Math.round((lhr.categories[categoryId]?.score ?? 0) * 100);
}

export function lcpMs(lhr: Result): number {
  return lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
}

export function cls(lhr: Result): number {
  return lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
}

/** A short line for up to four items of an audit's details: which nodes, URLs or messages. */
export function describeItems(details: unknown): string[] {
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

export interface FailingAudit {
  id: string;
  title: string;
  group: string;
  weight: number;
  displayValues: string[];
  scores: number[];
  items: string[];
}

/** The audits of a category that failed in at least one run (perf: score below 0.9). */
export function failingAudits(runs: Result[], categoryId: string): FailingAudit[] {
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

/** The audits of a category that failed, with their items, for a page below a target. */
function printFailingAudits(page: LighthousePage, categoryId: string, why: string) {
  const audits = failingAudits(page.runs, categoryId);
  console.info(
    `\n${page.label}, ${why}: ${audits.length ? 'failing audits' : 'no failing audit found'}` +
      (categoryId === 'performance' ? ' (score under 0.90)' : ''),
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

/** Issue 35's rows: performance and LCP of each five-year page against FIVE_YEAR_TARGETS. */
function reportFiveYearPages(pages: LighthousePage[]) {
  if (pages.length === 0) return;
  console.info(
    `\nThe five-year person (issue 35): performance ≥ ${FIVE_YEAR_TARGETS.performance}, ` +
      `LCP ≤ ${FIVE_YEAR_TARGETS.lcpMs / 1000} s, medians of ${LIGHTHOUSE_RUNS} runs\n`,
  );
  const rows: string[][] = [];
  for (const page of pages) {
    const scores = page.runs.map((r) => score(r, 'performance'));
    const lcps = page.runs.map(lcpMs);
    rows.push(
      [
        page.label,
        'performance',
        String(median(scores)),
        scores.join(', '),
        `≥ ${FIVE_YEAR_TARGETS.performance}`,
        verdict(median(scores) >= FIVE_YEAR_TARGETS.performance),
      ],
      [
        page.label,
        'LCP',
        `${Math.round(median(lcps))} ms`,
        lcps.map((v) => Math.round(v)).join(', '),
        `≤ ${FIVE_YEAR_TARGETS.lcpMs} ms`,
        verdict(median(lcps) <= FIVE_YEAR_TARGETS.lcpMs),
      ],
    );
  }
  printTable(['page', 'measure', 'median', 'runs', 'target', 'result'], rows);
  for (const page of pages) {
    const isSlow =
      median(page.runs.map((r) => score(r, 'performance'))) < FIVE_YEAR_TARGETS.performance;
    const isLate = median(page.runs.map(lcpMs)) > FIVE_YEAR_TARGETS.lcpMs;
    if (!isSlow && !isLate) continue;
    printFailingAudits(
      page,
      'performance',
      isSlow ? 'performance below target' : 'LCP over target',
    );
    const element = page.runs[0]?.audits['largest-contentful-paint-element'];
    if (element) {
      console.info('  the largest paint (first run):');
      for (const item of describeItems(element.details)) console.info(`    ${item}`);
    }
  }
}

export function reportLighthouse(pages: LighthousePage[], reportDir: string, load: string[]) {
  const first = pages[0]?.runs[0];
  console.info(
    `\nLighthouse ${first?.lighthouseVersion ?? ''}, ${first?.configSettings.formFactor ?? ''}, ` +
      `throttling ${first?.configSettings.throttlingMethod ?? ''}; medians of ${LIGHTHOUSE_RUNS} runs ` +
      `(BenchmarkIndex of this machine: ${pages
        .flatMap((p) => p.runs.map((r) => Math.round(r.environment.benchmarkIndex)))
        .join(', ')}; ${load.join(' before, ')} after).\n`,
  );
  const fiveYearPages = pages.filter((p) => p.person === 'five years');
  const targetedPages = pages.filter((p) => p.person !== 'five years');
  const rows: string[][] = [];
  for (const page of targetedPages) {
    for (const category of LH_CATEGORIES) {
      const values = page.runs.map((r) => score(r, category.id));
      const med = median(values);
      rows.push([
        page.label,
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
      page.label,
      'CLS',
      medCls.toFixed(3),
      clsValues.map((v) => v.toFixed(3)).join(', '),
      `≤ ${TARGETS.cls}`,
      verdict(medCls <= TARGETS.cls),
    ]);
  }
  printTable(['page', 'measure', 'median', 'runs', 'target', 'result'], rows);
  reportFiveYearPages(fiveYearPages);

  console.info(
    '\nPerformance metrics (median of the runs; the score of each metric in brackets)\n',
  );
  printTable(
    ['page', ...LH_METRICS.map((m) => m.replace(/-/g, ' '))],
    pages.map((page) => [
      page.label,
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

  for (const page of targetedPages) {
    for (const category of LH_CATEGORIES) {
      const isMissed = median(page.runs.map((r) => score(r, category.id))) < category.target;
      if (isMissed) printFailingAudits(page, category.id, `${category.label} below target`);
    }
  }

  const warnings = [...new Set(pages.flatMap((p) => p.runs.flatMap((r) => r.runWarnings)))];
  if (warnings.length)
    console.info(`\nLighthouse warnings:\n${warnings.map((w) => `- ${w}`).join('\n')}`);
  console.info(`\nFull Lighthouse JSON reports: ${reportDir}`);
}
