// Captures of importer runs in HAR 1.2, the format browsers' developer tools and Playwright export:
// `npm run import -- --record FILE.har` writes every request and answer of a run, and
// `--replay FILE.har` answers the same run from the file with no network (the fetcher's transport).
// A capture an operator saves from Chromium's developer tools on a bank's page replays the same way.
import type { Entry, Har, Header } from 'har-format';
import { readFile, writeFile } from 'node:fs/promises';
import { Headers, Response } from 'undici';
import * as v from 'valibot';
import type { PoliteFetcher } from '../types.ts';
import {
  createPoliteFetcher,
  FetchError,
  type Exchange,
  type RequestCounts,
  type SentRequest,
  type Transport,
} from './polite-fetch.ts';

export const HAR_CREATOR = { name: 'OfferLanka importer', version: '1.0' };

/** Collects a run's exchanges and writes them as one HAR file. */
export interface HarRecorder {
  /** The fetcher's onExchange. */
  add(exchange: Exchange): void;
  readonly entryCount: number;
  har(): Har;
  save(path: string): Promise<void>;
}

export function createHarRecorder(): HarRecorder {
  const entries: Entry[] = [];
  const har = (): Har => ({ log: { version: '1.2', creator: HAR_CREATOR, entries } });
  return {
    add(exchange) {
      entries.push(harEntry(exchange));
    },
    get entryCount() {
      return entries.length;
    },
    har,
    save: (path) => writeFile(path, `${JSON.stringify(har(), null, 2)}\n`),
  };
}

// Bodies of these types are kept as text, as Chromium does; any other as base64.
const TEXT_TYPE = /^(?:text\/|application\/(?:[\w.+-]*\+)?(?:json|xml|javascript|x-www-form-urlencoded))/i;

function harEntry({ request, startedAt, timeMs, status, statusText, headers, body }: Exchange): Entry {
  const mimeType = headers.get('content-type') ?? '';
  const asText = TEXT_TYPE.test(mimeType) && isUtf8(body);
  const requestType = request.headers['content-type'] ?? 'application/octet-stream';
  return {
    startedDateTime: startedAt.toISOString(),
    time: timeMs,
    request: {
      method: request.method,
      url: request.url.href,
      httpVersion: 'HTTP/1.1',
      headers: Object.entries(request.headers).map(([name, value]) => ({ name, value })),
      queryString: [...request.url.searchParams].map(([name, value]) => ({ name, value })),
      cookies: [],
      headersSize: -1,
      bodySize: request.body === undefined ? 0 : Buffer.byteLength(request.body),
      ...(request.body === undefined ? {} : { postData: { mimeType: requestType, text: request.body } }),
    },
    response: {
      status,
      statusText,
      httpVersion: 'HTTP/1.1',
      headers: [...headers].map(([name, value]) => ({ name, value })),
      cookies: [],
      content: {
        size: body.length,
        mimeType,
        ...(asText ? { text: body.toString('utf8') } : { text: body.toString('base64'), encoding: 'base64' }),
      },
      redirectURL: headers.get('location') ?? '',
      headersSize: -1,
      bodySize: body.length,
    },
    cache: {},
    timings: { send: 0, wait: timeMs, receive: 0 },
  };
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

// What replay reads of a HAR; anything else in it (timings, pages, Chromium's _fields) is let be.
const NameValue = v.object({ name: v.string(), value: v.string() });
const HarEntrySchema = v.object({
  startedDateTime: v.optional(v.pipe(v.string(), v.isoTimestamp())),
  request: v.object({
    method: v.string(),
    url: v.pipe(v.string(), v.url()),
    postData: v.optional(v.object({ text: v.optional(v.string()) })),
  }),
  response: v.object({
    status: v.number(),
    statusText: v.optional(v.string(), ''),
    headers: v.array(NameValue),
    content: v.object({ text: v.optional(v.string()), encoding: v.optional(v.string()) }),
  }),
});
const HarSchema = v.object({ log: v.object({ entries: v.array(HarEntrySchema) }) });
type CapturedEntry = v.InferOutput<typeof HarEntrySchema>;

/** Reads a HAR file, or throws saying what is wrong with it. */
export async function readHar(path: string): Promise<CapturedEntry[]> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path} is not a HAR file: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return parseHar(json, path);
}

export function parseHar(json: unknown, name: string): CapturedEntry[] {
  const parsed = v.safeParse(HarSchema, json);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const at = issue.path?.map((item) => item.key).join('.') ?? '';
    throw new Error(`${name} is not a HAR file: ${at ? `${at}: ` : ''}${issue.message}`);
  }
  return parsed.output.log.entries;
}

/**
 * When the capture was made (its first request), or undefined when its entries carry no time: a
 * replay judges the offers as of then, so that a capture imports the same whenever it is replayed.
 */
export function captureTime(entries: readonly CapturedEntry[]): Date | undefined {
  const times = entries
    .map((entry) => (entry.startedDateTime ? Date.parse(entry.startedDateTime) : Number.NaN))
    .filter(Number.isFinite);
  return times.length > 0 ? new Date(Math.min(...times)) : undefined;
}

const requestKey = (method: string, url: string) => `${method.toUpperCase()} ${withoutFragment(url)}`;
const withoutFragment = (url: string) => url.replace(/#.*$/, '');

/**
 * A transport that answers from a capture. Each request takes the next captured answer to the same
 * method and URL (and, for a POST, the same body where the capture has several), and the last one
 * again when they run out. A request the capture does not hold fails, naming its method and URL;
 * only robots.txt may be absent (a browser's capture never holds it), and then reads as none.
 */
export function harTransport(entries: readonly CapturedEntry[], name: string): Transport {
  const byRequest = Map.groupBy(entries, (entry) => requestKey(entry.request.method, entry.request.url));
  const served = new Map<CapturedEntry[], number>();
  return async (request: SentRequest) => {
    const key = requestKey(request.method, request.url.href);
    const sameRequest = byRequest.get(key) ?? [];
    const sameBody = sameRequest.filter((entry) => (entry.request.postData?.text ?? undefined) === request.body);
    const candidates = sameBody.length > 0 ? sameBody : sameRequest;
    if (candidates.length === 0) {
      if (request.url.pathname === '/robots.txt')
        return new Response(null, { status: 404, statusText: 'Not in the capture' });
      throw new FetchError('not-captured', request.url.href, `${key} is not in the capture ${name}`);
    }
    const index = served.get(candidates) ?? 0;
    served.set(candidates, index + 1);
    return responseOf(candidates[Math.min(index, candidates.length - 1)]!, key, name);
  };
}

/** A fetcher that answers from a capture, with no network, no pauses and no retries. */
export function createReplayFetcher(entries: readonly CapturedEntry[], name: string): PoliteFetcher & RequestCounts {
  return createPoliteFetcher({ transport: harTransport(entries, name), perHostDelayMs: 0, retries: 0 });
}

// Headers that described the body as it travelled: a capture holds it decoded and whole.
const TRANSFER_HEADERS = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function responseOf(entry: CapturedEntry, key: string, name: string): Response {
  const { status, statusText, headers, content } = entry.response;
  // A browser records a request that got no answer (blocked, cancelled) with status 0.
  if (status < 200 || status > 599)
    throw new FetchError(
      'not-captured',
      entry.request.url,
      `${key} got no answer in the capture ${name} (status ${status})`,
    );
  const kept = new Headers();
  for (const header of headers as Header[]) {
    if (HEADER_NAME.test(header.name) && !TRANSFER_HEADERS.has(header.name.toLowerCase()))
      kept.append(header.name, header.value);
  }
  const body =
    content.text === undefined ? null : Buffer.from(content.text, content.encoding === 'base64' ? 'base64' : 'utf8');
  const hasBody = ![204, 304].includes(status);
  return new Response(hasBody ? body : null, { status, statusText, headers: kept });
}
