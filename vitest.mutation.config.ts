import { defineConfig } from 'vitest/config';

const narrowed = process.env.MUTATION_TESTS?.split(',').filter(Boolean);

/**
 * The Vitest projects `npm run test:mutation` runs (stryker.config.mjs): the domain's own tests,
 * and the API tests that cover the files holding business rules. The fuzz suite and the
 * 50-way races are left out: they prove other things and would multiply a run's time.
 * MUTATION_TESTS=<glob,glob> (relative to apps/api) narrows the API tests to one module's own.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/domain/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: narrowed ?? [
            'src/modules/user/day-rollover.test.ts',
            'src/modules/user/user-get.test.ts',
            'src/modules/user/user-patch.test.ts',
            'src/modules/user/user-diary-streak.test.ts',
            'src/modules/diary/*.test.ts',
            'src/modules/goal/*.test.ts',
            'src/modules/task/*.test.ts',
            'src/modules/account/account-*.test.ts',
            'src/modules/account/import-*.test.ts',
            'test/spec-contract-goal.test.ts',
            'test/spec-contract-task.test.ts',
            'test/spec-contract-diary-history.test.ts',
          ],
          // Stryker runs Vitest in worker threads, where process.umask() (the encryption-at-rest
          // test of the database files) is refused; that test checks no business rule.
          exclude: ['src/modules/diary/encryption.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['./test/setup.ts'],
        },
      },
    ],
  },
});
