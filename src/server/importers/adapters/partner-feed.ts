// The partner feed (docs/partner-feed.md, src/contract/partner-feed.ts): offers a bank, merchant
// or partner publishes for us as JSON or CSV. Every field is structured, so items carry typed
// values rather than text for the normaliser to read. A feed that is not a partner feed at all
// fails the run; one bad offer is a failure with its reasons and the others import.
import { parse as parseCsv } from 'csv-parse/sync';
import * as v from 'valibot';
import {
  PARTNER_FEED_CSV_CARD_SEPARATOR, PARTNER_FEED_CSV_COLUMNS, PARTNER_FEED_CSV_LIST_SEPARATOR, PARTNER_FEED_CSV_REQUIRED_COLUMNS,
  PARTNER_FEED_MESSAGES, PartnerFeedEnvelope, PartnerFeedOffer, type PartnerFeedOfferData,
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
  async read({ url, fetcher }) {
    // Bytes rather than text: a feed may be larger than a page, and feeds are UTF-8 by definition.
    const fetched = await fetcher.bytes(url, { maxBytes: PARTNER_FEED_BYTES_MAX });
    return readPartnerFeed(new TextDecoder('utf-8').decode(fetched.bytes), fetched.contentType, fetched.url);
  },
};

/**
 * The items of a partner feed: JSON when the content type says so or the body starts with '{',
 * CSV otherwise. Throws when the feed as a whole cannot be read (not JSON, the wrong format or
 * version, a CSV without its required columns); an offer that fails its checks is a failure.
 */
export function readPartnerFeed(body: string, contentType: string, feedUrl: string): { items: SourceItem[]; failures: ItemFailure[] } {
  const text = body.replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new Error('The partner feed is empty.');
  const isJson = /json/i.test(contentType) || text.trimStart().startsWith('{');
  return isJson ? checkOffers(jsonEntries(text), feedUrl, false) : checkOffers(csvEntries(text), feedUrl, true);
}

function jsonEntries(text: string): FeedEntry[] {
  let feed: unknown;
  try {
    feed = JSON.parse(text);
  } catch (error) {
    throw new Error(`The partner feed is not valid JSON: ${(error as Error).message}`);
  }
  // valibot takes a list for an object; a feed is never one.
  if (!isRecord(feed)) throw new Error(`The partner feed cannot be read: ${PARTNER_FEED_MESSAGES.notFeedObject}`);
  const envelope = v.safeParse(PartnerFeedEnvelope, feed);
  if (!envelope.success) throw new Error(`The partner feed cannot be read: ${describeIssues(envelope.issues, false)}`);
  return envelope.output.offers.map((offer, i) => {
    const where = `offers[${i}]`;
    return isRecord(offer) ? { where, offer } : { where, offer: {}, problem: PARTNER_FEED_MESSAGES.notOffer };
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** 'validFrom', ' Valid_From ' and 'valid_from' all name the column valid_from. */
const columnName = (name: string) => name.trim().replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();

/** The CSV's rows with the line each ends on. Throws on what no row can be read past (a quote never closed). */
function csvRecords(text: string): { info: { lines: number }; record: string[] }[] {
  try {
    return parseCsv(text, {
      bom: true,
      // A line starting with # is a comment (the fixture's README line); '#' inside a value is not.
      comment: '#',
      comment_no_infix: true,
      skip_empty_lines: true,
      // A row with the wrong number of values is that row's failure, not the whole feed's.
      relax_column_count: true,
      info: true,
    }) as unknown as { info: { lines: number }; record: string[] }[];
  } catch (error) {
    throw new Error(`The partner feed is not readable CSV: ${(error as Error).message}`);
  }
}

function csvEntries(text: string): FeedEntry[] {
  const records = csvRecords(text);
  const header = records[0]?.record.map(columnName) ?? [];
  const missing = PARTNER_FEED_CSV_REQUIRED_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) {
    throw new Error(`The partner feed's CSV header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}. `
      + `Its first row must name the columns: ${PARTNER_FEED_CSV_COLUMNS.join(',')}.`);
  }
  const columnIndex = new Map<string, number>();
  header.forEach((name, i) => { if (!columnIndex.has(name)) columnIndex.set(name, i); });

  return records.slice(1).map(({ info, record }) => {
    const cell = (column: string) => {
      const value = record[columnIndex.get(column) ?? -1]?.trim();
      return value ? value : undefined;
    };
    const entry: FeedEntry = { where: `line ${info.lines}`, offer: csvOffer(cell) };
    // The values may be shifted, but the id and title usually come first and still name the row.
    if (record.length !== header.length) {
      entry.problem = `The row has ${record.length} values but the header names ${header.length} columns (quote a value that holds a comma or a line break).`;
    }
    return entry;
  });
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
    discount: percent === undefined && kind === undefined && discountText === undefined
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

const csvList = (value: string) => value.split(PARTNER_FEED_CSV_LIST_SEPARATOR).map((part) => part.trim()).filter(Boolean);
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

function checkOffers(entries: FeedEntry[], feedUrl: string, csv: boolean): { items: SourceItem[]; failures: ItemFailure[] } {
  const items: SourceItem[] = [];
  const failures: ItemFailure[] = [];
  const firstSeenAt = new Map<string, string>();
  for (const { where, offer, problem } of entries) {
    const id = typeof offer.id === 'string' ? offer.id.trim() : '';
    const named = id === '' ? where : `${where} (id "${id}")`;
    const fail = (reason: string) => {
      const failure: ItemFailure = { itemKey: id || `${feedUrl}#${where.replace(/\W+/g, '-').replace(/-$/, '')}`, reason: `${named}: ${reason}` };
      if (typeof offer.title === 'string' && offer.title.trim() !== '') failure.title = offer.title.trim();
      failures.push(failure);
    };
    if (problem) {
      fail(problem);
      continue;
    }
    const result = v.safeParse(PartnerFeedOffer, offer);
    if (!result.success) {
      fail(describeIssues(result.issues, csv));
      continue;
    }
    const earlier = firstSeenAt.get(result.output.id);
    if (earlier) {
      fail(`The id is used by an earlier offer (${earlier}); ids must be unique in a feed.`);
      continue;
    }
    firstSeenAt.set(result.output.id, where);
    items.push(sourceItem(result.output));
  }
  return { items, failures };
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
  if (!csv) return keys.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i > 0 ? '.' : ''}${String(key)}`)).join('');
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
    discountKind: hasPercent ? discount?.kind ?? 'off' : undefined,
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
