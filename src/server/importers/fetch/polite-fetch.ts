// How importers reach the banks' websites (the PoliteFetcher of ../types.ts): an honest User-Agent,
// robots.txt honoured, one request at a time per host with a pause between, a timeout per attempt,
// retries with backoff for answers that may pass, redirects followed by hand, a byte cap, and only
// public addresses (address-check.ts), checked at every hop and again as each connection is made.
import PQueue from 'p-queue';
import robotsParser from 'robots-parser';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, fetch, type Headers, type Response } from 'undici';
import type { FetchedBytes, FetchedText, PoliteFetcher, TextRequest } from '../types.ts';
import { firewallOf } from './firewall.ts';
import {
  AddressRefusedError,
  checkingLookup,
  isAllowedUrl,
  parseAllowedHost,
  publicAddressesOf,
  systemResolver,
  type AllowedHost,
  type Resolver,
} from './address-check.ts';

export const DEFAULT_SITE_URL = 'https://offerlanka.lk';
/** Per attempt: connecting, the headers and the whole body. */
export const DEFAULT_TIMEOUT_MS = 20_000;
/** Retries after the first attempt. */
export const DEFAULT_RETRIES = 3;
/** The first retry waits about this long, each later one twice as long as the one before. */
export const DEFAULT_RETRY_BASE_MS = 1_000;
/** The pause between the end of one request and the start of the next to the same host. */
export const DEFAULT_PER_HOST_DELAY_MS = 1_000;
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml,application/json;q=0.9,*/*;q=0.8';
export const MAX_REDIRECTS = 5;
/** The longest wait a Retry-After header (or the backoff) is given. */
export const MAX_RETRY_WAIT_MS = 60_000;
/** The longest pause a robots.txt Crawl-delay is given. */
export const MAX_CRAWL_DELAY_MS = 30_000;
/** RFC 9309 asks crawlers to read at least 500 KiB of a robots.txt; a larger one counts as unreadable. */
export const ROBOTS_MAX_BYTES = 512 * 1024;

/** The User-Agent importers send: who we are and where a site's owner can read about it. */
export const userAgentFor = (siteUrl: string) => `OfferLankaBot/1.0 (+${siteUrl.replace(/\/+$/, '')}/about/importers)`;

export interface PoliteFetcherOptions {
  /** The site's URL (the server's SITE_URL), for the default User-Agent. Default DEFAULT_SITE_URL. */
  siteUrl?: string;
  /** Default userAgentFor(siteUrl). robots.txt rules are matched on its name, 'OfferLankaBot'. */
  userAgent?: string;
  timeoutMs?: number;
  retries?: number;
  retryBaseMs?: number;
  perHostDelayMs?: number;
  /** The byte cap of text(); bytes() takes its own, defaulting to this. */
  maxBytes?: number;
  /** Called as each HTTP request is made (robots.txt, retries and redirect hops included): for run logs. */
  onRequest?: (url: string) => void;
  /**
   * Hosts fetched from whatever their addresses (IMPORT_ALLOWED_HOSTS): `host` or `host:port`.
   * Every other host must resolve to public addresses only.
   */
  allowedHosts?: readonly string[];
  /** How host names are resolved, for the check and for connecting. Default dns.lookup (all addresses). */
  resolve?: Resolver;
  /** Called with each answer and the body as read (nothing for one not read): `--record` (har.ts). */
  onExchange?: (exchange: Exchange) => void;
  /**
   * Where answers come from instead of the network (`--replay`, har.ts): no address is resolved or
   * checked, and the transport answers robots.txt itself.
   */
  transport?: Transport;
}

/** One request as sent, its body included. */
export interface SentRequest {
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  body?: string | undefined;
}

/** What a transport answers a request with, as fetch() would (redirects not followed). */
export type Transport = (request: SentRequest, signal: AbortSignal) => Promise<Response>;

/** One request and its answer, with the body as far as it was read. */
export interface Exchange {
  request: SentRequest;
  startedAt: Date;
  timeMs: number;
  status: number;
  statusText: string;
  headers: Headers;
  /** The body as read: empty for an answer not read (an error, a redirect). */
  body: Buffer;
}

/** What the fetcher has actually asked of the web: for tests and run logs. */
export interface RequestCounts {
  /** HTTP requests made in all. */
  readonly requestCount: number;
  /** HTTP requests made to this URL. */
  requestsTo(url: string): number;
}

export type FetchErrorKind =
  | 'http'
  | 'timeout'
  | 'too-large'
  | 'robots'
  | 'network'
  | 'url'
  | 'redirect'
  | 'refused'
  | 'not-captured'
  | 'firewall';

/** Why a page could not be had, in a message a person can read in a run log. */
export class FetchError extends Error {
  override readonly name = 'FetchError';
  readonly status?: number;

  constructor(
    readonly kind: FetchErrorKind,
    readonly url: string,
    message: string,
    details: { status?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    if (details.status !== undefined) this.status = details.status;
  }
}

/** One GET as answered, its body read by the caller's reader (only for a 2xx answer; undefined otherwise). */
interface Answer<T> {
  url: URL;
  status: number;
  headers: Headers;
  body: T | undefined;
  /** How many attempts it took. */
  attempts: number;
}

/** How a 2xx answer's body is read: given its chunks, capped at the byte cap, within the attempt's timeout. */
type BodyReader<T> = (
  chunks: AsyncIterable<Uint8Array>,
  answer: { url: URL; status: number; headers: Headers },
) => Promise<T>;

/** The whole body as one Buffer. */
const wholeBody: BodyReader<Buffer> = async (chunks) => {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
};

/** A host's turn-taking: one request at a time, and none before notBefore (performance.now() time). */
interface HostPacing {
  queue: PQueue;
  delayMs: number;
  notBefore: number;
}

/** What an origin's robots.txt lets us fetch. */
interface RobotsRules {
  allows(url: URL): boolean;
  /** Set when robots.txt could not be read, and so nothing may be fetched: why. */
  unreadable?: string;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const isRetriedStatus = (status: number) => status === 429 || status >= 500;

export function createPoliteFetcher(options: PoliteFetcherOptions = {}): PoliteFetcher & RequestCounts {
  const userAgent = options.userAgent ?? userAgentFor(options.siteUrl ?? DEFAULT_SITE_URL);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retries = options.retries ?? DEFAULT_RETRIES;
  const retryBaseMs = options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
  const perHostDelayMs = options.perHostDelayMs ?? DEFAULT_PER_HOST_DELAY_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const resolve = options.resolve ?? systemResolver;
  const allowedHosts = (options.allowedHosts ?? []).map(allowedHostOf);
  // Every connection resolves its host through the check: the address connected to is one checked.
  const dispatcher = new Agent({ connect: { lookup: checkingLookup(resolve, allowedHosts) } });
  const transport: Transport =
    options.transport ??
    ((request, signal) =>
      fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
        signal,
        dispatcher,
      }));

  // Keyed by host name without the port: servers on one machine share its pacing.
  const hosts = new Map<string, HostPacing>();
  const robotsByOrigin = new Map<string, Promise<RobotsRules>>();
  const requestsByUrl = new Map<string, number>();
  let requestCount = 0;

  function pacingFor(url: URL): HostPacing {
    let pacing = hosts.get(url.hostname);
    if (!pacing) {
      pacing = { queue: new PQueue({ concurrency: 1 }), delayMs: perHostDelayMs, notBefore: 0 };
      hosts.set(url.hostname, pacing);
    }
    return pacing;
  }

  /** One HTTP request, when the host's turn comes: the timeout starts then, and covers the body. */
  function requestOnce<T>(
    url: URL,
    ask: Ask,
    byteCap: number,
    read: BodyReader<T>,
  ): Promise<Omit<Answer<T>, 'attempts'>> {
    const pacing = pacingFor(url);
    return pacing.queue.add(async () => {
      while (performance.now() < pacing.notBefore) await sleep(pacing.notBefore - performance.now());
      requestCount++;
      requestsByUrl.set(url.href, (requestsByUrl.get(url.href) ?? 0) + 1);
      options.onRequest?.(url.href);
      const signal = AbortSignal.timeout(timeoutMs);
      const request: SentRequest = {
        method: ask.method,
        url,
        headers: { ...ask.headers, 'user-agent': userAgent, accept: ask.accept },
        body: ask.body,
      };
      const startedAt = new Date();
      const readChunks: Uint8Array[] = [];
      let response: Response | undefined;
      let reading = false;
      try {
        response = await transport(request, signal);
        // Only a page we keep is read; an error's or a redirect's body is let go.
        if (!response.ok) return { url, status: response.status, headers: response.headers, body: undefined };
        reading = true;
        const chunks = cappedChunks(response, url, ask.method, byteCap, signal, timeoutMs);
        const body = await read(options.onExchange ? keptChunks(chunks, readChunks) : chunks, {
          url,
          status: response.status,
          headers: response.headers,
        });
        return { url, status: response.status, headers: response.headers, body };
      } catch (error) {
        // The reader's own refusal (a feed that is no feed) is its caller's; the chunks throw FetchErrors.
        if (error instanceof FetchError || reading) throw error;
        // The host's addresses changed since its URL was checked (DNS rebinding), to a refused one.
        if (error instanceof Error && error.cause instanceof AddressRefusedError) throw refusal(url, error.cause);
        if (signal.aborted)
          throw new FetchError('timeout', url.href, `${ask.method} ${url.href} timed out after ${timeoutMs / 1000} s`, {
            cause: error,
          });
        throw new FetchError('network', url.href, `${ask.method} ${url.href} failed: ${networkReason(error)}`, {
          cause: error,
        });
      } finally {
        // A body the reader left unread (it stopped early, or never started) is let go.
        if (response?.body && !response.body.locked) await response.body.cancel().catch(() => {});
        pacing.notBefore = performance.now() + pacing.delayMs;
        if (response && options.onExchange) {
          options.onExchange({
            request,
            startedAt,
            timeMs: Date.now() - startedAt.getTime(),
            status: response.status,
            statusText: response.statusText,
            headers: response.headers,
            body: Buffer.concat(readChunks),
          });
        }
      }
    });
  }

  /** Asks for one URL (redirects not followed), retrying timeouts, network errors, 5xx and 429. */
  async function askWithRetries<T>(url: URL, ask: Ask, byteCap: number, read: BodyReader<T>): Promise<Answer<T>> {
    const attempts = 1 + retries;
    for (let attempt = 1; ; attempt++) {
      let answer: Omit<Answer<T>, 'attempts'>;
      try {
        answer = await requestOnce(url, ask, byteCap, read);
      } catch (error) {
        // A too-large body will be as large next time; a timeout or a dropped connection may pass.
        const mayPass = error instanceof FetchError && (error.kind === 'timeout' || error.kind === 'network');
        if (!mayPass) throw error;
        if (attempt === attempts)
          throw new FetchError(
            error.kind,
            error.url,
            `${error.message} (${attempts} ${attempts === 1 ? 'attempt' : 'attempts'})`,
            { cause: error },
          );
        await sleep(backoffMs(retryBaseMs, attempt));
        continue;
      }
      if (!isRetriedStatus(answer.status) || attempt === attempts) return { ...answer, attempts: attempt };
      const retryAfter = retryAfterMs(answer.headers);
      if (retryAfter !== undefined) {
        // The host asked for a pause: every request to it waits, not only this one.
        const pacing = pacingFor(url);
        pacing.notBefore = Math.max(pacing.notBefore, performance.now() + retryAfter);
      }
      await sleep(retryAfter ?? backoffMs(retryBaseMs, attempt));
    }
  }

  /** Asks for a URL, following redirects by hand so that each hop is checked against its robots.txt. */
  async function get<T>(
    requested: string,
    firstAsk: Ask,
    byteCap: number,
    read: BodyReader<T>,
    obeyRobots = true,
  ): Promise<Answer<T> & { body: T }> {
    let url = httpUrl(requested);
    let ask = firstAsk;
    for (let redirects = 0; ; redirects++) {
      if (!options.transport) await checkAddresses(url, requested);
      if (obeyRobots) await checkRobots(url, requested);
      const answer = await askWithRetries(url, ask, byteCap, read);
      if (answer.status >= 200 && answer.status < 300) return answer as Answer<T> & { body: T };
      const location = REDIRECT_STATUSES.has(answer.status) ? answer.headers.get('location') : null;
      if (location === null) {
        const tries = answer.attempts > 1 ? ` after ${answer.attempts} attempts` : '';
        throw new FetchError('http', url.href, `${ask.method} ${url.href} answered ${answer.status}${tries}`, {
          status: answer.status,
        });
      }
      if (redirects === MAX_REDIRECTS) {
        throw new FetchError(
          'redirect',
          requested,
          `${firstAsk.method} ${requested} redirected more than ${MAX_REDIRECTS} times (the last hop to ${location})`,
        );
      }
      url = httpUrl(location, url);
      // As browsers do: 307 and 308 repeat the request; the others fetch the new address.
      if (answer.status !== 307 && answer.status !== 308) ask = { ...ask, method: 'GET', body: undefined };
    }
  }

  /**
   * Refuses a URL whose host is not allowed and has an address that is not public, before any
   * request (robots.txt's included). A name that cannot be resolved now is left to the request,
   * whose connection resolves and checks it again, and is retried as a network error.
   */
  async function checkAddresses(url: URL, requested: string): Promise<void> {
    if (isAllowedUrl(url, allowedHosts)) return;
    try {
      await publicAddressesOf(url.hostname, resolve);
    } catch (error) {
      if (error instanceof AddressRefusedError) throw refusal(url, error, requested);
    }
  }

  async function checkRobots(url: URL, requested: string): Promise<void> {
    let rules = robotsByOrigin.get(url.origin);
    if (!rules) {
      rules = readRobots(url.origin);
      robotsByOrigin.set(url.origin, rules);
    }
    const { allows, unreadable } = await rules;
    if (allows(url)) return;
    const hop = url.href === requested ? '' : ` (redirected from ${requested})`;
    const reason = unreadable ? `: ${unreadable}` : ' by robots.txt';
    throw new FetchError('robots', url.href, `${url.href}${hop} is disallowed${reason}`);
  }

  async function readRobots(origin: string): Promise<RobotsRules> {
    const robotsUrl = `${origin}/robots.txt`;
    let answer: Answer<Buffer> & { body: Buffer };
    try {
      answer = await get(robotsUrl, getAsk('text/plain,*/*;q=0.8'), ROBOTS_MAX_BYTES, wholeBody, false);
    } catch (error) {
      // No robots.txt (4xx, as RFC 9309 reads it): everything is allowed. But a failing server (5xx,
      // 429, a timeout) may be hiding one: the usual conservative reading is that nothing is.
      const status = error instanceof FetchError ? error.status : undefined;
      if (status !== undefined && status >= 400 && status < 500 && status !== 429) return { allows: () => true };
      const why = error instanceof FetchError ? error.message : String(error);
      return { allows: () => false, unreadable: `its robots.txt could not be read (${why})` };
    }
    const robots = robotsParser(robotsUrl, decodeText(answer.body, answer.headers.get('content-type') ?? ''));
    const crawlDelaySeconds = robots.getCrawlDelay(userAgent);
    if (crawlDelaySeconds !== undefined && crawlDelaySeconds > 0) {
      const pacing = pacingFor(new URL(origin));
      pacing.delayMs = Math.max(pacing.delayMs, Math.min(crawlDelaySeconds * 1000, MAX_CRAWL_DELAY_MS));
    }
    return { allows: (url) => robots.isAllowed(url.href, userAgent) === true };
  }

  return {
    async text(url, textOptions: TextRequest = {}): Promise<FetchedText> {
      const ask: Ask = {
        method: textOptions.method ?? 'GET',
        accept: textOptions.accept ?? DEFAULT_ACCEPT,
        headers: textOptions.headers ?? {},
        body: textOptions.body,
      };
      const answer = await get(url, ask, maxBytes, wholeBody);
      const contentType = answer.headers.get('content-type') ?? '';
      const text = decodeText(answer.body, contentType);
      const firewall = firewallOf(text);
      if (firewall) {
        throw new FetchError(
          'firewall',
          answer.url.href,
          `${ask.method} ${answer.url.href} answered ${firewall}'s challenge or block page, not the page: the site's firewall turned the importer away`,
        );
      }
      return { url: answer.url.href, status: answer.status, contentType, text };
    },
    async bytes(url, bytesOptions = {}): Promise<FetchedBytes> {
      const answer = await get(url, getAsk('*/*'), bytesOptions.maxBytes ?? maxBytes, wholeBody);
      return {
        url: answer.url.href,
        status: answer.status,
        contentType: answer.headers.get('content-type') ?? '',
        bytes: answer.body,
      };
    },
    async stream(url, read, streamOptions = {}) {
      const answer = await get(
        url,
        getAsk(streamOptions.accept ?? '*/*'),
        streamOptions.maxBytes ?? maxBytes,
        (chunks, { url: at, status, headers }) =>
          read(chunks, { url: at.href, status, contentType: headers.get('content-type') ?? '' }),
      );
      return answer.body;
    },
    get requestCount() {
      return requestCount;
    },
    requestsTo(url) {
      return requestsByUrl.get(URL.parse(url)?.href ?? url) ?? 0;
    },
  };
}

/** A request as the fetcher makes it: its method, Accept, the caller's headers and the body. */
interface Ask {
  method: 'GET' | 'POST';
  accept: string;
  headers: Record<string, string>;
  body?: string | undefined;
}

const getAsk = (accept: string): Ask => ({ method: 'GET', accept, headers: {} });

/** The chunks as they pass, kept in `kept` as well: the body as read, for onExchange. */
async function* keptChunks(chunks: AsyncIterable<Uint8Array>, kept: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    kept.push(chunk);
    yield chunk;
  }
}

function allowedHostOf(entry: string): AllowedHost {
  const host = parseAllowedHost(entry);
  if (!host) throw new Error(`Not a host or host:port to allow: ${JSON.stringify(entry)}`);
  return host;
}

/** A refused address, for the run's log: the URL, the hop it came from, and why; never an answer. */
function refusal(url: URL, error: AddressRefusedError, requested = url.href): FetchError {
  const hop = url.href === requested ? '' : ` (redirected from ${requested})`;
  return new FetchError('refused', url.href, `GET ${url.href}${hop} refused: ${error.message}`, { cause: error });
}

/** The URL to fetch, if it is one we fetch: http: or https: only. */
function httpUrl(text: string, base?: URL): URL {
  const url = URL.parse(text, base);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    const from = base ? ` (redirected from ${base.href})` : '';
    throw new FetchError('url', text, `${text}${from} is not an http: or https: URL`);
  }
  url.hash = ''; // never sent, and would split the request counts
  return url;
}

/**
 * The body's chunks as they arrive, given up as soon as they pass the cap (Content-Length may be
 * absent or wrong). A reader that stops early lets the rest go unread. Failures are FetchErrors.
 */
async function* cappedChunks(
  response: Response,
  url: URL,
  method: string,
  byteCap: number,
  signal: AbortSignal,
  timeoutMs: number,
): AsyncGenerator<Uint8Array> {
  const tooLarge = () => new FetchError('too-large', url.href, `${url.href} is larger than ${formatBytes(byteCap)}`);
  if (Number(response.headers.get('content-length')) > byteCap) throw tooLarge();
  if (!response.body) return;
  const reader = response.body.getReader();
  let size = 0;
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        if (signal.aborted)
          throw new FetchError('timeout', url.href, `${method} ${url.href} timed out after ${timeoutMs / 1000} s`, {
            cause: error,
          });
        throw new FetchError('network', url.href, `${method} ${url.href} failed: ${networkReason(error)}`, {
          cause: error,
        });
      }
      if (next.done) return;
      size += next.value.byteLength;
      if (size > byteCap) throw tooLarge();
      yield next.value;
    }
  } finally {
    await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/** UTF-8, or the Content-Type's charset when it is one TextDecoder knows. */
function decodeText(body: Buffer, contentType: string): string {
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
  if (charset) {
    try {
      return new TextDecoder(charset).decode(body);
    } catch {
      // A charset TextDecoder does not know: UTF-8 is the likeliest reading.
    }
  }
  return new TextDecoder('utf-8').decode(body);
}

/** Exponential, with jitter so that fetchers retrying together do not stay in step. */
function backoffMs(baseMs: number, attempt: number): number {
  const exponential = baseMs * 2 ** (attempt - 1);
  return Math.min(exponential * (0.5 + Math.random() / 2), MAX_RETRY_WAIT_MS);
}

/** Retry-After, in seconds or as an HTTP date, up to MAX_RETRY_WAIT_MS. */
function retryAfterMs(headers: Headers): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  if (Number.isNaN(ms)) return undefined;
  return Math.min(Math.max(ms, 0), MAX_RETRY_WAIT_MS);
}

/** fetch() says only 'fetch failed'; its cause says why (ECONNREFUSED, a reset socket). */
function networkReason(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

function formatBytes(bytes: number): string {
  const round = (value: number) => Math.round(value * 10) / 10;
  if (bytes >= 1024 * 1024) return `${round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
