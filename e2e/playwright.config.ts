import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** A port nothing listens on right now. */
function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// Workers load this file again: the port and the data folder are chosen once, by the runner,
// and handed down through the environment.
process.env.E2E_PORT ??= String(await findFreePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'wellspring-e2e-'));
// The mail server the product sends to (smtp-sink.mjs); specs read the mails from E2E_MAIL_DIR.
process.env.E2E_SMTP_PORT ??= String(await findFreePort());
process.env.E2E_MAIL_DIR ??= mkdtempSync(path.join(tmpdir(), 'wellspring-e2e-mail-'));
const port = Number(process.env.E2E_PORT);
const smtpPort = Number(process.env.E2E_SMTP_PORT);
const baseURL = `http://127.0.0.1:${port}`;

/** Chromium from the system: never a downloaded browser. */
const launchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

/**
 * The specs the phone width runs too (decisions 067 and 070): those whose phone layout is what
 * they test (the menu, the task sheet, the toasts' place, the landing page's sections menu, the
 * frame painted ahead), or that sweep every page at that width (axe, the console). A spec that
 * sets the phone's width itself where it matters, or whose flow is the same at any width, runs
 * once, in the desktop project.
 */
const PHONE_SPECS = [
  'a11y',
  'auth-flow',
  'every-page',
  'first-week-back-button',
  'first-week-tasks',
  'first-week-toasts-and-menu',
  'public-pages',
  'slow-network',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(repoRoot, 'test-results'),
  fullyParallel: true,
  forbidOnly: true,
  // In CI one retry absorbs a timing flake on a busy machine; a retried test is still reported.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions,
    // The product's service worker (decision 042) would answer later navigations from its cache,
    // out of page.route's reach: only offline.spec.ts, which is about it, lets it run.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'phone',
      testMatch: PHONE_SPECS.map((name) => `**/${name}.spec.ts`),
      use: { ...devices['Desktop Chrome'], viewport: { width: 450, height: 900 }, launchOptions },
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1400, height: 900 }, launchOptions },
    },
  ],
  webServer: [
    {
      command: 'node e2e/smtp-sink.mjs',
      cwd: repoRoot,
      port: smtpPort,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_SMTP_PORT: String(smtpPort), E2E_MAIL_DIR: process.env.E2E_MAIL_DIR },
    },
    {
      // The built product (npm run test:e2e builds it first) on a fresh database.
      command: 'node apps/api/dist/server.js',
      cwd: repoRoot,
      url: `${baseURL}/api/ready`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        // The specs sign in through the built-in development provider, which a production server
        // never mounts (docs/decisions/019).
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATA_DIR: process.env.E2E_DATA_DIR,
        // A web build of one's own (`vite build --outDir …`), for a spec run beside other work.
        ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
        RATE_LIMIT_AUTH_MAX: '1000',
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      },
    },
  ],
});
