import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { createUser, openSignedIn, type ApiUser } from './first-week-setup';

/*
 * Reminders (decision 041) turned on in Chromium at 390 px with notification permission granted,
 * and the device's subscription reaches the server. The browser's push service is outside the
 * product, and headless Chromium refuses every push registration ("Registration failed - permission
 * denied", even with the push permission granted over CDP), so the page's PushManager stands in for
 * it here: it answers a subscription with a real P-256 key, as a browser's push service does. What
 * the server then sends to a push service is checked in apps/api (reminders.test.ts).
 */

test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });

// A push service's address (decision 063); nothing is sent to it in this spec.
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/e2e-device';

/** A PushManager that answers like a browser's push service, without reaching one. */
function standInPushService(endpoint: string) {
  let current: PushSubscription | null = null;
  const b64url = (bytes: ArrayBuffer) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  PushManager.prototype.getSubscription = async () => current;
  PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
      'deriveBits',
    ]);
    const p256dh = b64url(await crypto.subtle.exportKey('raw', pair.publicKey));
    const auth = b64url(crypto.getRandomValues(new Uint8Array(16)).buffer);
    const subscription = {
      endpoint,
      expirationTime: null,
      options: {
        userVisibleOnly: true,
        applicationServerKey: options?.applicationServerKey ?? null,
      },
      getKey: () => null,
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    } as unknown as PushSubscription;
    current = subscription;
    return subscription;
  };
}

async function preferencesOf(user: ApiUser, request: APIRequestContext) {
  const res = await request.get(`${user.api}/preferences?id=${user.id}`, {
    headers: user.headers,
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data as { reminder: { enabled: boolean; time: string } };
}

test('reminders turned on with permission granted: the subscription reaches the server', async ({
  page,
  context,
  request,
  problems,
}) => {
  await page.goto('/home/landing');
  const base = new URL(page.url()).origin;
  await context.grantPermissions(['notifications'], { origin: base });
  await page.addInitScript(standInPushService, ENDPOINT);
  const user = await createUser(request, base, 'reminders', { mood: 'Happy' });
  await openSignedIn(page, user, '/app/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The app's service worker is active: the page is controlled by it.
  await expect
    .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)))
    .toBe(true);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: `Open profile: ${user.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Your Profile' });
  const remind = dialog.getByRole('switch', { name: 'Remind me to check in' });
  await expect(remind).not.toBeChecked();

  const subscribed = page.waitForResponse(
    (res) => res.url().includes('/push/subscriptions') && res.request().method() === 'POST',
  );
  await remind.click();
  const answer = await subscribed;
  expect(answer.status(), await answer.text()).toBe(201);
  expect(answer.request().postDataJSON()).toMatchObject({
    id: user.id,
    endpoint: ENDPOINT,
    keys: { p256dh: expect.any(String), auth: expect.any(String) },
  });
  await expect(remind).toBeChecked();
  await expect.poll(async () => (await preferencesOf(user, request)).reminder.enabled).toBe(true);

  // Turned off, the reminder is saved off (and the server drops the device's subscriptions).
  await remind.click();
  await expect(remind).not.toBeChecked();
  await expect.poll(async () => (await preferencesOf(user, request)).reminder.enabled).toBe(false);
  expect(problems.messages).toEqual([]);
});
