// The HTTP server's defences against slow and numerous connections, below the app: a client that
// sends its headers or body a byte at a time, or opens hundreds of connections, would otherwise
// hold sockets and memory for minutes (node's defaults: 60 s for headers, 300 s for a request).
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** The headers must have arrived this long after the request began (HTTP_HEADERS_TIMEOUT_MS). */
  headersTimeoutMs: number;
  /** The whole request, headers and body, must have arrived by then (HTTP_REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
}

/** Node checks the two deadlines on a timer (30 s by default): at most this late, the deadline is kept. */
const DEADLINE_CHECK_MS = 1000;

/** createServer's options: past a deadline node answers 408 and closes the connection. */
export function httpServerOptions({ headersTimeoutMs, requestTimeoutMs }: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: headersTimeoutMs,
    requestTimeout: requestTimeoutMs,
    connectionsCheckingInterval: Math.min(DEADLINE_CHECK_MS, headersTimeoutMs),
  };
}

/** One address, whichever way it is written (an IPv4 client of a dual-stack server comes as ::ffff:a.b.c.d). */
const addressKey = (socket: Socket) =>
  (socket.remoteAddress ?? 'unknown').toLowerCase().replace(/^::ffff:(?=\d+\.)/, '');

/**
 * Closes a new connection at once while its address already has `max` open (0: no limit). Behind
 * a proxy (TRUST_PROXY) every connection comes from the proxy, so the limit is the proxy's job there
 * and the caller passes 0. Returns the open connections per address, for tests.
 */
export function limitConnectionsPerAddress(server: Server, max: number): Map<string, number> {
  const open = new Map<string, number>();
  if (max <= 0) return open;
  server.on('connection', (socket: Socket) => {
    const key = addressKey(socket);
    const count = open.get(key) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
  return open;
}
