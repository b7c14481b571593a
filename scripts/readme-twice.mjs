// The README's run command, followed as a newcomer does: from a clean clone of this repository's
// HEAD, `npm install && npm start`, wait for /api/health, stop; touch a source file so a rebuild
// happens, then the same command again, and /api/health again. Exits non-zero on any failure.
// Run by .ci/run: a second start, after a rebuild, must come up as the first one did.
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from './lib/ports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const START_TIMEOUT_MS = 8 * 60_000;

/** The README's run command, read from the README itself so the two cannot drift. */
function readmeRunCommand() {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const match = /## Run it\s+```sh\n([^\n]+)\n```/.exec(readme);
  if (!match) throw new Error('README.md has no "## Run it" command block');
  return match[1].trim();
}

async function waitForHealth(url, child, deadline) {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no answer from ${url} within ${START_TIMEOUT_MS / 1000} s`);
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function runOnce(dir, command, label) {
  const port = await findFreePort();
  const started = Date.now();
  const output = [];
  const child = spawn('sh', ['-c', command], {
    cwd: dir,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      NODE_ENV: 'development',
      npm_config_fund: 'false',
      npm_config_audit: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => output.push(d));
  child.stderr.on('data', (d) => output.push(d));
  try {
    await waitForHealth(`http://127.0.0.1:${port}/api/health`, child, started + START_TIMEOUT_MS);
    console.info(
      `${label}: /api/health answered after ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    console.error(Buffer.concat(output).toString('utf8').slice(-4000));
    throw new Error(`${label}: ${error.message}`);
  } finally {
    await stop(child);
  }
}

const command = readmeRunCommand();
const dir = mkdtempSync(path.join(os.tmpdir(), 'wellspring-readme-'));
try {
  execSync(`git clone --quiet "${root}" "${dir}"`, { stdio: 'inherit' });
  console.info(`Cloned HEAD into ${dir}; running \`${command}\` twice`);
  await runOnce(dir, command, 'first start');
  // A source edit after the first build: the second start must rebuild, then serve.
  const touched = path.join(dir, 'apps/web/src/main.tsx');
  const now = new Date();
  utimesSync(touched, now, now);
  await runOnce(dir, command, 'second start, after touching a source file');
  await runOnce(dir, command, 'third start, nothing changed');
  console.info('readme-twice: 3 passed, 0 failed');
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
