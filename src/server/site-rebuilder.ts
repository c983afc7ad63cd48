// Keeps the static site fresh while `npm start` runs: a rebuild every REBUILD_INTERVAL, and one
// just after the next listed offer ends, so an expired offer leaves the lists on time.
import { and, eq, gt, min } from 'drizzle-orm';
import { PUBLIC_REVIEW_STATUS } from '../lib/constants.ts';
import type { Database } from './db/client.ts';
import { offers } from './db/schema.ts';
import { buildSite } from './site-build.ts';

const MAX_TIMER_MS = 2 ** 31 - 1;

export interface SiteRebuilder {
  /** Rebuilds now, or right after the build in progress. */
  request(reason: string): Promise<void>;
  stop(): void;
}

export function startSiteRebuilder(options: {
  db: Database; apiUrl: string; siteDir: string; intervalMs: number; siteUrl?: string; log?: (line: string) => void;
}): SiteRebuilder {
  const log = options.log ?? console.log;
  let running: Promise<void> | undefined;
  let queued = false;
  let expiryTimer: NodeJS.Timeout | undefined;
  let stopped = false;
  const abort = new AbortController();

  const scheduleNextExpiry = async () => {
    clearTimeout(expiryTimer);
    const [row] = await options.db.select({ next: min(offers.offerEnd) }).from(offers)
      .where(and(eq(offers.reviewStatus, PUBLIC_REVIEW_STATUS), gt(offers.offerEnd, new Date())));
    if (!row?.next || stopped) return;
    const delay = Math.min(new Date(row.next).getTime() - Date.now() + 1_000, MAX_TIMER_MS);
    expiryTimer = setTimeout(() => void request('an offer ended'), Math.max(delay, 1_000));
    expiryTimer.unref();
  };

  const build = async (reason: string) => {
    log(`[site] rebuilding: ${reason}`);
    try {
      await buildSite({ apiUrl: options.apiUrl, siteDir: options.siteDir, siteUrl: options.siteUrl, log, signal: abort.signal });
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
  void scheduleNextExpiry().catch(() => {});

  return {
    request,
    stop() {
      stopped = true;
      abort.abort(); // a build in progress is ended with the server

      clearInterval(interval);
      clearTimeout(expiryTimer);
    },
  };
}
