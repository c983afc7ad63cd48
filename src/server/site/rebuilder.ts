// Keeps the static site in step with the catalogue while `npm start` runs.
// - Publishing: when this server makes a public change (ServerDeps.publicChanged), at the moment
//   the next listed offer ends, and every few seconds, it compares the public offers with what the
//   served build shows. Offers accepted, edited, withdrawn or ended since are published together:
//   only their pages, their banks' pages, home, the sitemap and the search index are rendered
//   again (build-job.ts). Changes arriving during a publish go into the next one.
// - Full rebuilds: on a schedule (SITE_REBUILD_CRON, nightly by default), when there is no build,
//   after a deploy (the served build was made from other code), and when the banks or categories
//   changed (a renamed bank moves every page of its offers: their URLs hold its slug).
// Changes made by another process (`npm run import`, another server's team console) reach only the
// database, so they are noticed by polling it; this server's own are published at once.
// One job runs at a time, in its own low-priority process; this process only queries and waits.
import { createHash } from 'node:crypto';
import { Cron } from 'croner';
import { asc, eq, min, sql } from 'drizzle-orm';
import { SITE_TIME_ZONE } from '../../lib/constants.ts';
import type { Database } from '../db/client.ts';
import { banks, categories, offers, siteBuilds } from '../db/schema.ts';
import { isListed, isPublic } from '../domain/offers.ts';
import { OFFER_PAGE_COLUMNS } from '../serialize.ts';
import { buildSite, publishPages, type SiteBuildOptions } from './build.ts';
import { dirname, join } from 'node:path';
import { BUILDS_DIR, buildInfo, pruneBuilds, servedBuild, takeBuildLock } from './builds-dir.ts';

const MAX_TIMER_MS = 2 ** 31 - 1;
/** How often the rebuilder looks for offers changed by other processes since the served build. */
const CHANGE_CHECK_MS = 5_000;
/** After a failed job, how long before trying again (a broken build must not run in a loop). */
const RETRY_AFTER_FAILURE_MS = 5 * 60_000;

/** What the served build shows: a hash of the banks and categories, and of each public offer where it is listed and what its page says. */
export type CatalogueSnapshot = {
  banksAndCategories: string;
  /** merchantId: missing in records from before merchant pages (their merchant is then known from the new record only). */
  offers: Record<string, { bankId: number; categoryId: number; merchantId?: number; version: string }>;
};

export interface SiteRebuilder {
  /** A full rebuild now, or right after the job in progress. */
  rebuild(reason: string): Promise<void>;
  /** Publishes the offers changed since the served build now, instead of at the next check. */
  publishChanges(): Promise<void>;
  stop(): void;
}

export interface SiteRebuilderOptions {
  db: Database;
  apiUrl: string;
  siteDir: string;
  siteUrl?: string;
  buildsDir?: string;
  log?: (line: string) => void;
  /** Cron pattern of the full rebuild, in Sri Lanka's time. */
  rebuildCron: string;
  /** The code the pages are made from: a served build made from other code is rebuilt at start. */
  sourceVersion?: string;
  /** How often the database is checked for changes made by other processes (this one's come through publishChanges). */
  changeCheckMs?: number;
  /** Empties the API's response cache, so a build never reads answers from before the change. */
  clearResponseCache?: () => void;
  /** Called after each job that changed the served site. */
  onSiteChanged?: () => void;
  /** Where rendered preview images are kept between builds (build.ts). */
  previewCacheDir?: string;
  /** The builds' CPU niceness (build.ts); default the lowest priority. */
  buildNiceness?: number;
  /** False renders no preview images (build.ts): the browser suite, which reads none. */
  previewImages?: boolean;
}

export function startSiteRebuilder(options: SiteRebuilderOptions): SiteRebuilder {
  const log = options.log ?? console.log;
  const abort = new AbortController();
  const jobOptions: SiteBuildOptions = {
    apiUrl: options.apiUrl,
    siteDir: options.siteDir,
    siteUrl: options.siteUrl,
    buildsDir: options.buildsDir,
    previewCacheDir: options.previewCacheDir,
    niceness: options.buildNiceness,
    previewImages: options.previewImages,
    log,
    signal: abort.signal,
    env: options.sourceVersion ? { SITE_SOURCE_VERSION: options.sourceVersion } : undefined,
  };
  let stopped = false;
  /** What the served build shows; undefined until known (no build, or one from before snapshots). */
  let published: CatalogueSnapshot | undefined;
  let fullRebuildReason: string | undefined;
  let publishWanted = false;
  let retryAt = 0;
  let running: Promise<void> | undefined;

  const snapshot = async (): Promise<CatalogueSnapshot> => {
    // Every field of a bank or category is on the site: names and slugs (in every URL), logos,
    // card types, colours, icons. Locations are not: offers show theirs, in the offers' own hash.
    const [bankRows, categoryRows] = await Promise.all([
      options.db.select().from(banks).orderBy(asc(banks.bankId)),
      options.db.select().from(categories).orderBy(asc(categories.categoryId)),
    ]);
    const rows = await options.db
      .select({
        offerId: offers.offerId,
        bankId: offers.bankId,
        categoryId: offers.categoryId,
        merchantId: offers.merchantId,
        // Everything an offer's own page shows of its row (toOffer's), and whether it is listed.
        // View counts and favourites change all day, and so does a source's last verification: they
        // wait for the next full rebuild.
        version: sql<string>`md5(concat_ws('|', ${sql.join(
          OFFER_PAGE_COLUMNS.map((column) => sql`${offers[column]}::text`),
          sql`, `,
        )}, ${isListed()}))`,
      })
      .from(offers)
      .where(isPublic());
    return {
      banksAndCategories: createHash('md5')
        .update(JSON.stringify([bankRows, categoryRows]))
        .digest('hex'),
      offers: Object.fromEntries(rows.map(({ offerId, ...row }) => [offerId, row])),
    };
  };

  /** The offers whose pages differ between two snapshots, and the banks and merchants that list them before or after. */
  const changedPages = (before: CatalogueSnapshot['offers'], after: CatalogueSnapshot['offers']) => {
    const offerIds: number[] = [];
    const bankIds = new Set<number>();
    const merchantIds = new Set<number>();
    for (const id of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const [old, now] = [before[id], after[id]];
      if (old?.version === now?.version && old?.bankId === now?.bankId && old?.categoryId === now?.categoryId) continue;
      offerIds.push(Number(id));
      for (const row of [old, now]) {
        if (row) bankIds.add(row.bankId);
        if (row?.merchantId !== undefined) merchantIds.add(row.merchantId);
      }
    }
    return { offerIds, bankIds: [...bankIds], merchantIds: [...merchantIds] };
  };

  /** Runs a build job with its row in site_builds, which the team console's overview shows. Recording never fails the build. */
  const recorded = async (kind: 'full' | 'publish', note: string, work: () => Promise<unknown>) => {
    const [row] = await options.db
      .insert(siteBuilds)
      .values({ kind, message: note })
      .returning({ buildId: siteBuilds.buildId })
      .catch(() => []);
    const finish = async (ok: boolean, message: string) => {
      if (row)
        await options.db
          .update(siteBuilds)
          .set({ finishedAt: new Date(), ok, message })
          .where(eq(siteBuilds.buildId, row.buildId))
          .catch(() => {});
    };
    try {
      await work();
    } catch (error) {
      await finish(false, error instanceof Error ? error.message : String(error));
      throw error;
    }
    await finish(true, note);
  };

  const fullRebuild = async (reason: string) => {
    log(`[site] rebuilding: ${reason}`);
    const catalogue = await snapshot();
    options.clearResponseCache?.();
    await recorded('full', reason, () => buildSite({ ...jobOptions, catalogue }));
    published = catalogue;
  };

  const publish = async () => {
    if (!published) return; // the next full rebuild brings everything
    const catalogue = await snapshot();
    if (catalogue.banksAndCategories !== published.banksAndCategories) {
      fullRebuildReason ??= 'the catalogue changed'; // drain() runs it next
      return;
    }
    const pages = changedPages(published.offers, catalogue.offers);
    if (pages.offerIds.length === 0) return;
    log(`[site] publishing offers ${pages.offerIds.join(', ')}`);
    options.clearResponseCache?.();
    await recorded('publish', `offers ${pages.offerIds.join(', ')}`, () =>
      publishPages({ ...jobOptions, pages, catalogue }),
    );
    published = catalogue;
  };

  /** Runs what was asked for, one job at a time, until nothing is left. */
  const drain = async () => {
    while (!stopped && (fullRebuildReason !== undefined || publishWanted) && Date.now() >= retryAt) {
      const reason = fullRebuildReason;
      fullRebuildReason = undefined;
      publishWanted = false;
      try {
        if (reason !== undefined) await fullRebuild(reason);
        else await publish();
        options.onSiteChanged?.();
      } catch (error) {
        if (stopped) return;
        log(
          `[site] ${reason === undefined ? 'publishing' : 'rebuild'} failed, the served site stays as it was: ${error instanceof Error ? error.message : error}`,
        );
        retryAt = Date.now() + RETRY_AFTER_FAILURE_MS;
        if (reason === undefined) fullRebuildReason = 'publishing failed';
        else fullRebuildReason ??= reason;
      }
    }
    await scheduleNextExpiry().catch(() => {});
  };
  const kick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= drain().finally(() => {
      running = undefined;
    });
    return running;
  };
  const rebuild = (reason: string) => {
    fullRebuildReason ??= reason;
    retryAt = 0;
    return running ? running.then(kick) : kick();
  };
  const publishChanges = () => {
    publishWanted = true;
    return running ? running.then(kick) : kick();
  };

  // The moment the next listed offer ends, its page and the lists change.
  let expiryTimer: NodeJS.Timeout | undefined;
  let timedExpiry: number | undefined;
  const scheduleNextExpiry = async () => {
    const [row] = await options.db
      .select({ next: min(offers.offerEnd) })
      .from(offers)
      .where(isListed());
    const next = row?.next ? new Date(row.next).getTime() : undefined;
    if (next === timedExpiry || stopped) return;
    clearTimeout(expiryTimer);
    timedExpiry = next;
    if (next === undefined) return;
    expiryTimer = setTimeout(
      () => {
        timedExpiry = undefined;
        void publishChanges();
      },
      Math.max(Math.min(next - Date.now() + 1_000, MAX_TIMER_MS), 1_000),
    );
    expiryTimer.unref();
  };

  const changeCheck = setInterval(() => {
    if (!running) void publishChanges();
  }, options.changeCheckMs ?? CHANGE_CHECK_MS);
  changeCheck.unref();
  const schedule = new Cron(
    options.rebuildCron,
    { timezone: SITE_TIME_ZONE, unref: true },
    () => void rebuild('scheduled'),
  );

  // At start: a build cut off by the last stop goes (in the background; a job prunes again anyway).
  void takeBuildLock(abort.signal)
    .then((unlock) =>
      pruneBuilds(options.buildsDir ?? join(dirname(options.siteDir), BUILDS_DIR), options.siteDir).finally(unlock),
    )
    .catch(() => {});
  // What the served build shows, recorded when it was made or last published.
  const served = servedBuild(options.siteDir);
  const record = (served ? buildInfo(served) : undefined) as
    { source?: string; catalogue?: Partial<CatalogueSnapshot> } | undefined;
  if (!served) void rebuild('no build yet');
  else if (!record?.catalogue?.offers) void rebuild('the served build has no record of its offers');
  else if (options.sourceVersion && record.source !== options.sourceVersion)
    void rebuild('the code changed since the served build');
  else {
    published = record.catalogue as CatalogueSnapshot;
    void publishChanges(); // what changed while the server was down
  }

  return {
    rebuild,
    publishChanges,
    stop() {
      stopped = true;
      abort.abort(); // a job in progress ends with the server
      clearInterval(changeCheck);
      schedule.stop();
      clearTimeout(expiryTimer);
    },
  };
}
