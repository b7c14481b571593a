import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addTask, createUser, openDiaryAsInstalled, openSignedIn } from './first-week-setup';

/*
 * The installable app and offline use (decision 042) in Chromium at 390 px: the app is installable
 * (manifest linked and valid, service worker active), opens offline to the last data seen, keeps
 * today's mood and diary on the device while offline and sends them once when the network returns,
 * keeps the writes that cannot wait disabled with their reason, and offers a new version quietly.
 *
 * The update is simulated by changing the served sw.js (one byte more, as a new build would) and
 * asking the registration to check: the browser installs the changed worker, which waits, and
 * the page shows "Update available" with Reload. The file is put back afterwards.
 */

test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });

const WEB_DIST =
  process.env.E2E_WEB_DIST ?? path.resolve(import.meta.dirname, '..', 'apps', 'web', 'dist');

/** Waits until the query cache kept on the device holds `text` (saved at most once a second). */
async function waitForSavedCache(page: Page, text: string) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<string>((resolve) => {
              const open = indexedDB.open('wellspring-device');
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('cache')) return resolve('');
                const get = db.transaction('cache').objectStore('cache').get('query-cache');
                get.onsuccess = () => resolve(String(get.result ?? ''));
                get.onerror = () => resolve('');
              };
              open.onerror = () => resolve('');
            }),
        ),
      { timeout: 10_000 },
    )
    .toContain(text);
}

test('installable, usable offline, writes sent once back online, update offered', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const user = await createUser(page.request, baseURL!, 'offline', {
    mood: 'Happy',
    goalTarget: 50_000,
  });
  const task = await addTask(page.request, user);

  // Install criteria: the manifest is linked and valid, the service worker becomes active.
  await openSignedIn(page, user, '/app/diary');
  await expect(page.getByRole('heading', { name: "Today's Diary" })).toBeVisible();
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const manifestAnswer = await page.request.get(manifestHref!);
  expect(manifestAnswer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await manifestAnswer.json()) as Record<string, unknown> & {
    icons: { sizes: string; purpose: string; src: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Wellspring',
    short_name: 'Wellspring',
    display: 'standalone',
    start_url: '/app/dashboard',
    scope: '/',
  });
  for (const size of ['192x192', '512x512']) {
    for (const purpose of ['any', 'maskable']) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.purpose === purpose);
      expect(icon, `${size} ${purpose}`).toBeDefined();
      const image = await page.request.get(icon!.src);
      expect(image.headers()['content-type']).toBe('image/png');
    }
  }
  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state;
  });
  expect(['activating', 'activated']).toContain(state);

  // The dashboard seen once online, under the worker's control, and kept on the device.
  await page.goto('/app/dashboard');
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
  const ongoing = page.getByRole('region', { name: 'Ongoing Tasks' });
  await expect(ongoing.getByText(task.title)).toBeVisible();
  await waitForSavedCache(page, task.title);

  // Chromium's own installability check (the one Lighthouse's PWA audit reported): no errors.
  const cdp = await context.newCDPSession(page);
  const { errors: manifestErrors } = (await cdp.send('Page.getAppManifest')) as {
    errors: unknown[];
  };
  expect(manifestErrors).toEqual([]);
  await expect
    .poll(async () => {
      const answer = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      // Playwright's contexts are off the record, which Chromium reports too: not the app's.
      return answer.installabilityErrors
        .map((error) => error.errorId)
        .filter((id) => id !== 'in-incognito');
    })
    .toEqual([]);
  await cdp.detach();

  // Offline: a reload opens the dashboard with the last data, and says it is offline.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('You are offline', { exact: false })).toBeVisible();
  await expect(ongoing.getByText(task.title)).toBeVisible();

  // Today's mood, set offline: shown at once, marked as waiting.
  await page
    .getByRole('group', { name: "Today's mood" })
    .getByRole('button', { name: 'Sad' })
    .click();
  await expect(page.getByTestId('mood-pending')).toBeVisible();

  // Completing a task cannot wait: disabled, with its reason.
  await ongoing.getByText(task.title).click();
  const dialog = page.getByRole('dialog');
  const complete = dialog.getByRole('button', { name: 'Complete' });
  await expect(complete).toBeDisabled();
  await expect(dialog.getByText('You are offline: this needs a connection.')).toBeVisible();
  await page.keyboard.press('Escape');

  // Today's diary, written offline on the diary page (opened from the worker's copy).
  await page.goto('/app/diary');
  const text = `Written with no network ${Date.now()}`;
  await page.getByRole('textbox').first().fill(text);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(
    page.getByText('Saved on this device, sent when you are back online.').first(),
  ).toBeVisible();

  // Back online: both writes arrive, once each, and the waiting marks go.
  const backOnlineAt = Date.now();
  await context.setOffline(false);
  await expect(page.getByText('You are offline', { exact: false })).toHaveCount(0);
  await expect
    .poll(async () => {
      const answer = await page.request.get(`${user.api}/diary?id=${user.id}`, {
        headers: user.headers,
      });
      const { data } = (await answer.json()) as { data: { content: string }[] };
      return data.filter((entry) => entry.content === text).length;
    })
    .toBe(1);
  // The round trip: network back to both writes stored.
  console.info(`offline round trip: ${Date.now() - backOnlineAt} ms`);
  const userAnswer = await page.request.get(`${user.api}/user?id=${user.id}`, {
    headers: user.headers,
  });
  expect(((await userAnswer.json()) as { data: { mood: string } }).data.mood).toBe('Sad');
  await expect(page.getByText('Saved on this device, sent when you are back online.')).toHaveCount(
    0,
  );
  const diaries = await page.request.get(`${user.api}/diary?id=${user.id}`, {
    headers: user.headers,
  });
  expect(((await diaries.json()) as { data: unknown[] }).data).toHaveLength(1);

  // A new version: offered quietly, applied only when the user presses Reload.
  const swFile = path.join(WEB_DIST, 'sw.js');
  const original = readFileSync(swFile, 'utf8');
  try {
    writeFileSync(swFile, `${original}\n// a new build ${Date.now()}\n`);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await expect(page.getByText('Update available')).toBeVisible({ timeout: 20_000 });
    const url = page.url();
    // Wait for the load from before the click: the reload can finish before a wait set up after it.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    expect(page.url()).toBe(url);
    await expect(page.getByText('Update available')).toHaveCount(0);
  } finally {
    writeFileSync(swFile, original);
  }
});

test('a diary written offline for a day that already has one is refused kindly, its text kept', async ({
  page,
  context,
  baseURL,
}) => {
  const user = await createUser(page.request, baseURL!, 'offline-409', { mood: 'Happy' });
  const editor = await openDiaryAsInstalled(page, user);

  // Offline here, while another device writes today's entry.
  await context.setOffline(true);
  await expect(page.getByText('You are offline', { exact: false })).toBeVisible();
  const other = await page.request.post(`${user.api}/diary`, {
    headers: user.headers,
    data: { content: 'Written on the other device', id: user.id },
  });
  expect(other.ok(), await other.text()).toBe(true);

  const text = `My evening, written offline ${Date.now()}`;
  await editor.fill(text);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(
    page.getByText('Saved on this device, sent when you are back online.').first(),
  ).toBeVisible();

  await context.setOffline(false);
  const notice = page.getByRole('region', { name: 'Today already has a diary entry' });
  await expect(notice).toBeVisible();
  await expect(
    notice.getByRole('textbox', { name: 'The diary entry you wrote offline' }),
  ).toHaveValue(text);
  // The server kept the one entry it had; the refused text is never resent.
  const answer = await page.request.get(`${user.api}/diary?id=${user.id}`, {
    headers: user.headers,
  });
  const { data } = (await answer.json()) as { data: { content: string }[] };
  expect(data.map((entry) => entry.content)).toEqual(['Written on the other device']);

  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
});

test.describe('a diary written offline before midnight and sent after it (decision 057)', () => {
  /** UTC+12 all year: the spec reads the user's days there, in the browser and on the server. */
  const ZONE = 'Etc/GMT-12';
  const ZONE_OFFSET_MS = 12 * 60 * 60 * 1000;
  test.use({ timezoneId: ZONE });

  /** A day in ZONE (YYYY-MM-DD) of an instant. */
  const dayInZone = (instant: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(instant);

  test('is saved for the day it was written, and the new day stays free', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const today = dayInZone(new Date());
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    // 23:57 on the evening before, in ZONE: the browser's clock; the server's is the real one.
    const evening = new Date(Date.UTC(y, m - 1, d - 1, 23, 57, 0) - ZONE_OFFSET_MS);
    const yesterday = dayInZone(evening);
    const user = await createUser(page.request, baseURL!, 'offline-midnight', {
      timeZone: ZONE,
      mood: 'Happy',
    });

    await page.clock.install({ time: evening });
    const editor = await openDiaryAsInstalled(page, user);

    await context.setOffline(true);
    await expect(page.getByText('You are offline', { exact: false })).toBeVisible();
    const text = `Late evening words, written offline ${Date.now()}`;
    await editor.fill(text);
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(
      page.getByText('Saved on this device, sent when you are back online.').first(),
    ).toBeVisible();

    // Midnight passes on the device, then the network returns.
    await page.clock.setSystemTime(new Date());
    await context.setOffline(false);
    await expect
      .poll(
        async () => {
          const answer = await page.request.get(`${user.api}/diary?id=${user.id}`, {
            headers: user.headers,
          });
          return ((await answer.json()) as { data: { date: string; content: string }[] }).data;
        },
        { timeout: 15_000 },
      )
      .toEqual([expect.objectContaining({ date: yesterday, content: text })]);
    // The new day has no entry yet: its form is open, and no write was refused.
    await page.reload();
    await expect(page.getByRole('textbox').first()).toBeEditable();
    await expect(page.getByTestId('refused-write')).toHaveCount(0);
  });
});
