import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT, SERVER_JS } from './processes';

/** The SPA's entry page in its production build, which the API server serves in production. */
export const WEB_INDEX_HTML = path.join(ROOT, 'apps', 'web', 'dist', 'index.html');

/** The newest modification time under `dir` (a file answers its own), outside builds and deps. */
function newestMtime(dir: string): number {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Makes sure apps/api/dist/server.js is there and newer than its sources (BENCH_BUILD=always
 * rebuilds, BENCH_BUILD=never uses what is there).
 */
export function ensureApiBuilt(): void {
  const mode = process.env.BENCH_BUILD ?? 'auto';
  if (mode === 'never') return;
  const sources = ['apps/api/src', 'apps/api/drizzle', 'packages/shared/src'];
  const isStale =
    !existsSync(SERVER_JS) ||
    sources.some((s) => newestMtime(path.join(ROOT, s)) > statSync(SERVER_JS).mtimeMs);
  if (mode !== 'always' && !isStale) return;
  console.info('Building the API bundle (npm run build -w @wellspring/api)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@wellspring/api'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the API build failed');
}

/**
 * Makes sure apps/web/dist (the production SPA the API serves) is there and newer than its
 * sources, with the same BENCH_BUILD modes as ensureApiBuilt().
 */
export function ensureWebBuilt(): void {
  const mode = process.env.BENCH_BUILD ?? 'auto';
  if (mode === 'never') return;
  const sources = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/package.json',
    'packages/shared/src',
  ];
  const isStale =
    !existsSync(WEB_INDEX_HTML) ||
    sources.some((s) => newestMtime(path.join(ROOT, s)) > statSync(WEB_INDEX_HTML).mtimeMs);
  if (mode !== 'always' && !isStale) return;
  console.info('Building the web app (npm run build -w @wellspring/web)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@wellspring/web'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the web build failed');
}
