/// <reference lib="webworker" />
import { REMINDER_NOTIFICATION } from '@wellspring/shared';

/*
 * The service worker's Web Push part (decision 041): a push shows the one check-in notification and
 * a click on it opens (or focuses) the dashboard. The payload only ever carries a title, a body and
 * a same-origin path; anything else falls back to the product's own words.
 */

interface ReminderPayload {
  title: string;
  body: string;
  url: string;
}

/** Reads a push's payload, keeping only the known fields and a path on this origin. */
export function readPayload(text: string | null | undefined): ReminderPayload {
  const fallback: ReminderPayload = { ...REMINDER_NOTIFICATION };
  if (!text) return fallback;
  try {
    const data = JSON.parse(text) as Partial<ReminderPayload>;
    return {
      title: typeof data.title === 'string' ? data.title.slice(0, 100) : fallback.title,
      body: typeof data.body === 'string' ? data.body.slice(0, 200) : fallback.body,
      url:
        typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//')
          ? data.url
          : fallback.url,
    };
  } catch {
    return fallback;
  }
}

export function registerPushHandlers(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    const payload = readPayload(event.data?.text());
    event.waitUntil(
      sw.registration.showNotification(payload.title, {
        body: payload.body,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        tag: 'check-in',
        data: { url: payload.url },
      }),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = new URL(
      (event.notification.data as { url?: string } | null)?.url ?? REMINDER_NOTIFICATION.url,
      sw.location.origin,
    ).href;
    event.waitUntil(
      (async () => {
        const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((client) => new URL(client.url).origin === sw.location.origin);
        if (open) {
          await open.focus();
          await open.navigate(url);
          return;
        }
        await sw.clients.openWindow(url);
      })(),
    );
  });
}
