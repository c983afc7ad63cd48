// npm run bench:normalise: every normaliser over the banks' real offer texts (../shared/real-data/
// offer-texts/, read from there, never copied here), against our own reference labels
// (scripts/bench/normalise-reference/: written by reading each text, not taken from the peer's
// fields). Prints each field's agreement next to the goal, and how many caps were taken from a bill
// or transaction limit. The texts' own dates are relative to when they were scraped: each file is
// read with that day as "now".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CARD_KINDS, CARD_NETWORKS, WEEKDAYS } from '../src/contract/card-constants.ts';
import type { CardSpecData } from '../src/contract/eligibility.ts';
import { SRI_LANKA_UTC_OFFSET_MS } from '../src/contract/limits.ts';
import { normaliseItem } from '../src/server/importers/normalise/index.ts';
import type { NormalisedItem } from '../src/server/importers/types.ts';
import { CARD_TIERS } from '../src/server/seed/data.ts';

/** Issue 45: each field read as our reference reads it in at least this share of the texts. */
const GOAL_AGREEMENT = 0.97;
/** Issue 45: a cap wrongly taken from a bill or transaction limit in under this share of the texts. */
const GOAL_CAP_FROM_LIMIT = 0.005;

const REFERENCE_DIR = resolve(import.meta.dirname, 'bench/normalise-reference');
const REAL_DATA_DIR = [process.env.REAL_DATA_DIR, resolve(import.meta.dirname, '../../shared/real-data')].find(
  (dir): dir is string => dir !== undefined && existsSync(dir),
);

type Rate = { type: 'off' | 'upto'; percent: number } | { type: 'customize' } | null;
interface Label {
  index: number;
  source_url: string;
  start: string | null;
  end: string | null;
  rate: Rate;
  minBill: number | null;
  cap: number | null;
  limit: number | null;
  days: string[] | null;
}
interface Reference {
  file: string;
  scrapedOn: string;
  labels: Label[];
}
interface Row {
  bank: string;
  offer_about: string;
  source_url: string;
}

/** Every card a bank could issue: the bench reads dates, rates and spend, and must not stumble on cards. */
const ANY_CARD: CardSpecData[] = CARD_NETWORKS.flatMap((network) =>
  CARD_KINDS.flatMap((kind) => [null, ...CARD_TIERS].map((tier) => ({ network, kind, tier }))),
);

const slDay = (instant: Date | null) =>
  instant ? new Date(instant.getTime() + SRI_LANKA_UTC_OFFSET_MS).toISOString().slice(0, 10) : null;

/** What the normaliser read, in the reference's terms. */
function readingOf(item: NormalisedItem | undefined) {
  const percent = Number(item?.offerRate);
  const rate: Rate =
    // A plan is no money off: the reference labels plans, as every worded rate, 'customize'.
    !item || item.offerType === 'customize' || item.offerType === 'instalment' || !Number.isFinite(percent)
      ? { type: 'customize' }
      : { type: item.offerType === 'upto' ? 'upto' : 'off', percent };
  return {
    start: slDay(item?.offerStart ?? null),
    end: slDay(item?.offerEnd ?? null),
    rate,
    minBill: item?.eligibility.minBill ?? null,
    cap: item?.eligibility.maxDiscount ?? null,
    days: item?.eligibility.days?.length ? [...item.eligibility.days] : null,
  };
}

const FIELDS = ['end', 'start', 'rate', 'minBill', 'cap', 'days'] as const;
type Field = (typeof FIELDS)[number];
const sameDays = (a: string[] | null, b: string[] | null) =>
  JSON.stringify(WEEKDAYS.filter((day) => a?.includes(day))) ===
  JSON.stringify(WEEKDAYS.filter((day) => b?.includes(day)));
// A text that states no offer reads as a free-text rate, as the pipeline stores it.
const sameRate = (label: Rate, read: Rate) => JSON.stringify(label ?? { type: 'customize' }) === JSON.stringify(read);

function main() {
  if (!REAL_DATA_DIR) {
    console.log(
      'bench:normalise: the real offer texts are not on this machine (../shared/real-data/offer-texts; set REAL_DATA_DIR): nothing to measure.',
    );
    process.exitCode = 1;
    return;
  }
  const agreed: Record<Field, number> = { end: 0, start: 0, rate: 0, minBill: 0, cap: 0, days: 0 };
  let texts = 0;
  let refused = 0;
  let endedBeforeScrape = 0;
  let capFromLimit = 0;
  const misses: Record<Field, string[]> = { end: [], start: [], rate: [], minBill: [], cap: [], days: [] };
  console.log(`bench:normalise: ${REAL_DATA_DIR}/offer-texts against ${REFERENCE_DIR}`);
  for (const referenceFile of readdirSync(REFERENCE_DIR)
    .filter((name) => name.endsWith('.labels.json'))
    .sort()) {
    const reference = JSON.parse(readFileSync(join(REFERENCE_DIR, referenceFile), 'utf8')) as Reference;
    const rows = JSON.parse(readFileSync(join(REAL_DATA_DIR, 'offer-texts', reference.file), 'utf8')) as Row[];
    if (rows.length !== reference.labels.length)
      throw new Error(`${reference.file}: ${rows.length} texts, ${reference.labels.length} labels`);
    const now = new Date(`${reference.scrapedOn}T06:00:00Z`);
    for (const label of reference.labels) {
      const row = rows[label.index]!;
      if (row.source_url !== label.source_url)
        throw new Error(
          `${reference.file} #${label.index}: the label is for ${label.source_url}, the text for ${row.source_url}`,
        );
      texts++;
      // As an adapter with only a text passes it on: its first words for the headline, all of it as the description.
      const [merchantName] = row.offer_about.split(/\s[-–:]\s|:\s/, 1);
      const read = (at: Date) =>
        normaliseItem(
          {
            itemKey: `${reference.file}#${label.index}`,
            title: row.offer_about.split(/;\s|\.\s(?=[A-Z])/, 1)[0]!,
            merchantName: merchantName || row.bank,
            description: row.offer_about.replace(/&/g, '&amp;').replace(/</g, '&lt;'),
          },
          { bankName: row.bank, issuedCards: ANY_CARD },
          at,
        );
      let result = read(now);
      // The peer scraped some offers that had already ended: the pipeline rightly refuses them, but
      // their reading still counts. They are read again on the day the normaliser itself read as their end.
      const ended = 'failure' in result ? /^Ended on (\d{4}-\d{2}-\d{2})$/.exec(result.failure.reason) : null;
      if (ended) {
        endedBeforeScrape++;
        result = read(new Date(`${ended[1]}T06:00:00Z`));
      }
      if ('failure' in result) refused++;
      const reading = readingOf('item' in result ? result.item : undefined);
      const same: Record<Field, boolean> = {
        end: reading.end === label.end,
        start: reading.start === label.start,
        rate: sameRate(label.rate, reading.rate),
        minBill: reading.minBill === label.minBill,
        cap: reading.cap === label.cap,
        days: sameDays(reading.days, label.days),
      };
      for (const field of FIELDS) {
        if (same[field]) agreed[field]++;
        else
          misses[field].push(
            `${reference.file.replace(/-scrape.*/, '')} #${label.index}: read ${JSON.stringify(reading[field])}, labelled ${JSON.stringify(label[field])}`,
          );
      }
      if (reading.cap !== null && reading.cap === label.limit && reading.cap !== label.cap) capFromLimit++;
    }
  }
  const share = (count: number) => `${((count / texts) * 100).toFixed(1)}%`;
  console.log(
    `${texts} texts, ${refused} refused by the normaliser (counted as reading nothing); ${endedBeforeScrape} had ended before the scrape (read again on the day they ended)`,
  );
  for (const field of FIELDS) {
    const ratio = agreed[field] / texts;
    console.log(
      `  ${field.padEnd(8)} ${share(agreed[field]).padStart(6)} agree   goal ≥ ${GOAL_AGREEMENT * 100}%  ${ratio >= GOAL_AGREEMENT ? 'met' : 'NOT MET'}`,
    );
  }
  console.log(
    `  caps taken from a bill or transaction limit: ${capFromLimit} (${share(capFromLimit)})   goal < ${GOAL_CAP_FROM_LIMIT * 100}%  ${capFromLimit / texts < GOAL_CAP_FROM_LIMIT ? 'met' : 'NOT MET'}`,
  );
  if (process.argv.includes('--misses')) {
    for (const field of FIELDS) for (const miss of misses[field]) console.log(`  ${field}: ${miss}`);
  } else {
    console.log('  (npm run bench:normalise -- --misses lists every disagreement)');
  }
}

main();
