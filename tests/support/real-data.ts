// The banks' real pages and offer texts that public projects saved (../shared/real-data/, beside
// the repository; REAL_DATA_DIR names another place). They are read from there at test time and
// never copied into the repository: where the folder is absent, the tests that need it skip, saying so.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Entry, Har } from 'har-format';

const REPOSITORY = resolve(import.meta.dirname, '../..');

/** The real-data folder, or undefined where this machine has none. */
export const REAL_DATA_DIR: string | undefined = [
  process.env.REAL_DATA_DIR,
  join(REPOSITORY, '../shared/real-data'),
].find((dir): dir is string => dir !== undefined && existsSync(dir));

/** Why a test of real data skips here: give it to describe.skipIf's title or a console note. */
export const REAL_DATA_ABSENT = `the real bank payloads are not on this machine (${join(REPOSITORY, '../shared/real-data')}; set REAL_DATA_DIR)`;

if (!REAL_DATA_DIR) console.warn(`Skipping the tests on real bank payloads: ${REAL_DATA_ABSENT}.`);

/** A file of the real-data folder as text (path relative to it: 'bank-payloads/ndb/…'). */
export function realFile(path: string): string {
  if (!REAL_DATA_DIR) throw new Error(`No real data: ${REAL_DATA_ABSENT}`);
  return readFileSync(join(REAL_DATA_DIR, path), 'utf8');
}

/** When every capture made by hand says it was made: the day the peers saved the payloads. A replay judges offers as of then. */
export const CAPTURED_AT = '2026-09-20T10:00:00.000Z';

/** One answer of a capture made by hand: a page or API answer at a URL. */
export interface CapturedAnswer {
  url: string;
  body: string;
  /** Default: from the body (JSON when it starts with { or [, else HTML). */
  contentType?: string;
  /** Default 200. */
  status?: number;
  method?: 'GET' | 'POST';
  /** A POST's body, as the adapter sends it. */
  requestBody?: string;
  headers?: Record<string, string>;
}

/**
 * A HAR holding these answers, as a browser's capture of the live pages would: for replaying real
 * payloads and modelled fixtures through the importers (src/server/importers/fetch/har.ts).
 */
export function harOf(answers: CapturedAnswer[]): Har {
  const entries: Entry[] = answers.map((answer) => {
    const contentType =
      answer.contentType ?? (/^\s*[[{]/.test(answer.body) ? 'application/json' : 'text/html; charset=utf-8');
    const url = new URL(answer.url);
    return {
      startedDateTime: CAPTURED_AT,
      time: 0,
      request: {
        method: answer.method ?? 'GET',
        url: url.href,
        httpVersion: 'HTTP/1.1',
        headers: [],
        cookies: [],
        headersSize: -1,
        queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
        bodySize: answer.requestBody === undefined ? 0 : answer.requestBody.length,
        ...(answer.requestBody === undefined
          ? {}
          : { postData: { mimeType: 'application/json', text: answer.requestBody } }),
      },
      response: {
        status: answer.status ?? 200,
        statusText: '',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headersSize: -1,
        bodySize: -1,
        redirectURL: '',
        headers: Object.entries({ 'content-type': contentType, ...answer.headers }).map(([name, value]) => ({
          name,
          value,
        })),
        content: { size: answer.body.length, mimeType: contentType, text: answer.body },
      },
      cache: {},
      timings: { send: 0, wait: 0, receive: 0 },
    };
  });
  return { log: { version: '1.2', creator: { name: 'OfferLanka tests', version: '1.0' }, entries } };
}
