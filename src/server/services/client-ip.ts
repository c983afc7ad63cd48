import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * The caller's address, taken from the connection. X-Forwarded-For is read only when a proxy is
 * configured (TRUST_PROXY), and then its last entry: the one our own proxy appended.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean);
    if (forwarded?.length) return forwarded.at(-1)!.slice(0, 64);
  }
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}
