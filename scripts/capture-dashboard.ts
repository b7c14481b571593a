/**
 * `npm run capture:dashboard`: the landing page's hero picture, taken from the product itself.
 * Starts the production build on a fresh embedded database, seeds a user through the API (a goal
 * under way, today's tasks, today's diary), opens /app/dashboard in Debian's Chromium at 1400 px
 * and writes two WebP screenshots to apps/web/public/images: dashboard-1200.webp and
 * dashboard-600.webp (the hero's srcset). Run it again after the dashboard changes.
 */
import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startApiServer } from './lib/api-server.mjs';
import { ensureApiBuilt, ensureWebBuilt } from './lib/build.mjs';
import { createPgliteStorage } from './lib/databases.mjs';
import { seedDemoUser } from './lib/demo-user';
import { onCleanup, ROOT, runMain } from './lib/processes.mjs';

/** The viewport the picture is taken at: the wide navigation bar shows above 1200 px. */
const VIEWPORT = { width: 1400, height: 957 };
/** The picture's widths; the hero's img is 1200 x 820 (VIEWPORT's ratio). */
const WIDTHS = [1200, 600];
const QUALITY = 82;
const OUT_DIR = path.join(ROOT, 'apps', 'web', 'public', 'images');

async function main() {
  ensureWebBuilt();
  ensureApiBuilt();
  const storage = await createPgliteStorage('capture-dashboard');
  const { child } = await startApiServer(storage.env);
  onCleanup(() => void child.stop('SIGKILL'));
  const session = await seedDemoUser(child.baseUrl, {
    name: 'Maya Rivers',
    acceptedTasks: 5,
    completedTasks: 2,
    goalTarget: 50_000,
    diary:
      'Walked by the river before work and the light was soft. Called my sister; we laughed ' +
      'about nothing in particular. Slept early and felt calmer than yesterday.',
  });

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--hide-scrollbars'],
  });
  onCleanup(() => browser.close());
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    locale: 'en-US',
  });
  await context.addInitScript(
    ({ token, userId }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('id', userId);
    },
    { token: session.token, userId: session.userId },
  );
  const page = await context.newPage();
  // The dashboard shows a clock: a calm morning hour of today reads better than the real one.
  const morning = new Date();
  morning.setHours(9, 41, 0, 0);
  await page.clock.setFixedTime(morning);
  await page.goto(`${child.baseUrl}/app/dashboard`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  if ((await page.getByRole('dialog').count()) > 0) {
    throw new Error('a dialog is open on the dashboard: the seeded user is not in its usual state');
  }
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images, (img) => (img.complete ? null : img.decode().catch(() => null))),
    );
  });
  // Let the last transitions settle (reduced motion shortens them, it does not remove them all).
  await page.waitForTimeout(500);

  const cdp = await context.newCDPSession(page);
  for (const width of WIDTHS) {
    const { data } = (await cdp.send('Page.captureScreenshot', {
      format: 'webp',
      quality: QUALITY,
      clip: { x: 0, y: 0, ...VIEWPORT, scale: width / VIEWPORT.width },
    })) as { data: string };
    const file = path.join(OUT_DIR, `dashboard-${width}.webp`);
    const bytes = Buffer.from(data, 'base64');
    writeFileSync(file, bytes);
    console.info(`${path.relative(ROOT, file)}: ${(bytes.length / 1000).toFixed(1)} kB`);
  }
  await browser.close();
  await child.stop();
}

runMain(main);
