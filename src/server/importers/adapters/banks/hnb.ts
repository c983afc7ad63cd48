// Hatton National Bank: hnb.lk's card promotions page is a script that reads a JSON API on
// venus.hnb.lk. The listing (get_all_web_card_promos, paged: page, limit, total, totalPages) gives
// each promotion's id, headline, merchant, card type, end date, validity wording and thumbnail;
// the promotion itself (get_web_card_promo?id=) has the terms as HTML: labelled lines (Offer:,
// Period:, Eligibility:, Location:) then special and general terms. So each promotion is read too.
//
// Where the facts come from (the API was never reached from here):
// - The listing: the real answer saved by anjulalk/cardstock · sources/hnb/fixtures/web.json
//   @ 5f4e3fb7 (2026-09-19; `?page=1&limit=999`, trimmed to 8 of its `total` 874 rows). Its rows
//   are {id, title, thumb, merchant, cardType, to, valid}: there is NO `from`, and `valid` is
//   'Valid Until', 'Valid Until (Every Tuesday)' or 'Valid From 2026-11-01 to'. The same keys:
//   DFanso/lk-card-offers · scripts/scrape-hnb.ts @ 98d5a4b0 (`from` "sometimes absent"),
//   matheeshaYapa/card-offer-aggregator · scrapers/src/scrapers/hnb_scraper.py @ 322b55c2.
// - Card types: ArdenoStudio/lankawa · api-docs/packages/hnb-venus-api-docs/catalog/endpoints.yaml
//   @ 0b4f4397 gives `cardType: credit|debit`, "~841" credit promotions and "~93" debit ones
//   (Glomark among them), which `cardType=credit` leaves out. So both are read, credit then debit,
//   and merged by id; a promotion keeps every card type it is listed for (its rows' `cardType`,
//   'credit', 'debit' or 'credit/debit', and the listings it is in). `cardType=all` is used by one
//   public client (code-index file 71641070578) but no peer shows what it answers.
// - An answer whose rows fall short of its own `total` is a cut or throttled one and is refused
//   (DFanso warns on `total > data.length`): a short list would make the missing offers look ended.
// - The promotion: a real get_web_card_promo body (code-index file 54057237743, the Anantaya
//   Resorts promotion, Nov 2025) has {title, thumb, from, to, valid, cardType, content, merchant,
//   assets}, the keys matheeshaYapa lists. Its `content` writes 'Offer:' and 'Period:' on a line
//   of their own with the value as a list below ('<strong>Offer:</strong></p><ul><li>…'); HNB's
//   CMS HTML in cardstock · sources/hnb/fixtures/premium.json @ 5f4e3fb7 writes most values on the
//   label's line. Both are read.
// - The start date. The listing has no `from`; the body has one, but in every real body saved it
//   is not the start the promotion states: Anantaya's reads 'Valid until' with from = to =
//   2025-11-30 for an offer bookable until that day; in the premium rows (same CMS), SigiriyaJungles
//   has from 2026-08-24 for 'Period: 01st September to 31st October 2026', Era Beach from 2026-01-19
//   for '14th January to 31st December 2026', Spring Pal from 2026-03-11 for 'Till 31st October
//   2026'. So a start is passed on only where the bank shows one: `valid` 'Valid From 2026-11-01 to'
//   (or 'Valid On …') gives its date, or, written without one, the body's `from`. 'Valid Until'
//   shows no start, and none is given: the Period text keeps the bank's words. `to` is the end
//   each of the four states (Anantaya's: its booking period's), and is the end.
// - Links: offers at `https://www.hnb.lk/card-promotion/search/<id>` (DFanso, and cardstock ·
//   sources/hnb.json @ 58e78ef7); banners at `https://assets.hnb.lk/atdi/<thumb>` (DFanso: "HNB
//   serves merchant logos from an S3 bucket fronted at assets.hnb.lk/atdi/ … string-concatenating
//   this base with the `thumb` field"). cardstock uses https://www.hnb.lk/local-images/card-promotion/;
//   DFanso warns that www.hnb.lk answers its single-page app's index.html, with a 200, for paths it
//   does not know, so a 200 there proves nothing. Neither base is checked live here.
import type { FetchedText, ItemFailure, SourceAdapter, SourceItem } from '../../types.ts';
import {
  absoluteUrl,
  checkRowsAgainstTotal,
  cleanText,
  findPromoCode,
  htmlLines,
  htmlParagraphs,
  labelledValue,
  readDetailPages,
  readJsonAnswer,
  readPages,
  structureError,
} from './shared.ts';

const BANK = 'Hatton National Bank';
const JSON_ACCEPT = 'application/json';
const OFFER_PAGE = 'https://www.hnb.lk/card-promotion/search/';
const IMAGE_BASE = 'https://assets.hnb.lk/atdi/';

/** The listings read, each by its `cardType`. */
const CARD_TYPES = ['credit', 'debit'] as const;
type CardType = (typeof CARD_TYPES)[number];

/** A promotion as the listings give it. */
interface Promotion {
  itemKey: string;
  title: string;
  merchantName: string;
  /** Every card type it is listed for. */
  cardTypes: Set<CardType>;
  valid?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  thumb?: string | undefined;
  /** The listing's URL: the promotion's own JSON resolves against it. */
  listingUrl: string;
}

/** The labelled lines a promotion's content starts with. */
const FIELD_LABELS = {
  merchant: /^merchant$/i,
  offer: /^offer$/i,
  period: /^period$/i,
  eligibility: /^eligibility$/i,
  location: /^locations?$/i,
  promoCode: /^promo(?:tion)? code$/i,
};
type Field = keyof typeof FIELD_LABELS;

/** What a promotion's own JSON adds. */
interface PromotionContent {
  fields: Partial<Record<Field, string>>;
  /** The content before the general terms: the labelled lines and the special terms, all about this offer. */
  notes: string[];
  generalTerms: string[];
  thumb?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  valid?: string | undefined;
}

export const hnbAdapter: SourceAdapter = {
  adapter: 'hnb',
  title: 'HNB card offers',
  bankName: BANK,
  defaultUrl: 'https://venus.hnb.lk/api/get_all_web_card_promos?page=1&limit=100&cardType=credit',

  async read({ url, fetcher }) {
    const promotions = new Map<string, Promotion>();
    const failures: ItemFailure[] = [];
    for (const cardType of CARD_TYPES) {
      const source = `${BANK} listing (${cardType} cards)`;
      const pages = await readPages(
        fetcher,
        withQuery(url, { cardType, page: '1' }),
        (page) => readListingPage(page, source),
        { source, accept: JSON_ACCEPT },
      );
      checkRowsAgainstTotal(
        pages.reduce((rows, page) => rows + page.rows.length, 0),
        pages[0]?.total,
        source,
      );
      for (const page of pages) {
        page.rows.forEach((row, index) => {
          const read = readRow(row, index, page.url, cardType);
          if ('reason' in read) {
            // A row seen in both listings is reported once.
            if (!failures.some((failure) => failure.itemKey === read.itemKey)) failures.push(read);
            return;
          }
          const known = promotions.get(read.itemKey);
          if (known) for (const type of read.cardTypes) known.cardTypes.add(type);
          else promotions.set(read.itemKey, read);
        });
      }
    }

    const contents = await readDetailPages(fetcher, [...promotions.values()], promotionUrl, readPromotion, {
      accept: JSON_ACCEPT,
    });
    const items = contents.details.map(({ entry, detail }) => toSourceItem(entry, detail));
    return { items, failures: [...failures, ...contents.failures] };
  },
};

function readListingPage(page: FetchedText, source: string) {
  const body = readJsonAnswer(page, source);
  if (!isObject(body) || !Array.isArray(body.data)) throw structureError(source, 'a JSON object with a data array');
  const pageNumber = Number(new URL(page.url).searchParams.get('page') ?? '1');
  const hasMore = typeof body.totalPages === 'number' && pageNumber < body.totalPages;
  return {
    content: { url: page.url, rows: body.data as unknown[], total: body.total },
    nextUrl: hasMore ? withQuery(page.url, { page: String(pageNumber + 1) }) : undefined,
  };
}

function readRow(row: unknown, index: number, listingUrl: string, listedAs: CardType): Promotion | ItemFailure {
  const fields = isObject(row) ? row : {};
  const id = scalarText(fields.id);
  const title = scalarText(fields.title);
  if (!id) return { itemKey: `row ${index + 1} of ${listingUrl}`, title, reason: 'promotion has no id' };
  if (!title) return { itemKey: id, reason: 'promotion has no title' };
  const merchantName = scalarText(fields.merchant);
  if (!merchantName) return { itemKey: id, title, reason: 'promotion has no merchant' };
  return {
    itemKey: id,
    title,
    merchantName,
    cardTypes: new Set([listedAs, ...cardTypesIn(scalarText(fields.cardType))]),
    valid: scalarText(fields.valid) || undefined,
    from: scalarText(fields.from) || undefined,
    to: scalarText(fields.to) || undefined,
    thumb: rawText(fields.thumb),
    listingUrl,
  };
}

/** 'credit', 'debit', 'credit/debit' (any case). */
function cardTypesIn(value: string): CardType[] {
  return CARD_TYPES.filter((type) => new RegExp(`\\b${type}\\b`, 'i').test(value));
}

function promotionUrl(promotion: Promotion): string {
  return new URL(`get_web_card_promo?id=${encodeURIComponent(promotion.itemKey)}`, promotion.listingUrl).href;
}

function readPromotion(page: FetchedText, promotion: Promotion): PromotionContent {
  const body = readJsonAnswer(page, `${BANK} promotion ${promotion.itemKey}`);
  if (!isObject(body)) throw structureError(`${BANK} promotion ${promotion.itemKey} (${page.url})`, 'a JSON object');

  const content: PromotionContent = {
    fields: {},
    notes: [],
    generalTerms: [],
    thumb: rawText(body.thumb),
    from: scalarText(body.from) || undefined,
    to: scalarText(body.to) || undefined,
    valid: scalarText(body.valid) || undefined,
  };
  const lines = contentLines(typeof body.content === 'string' ? body.content : '');
  let inGeneralTerms = false;
  lines.forEach((line, index) => {
    if (/^general terms/i.test(line.text)) inGeneralTerms = true;
    if (inGeneralTerms) {
      if (!/^general terms/i.test(line.text)) content.generalTerms.push(line.text);
      return;
    }
    // Labelled lines stay in the description too: 'Period:' may name days ('Every Friday & Saturday').
    if (!line.listItem) readField(line.text, lines.slice(index + 1), content);
    content.notes.push(line.text);
  });
  return content;
}

/** A line of the content, and whether it is an item of a list (<li>). */
interface ContentLine {
  text: string;
  listItem: boolean;
}

// A character no text holds, put at the start of each list item to know its lines after htmlLines.
const LIST_ITEM = '\u{F8FF}';

function contentLines(html: string): ContentLine[] {
  const lines: ContentLine[] = [];
  let itemStarts = false;
  for (const line of htmlLines(html.replace(/<li\b[^>]*>/gi, (tag) => `${tag}${LIST_ITEM}`))) {
    const text = cleanText(line.replaceAll(LIST_ITEM, ' '));
    const listItem = itemStarts || line.startsWith(LIST_ITEM);
    // An item whose text sits in a block of its own (<li><p>…</p></li>) starts on the next line.
    itemStarts = text === '' && line.includes(LIST_ITEM);
    if (text) lines.push({ text, listItem });
  }
  return lines;
}

/**
 * Stores a labelled line ('Period: Until 31st May 2026') in content.fields, the first of each
 * label. A label alone on its line ('Offer:') takes the lines below it up to the next labelled
 * line that is not a list item: the list of offers or periods, and any note after it.
 */
function readField(line: string, following: ContentLine[], content: PromotionContent): void {
  const label = /^([^:]{1,40}):\s*$/.exec(line)?.[1];
  for (const [field, pattern] of Object.entries(FIELD_LABELS) as Array<[Field, RegExp]>) {
    if (label !== undefined && pattern.test(cleanText(label))) {
      const end = following.findIndex(
        (next) => !next.listItem && (/^[^:]{1,40}:/.test(next.text) || /^general terms/i.test(next.text)),
      );
      const value = following
        .slice(0, end === -1 ? undefined : end)
        .map((next) => next.text)
        .join('\n');
      if (value) content.fields[field] ??= value;
      continue;
    }
    const value = labelledValue(line, pattern);
    if (value) content.fields[field] ??= value;
  }
}

function toSourceItem(promotion: Promotion, content: PromotionContent): SourceItem {
  const { fields } = content;
  const valid = content.valid ?? promotion.valid;
  return {
    itemKey: promotion.itemKey,
    url: `${OFFER_PAGE}${encodeURIComponent(promotion.itemKey)}`,
    title: promotion.title,
    merchantName: promotion.merchantName,
    description: htmlParagraphs(content.notes),
    rateText: fields.offer,
    // 'Period:' is the validity as written; `valid` is often only 'Valid Until'.
    dateText: fields.period ?? valid,
    validFrom: startDate(content.from ?? promotion.from, valid),
    validThrough: isoDate(content.to ?? promotion.to),
    cardsText: fields.eligibility ?? cardsOf(promotion.cardTypes),
    imageUrl: imageUrl(content.thumb ?? promotion.thumb),
    promoCode: fields.promoCode ?? findPromoCode(content.notes.join('\n')),
    // A list of outlets under 'Location:' is one location a line.
    locations: fields.location ? fields.location.split('\n') : undefined,
    termsText: content.generalTerms.join('\n') || undefined,
  };
}

/**
 * The start the bank shows: the date in `valid` 'Valid From 2026-11-01 to' / 'Valid On …', or
 * `from` where that wording has none; no start for any other wording ('Valid Until': see the header).
 */
function startDate(from: string | undefined, valid: string | undefined): string | undefined {
  const shown = /^valid\s+(?:from|on)\b\s*(\d{4}-\d{2}-\d{2})?/i.exec(valid ?? '');
  if (!shown) return undefined;
  return isoDate(shown[1]) ?? isoDate(from);
}

/** The card types a promotion is listed for, in the bank's words ('All HNB Credit Cards'). */
function cardsOf(types: Set<CardType>): string {
  const names = CARD_TYPES.filter((type) => types.has(type)).map((type) => type[0]!.toUpperCase() + type.slice(1));
  return `HNB ${names.join(' and ')} Cards`;
}

/** A thumbnail path ('merchants/keells.jpg') under HNB's image host, or a full URL as given. */
function imageUrl(thumb: string | undefined): string | undefined {
  if (!thumb) return undefined;
  if (/^https?:\/\//i.test(thumb)) return absoluteUrl(thumb, IMAGE_BASE);
  // Appended as the bank's page does: spaces, commas and '&' in a path are the file's own name.
  try {
    return new URL(`${IMAGE_BASE}${thumb.replace(/^\/+/, '')}`).href;
  } catch {
    return undefined;
  }
}

/** A structured date the API gives ('2026-05-31'), passed on only when it has that shape. */
function isoDate(value: string | undefined): string | undefined {
  return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value : undefined;
}

function withQuery(url: string, params: Record<string, string>): string {
  const next = new URL(url);
  for (const [name, value] of Object.entries(params)) next.searchParams.set(name, value);
  return next.href;
}

/** A scalar JSON value as text. */
function scalarText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? cleanText(String(value)) : '';
}

/** A string value as given, only trimmed at its ends (a path may hold a space after a '/'). */
function rawText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
