/**
 * The JavaScript each route of the web app loads, from the production build's Vite manifest (no
 * route above 160 kB gzip, decision 038). The pages, the way they are counted and their budgets are
 * in scripts/lib/route-budgets.mjs, which CI's `npm run check:budgets` uses as well (decisions 038
 * and 049: the landing page as the server sends it, its built HTML and the scripts that loads, at
 * most 60 kB).
 *
 * Run: npm run bench:routes (builds apps/web into a temporary folder with --manifest), or
 * ROUTES_DIST=<a build made with --manifest> to read a build that is there. Exits 1 when a route
 * is over its budget or a lazy route module of the build is missing from the table.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../scripts/lib/processes.mjs';
import { budgetReport, measureBuild } from '../scripts/lib/route-budgets.mjs';

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
  const { lines, failures } = budgetReport(measureBuild(dist));
  console.info('\nJavaScript per route, gzip:\n');
  for (const line of lines) console.info(line);
  if (failures.length > 0) {
    console.error('');
    for (const failure of failures) console.error(failure);
    process.exitCode = 1;
  }
}

main();
