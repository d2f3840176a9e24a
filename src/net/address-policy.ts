import { isIPv4, isIPv6 } from 'node:net';

/**
 * Decides whether an IP address may be fetched from on behalf of a user. The
 * fetcher runs inside our network, so anything that is not ordinary public
 * unicast (loopback, private, link-local, metadata endpoints, documentation,
 * multicast, reserved) is refused. IPv6 forms that carry an IPv4 address
 * (mapped, NAT64, 6to4) are judged by the IPv4 address they carry, because
 * that is where the packets end up.
 */

export interface AddressVerdict {
  isPublic: boolean;
  description: string;
}

interface Range4 {
  base: number;
  prefix: number;
  description: string;
}

function v4(text: string): number {
  const parts = text.split('.').map(Number);
  return ((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) >>> 0;
}

function range4(cidr: string, description: string): Range4 {
  const [base, prefix] = cidr.split('/');
  return { base: v4(base!), prefix: Number(prefix), description };
}

// Order matters only where ranges nest: the more specific entry comes first.
const NON_PUBLIC_V4: Range4[] = [
  range4('0.0.0.0/8', 'unspecified ("this network")'),
  range4('10.0.0.0/8', 'private (RFC 1918)'),
  range4('100.64.0.0/10', 'shared address space (CGNAT)'),
  range4('127.0.0.0/8', 'loopback'),
  range4('169.254.0.0/16', 'link-local'),
  range4('172.16.0.0/12', 'private (RFC 1918)'),
  range4('192.0.0.0/24', 'IETF protocol assignments'),
  range4('192.0.2.0/24', 'documentation (TEST-NET-1)'),
  range4('192.88.99.0/24', '6to4 relay anycast (deprecated)'),
  range4('192.168.0.0/16', 'private (RFC 1918)'),
  range4('198.18.0.0/15', 'benchmarking'),
  range4('198.51.100.0/24', 'documentation (TEST-NET-2)'),
  range4('203.0.113.0/24', 'documentation (TEST-NET-3)'),
  range4('224.0.0.0/4', 'multicast'),
  range4('255.255.255.255/32', 'broadcast'),
  range4('240.0.0.0/4', 'reserved'),
];

function inRange4(ip: number, range: Range4): boolean {
  if (range.prefix === 0) return true;
  const mask = (~0 << (32 - range.prefix)) >>> 0;
  return (ip & mask) >>> 0 === range.base;
}

function classifyV4(ip: number): AddressVerdict {
  for (const range of NON_PUBLIC_V4) {
    if (inRange4(ip, range)) return { isPublic: false, description: range.description };
  }
  return { isPublic: true, description: 'public' };
}

function parseV4(text: string): number | null {
  // node:net rejects leading zeros and out-of-range octets, so anything that
  // passes is the canonical dotted form and the plain split below is safe.
  return isIPv4(text) ? v4(text) : null;
}

/** Expands any valid IPv6 text (compressed, dotted tail) into one 128-bit number. */
export function parseV6(text: string): bigint | null {
  if (!isIPv6(text)) return null;
  let rest = text;
  const lastColon = rest.lastIndexOf(':');
  const last = rest.slice(lastColon + 1);
  if (last.includes('.')) {
    // A dotted tail ("::ffff:1.2.3.4") is just the last two groups spelled differently.
    const embedded = parseV4(last);
    if (embedded === null) return null;
    rest = `${rest.slice(0, lastColon + 1)}${(embedded >>> 16).toString(16)}:${(embedded & 0xffff).toString(16)}`;
  }
  const toGroups = (part: string): number[] => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  let groups: number[];
  const doubleColon = rest.indexOf('::');
  if (doubleColon >= 0) {
    const head = toGroups(rest.slice(0, doubleColon));
    const back = toGroups(rest.slice(doubleColon + 2));
    const missing = 8 - head.length - back.length;
    if (missing < 0) return null;
    groups = [...head, ...new Array<number>(missing).fill(0), ...back];
  } else {
    groups = toGroups(rest);
  }
  if (groups.length !== 8 || groups.some((g) => !Number.isInteger(g) || g < 0 || g > 0xffff)) return null;
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n);
}

function v6(text: string): bigint {
  const value = parseV6(text);
  if (value === null) throw new Error(`bad IPv6 constant ${text}`);
  return value;
}

function inRange6(ip: bigint, base: bigint, prefix: number): boolean {
  const shift = BigInt(128 - prefix);
  return ip >> shift === base >> shift;
}

interface Range6 {
  base: bigint;
  prefix: number;
  description: string;
}

function range6(cidr: string, description: string): Range6 {
  const [base, prefix] = cidr.split('/');
  return { base: v6(base!), prefix: Number(prefix), description };
}

const UNSPECIFIED_V6 = 0n;
const LOOPBACK_V6 = 1n;
const MAPPED = range6('::ffff:0:0/96', 'IPv4-mapped');
const COMPATIBLE = range6('::/96', 'IPv4-compatible (deprecated)');
const NAT64 = range6('64:ff9b::/96', 'NAT64');
const SIX_TO_FOUR = range6('2002::/16', '6to4');
const GLOBAL_UNICAST = range6('2000::/3', 'global unicast');

// Outside 2000::/3 nothing is allocated for public unicast, so those blocks
// are refused wholesale; the names below only make the refusal readable.
const OUTSIDE_GLOBAL_V6: Range6[] = [
  range6('64:ff9b:1::/48', 'NAT64 local-use'),
  range6('100::/64', 'discard-only'),
  range6('fc00::/7', 'unique local (ULA)'),
  range6('fe80::/10', 'link-local'),
  range6('fec0::/10', 'site-local (deprecated)'),
  range6('ff00::/8', 'multicast'),
];

// Carve-outs inside 2000::/3 that are not ordinary public unicast.
const NON_PUBLIC_GLOBAL_V6: Range6[] = [
  range6('2001::/32', 'Teredo'),
  range6('2001:2::/48', 'benchmarking'),
  range6('2001::/23', 'IETF protocol assignments'),
  range6('2001:db8::/32', 'documentation'),
  range6('3fff::/20', 'documentation'),
];

function embedded(verdict: AddressVerdict, kind: string): AddressVerdict {
  return { isPublic: verdict.isPublic, description: `${kind} ${verdict.description}` };
}

function classifyV6(ip: bigint): AddressVerdict {
  if (ip === UNSPECIFIED_V6) return { isPublic: false, description: 'unspecified' };
  if (ip === LOOPBACK_V6) return { isPublic: false, description: 'loopback' };
  const low32 = Number(ip & 0xffffffffn);
  if (inRange6(ip, MAPPED.base, MAPPED.prefix)) return embedded(classifyV4(low32), MAPPED.description);
  if (inRange6(ip, COMPATIBLE.base, COMPATIBLE.prefix)) return { isPublic: false, description: COMPATIBLE.description };
  if (inRange6(ip, NAT64.base, NAT64.prefix)) return embedded(classifyV4(low32), NAT64.description);
  if (!inRange6(ip, GLOBAL_UNICAST.base, GLOBAL_UNICAST.prefix)) {
    const known = OUTSIDE_GLOBAL_V6.find((r) => inRange6(ip, r.base, r.prefix));
    return { isPublic: false, description: known?.description ?? 'reserved' };
  }
  if (inRange6(ip, SIX_TO_FOUR.base, SIX_TO_FOUR.prefix)) {
    // 2002:AABB:CCDD::/48 routes to the IPv4 address AA.BB.CC.DD.
    return embedded(classifyV4(Number((ip >> 80n) & 0xffffffffn)), SIX_TO_FOUR.description);
  }
  const special = NON_PUBLIC_GLOBAL_V6.find((r) => inRange6(ip, r.base, r.prefix));
  if (special) return { isPublic: false, description: special.description };
  return { isPublic: true, description: 'public' };
}

/** Classifies an address; anything that is not a valid IP literal counts as non-public. */
export function classifyAddress(ip: string): AddressVerdict {
  const text = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  const asV4 = parseV4(text);
  if (asV4 !== null) return classifyV4(asV4);
  // A zone index ("fe80::1%eth0") names an interface, not part of the address.
  const zone = text.indexOf('%');
  const asV6 = parseV6(zone >= 0 ? text.slice(0, zone) : text);
  if (asV6 !== null) return classifyV6(asV6);
  return { isPublic: false, description: 'not an IP address' };
}

export function isPublicAddress(ip: string): boolean {
  return classifyAddress(ip).isPublic;
}

/** Short human-readable kind of address, e.g. "loopback" or "IPv4-mapped private (RFC 1918)". */
export function describeAddress(ip: string): string {
  return classifyAddress(ip).description;
}

/**
 * The refusal a URL's host earns without any DNS lookup: an IP literal outside public unicast, or
 * `localhost` and names under it (RFC 6761 reserves them for loopback). Returns a phrase naming the host
 * and why, or null: other names are resolved and checked when they are fetched, on every connection.
 */
export function nonPublicLiteralHost(rawUrl: string): string | null {
  if (!URL.canParse(rawUrl)) return null;
  // WHATWG parsing already normalised IPv4 shorthands (http://2130706433/) to dotted form.
  const host = new URL(rawUrl).hostname.replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return `${host} is a loopback name`;
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  if (!isIPv4(bare) && !isIPv6(bare)) return null;
  const verdict = classifyAddress(bare);
  return verdict.isPublic ? null : `${host} is a non-public address (${verdict.description})`;
}
