// A capture replayed as `--replay` replays it (createReplayFetcher: the polite fetcher over the
// HAR's answers, no network, no pauses, no retries), keeping every request as it was sent — method,
// URL, headers and body — for tests that must prove what an adapter asks for and with which headers.
import { harTransport, parseHar } from '../../src/server/importers/fetch/har.ts';
import { createPoliteFetcher, type SentRequest } from '../../src/server/importers/fetch/polite-fetch.ts';
import type { PoliteFetcher } from '../../src/server/importers/types.ts';
import { harOf, type CapturedAnswer } from './real-data.ts';

export interface RecordedReplay {
  fetcher: PoliteFetcher;
  /** The requests sent, robots.txt left out (a capture never holds it; it reads as none). */
  sent: SentRequest[];
}

export function recordedReplay(answers: CapturedAnswer[], name: string): RecordedReplay {
  const sent: SentRequest[] = [];
  const replay = harTransport(parseHar(harOf(answers), name), name);
  const fetcher = createPoliteFetcher({
    transport: (request, signal) => {
      if (request.url.pathname !== '/robots.txt') sent.push(request);
      return replay(request, signal);
    },
    perHostDelayMs: 0,
    retries: 0,
  });
  return { fetcher, sent };
}

/** A request as 'METHOD URL', for comparing the requests an adapter made. */
export const requestLine = (request: SentRequest) => `${request.method} ${request.url.href}`;
