// CI's size check (decisions 038 and 049): builds the web app as production does, with its Vite
// manifest, into a temporary folder, and fails when a page's JavaScript is over its budget
// (scripts/lib/route-budgets.mjs), naming the page. The landing page counts what its built
// home/landing.html loads (at most 60 kB); the app's pages their route's chunks. Deterministic: the
// same sources give the same chunks and the same sizes. BUDGETS_DIST=<a build made with --manifest>
// reads that build instead.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './lib/processes.mjs';
import { budgetReport, measureBuild } from './lib/route-budgets.mjs';

function build() {
  const dist = mkdtempSync(path.join(tmpdir(), 'budgets-'));
  console.info(`Building apps/web into ${dist} (vite build --manifest)…`);
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
    {
      cwd: path.join(ROOT, 'apps', 'web'),
      stdio: 'inherit',
      env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    },
  );
  if (result.status !== 0) throw new Error('the web build failed');
  return dist;
}

/**
 * A text only React Router's development build carries (its default error page's note to the
 * developer): vite.config.ts points the build at the production one.
 * @param {string} dist
 */
function reactRouterDevelopmentFiles(dist) {
  const assets = path.join(dist, 'assets');
  return readdirSync(assets).filter(
    (file) =>
      file.endsWith('.js') &&
      readFileSync(path.join(assets, file), 'utf8').includes('Hey developer'),
  );
}

const given = process.env.BUDGETS_DIST;
const dist = given ?? build();
try {
  const { lines, failures } = budgetReport(measureBuild(dist));
  for (const file of reactRouterDevelopmentFiles(dist)) {
    failures.push(
      `${file} holds React Router's development build: see REACT_ROUTER_PRODUCTION in apps/web/vite.config.ts`,
    );
  }
  console.info('\nJavaScript per page, gzip:\n');
  for (const line of lines) console.info(line);
  if (failures.length > 0) {
    console.error('');
    for (const failure of failures) console.error(failure);
    process.exitCode = 1;
  } else {
    console.info('\nEvery page is within its budget.');
  }
} finally {
  if (!given) rmSync(dist, { recursive: true, force: true });
}
