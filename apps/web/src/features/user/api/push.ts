import type { PushSubscriptionBody } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';

/** GET /v1/push/key: the server's VAPID public key. */
export async function getPushKey(): Promise<string> {
  const answer = await api.get<SuccessBody<{ publicKey: string }>>('/push/key');
  return answer.data.publicKey;
}

/** POST /v1/push/subscriptions: this browser's subscription, tied to this session. */
export async function postPushSubscription(
  userId: string,
  subscription: PushSubscriptionJSON,
): Promise<void> {
  const body: PushSubscriptionBody = {
    id: userId,
    endpoint: subscription.endpoint ?? '',
    keys: {
      p256dh: subscription.keys?.p256dh ?? '',
      auth: subscription.keys?.auth ?? '',
    },
  };
  await api.post('/push/subscriptions', body);
}
