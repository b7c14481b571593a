/**
 * The JavaScript each route of the web app loads, from the production build's Vite manifest
 * (issue 16 item 7: no route above 160 kB gzip).
 *
 * A route's JavaScript is the entry chunk (index.html) plus the lazy chunk of every level of the
 * route in apps/web/src/app/router.tsx (e.g. /app/statistics: app-layout.tsx, then
 * statistics.tsx), each with its static imports, every chunk counted once. Chunks loaded later on
 * demand (dialogs, the toaster) are not part of a route. Sizes are gzip at zlib's default level of
 * each chunk as built, as Vite's build report prints them; 1 kB = 1,000 bytes.
 *
 * Run: npm run bench:routes (builds apps/web into a temporary folder with --manifest), or
 * ROUTES_DIST=<a build made with --manifest> to read a build that is there. Exits 1 when a route
 * is over the budget or a lazy route module of the build is missing from the table below.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../scripts/lib/processes.mjs';

export const ROUTE_BUDGET_GZIP = 160_000;

const R = 'src/app/routes/';
const APP = `${R}app/app-layout.tsx`;
const TASK = `${R}app/task/task-layout.tsx`;
const ONBOARDING = `${R}onboarding/onboarding-layout.tsx`;

/** Each page and the lazy route modules it loads, outermost first (router.tsx). */
export const ROUTES: Record<string, string[]> = {
  '/home/landing': [],
  '/home/faq': [`${R}home/faq.tsx`],
  '/terms': [`${R}home/terms.tsx`],
  '/privacy': [`${R}home/privacy.tsx`],
  '/login': [`${R}login.tsx`],
  '/register': [`${R}register.tsx`],
  '/forgot-password': [`${R}forgot-password.tsx`],
  '/reset-password': [`${R}reset-password.tsx`],
  '/verify-email': [`${R}verify-email.tsx`],
  '/auth/callback': [`${R}auth-callback.tsx`],
  '/onboarding/step-1': [ONBOARDING, `${R}onboarding/step-1.tsx`],
  '/onboarding/step-2': [ONBOARDING, `${R}onboarding/step-2.tsx`],
  '/onboarding/step-3': [ONBOARDING, `${R}onboarding/step-3.tsx`],
  '/app/dashboard': [APP, `${R}app/dashboard.tsx`],
  '/app/diary': [APP, `${R}app/diary.tsx`],
  '/app/task/board': [APP, TASK, `${R}app/task/task-board.tsx`],
  '/app/task/board/onboarding': [APP, TASK, `${R}app/task/task-board-onboarding.tsx`],
  '/app/task/list': [APP, TASK, `${R}app/task/task-list.tsx`],
  '/app/statistics': [APP, `${R}app/statistics.tsx`],
  '/app/result': [APP, `${R}app/result.tsx`],
  '/app/collections': [APP, `${R}app/collections.tsx`],
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The chunk files of `keys` and of everything they import statically, each once. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
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

export function routeSizes(dist: string) {
  const manifest = JSON.parse(
    readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const missing = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith(R))
    .map(([key]) => key)
    .filter((key) => !Object.values(ROUTES).some((modules) => modules.includes(key)));
  if (missing.length > 0) {
    throw new Error(`lazy route modules missing from bench/route-sizes.ts: ${missing.join(', ')}`);
  }
  const gzipOf = new Map<string, number>();
  const sizeOf = (file: string) => {
    if (!gzipOf.has(file)) gzipOf.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
    return gzipOf.get(file)!;
  };
  return Object.entries(ROUTES).map(([route, modules]) => {
    const files = closure(manifest, ['index.html', ...modules]);
    const gzip = [...files].reduce((sum, file) => sum + sizeOf(file), 0);
    return { route, chunks: files.size, gzip };
  });
}

function build(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'route-sizes-'));
  console.info(`Building apps/web into ${dist} (vite build --manifest)…`);
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
    { cwd: path.join(ROOT, 'apps', 'web'), stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('the web build failed');
  return dist;
}

function main() {
  const dist = process.env.ROUTES_DIST ?? build();
  const rows = routeSizes(dist);
  const width = Math.max(...rows.map((row) => row.route.length));
  console.info(`\nJavaScript per route, gzip (budget ${ROUTE_BUDGET_GZIP / 1000} kB):\n`);
  for (const row of rows) {
    const ok = row.gzip <= ROUTE_BUDGET_GZIP;
    console.info(
      `${row.route.padEnd(width)}  ${(row.gzip / 1000).toFixed(1).padStart(6)} kB  ` +
        `${String(row.chunks).padStart(2)} chunks  ${ok ? 'PASS' : 'MISS'}`,
    );
  }
  const over = rows.filter((row) => row.gzip > ROUTE_BUDGET_GZIP);
  if (over.length > 0) {
    console.error(`\n${over.length} route(s) over ${ROUTE_BUDGET_GZIP / 1000} kB gzip`);
    process.exitCode = 1;
  }
}

main();
