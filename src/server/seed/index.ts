// Demo data set loader. seedDemoData replaces the whole catalogue (banks, categories, merchants,
// locations, terms, offers, house ads and generated images) in one transaction; users, sessions,
// codes, subscriptions, feedback and insights are left alone. Deterministic for a given offer
// count and `now`.
import { isNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { WebUrl } from '../../contract/index.ts';
import { sanitizeDescription } from '../../lib/sanitize-description.ts';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { bankSources } from '../importers/sources.ts';
import { buildDemoData, type DemoData } from './generate.ts';
import { hashLabel } from './random.ts';
import { demoImports } from './sources.ts';

export { buildDemoData, DEFAULT_OFFER_COUNT, MAX_OFFER_COUNT, validateOfferCount, type DemoData } from './generate.ts';

export interface SeedOptions {
  /** How many offers to generate; default 600, at most MAX_OFFER_COUNT. */
  offers?: number;
  /** The moment the data set is relative to (expired, ending soon, new); default the current time. */
  now?: Date;
}

export interface SeedSummary {
  banks: number;
  categories: number;
  merchants: number;
  offers: number;
  locations: number;
  terms: number;
  images: number;
}

/** site_meta key and value that mark the demo data set (the site shows a "demo data" ribbon). */
export const DATASET_META_KEY = 'dataset';
const DEMO_DATASET = 'demo';

const ROW_BATCH = 500;
const IMAGE_BATCH = 100;
/** Serialises concurrent seeders (several API processes starting on one PostgreSQL). */
const SEED_LOCK_KEY = hashLabel('offerlanka:seed') | 0;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The catalogue tables, emptied by a re-seed; favorites, impressions and plans (and their sends) point at offers. */
const CATALOGUE_TABLES = [
  'favorites',
  'use_plan_sends',
  'use_plans',
  'impressions',
  'offer_reports',
  'offer_revisions',
  'offer_sources',
  'import_runs',
  'import_sources',
  'offers',
  'terms_conditions',
  'category_keywords',
  'categories',
  'banks',
  'card_tiers',
  'locations',
  'house_ads',
] as const;
/** Serial columns whose sequences continue after the seeded ids. */
const SERIAL_COLUMNS: [table: string, column: string][] = [
  ['banks', 'bank_id'],
  ['categories', 'category_id'],
  ['merchants', 'merchant_id'],
  ['locations', 'location_id'],
  ['offers', 'offer_id'],
  ['terms_conditions', 'term_id'],
  ['house_ads', 'ad_id'],
  ['card_tiers', 'tier_id'],
];

/** Replaces the catalogue with the demo data set and marks the data set as 'demo'. */
export async function seedDemoData(db: Database, options: SeedOptions = {}): Promise<SeedSummary> {
  const now = options.now ?? new Date();
  const data = buildDemoData({ ...options, now });
  await db.transaction(async (tx) => {
    await lock(tx);
    await writeDemoData(tx, data, now);
  });
  await refreshPlannerStatistics(db);
  return summarise(data);
}

/** Fresh statistics after a bulk load, so the planner uses the indexes (PGlite has no autovacuum). */
async function refreshPlannerStatistics(db: Database) {
  await db.execute(sql`vacuum analyze`);
}

/** Seeds only when there are no banks yet. Returns whether it seeded. */
export async function seedIfEmpty(db: Database, options: SeedOptions = {}): Promise<boolean> {
  if (await hasBanks(db)) return false;
  const now = options.now ?? new Date();
  const data = buildDemoData({ ...options, now });
  const seeded = await db.transaction(async (tx) => {
    await lock(tx);
    if (await hasBanks(tx)) return false; // another process seeded meanwhile
    await writeDemoData(tx, data, now);
    return true;
  });
  if (seeded) await refreshPlannerStatistics(db);
  return seeded;
}

function summarise(data: DemoData): SeedSummary {
  return {
    banks: data.banks.length,
    categories: data.categories.length,
    merchants: data.merchants.length,
    offers: data.offers.length,
    locations: data.locations.length,
    terms: data.terms.length,
    images: data.images.length,
  };
}

async function hasBanks(db: Database | Transaction): Promise<boolean> {
  const rows = await db.select({ id: schema.banks.bankId }).from(schema.banks).limit(1);
  return rows.length > 0;
}

async function lock(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
}

async function insertInBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Every URL the data set writes is http(s) or a site path (the contract's WebUrl), like any other write. */
function assertSafeUrls(data: DemoData): void {
  const urls = [
    ...data.banks.flatMap((bank) => [bank.logoUrl, bank.thumbnailUrl]),
    ...data.merchants.flatMap((merchant) => [merchant.logoUrl, merchant.webUrl]),
    ...data.offers.map((offer) => offer.bannerImageUrl),
    ...data.houseAds.flatMap((ad) => [ad.imageUrl, ad.linkUrl]),
  ];
  for (const url of urls) if (url != null) v.parse(WebUrl, url);
}

async function writeDemoData(tx: Transaction, data: DemoData, now: Date): Promise<void> {
  assertSafeUrls(data);
  // Listed explicitly and without CASCADE, so a new table pointing at the catalogue makes this fail
  // loudly instead of being emptied silently.
  await tx.execute(sql.raw(`truncate table ${CATALOGUE_TABLES.map((t) => `"${t}"`).join(', ')} restart identity`));
  // Merchants are deleted, not truncated: merchant accounts point at them (users.merchant_id, set
  // null here), and their rows are made again from the account when it next creates an offer.
  await tx.delete(schema.merchants);
  await tx.delete(schema.images).where(isNull(schema.images.ownerUserId));

  await insertInBatches(data.images, IMAGE_BATCH, (batch) =>
    tx
      .insert(schema.images)
      .values(batch)
      .onConflictDoUpdate({
        target: schema.images.name,
        set: {
          contentType: sql`excluded.content_type`,
          bytes: sql`excluded.bytes`,
          ownerUserId: sql`excluded.owner_user_id`,
          createdAt: sql`excluded.created_at`,
        },
      }),
  );
  await tx.insert(schema.cardTiers).values(data.cardTiers);
  await tx.insert(schema.banks).values(data.banks);
  await tx.insert(schema.categories).values(data.categories);
  await tx.insert(schema.categoryKeywords).values(data.categoryKeywords);
  // The banks' own listings, off until the team checks each adapter against the live page.
  const bankIdOf = (name: string) => data.banks.find((bank) => bank.bankName === name)?.bankId;
  const sources = bankSources(bankIdOf);
  if (sources.length) await tx.insert(schema.importSources).values(sources);
  await tx.insert(schema.locations).values(data.locations);
  await insertInBatches(data.merchants, ROW_BATCH, (batch) => tx.insert(schema.merchants).values(batch));
  await insertInBatches(data.merchants, ROW_BATCH, (batch) =>
    tx.insert(schema.merchantSlugs).values(batch.map(({ slug, merchantId }) => ({ slug: slug!, merchantId }))),
  );
  await tx.insert(schema.termsConditions).values(data.terms);
  await tx.insert(schema.houseAds).values(data.houseAds);
  // A share of the offers came from their bank's listing, with its runs (seed/sources.ts).
  const imports = demoImports(data.offers, sources, now);
  // Descriptions are sanitised on every write, the seed's included.
  await insertInBatches(imports.offers, ROW_BATCH, (batch) =>
    tx
      .insert(schema.offers)
      .values(batch.map((offer) => ({ ...offer, description: sanitizeDescription(offer.description ?? '') }))),
  );
  await insertInBatches(imports.links, ROW_BATCH, (batch) => tx.insert(schema.offerSources).values(batch));
  if (imports.runs.length) await tx.insert(schema.importRuns).values(imports.runs);

  // The rows carry explicit ids (1..n); move each sequence past them.
  for (const [table, column] of SERIAL_COLUMNS) {
    await tx.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('"${table}"', '${column}'), coalesce((select max("${column}") from "${table}"), 0) + 1, false)`,
      ),
    );
  }

  await tx
    .insert(schema.siteMeta)
    .values({ key: DATASET_META_KEY, value: DEMO_DATASET })
    .onConflictDoUpdate({ target: schema.siteMeta.key, set: { value: DEMO_DATASET } });
}
