import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/** The address the TCP connection came from, whatever the headers say. */
const connectionAddress = (c: Context): string | undefined =>
  (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress;

/**
 * The caller's address, taken from the connection. X-Forwarded-For is read only when a proxy is
 * configured (TRUST_PROXY), and then its last entry: the one our own proxy appended.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (forwarded?.length) return forwarded.at(-1)!.slice(0, 64);
  }
  return connectionAddress(c) ?? 'unknown';
}

/** 127.0.0.0/8 and ::1, also in their IPv4-mapped IPv6 form (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string): boolean {
  const ipv4 = address.toLowerCase().replace(/^::ffff:/, '');
  return ipv4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ipv4);
}

/** A host name or address that only this machine reaches: localhost or a loopback address. */
export const isLoopbackHost = (host: string) => host === 'localhost' || isLoopbackAddress(host);

/**
 * A request made on this machine itself: a loopback connection that did not come through a proxy.
 * A local reverse proxy also connects from loopback, so any forwarding header rules the request out,
 * whatever TRUST_PROXY says.
 */
export function isFromThisMachine(c: Context): boolean {
  const address = connectionAddress(c);
  if (!address || !isLoopbackAddress(address)) return false;
  return !['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'via'].some(
    (name) => c.req.header(name) !== undefined,
  );
}
