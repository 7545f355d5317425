import { BlockList, isIP } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * Whether a client address is this machine: 127.0.0.0/8, ::1, or IPv4-mapped 127.x (::ffff:127.0.0.1).
 * Pass Fastify's `request.ip`, which is the forwarded client address when TRUST_PROXY is on, so a
 * request relayed by a local proxy for someone outside is not taken for this machine.
 */
export function isLoopback(ip: string | undefined): boolean {
  if (!ip) return false;
  const family = isIP(ip);
  if (family === 0) return false;
  return LOOPBACK.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}
