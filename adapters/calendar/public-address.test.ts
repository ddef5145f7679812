import { describe, expect, it } from 'vitest';
import { isReachableAddress } from './public-address';

const strict = { allowLoopback: false };

describe('which addresses a linked calendar may be fetched from', () => {
  it.each(['8.8.8.8', '142.250.180.14', '2a00:1450:4009:81f::200e'])('allows the public address %s', (address) => {
    expect(isReachableAddress(address, strict)).toBe(true);
  });

  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback (IPv6)', '::1'],
    ['private 10/8', '10.1.2.3'],
    ['private 172.16/12', '172.20.0.5'],
    ['private 192.168/16', '192.168.1.10'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['link-local (IPv6)', 'fe80::1'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['multicast', '224.0.0.1'],
    ['multicast (IPv6)', 'ff02::1'],
    ['unspecified', '0.0.0.0'],
    ['unspecified (IPv6)', '::'],
    ['unique local (IPv6)', 'fd00::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped private', '::ffff:10.0.0.1'],
    ['6to4 of a private address', '2002:0a00:0001::1'],
    ['documentation', '192.0.2.1'],
    ['broadcast', '255.255.255.255'],
    ['not an address', 'example.com'],
  ])('refuses %s (%s)', (_kind, address) => {
    expect(isReachableAddress(address, strict)).toBe(false);
  });

  it('allows loopback, and only loopback, under the test setting', () => {
    expect(isReachableAddress('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(isReachableAddress('::1', { allowLoopback: true })).toBe(true);
    expect(isReachableAddress('192.168.1.10', { allowLoopback: true })).toBe(false);
    expect(isReachableAddress('169.254.169.254', { allowLoopback: true })).toBe(false);
  });
});
