// A request's body is read whole, within the size limit, before anything counts the request as
// being served: load shedding counts requests in flight, and a client that sends its body a byte
// at a time must not hold a place there (the HTTP server's request timeout ends it instead).
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

export interface RequestBodyOptions {
  maxBytes: number;
  /** The answer to a body over maxBytes. */
  tooLarge: (c: Context) => Response | Promise<Response>;
  /** The answer when the body stops arriving (the client went away, or the server's request timeout cut it). */
  unreadable: (c: Context) => Response | Promise<Response>;
}

/**
 * One instance may run twice on a request (the API bases', then every path's): the body is read once.
 * A declared Content-Length is checked from the header alone, which keeps the Node adapter's fast
 * body read; only chunked bodies go through the streaming limit.
 */
export function readBodyFirst({ maxBytes, tooLarge, unreadable }: RequestBodyOptions): MiddlewareHandler {
  const read = new WeakSet<object>();
  const streamingLimit = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return async (c, next) => {
    if (read.has(c.req)) return next();
    read.add(c.req);
    let served = false;
    // Hono keeps the text it read: the routes' c.req.json() and c.req.text() use it.
    const readThenNext = async (): Promise<void> => {
      try {
        await c.req.text();
      } catch {
        c.res = await unreadable(c); // inside the streaming limit, which returns no answer of its own
        return;
      }
      served = true;
      await next();
    };
    const declared = c.req.header('content-length');
    if (declared === undefined) {
      try {
        return await streamingLimit(c, readThenNext);
      } catch (error) {
        if (served) throw error; // the route's own failure
        return unreadable(c); // the stream broke off
      }
    }
    if (!/^\d+$/.test(declared) || Number(declared) > maxBytes) return tooLarge(c);
    return readThenNext();
  };
}
