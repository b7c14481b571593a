import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Preferences } from '@wellspring/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPreferences, failure } from '@/test/test-utils';
import { openProfileDialog } from '../testing/open-profile-dialog';
import { REMINDER_TEXTS } from './reminder-setting';

/** A VAPID public key: 65 bytes, an uncompressed point (0x04 first). */
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const PUBLIC_KEY = Buffer.from(KEY_BYTES).toString('base64url');
const ENDPOINT = 'https://push.example/device-1';

/**
 * jsdom has no Push API or Notifications: a browser with a service worker whose PushManager
 * subscribes, and a Notification whose permission answers as told.
 */
function installPush(
  options: { permission?: NotificationPermission; answer?: NotificationPermission } = {},
) {
  let current: {
    endpoint: string;
    options: { applicationServerKey: ArrayBuffer | null };
    toJSON: () => PushSubscriptionJSON;
    unsubscribe: ReturnType<typeof vi.fn>;
  } | null = null;
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (opts: { applicationServerKey: Uint8Array }) => {
      current = {
        endpoint: ENDPOINT,
        options: { applicationServerKey: opts.applicationServerKey.slice().buffer },
        toJSON: () => ({
          endpoint: ENDPOINT,
          keys: { p256dh: 'BDevicePublicKey', auth: 'DeviceAuth' },
        }),
        unsubscribe,
      };
      return current;
    }),
  };
  const registration = { pushManager };
  vi.stubGlobal(
    'navigator',
    Object.create(navigator, {
      serviceWorker: {
        value: {
          getRegistration: vi.fn(async () => registration),
          ready: Promise.resolve(registration),
        },
      },
    }),
  );
  vi.stubGlobal('PushManager', function PushManager() {});
  const notification = {
    permission: options.permission ?? 'default',
    requestPermission: vi.fn(async () => {
      notification.permission = options.answer ?? 'granted';
      return notification.permission;
    }),
  };
  vi.stubGlobal('Notification', notification);
  return { pushManager, notification, unsubscribe, subscribed: () => current };
}

/** The profile dialog with an API that keeps the preferences and subscriptions it is sent. */
async function openReminder(initial: Preferences = buildPreferences()) {
  let stored = initial;
  const subscriptions: unknown[] = [];
  const view = await openProfileDialog('Profile', {
    'GET /preferences': () => stored,
    'PATCH /preferences': (call) => (stored = { ...stored, ...(call.body as object) }),
    'GET /push/key': () => ({ publicKey: PUBLIC_KEY }),
    'POST /push/subscriptions': (call) => {
      subscriptions.push(call.body);
      return { endpoint: ENDPOINT, createdAt: '2026-03-10T12:00:00.000Z' };
    },
    'POST /auth/logout': () => ({}),
  });
  const section = within(view.dialog).getByRole('region', { name: 'Check-in reminder' });
  const toggle = within(section).getByRole('switch', { name: /remind me to check in/i });
  await waitFor(() => expect(toggle).toHaveAttribute('aria-disabled', 'false'));
  return { ...view, section, toggle, stored: () => stored, subscriptions };
}

const patches = (calls: { method: string; path: string; body?: unknown }[]) =>
  calls.filter((c) => c.method === 'PATCH' && c.path === '/preferences').map((c) => c.body);

afterEach(() => vi.unstubAllGlobals());

describe('the check-in reminder in the profile dialog', () => {
  it('turns on: asks permission, subscribes with the server key, sends the subscription, saves', async () => {
    const push = installPush();
    const { section, toggle, calls, subscriptions, stored } = await openReminder();
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);

    await within(section).findByText(REMINDER_TEXTS.on);
    expect(push.notification.requestPermission).toHaveBeenCalledOnce();
    const { applicationServerKey, userVisibleOnly } = push.pushManager.subscribe.mock
      .calls[0]![0] as {
      applicationServerKey: Uint8Array;
      userVisibleOnly: boolean;
    };
    expect(userVisibleOnly).toBe(true);
    expect([...applicationServerKey]).toEqual([...KEY_BYTES]);
    expect(subscriptions).toEqual([
      {
        id: expect.any(String),
        endpoint: ENDPOINT,
        keys: { p256dh: 'BDevicePublicKey', auth: 'DeviceAuth' },
      },
    ]);
    expect(patches(calls)).toEqual([
      {
        reminder: { enabled: true, time: '20:00', weekdays: buildPreferences().reminder.weekdays },
      },
    ]);
    expect(stored().reminder.enabled).toBe(true);
    expect(toggle).toBeChecked();
    expect(toggle).toHaveFocus();
  });

  it('gives up a subscription another sign-in holds and sends a new one of its own, once', async () => {
    const push = installPush({ permission: 'granted' });
    const posted: unknown[] = [];
    const view = await openProfileDialog('Profile', {
      'GET /preferences': () => buildPreferences(),
      'PATCH /preferences': (call) => ({ ...buildPreferences(), ...(call.body as object) }),
      'GET /push/key': () => ({ publicKey: PUBLIC_KEY }),
      'POST /push/subscriptions': (call) => {
        posted.push(call.body);
        return posted.length === 1
          ? failure(409, 'PUSH_ENDPOINT_TAKEN', 'taken')
          : { endpoint: ENDPOINT, createdAt: '2026-03-10T12:00:00.000Z' };
      },
    });
    const section = within(view.dialog).getByRole('region', { name: 'Check-in reminder' });
    const toggle = within(section).getByRole('switch', { name: /remind me to check in/i });
    await waitFor(() => expect(toggle).toHaveAttribute('aria-disabled', 'false'));
    await userEvent.click(toggle);

    await within(section).findByText(REMINDER_TEXTS.on);
    expect(posted).toHaveLength(2);
    expect(push.unsubscribe).toHaveBeenCalledOnce();
    expect(push.pushManager.subscribe).toHaveBeenCalledTimes(2);
  });

  it('explains kindly and saves nothing when notifications are refused', async () => {
    const push = installPush({ answer: 'denied' });
    const { section, toggle, calls } = await openReminder();
    await userEvent.click(toggle);
    await within(section).findByText(REMINDER_TEXTS.denied);
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls.some((c) => c.path.startsWith('/push'))).toBe(false);
    expect(patches(calls)).toEqual([]);
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveFocus();
  });

  it('says so when this browser cannot show reminders, and asks nothing', async () => {
    // jsdom as it is: no service worker, no PushManager, no Notification.
    const { section, toggle, calls } = await openReminder();
    await userEvent.click(toggle);
    await within(section).findByText(REMINDER_TEXTS.unsupported);
    expect(patches(calls)).toEqual([]);
    expect(toggle).not.toBeChecked();
  });

  it('turns off: saves it and unsubscribes this browser', async () => {
    const push = installPush({ permission: 'granted' });
    const { section, toggle, calls } = await openReminder();
    await userEvent.click(toggle);
    await within(section).findByText(REMINDER_TEXTS.on);
    expect(push.subscribed()).not.toBeNull();

    await userEvent.click(toggle);
    await within(section).findByText(REMINDER_TEXTS.off);
    expect(push.notification.requestPermission).not.toHaveBeenCalled(); // already granted
    expect(patches(calls).at(-1)).toEqual({
      reminder: expect.objectContaining({ enabled: false }),
    });
    expect(push.unsubscribe).toHaveBeenCalledOnce();
    expect(toggle).not.toBeChecked();
  });

  it('saves a new time and the chosen weekdays', async () => {
    installPush();
    const on = buildPreferences({
      reminder: { ...buildPreferences().reminder, enabled: true, time: '20:00' },
    });
    const { section, calls } = await openReminder(on);
    const time = within(section).getByLabelText('Time');
    await userEvent.clear(time);
    await userEvent.type(time, '07:45');
    await userEvent.tab();
    await waitFor(() =>
      expect(patches(calls).at(-1)).toEqual({
        reminder: expect.objectContaining({ enabled: true, time: '07:45' }),
      }),
    );

    await userEvent.click(within(section).getByRole('checkbox', { name: 'Sunday' }));
    await waitFor(() =>
      expect(patches(calls).at(-1)).toEqual({
        reminder: {
          enabled: true,
          time: '07:45',
          weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
        },
      }),
    );
    expect(within(section).getByRole('checkbox', { name: 'Sunday' })).not.toBeChecked();
    expect(within(section).getByRole('checkbox', { name: 'Monday' })).toBeChecked();
  });

  it('logging out unsubscribes this browser too', async () => {
    const push = installPush({ permission: 'granted' });
    const { section, toggle, dialog } = await openReminder();
    await userEvent.click(toggle);
    await within(section).findByText(REMINDER_TEXTS.on);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(push.unsubscribe).toHaveBeenCalledOnce());
  });
});
