// The partner feed (docs/partner-feed.md, src/contract/partner-feed.ts): offers a bank, merchant
// or partner publishes for us as JSON or CSV. Every field is structured, so items carry typed
// values rather than text for the normaliser to read. A feed that is not a partner feed at all
// fails the run; one bad offer is a failure with its reasons and the others import.
import { Readable } from 'node:stream';
import { CsvError, parse as parseCsv } from 'csv-parse';
import * as v from 'valibot';
import { ERROR_CODES } from '../../../contract/error-codes.ts';
import {
  PARTNER_FEED_CSV_CARD_SEPARATOR,
  PARTNER_FEED_CSV_COLUMNS,
  PARTNER_FEED_CSV_LIST_SEPARATOR,
  PARTNER_FEED_CSV_REQUIRED_COLUMNS,
  PARTNER_FEED_OFFERS_MAX,
  PartnerFeedEnvelope,
  PartnerFeedOffer,
  type PartnerFeedOfferData,
} from '../../../contract/partner-feed.ts';
import type { ItemFailure, SourceAdapter, SourceItem } from '../types.ts';

/** A feed of 50,000 offers with long descriptions fits; the fetcher's default cap is for pages. */
export const PARTNER_FEED_BYTES_MAX = 32 * 1024 * 1024;
/** Issues told per failed offer: enough to fix it, short enough for the run log. */
const ISSUES_TOLD = 3;

/** One offer of the feed before checking, with where it is ('offers[3]', 'line 7') for the log. */
interface FeedEntry {
  where: string;
  offer: Record<string, unknown>;
  /** A problem found before the schema could look (a CSV row with the wrong number of values). */
  problem?: string;
}

export const partnerFeedAdapter: SourceAdapter = {
  adapter: 'partner-feed',
  title: 'Partner feed (JSON or CSV)',
  read({ url, fetcher }) {
    // Read as it arrives: a CSV is parsed row by row and given up at the offers' cap. Feeds are UTF-8 by definition.
    return fetcher.stream(url, (chunks, answer) => readPartnerFeed(chunks, answer.contentType, answer.url), {
      maxBytes: PARTNER_FEED_BYTES_MAX,
    });
  },
};

/**
 * The items of a partner feed: JSON when the content type says so or the body starts with '{',
 * CSV otherwise. Throws when the feed as a whole cannot be read (not JSON, the wrong format or
 * version, a CSV without its required columns, more than PARTNER_FEED_OFFERS_MAX offers); an offer
 * that fails its checks is a failure. A CSV is parsed as its chunks come, and no more of it is read
 * once it has passed the cap.
 */
export async function readPartnerFeed(
  body: string | AsyncIterable<Uint8Array>,
  contentType: string,
  feedUrl: string,
): Promise<{ items: SourceItem[]; failures: ItemFailure[] }> {
  const texts = decodedChunks(typeof body === 'string' ? [new TextEncoder().encode(body)] : body);
  // Enough of the start to tell JSON from CSV: its first character that is not a space.
  let head = '';
  for (;;) {
    const next = await texts.next();
    if (next.done) break;
    head += next.value;
    if (head.replace(/^\uFEFF/, '').trim() !== '') break;
  }
  const start = head.replace(/^\uFEFF/, '');
  if (start.trim() === '') throw new Error('The partner feed is empty.');
  const isJson = /json/i.test(contentType) || start.trimStart().startsWith('{');
  if (!isJson) return csvOffers(head, texts, feedUrl);
  // A JSON feed is held whole (the byte cap bounds it); its envelope caps the offers.
  let text = start;
  for await (const chunk of texts) text += chunk;
  const checker = offerChecker(feedUrl, false);
  for (const entry of jsonEntries(text)) checker.add(entry);
  return checker.result();
}

async function* decodedChunks(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncGenerator<string, void, undefined> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

function jsonEntries(text: string): FeedEntry[] {
  let feed: unknown;
  try {
    feed = JSON.parse(text);
  } catch (error) {
    throw new Error(`The partner feed is not valid JSON: ${(error as Error).message}`);
  }
  // valibot takes a list for an object; a feed is never one.
  if (!isRecord(feed)) throw new Error(`The partner feed cannot be read: ${ERROR_CODES.not_feed_object}`);
  const envelope = v.safeParse(PartnerFeedEnvelope, feed);
  if (!envelope.success) throw new Error(`The partner feed cannot be read: ${describeIssues(envelope.issues, false)}`);
  return envelope.output.offers.map((offer, i) => {
    const where = `offers[${i}]`;
    return isRecord(offer) ? { where, offer } : { where, offer: {}, problem: ERROR_CODES.not_offer };
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** 'validFrom', ' Valid_From ' and 'valid_from' all name the column valid_from. */
const columnName = (name: string) =>
  name
    .trim()
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase();

/**
 * The CSV's rows with the line each ends on, as the parser reads them from the text's chunks.
 * Throws on what no row can be read past (a quote never closed); a failure to fetch the rest
 * passes as it is. Leaving the loop early stops the reading, down to the connection.
 */
async function* csvRecords(
  head: string,
  rest: AsyncIterable<string>,
): AsyncGenerator<{ info: { lines: number }; record: string[] }> {
  const parser = parseCsv({
    bom: true,
    // A line starting with # is a comment (the fixture's README line); '#' inside a value is not.
    comment: '#',
    comment_no_infix: true,
    skip_empty_lines: true,
    // A row with the wrong number of values is that row's failure, not the whole feed's.
    relax_column_count: true,
    info: true,
  });
  const source = Readable.from(
    (async function* () {
      yield head;
      yield* rest;
    })(),
    { objectMode: false },
  );
  // A source that fails (the feed too large, a timeout) fails the parser with its own error.
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  try {
    for await (const row of parser) yield row as { info: { lines: number }; record: string[] };
  } catch (error) {
    if (error instanceof CsvError) throw new Error(`The partner feed is not readable CSV: ${error.message}`);
    throw error;
  } finally {
    source.destroy();
    parser.destroy();
  }
}

async function csvOffers(
  head: string,
  rest: AsyncIterable<string>,
  feedUrl: string,
): Promise<{ items: SourceItem[]; failures: ItemFailure[] }> {
  const checker = offerChecker(feedUrl, true);
  let header: string[] | undefined;
  const columnIndex = new Map<string, number>();
  let rows = 0;
  for await (const { info, record } of csvRecords(head, rest)) {
    if (!header) {
      header = record.map(columnName);
      checkHeader(header);
      header.forEach((name, i) => {
        if (!columnIndex.has(name)) columnIndex.set(name, i);
      });
      continue;
    }
    // The feed is the whole list: one cut short would end the offers past the cap, so it fails whole.
    if (++rows > PARTNER_FEED_OFFERS_MAX)
      throw new Error(`The partner feed cannot be read: ${ERROR_CODES.too_many_offers}`);
    const cell = (column: string) => {
      const value = record[columnIndex.get(column) ?? -1]?.trim();
      return value ? value : undefined;
    };
    const entry: FeedEntry = { where: `line ${info.lines}`, offer: csvOffer(cell) };
    // The values may be shifted, but the id and title usually come first and still name the row.
    if (record.length !== header.length) {
      entry.problem = `The row has ${record.length} values but the header names ${header.length} columns (quote a value that holds a comma or a line break).`;
    }
    checker.add(entry);
  }
  if (!header) checkHeader([]);
  return checker.result();
}

function checkHeader(header: string[]) {
  const missing = PARTNER_FEED_CSV_REQUIRED_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) {
    throw new Error(
      `The partner feed's CSV header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}. ` +
        `Its first row must name the columns: ${PARTNER_FEED_CSV_COLUMNS.join(',')}.`,
    );
  }
}

/** A CSV row in the JSON shape, so that both encodings are checked by one schema. Empty cells are absent. */
function csvOffer(cell: (column: string) => string | undefined): Record<string, unknown> {
  const percent = cell('discount_percent');
  const kind = cell('discount_kind');
  const discountText = cell('discount_text');
  const cards = cell('cards');
  return {
    id: cell('id'),
    title: cell('title'),
    merchant: cell('merchant'),
    bank: cell('bank'),
    url: cell('url'),
    description: cell('description'),
    discount:
      percent === undefined && kind === undefined && discountText === undefined
        ? undefined
        : { percent: csvNumber(percent), kind, text: discountText },
    validFrom: cell('valid_from'),
    validThrough: cell('valid_through'),
    cards: cards === undefined || cards === 'all' || cards === 'credit' ? cards : csvList(cards).map(csvCard),
    days: csvListOrUndefined(cell('days')),
    timeFrom: cell('time_from'),
    timeTo: cell('time_to'),
    minBill: csvNumber(cell('min_bill')),
    maxDiscount: csvNumber(cell('max_discount')),
    channel: cell('channel'),
    website: cell('website'),
    category: cell('category'),
    image: cell('image'),
    promoCode: cell('promo_code'),
    locations: csvListOrUndefined(cell('locations')),
  };
}

const csvList = (value: string) =>
  value
    .split(PARTNER_FEED_CSV_LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);
const csvListOrUndefined = (value: string | undefined) => (value === undefined ? undefined : csvList(value));

/** 'visa:credit:Platinum' or 'mastercard:credit' (any tier). */
function csvCard(text: string) {
  const [network, kind, ...tier] = text.split(PARTNER_FEED_CSV_CARD_SEPARATOR).map((part) => part.trim());
  return { network, kind, tier: tier.length > 0 ? tier.join(PARTNER_FEED_CSV_CARD_SEPARATOR) : undefined };
}

/** A number when the cell is one; else the text, for the schema to name as the wrong type. */
function csvNumber(value: string | undefined): number | string | undefined {
  if (value === undefined) return undefined;
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
}

/** Checks the feed's offers one by one, as they are read: the items, and the failures with their reasons. */
function offerChecker(feedUrl: string, csv: boolean) {
  const items: SourceItem[] = [];
  const failures: ItemFailure[] = [];
  const firstSeenAt = new Map<string, string>();
  return {
    add({ where, offer, problem }: FeedEntry) {
      const id = typeof offer.id === 'string' ? offer.id.trim() : '';
      const named = id === '' ? where : `${where} (id "${id}")`;
      const fail = (reason: string) => {
        const failure: ItemFailure = {
          itemKey: id || `${feedUrl}#${where.replace(/\W+/g, '-').replace(/-$/, '')}`,
          reason: `${named}: ${reason}`,
        };
        if (typeof offer.title === 'string' && offer.title.trim() !== '') failure.title = offer.title.trim();
        failures.push(failure);
      };
      if (problem) return fail(problem);
      const result = v.safeParse(PartnerFeedOffer, offer);
      if (!result.success) return fail(describeIssues(result.issues, csv));
      const earlier = firstSeenAt.get(result.output.id);
      if (earlier) return fail(`The id is used by an earlier offer (${earlier}); ids must be unique in a feed.`);
      firstSeenAt.set(result.output.id, where);
      items.push(sourceItem(result.output));
    },
    result: () => ({ items, failures }),
  };
}

/** The first issues as 'path: message', the path in the encoding's own words (discount.percent or discount_percent). */
function describeIssues(issues: readonly v.BaseIssue<unknown>[], csv: boolean): string {
  const told = issues.slice(0, ISSUES_TOLD).map((issue) => {
    const path = issuePath(issue, csv);
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = issues.length > ISSUES_TOLD ? ` (and ${issues.length - ISSUES_TOLD} more)` : '';
  return told.join(' ') + more;
}

function issuePath(issue: v.BaseIssue<unknown>, csv: boolean): string {
  const keys = (issue.path ?? []).map((item) => item.key);
  if (!csv)
    return keys.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i > 0 ? '.' : ''}${String(key)}`)).join('');
  // In CSV a list is one cell: name the column and the item's place in it.
  const names = keys.filter((key) => typeof key === 'string').map((key) => columnName(key as string));
  const index = keys.find((key) => typeof key === 'number') as number | undefined;
  const column = names.slice(0, names[0] === 'discount' ? 2 : 1).join('_');
  return index === undefined ? column : `${column} (item ${index + 1})`;
}

function sourceItem(offer: PartnerFeedOfferData): SourceItem {
  const { discount, cards } = offer;
  const hasPercent = discount?.percent != null;
  return compact({
    itemKey: offer.id,
    url: offer.url,
    title: offer.title,
    merchantName: offer.merchant,
    bankName: offer.bank,
    description: offer.description,
    discountPercent: discount?.percent,
    discountKind: hasPercent ? (discount?.kind ?? 'off') : undefined,
    rateText: hasPercent ? undefined : discount?.text,
    validFrom: offer.validFrom,
    validThrough: offer.validThrough,
    cardScope: cards == null ? undefined : Array.isArray(cards) ? 'listed' : cards,
    cards: Array.isArray(cards) ? cards : undefined,
    // An empty list is the feed saying 'every day': kept, so that the words are not read for days.
    days: offer.days,
    timeFrom: offer.timeFrom,
    timeTo: offer.timeTo,
    minBill: offer.minBill,
    maxDiscount: offer.maxDiscount,
    channel: offer.channel,
    website: offer.website,
    categoryText: offer.category,
    imageUrl: offer.image,
    promoCode: offer.promoCode,
    locations: offer.locations,
  });
}

type Loose<T> = { [K in keyof T]: T[K] | null | undefined };

/** The item without its empty fields: null, undefined and '' all mean the feed did not say. */
function compact(item: Loose<SourceItem> & Pick<SourceItem, 'itemKey' | 'title' | 'merchantName'>): SourceItem {
  // Copied rather than deleted from: objects with deleted keys are slow for everything after.
  const result: Record<string, unknown> = {};
  for (const key in item) {
    const value = item[key as keyof typeof item];
    if (value !== undefined && value !== null && value !== '') result[key] = value;
  }
  return result as unknown as SourceItem;
}
