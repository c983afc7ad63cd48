// Sampath Bank: sampath.lk's card offers page is a Nuxt app that reads a JSON API,
// /api/card-promotions, paged by page_number (from 1) and size, each answer {data, total}. A
// promotion gives its merchant (company_name), headline (short_discount), HTML description, category,
// city, banner (image_url) and its display and expiry times as epoch milliseconds in strings. The
// API needs the headers `locale: en` and `platform: web`: without them it answers 200 with
// {"data": [], "total": N}, an empty list that looks healthy. They are always sent, and an answer
// that holds fewer promotions than its own total (or none at all) is refused: the run fails rather
// than ending Sampath's offers.
//
// Facts from the public scrapers of the API:
// - Cookie-Cat21/sl-card-offers-hub · README.md @ 354264d, scripts/aggregate.py @ f705425: the
//   headers locale/platform and the false-empty answer; `?page_number=N&size=50` paged until
//   page × size reaches `total`; keys id, company_name, short_discount, short_description,
//   promotion_details, description, image_url, display_on, expire_on (epoch ms); Accept
//   `application/json, text/plain, */*`. Its data/offers.json @ 0759e25 shows image_url as
//   absolute https://www.sampath.lk/api/uploads/… URLs.
// - chamirusenarath96/card-max · specs/features/062-sampath-api-empty-response-fix.md @ 5081bfd,
//   065-sampath-scraper-zero-offers-followup.md @ f5f5cb7, 068-verify-sampath-bank-zenrows-fallback.md
//   @ 8fe2fc8 (weeks of "0 promotions" runs that passed as success); crawler/scrapers/sampath.ts
//   @ 237525b: keys category ('dining', 'super_markets', 'travel_and_leisure', …) and cards_new
//   [{title, description (HTML)}]; without a Referer of the offers page the API answers "Request
//   Rejected" in HTML; rows whose company_name is 'Exclusive offers for …' are card banners.
// - CSAbeywickrame/sl-bank-offers · lib/ingest/feedMappers.ts @ 15fd61e: key city; offers linked to
//   the offers page with `?firstTab=<category>`.
// - DFanso/lk-card-offers · scripts/SCRAPERS.md @ acdc4ab: `/sampath-cards/credit-card-offer/:id`
//   answers 500, so no promotion has a page of its own.
import type { FetchedText, ItemFailure, PoliteFetcher, SourceAdapter, SourceItem } from '../../types.ts';
import { countOf, epochDay, isObject, scalarText, spendLinesOf } from './answer-values.ts';
import {
  absoluteUrl,
  checkRowsAgainstTotal,
  cleanText,
  findPromoCode,
  htmlLines,
  htmlParagraphs,
  MAX_LISTING_PAGES,
  readJsonAnswer,
  structureError,
  textOf,
  uniqueKeys,
} from './shared.ts';

const BANK = 'Sampath Bank';
const SOURCE = `${BANK} card promotions API`;
const SITE = 'https://www.sampath.lk/';
/** The page the promotions are shown on (no promotion has a page of its own). */
const OFFERS_PAGE = 'https://www.sampath.lk/sampath-cards/credit-card-offer';

/** What the API needs to answer with its promotions, sent with every request. */
export const SAMPATH_HEADERS: Readonly<Record<string, string>> = {
  locale: 'en',
  platform: 'web',
  referer: OFFERS_PAGE,
};
const JSON_ACCEPT = 'application/json, text/plain, */*';

/** A row of the answer, with where it was for reports. */
interface Row {
  row: unknown;
  position: string;
}

/** What a cards_new entry says ({title: 'Period', description: '<p>…</p>'}), by label. */
interface Detail {
  label: string;
  lines: string[];
}

// company_name of the banners that head a card network's offers, not a merchant's.
const CARD_BANNER = /^(?:exclusive\s+)?offers?\s+for\b/i;
// cards_new entries by label; 'Partner' only repeats the merchant.
const PERIOD_LABEL = /\b(?:period|validity|valid)\b/i;
const CARDS_LABEL = /\b(?:eligib\w*|cards?)\b/i;
const LOCATION_LABEL = /\b(?:locations?|outlets?|branch(?:es)?|address)\b/i;
const PARTNER_LABEL = /^(?:partner|merchant)$/i;
// 'for all Sampath Visa Infinite, Visa Signature … Credit Cardholders & Sampath Bank American Express® … Cardmembers'.
const CARDS_PHRASE = /\bSampath\b[^.;\n]*\bCard(?:s|holders?|members?)?\b/i;

export const sampathAdapter: SourceAdapter = {
  adapter: 'sampath',
  title: 'Sampath Bank card promotions',
  bankName: BANK,
  defaultUrl: 'https://www.sampath.lk/api/card-promotions?page_number=1&size=100',

  async read({ url, fetcher }) {
    const items: SourceItem[] = [];
    const failures: ItemFailure[] = [];
    for (const { row, position } of await readListing(fetcher, url)) {
      const read = readRow(row, position);
      if ('reason' in read) failures.push(read);
      else items.push(read);
    }
    return { items: uniqueKeys(items), failures };
  },
};

/**
 * Every page of the listing, one at a time, until the rows read reach the answer's total. A short
 * or empty page before then, a page that repeats one already read, or an answer with no promotions
 * at all throws.
 */
async function readListing(fetcher: PoliteFetcher, firstUrl: string): Promise<Row[]> {
  const rows: Row[] = [];
  const seenIds = new Set<string>();
  let total: number | undefined;
  let pageUrl = firstUrl;
  for (let pageCount = 1; ; pageCount++) {
    if (pageCount > MAX_LISTING_PAGES) {
      throw new Error(
        `${SOURCE}: more than ${MAX_LISTING_PAGES} pages — raise the page size or the page cap if the listing really is this long`,
      );
    }
    const page = await fetcher.text(pageUrl, { accept: JSON_ACCEPT, headers: { ...SAMPATH_HEADERS } });
    const data = dataOf(page);
    total = countOf(data.total) ?? total;
    const ids = data.rows.map((row) => (isObject(row) ? scalarText(row.id) : ''));
    if (data.rows.length > 0 && ids.every((id) => id && seenIds.has(id))) {
      throw new Error(
        `${SOURCE}: page ${pageCount} (${page.url}) repeats promotions already read — the API no longer pages by page_number`,
      );
    }
    data.rows.forEach((row, index) => rows.push({ row, position: `row ${index + 1} of ${page.url}` }));
    for (const id of ids) if (id) seenIds.add(id);

    // A page shorter than the size asked for is the last: when the rows still fall short of the
    // total, the API cut the answer (a page size past its limit), and the next page would skip rows.
    const last = data.rows.length < pageSizeOf(pageUrl) || (total !== undefined && rows.length >= total);
    if (last) break;
    pageUrl = withPageNumber(pageUrl, pageNumberOf(pageUrl) + 1);
  }
  // Sampath always has promotions: an answer with none is the API refusing, whatever its total says.
  if (rows.length === 0)
    throw new Error(
      `${SOURCE}: the answer holds no promotions (total ${total ?? 'not given'}) — refused as a false-empty answer`,
    );
  checkRowsAgainstTotal(rows.length, total, SOURCE);
  return rows;
}

function dataOf(page: FetchedText): { rows: unknown[]; total: unknown } {
  const body = readJsonAnswer(page, SOURCE);
  if (!isObject(body) || !Array.isArray(body.data))
    throw structureError(`${SOURCE} (${page.url})`, 'a JSON object with a data array');
  return { rows: body.data, total: body.total };
}

function readRow(row: unknown, position: string): SourceItem | ItemFailure {
  if (!isObject(row)) return { itemKey: position, reason: 'promotion is not a JSON object' };
  const id = scalarText(row.id);
  const merchantName = textOf(stringOf(row.company_name));
  const headline = textOf(stringOf(row.short_discount));
  const summary = textOf(stringOf(row.short_description));
  const title = headline || summary || merchantName;
  if (!id) return { itemKey: position, title, reason: 'promotion has no id' };
  if (!title) return { itemKey: id, reason: 'promotion has no company_name, short_discount or short_description' };
  if (!merchantName) return { itemKey: id, title, reason: 'promotion has no company_name (its merchant)' };
  if (CARD_BANNER.test(merchantName)) {
    return {
      itemKey: id,
      title,
      reason: `company_name '${merchantName}' names the cards, not a merchant: the offer's merchant must be set by hand`,
    };
  }

  const validFrom = epochDay(row.display_on);
  if (validFrom === null)
    return { itemKey: id, title, reason: `display_on '${String(row.display_on)}' is not a time in epoch milliseconds` };
  const validThrough = epochDay(row.expire_on);
  if (validThrough === null)
    return { itemKey: id, title, reason: `expire_on '${String(row.expire_on)}' is not a time in epoch milliseconds` };

  const details = detailsOf(row.cards_new);
  const detailLines = details.map(({ label, lines }) => `${label}: ${lines.join(' ')}`);
  // The description and the promotion details are often the same text; each line is kept once.
  const lines = [
    ...new Set([
      ...(summary && summary !== headline ? [summary] : []),
      ...htmlLines(stringOf(row.description)),
      ...htmlLines(stringOf(row.promotion_details)),
      ...detailLines,
    ]),
  ];
  const detail = (label: RegExp) => details.find((entry) => label.test(entry.label))?.lines.join(' ') || undefined;
  const category = scalarText(row.category);
  const places = [
    ...new Set([scalarText(row.city), detail(LOCATION_LABEL)].filter((name): name is string => Boolean(name))),
  ];

  return {
    itemKey: id,
    // The offers page, opened at the promotion's category tab (the one public client's pattern).
    url: category ? `${OFFERS_PAGE}?firstTab=${encodeURIComponent(category)}` : OFFERS_PAGE,
    title,
    merchantName,
    description: htmlParagraphs(lines),
    rateText: headline || undefined,
    dateText: detail(PERIOD_LABEL),
    validFrom,
    validThrough,
    cardsText: detail(CARDS_LABEL) ?? [headline, ...lines].map((line) => CARDS_PHRASE.exec(line)?.[0]).find(Boolean),
    spendText: spendLinesOf(lines),
    // 'super_markets' → 'super markets', for the team's keyword map.
    categoryText: category.replace(/_/g, ' ') || undefined,
    imageUrl: absoluteUrl(scalarText(row.image_url), SITE),
    promoCode: findPromoCode(lines.join('\n')),
    locations: places.length > 0 ? places : undefined,
  };
}

/** The cards_new entries that say something, 'Partner' (the merchant again) left out. */
function detailsOf(value: unknown): Detail[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    if (!isObject(entry)) return [];
    const label = cleanText(stringOf(entry.title)).replace(/:$/, '');
    const lines = htmlLines(stringOf(entry.description));
    return label && lines.length > 0 && !PARTNER_LABEL.test(label) ? [{ label, lines }] : [];
  });
}

const stringOf = (value: unknown) => (typeof value === 'string' ? value : '');

function pageNumberOf(url: string): number {
  const page = Number(new URL(url).searchParams.get('page_number') ?? '1');
  return Number.isInteger(page) && page > 0 ? page : 1;
}

function pageSizeOf(url: string): number {
  const size = Number(new URL(url).searchParams.get('size'));
  return Number.isInteger(size) && size > 0 ? size : Number.POSITIVE_INFINITY;
}

function withPageNumber(url: string, page: number): string {
  const next = new URL(url);
  next.searchParams.set('page_number', String(page));
  return next.href;
}
