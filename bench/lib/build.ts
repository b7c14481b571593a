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
 * Runs `npm run build -w <workspace>` unless `output` is there and newer than every source
 * (BENCH_BUILD=always rebuilds, BENCH_BUILD=never uses what is there).
 */
function ensureBuilt(workspace: string, output: string, sources: string[]): void {
  const mode = process.env.BENCH_BUILD ?? 'auto';
  if (mode === 'never') return;
  const isStale =
    !existsSync(output) ||
    sources.some((s) => newestMtime(path.join(ROOT, s)) > statSync(output).mtimeMs);
  if (mode !== 'always' && !isStale) return;
  console.info(`Building ${workspace} (npm run build -w ${workspace})…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`the build of ${workspace} failed`);
}

/** Makes sure apps/api/dist/server.js is there and newer than its sources. */
export function ensureApiBuilt(): void {
  ensureBuilt('@wellspring/api', SERVER_JS, [
    'apps/api/src',
    'apps/api/drizzle',
    'packages/shared/src',
  ]);
}

/** Makes sure apps/web/dist (the production SPA the API serves) is there and newer than its sources. */
export function ensureWebBuilt(): void {
  ensureBuilt('@wellspring/web', WEB_INDEX_HTML, [
    'apps/web/src',
    'apps/web/public',
    'apps/web/build',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/package.json',
    'packages/shared/src',
  ]);
}
