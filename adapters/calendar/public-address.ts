import ipaddr from 'ipaddr.js';

/**
 * Whether FACT may connect to an IP address when fetching a coach's calendar: only global
 * unicast (ipaddr.js's 'unicast' range). Loopback, private, link-local, carrier-grade NAT,
 * multicast, broadcast, unspecified, reserved and documentation ranges are refused, in IPv4 and
 * IPv6 alike; an IPv4-mapped IPv6 address is judged as its IPv4 address, and the IPv6 ranges
 * that embed an IPv4 address (6to4, Teredo, NAT64) are refused. `allowLoopback` is the tests'
 * setting, for their local server.
 */
export function isReachableAddress(address: string, options: { readonly allowLoopback: boolean }): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (range === 'unicast') return true;
  return options.allowLoopback && range === 'loopback';
}
