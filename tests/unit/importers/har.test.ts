// Capture and replay of importer runs (src/server/importers/fetch/har.ts): a run recorded against a
// real HTTP server replays with the server gone, a POST with its body and headers included; a
// capture as Chromium's developer tools export it replays too; what a capture lacks fails by name.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  captureTime,
  createHarRecorder,
  createReplayFetcher,
  parseHar,
} from '../../../src/server/importers/fetch/har.ts';
import { createPoliteFetcher, FetchError } from '../../../src/server/importers/fetch/polite-fetch.ts';
import { startFixtureServer, type FixtureServer } from '../../support/fixture-server.ts';

let server: FixtureServer;
beforeEach(async () => {
  server = await startFixtureServer();
});
afterEach(() => server.close());

const bodyOf = (request: import('node:http').IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request
      .setEncoding('utf8')
      .on('data', (chunk: string) => (text += chunk))
      .on('end', () => resolve(text));
  });

/** The fetcher `--record` uses, against the fixture server, with its recorder. */
function recordingFetcher() {
  const recorder = createHarRecorder();
  const fetcher = createPoliteFetcher({
    perHostDelayMs: 0,
    retries: 0,
    allowedHosts: [new URL(server.url).host],
    onExchange: recorder.add,
  });
  return { fetcher, recorder };
}

async function errorOf(promise: Promise<unknown>): Promise<FetchError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(FetchError);
  return error as FetchError;
}

describe('a recorded run', () => {
  it('replays with the server gone: pages, a redirect, a POST with its body, and bytes', async () => {
    server.setRoute('/offers', { status: 301, headers: { location: '/offers/all' } });
    server.setRoute('/offers/all', { body: '<h1>Offers — ශ්‍රී</h1>' });
    server.setRoute('/api/perks', async (request) => {
      const body = JSON.parse(await bodyOf(request)) as { page: number };
      return {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ page: body.page, locale: request.headers.locale }),
      };
    });
    server.setRoute('/logo.png', {
      body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00]),
      headers: { 'content-type': 'image/png' },
    });
    const { fetcher, recorder } = recordingFetcher();
    const post = (page: number) =>
      fetcher.text(`${server.url}/api/perks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', locale: 'en' },
        body: JSON.stringify({ page }),
        accept: 'application/json',
      });
    const live = {
      page: await fetcher.text(`${server.url}/offers`),
      first: await post(1),
      second: await post(2),
      logo: await fetcher.bytes(`${server.url}/logo.png`),
    };
    expect(live.second.text).toBe('{"page":2,"locale":"en"}');
    const har = JSON.parse(JSON.stringify(recorder.har()));
    // robots.txt, the redirect and its target, two POSTs and the logo.
    expect(
      har.log.entries.map(
        (entry: { request: { method: string; url: string } }) =>
          `${entry.request.method} ${new URL(entry.request.url).pathname}`,
      ),
    ).toEqual([
      'GET /robots.txt',
      'GET /offers',
      'GET /offers/all',
      'POST /api/perks',
      'POST /api/perks',
      'GET /logo.png',
    ]);
    const origin = server.url;
    await server.close();
    server = await startFixtureServer(); // for afterEach; the replay never reaches it

    const replay = createReplayFetcher(parseHar(har, 'run.har'), 'run.har');
    const page = await replay.text(`${origin}/offers`);
    expect({ url: page.url, text: page.text }).toEqual({ url: live.page.url, text: live.page.text });
    // Each POST finds the answer to its own body, whatever the order.
    const replayPost = (page: number) =>
      replay.text(`${origin}/api/perks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ page }),
      });
    expect((await replayPost(2)).text).toBe(live.second.text);
    expect((await replayPost(1)).text).toBe(live.first.text);
    expect((await replay.bytes(`${origin}/logo.png`)).bytes).toEqual(live.logo.bytes);
  });

  it('fails a request the capture does not hold, naming its method and URL, and does not retry it', async () => {
    server.setRoute('/offers', { body: 'offers' });
    const { fetcher, recorder } = recordingFetcher();
    await fetcher.text(`${server.url}/offers`);
    const replay = createReplayFetcher(parseHar(recorder.har(), 'combank.har'), 'combank.har');
    const missing = await errorOf(replay.text(`${server.url}/offers?page=2`));
    expect(missing.kind).toBe('not-captured');
    expect(missing.message).toBe(`GET ${server.url}/offers?page=2 is not in the capture combank.har`);
    const wrongMethod = await errorOf(replay.text(`${server.url}/offers`, { method: 'POST', body: '{}' }));
    expect(wrongMethod.message).toBe(`POST ${server.url}/offers is not in the capture combank.har`);
    expect(replay.requestsTo(`${server.url}/offers?page=2`)).toBe(1);
  });

  it('keeps a refusal as the site gave it: a replayed 403 fails as the live one did', async () => {
    server.setRoute('/offers', { status: 403, body: 'Access denied' });
    const { fetcher, recorder } = recordingFetcher();
    const live = await errorOf(fetcher.text(`${server.url}/offers`));
    const replayed = await errorOf(
      createReplayFetcher(parseHar(recorder.har(), 'run.har'), 'run.har').text(`${server.url}/offers`),
    );
    expect({ kind: replayed.kind, status: replayed.status, message: replayed.message }).toEqual({
      kind: live.kind,
      status: 403,
      message: live.message,
    });
  });
});

describe('a capture from a browser', () => {
  // As Chromium's developer tools export one: HTTP/2 pseudo-headers, the body decoded but its
  // content-encoding and length kept, base64 for binary bodies, a blocked request with status 0,
  // no robots.txt, and fields of its own.
  const chromiumHar = {
    log: {
      version: '1.2',
      creator: { name: 'WebInspector', version: '537.36' },
      pages: [
        {
          startedDateTime: '2026-09-20T10:00:00.000Z',
          id: 'page_1',
          title: 'https://bank.example/offers',
          pageTimings: {},
        },
      ],
      entries: [
        {
          _initiator: { type: 'other' },
          _priority: 'VeryHigh',
          _resourceType: 'document',
          pageref: 'page_1',
          startedDateTime: '2026-09-20T10:00:00.000Z',
          time: 120,
          request: {
            method: 'GET',
            url: 'https://bank.example/offers',
            httpVersion: 'http/2.0',
            headers: [{ name: ':authority', value: 'bank.example' }],
            queryString: [],
            cookies: [],
            headersSize: -1,
            bodySize: 0,
          },
          response: {
            status: 200,
            statusText: '',
            httpVersion: 'http/2.0',
            headers: [
              { name: ':status', value: '200' },
              { name: 'content-encoding', value: 'gzip' },
              { name: 'content-length', value: '31' },
              { name: 'content-type', value: 'text/html; charset=UTF-8' },
            ],
            cookies: [],
            content: { size: 60, mimeType: 'text/html', text: '<div class="offer">20% off at Keells</div>' },
            redirectURL: '',
            headersSize: -1,
            bodySize: 31,
            _transferSize: 200,
          },
          cache: {},
          timings: { blocked: 1, dns: -1, ssl: -1, connect: -1, send: 0, wait: 100, receive: 19 },
        },
        {
          startedDateTime: '2026-09-20T10:00:01.000Z',
          time: 20,
          request: {
            method: 'GET',
            url: 'https://bank.example/banner.png',
            httpVersion: 'http/2.0',
            headers: [],
            queryString: [],
            cookies: [],
            headersSize: -1,
            bodySize: 0,
          },
          response: {
            status: 200,
            statusText: '',
            httpVersion: 'http/2.0',
            headers: [{ name: 'content-type', value: 'image/png' }],
            cookies: [],
            content: {
              size: 4,
              mimeType: 'image/png',
              text: Buffer.from([1, 2, 3, 4]).toString('base64'),
              encoding: 'base64',
            },
            redirectURL: '',
            headersSize: -1,
            bodySize: 4,
          },
          cache: {},
          timings: { send: 0, wait: 10, receive: 10 },
        },
        {
          startedDateTime: '2026-09-20T10:00:02.000Z',
          time: 0,
          request: {
            method: 'GET',
            url: 'https://tracker.example/pixel',
            httpVersion: '',
            headers: [],
            queryString: [],
            cookies: [],
            headersSize: -1,
            bodySize: 0,
          },
          response: {
            status: 0,
            statusText: '',
            httpVersion: '',
            headers: [],
            cookies: [],
            content: { size: 0, mimeType: 'x-unknown' },
            redirectURL: '',
            headersSize: -1,
            bodySize: -1,
            _error: 'net::ERR_BLOCKED_BY_CLIENT',
          },
          cache: {},
          timings: { send: 0, wait: 0, receive: 0 },
        },
      ],
    },
  };

  it('replays: the decoded body whole, binary bodies, and no robots.txt needed', async () => {
    const replay = createReplayFetcher(parseHar(chromiumHar, 'bank.har'), 'bank.har');
    const page = await replay.text('https://bank.example/offers');
    expect(page).toEqual({
      url: 'https://bank.example/offers',
      status: 200,
      contentType: 'text/html; charset=UTF-8',
      text: '<div class="offer">20% off at Keells</div>',
    });
    expect([...(await replay.bytes('https://bank.example/banner.png')).bytes]).toEqual([1, 2, 3, 4]);
    const blocked = await errorOf(replay.text('https://tracker.example/pixel'));
    expect(blocked.message).toBe('GET https://tracker.example/pixel got no answer in the capture bank.har (status 0)');
  });

  it('says when it was captured: its first request, so that a replay judges the offers as of then', () => {
    expect(captureTime(parseHar(chromiumHar, 'bank.har'))?.toISOString()).toBe('2026-09-20T10:00:00.000Z');
    const untimed = { log: { entries: chromiumHar.log.entries.map(({ startedDateTime: _, ...entry }) => entry) } };
    expect(captureTime(parseHar(untimed, 'bank.har'))).toBeUndefined();
    expect(() =>
      parseHar({ log: { entries: [{ ...chromiumHar.log.entries[0], startedDateTime: 'yesterday' }] } }, 'bad.har'),
    ).toThrow(/startedDateTime/);
  });

  it('is refused with the reason when it is no HAR', () => {
    expect(() => parseHar({ log: { entries: [{ request: { method: 'GET' } }] } }, 'bad.har')).toThrow(
      /^bad\.har is not a HAR file: log\.entries\.0\.request\.url: /,
    );
    expect(() => parseHar({ entries: [] }, 'bad.har')).toThrow(/^bad\.har is not a HAR file: log: /);
  });
});

describe("a firewall's page in place of the page", () => {
  // As the firewalls in front of banks' sites answer a data-centre address, with status 200.
  const pages = {
    Cloudflare:
      '<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head><body><noscript>Enable JavaScript and cookies to continue</noscript><script>window._cf_chl_opt={cvId: \'3\'};</script></body></html>',
    Sucuri:
      '<html><head><title>Sucuri WebSite Firewall - Access Denied</title></head><body><h2>Access Denied - Sucuri Website Firewall</h2></body></html>',
    'AWS CloudFront':
      '<HTML><HEAD><TITLE>ERROR: The request could not be satisfied</TITLE></HEAD><BODY><H1>403 ERROR</H1>Generated by cloudfront (CloudFront)</BODY></HTML>',
  };

  it.each(Object.entries(pages))("%s's fails the request, naming the firewall", async (firewall, body) => {
    const replay = createReplayFetcher(
      parseHar(
        {
          log: {
            entries: [
              {
                request: { method: 'GET', url: 'https://bank.example/offers' },
                response: {
                  status: 200,
                  headers: [{ name: 'content-type', value: 'text/html' }],
                  content: { text: body },
                },
              },
            ],
          },
        },
        'bank.har',
      ),
      'bank.har',
    );
    const error = await errorOf(replay.text('https://bank.example/offers'));
    expect(error.kind).toBe('firewall');
    expect(error.message).toBe(
      `GET https://bank.example/offers answered ${firewall}'s challenge or block page, not the page: the site's firewall turned the importer away`,
    );
  });

  it("lets through a page that only loads a firewall's script, as pages it protects do", async () => {
    const body =
      '<html><head><title>Card offers</title></head><body><div class="offer">20% off</div><script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script></body></html>';
    const replay = createReplayFetcher(
      parseHar(
        {
          log: {
            entries: [
              {
                request: { method: 'GET', url: 'https://bank.example/offers' },
                response: {
                  status: 200,
                  headers: [{ name: 'content-type', value: 'text/html' }],
                  content: { text: body },
                },
              },
            ],
          },
        },
        'bank.har',
      ),
      'bank.har',
    );
    expect((await replay.text('https://bank.example/offers')).text).toBe(body);
  });
});
