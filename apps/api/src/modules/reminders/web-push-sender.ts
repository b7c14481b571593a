import webpush from 'web-push';
import type { VapidKeys } from '../../lib/crypto/vapid-keys';

/** A device to reach: its push service endpoint and the keys its browser made. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Sends one encrypted message to one device; answers the push service's HTTP status. */
export interface PushSender {
  send(target: PushTarget, payload: string): Promise<{ status: number }>;
}

/** How long the push service keeps a reminder for a device that is offline: the same evening. */
export const REMINDER_TTL_SECONDS = 6 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and an aes128gcm body (RFC 8291), built by `web-push`
 * and sent with fetch. Only https endpoints are called unless `allowHttp` (tests and development
 * stand a local push service in); redirects are not followed.
 */
export function createWebPushSender(
  vapid: VapidKeys,
  options: { allowHttp?: boolean; timeoutMs?: number } = {},
): PushSender {
  return {
    async send(target, payload) {
      const url = new URL(target.endpoint);
      if (url.protocol !== 'https:' && !(options.allowHttp && url.protocol === 'http:')) {
        // Not a push service: nothing is sent, and the subscription is dropped like a gone one.
        return { status: 410 };
      }
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: {
            subject: vapid.subject,
            publicKey: vapid.publicKey,
            privateKey: vapid.privateKey,
          },
          TTL: REMINDER_TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
        },
      );
      const headers = Object.fromEntries(
        Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
      );
      // fetch sets Content-Length itself.
      delete headers['Content-Length'];
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers,
        body: details.body ? new Uint8Array(details.body) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? SEND_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      return { status: response.status };
    },
  };
}
