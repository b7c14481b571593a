import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env';
import {
  checkedLookup,
  KNOWN_PUSH_SERVICE_HOSTS,
  PushAddressRefusedError,
  pushEndpointPolicy,
  refusePushEndpoint,
  type PushEndpointPolicy,
} from './push-endpoint';

const STRICT: PushEndpointPolicy = { hosts: KNOWN_PUSH_SERVICE_HOSTS, allowLoopback: false };
const LOOPBACK_TOO: PushEndpointPolicy = { ...STRICT, allowLoopback: true };

describe('refusePushEndpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:APA91b',
    'https://fcm.googleapis.com/wp/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
  ])('accepts the push service address %s', (endpoint) => {
    expect(refusePushEndpoint(endpoint, STRICT)).toBeNull();
  });

  it.each([
    ['http://fcm.googleapis.com/fcm/send/x', 'not https'],
    ['https://push.example.org/x', 'not a known push service'],
    ['https://fcm.googleapis.com.evil.example/x', 'not a known push service'],
    ['https://evilfcm.googleapis.com/x', 'not a known push service'],
    ['https://push.apple.com/x', 'not a known push service'], // `*.` needs a label before it
    ['https://notify.windows.com.example.org/x', 'not a known push service'],
    ['https://user:pw@fcm.googleapis.com/x', 'a URL with credentials'],
    ['https://127.0.0.1/internal-admin', 'a non-public address'],
    ['https://2130706433/', 'a non-public address'], // decimal 127.0.0.1
    ['https://0177.0.0.1/', 'a non-public address'], // octal
    ['https://0x7f.1/', 'a non-public address'], // hex, short form
    ['https://[::1]/', 'a non-public address'],
    ['https://[::ffff:127.0.0.1]/', 'a non-public address'],
    ['https://[::ffff:a9fe:a9fe]/latest', 'a non-public address'], // 169.254.169.254
    ['https://0.0.0.0/', 'a non-public address'],
    ['https://169.254.169.254/latest/meta-data', 'a non-public address'],
    ['https://192.168.1.1/', 'a non-public address'],
    ['https://[fd00::1]/', 'a non-public address'],
    ['https://[fe80::1]/', 'a non-public address'],
    ['https://[ff02::1]/', 'a non-public address'],
    ['https://8.8.8.8/', 'an IP address'],
    ['https://localhost/x', 'not a known push service'],
    ['ftp://fcm.googleapis.com/x', 'not https'],
    ['not a url', 'not a URL'],
  ])('refuses %s (%s)', (endpoint, reason) => {
    expect(refusePushEndpoint(endpoint, STRICT)).toBe(reason);
  });

  it('accepts a test push service on loopback only when the policy allows loopback', () => {
    for (const endpoint of [
      'http://127.0.0.1:4000/push/a',
      'https://127.0.0.1:4000/push/a',
      'http://localhost:4000/push/a',
      'http://[::1]:4000/push/a',
    ]) {
      expect(refusePushEndpoint(endpoint, LOOPBACK_TOO), endpoint).toBeNull();
      expect(refusePushEndpoint(endpoint, STRICT), endpoint).not.toBeNull();
    }
    // Loopback allowed is not the private networks allowed.
    expect(refusePushEndpoint('http://10.0.0.1/x', LOOPBACK_TOO)).toBe('not https');
    expect(refusePushEndpoint('https://10.0.0.1/x', LOOPBACK_TOO)).toBe('a non-public address');
  });

  it("takes the operator's extra hosts, exact or under a suffix", () => {
    const policy = pushEndpointPolicy(
      loadEnv({ PUSH_SERVICE_HOSTS: 'push.example.org, *.push.corp.example' }),
    );
    expect(refusePushEndpoint('https://push.example.org/x', policy)).toBeNull();
    expect(refusePushEndpoint('https://eu.push.corp.example/x', policy)).toBeNull();
    expect(refusePushEndpoint('https://fcm.googleapis.com/x', policy)).toBeNull();
    expect(refusePushEndpoint('https://other.example.org/x', policy)).not.toBeNull();
  });
});

describe('the push settings', () => {
  it('refuse PUSH_ALLOW_LOOPBACK in production, and an IP address among PUSH_SERVICE_HOSTS', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', PUSH_ALLOW_LOOPBACK: 'true' })).toThrow(
      /PUSH_ALLOW_LOOPBACK: not allowed in production/,
    );
    expect(
      loadEnv({ NODE_ENV: 'development', PUSH_ALLOW_LOOPBACK: 'true' }).PUSH_ALLOW_LOOPBACK,
    ).toBe(true);
    expect(loadEnv({}).PUSH_ALLOW_LOOPBACK).toBe(false);
    for (const hosts of ['127.0.0.1', '[::1]', 'push.example.org,10.0.0.1', 'http://x.example']) {
      expect(() => loadEnv({ PUSH_SERVICE_HOSTS: hosts }), hosts).toThrow(/PUSH_SERVICE_HOSTS/);
    }
  });
});

describe('checkedLookup', () => {
  const lookupWith = (policy: PushEndpointPolicy, answer: LookupAddress[], all = true) =>
    new Promise<{ err: Error | null; address: string | LookupAddress[] }>((resolve) => {
      checkedLookup(policy, async () => answer)('push.example.org', { all }, (err, address) =>
        resolve({ err, address }),
      );
    });

  it('hands the socket the public addresses a name resolves to', async () => {
    const answer = [
      { address: '142.250.180.10', family: 4 },
      { address: '2a00:1450:4001:82b::200a', family: 6 },
    ];
    expect(await lookupWith(STRICT, answer)).toEqual({ err: null, address: answer });
    expect(await lookupWith(STRICT, answer, false)).toEqual({
      err: null,
      address: '142.250.180.10',
    });
  });

  it('refuses the name when any address it resolves to is not public (DNS rebinding)', async () => {
    for (const inside of ['127.0.0.1', '10.0.0.5', '169.254.169.254', '::1', '::ffff:127.0.0.1']) {
      const { err } = await lookupWith(STRICT, [
        { address: '142.250.180.10', family: 4 },
        { address: inside, family: inside.includes(':') ? 6 : 4 },
      ]);
      expect(err, inside).toBeInstanceOf(PushAddressRefusedError);
    }
    expect((await lookupWith(STRICT, [])).err).toBeInstanceOf(PushAddressRefusedError);
  });

  it('lets loopback through only where the policy allows it', async () => {
    const loopback = [{ address: '127.0.0.1', family: 4 }];
    expect((await lookupWith(LOOPBACK_TOO, loopback)).err).toBeNull();
    expect(
      (await lookupWith(LOOPBACK_TOO, [{ address: '10.0.0.1', family: 4 }])).err,
    ).toBeInstanceOf(PushAddressRefusedError);
  });
});
