// One run of one source: read it (its adapter), normalise each item, check it against the
// contract, and bring the offers in line with what the source lists now:
//   new item        → a pending offer for the team's Review (or a link to the same offer from
//                     another source: same bank and merchant, overlapping dates, a similar title)
//   unchanged item  → only "last verified" moves
//   changed item    → a pending offer is updated in place; an accepted one keeps its accepted
//                     version and gets a revision in Review (a trusted source's change that
//                     touches no rate or date is applied at once)
//   missing item    → counted; flagged at MISSING_FLAG_RUNS runs in a row, ended at the next
//   unread flyer    → a draft in Review with its image and link, for the team to complete (flyer-draft.ts)
// Every refused item is counted, and the first RUN_ERRORS_KEPT are logged with their reasons in the run's row (import_runs).
import { createHash } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { and, desc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { cardName, coveredCards, type CardSpecData } from '../../contract/eligibility.ts';
import { ImportedOffer, type ImportedOfferData } from '../../contract/imported-offer.ts';
import { UPLOAD_BYTES_MAX } from '../../contract/limits.ts';
import { sanitizeDescription } from '../../lib/sanitize-description.ts';
import type { Database } from '../db/client.ts';
import { notEnded } from '../db/listed.ts';
import { images, importRuns, importSources, offerRevisions, offers, offerSources } from '../db/schema.ts';
import { imageTypeOf, imageUrl } from '../services/images.ts';
import { adapterFor } from './adapters/index.ts';
import { flyerDraft } from './flyer-draft.ts';
import { normaliseItem } from './normalise/index.ts';
import { columnChanges, contentHashOf, REVIEWED_COLUMNS, storedColumns, type ImportedColumns } from './offer-fields.ts';
import type { BankRow } from '../serialize.ts';
import { readCatalogue, type Catalogue } from './resolve.ts';
import { RunErrors, runningErrors, storedRunErrors, type RunOwner } from './run-errors.ts';
import type { ItemFailure, PoliteFetcher, SourceItem } from './types.ts';

/** Runs in a row an item may be missing before it is flagged in the console; at the next, its offer ends. */
export const MISSING_FLAG_RUNS = 2;
/** How similar two titles must be (pg_trgm similarity) for two sources' items to be one offer. */
export const SAME_OFFER_SIMILARITY = 0.45;
/** Items a source listed before, under which an empty listing is believed rather than suspected. */
export const EMPTY_LISTING_SUSPECT_FROM = 3;
/**
 * A listing that holds less than this share of the last good run's items is held: a broken page,
 * a firewall or a cut answer is likelier than half of a bank's offers ending at once.
 */
export const LISTING_SHRINK_HELD_BELOW = 0.5;
const INSERT_BATCH = 500;
/** The content hash of an item whose offer was ended as missing: no real hash equals it. */
const ENDED_AS_MISSING = 'ended-as-missing';
const YIELD_EVERY = 500;

export type RunTrigger = 'schedule' | 'console' | 'command';

export interface RunCounts {
  fetched: number;
  newCount: number;
  changed: number;
  unchanged: number;
  missing: number;
  ended: number;
  failed: number;
}
export interface RunSummary extends RunCounts {
  runId: number;
  sourceKey: string;
  ok: boolean;
  /** The first RUN_ERRORS_KEPT errors; moreErrors counts the rest. */
  errors: ItemFailure[];
  moreErrors: number;
  /** Whether a listed offer changed or ended: the caller empties the API's cache. */
  publicChanged: boolean;
}

export interface PipelineDeps {
  db: Database;
  fetcher: PoliteFetcher;
  now?: () => Date;
  /** The process (and job) running the run, held in its row while it runs: jobs/import-queue.ts fails it at a restart if that process is gone. */
  owner?: RunOwner;
}

/** The line every run ends with (npm run import prints one per source, and the total). */
export const summaryLine = (counts: Pick<RunCounts, 'newCount' | 'changed' | 'unchanged' | 'missing' | 'failed'>) =>
  `import: new ${counts.newCount}, changed ${counts.changed}, unchanged ${counts.unchanged}, missing ${counts.missing}, failed ${counts.failed}`;

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface RunOptions {
  /** The team has checked that the source really lists this few offers now: the run goes ahead. */
  acceptShrink?: boolean;
}

/** Runs one source and records the run; a source that cannot be read is a failed run (the error is thrown after it is recorded). */
export async function runSource(
  deps: PipelineDeps,
  sourceKey: string,
  trigger: RunTrigger,
  options: RunOptions = {},
): Promise<RunSummary> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const [source] = await db.select().from(importSources).where(eq(importSources.sourceKey, sourceKey)).limit(1);
  if (!source) throw new Error(`No import source '${sourceKey}'.`);
  const [run] = await db
    .insert(importRuns)
    .values({ sourceKey, trigger, startedAt: now, errors: deps.owner ? runningErrors(deps.owner) : [] })
    .returning({ runId: importRuns.runId });
  const runId = run!.runId;
  try {
    const adapter = adapterFor(source.adapter);
    const read = await adapter.read({ url: source.url, fetcher: deps.fetcher, now });
    if (!options.acceptShrink) await holdShrunkListing(db, sourceKey, read.items.length);
    const result = await applyListing(deps, source, read.items, read.failures, now);
    const { errors } = result;
    await db
      .update(importRuns)
      .set({ ...result.counts, ok: true, finishedAt: new Date(), errors: errors.stored() })
      .where(eq(importRuns.runId, runId));
    return {
      runId,
      sourceKey,
      ok: true,
      ...result.counts,
      errors: errors.kept,
      moreErrors: errors.more,
      publicChanged: result.publicChanged,
    };
  } catch (error) {
    const errors = storedRunErrors([{ itemKey: '', reason: reasonOf(error) }], 0);
    await db.update(importRuns).set({ ok: false, finishedAt: new Date(), errors }).where(eq(importRuns.runId, runId));
    throw Object.assign(new Error(`${source.name}: ${reasonOf(error)}`), { runId });
  }
}

/**
 * Throws when the listing holds less than LISTING_SHRINK_HELD_BELOW of the last good run's items
 * (of at least EMPTY_LISTING_SUSPECT_FROM): the run fails before anything is written or ended.
 */
async function holdShrunkListing(db: Database, sourceKey: string, listed: number): Promise<void> {
  const [lastGood] = await db
    .select({ fetched: importRuns.fetched })
    .from(importRuns)
    .where(and(eq(importRuns.sourceKey, sourceKey), eq(importRuns.ok, true)))
    .orderBy(desc(importRuns.startedAt), desc(importRuns.runId))
    .limit(1);
  if (
    !lastGood ||
    lastGood.fetched < EMPTY_LISTING_SUSPECT_FROM ||
    listed >= lastGood.fetched * LISTING_SHRINK_HELD_BELOW
  )
    return;
  throw new Error(
    `The listing holds ${listed} offer${listed === 1 ? '' : 's'}, against ${lastGood.fetched} at the last good run: a broken page or a cut answer is likelier than ` +
      `so many offers ending at once, so the run is held and nothing was ended. If the source really lists this few now, run it with --accept-shrink.`,
  );
}

type Source = typeof importSources.$inferSelect;
type Link = { itemKey: string; offerId: number; contentHash: string; missingRuns: number; linkedDuplicate: boolean };

async function applyListing(
  deps: PipelineDeps,
  source: Source,
  items: SourceItem[],
  readFailures: ItemFailure[],
  now: Date,
) {
  const { db } = deps;
  const catalogue = await readCatalogue(db);
  // Every failure is counted; the first RUN_ERRORS_KEPT are kept with their reasons.
  const errors = new RunErrors();
  for (const failure of readFailures) errors.add(failure);
  const counts: RunCounts = {
    fetched: items.length,
    newCount: 0,
    changed: 0,
    unchanged: 0,
    missing: 0,
    ended: 0,
    failed: readFailures.length,
  };
  const fail = (failure: ItemFailure) => {
    errors.add(failure);
    counts.failed++;
  };
  let publicChanged = false;

  // Normalise and check every item; a repeated key is the source's mistake, kept once.
  const checked = new Map<string, ImportedOfferData>();
  const flyerDrafts = new Set<string>();
  const sourceBank = source.bankId === null ? undefined : catalogue.bankById(source.bankId);
  for (const [index, item] of items.entries()) {
    // A large feed is read in the server's own thread: let requests in between.
    if (index % YIELD_EVERY === YIELD_EVERY - 1) await setImmediate();
    const bank = sourceBank ?? (item.bankName ? catalogue.bankByName(item.bankName) : bankNamedIn(catalogue, item));
    if (!bank && item.bankName) {
      fail({ itemKey: item.itemKey, title: item.title, reason: `No bank named '${item.bankName}' in the catalogue.` });
      continue;
    }
    if (Array.isArray(bank)) {
      fail({
        itemKey: item.itemKey,
        title: item.title,
        reason: `The item names several banks (${bank.map((b) => b.bankName).join(', ')}): which one offers it is not clear.`,
      });
      continue;
    }
    const normalised = normaliseItem(
      item,
      bank ? { bankName: bank.bankName, issuedCards: bank.issuedCards } : null,
      now,
    );
    // A flyer whose words do not make an offer goes to Review as a draft; an ended one does not.
    const draft =
      'failure' in normalised && item.flyer && bank && !normalised.ended ? flyerDraft(item, bank.bankName) : null;
    if ('failure' in normalised && !draft) {
      fail(normalised.failure);
      continue;
    }
    const parsed = v.safeParse(
      ImportedOffer,
      draft ?? { ...(normalised as { item: ImportedOfferData }).item, bankName: bank?.bankName ?? null },
    );
    if (!parsed.success) {
      const issue = parsed.issues[0];
      fail({ itemKey: item.itemKey, title: item.title, reason: `${v.getDotPath(issue) ?? 'item'}: ${issue.message}` });
      continue;
    }
    if (checked.has(item.itemKey)) {
      fail({
        itemKey: item.itemKey,
        title: item.title,
        reason: 'The source lists this item twice; the first is kept.',
      });
      continue;
    }
    checked.set(item.itemKey, parsed.output);
    if (draft) flyerDrafts.add(item.itemKey);
  }

  const links = new Map(
    (
      await db
        .select({
          itemKey: offerSources.itemKey,
          offerId: offerSources.offerId,
          contentHash: offerSources.contentHash,
          missingRuns: offerSources.missingRuns,
          linkedDuplicate: offerSources.linkedDuplicate,
        })
        .from(offerSources)
        .where(eq(offerSources.sourceKey, source.sourceKey))
    ).map((link: Link) => [link.itemKey, link]),
  );

  const unchangedKeys: string[] = [];
  const fresh: { itemKey: string; offer: ImportedOfferData; hash: string }[] = [];
  for (const [itemKey, offer] of checked) {
    const hash = contentHashOf(offer);
    const link = links.get(itemKey);
    if (!link) fresh.push({ itemKey, offer, hash });
    else if (link.contentHash === hash) unchangedKeys.push(itemKey);
    else {
      try {
        const columns = await columnsOf(deps, catalogue, offer, flyerDrafts.has(itemKey));
        publicChanged = (await reviseOffer(db, source, link, offer, columns, hash, now)) || publicChanged;
        counts.changed++;
      } catch (error) {
        fail({ itemKey, title: offer.header, reason: reasonOf(error) });
      }
    }
  }
  await markVerified(db, source.sourceKey, unchangedKeys, links, now);
  counts.unchanged += unchangedKeys.length;

  // New items: linked to the same offer from another source, or a new pending offer.
  const toInsert: { itemKey: string; offer: ImportedOfferData; hash: string; columns: ImportedColumns }[] = [];
  for (const entry of fresh) {
    try {
      const columns = await columnsOf(deps, catalogue, entry.offer, flyerDrafts.has(entry.itemKey));
      // A merchant this run made has no offers yet: nothing to look for.
      const sameOffer = catalogue.isNewMerchant(columns.merchantId)
        ? undefined
        : await findSameOffer(db, source.sourceKey, columns);
      if (sameOffer !== undefined) {
        await db.insert(offerSources).values({
          sourceKey: source.sourceKey,
          itemKey: entry.itemKey,
          offerId: sameOffer,
          url: entry.offer.url,
          contentHash: entry.hash,
          lastSeenAt: now,
          linkedDuplicate: true,
        });
        await db.update(offers).set({ sourceVerifiedAt: now }).where(eq(offers.offerId, sameOffer));
        counts.unchanged++;
      } else {
        toInsert.push({ ...entry, columns });
      }
    } catch (error) {
      fail({ itemKey: entry.itemKey, title: entry.offer.header, reason: reasonOf(error) });
    }
  }
  for (let i = 0; i < toInsert.length; i += INSERT_BATCH) {
    const batch = toInsert.slice(i, i + INSERT_BATCH);
    await db.transaction(async (tx) => {
      const made = await tx
        .insert(offers)
        .values(
          batch.map(({ offer, hash, columns }) => ({
            ...columns,
            reviewStatus: 'pending',
            sourceName: source.name,
            sourceUrl: offer.url,
            sourceVerifiedAt: now,
            sourceHash: hash,
            createdAt: now,
          })),
        )
        .returning({ offerId: offers.offerId });
      await tx.insert(offerSources).values(
        batch.map(({ itemKey, offer, hash }, j) => ({
          sourceKey: source.sourceKey,
          itemKey,
          offerId: made[j]!.offerId,
          url: offer.url,
          contentHash: hash,
          lastSeenAt: now,
        })),
      );
    });
    counts.newCount += batch.length;
  }

  // Missing: what the source listed before and not now. A listing that is suddenly empty is more
  // likely a broken page than every offer ending at once: it is not counted, and the Overview alerts.
  // An item the source lists but we refused (a bad date, no category yet) is listed all the same: not missing.
  const listedKeys = new Set([...items.map((item) => item.itemKey), ...readFailures.map((failure) => failure.itemKey)]);
  const missingLinks = [...links.values()].filter((link) => !listedKeys.has(link.itemKey));
  if (items.length === 0 && readFailures.length === 0 && links.size >= EMPTY_LISTING_SUSPECT_FROM) {
    errors.add({
      itemKey: '',
      reason: `The source listed no offers (it listed ${links.size} before): missing items were not counted.`,
    });
  } else if (missingLinks.length > 0) {
    counts.missing = missingLinks.length;
    const ended = await markMissing(db, source.sourceKey, missingLinks, now);
    counts.ended = ended.length;
    publicChanged ||= ended.length > 0;
  }
  return { counts, errors, publicChanged };
}

/**
 * The bank an aggregator's or partner's item names only in its words ('20% off … with Commercial
 * Bank credit cards'): the title first, then the cards, the description and the terms. Several (the banks it names): not clear.
 */
function bankNamedIn(catalogue: Catalogue, item: SourceItem): BankRow | BankRow[] | undefined {
  for (const text of [item.title, item.cardsText, item.description, item.termsText]) {
    const named = text ? catalogue.banksNamedIn(text) : [];
    if (named.length === 1) return named[0];
    if (named.length > 1) return named;
  }
  return undefined;
}

/**
 * The offer's columns from the checked item: ids for its bank, category and merchant; its banner
 * stored once. A flyer's draft with no category keyword takes the first category, for the team to correct.
 */
async function columnsOf(
  deps: PipelineDeps,
  catalogue: Catalogue,
  offer: ImportedOfferData,
  isFlyerDraft = false,
): Promise<ImportedColumns> {
  const bank = offer.bankName ? catalogue.bankByName(offer.bankName) : undefined;
  if (!bank)
    throw new Error(offer.bankName ? `No bank named '${offer.bankName}' in the catalogue.` : 'The item names no bank.');
  // The merchant's name often says it all: 'Ocean Basket Restaurant', 'Glow Salon and Spa'.
  const categoryId =
    catalogue.categoryOf(offer.categoryText, `${offer.merchantName} ${offer.header} ${offer.description}`) ??
    (isFlyerDraft ? catalogue.firstCategoryId : undefined);
  if (categoryId === undefined) {
    throw new Error(
      `No category: none of the category keywords is in '${offer.categoryText || offer.header}'. Add one on the console's Importers page.`,
    );
  }
  const merchantId = await catalogue.merchantIdOf(deps.db, offer.merchantName, offer.eligibility.website);
  const towns = catalogue.knownTowns(offer.locations);
  const cards: CardSpecData[] = coveredCards(bank.issuedCards, offer.eligibility);
  return {
    label: offer.label,
    header: offer.header,
    description: sanitizeDescription(offer.description),
    bannerImageUrl: offer.imageUrl ? await storedBanner(deps, offer.imageUrl) : null,
    offerType: offer.offerType,
    offerRate: offer.offerRate,
    instalmentMonths: offer.instalmentMonths,
    offerDateType: offer.offerDateType,
    offerStart: offer.offerStart,
    offerEnd: offer.offerEnd,
    validTimeDateDescription: offer.validTimeDateDescription,
    promoCode: offer.promoCode,
    cardTypes: cards.map(cardName),
    // Every town the source names holds the offer, as a merchant's chosen towns do.
    location: towns.map((value) => ({ value, isActive: true })),
    eligibility: offer.eligibility,
    bankId: bank.bankId,
    categoryId,
    merchantId,
    flyerDraft: isFlyerDraft,
  };
}

/**
 * The banner, downloaded once and kept like an upload (never hot-linked): named by its source URL,
 * so a second run finds it stored. Only PNG or JPEG, told by its bytes. A banner that cannot be
 * had leaves the offer without one rather than failing it.
 */
async function storedBanner(deps: PipelineDeps, url: string): Promise<string | null> {
  const digest = createHash('sha256').update(url).digest('hex').slice(0, 40);
  const stored = await deps.db
    .select({ name: images.name })
    .from(images)
    .where(sql`${images.name} like ${`import-${digest}.%`}`)
    .limit(1);
  if (stored[0]) return imageUrl(stored[0].name);
  try {
    const { bytes } = await deps.fetcher.bytes(url, { maxBytes: UPLOAD_BYTES_MAX });
    const contentType = imageTypeOf(bytes);
    if (!contentType) return null;
    const name = `import-${digest}.${contentType === 'image/png' ? 'png' : 'jpg'}`;
    await deps.db.insert(images).values({ name, contentType, bytes, ownerUserId: null }).onConflictDoNothing();
    return imageUrl(name);
  } catch {
    return null;
  }
}

/** Unchanged items: seen now, missing no more; their offers' "last verified" moves. */
async function markVerified(db: Database, sourceKey: string, itemKeys: string[], links: Map<string, Link>, now: Date) {
  for (let i = 0; i < itemKeys.length; i += INSERT_BATCH * 4) {
    const batch = itemKeys.slice(i, i + INSERT_BATCH * 4);
    await db
      .update(offerSources)
      .set({ lastSeenAt: now, missingRuns: 0 })
      .where(and(eq(offerSources.sourceKey, sourceKey), inArray(offerSources.itemKey, batch)));
    await db
      .update(offers)
      .set({ sourceVerifiedAt: now })
      .where(
        inArray(
          offers.offerId,
          batch.map((key) => links.get(key)!.offerId),
        ),
      );
  }
}

/**
 * A changed item. Its link takes the new hash, so the same change is proposed once. Returns
 * whether a listed offer changed (the cache and the site follow).
 */
async function reviseOffer(
  db: Database,
  source: Source,
  link: Link,
  offer: ImportedOfferData,
  columns: ImportedColumns,
  hash: string,
  now: Date,
) {
  return db.transaction(async (tx) => {
    await tx
      .update(offerSources)
      .set({ contentHash: hash, lastSeenAt: now, missingRuns: 0, url: offer.url })
      .where(and(eq(offerSources.sourceKey, source.sourceKey), eq(offerSources.itemKey, link.itemKey)));
    const [current] = await tx.select().from(offers).where(eq(offers.offerId, link.offerId)).for('update');
    if (!current) return false;
    // Another source's copy of the offer verifies it; the first source's item is the one that revises it.
    if (link.linkedDuplicate) {
      await tx.update(offers).set({ sourceVerifiedAt: now }).where(eq(offers.offerId, link.offerId));
      return false;
    }
    const verified = { sourceUrl: offer.url, sourceVerifiedAt: now, sourceHash: hash };
    if (current.reviewStatus !== 'accepted') {
      // Not public yet, or refused: the team reviews the offer as the source has it now.
      await tx
        .update(offers)
        .set({ ...columns, ...verified, reviewStatus: 'pending', reviewReason: null })
        .where(eq(offers.offerId, link.offerId));
      return false;
    }
    const changes = columnChanges(current, columns);
    await tx
      .update(offerRevisions)
      .set({ status: 'superseded', decidedAt: now })
      .where(and(eq(offerRevisions.offerId, link.offerId), eq(offerRevisions.status, 'pending')));
    if (changes.length === 0) {
      await tx.update(offers).set(verified).where(eq(offers.offerId, link.offerId));
      return false;
    }
    // A flyer's draft never replaces what the team completed without their review.
    const automatic =
      source.trusted &&
      !columns.flyerDraft &&
      changes.every((change) => !(REVIEWED_COLUMNS as readonly string[]).includes(change.field));
    await tx.insert(offerRevisions).values({
      offerId: link.offerId,
      sourceKey: source.sourceKey,
      proposed: storedColumns(columns),
      changes,
      contentHash: hash,
      status: automatic ? 'accepted' : 'pending',
      createdAt: now,
      decidedAt: automatic ? now : null,
    });
    await tx
      .update(offers)
      .set(automatic ? { ...columns, ...verified } : { sourceVerifiedAt: now })
      .where(eq(offers.offerId, link.offerId));
    return automatic;
  });
}

/**
 * Items not listed this run: one more missing run each. At MISSING_FLAG_RUNS they are flagged
 * (the console lists them); one run later their offers end now, unless another source still lists
 * them. Returns the offers ended.
 */
async function markMissing(db: Database, sourceKey: string, missing: Link[], now: Date): Promise<number[]> {
  const keys = missing.map((link) => link.itemKey);
  const updated = await db
    .update(offerSources)
    .set({ missingRuns: sql`${offerSources.missingRuns} + 1` })
    .where(and(eq(offerSources.sourceKey, sourceKey), inArray(offerSources.itemKey, keys)))
    .returning({ offerId: offerSources.offerId, missingRuns: offerSources.missingRuns });
  const gone = updated.filter((link) => link.missingRuns > MISSING_FLAG_RUNS).map((link) => link.offerId);
  if (gone.length === 0) return [];
  const stillListed = new Set(
    (
      await db
        .select({ offerId: offerSources.offerId })
        .from(offerSources)
        .where(
          and(
            inArray(offerSources.offerId, gone),
            ne(offerSources.sourceKey, sourceKey),
            sql`${offerSources.missingRuns} <= ${MISSING_FLAG_RUNS}`,
          ),
        )
    ).map((row) => row.offerId),
  );
  const toEnd = gone.filter((offerId) => !stillListed.has(offerId));
  if (toEnd.length === 0) return [];
  const ended = await db
    .update(offers)
    .set({ offerEnd: now })
    .where(and(inArray(offers.offerId, toEnd), isNull(offers.withdrawnAt), notEnded(now)))
    .returning({ offerId: offers.offerId });
  await db
    .update(offerRevisions)
    .set({ status: 'superseded', decidedAt: now })
    .where(and(inArray(offerRevisions.offerId, toEnd), eq(offerRevisions.status, 'pending')));
  // Should the item come back, it reads as changed, and the offer with its dates goes to Review again.
  await db
    .update(offerSources)
    .set({ contentHash: ENDED_AS_MISSING })
    .where(and(eq(offerSources.sourceKey, sourceKey), inArray(offerSources.offerId, toEnd)));
  return ended.map((row) => row.offerId);
}

/**
 * The offer another source already brought in, or a merchant sent, that this new item is: the same
 * bank and merchant, dates that overlap, and a similar title. Not one of this source's own offers:
 * two items of one listing are two offers.
 */
async function findSameOffer(db: Database, sourceKey: string, columns: ImportedColumns): Promise<number | undefined> {
  const [match] = await db
    .select({ offerId: offers.offerId })
    .from(offers)
    .where(
      and(
        eq(offers.bankId, columns.bankId),
        eq(offers.merchantId, columns.merchantId),
        isNull(offers.withdrawnAt),
        columns.offerStart ? or(isNull(offers.offerEnd), gte(offers.offerEnd, columns.offerStart)) : undefined,
        columns.offerEnd ? or(isNull(offers.offerStart), lte(offers.offerStart, columns.offerEnd)) : undefined,
        sql`similarity(${offers.header}, ${columns.header}) >= ${SAME_OFFER_SIMILARITY}`,
        sql`not exists (select 1 from ${offerSources} where ${offerSources.offerId} = ${offers.offerId} and ${offerSources.sourceKey} = ${sourceKey})`,
      ),
    )
    .orderBy(sql`similarity(${offers.header}, ${columns.header}) desc`)
    .limit(1);
  return match?.offerId;
}
