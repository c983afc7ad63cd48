// Slow and numerous connections against a real started server: a body sent a byte a second holds no
// place among the requests in flight (load shedding), and is cut with 408 at the request deadline;
// headers that trickle in are cut at theirs; one address may keep only so many connections open.
import { rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readEnv } from '../../src/server/env.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { newPgliteFolder } from './command-database.ts';
import { RUNS_ENGINE_NEUTRAL_CASES, TEST_DB } from './harness.ts';

const HEADERS_TIMEOUT_MS = 1000;
// Far from the headers deadline and from the time 300 connections take to open on a busy machine.
const REQUEST_TIMEOUT_MS = 8000;
const MAX_PER_ADDRESS = 32;
/** Above the in-flight limit (API_MAX_IN_FLIGHT, 256 by default): counted, they would shed every other call. */
const SLOW_BODIES = 300;
/** Spread over loopback addresses (all of 127.0.0.0/8 reaches this machine), each under the per-address limit. */
const SLOW_ADDRESSES = 10;

interface SlowClient {
  socket: Socket;
  received: string;
  closed: boolean;
  closedAfterMs?: number;
}

/** A connection from `localAddress` that sends `head` and then one byte of `trickle` a second. */
function slowClient(port: number, localAddress: string, head: string): Promise<SlowClient> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    const client: SlowClient = { socket, received: '', closed: false };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      client.received += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      client.closed = true;
      client.closedAfterMs = Date.now() - started;
    });
    socket.once('connect', () => {
      socket.write(head);
      resolve(client);
    });
    socket.once('error', reject);
  });
}

/** Writes one more byte a second to every open client, until stopped. */
function trickle(clients: SlowClient[], byte: string) {
  const timer = setInterval(() => {
    for (const c of clients) if (!c.closed) c.socket.write(byte);
  }, 1000);
  return () => clearInterval(timer);
}

/** A GET from `localAddress`, with its status and how long it took. */
function getFrom(port: number, path: string, localAddress: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, localAddress, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end();
  });
}

const slowPost = (length: number) =>
  `POST /api/user/authentication HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n{`;

describe.runIf(TEST_DB === 'pglite')('slow and numerous connections', () => {
  let server: RunningServer;
  let work: string;
  const clients: SlowClient[] = [];

  beforeAll(async () => {
    work = newPgliteFolder('slow');
    const env = readEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: work,
      API_MAX_EVENT_LOOP_DELAY_MS: '0',
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HTTP_MAX_CONNECTIONS_PER_IP: String(MAX_PER_ADDRESS),
    });
    server = await startServer({ env, seedWhenEmpty: false, serveSite: false, runImports: false, log: () => {} });
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) client.socket.destroy();
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('answers other calls while 300 bodies trickle in, and cuts each of those with 408 at the request deadline', async () => {
    const slow = await Promise.all(
      Array.from({ length: SLOW_BODIES }, (_, i) =>
        slowClient(server.port, `127.0.0.${10 + (i % SLOW_ADDRESSES)}`, slowPost(1000)),
      ),
    );
    clients.push(...slow);
    const stop = trickle(slow, ' ');
    try {
      // Every slow request has reached the app by now, and none has been cut yet.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(slow.filter((c) => c.closed)).toHaveLength(0);
      const { status, ms } = await getFrom(server.port, '/api/get/all/categories', '127.0.0.2');
      expect(status).toBe(200);
      expect(ms, 'the call does not wait behind the slow ones').toBeLessThan(REQUEST_TIMEOUT_MS);

      await vi.waitFor(() => expect(slow.filter((c) => !c.closed)).toHaveLength(0), {
        timeout: REQUEST_TIMEOUT_MS + 10_000,
        interval: 200,
      });
      for (const client of slow) {
        expect(client.received).toMatch(/^HTTP\/1\.1 408 /);
        expect(client.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
      }
    } finally {
      stop();
    }
  }, 60_000);

  it('cuts headers that trickle in with 408 at the headers deadline', async () => {
    const slow = await Promise.all(
      Array.from({ length: 5 }, () =>
        slowClient(server.port, '127.0.0.40', 'GET /api/get/all/banks HTTP/1.1\r\nHost: 127.0.0.1\r\n'),
      ),
    );
    clients.push(...slow);
    const stop = trickle(slow, 'x');
    try {
      await vi.waitFor(() => expect(slow.filter((c) => !c.closed)).toHaveLength(0), {
        timeout: HEADERS_TIMEOUT_MS + 10_000,
        interval: 100,
      });
      for (const client of slow) {
        expect(client.received).toMatch(/^HTTP\/1\.1 408 /);
        expect(client.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS);
      }
    } finally {
      stop();
    }
  }, 30_000);

  it(`keeps at most ${MAX_PER_ADDRESS} connections open from one address, and serves other addresses meanwhile`, async () => {
    const many: SlowClient[] = [];
    for (let i = 0; i < MAX_PER_ADDRESS + 8; i++) many.push(await slowClient(server.port, '127.0.0.50', ''));
    clients.push(...many);
    await vi.waitFor(() => expect(many.filter((c) => c.closed)).toHaveLength(8), { timeout: 5000, interval: 50 });
    expect(
      many.slice(0, MAX_PER_ADDRESS).every((c) => !c.closed),
      'the first ones stay open',
    ).toBe(true);
    expect(
      many.slice(MAX_PER_ADDRESS).every((c) => c.closed && c.received === ''),
      'the ones past the limit are closed at once',
    ).toBe(true);
    expect((await getFrom(server.port, '/api/get/all/categories', '127.0.0.51')).status).toBe(200);

    // Once some close, the address may connect again.
    for (const client of many.slice(0, 4)) client.socket.destroy();
    await vi.waitFor(
      async () => expect((await getFrom(server.port, '/api/get/all/categories', '127.0.0.50')).status).toBe(200),
      { timeout: 5000, interval: 100 },
    );
    for (const client of many) client.socket.destroy();
  }, 30_000);
});

describe.runIf(RUNS_ENGINE_NEUTRAL_CASES)(
  'HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS and HTTP_MAX_CONNECTIONS_PER_IP',
  () => {
    it('default to 10 s, 30 s and 32 connections', () => {
      expect(readEnv({})).toMatchObject({
        HTTP_HEADERS_TIMEOUT_MS: 10_000,
        HTTP_REQUEST_TIMEOUT_MS: 30_000,
        HTTP_MAX_CONNECTIONS_PER_IP: 32,
      });
      expect(readEnv({ HTTP_MAX_CONNECTIONS_PER_IP: '0' })).toMatchObject({ HTTP_MAX_CONNECTIONS_PER_IP: 0 });
    });

    it('refuse anything but a whole number, naming the setting, and headers that may take longer than the whole request', () => {
      for (const value of ['-1', '1.5', 'lots', '0']) {
        expect(() => readEnv({ HTTP_HEADERS_TIMEOUT_MS: value }), value).toThrow(
          /HTTP_HEADERS_TIMEOUT_MS must be a number/,
        );
        expect(() => readEnv({ HTTP_REQUEST_TIMEOUT_MS: value }), value).toThrow(
          /HTTP_REQUEST_TIMEOUT_MS must be a number/,
        );
      }
      expect(() => readEnv({ HTTP_MAX_CONNECTIONS_PER_IP: 'many' })).toThrow(
        /HTTP_MAX_CONNECTIONS_PER_IP must be a number/,
      );
      expect(() => readEnv({ HTTP_HEADERS_TIMEOUT_MS: '20000', HTTP_REQUEST_TIMEOUT_MS: '10000' })).toThrow(
        /HTTP_HEADERS_TIMEOUT_MS must not be above HTTP_REQUEST_TIMEOUT_MS/,
      );
    });
  },
);
