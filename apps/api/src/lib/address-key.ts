import { isIPv4, isIPv6 } from 'node:net';

/**
 * The "address key" every per-address limit counts under (issue 31, docs/decisions/3102):
 * an IPv4 address by itself, and an IPv6 address by its /64 prefix, because one home or
 * phone connection is given a whole /64 and picks any of its 2^64 addresses at will
 * (RFC 8981 temporary addresses change by the hour). An IPv4 address written as IPv6
 * (`::ffff:a.b.c.d`, how a dual-stack socket reports an IPv4 client) is that IPv4 address.
 *
 * The key of an IPv6 address is its first four groups in lower-case hexadecimal without
 * leading zeros, then `::/64` (2001:db8:0:12::/64); anything that is not an address
 * (a test's 'unknown') is its own key.
 */
export function addressKey(ip: string): string {
  const address = ip.trim();
  if (isIPv4(address)) return address;
  // A zone (fe80::1%eth0) names the interface, not the address.
  const bare = address.split('%')[0]!;
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  if (tail === undefined) return front;
  const back = parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}
