// The built site's answers kept in memory and sent straight from node:http, before Hono: a page
// or file is read and answered once through the full path (routes.ts: redirects, encoding, the
// build's headers, the security headers), and its answer, bytes and headers alike, is kept for the
// next request of the same path that accepts the same encodings. Per request that saves the Request
// and Response objects, the middleware chain, two or three stat() calls and a file read, which
// were most of a page's cost (docs/operations.md "Serving").
//
// The memory is emptied whenever the served build changes (a build switched in, a publish), so it
// never answers with a file the build no longer has. Only GET answers of status 200 are kept.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';
import type { AppEnv } from '../context.ts';

/** Files larger than this are streamed from disk on every request, never kept. */
export const MEMORY_FILE_MAX_BYTES = 512 * 1024;
/** What the memory holds at most; the least recently asked for go first. */
const MEMORY_MAX_BYTES = 64 * 1024 * 1024;

/** The encodings a request's Accept-Encoding names (weights are not read: a listed coding is taken). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  return new Set(header?.split(',').map((encoding) => encoding.trim().split(';')[0]!.trim()));
}

/** The part of Accept-Encoding that decides the answer: whether it takes Brotli, and gzip. */
const encodingKey = (header: string | undefined) => {
  const accepted = acceptedEncodings(header);
  return `${accepted.has('br') ? 'br' : ''}:${accepted.has('gzip') ? 'gz' : ''}`;
};

/** The raw path of a request, without its query (static files do not depend on it). */
const pathOf = (url: string | undefined) => {
  const path = url ?? '';
  const query = path.indexOf('?');
  return query < 0 ? path : path.slice(0, query);
};

interface KeptAnswer {
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

export class SiteAnswerMemory {
  private readonly answers = new LRUCache<string, KeptAnswer>({
    maxSize: MEMORY_MAX_BYTES,
    sizeCalculation: (answer) => answer.body.length + 512,
  });
  /** Bumped by every clear(): an answer read from an older build is not kept. */
  private generation = 0;

  /** Sends the kept answer to a request; false when there is none and the full path must answer. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET') return false;
    const kept = this.answers.get(`${pathOf(req.url)}\n${encodingKey(req.headers['accept-encoding'])}`);
    if (!kept) return false;
    res.writeHead(200, kept.headers);
    res.end(kept.body);
    return true;
  }

  /**
   * Hono middleware, the outermost: keeps a site file's final answer (after every other
   * middleware set its headers). Needs the Node adapter's request (c.env.incoming) for the raw path.
   */
  readonly keep: MiddlewareHandler<AppEnv> = async (c, next) => {
    const generation = this.generation;
    await next();
    const body = c.get('siteFileBody');
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!body || !incoming || c.req.method !== 'GET' || c.res.status !== 200 || generation !== this.generation) return;
    const headers: OutgoingHttpHeaders = {};
    c.res.headers.forEach((value, name) => {
      headers[name] = value;
    });
    this.answers.set(`${pathOf(incoming.url)}\n${encodingKey(incoming.headers['accept-encoding'])}`, { headers, body });
  };

  /** Forgets every answer: the served build changed. */
  clear(): void {
    this.generation++;
    this.answers.clear();
  }
}
