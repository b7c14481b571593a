import { BlockList, isIP } from 'node:net';

/*
 * Which IP addresses a server-side request may go to: public unicast only (decision 063). The
 * ranges are the IANA special-purpose registries' that a request must never reach: this machine,
 * the private networks behind it, link-local (the cloud metadata address), shared and reserved
 * space, documentation, multicast and the unspecified address. IPv4-mapped IPv6 addresses
 * (::ffff:a.b.c.d) are checked against the IPv4 ranges by BlockList itself.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 among it
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, 169.254.169.254 the metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, 255.255.255.255 among it
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the old IPv4-compatible form
  ['64:ff9b::', 96], // NAT64: would reach whatever IPv4 address it embeds
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments, Teredo among them
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

function family(address: string): 'ipv4' | 'ipv6' | null {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : null;
}

/** True for a public unicast IP address; false for any other address, or for something not an IP. */
export function isPublicAddress(address: string): boolean {
  const kind = family(address);
  return kind !== null && !NOT_PUBLIC.check(address, kind);
}

/** True for 127.0.0.0/8, ::1, and the IPv4-mapped form of a 127 address. */
export function isLoopbackAddress(address: string): boolean {
  const kind = family(address);
  return kind !== null && LOOPBACK.check(address, kind);
}

/** A URL's hostname as an IP address when it is one (`[::1]` → `::1`), else null. */
export function hostAddress(hostname: string): string | null {
  const bare =
    hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
}
