import { describe, expect, it } from 'vitest';
import { createProxyTrust, isAddressOrRange } from './trusted-proxy.ts';

describe('proxy trust', () => {
  const trust = createProxyTrust(['10.0.0.0/8', '192.0.2.7', '::1', 'fd00::/8']);

  it('trusts the listed addresses and ranges, IPv4-mapped IPv6 peers included', () => {
    for (const address of ['10.1.2.3', '::ffff:10.1.2.3', '192.0.2.7', '::1', 'fd12::5']) {
      expect(trust(address, 0), address).toBe(true);
    }
  });

  it('trusts nothing else: other addresses, forged header entries, a missing peer', () => {
    for (const address of ['11.0.0.1', '192.0.2.8', '127.0.0.1', 'fe80::1', 'unknown', '', '10.0.0.1, 1.2.3.4']) {
      expect(trust(address, 0), address).toBe(false);
    }
    expect(trust(undefined, 0)).toBe(false);
  });

  it('trusts nobody for an empty list', () => {
    expect(createProxyTrust([])('127.0.0.1', 0)).toBe(false);
  });

  it('knows an address or range from anything else', () => {
    expect(['1.2.3.4', '1.2.3.0/24', '::1', '2001:db8::/32'].every(isAddressOrRange)).toBe(true);
    expect(['1', 'true', 'localhost', '1.2.3.4/33', '::/129', '1.2.3.4/x', '1.2.3.4/8/8'].some(isAddressOrRange)).toBe(
      false,
    );
  });
});
