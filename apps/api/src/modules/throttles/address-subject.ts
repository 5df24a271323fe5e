import net from 'node:net';

/** The eight groups of an IPv6 address, `::` expanded; null when it is not one. */
function expandIpv6(address: string): string[] | null {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  if (address.includes('::') ? left.length + right.length > 7 : left.length !== 8) return null;
  const missing = 8 - left.length - right.length;
  return [...left, ...Array.from({ length: address.includes('::') ? missing : 0 }, () => '0'), ...right];
}

/**
 * What an address limit counts: an IPv4 address as it is (also when written as IPv6-mapped), an IPv6
 * address by its /64 network, since one subscriber holds a whole /64 and could otherwise take a fresh
 * budget from each of its 2^64 addresses.
 */
export function addressSubjectOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  if (net.isIPv6(ip)) {
    const groups = expandIpv6(ip.split('%')[0] as string);
    if (groups)
      return `${groups
        .slice(0, 4)
        .map((group) => Number.parseInt(group, 16).toString(16))
        .join(':')}::/64`;
  }
  return ip;
}
