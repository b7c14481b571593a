import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createUser, openDiaryAsInstalled, type ApiUser } from './first-week-setup';

/*
 * Logout on a shared computer (decision 065), at both widths: the first person signs in, writes
 * today's diary, loses the network and presses Logout, then closes the tab. The next person opens
 * the app in a new tab once the network is back: the landing page, nothing of the first person on
 * the device (localStorage, IndexedDB, Cache Storage, the screen), and the first person's session
 * ended on the server. With the service worker, as the installed app runs.
 */

test.use({ serviceWorkers: 'allow' });

/** Logout from the profile dialog, reached through the phone menu at phone width. */
async function logOutFromProfile(page: Page, user: ApiUser) {
  const isWide = (page.viewportSize()?.width ?? 0) > 1200;
  if (!isWide) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: `Open profile: ${user.name}` }).click();
  await page
    .getByRole('dialog', { name: 'Your Profile' })
    .getByRole('button', { name: 'Logout' })
    .click();
}

/** Every value the page's origin keeps: localStorage, every IndexedDB store, Cache Storage. */
function readEverythingKept(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const kept: string[] = [];
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i)!;
      kept.push(`${key}=${localStorage.getItem(key)}`);
    }
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const name of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const all = db.transaction(name).objectStore(name).getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error);
        });
        kept.push(`${info.name}/${name}=${JSON.stringify(values)}`);
      }
      db.close();
    }
    for (const cacheName of await caches.keys()) {
      const cache = await caches.open(cacheName);
      for (const request of await cache.keys()) {
        const answer = await cache.match(request);
        kept.push(`${cacheName} ${request.url}=${(await answer?.text()) ?? ''}`);
      }
    }
    return kept.join('\n');
  });
}

/** A second session of the user's, for the test's own look at the server. */
async function signInAgain(page: Page, user: ApiUser): Promise<{ Authorization: string }> {
  const answer = await page.request.post(`${user.api}/auth/login`, {
    data: { email: user.email, password: 'a calm password 123' },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return { Authorization: `Bearer ${((await answer.json()) as { token: string }).token}` };
}

/** Logout offline, the tab closed, the network back, a new tab: what the next person finds. */
async function expectNothingLeftForTheNextPerson(
  context: BrowserContext,
  page: Page,
  user: ApiUser,
  secrets: string[],
) {
  const token = user.headers.Authorization.replace('Bearer ', '');
  await logOutFromProfile(page, user);
  await expect(page).toHaveURL(/\/home\/landing$/);
  await page.close();

  await context.setOffline(false);
  const next = await context.newPage();
  await next.goto(`${user.base}/app/diary`);
  await expect(next).toHaveURL(/\/home\/landing$/);
  await expect(next.getByRole('heading', { level: 1 })).toBeVisible();
  for (const secret of [user.name, ...secrets]) {
    await expect(next.getByText(secret)).toHaveCount(0);
  }

  // The session ended on the server once the network was back, and the device let go of it.
  await expect
    .poll(
      async () => {
        const answer = await next.request.get(`${user.api}/user?id=${user.id}`, {
          headers: user.headers,
        });
        return answer.status();
      },
      { timeout: 20_000 },
    )
    .toBe(401);
  await expect
    .poll(async () => {
      const kept = await readEverythingKept(next);
      return [token, user.id, user.name, ...secrets].filter((secret) => kept.includes(secret));
    })
    .toEqual([]);
}

test('logout without a network signs the person out of the device at once', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const user = await createUser(page.request, baseURL!, 'shared-device', { mood: 'Happy' });
  const editor = await openDiaryAsInstalled(page, user);
  const text = `My own words on a shared computer ${Date.now()}`;
  await editor.fill(text);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect
    .poll(async () => {
      const answer = await page.request.get(`${user.api}/diary?id=${user.id}`, {
        headers: user.headers,
      });
      return ((await answer.json()) as { data: { content: string }[] }).data.length;
    })
    .toBe(1);

  await context.setOffline(true);
  await expect(page.getByText('You are offline', { exact: false })).toBeVisible();
  await expectNothingLeftForTheNextPerson(context, page, user, [text]);
});

test('a diary still waiting offline at logout is discarded, never sent', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const user = await createUser(page.request, baseURL!, 'shared-queued', { mood: 'Happy' });
  const editor = await openDiaryAsInstalled(page, user);

  await context.setOffline(true);
  await expect(page.getByText('You are offline', { exact: false })).toBeVisible();
  const text = `Written offline, then logged out ${Date.now()}`;
  await editor.fill(text);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(
    page.getByText('Saved on this device, sent when you are back online.').first(),
  ).toBeVisible();

  await expectNothingLeftForTheNextPerson(context, page, user, [text]);
  // The write left with its author: the server never received it.
  const headers = await signInAgain(page, user);
  const answer = await page.request.get(`${user.api}/diary?id=${user.id}`, { headers });
  expect(((await answer.json()) as { data: unknown[] }).data).toEqual([]);
});
