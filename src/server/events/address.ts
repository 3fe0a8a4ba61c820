import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The part of a client's address that stands for one subscriber, for the per-address throttles
 * and the experiments' per-address rules: an IPv4 address as it is (a carrier's NAT address is
 * shared by many borrowers, which the limits allow for), an IPv6 address's /64 (one phone or home
 * is given a whole /64, so counting single IPv6 addresses would let one client be 2^64 of them).
 * The address is whatever Fastify's `request.ip` says (LENDER_TRUST_PROXY decides whether
 * X-Forwarded-For is believed).
 */
export function addressPrefix(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip)) return ip;
  const bare = ip.split('%')[0]!;
  if (!isIPv6(bare)) return ip;
  const [head = '', tail] = bare.split('::');
  const groups = head ? head.split(':') : [];
  if (tail !== undefined) {
    const after = tail ? tail.split(':') : [];
    // An IPv4 tail (::ffff:1.2.3.4 forms) is two groups.
    const width = after.length + (after.at(-1)?.includes('.') ? 1 : 0);
    groups.push(...Array<string>(8 - groups.length - width).fill('0'), ...after);
  }
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

const TAG_CACHE = 10_000;

/**
 * A keyed tag of an address prefix (HMAC-SHA256 with the events' secret, 64 bits): what events and
 * exposures store, so that the results can see many events from one address without the database
 * ever holding an address.
 */
export function createAddressTags(secret: string): (ip: string) => string {
  const known = new Map<string, string>();
  return (ip) => {
    let tag = known.get(ip);
    if (tag === undefined) {
      tag = createHmac('sha256', secret)
        .update(`addr:${addressPrefix(ip)}`)
        .digest('base64url')
        .slice(0, 11);
      if (known.size >= TAG_CACHE) known.clear();
      known.set(ip, tag);
    }
    return tag;
  };
}
