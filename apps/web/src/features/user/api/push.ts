import type { PushSubscriptionBody } from '@wellspring/shared';
import { api, ApiError, type SuccessBody } from '@/lib/api-client';
import { subscribeThisBrowser, unsubscribeThisBrowser } from '@/lib/push';

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

/**
 * Subscribes this browser and sends the subscription. An endpoint the server says another sign-in
 * holds (this browser's subscription of someone who used it before) is given up, and a new one of
 * this person's own is made and sent, once.
 */
export async function subscribeForReminders(userId: string): Promise<void> {
  const publicKey = await getPushKey();
  try {
    await postPushSubscription(userId, await subscribeThisBrowser(publicKey));
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'PUSH_ENDPOINT_TAKEN')) throw error;
    await unsubscribeThisBrowser();
    await postPushSubscription(userId, await subscribeThisBrowser(publicKey));
  }
}
