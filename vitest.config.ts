import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/** What the API suite's two projects share. */
const API_TEST = {
  root: './apps/api',
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  setupFiles: ['./test/setup.ts'],
  globalSetup: ['./test/global-setup.ts'],
} as const;

/**
 * API test files that watch which modules a server loads, so need a module graph of their own:
 * they run in the `api-isolated` project. Every other API file shares its worker's modules
 * (decision 070).
 */
const API_OWN_MODULES = ['src/modules/auth/oidc/dev-provider-loading.test.ts'];

export default defineConfig({
  test: {
    // One worker a core: Vitest's default leaves one of this machine's two idle (decision 070).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'scripts',
          root: './scripts',
          include: ['**/*.test.mjs'],
          environment: 'node',
        },
      },
      {
        test: {
          ...API_TEST,
          name: 'api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...API_OWN_MODULES],
          // Each file builds its own app on its own database; loading Fastify, Drizzle and
          // PGlite's WebAssembly once a worker instead of once a file halves the suite.
          isolate: false,
        },
      },
      { test: { ...API_TEST, name: 'api-isolated', include: API_OWN_MODULES } },
      './apps/web/vitest.config.ts',
    ],
  },
});
