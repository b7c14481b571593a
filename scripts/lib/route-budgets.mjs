// The JavaScript each page of the web app loads, from the production build's Vite manifest, and its
// budget (decisions 033 and 038). Used by `npm run check:budgets` (CI) and `npm run bench:routes`.
// Plain node can import this file.
//
// A page of the app loads the entry chunk (index.html) plus the lazy chunk of every level of its
// route in apps/web/src/app/router.tsx (e.g. /app/statistics: app-layout.tsx, then
// statistics.tsx), each with its static imports, every chunk counted once. A page the server sends
// as an HTML file of its own (the rendered-ahead landing page, decision 049) loads what that file
// asks for: every script and modulepreload tag of the built file, with their static imports.
// Chunks loaded later on demand (dialogs, the toaster, the forms' zod rules) are not part of a
// page. Sizes are gzip at zlib's default level of each file as built, as Vite's build report
// prints them; 1 kB = 1,000 bytes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** No page loads more than this (decision 038). */
export const ROUTE_BUDGET_GZIP = 160_000;

/**
 * Pages of the app held to less than ROUTE_BUDGET_GZIP (none today).
 * @type {Readonly<Record<string, number>>}
 */
export const ROUTE_BUDGETS = {};

/**
 * Pages the server sends as a built HTML file of their own, that file (from the build's folder) and
 * its budget. The landing page: 60 kB at most; it is the rendered HTML with a script of its own,
 * not the app (decision 049).
 * @type {Readonly<Record<string, { file: string, budget: number }>>}
 */
export const HTML_PAGES = { '/home/landing': { file: 'home/landing.html', budget: 60_000 } };

/**
 * The script the signed-in area's frame (app-shell.html, every /app page) runs before the app's
 * entry (decision 049): counted with every /app page when the build has it.
 */
export const APP_SHELL_SCRIPT = 'src/app-boot.ts';

/** The label of a page of HTML_PAGES when the app shows it, after a visit of another page. */
export const IN_THE_APP = ' (in the app)';

const R = 'src/app/routes/';
const HOME = `${R}home/home-layout.tsx`;
const APP = `${R}app/app-layout.tsx`;
const TASK = `${R}app/task/task-layout.tsx`;
const ONBOARDING = `${R}onboarding/onboarding-layout.tsx`;

/**
 * Each page and the lazy route modules it loads, outermost first (router.tsx).
 * @type {Readonly<Record<string, string[]>>}
 */
export const ROUTES = {
  [`/home/landing${IN_THE_APP}`]: [HOME, `${R}home/landing.tsx`],
  '/home/faq': [HOME, `${R}home/faq.tsx`],
  '/terms': [HOME, `${R}home/terms.tsx`],
  '/privacy': [HOME, `${R}home/privacy.tsx`],
  '/login': [`${R}login.tsx`],
  '/register': [`${R}register.tsx`],
  '/forgot-password': [`${R}forgot-password.tsx`],
  '/reset-password': [`${R}reset-password.tsx`],
  '/verify-email': [`${R}verify-email.tsx`],
  '/auth/callback': [`${R}auth-callback.tsx`],
  '/shared-report': [`${R}shared-report.tsx`],
  '/onboarding/step-1': [ONBOARDING, `${R}onboarding/step-1.tsx`],
  '/onboarding/step-2': [ONBOARDING, `${R}onboarding/step-2.tsx`],
  '/onboarding/step-3': [ONBOARDING, `${R}onboarding/step-3.tsx`],
  '/app/dashboard': [APP, `${R}app/dashboard.tsx`],
  '/app/diary': [APP, `${R}app/diary.tsx`],
  '/app/task/board': [APP, TASK, `${R}app/task/task-board.tsx`],
  '/app/task/board/onboarding': [APP, TASK, `${R}app/task/task-board-onboarding.tsx`],
  '/app/task/list': [APP, TASK, `${R}app/task/task-list.tsx`],
  '/app/statistics': [APP, `${R}app/statistics.tsx`],
  '/app/insights': [APP, `${R}app/insights.tsx`],
  '/app/measures/phq9': [APP, `${R}app/measure.tsx`],
  '/app/report': [APP, `${R}app/report.tsx`],
  '/app/result': [APP, `${R}app/result.tsx`],
  '/app/collections': [APP, `${R}app/collections.tsx`],
};

/**
 * @typedef {{ file: string, imports?: string[], isEntry?: boolean, isDynamicEntry?: boolean }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest
 * @typedef {{ route: string, chunks: number, gzip: number, budget: number }} RouteSize
 */

/**
 * The JavaScript files of `keys` and of everything they import statically, each once.
 * @param {Manifest} manifest
 * @param {string[]} keys
 */
export function chunkClosure(manifest, keys) {
  /** @type {Set<string>} */
  const files = new Set();
  /** @type {Set<string>} */
  const seen = new Set();
  /** @param {string} key */
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

/**
 * The lazy route modules of the build that no page of `routes` names: a page the table misses.
 * @param {Manifest} manifest
 * @param {Readonly<Record<string, string[]>>} [routes]
 */
export function unlistedRouteModules(manifest, routes = ROUTES) {
  const listed = new Set(Object.values(routes).flat());
  return Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith(R) && !listed.has(key))
    .map(([key]) => key);
}

/**
 * Each page's gzip JavaScript and budget.
 * @param {Manifest} manifest
 * @param {(file: string) => number} gzipSize the gzip size of a built file, in bytes
 * @param {{ routes?: Readonly<Record<string, string[]>>, budgets?: Readonly<Record<string, number>> }} [options]
 * @returns {RouteSize[]}
 */
export function routeSizes(manifest, gzipSize, options = {}) {
  const routes = options.routes ?? ROUTES;
  const budgets = options.budgets ?? ROUTE_BUDGETS;
  const missing = unlistedRouteModules(manifest, routes);
  if (missing.length > 0) {
    throw new Error(
      `lazy route modules missing from scripts/lib/route-budgets.mjs: ${missing.join(', ')}`,
    );
  }
  /** @type {Map<string, number>} */
  const sizes = new Map();
  /** @param {string} file */
  const sizeOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSize(file));
    return /** @type {number} */ (sizes.get(file));
  };
  return Object.entries(routes).map(([route, modules]) => {
    const shell = route.startsWith('/app/') && manifest[APP_SHELL_SCRIPT] ? [APP_SHELL_SCRIPT] : [];
    const files = chunkClosure(manifest, ['index.html', ...shell, ...modules]);
    const gzip = [...files].reduce((sum, file) => sum + sizeOf(file), 0);
    return { route, chunks: files.size, gzip, budget: budgets[route] ?? ROUTE_BUDGET_GZIP };
  });
}

/**
 * The JavaScript files an HTML page loads: the file of every script tag and modulepreload link
 * (URLs from the site's root), with the static imports of those the manifest knows, each once. A
 * script outside the manifest (public/theme-init.js) counts as itself.
 * @param {string} html
 * @param {Manifest} manifest
 */
export function htmlPageFiles(html, manifest) {
  const attribute = (/** @type {string} */ tag, /** @type {string} */ name) =>
    new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  const urls = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    if (tag.startsWith('<script')) urls.push(attribute(tag, 'src'));
    else if (attribute(tag, 'rel') === 'modulepreload') urls.push(attribute(tag, 'href'));
  }
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  /** @type {Set<string>} */
  const files = new Set();
  for (const url of urls) {
    if (!url) continue;
    if (!url.startsWith('/')) throw new Error(`${url}: a script not from the site's root`);
    const file = url.slice(1);
    const key = keyOfFile.get(file);
    if (key) chunkClosure(manifest, [key]).forEach((chunk) => files.add(chunk));
    else files.add(file);
  }
  return files;
}

/**
 * Each page of `pages` (its built HTML and budget) with the JavaScript its HTML loads.
 * @param {Manifest} manifest
 * @param {{ route: string, html: string, budget: number }[]} pages
 * @param {(file: string) => number} gzipSize
 * @returns {RouteSize[]}
 */
export function htmlPageSizes(manifest, pages, gzipSize) {
  return pages.map(({ route, html, budget }) => {
    const files = htmlPageFiles(html, manifest);
    const gzip = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
    return { route, chunks: files.size, gzip, budget };
  });
}

/**
 * The pages of a build in `dist` (made with --manifest), measured: the HTML pages, then the app's.
 * @param {string} dist
 */
export function measureBuild(dist) {
  const manifest = /** @type {Manifest} */ (
    JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'))
  );
  const gzipSize = (/** @type {string} */ file) =>
    gzipSync(readFileSync(path.join(dist, file))).length;
  const pages = Object.entries(HTML_PAGES).map(([route, { file, budget }]) => ({
    route,
    html: readFileSync(path.join(dist, file), 'utf8'),
    budget,
  }));
  return [...htmlPageSizes(manifest, pages, gzipSize), ...routeSizes(manifest, gzipSize)];
}

/** @param {number} bytes */
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * The table of pages, one line each, and a line per page over its budget, naming it.
 * @param {RouteSize[]} rows
 * @returns {{ lines: string[], failures: string[] }}
 */
export function budgetReport(rows) {
  const width = Math.max(...rows.map((row) => row.route.length));
  const lines = rows.map(
    (row) =>
      `${row.route.padEnd(width)}  ${kB(row.gzip).padStart(9)}  of ${kB(row.budget).padStart(8)}  ` +
      `${String(row.chunks).padStart(2)} chunks  ${row.gzip <= row.budget ? 'PASS' : 'OVER'}`,
  );
  const failures = rows
    .filter((row) => row.gzip > row.budget)
    .map(
      (row) =>
        `${row.route} loads ${kB(row.gzip)} of gzip JavaScript, over its budget of ${kB(row.budget)}`,
    );
  return { lines, failures };
}
