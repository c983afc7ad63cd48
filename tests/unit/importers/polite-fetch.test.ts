// The polite fetcher against a real HTTP server (tests/support/fixture-server.ts). Timings are kept
// small, and asserted as lower bounds only.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createPoliteFetcher,
  DEFAULT_ACCEPT,
  FetchError,
  MAX_REDIRECTS,
  userAgentFor,
  type PoliteFetcherOptions,
} from '../../../src/server/importers/fetch/polite-fetch.ts';
import { startFixtureServer, type FixtureRequest, type FixtureServer } from '../../support/fixture-server.ts';

const SITE_URL = 'https://offerlanka.test';
const TEXT = { 'content-type': 'text/plain; charset=utf-8' };

/** host:port of a fixture server, for allowedHosts (IMPORT_ALLOWED_HOSTS): loopback is refused otherwise. */
const hostOf = (fixture: FixtureServer) => new URL(fixture.url).host;

/** A timeout that robots.txt, asked first, still meets on a busy machine, and an answer slower than it. */
const SHORT_TIMEOUT_MS = 500;
const SLOW_MS = 2_000;

/** Quick by default: no pause between requests, short backoff and timeout; the test's server allowed. */
const fetcherFor = (options: PoliteFetcherOptions = {}) =>
  createPoliteFetcher({
    siteUrl: SITE_URL,
    perHostDelayMs: 0,
    retryBaseMs: 5,
    timeoutMs: 2_000,
    allowedHosts: [hostOf(server)],
    ...options,
  });

async function fetchErrorOf(promise: Promise<unknown>): Promise<FetchError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(FetchError);
  return error as FetchError;
}

let server: FixtureServer;
beforeEach(async () => {
  server = await startFixtureServer();
});
afterEach(() => server.close());

describe('a page', () => {
  it('is fetched with our User-Agent and Accept, robots.txt first', async () => {
    server.setRoute('/offers', { body: '<h1>Offers</h1>' });
    const fetcher = fetcherFor();
    const page = await fetcher.text(`${server.url}/offers`);
    expect(page).toEqual({
      url: `${server.url}/offers`,
      status: 200,
      contentType: 'text/html; charset=utf-8',
      text: '<h1>Offers</h1>',
    });

    const [request] = server.requests('/offers');
    expect(userAgentFor(SITE_URL)).toBe('OfferLankaBot/1.0 (+https://offerlanka.test/about/importers)');
    expect(request!.headers['user-agent']).toBe(userAgentFor(SITE_URL));
    expect(request!.headers.accept).toBe(DEFAULT_ACCEPT);
    expect(server.requests().map((r) => r.path)).toEqual(['/robots.txt', '/offers']);
    expect(fetcher.requestCount).toBe(2);
    expect(fetcher.requestsTo(`${server.url}/offers`)).toBe(1);
  });

  it('is decoded with the charset of its Content-Type, or as UTF-8 when that is unknown', async () => {
    server.setRoute('/latin', {
      headers: { 'content-type': 'text/plain; charset=windows-1252' },
      body: Buffer.from([0x43, 0x61, 0x66, 0xe9]),
    });
    server.setRoute('/odd', {
      headers: { 'content-type': 'text/plain; charset=x-no-such' },
      body: Buffer.from('Café', 'utf8'),
    });
    const fetcher = fetcherFor();
    expect((await fetcher.text(`${server.url}/latin`)).text).toBe('Café');
    expect((await fetcher.text(`${server.url}/odd`)).text).toBe('Café');
  });

  it('is only fetched from an http: or https: URL', async () => {
    const fetcher = fetcherFor();
    const error = await fetchErrorOf(fetcher.text('ftp://example.com/offers.csv'));
    expect(error.kind).toBe('url');
    expect(error.message).toBe('ftp://example.com/offers.csv is not an http: or https: URL');
    expect((await fetchErrorOf(fetcher.text('not a url'))).kind).toBe('url');
    expect(fetcher.requestCount).toBe(0);
  });
});

describe('retries', () => {
  it('retry a 500 until it passes', async () => {
    let calls = 0;
    server.setRoute('/flaky', () => (++calls <= 2 ? { status: 500 } : { body: 'ok' }));
    const page = await fetcherFor().text(`${server.url}/flaky`);
    expect(page.text).toBe('ok');
    expect(server.hits('/flaky')).toBe(3);
  });

  it('give up on a 500 after 1 + retries requests', async () => {
    server.setRoute('/down', { status: 500 });
    const url = `${server.url}/down`;
    const error = await fetchErrorOf(fetcherFor({ retries: 2 }).text(url));
    expect(error).toMatchObject({
      kind: 'http',
      status: 500,
      url,
      message: `GET ${url} answered 500 after 3 attempts`,
    });
    expect(server.hits('/down')).toBe(3);
  });

  it('time out a slow answer, each attempt', async () => {
    server.setRoute('/slow', { delayMs: SLOW_MS, body: 'late' });
    const url = `${server.url}/slow`;
    const error = await fetchErrorOf(fetcherFor({ timeoutMs: SHORT_TIMEOUT_MS, retries: 1 }).text(url));
    expect(error).toMatchObject({ kind: 'timeout', url, message: `GET ${url} timed out after 0.5 s (2 attempts)` });
    expect(server.hits('/slow')).toBe(2);
  });

  it('time out a body that is slow to come, not only the headers', async () => {
    server.setRoute('/slow-body', { bodyDelayMs: SLOW_MS, body: 'late' });
    const error = await fetchErrorOf(
      fetcherFor({ timeoutMs: SHORT_TIMEOUT_MS, retries: 0 }).text(`${server.url}/slow-body`),
    );
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/\(1 attempt\)$/);
  });

  it('retry a dropped connection, as a network error', async () => {
    server.setRoute('/drop', (request) => {
      request.socket.destroy();
      return {};
    });
    const error = await fetchErrorOf(fetcherFor({ retries: 1 }).text(`${server.url}/drop`));
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/drop failed: .+ \(2 attempts\)$/);
    expect(server.hits('/drop')).toBe(2);
  });

  it('never retry a 404', async () => {
    const url = `${server.url}/gone`;
    const error = await fetchErrorOf(fetcherFor().text(url));
    expect(error).toMatchObject({ kind: 'http', status: 404, message: `GET ${url} answered 404` });
    expect(server.hits('/gone')).toBe(1);
  });

  it('retry a 429 after its Retry-After, not the backoff', async () => {
    let calls = 0;
    server.setRoute('/busy', () => (++calls === 1 ? { status: 429, headers: { 'retry-after': '0' } } : { body: 'ok' }));
    const started = performance.now();
    // A backoff of 10 s would show; Retry-After: 0 asks for none.
    const page = await fetcherFor({ retryBaseMs: 10_000 }).text(`${server.url}/busy`);
    expect(page.text).toBe('ok');
    expect(server.hits('/busy')).toBe(2);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('robots.txt', () => {
  const robots = (body: string) => ({ headers: TEXT, body });

  it('refuses a path disallowed for our agent without requesting it', async () => {
    server.setRoute(
      '/robots.txt',
      robots('User-agent: OfferLankaBot\nDisallow: /private\n\nUser-agent: *\nAllow: /\n'),
    );
    server.setRoute('/private/offers', { body: 'secret' });
    server.setRoute('/offers', { body: 'open' });
    const fetcher = fetcherFor();
    const url = `${server.url}/private/offers`;
    const error = await fetchErrorOf(fetcher.text(url));
    expect(error).toMatchObject({ kind: 'robots', url, message: `${url} is disallowed by robots.txt` });
    expect(server.hits('/private/offers')).toBe(0);
    expect((await fetcher.text(`${server.url}/offers`)).text).toBe('open');
  });

  it('is fetched once per origin, even for requests made together', async () => {
    server.setRoute('/a', { body: 'a' });
    server.setRoute('/b', { body: 'b' });
    const fetcher = fetcherFor();
    await Promise.all([fetcher.text(`${server.url}/a`), fetcher.text(`${server.url}/b`)]);
    await fetcher.text(`${server.url}/a`);
    expect(server.hits('/robots.txt')).toBe(1);
  });

  it('allows everything when it answers 404', async () => {
    server.setRoute('/robots.txt', { status: 404 });
    server.setRoute('/offers', { body: 'open' });
    expect((await fetcherFor().text(`${server.url}/offers`)).text).toBe('open');
  });

  it('disallows everything when it answers 500, after retrying it', async () => {
    server.setRoute('/robots.txt', { status: 500 });
    server.setRoute('/offers', { body: 'open' });
    const fetcher = fetcherFor({ retries: 1 });
    const url = `${server.url}/offers`;
    const error = await fetchErrorOf(fetcher.text(url));
    expect(error.kind).toBe('robots');
    expect(error.message).toBe(
      `${url} is disallowed: its robots.txt could not be read (GET ${server.url}/robots.txt answered 500 after 2 attempts)`,
    );
    expect(server.hits('/offers')).toBe(0);
    // The verdict holds for the fetcher's lifetime: robots.txt is not asked again.
    expect((await fetchErrorOf(fetcher.text(url))).kind).toBe('robots');
    expect(server.hits('/robots.txt')).toBe(2);
  });

  it('disallows everything on a host that cannot be reached', async () => {
    const closed = await startFixtureServer();
    await closed.close();
    const error = await fetchErrorOf(
      fetcherFor({ retries: 0, allowedHosts: [hostOf(closed)] }).text(`${closed.url}/offers`),
    );
    expect(error.kind).toBe('robots');
    expect(error.message).toContain('its robots.txt could not be read (GET');
  });

  it('slows the pace to its Crawl-delay', async () => {
    server.setRoute('/robots.txt', robots('User-agent: *\nCrawl-delay: 0.2\n'));
    server.setRoute('/a', { body: 'a' });
    server.setRoute('/b', { body: 'b' });
    const fetcher = fetcherFor({ perHostDelayMs: 10 });
    await fetcher.text(`${server.url}/a`);
    await fetcher.text(`${server.url}/b`);
    const [a] = server.requests('/a');
    const [b] = server.requests('/b');
    expect(b!.startedAt - a!.finishedAt!).toBeGreaterThanOrEqual(200);
  });
});

describe('the byte cap', () => {
  it('refuses a body whose Content-Length is over it, without waiting for the body', async () => {
    server.setRoute('/big', { body: 'x'.repeat(4096), bodyDelayMs: 1_000 });
    const url = `${server.url}/big`;
    const error = await fetchErrorOf(fetcherFor({ maxBytes: 1024 }).text(url));
    expect(error).toMatchObject({ kind: 'too-large', url, message: `${url} is larger than 1 KB` });
    expect(server.requests('/big')[0]!.finishedAt).toBeUndefined(); // refused on the headers alone
  });

  it('stops reading a chunked body that passes it', async () => {
    server.setRoute('/big', { body: 'x'.repeat(4096), chunked: true });
    const error = await fetchErrorOf(fetcherFor({ maxBytes: 1024 }).text(`${server.url}/big`));
    expect(error.kind).toBe('too-large');
    expect(server.hits('/big')).toBe(1);
  });

  it('lets a body of exactly the cap through', async () => {
    server.setRoute('/just', { body: 'x'.repeat(1024), chunked: true });
    expect((await fetcherFor({ maxBytes: 1024 }).text(`${server.url}/just`)).text).toHaveLength(1024);
  });

  it('is bytes() own when it is given one', async () => {
    server.setRoute('/banner.png', { body: Buffer.alloc(200) });
    const error = await fetchErrorOf(fetcherFor().bytes(`${server.url}/banner.png`, { maxBytes: 100 }));
    expect(error.kind).toBe('too-large');
  });
});

describe('pacing', () => {
  it('makes one request at a time to a host, perHostDelayMs apart', async () => {
    server.setRoute('/a', { delayMs: 50, body: 'a' });
    server.setRoute('/b', { delayMs: 50, body: 'b' });
    const fetcher = fetcherFor({ perHostDelayMs: 100 });
    await Promise.all([fetcher.text(`${server.url}/a`), fetcher.text(`${server.url}/b`)]);
    const requests = server.requests().sort((x, y) => x.startedAt - y.startedAt);
    expect(requests).toHaveLength(3); // robots.txt, /a, /b
    for (let i = 1; i < requests.length; i++) {
      expect(requests[i]!.startedAt - requests[i - 1]!.finishedAt!).toBeGreaterThanOrEqual(100);
    }
  });

  it('lets different hosts run at once', async () => {
    const other = await startFixtureServer();
    try {
      server.setRoute('/slow', { delayMs: 200, body: 'one' });
      other.setRoute('/slow', { delayMs: 200, body: 'two' });
      const otherOnLocalhost = other.url.replace('127.0.0.1', 'localhost');
      const fetcher = fetcherFor({
        perHostDelayMs: 100,
        allowedHosts: [hostOf(server), new URL(otherOnLocalhost).host],
      });
      await Promise.all([fetcher.text(`${server.url}/slow`), fetcher.text(`${otherOnLocalhost}/slow`)]);
      const [one] = server.requests('/slow') as [FixtureRequest];
      const [two] = other.requests('/slow') as [FixtureRequest];
      expect(one.startedAt).toBeLessThan(two.finishedAt!);
      expect(two.startedAt).toBeLessThan(one.finishedAt!);
    } finally {
      await other.close();
    }
  });
});

describe('redirects', () => {
  // /hop1 → /hop2 → … → /hop7, which answers.
  beforeEach(() => {
    for (let hop = 1; hop <= MAX_REDIRECTS + 1; hop++)
      server.setRoute(`/hop${hop}`, { status: 302, headers: { location: `/hop${hop + 1}` } });
    server.setRoute(`/hop${MAX_REDIRECTS + 2}`, { body: 'arrived' });
  });

  it(`are followed up to ${MAX_REDIRECTS}, the final URL answered`, async () => {
    const page = await fetcherFor().text(`${server.url}/hop2`);
    expect(page).toMatchObject({ url: `${server.url}/hop7`, text: 'arrived' });
  });

  it(`fail at the ${MAX_REDIRECTS + 1}th`, async () => {
    const url = `${server.url}/hop1`;
    const error = await fetchErrorOf(fetcherFor().text(url));
    expect(error).toMatchObject({
      kind: 'redirect',
      url,
      message: `GET ${url} redirected more than 5 times (the last hop to /hop7)`,
    });
    expect(server.hits('/hop7')).toBe(0);
  });

  it('are checked against robots.txt, hop by hop', async () => {
    server.setRoute('/robots.txt', { headers: TEXT, body: 'User-agent: *\nDisallow: /private\n' });
    server.setRoute('/go', { status: 301, headers: { location: '/private/offers' } });
    const error = await fetchErrorOf(fetcherFor().text(`${server.url}/go`));
    expect(error).toMatchObject({
      kind: 'robots',
      message: `${server.url}/private/offers (redirected from ${server.url}/go) is disallowed by robots.txt`,
    });
    expect(server.hits('/private/offers')).toBe(0);
  });

  it('to anything but http: or https: are refused', async () => {
    server.setRoute('/go', { status: 302, headers: { location: 'ftp://example.com/offers.csv' } });
    expect((await fetchErrorOf(fetcherFor().text(`${server.url}/go`))).kind).toBe('url');
  });
});

describe('bytes()', () => {
  it('returns a Buffer with its content type', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 3]);
    server.setRoute('/banner.png', { headers: { 'content-type': 'image/png' }, body: png });
    const file = await fetcherFor().bytes(`${server.url}/banner.png`);
    expect(Buffer.isBuffer(file.bytes)).toBe(true);
    expect(file.bytes.equals(png)).toBe(true);
    expect(file).toMatchObject({ url: `${server.url}/banner.png`, status: 200, contentType: 'image/png' });
    expect(server.requests('/banner.png')[0]!.headers.accept).toBe('*/*');
  });
});

describe('addresses that are not public', () => {
  // A second server on loopback that is not in allowedHosts: it must never be asked anything.
  let internal: FixtureServer;
  beforeEach(async () => {
    internal = await startFixtureServer({ routes: { '/secret': { body: 'SECRET-ANSWER' } } });
  });
  afterEach(() => internal.close());
  const internalPort = () => new URL(internal.url).port;

  it('are refused before any request, robots.txt included, in every form of loopback', async () => {
    const fetcher = fetcherFor();
    for (const host of [
      '127.0.0.1',
      'localhost',
      '2130706433',
      '0x7f000001',
      '0177.0.0.1',
      '[::ffff:127.0.0.1]',
      '[::1]',
    ]) {
      const url = `http://${host}:${internalPort()}/secret`;
      const error = await fetchErrorOf(fetcher.text(url));
      expect(error.kind, url).toBe('refused');
      expect(error.message).toMatch(/ refused: .*loopback address$/);
      expect(error.message).not.toContain('SECRET');
    }
    expect(internal.requests()).toEqual([]);
    expect(fetcher.requestCount).toBe(0);
  });

  it('are refused at a redirect, the hop named, and the allowed server is all that is asked', async () => {
    server.setRoute('/moved', { status: 302, headers: { location: `${internal.url}/secret` } });
    const error = await fetchErrorOf(fetcherFor().bytes(`${server.url}/moved`));
    expect(error).toMatchObject({ kind: 'refused', url: `${internal.url}/secret` });
    expect(error.message).toBe(
      `GET ${internal.url}/secret (redirected from ${server.url}/moved) refused: 127.0.0.1 is a loopback address`,
    );
    expect(internal.requests()).toEqual([]);
    expect(server.requests().map((request) => request.path)).toEqual(['/robots.txt', '/moved']);
  });

  it("are refused when any of a name's addresses is", async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    const error = await fetchErrorOf(fetcherFor({ resolve }).text(`http://mixed.test:${internalPort()}/secret`));
    expect(error.message).toMatch(/refused: mixed\.test resolves to 127\.0\.0\.1, a loopback address$/);
    expect(internal.requests()).toEqual([]);
  });

  it('are refused when a name rebinds to one between its check and its connection', async () => {
    // localhost answers public to the checks (the URL's and its robots.txt's), then loopback: a
    // fetcher that connected by the system's lookup, not the checked one, would reach the server.
    const answers: string[] = [];
    const resolve = async () => {
      const address = answers.length < 2 ? '93.184.216.34' : '127.0.0.1';
      answers.push(address);
      return [{ address, family: 4 }];
    };
    const error = await fetchErrorOf(
      fetcherFor({ resolve, retries: 0 }).text(`http://localhost:${internalPort()}/secret`),
    );
    expect(answers).toEqual(['93.184.216.34', '93.184.216.34', '127.0.0.1']);
    expect(error.message).toContain('refused: localhost resolves to 127.0.0.1, a loopback address');
    expect(internal.requests()).toEqual([]);
  });

  it('are fetched from when their host and port are allowed, and only those', async () => {
    const allowed = fetcherFor({ allowedHosts: [`localhost:${internalPort()}`] });
    expect((await allowed.text(`http://localhost:${internalPort()}/secret`)).text).toBe('SECRET-ANSWER');
    expect((await fetchErrorOf(allowed.text(`${internal.url}/secret`))).kind).toBe('refused'); // 127.0.0.1 is not named
    expect(() => createPoliteFetcher({ allowedHosts: ['http://partner.lan/'] })).toThrow(/Not a host or host:port/);
  });
});
