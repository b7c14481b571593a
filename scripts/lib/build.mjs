// The harness's builds (decision 029): whether a production build is older than its sources, and
// `npm run build -w <workspace>` when a script needs a fresh one. Plain node can import this file.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT, SERVER_JS } from './processes.mjs';

/** The SPA's entry page in its production build, which the API server serves in production. */
export const WEB_INDEX_HTML = path.join(ROOT, 'apps', 'web', 'dist', 'index.html');

const API_SOURCES = ['apps/api/src', 'apps/api/drizzle', 'packages/shared/src'];
const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
];

/**
 * The newest modification time under `dir` (a file answers its own), outside builds and deps.
 * @param {string} dir
 * @returns {number}
 */
function newestMtime(dir) {
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
 * Whether `output` is missing or older than any of `sources` (paths from the root).
 * @param {string} output
 * @param {string[]} sources
 */
export function isOlderThanSources(output, sources) {
  return (
    !existsSync(output) ||
    sources.some((s) => newestMtime(path.join(ROOT, s)) > statSync(output).mtimeMs)
  );
}

/**
 * Runs `npm run build -w <workspace>` unless `output` is there and newer than every source
 * (BENCH_BUILD=always rebuilds, BENCH_BUILD=never uses what is there).
 * @param {string} workspace
 * @param {string} output
 * @param {string[]} sources
 */
function ensureBuilt(workspace, output, sources) {
  const mode = process.env.BENCH_BUILD ?? 'auto';
  if (mode === 'never') return;
  if (mode !== 'always' && !isOlderThanSources(output, sources)) return;
  console.info(`Building ${workspace} (npm run build -w ${workspace})…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`the build of ${workspace} failed`);
}

/** Makes sure apps/api/dist/server.js is there and newer than its sources. */
export function ensureApiBuilt() {
  ensureBuilt('@wellspring/api', SERVER_JS, API_SOURCES);
}

/** Makes sure apps/web/dist (the production SPA the API serves) is there and newer than its sources. */
export function ensureWebBuilt() {
  ensureBuilt('@wellspring/web', WEB_INDEX_HTML, WEB_SOURCES);
}
