// Loads the demo data set: npx tsx scripts/seed.ts [--offers N]
// Opens the database as the server does: DATABASE_URL (PostgreSQL) when set, otherwise PGlite in
// DATA_DIR (default ./data). Replaces the catalogue; users and their accounts are kept.
import { parseArgs } from 'node:util';
import { describeDatabase, openDatabaseFromEnv } from '../src/server/db/client.ts';
import { readDatabaseEnv } from '../src/server/env.ts';
import { DEFAULT_OFFER_COUNT, MAX_OFFER_COUNT, seedDemoData } from '../src/server/seed/index.ts';

const USAGE = `Usage: npx tsx scripts/seed.ts [--offers N]

Replaces the catalogue with the demo data set (users are kept).
  --offers N   how many offers to generate, 1 to ${MAX_OFFER_COUNT} (default ${DEFAULT_OFFER_COUNT})
  -h, --help   show this help

Database: DATABASE_URL (PostgreSQL) when set, else PGlite in DATA_DIR (default ./data).`;

function fail(message: string): never {
  console.error(`seed: ${message}`);
  console.error('Run with --help for usage.');
  process.exit(1);
}

function parseOptions(): { offers: number } {
  let values: { offers?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { offers: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (values.offers === undefined) return { offers: DEFAULT_OFFER_COUNT };
  const text = values.offers.trim();
  const offers = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(offers) || offers < 1 || offers > MAX_OFFER_COUNT) {
    fail(`--offers must be a whole number from 1 to ${MAX_OFFER_COUNT}, got '${values.offers}'.`);
  }
  return { offers };
}

async function main(): Promise<void> {
  const { offers } = parseOptions();
  const env = readDatabaseEnv();
  console.log(`Seeding ${describeDatabase(env)}...`);

  const started = performance.now();
  const handle = await openDatabaseFromEnv(env);
  try {
    const opened = performance.now();
    const summary = await seedDemoData(handle.db, { offers });
    const done = performance.now();
    console.table(summary);
    console.log(
      `Seeded in ${((done - opened) / 1000).toFixed(2)} s (${((done - started) / 1000).toFixed(2)} s including opening the database).`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error('seed: failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
