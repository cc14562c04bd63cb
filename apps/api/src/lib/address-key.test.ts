import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key';

describe('the address key every per-address limit counts under', () => {
  it('is an IPv4 address itself, also when a dual-stack socket writes it as IPv6', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(addressKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is an IPv6 address’s /64, however the address is written', () => {
    expect(addressKey('2001:db8:31:64::1')).toBe('2001:db8:31:64::/64');
    expect(addressKey('2001:0DB8:0031:0064:abcd:ef01:2345:6789')).toBe('2001:db8:31:64::/64');
    expect(addressKey('2001:db8:31:64:ffff:ffff:ffff:ffff')).toBe('2001:db8:31:64::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    // An IPv4 tail on an address that is not a mapped one belongs to the interface part.
    expect(addressKey('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything that is not an address as it is', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});
