// Lints the OpenAPI document the API publishes at /api/docs/json with Redocly's recommended rules.
//
//   npm run lint:openapi
//
// Builds the app in-process on an in-memory PGlite (PUBLIC_URL from the environment, else the
// default), writes its document to a temp file, runs `redocly lint --extends=recommended` on it
// and prints every problem. Exits non-zero on any error or warning: a client generator gets the
// document as it is (decision 030). Redocly's telemetry and update check are off.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildOpenApiDocument } from '../apps/api/test/openapi-document';

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: {
    ruleId: string;
    severity: string;
    message: string;
    location: { pointer: string }[];
  }[];
}

const doc = await buildOpenApiDocument(
  process.env.PUBLIC_URL ? { PUBLIC_URL: process.env.PUBLIC_URL } : {},
);
const dir = mkdtempSync(path.join(tmpdir(), 'ws-openapi-lint-'));
const file = path.join(dir, 'openapi.json');
writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const run = spawnSync(
  process.execPath,
  [cli, 'lint', file, '--extends=recommended', '--format=json'],
  {
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    maxBuffer: 64 * 1024 * 1024,
  },
);
rmSync(dir, { recursive: true, force: true });

let report: LintReport;
try {
  report = JSON.parse(run.stdout) as LintReport;
} catch {
  console.error(`redocly lint did not answer a report (exit ${run.status}):\n${run.stderr}`);
  process.exit(2);
}
const operations = Object.values(doc.paths).reduce(
  (n, methods) => n + Object.keys(methods).length,
  0,
);
for (const problem of report.problems) {
  const where = problem.location.map((l) => l.pointer).join(', ');
  console.log(
    `${problem.severity.padEnd(7)} ${problem.ruleId.padEnd(26)} ${where}: ${problem.message}`,
  );
}
const { errors, warnings } = report.totals;
console.log(
  `OpenAPI ${doc.openapi}, ${operations} operations: ${errors} errors, ${warnings} warnings ` +
    '(redocly lint, recommended rules)',
);
process.exit(errors + warnings === 0 ? 0 : 1);
