import { isIPv4, isIPv6 } from 'node:net';

/**
 * The unit a per-address throttle counts: an IPv4 address as it is, an IPv6 address by its /64. One
 * subscriber or server is routinely given a whole /64, so counting single IPv6 addresses would give one
 * client 2^64 fresh allowances. An IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, as a dual-stack
 * socket reports IPv4 clients) is the IPv4 address. Anything else (not an address) is counted as given.
 */
export function addressBucket(ip: string): string {
  const address = ip.trim().replace(/%.*$/, '').toLowerCase();
  if (isIPv4(address)) return address;
  const groups = isIPv6(address) ? ipv6Groups(address) : null;
  if (!groups) return address;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const missing = 8 - front.length - back.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...front, ...new Array<number>(missing).fill(0), ...back];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}
