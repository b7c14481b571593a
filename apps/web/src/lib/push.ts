/*
 * This browser's side of Web Push (decision 041): whether it can show reminders, subscribing with
 * the server's VAPID key through the service worker's PushManager, and unsubscribing (turning the
 * reminder off, logging out). The service worker's push handlers are in src/sw/push.ts.
 */

/** How long to wait for the service worker before saying reminders cannot work here. */
const SERVICE_WORKER_WAIT_MS = 10_000;

/** True when this browser has what reminders need: a service worker, Push and Notifications. */
export function canUsePush(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** Thrown when there is no service worker to receive pushes (the app is not installed yet). */
export class NoServiceWorkerError extends Error {
  constructor() {
    super('No service worker is active on this page');
    this.name = 'NoServiceWorkerError';
  }
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new NoServiceWorkerError()), SERVICE_WORKER_WAIT_MS),
  );
  if (!(await navigator.serviceWorker.getRegistration())) throw new NoServiceWorkerError();
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/**
 * This browser's subscription for the server's key: the one it has when made with the same key,
 * else a new one (an old one under another key is dropped first).
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionJSON> {
  const registration = await activeRegistration();
  const key = keyBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    const current = existing.options.applicationServerKey;
    const same =
      current !== null &&
      current !== undefined &&
      new Uint8Array(current).every((byte, i) => byte === key[i]) &&
      current.byteLength === key.byteLength;
    if (same) return existing.toJSON();
    await existing.unsubscribe();
  }
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  return subscription.toJSON();
}

/** Ends this browser's subscription, if it has one; answers its endpoint. Never throws. */
export async function unsubscribeThisBrowser(): Promise<string | null> {
  try {
    if (!canUsePush()) return null;
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return null;
    const endpoint = subscription.endpoint;
    await subscription.unsubscribe();
    return endpoint;
  } catch {
    return null;
  }
}
