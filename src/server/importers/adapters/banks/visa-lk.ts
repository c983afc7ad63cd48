// The Visa Sri Lanka offers portal (visa.com.lk "Visa offers and perks"): one JSON API,
// POST /offers/api/portal/portal/perks/, for every Visa offer the portal shows — those of the
// banks that issue Visa cards in Sri Lanka, and Visa's own offers abroad. It is an aggregator:
// the pipeline resolves each item's bank from the words of its title, cards, description and terms
// (resolve.ts), and refuses one that names none or several.
//
// The request body names the site, the locale and the kind of perks ('OFFERS'), and pages with
// pageRequest {index, limit}. The portal cuts an answer silently at a limit of 500 (641 offers
// came back as 500) and answers nothing at 2000 or more, so it is read in pages of 400, page index
// from 0, until a page holds fewer than 400. A first page with no perks (the portal has answered
// {"perksGroups": []}), a page holding fewer perks than its group's resultCount, a page that
// repeats perks already read, or more perks than asked for, is refused: the run fails rather than
// ending offers.
//
// Facts from:
// - Cookie-Cat21/sl-card-offers-hub · README.md @ 354264d and scripts/aggregate.py @ f705425: the
//   endpoint; Content-Type application/json; the body {siteId: 'www.visa.com.lk', perkTypeRequests:
//   [{requestIdentifier: null, perkType, locale: 'en_lk', pageRequest: {index: 0, limit}}]}; limit
//   500 cut silently, 2000+ empty; the answer {perksGroups: [{resultCount, perks: [{sourceId, title,
//   shortDescription, image}]}]}; perk images at https://www.visa.com/images/merchantoffers/… (its
//   data/offers.json @ 0759e25).
// - Cookie-Cat21/visa-lk-perks-api-docs · docs/PAGINATION.md @ 0f8b7bd: pageRequest.index is 0-based,
//   pageRequest.limit the page size.
// - ArdenoStudio/lankawa · docs/BANK_API_DEEP_DIVE_VISA_SC_FDRATES.md @ 8be7eed: no auth, Origin and
//   Referer on visa.com.lk suffice; an empty body is a 400; on 2026-07-20 it answered {"perksGroups":[]}.
// - Index file 56241792313 (a public client of the same Visa portal on visa.com.vn): perk keys
//   merchantName, startDate/endDate (epoch), metaData {categories, cardProductTypes,
//   customAttributes {offerCopy}}, the group's metadataDefinition [{name, metaData: {id: label}}]
//   naming the category and card ids; an offer's page at /<locale>/visa-offers-and-perks/<merchant slug>/<sourceId>.
// No public client names an issuer field on a perk, so the bank is left to the words.
import type { FetchedText, ItemFailure, PoliteFetcher, SourceAdapter, SourceItem } from '../../types.ts';
import { countOf, epochDay, isObject, scalarText, slugOf, spendLinesOf } from './answer-values.ts';
import {
  absoluteUrl,
  checkRowsAgainstTotal,
  findPromoCode,
  htmlLines,
  htmlParagraphs,
  readJsonAnswer,
  structureError,
  uniqueKeys,
} from './shared.ts';

const SOURCE = 'Visa Sri Lanka offers portal';
const SITE_ID = 'www.visa.com.lk';
const LOCALE = 'en_lk';
/** Below the 500 at which the portal cuts an answer without saying so. */
export const VISA_PAGE_LIMIT = 400;
/** 4,000 perks; the portal had 641 in September 2026. */
const MAX_PAGES = 10;

/** A perk as a page gives it, with the labels its group defines for category and card ids. */
interface Perk {
  perk: unknown;
  labels: Labels;
  position: string;
}
type Labels = Record<string, Record<string, string>>;

/** The POST body of page `index` (from 0). */
export function visaPerksRequest(index: number, limit = VISA_PAGE_LIMIT): string {
  return JSON.stringify({
    siteId: SITE_ID,
    perkTypeRequests: [{ requestIdentifier: null, perkType: 'OFFERS', locale: LOCALE, pageRequest: { index, limit } }],
  });
}

/** The adapter, with the page size as an option so that tests can page a small answer. */
export function createVisaLkAdapter(options: { pageLimit?: number } = {}): SourceAdapter {
  const pageLimit = options.pageLimit ?? VISA_PAGE_LIMIT;
  return {
    adapter: 'visa-lk',
    title: 'Visa Sri Lanka offers (every issuing bank)',
    defaultUrl: 'https://www.visa.com.lk/offers/api/portal/portal/perks/',

    async read({ url, fetcher }) {
      const items: SourceItem[] = [];
      const failures: ItemFailure[] = [];
      for (const perk of await readPerks(fetcher, url, pageLimit)) {
        const read = readPerk(perk, url);
        if ('reason' in read) failures.push(read);
        else items.push(read);
      }
      return { items: uniqueKeys(items), failures };
    },
  };
}

export const visaLkAdapter: SourceAdapter = createVisaLkAdapter();

/** The headers the portal's own page sends: a JSON body, from visa.com.lk. */
export function visaPerksHeaders(endpoint: string): Record<string, string> {
  const origin = new URL(endpoint).origin;
  return { 'content-type': 'application/json', origin, referer: `${origin}/${LOCALE}/visa-offers-and-perks/` };
}

async function readPerks(fetcher: PoliteFetcher, endpoint: string, pageLimit: number): Promise<Perk[]> {
  const perks: Perk[] = [];
  const seen = new Set<string>();
  let total: number | undefined;
  for (let index = 0; ; index++) {
    if (index === MAX_PAGES)
      throw new Error(
        `${SOURCE}: more than ${MAX_PAGES} pages of ${pageLimit} — raise the page cap if the portal really lists this many`,
      );
    const page = await fetcher.text(endpoint, {
      method: 'POST',
      accept: 'application/json',
      headers: visaPerksHeaders(endpoint),
      body: visaPerksRequest(index, pageLimit),
    });
    const where = `${SOURCE} (page ${index + 1}, index ${index})`;
    const { rows, resultCount } = perksOf(page, where);
    if (index === 0 && rows.length === 0) {
      throw new Error(
        `${SOURCE}: the portal answered no perks — refused as a false-empty answer (it has answered {"perksGroups": []} before)`,
      );
    }
    if (rows.length > pageLimit)
      throw new Error(
        `${where}: ${rows.length} perks where ${pageLimit} were asked for — the portal no longer honours pageRequest.limit`,
      );
    // A count beyond one page is the listing's total; within one page, this page's own count.
    if (resultCount !== undefined && resultCount > pageLimit) total = resultCount;
    else checkRowsAgainstTotal(rows.length, resultCount, where);

    const keys = rows.map(({ perk }) => (isObject(perk) ? scalarText(perk.sourceId) : ''));
    if (rows.length > 0 && keys.every((key) => key && seen.has(key))) {
      throw new Error(`${where}: repeats perks already read — the portal no longer pages by pageRequest.index`);
    }
    for (const key of keys) if (key) seen.add(key);
    perks.push(...rows);
    if (rows.length < pageLimit || (total !== undefined && perks.length >= total)) break;
  }
  checkRowsAgainstTotal(perks.length, total, SOURCE);
  return perks;
}

/** The perks of one answer, every group's, with the sum of the groups' resultCount when each gives one. */
function perksOf(page: FetchedText, where: string): { rows: Perk[]; resultCount: number | undefined } {
  const body = readJsonAnswer(page, SOURCE);
  if (!isObject(body) || !Array.isArray(body.perksGroups))
    throw structureError(where, 'a JSON object with a perksGroups array');
  const rows: Perk[] = [];
  let resultCount: number | undefined = 0;
  body.perksGroups.forEach((group, groupIndex) => {
    if (!isObject(group) || !Array.isArray(group.perks))
      throw structureError(where, `perksGroups[${groupIndex}].perks, an array`);
    const labels = labelsOf(group.metadataDefinition);
    group.perks.forEach((perk, index) =>
      rows.push({ perk, labels, position: `perk ${index + 1} of group ${groupIndex + 1}, ${where}` }),
    );
    const count = countOf(group.resultCount);
    resultCount = count === undefined || resultCount === undefined ? undefined : resultCount + count;
  });
  return { rows, resultCount: body.perksGroups.length > 0 ? resultCount : undefined };
}

/** The group's metadataDefinition as {name: {id: label}}: 'categories', 'cardProductTypes'. */
function labelsOf(definition: unknown): Labels {
  const labels: Labels = {};
  if (!Array.isArray(definition)) return labels;
  for (const block of definition) {
    if (!isObject(block) || typeof block.name !== 'string' || !isObject(block.metaData)) continue;
    labels[block.name] = Object.fromEntries(
      Object.entries(block.metaData).map(([id, label]) => [id, scalarText(label)]),
    );
  }
  return labels;
}

/** The labels of a perk's ids ('18' → 'Travel'), ids without a label left out. */
function labelled(ids: unknown, labels: Record<string, string> | undefined): string[] {
  if (!Array.isArray(ids) || !labels) return [];
  return [...new Set(ids.map((id) => labels[scalarText(id)] ?? '').filter(Boolean))];
}

function readPerk({ perk, labels, position }: Perk, endpoint: string): SourceItem | ItemFailure {
  if (!isObject(perk)) return { itemKey: position, reason: 'perk is not a JSON object' };
  const metaData = isObject(perk.metaData) ? perk.metaData : {};
  const custom = isObject(metaData.customAttributes) ? metaData.customAttributes : {};
  const sourceId = scalarText(perk.sourceId);
  const title = lineOf(perk.title);
  if (!sourceId) return { itemKey: position, title, reason: 'perk has no sourceId' };
  if (!title) return { itemKey: sourceId, reason: 'perk has no title' };
  const merchantName = lineOf(perk.merchantName) || title;
  const summary = htmlLines(typeof perk.shortDescription === 'string' ? perk.shortDescription : '');
  const copy = htmlLines(typeof custom.offerCopy === 'string' ? custom.offerCopy : '');

  const validFrom = dayOf(perk.startDate);
  if (validFrom === null)
    return { itemKey: sourceId, title, reason: `startDate '${String(perk.startDate)}' is not a date` };
  const validThrough = dayOf(perk.endDate);
  if (validThrough === null)
    return { itemKey: sourceId, title, reason: `endDate '${String(perk.endDate)}' is not a date` };

  const origin = new URL(endpoint).origin;
  const categories = labelled(metaData.categories, labels.categories);
  const cards = labelled(metaData.cardProductTypes, labels.cardProductTypes);
  return {
    itemKey: sourceId,
    url: `${origin}/${LOCALE}/visa-offers-and-perks/${slugOf(merchantName) || 'offer'}/${encodeURIComponent(sourceId)}`,
    title,
    merchantName,
    description: htmlParagraphs(summary),
    rateText: summary.join(' ') || undefined,
    validFrom,
    validThrough,
    cardsText: cards.join(', ') || undefined,
    spendText: spendLinesOf([...summary, ...copy]),
    categoryText: categories.join(', ') || undefined,
    imageUrl: absoluteUrl(scalarText(perk.image), origin),
    promoCode: findPromoCode([...summary, ...copy].join('\n')),
    termsText: copy.join('\n') || undefined,
  };
}

/** A perk's text field as one line. */
const lineOf = (value: unknown) => htmlLines(typeof value === 'string' ? value : scalarText(value)).join(' ');

/**
 * A perk's start or end: an ISO date or timestamp as written, or epoch milliseconds (or seconds)
 * as the Sri Lanka day. undefined when absent, null when it is neither.
 */
function dayOf(value: unknown): string | null | undefined {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim()))
    return value.trim();
  return epochDay(value, { seconds: true });
}
