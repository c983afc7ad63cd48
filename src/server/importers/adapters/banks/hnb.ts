// Hatton National Bank: hnb.lk's card promotions page is a script that reads a JSON API on
// venus.hnb.lk. The listing (get_all_web_card_promos, paged: page, limit, totalPages) gives each
// promotion's id, headline, merchant, card type, ISO dates and thumbnail; the promotion itself
// (get_web_card_promo?id=) has the terms as HTML: labelled lines (Offer:, Period:, Eligibility:,
// Location:) then special and general terms. So each promotion is read too.
import type { FetchedText, ItemFailure, SourceAdapter, SourceItem } from '../../types.ts';
import { absoluteUrl, cleanText, findPromoCode, htmlLines, htmlParagraphs, labelledValue, readDetailPages, readPages, structureError, uniqueKeys } from './shared.ts';

const BANK = 'Hatton National Bank';
const JSON_ACCEPT = 'application/json';

/** A promotion as the listing gives it. */
interface Promotion {
  itemKey: string;
  title: string;
  merchantName: string;
  cardType?: string | undefined;
  valid?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  thumb?: string | undefined;
  /** The listing's URL: the promotion's own JSON and its thumbnail resolve against it. */
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
}

export const hnbAdapter: SourceAdapter = {
  adapter: 'hnb',
  title: 'HNB card offers',
  bankName: BANK,
  defaultUrl: 'https://venus.hnb.lk/api/get_all_web_card_promos?page=1&limit=100&cardType=credit',

  async read({ url, fetcher }) {
    const pages = await readPages(fetcher, url, readListingPage, { source: `${BANK} listing`, accept: JSON_ACCEPT });
    const promotions: Promotion[] = [];
    const failures: ItemFailure[] = [];
    for (const page of pages) {
      page.rows.forEach((row, index) => {
        const read = readRow(row, index, page.url);
        if ('reason' in read) failures.push(read);
        else promotions.push(read);
      });
    }

    const contents = await readDetailPages(fetcher, uniqueKeys(promotions), promotionUrl, readPromotion, { accept: JSON_ACCEPT });
    const items = contents.details.map(({ entry, detail }) => toSourceItem(entry, detail));
    return { items, failures: [...failures, ...contents.failures] };
  },
};

function readListingPage(page: FetchedText) {
  const body = parseJson(page.text);
  if (!isObject(body) || !Array.isArray(body.data)) throw structureError(`${BANK} listing`, 'a JSON object with a data array');
  const pageNumber = Number(new URL(page.url).searchParams.get('page') ?? '1');
  const hasMore = typeof body.totalPages === 'number' && pageNumber < body.totalPages;
  return { content: { url: page.url, rows: body.data as unknown[] }, nextUrl: hasMore ? withPage(page.url, pageNumber + 1) : undefined };
}

function readRow(row: unknown, index: number, listingUrl: string): Promotion | ItemFailure {
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
    cardType: scalarText(fields.cardType) || undefined,
    valid: scalarText(fields.valid) || undefined,
    from: scalarText(fields.from) || undefined,
    to: scalarText(fields.to) || undefined,
    thumb: scalarText(fields.thumb) || undefined,
    listingUrl,
  };
}

function promotionUrl(promotion: Promotion): string {
  return new URL(`get_web_card_promo?id=${encodeURIComponent(promotion.itemKey)}`, promotion.listingUrl).href;
}

function readPromotion(page: FetchedText, promotion: Promotion): PromotionContent {
  const body = parseJson(page.text);
  if (!isObject(body)) throw structureError(`${BANK} promotion ${promotion.itemKey} (${page.url})`, 'a JSON object');

  const content: PromotionContent = { fields: {}, notes: [], generalTerms: [], thumb: scalarText(body.thumb) || undefined };
  let section = content.notes;
  for (const line of htmlLines(typeof body.content === 'string' ? body.content : '')) {
    if (/^general terms/i.test(line)) {
      section = content.generalTerms;
      continue;
    }
    // Labelled lines stay in the description too: 'Period:' may name days ('Every Friday & Saturday').
    if (section === content.notes) readField(line, content);
    section.push(line);
  }
  return content;
}

/** Stores a labelled line ('Period: Until 31st May 2026') in content.fields, the first of each label. */
function readField(line: string, content: PromotionContent): void {
  for (const [field, label] of Object.entries(FIELD_LABELS) as Array<[Field, RegExp]>) {
    const value = labelledValue(line, label);
    if (value) content.fields[field] ??= value;
  }
}

function toSourceItem(promotion: Promotion, content: PromotionContent): SourceItem {
  const { fields } = content;
  return {
    itemKey: promotion.itemKey,
    // hnb.lk's page for one promotion, by its id (the pattern one public client uses; not confirmed).
    url: `https://www.hnb.lk/personal/promotions/card-promotions/${encodeURIComponent(promotion.itemKey)}`,
    title: promotion.title,
    merchantName: promotion.merchantName,
    description: htmlParagraphs(content.notes),
    rateText: fields.offer,
    // 'Period:' is the validity as written; the listing's 'valid' is often only 'Valid Until'.
    dateText: fields.period ?? promotion.valid,
    validFrom: isoDate(promotion.from),
    validThrough: isoDate(promotion.to),
    cardsText: fields.eligibility ?? promotion.cardType,
    // Thumbnails are paths on the API's host ('uploads/…') or full URLs.
    imageUrl: absoluteUrl(content.thumb ?? promotion.thumb, new URL('/', promotion.listingUrl).href),
    promoCode: fields.promoCode ?? findPromoCode(content.notes.join('\n')),
    locations: fields.location ? [fields.location] : undefined,
    termsText: content.generalTerms.join('\n') || undefined,
  };
}

/** A structured date the API gives ('2026-05-31'), passed on only when it has that shape. */
function isoDate(value: string | undefined): string | undefined {
  return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value : undefined;
}

function withPage(url: string, page: number): string {
  const next = new URL(url);
  next.searchParams.set('page', String(page));
  return next.href;
}

/** A scalar JSON value as text. */
function scalarText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? cleanText(String(value)) : '';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON, or undefined for anything else (a maintenance page in HTML). */
function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
