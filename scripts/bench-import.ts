// npm run bench:import [-- --items N] [-- --csv] [-- --postgres URL]: imports a partner feed of
// 10,000 offers (docs/partner-feed.md) served from 127.0.0.1, twice: the first run makes every
// offer, the second finds them all unchanged. Prints items per second, the time and the peak
// memory of each run, next to the goal: 10,000 unchanged items checked in under 30 s.
// PGlite in memory by default; with --postgres (or BENCH_DATABASE_URL) a throwaway database is
// made on that server and dropped at the end. The feed has no images, so that the runs measure
// the pipeline rather than downloads.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import type { CardSpecData } from '../src/contract/eligibility.ts';
import { PARTNER_FEED_CSV_COLUMNS, PARTNER_FEED_FORMAT, PARTNER_FEED_VERSION } from '../src/contract/partner-feed.ts';
import { SRI_LANKA_UTC_OFFSET_MS } from '../src/contract/limits.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../src/server/db/client.ts';
import { banks, categories, importSources, locations, merchants } from '../src/server/db/schema.ts';
import { createPoliteFetcher } from '../src/server/importers/fetch/polite-fetch.ts';
import { runSource, summaryLine, type RunSummary } from '../src/server/importers/pipeline.ts';
import { nameKey } from '../src/server/importers/resolve.ts';
import { seedDemoData } from '../src/server/seed/index.ts';
import { createRandom, type Random } from '../src/server/seed/random.ts';
import { startFixtureServer } from '../tests/support/fixture-server.ts';

const USAGE = `Usage: npm run bench:import [-- --items N] [-- --csv] [-- --postgres URL]
  --items N         offers in the feed (default 10000)
  --csv             serve the feed as CSV rather than JSON
  --postgres URL    a PostgreSQL server to make a throwaway database on (or BENCH_DATABASE_URL);
                    default PGlite in memory`;

const DEFAULT_ITEMS = 10_000;
/** The catalogue seeded first, so that banks, categories and towns exist; its offers hardly matter. */
const SEED_OFFERS = 50;
/** The goal: this many unchanged items checked in under GOAL_SECONDS. */
const GOAL_ITEMS = 10_000;
const GOAL_SECONDS = 30;
const MEMORY_SAMPLE_MS = 50;
const SOURCE_KEY = 'bench-partner-feed';
const DAY_MS = 86_400_000;
const MB = 1024 * 1024;

// Merchant names: a word, a second word and a noun of the category ('Lotus Harbour Grill').
const NAME_FIRST = [
  'Lotus',
  'Ceylon',
  'Lagoon',
  'Tamarind',
  'Kithul',
  'Coconut',
  'Saffron',
  'Jaffna',
  'Kandyan',
  'Mango',
  'Cinnamon',
  'Sapphire',
  'Galle',
  'Harbour',
  'Palm',
  'Monsoon',
  'Emerald',
  'Serendib',
  'Lanka',
  'Nilaveli',
  'Ruhuna',
  'Sigiriya',
  'Araliya',
  'Kumbuk',
  'Blue',
  'Golden',
  'Silver',
  'Royal',
  'Island',
  'Ocean',
  'Hill',
  'Tea',
  'Spice',
  'Pearl',
  'Sunset',
  'Paradise',
  'Mihintale',
  'Kelani',
  'Mahaweli',
  'Yala',
  'Knuckles',
  'Horton',
  'Adam’s',
  'Pettah',
  'Marine',
  'Temple',
  'Lake',
  'Rampart',
];
const NAME_SECOND = [
  'Leaf',
  'Breeze',
  'Tree',
  'Grove',
  'Sands',
  'Crown',
  'Garden',
  'Gate',
  'Point',
  'Bay',
  'Valley',
  'Peak',
  'Bridge',
  'House',
  'Corner',
  'Square',
  'Terrace',
  'Court',
  'Park',
  'Heights',
  'Lane',
  'Street',
  'Junction',
  'Rock',
  'Star',
  'Moon',
  'Sun',
  'Wave',
  'Reef',
  'Bloom',
  'Stone',
  'Field',
  'Ridge',
  'Harvest',
  'Orchid',
  'Elephant',
  'Peacock',
  'Leopard',
  'Heron',
  'Kingfisher',
];
/** Nouns that fit each seeded category; a category not listed is named by its own name. */
const NOUNS: Record<string, string[]> = {
  Dining: ['Grill', 'Bistro', 'Kitchen', 'Café', 'Eatery', 'Restaurant', 'Bakery', 'Kottu House'],
  Shopping: ['Store', 'Lifestyle', 'Home Store', 'Department Store', 'Emporium'],
  Travel: ['Travels', 'Tours', 'Holidays', 'Journeys'],
  Hotels: ['Hotel', 'Resort', 'Villa', 'Bungalow', 'Retreat'],
  Fuel: ['Filling Station', 'Fuel Mart'],
  Supermarkets: ['Supermarket', 'Mart', 'Grocers', 'Hypermarket'],
  'Health & Wellness': ['Pharmacy', 'Salon', 'Spa', 'Wellness Centre', 'Dental Care', 'Opticians'],
  Education: ['Bookshop', 'Academy', 'Tuition Centre', 'Institute'],
  Electronics: ['Electronics', 'Appliances', 'Digital', 'Mobile Hub'],
  Fashion: ['Boutique', 'Fashions', 'Footwear', 'Clothing'],
  Jewellery: ['Jewellers', 'Gems', 'Gold House'],
  Entertainment: ['Cinema', 'Gaming Arcade', 'Fun Park'],
  Online: ['Online', 'Shop Online', 'Delivery'],
  Automobile: ['Auto Care', 'Motors', 'Tyre Centre', 'Car Care'],
};
const THINGS = [
  'the total bill',
  'all purchases',
  'selected items',
  'the first order',
  'weekend bookings',
  'full-priced items',
  'your bill',
];
const PERKS = [
  'Buy 1 Get 1 Free',
  'Complimentary dessert',
  'Free delivery',
  '0% instalments for 12 months',
  'Free welcome drink',
  'Kids eat free',
];
const NOTES = [
  'Not valid on public holidays',
  'Reservations are recommended',
  'Not valid with other promotions',
  'While stocks last',
  'Valid for dine-in and takeaway',
];
const PERCENTS = [5, 10, 12.5, 15, 20, 25, 30, 35, 40, 50];
const MIN_BILLS = [2_000, 3_000, 5_000, 7_500, 10_000, 15_000, 25_000];
const CAPS = [1_000, 1_500, 2_500, 5_000, 10_000];
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const TIMES = [
  ['11:00', '15:00'],
  ['18:00', '23:00'],
  ['10:00', '22:00'],
] as const;

type FeedOffer = Record<string, unknown> & { id: string };
interface Catalogue {
  banks: { bankName: string; issuedCards: CardSpecData[] }[];
  categories: { name: string; nouns: string[] }[];
  towns: string[];
  /** nameKey()s of the seeded merchants: the feed's merchants are new ones. */
  merchantKeys: Set<string>;
}

function parseOptions() {
  try {
    const { values } = parseArgs({
      options: {
        items: { type: 'string' },
        csv: { type: 'boolean' },
        postgres: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    const items = values.items === undefined ? DEFAULT_ITEMS : Number(values.items);
    if (!Number.isInteger(items) || items < 1 || items > 50_000)
      throw new Error('--items must be a whole number from 1 to 50000 (a feed holds at most 50,000 offers).');
    return { items, csv: values.csv ?? false, postgresUrl: values.postgres ?? process.env.BENCH_DATABASE_URL };
  } catch (error) {
    console.error(`bench:import: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(1);
  }
}

/** PGlite in memory, or a throwaway database on the PostgreSQL server at serverUrl. */
async function openBenchDatabase(
  serverUrl: string | undefined,
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (!serverUrl) {
    const handle = await openDatabase({ kind: 'pglite' });
    return { handle, drop: () => handle.close() };
  }
  const name = `offerlanka_bench_import_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const drop = async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
    return {
      handle,
      drop: async () => {
        await handle.close();
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

async function readCatalogue(db: Database): Promise<Catalogue> {
  const [bankRows, categoryRows, townRows, merchantRows] = await Promise.all([
    db.select({ bankName: banks.bankName, issuedCards: banks.issuedCards }).from(banks),
    db.select({ name: categories.categoryName }).from(categories),
    db.select({ name: locations.locationName }).from(locations),
    db.select({ name: merchants.merchantName }).from(merchants),
  ]);
  return {
    banks: bankRows.filter((bank) => bank.issuedCards.length > 0),
    categories: categoryRows.map(({ name }) => ({ name, nouns: NOUNS[name] ?? [name] })),
    towns: townRows.map(({ name }) => name),
    merchantKeys: new Set(merchantRows.map(({ name }) => nameKey(name))),
  };
}

/** A Sri Lanka calendar day, YYYY-MM-DD, `days` from today. */
const sriLankaDay = (days: number) =>
  new Date(Date.now() + days * DAY_MS + SRI_LANKA_UTC_OFFSET_MS).toISOString().slice(0, 10);

/** A few thousand distinct merchants, each of one category, none already in the catalogue. */
function merchantPool(random: Random, catalogue: Catalogue, count: number) {
  const pool: { name: string; category: string }[] = [];
  const keys = new Set(catalogue.merchantKeys);
  const possible = NAME_FIRST.length * NAME_SECOND.length * catalogue.categories.length;
  while (pool.length < Math.min(count, possible / 2)) {
    const category = random.pick(catalogue.categories);
    const name = `${random.pick(NAME_FIRST)} ${random.pick(NAME_SECOND)} ${random.pick(category.nouns)}`;
    const key = nameKey(name);
    if (keys.has(key)) continue;
    keys.add(key);
    pool.push({ name, category: category.name });
  }
  return pool;
}

/** The offers of the feed: deterministic apart from the dates, which follow today. */
function feedOffers(catalogue: Catalogue, count: number): { offers: FeedOffer[]; merchantCount: number } {
  const random = createRandom('bench-import');
  const pool = merchantPool(random, catalogue, Math.max(20, Math.min(3_000, Math.round(count * 0.3))));
  const offers = Array.from({ length: count }, (_, i): FeedOffer => {
    const id = `PF-${String(i + 1).padStart(6, '0')}`;
    const merchant = random.pick(pool);
    const bank = random.pick(catalogue.banks);
    const thing = random.pick(THINGS);

    // Mostly a percentage off; some "up to"; some a perk in words.
    const style = random.next();
    const percent = random.pick(PERCENTS);
    const perk = random.pick(PERKS);
    const discount = style < 0.7 ? { percent, kind: 'off' } : style < 0.85 ? { percent, kind: 'upto' } : { text: perk };
    const rate = 'text' in discount ? perk : discount.kind === 'upto' ? `Up to ${percent}% off` : `${percent}% off`;
    let title = 'text' in discount ? `${perk} at ${merchant.name}` : `${rate} ${thing} at ${merchant.name}`;
    if (title.length > 90) title = `${rate} at ${merchant.name}`.slice(0, 90);

    const offer: FeedOffer = {
      id,
      title,
      merchant: merchant.name,
      bank: bank.bankName,
      url: `https://partner.example/offers/${id}`,
      description: random.chance(0.5)
        ? `<p>Enjoy ${rate.toLowerCase()} ${thing} at ${merchant.name} with your ${bank.bankName} card.</p><ul>${random
            .sample(NOTES, random.int(1, 3))
            .map((note) => `<li>${note}</li>`)
            .join('')}</ul>`
        : `Enjoy ${rate.toLowerCase()} ${thing} at ${merchant.name} with your ${bank.bankName} card. ${random.pick(NOTES)}.`,
      discount,
      category: random.chance(0.8)
        ? merchant.category
        : `${merchant.category}, ${random.pick(['Offers', 'Deals', 'Promotions'])}`,
    };
    // Started up to 10 days ago or starting within a month; running two weeks to four months.
    const start = random.int(-10, 30);
    if (random.chance(0.85)) offer.validFrom = sriLankaDay(start);
    offer.validThrough = sriLankaDay(start + random.int(14, 120));

    const cards = random.next();
    if (cards < 0.4) offer.cards = 'credit';
    else if (cards < 0.6) offer.cards = 'all';
    else if (cards < 0.9) {
      offer.cards = random
        .sample(bank.issuedCards, random.int(1, 3))
        .map(({ network, kind, tier }) => (tier ? { network, kind, tier } : { network, kind }));
    }
    const days = random.next();
    if (days < 0.15) offer.days = [];
    else if (days < 0.5) offer.days = random.sample(WEEK, random.int(1, 3));
    if (random.chance(0.15)) [offer.timeFrom, offer.timeTo] = random.pick(TIMES);
    if (random.chance(0.4)) offer.minBill = random.pick(MIN_BILLS);
    if (random.chance(0.3)) offer.maxDiscount = random.pick(CAPS);
    const channel = random.next();
    if (channel < 0.15 || merchant.category === 'Online') {
      offer.channel = 'online';
      offer.website = `https://${nameKey(merchant.name)}.example/`;
      if (random.chance(0.4)) offer.promoCode = `PF${random.int(100, 999)}`;
    } else if (channel < 0.75) {
      offer.channel = 'inStore';
    } else if (channel < 0.85) {
      offer.channel = 'both';
    }
    if (offer.channel !== 'online' && random.chance(0.6))
      offer.locations = random.sample(catalogue.towns, random.int(1, 3));
    return offer;
  });
  return { offers, merchantCount: pool.length };
}

const jsonFeed = (offers: FeedOffer[]) =>
  JSON.stringify({
    format: PARTNER_FEED_FORMAT,
    version: PARTNER_FEED_VERSION,
    publisher: 'Bench partner',
    generatedAt: new Date().toISOString(),
    offers,
  });

/** A CSV value, quoted when it holds a comma, a quote or a line break, or starts with '#'. */
const csvValue = (value: string) => (/[",\r\n]|^#/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

function csvFeed(offers: FeedOffer[]) {
  const lines = ['# Bench partner offers for OfferLanka', PARTNER_FEED_CSV_COLUMNS.join(',')];
  for (const offer of offers) {
    const discount = offer.discount as { percent?: number; kind?: string; text?: string };
    const cards = offer.cards as string | { network: string; kind: string; tier?: string }[] | undefined;
    const cells: Record<string, unknown> = {
      ...offer,
      discount_percent: discount.percent,
      discount_kind: discount.kind,
      discount_text: discount.text,
      valid_from: offer.validFrom,
      valid_through: offer.validThrough,
      cards: Array.isArray(cards)
        ? cards.map((card) => [card.network, card.kind, card.tier].filter(Boolean).join(':')).join('|')
        : cards,
      time_from: offer.timeFrom,
      time_to: offer.timeTo,
      min_bill: offer.minBill,
      max_discount: offer.maxDiscount,
      promo_code: offer.promoCode,
    };
    lines.push(
      PARTNER_FEED_CSV_COLUMNS.map((column) => {
        const value = cells[column];
        return csvValue(value === undefined ? '' : Array.isArray(value) ? value.join('|') : String(value));
      }).join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

interface Measured {
  summary: RunSummary;
  seconds: number;
  peakRssMb: number;
  peakHeapMb: number;
}

/** One run, timed, with the process's memory sampled every MEMORY_SAMPLE_MS meanwhile. */
async function measuredRun(run: () => Promise<RunSummary>): Promise<Measured> {
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage();
    peakRss = Math.max(peakRss, rss);
    peakHeap = Math.max(peakHeap, heapUsed);
  };
  sample();
  const timer = setInterval(sample, MEMORY_SAMPLE_MS);
  const started = performance.now();
  try {
    const summary = await run();
    const seconds = (performance.now() - started) / 1000;
    sample();
    return { summary, seconds, peakRssMb: peakRss / MB, peakHeapMb: peakHeap / MB };
  } finally {
    clearInterval(timer);
  }
}

/** What is wrong with a run's counts, if anything. */
function countProblems(label: string, summary: RunSummary, expected: Partial<RunSummary>): string[] {
  return Object.entries(expected)
    .filter(([field, value]) => summary[field as keyof RunSummary] !== value)
    .map(
      ([field, value]) =>
        `${label} run: ${field} is ${String(summary[field as keyof RunSummary])}, expected ${String(value)}`,
    );
}

const number = (value: number) => Math.round(value).toLocaleString('en');

async function main() {
  const options = parseOptions();
  const setupStarted = performance.now();
  const { handle, drop } = await openBenchDatabase(options.postgresUrl);
  const server = await startFixtureServer();
  let failed = false;
  try {
    await seedDemoData(handle.db, { offers: SEED_OFFERS });
    const catalogue = await readCatalogue(handle.db);
    const { offers, merchantCount } = feedOffers(catalogue, options.items);
    const body = options.csv ? csvFeed(offers) : jsonFeed(offers);
    const path = options.csv ? '/feed.csv' : '/feed.json';
    server.setRoute(path, {
      headers: { 'content-type': options.csv ? 'text/csv; charset=utf-8' : 'application/json' },
      body,
    });
    await handle.db.insert(importSources).values({
      sourceKey: SOURCE_KEY,
      name: 'Bench partner feed',
      adapter: 'partner-feed',
      url: `${server.url}${path}`,
    });
    const deps = {
      db: handle.db,
      fetcher: createPoliteFetcher({ perHostDelayMs: 0, allowedHosts: [new URL(server.url).host] }),
    };
    const setupSeconds = (performance.now() - setupStarted) / 1000;

    const encoding = options.csv ? 'CSV' : 'JSON';
    const database = handle.kind === 'pglite' ? 'PGlite (in memory)' : 'PostgreSQL';
    console.log(`bench:import  ${number(options.items)} items, partner feed (${encoding}), ${database}`);
    console.log(
      `feed: ${(Buffer.byteLength(body) / MB).toFixed(1)} MB, ${number(merchantCount)} merchants, ${catalogue.banks.length} banks, ` +
        `${catalogue.categories.length} categories; set-up ${setupSeconds.toFixed(1)} s; RSS before the runs ${number(process.memoryUsage().rss / MB)} MB\n`,
    );

    const first = await measuredRun(() => runSource(deps, SOURCE_KEY, 'command'));
    const second = await measuredRun(() => runSource(deps, SOURCE_KEY, 'command'));

    console.log(
      `${'run'.padEnd(12)} ${'items/s'.padStart(8)}  ${'time'.padStart(8)}  ${'peak RSS'.padStart(9)}  ${'peak heap'.padStart(9)}   result`,
    );
    for (const [label, { summary, seconds, peakRssMb, peakHeapMb }] of [
      ['first', first],
      ['unchanged', second],
    ] as const) {
      console.log(
        `${label.padEnd(12)} ${number(summary.fetched / seconds).padStart(8)}  ${`${seconds.toFixed(1)} s`.padStart(8)}  ` +
          `${`${number(peakRssMb)} MB`.padStart(9)}  ${`${number(peakHeapMb)} MB`.padStart(9)}   ${summaryLine(summary).replace(/^import: /, '')}`,
      );
    }
    console.log(
      handle.kind === 'pglite'
        ? "peak RSS: the whole process, PGlite's worker thread included; peak heap: the main thread's JavaScript heap"
        : "peak RSS: this process only, not the PostgreSQL server; peak heap: the main thread's JavaScript heap",
    );

    const problems = [
      ...countProblems('first', first.summary, {
        ok: true,
        fetched: options.items,
        newCount: options.items,
        failed: 0,
      }),
      ...countProblems('unchanged', second.summary, {
        ok: true,
        fetched: options.items,
        unchanged: options.items,
        newCount: 0,
        changed: 0,
        failed: 0,
      }),
    ];
    for (const error of [...first.summary.errors, ...second.summary.errors].slice(0, 5))
      problems.push(`  refused ${error.itemKey}: ${error.reason}`);
    // The goal scales with the item count: GOAL_SECONDS per GOAL_ITEMS.
    const goalSeconds = (GOAL_SECONDS * options.items) / GOAL_ITEMS;
    const pass = second.seconds < goalSeconds;
    const scaled = options.items === GOAL_ITEMS ? '' : ` (${GOAL_SECONDS} s per ${number(GOAL_ITEMS)})`;
    console.log(
      `goal: ${number(options.items)} unchanged items checked in under ${Number(goalSeconds.toFixed(1))} s${scaled} — ${pass ? 'PASS' : 'FAIL'} (${second.seconds.toFixed(1)} s)`,
    );
    if (problems.length > 0)
      console.error(`\nbench:import: the runs did not import what they should:\n${problems.join('\n')}`);
    failed = !pass || problems.length > 0;
  } finally {
    await server.close();
    await drop();
  }
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
