import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { Env } from '../../config/env';
import { hostAddress, isLoopbackAddress, isPublicAddress } from '../../lib/net/public-address';

/**
 * The hosts of the browsers' push services (decision 063): Chrome's and Edge's FCM endpoints,
 * Firefox's autopush, Safari's Apple push and the Windows notification service. `*.` matches any
 * name below the suffix, not the suffix itself.
 */
export const KNOWN_PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

/** Which endpoints the server stores and sends to. */
export interface PushEndpointPolicy {
  /** Host names, exact or `*.suffix`, whose https endpoints are push services. */
  hosts: readonly string[];
  /** Outside production only: a test push service on loopback, over http or https. */
  allowLoopback: boolean;
}

/** The known push services, the operator's additions, and the loopback setting. */
export function pushEndpointPolicy(
  env: Pick<Env, 'PUSH_SERVICE_HOSTS' | 'PUSH_ALLOW_LOOPBACK'>,
): PushEndpointPolicy {
  return {
    hosts: [...KNOWN_PUSH_SERVICE_HOSTS, ...env.PUSH_SERVICE_HOSTS],
    allowLoopback: env.PUSH_ALLOW_LOOPBACK,
  };
}

/** What a person is told when their browser names an endpoint that is not a push service's. */
export const PUSH_ENDPOINT_REFUSED_MESSAGE =
  "The endpoint must be the https address of a browser's push service.";

function isListedHost(hostname: string, hosts: readonly string[]): boolean {
  return hosts.some((host) =>
    host.startsWith('*.') ? hostname.endsWith(host.slice(1)) : hostname === host,
  );
}

function isLoopbackHost(hostname: string): boolean {
  const address = hostAddress(hostname);
  return address ? isLoopbackAddress(address) : hostname === 'localhost';
}

/** True when an address may be connected to under the policy. */
function isAllowedAddress(address: string, policy: PushEndpointPolicy): boolean {
  return isPublicAddress(address) || (policy.allowLoopback && isLoopbackAddress(address));
}

/**
 * Why an endpoint is not a push service's address under the policy, or null when it is one. The
 * URL parser has already turned decimal, octal and hex forms of an IPv4 address into the dotted
 * one, so `https://2130706433/` is seen as 127.0.0.1.
 */
export function refusePushEndpoint(endpoint: string, policy: PushEndpointPolicy): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (url.username || url.password) return 'a URL with credentials';
  if (policy.allowLoopback && isLoopbackHost(url.hostname)) {
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'not http or https';
  }
  if (url.protocol !== 'https:') return 'not https';
  const address = hostAddress(url.hostname);
  if (address) return isAllowedAddress(address, policy) ? 'an IP address' : 'a non-public address';
  if (!isListedHost(url.hostname, policy.hosts)) return 'not a known push service';
  return null;
}

/** Thrown from the connection's name lookup when a push service's name resolves inside. */
export class PushAddressRefusedError extends Error {
  constructor(hostname: string) {
    super(`${hostname} resolves to an address that is not public`);
    this.name = 'PushAddressRefusedError';
  }
}

/** Every address a name resolves to (the system resolver; tests stand in another DNS). */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

const resolveWithSystem: ResolveAll = (hostname) => dnsLookup(hostname, { all: true });

/**
 * A `lookup` for the sockets that reach push services: it resolves the name at connect time and
 * hands the socket only addresses that were checked, refusing the name when any of its addresses
 * is not allowed, so a name that later resolves inside (DNS rebinding) never gets a connection.
 */
export function checkedLookup(
  policy: PushEndpointPolicy,
  resolveAll: ResolveAll = resolveWithSystem,
): LookupFunction {
  return (hostname, options, callback) => {
    resolveAll(hostname).then(
      (addresses) => {
        const family =
          options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const wanted = addresses.filter((a) => !family || a.family === family);
        if (wanted.length === 0 || !addresses.every((a) => isAllowedAddress(a.address, policy))) {
          callback(new PushAddressRefusedError(hostname), '', 0);
        } else if (options.all) {
          callback(null, wanted);
        } else {
          callback(null, wanted[0]!.address, wanted[0]!.family);
        }
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
