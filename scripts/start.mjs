// `npm start`: builds whatever is missing or older than its sources, then serves the product.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The newest modification time under a source path, which may be a folder or a single file. */
function newestMtime(source) {
  if (!existsSync(source)) return 0;
  const stat = statSync(source);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(source, entry.name)));
  }
  return newest;
}

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => newestMtime(path.join(root, s)) > built);
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = ['packages/shared/src'];
if (
  isStale(path.join(root, 'apps/web/dist/index.html'), [
    ...shared,
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
  ])
) {
  console.info('Building the web app…');
  run('npm', ['run', 'build', '-w', '@wellspring/web']);
}
if (isStale(path.join(root, 'apps/api/dist/server.js'), [...shared, 'apps/api/src'])) {
  console.info('Building the API…');
  run('npm', ['run', 'build', '-w', '@wellspring/api']);
}

const server = await import(path.join(root, 'apps/api/dist/server.js'));
void server;
