// A small HTTP server on 127.0.0.1 for the importers' tests: routes set per test, answered from
// strings, buffers or files, slowly when a test needs a timeout, with a log of what it was asked.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname } from 'node:path';

/** One answer. Without body or file the body is empty: `{ status: 500 }`. */
export interface FixtureResponse {
  /** Default 200. */
  status?: number;
  /** Win over the defaults (Content-Type from the file's extension, or text/html for a string body). */
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** A file served from disk (a path from the working directory, or absolute). */
  file?: string;
  /** Waits this long before answering at all: for timeouts. */
  delayMs?: number;
  /** Sends the headers at once and the body after this long: for timeouts that must cover the body. */
  bodyDelayMs?: number;
  /** Sends the body in chunks without Content-Length: for byte caps that cannot trust the header. */
  chunked?: boolean;
}

/** A fixed answer, or one made per request. */
export type FixtureRoute = FixtureResponse | ((request: IncomingMessage) => FixtureResponse | Promise<FixtureResponse>);

/** One request as the server saw it; times are performance.now(), comparable with the test's own. */
export interface FixtureRequest {
  method: string;
  /** Path and query, as requested. */
  path: string;
  headers: IncomingHttpHeaders;
  startedAt: number;
  /** When the answer was handed to the connection; unset while it is pending or if it never was. */
  finishedAt?: number;
}

export interface FixtureServer {
  /** The origin, http://127.0.0.1:PORT. */
  url: string;
  close(): Promise<void>;
  /** A path with a query matches only that query; one without matches any query. */
  setRoute(path: string, route: FixtureRoute): void;
  removeRoute(path: string): void;
  /** Requests to a path (matched as routes are), since the start or resetHits(). */
  hits(path: string): number;
  /** The requests themselves, all or to a path. */
  requests(path?: string): FixtureRequest[];
  resetHits(): void;
}

export interface FixtureServerOptions {
  routes?: Record<string, FixtureRoute>;
}

/** Unless a test sets its own: everything allowed. */
export const DEFAULT_ROBOTS_TXT = 'User-agent: *\nAllow: /\n';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.csv': 'text/csv; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.txt': 'text/plain; charset=utf-8',
};

const pathnameOf = (path: string) => path.split('?')[0]!;
const matchesPath = (requested: string, path: string) =>
  requested === path || (!path.includes('?') && pathnameOf(requested) === path);

export async function startFixtureServer(options: FixtureServerOptions = {}): Promise<FixtureServer> {
  const routes = new Map(Object.entries(options.routes ?? {}));
  const log: FixtureRequest[] = [];
  // Pending delays, cleared on close so that no answer is attempted after it.
  const timers = new Set<NodeJS.Timeout>();

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  function routeFor(path: string): FixtureRoute {
    const route = routes.get(path) ?? routes.get(pathnameOf(path));
    if (route) return route;
    if (pathnameOf(path) === '/robots.txt')
      return { headers: { 'content-type': 'text/plain; charset=utf-8' }, body: DEFAULT_ROBOTS_TXT };
    return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Not found' };
  }

  async function send(response: ServerResponse, answer: FixtureResponse): Promise<void> {
    if (answer.delayMs) await wait(answer.delayMs);
    if (response.destroyed) return; // the client gave up
    const body = answer.file !== undefined ? await readFile(answer.file) : (answer.body ?? '');
    const contentType =
      answer.file !== undefined
        ? (CONTENT_TYPES[extname(answer.file).toLowerCase()] ?? 'application/octet-stream')
        : typeof body === 'string'
          ? 'text/html; charset=utf-8'
          : 'application/octet-stream';
    response.setHeader('content-type', contentType);
    if (!answer.chunked) response.setHeader('content-length', Buffer.byteLength(body));
    for (const [name, value] of Object.entries(answer.headers ?? {})) response.setHeader(name, value);
    response.writeHead(answer.status ?? 200);
    if (answer.bodyDelayMs) {
      response.flushHeaders();
      await wait(answer.bodyDelayMs);
      if (response.destroyed) return;
    }
    if (answer.chunked) {
      const bytes = Buffer.from(body);
      const half = Math.floor(bytes.length / 2);
      response.write(bytes.subarray(0, half));
      response.end(bytes.subarray(half));
    } else {
      response.end(body);
    }
  }

  const server = createServer((request, response) => {
    const record: FixtureRequest = {
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      headers: request.headers,
      startedAt: performance.now(),
    };
    log.push(record);
    response.on('finish', () => (record.finishedAt = performance.now()));
    const route = routeFor(record.path);
    Promise.resolve()
      .then(() => (typeof route === 'function' ? route(request) : route))
      .then((answer) => send(response, answer))
      .catch((error: unknown) => {
        // A broken route (a missing file) answers 500 with the reason, for the failing test to show.
        if (response.headersSent) return response.destroy();
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(`Fixture server: ${error instanceof Error ? error.message : String(error)}`);
      });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
    setRoute: (path, route) => void routes.set(path, route),
    removeRoute: (path) => void routes.delete(path),
    hits: (path) => log.filter((request) => matchesPath(request.path, path)).length,
    requests: (path) => (path === undefined ? [...log] : log.filter((request) => matchesPath(request.path, path))),
    resetHits: () => void (log.length = 0),
  };
}
