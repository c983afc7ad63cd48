// Keeps the static site fresh while `npm start` runs: a rebuild every REBUILD_INTERVAL, one just
// after the next listed offer ends, so an expired offer leaves the lists on time, and one soon
// after the set of accepted offers changes (an offer accepted or withdrawn, by any route or tool).
import { and, count, eq, gt, min, sum } from 'drizzle-orm';
import { PUBLIC_REVIEW_STATUS } from '../lib/constants.ts';
import type { Database } from './db/client.ts';
import { offers } from './db/schema.ts';
import { buildSite } from './site-build.ts';

const MAX_TIMER_MS = 2 ** 31 - 1;
/** How often the rebuilder looks for newly accepted or withdrawn offers. */
export const CATALOGUE_CHECK_MS = 60_000;

export interface SiteRebuilder {
  /** Rebuilds now, or right after the build in progress. */
  request(reason: string): Promise<void>;
  stop(): void;
}

export function startSiteRebuilder(options: {
  db: Database; apiUrl: string; siteDir: string; intervalMs: number; siteUrl?: string; log?: (line: string) => void;
  catalogueCheckMs?: number; buildsDir?: string;
  /** Empties the API's response cache, so a build never reads answers from before the change. */
  clearResponseCache?: () => void;
}): SiteRebuilder {
  const log = options.log ?? console.log;
  let running: Promise<void> | undefined;
  let queued = false;
  let expiryTimer: NodeJS.Timeout | undefined;
  let stopped = false;
  const abort = new AbortController();
  let builtFingerprint: string | undefined;
  /** When the served build read the catalogue: offers ending after it are still listed there. */
  let builtAt = new Date();

  // Which offers are public: their number and the sum of their ids change when one is accepted
  // or withdrawn. Edits to an accepted offer wait for the scheduled rebuild.
  const publicOffersFingerprint = async () => {
    const [row] = await options.db.select({ offers: count(), ids: sum(offers.offerId) }).from(offers)
      .where(eq(offers.reviewStatus, PUBLIC_REVIEW_STATUS));
    return `${row?.offers ?? 0}:${row?.ids ?? 0}`;
  };
  const checkCatalogue = async () => {
    if (running || builtFingerprint === undefined) return; // a build in progress reads them anyway
    if (await publicOffersFingerprint() !== builtFingerprint) return void request('the accepted offers changed');
    await scheduleNextExpiry(); // an offer may have been changed to end sooner
  };

  /** The offer end the timer waits for; the timer is only reset when it changes. */
  let timedExpiry: number | undefined;
  const scheduleNextExpiry = async () => {
    const [row] = await options.db.select({ next: min(offers.offerEnd) }).from(offers)
      .where(and(eq(offers.reviewStatus, PUBLIC_REVIEW_STATUS), gt(offers.offerEnd, builtAt)));
    const next = row?.next ? new Date(row.next).getTime() : undefined;
    if (next === timedExpiry || stopped) return;
    clearTimeout(expiryTimer);
    timedExpiry = next;
    if (next === undefined) return;
    const delay = Math.min(next - Date.now() + 1_000, MAX_TIMER_MS);
    expiryTimer = setTimeout(() => void request('an offer ended'), Math.max(delay, 1_000));
    expiryTimer.unref();
  };

  const build = async (reason: string) => {
    log(`[site] rebuilding: ${reason}`);
    try {
      const fingerprint = await publicOffersFingerprint();
      const startedAt = new Date();
      options.clearResponseCache?.();
      await buildSite({ apiUrl: options.apiUrl, siteDir: options.siteDir, siteUrl: options.siteUrl, buildsDir: options.buildsDir, log, signal: abort.signal });
      builtFingerprint = fingerprint;
      builtAt = startedAt;
    } catch (error) {
      if (stopped) return;
      log(`[site] rebuild failed, the previous build stays: ${error instanceof Error ? error.message : error}`);
    }
    await scheduleNextExpiry().catch(() => {});
  };

  const request = (reason: string): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      queued = true;
      return running;
    }
    running = build(reason).finally(() => {
      running = undefined;
      if (queued) {
        queued = false;
        void request('changes during the last build');
      }
    });
    return running;
  };

  const interval = setInterval(() => void request('scheduled'), options.intervalMs);
  interval.unref();
  const catalogueCheck = setInterval(() => void checkCatalogue().catch(() => {}), options.catalogueCheckMs ?? CATALOGUE_CHECK_MS);
  catalogueCheck.unref();
  void scheduleNextExpiry().catch(() => {});
  // The build being served (if any) is taken to match the catalogue as it is now.
  void publicOffersFingerprint().then((fingerprint) => { builtFingerprint ??= fingerprint; }).catch(() => {});

  return {
    request,
    stop() {
      stopped = true;
      abort.abort(); // a build in progress is ended with the server
      clearInterval(interval);
      clearInterval(catalogueCheck);
      clearTimeout(expiryTimer);
    },
  };
}
