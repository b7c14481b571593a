import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { VapidKeys } from '../../lib/crypto/vapid-keys';
import {
  checkedLookup,
  PushAddressRefusedError,
  refusePushEndpoint,
  type PushEndpointPolicy,
  type ResolveAll,
} from './push-endpoint';

/** A device to reach: its push service endpoint and the keys its browser made. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What came of one send: the push service's HTTP status, or why nothing was sent (the endpoint is
 * not a push service's, or its name resolves to an address that is not public).
 */
export type SendOutcome = { status: number } | { refused: string };

/** Sends one encrypted message to one device. */
export interface PushSender {
  send(target: PushTarget, payload: string): Promise<SendOutcome>;
}

/** How long the push service keeps a reminder for a device that is offline: the same evening. */
export const REMINDER_TTL_SECONDS = 6 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and an aes128gcm body (RFC 8291), built by `web-push`
 * and sent over node:https. The endpoint is checked against the policy before each send, and the
 * connection's own name lookup checks the addresses it connects to (decision 063); redirects are
 * never followed, and each send gives up after `timeoutMs`.
 */
export function createWebPushSender(
  vapid: VapidKeys,
  options: { policy: PushEndpointPolicy; timeoutMs?: number; resolveAll?: ResolveAll },
): PushSender {
  const { policy, timeoutMs = SEND_TIMEOUT_MS } = options;
  // Agents of their own, so that every socket they keep alive was opened through the check.
  const lookup = checkedLookup(policy, options.resolveAll);
  const agents = {
    'https:': new https.Agent({ keepAlive: true, lookup }),
    'http:': new http.Agent({ keepAlive: true, lookup }),
  };
  return {
    async send(target, payload) {
      const refusal = refusePushEndpoint(target.endpoint, policy);
      if (refusal) return { refused: refusal };
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
      const url = new URL(details.endpoint);
      const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
      const client = url.protocol === 'https:' ? https : http;
      try {
        const status = await new Promise<number>((resolve, reject) => {
          const request = client.request(
            url,
            {
              method: details.method,
              headers: details.headers as http.OutgoingHttpHeaders,
              agent,
              signal: AbortSignal.timeout(timeoutMs),
            },
            (response) => {
              // The body says nothing the status does not; it is read and dropped.
              response.resume();
              resolve(response.statusCode ?? 0);
            },
          );
          request.on('error', reject);
          request.end(details.body ?? undefined);
        });
        return { status };
      } catch (err) {
        if (err instanceof PushAddressRefusedError) return { refused: err.message };
        throw err;
      }
    },
  };
}
