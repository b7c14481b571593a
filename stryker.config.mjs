// Mutation testing (issue 20, item 13; decision record "mutation testing"): `npm run test:mutation`.
// One file at a time while working: `npm run test:mutation -- --mutate <file>`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  mutate: [
    'packages/shared/src/domain/*.ts',
    '!packages/shared/src/domain/*.test.ts',
    'apps/api/src/modules/task/task.service.ts',
    'apps/api/src/modules/task/task.repository.ts',
    'apps/api/src/modules/goal/goal.service.ts',
    'apps/api/src/modules/goal/goal.repository.ts',
    'apps/api/src/modules/diary/diary.service.ts',
    'apps/api/src/modules/user/day-rollover.ts',
    'apps/api/src/modules/user/user.repository.ts',
    'apps/api/src/modules/account/import-account.ts',
    'apps/api/src/modules/account/import-rules.ts',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  ignorePatterns: ['reports', 'coverage', 'test-results', 'playwright-report', 'data', 'dist'],
  timeoutMS: 20000,
  dryRunTimeoutMinutes: 30,
  thresholds: { high: 95, low: 90, break: null },
};
