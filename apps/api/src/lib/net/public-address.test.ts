import { describe, expect, it } from 'vitest';
import { hostAddress, isLoopbackAddress, isPublicAddress } from './public-address';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '192.0.2.10',
    '198.18.0.1',
    '224.0.0.251',
    '239.255.255.250',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '2001:db8::1',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '142.250.180.10',
    '8.8.8.8',
    '172.32.0.1',
    '2a00:1450:4001:82b::200a',
    '::ffff:8.8.8.8',
  ])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses what is not an IP address', () => {
    expect(isPublicAddress('localhost')).toBe(false);
    expect(isPublicAddress('fcm.googleapis.com')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });
});

describe('isLoopbackAddress', () => {
  it('is 127.0.0.0/8 and ::1, in either form, and nothing else', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of ['10.0.0.1', '0.0.0.0', '::', '8.8.8.8', 'localhost']) {
      expect(isLoopbackAddress(address), address).toBe(false);
    }
  });
});

describe('hostAddress', () => {
  it('answers the address of an IP host, bracketed or not, and null for a name', () => {
    expect(hostAddress('127.0.0.1')).toBe('127.0.0.1');
    expect(hostAddress('[::1]')).toBe('::1');
    expect(hostAddress('[::ffff:7f00:1]')).toBe('::ffff:7f00:1');
    expect(hostAddress('fcm.googleapis.com')).toBeNull();
  });
});
