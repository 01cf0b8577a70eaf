import { BlockList, isIP } from 'node:net';

/** Who may speak for a client (X-Forwarded-For, X-Request-Id): the address a request came from, and its hop. */
export type ProxyTrust = (address: string | undefined, hop: number) => boolean;

/** One entry of TRUST_PROXY: an IPv4 or IPv6 address, or a CIDR range of either. */
export function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Fastify's `trustProxy` function for a list of proxy addresses and ranges (TRUST_PROXY). It is called
 * with the TCP peer first and then with each X-Forwarded-For entry from the nearest, so a client's own
 * entries are believed only behind a chain of trusted proxies. The same function decides whose
 * X-Request-Id is kept, so the two cannot disagree. An IPv4-mapped IPv6 peer (::ffff:10.0.0.1) matches
 * its IPv4 entry; anything that is not an address (a forged header entry) is never trusted.
 */
export function createProxyTrust(entries: readonly string[]): ProxyTrust {
  return createAddressList(entries);
}

/**
 * Whether an address is one of `entries` (addresses and CIDR ranges, IPv4 and IPv6): an IPv4-mapped IPv6
 * address matches its IPv4 entry, and anything that is not an address never matches.
 */
export function createAddressList(entries: readonly string[]): (address: string | undefined) => boolean {
  if (entries.length === 0) return () => false;
  const listed = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) listed.addAddress(address, type);
    else listed.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const family = address ? isIP(address) : 0;
    return family !== 0 && listed.check(address as string, family === 4 ? 'ipv4' : 'ipv6');
  };
}
