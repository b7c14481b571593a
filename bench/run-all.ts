/**
 * `npm run bench`: the API bench (bench/api.ts), the growth bench (bench/scale.ts), then the
 * capacity bench (bench/capacity.ts: what one active user costs), each in a process of its own so that none inherits the other's memory or open handles. Their
 * environment variables (BENCH_DURATION and the others) pass through. Exits non-zero if one fails.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../scripts/lib/processes.mjs';

const benches = ['api.ts', 'scale.ts', 'capacity.ts'];
let failed = 0;
for (const bench of benches) {
  console.info(`\n######## bench/${bench}\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench', bench)], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`bench/${bench} failed (${result.status ?? result.signal})`);
    failed += 1;
  }
}
process.exit(failed ? 1 : 0);
