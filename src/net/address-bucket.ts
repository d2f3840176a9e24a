import { isIPv4 } from 'node:net';
import { parseV6 } from './address-policy';

/**
 * The unit a per-address throttle counts. An IPv4 address is one client; an IPv6 client is its /64, since
 * one subscriber is routinely given a whole /64 and can pick a fresh address from it for every request.
 * An IPv4-mapped IPv6 address is the IPv4 address it carries. No address (a test's in-process request) is
 * one shared bucket.
 */
export function addressBucket(ip: string | null): string {
  if (!ip) return 'unknown';
  const text = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  if (isIPv4(text)) return text;
  // A zone index ("fe80::1%eth0") names an interface, not part of the address.
  const zone = text.indexOf('%');
  const v6 = parseV6(zone >= 0 ? text.slice(0, zone) : text);
  if (v6 === null) return `other:${text}`;
  if (v6 >> 32n === 0xffffn) {
    const v4 = Number(v6 & 0xffffffffn);
    return [v4 >>> 24, (v4 >>> 16) & 0xff, (v4 >>> 8) & 0xff, v4 & 0xff].join('.');
  }
  const prefix = (v6 >> 64n).toString(16).padStart(16, '0');
  return `${prefix.match(/.{4}/g)!.join(':')}::/64`;
}
