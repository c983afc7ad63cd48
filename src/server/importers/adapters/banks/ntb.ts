// Nations Trust Bank (Mastercard cards): nationstrust.com/promotions is one server-rendered grid
// of promotion cards (.grid-item.<category> > .promo-box: banner and category tag, the merchant in
// an h6, the headline in an h5, the validity in a small, a Learn More link). Two kinds of card:
// - a merchant's own promotion (an h6): its page (/promotions/<slug>) has the terms;
// - a category's collection ("Enjoy exclusive savings on Dining", no h6): its page holds a table
//   (.saving-rate-table) of Merchant | Offer | Eligibility rows, one offer a row.
// So each card's page is read, once. A page with merchant rows gives one item a row (keyed by the
// page's slug and the merchant); any other page gives the card's own offer, with the page's text.
// The card of the bank's general terms for offers (category general-tcs-offers) is no offer: it is
// reported, not read. Rows the page has commented out (expired offers) are not rows.
//
// Facts from:
// - DFanso/lk-card-offers · scripts/SCRAPERS.md @ acdc4ab and scripts/scrape-ntb.ts @ 032dd10: the
//   listing's .grid-item (category slug in its class), `.promo-footer a[href]`, `.promo-image .tag`;
//   general-tcs-offers is the bank's master T&Cs; a collection page's `.saving-rate-table table tr`
//   with a header row (<h3><strong>Merchant</strong>…) and Merchant | Offer | Eligibility cells; the
//   page's own banner is `.info-header .promo-brand-image img` (the `.promo-image img` further down is
//   the "Related promotions" carousel); its tests/scraper-ntb.test.ts @ 21194da (the markup, pasted with
//   edited image URLs). It fetched the apex host, saying www. answered 403 (May 2026); every later
//   peer and the bank's own links use https://www.nationstrust.com.
// - Cookie-Cat21/sl-card-offers-hub · scripts/html_sources.py @ f705425: div.promo-box with an img, a
//   "tag" div, merchant (h6), title (h5), and a footer with a validity <small> and the link.
// - ArdenoStudio/lankawa · docs/NTB_SC_HSBC_OFFERS_RESEARCH.md @ e1a62e9: ~102 cards; the category
//   filter is client-side only (the whole grid is on the one page); per-offer pages
//   /promotions/{slug} with the T&Cs, minimum and maximum; a supermarket collection page with a table.
// - chamirusenarath96/card-max · crawler/scrapers/ntb.ts @ 16d8033: rows commented out in the table
//   are expired offers.
// - CSAbeywickrame/sl-bank-offers · lib/sources/bankRegistry.ts @ 01a55aa (the listing URL) and its
//   data/ntb-scrape-2026-06-10.json (the rows' wording: "Merchant: offer; eligibility lines").
// No peer shows a merchant's own promotion page; its text is read from `.description-block`, the
// class the collection pages give the table's wrapper. Check it against the live page.
import { load, type CheerioAPI } from 'cheerio';
import type { FetchedText, ItemFailure, SourceAdapter, SourceItem } from '../../types.ts';
import { slugOf, spendLinesOf } from './answer-values.ts';
import {
  absoluteUrl,
  type Elements,
  findPromoCode,
  htmlLines,
  htmlParagraphs,
  readDetailPages,
  readHtmlListing,
  structureError,
  textIn,
  uniqueKeys,
} from './shared.ts';

const BANK = 'Nations Trust Bank';

/** What a listing card gives. */
interface Card {
  itemKey: string;
  url: string;
  /** The h5: a merchant's offer, or a collection's name. */
  title: string;
  /** The h6, empty on a collection's card. */
  merchantName: string;
  dateText?: string | undefined;
  categoryText?: string | undefined;
  imageUrl?: string | undefined;
}

/** A row of a collection page's table. */
interface Row {
  merchantName: string;
  offer: string;
  eligibility: string[];
}

/** What a card's page gives: merchant rows (a collection) or the offer's own text. */
interface PromotionPage {
  rows?: Row[] | undefined;
  lines: string[];
  imageUrl?: string | undefined;
}

// The listing card's class list: Bootstrap's and the grid's own classes, then the category slug.
const LAYOUT_CLASS = /^(?:col-.*|grid-item|mb-\d|reveal)$/;
const GENERAL_TERMS = 'general-tcs-offers';
// The header row of a collection's table.
const HEADER_CELL = /^merchants?(?: name)?$/i;
// 'Valid every Sunday till 30th September 2026', 'Valid on 24th September 2026', 'Valid from 1st May to 30th June 2026'.
const VALIDITY_LINE = /\b(?:valid|till|until|from|on)\b.*\b20\d\d\b/i;
// 'Nations Trust Bank Mastercard Credit Card', 'Private Banking Mastercard Credit Cards', 'Mastercard Credit & Debit Cards'.
const CARDS_PHRASE =
  /(?:\bNations Trust Bank\s+)?(?:\bPrivate Banking\s+)?\b(?:Master ?Card|American Express)\b[^.;\n]*\bCards?\b/i;

export const ntbAdapter: SourceAdapter = {
  adapter: 'ntb',
  title: 'Nations Trust Bank promotions',
  bankName: BANK,
  defaultUrl: 'https://www.nationstrust.com/promotions',

  async read({ url, fetcher }) {
    const pages = await readHtmlListing(fetcher, url, {
      source: `${BANK} promotions`,
      container: '.grid-item .promo-box',
    });
    const cards: Card[] = [];
    const failures: ItemFailure[] = [];
    for (const { url: pageUrl, $ } of pages) {
      $('.grid-item').each((_, element) => {
        const read = readCard($(element), pageUrl);
        if ('reason' in read) failures.push(read);
        else cards.push(read);
      });
    }

    const promotionPages = await readDetailPages(fetcher, uniqueKeys(cards), (card) => card.url, readPromotionPage);
    const items: SourceItem[] = [];
    for (const { entry, detail } of promotionPages.details) {
      for (const read of toSourceItems(entry, detail)) {
        if ('reason' in read) failures.push(read);
        else items.push(read);
      }
    }
    return { items: uniqueKeys(items), failures: [...failures, ...promotionPages.failures] };
  },
};

function readCard(element: Elements, pageUrl: string): Card | ItemFailure {
  const title = textIn(element, '.info h5');
  const category = (element.attr('class') ?? '').split(/\s+/).find((name) => name && !LAYOUT_CLASS.test(name));
  const url = absoluteUrl(
    element.find('.promo-footer a[href]').first().attr('href') ?? element.find('a[href]').first().attr('href'),
    pageUrl,
  );
  if (!url) return { itemKey: title || pageUrl, title, reason: 'promotion card has no Learn More link to its page' };
  const itemKey = new URL(url).pathname.split('/').filter(Boolean).pop() ?? url;
  if (category === GENERAL_TERMS)
    return { itemKey, title, reason: "the bank's general terms and conditions for offers: not an offer" };
  if (!title) return { itemKey, reason: 'promotion card has no headline (h5)' };
  return {
    itemKey,
    url,
    title,
    merchantName: textIn(element, '.info h6'),
    dateText: textIn(element, '.promo-footer small') || undefined,
    categoryText: textIn(element, '.tag') || undefined,
    imageUrl: absoluteUrl(element.find('.promo-image img').first().attr('src'), pageUrl),
  };
}

/**
 * A card's page: the rows of its merchant table when it has one, else the lines of its
 * description. A page with neither is not a promotion page, and fails the run.
 */
function readPromotionPage(page: FetchedText): PromotionPage {
  const $ = load(page.text);
  const imageUrl = absoluteUrl($('.promo-brand-image img').first().attr('src'), page.url);
  const table = $('.saving-rate-table table').first();
  if (table.length > 0) return { rows: tableRows($, table), lines: [], imageUrl };
  const description = $('.description-block').first();
  if (description.length === 0)
    throw structureError(`${BANK} promotion page ${page.url}`, '.saving-rate-table or .description-block');
  return { lines: htmlLines(description.html()), imageUrl };
}

function tableRows($: CheerioAPI, table: Elements): Row[] {
  return table
    .find('tr')
    .toArray()
    .flatMap((row) => {
      const cells = $(row)
        .children('td, th')
        .toArray()
        .map((cell) => $(cell));
      const merchantName = htmlLines(cells[0]?.html()).join(' ');
      if (cells.length < 2 || !merchantName || HEADER_CELL.test(merchantName)) return [];
      return [{ merchantName, offer: htmlLines(cells[1]!.html()).join(' '), eligibility: htmlLines(cells[2]?.html()) }];
    });
}

function toSourceItems(card: Card, page: PromotionPage): Array<SourceItem | ItemFailure> {
  if (page.rows && page.rows.length > 0) return page.rows.map((row) => rowItem(card, page, row));
  if (page.rows)
    return [
      {
        itemKey: card.itemKey,
        title: card.title,
        reason: `the page's merchant table (${card.url}) has no merchant rows`,
      },
    ];
  if (!card.merchantName)
    return [
      {
        itemKey: card.itemKey,
        title: card.title,
        reason: 'promotion names no merchant (no h6 on its card, no merchant table on its page)',
      },
    ];
  const lines = page.lines;
  return [
    {
      itemKey: card.itemKey,
      url: card.url,
      title: card.title,
      merchantName: card.merchantName,
      description: htmlParagraphs(lines),
      rateText: card.title,
      dateText: card.dateText ?? lines.find((line) => VALIDITY_LINE.test(line)),
      cardsText: cardsIn([card.title, ...lines]),
      spendText: spendLinesOf(lines),
      categoryText: card.categoryText,
      imageUrl: page.imageUrl ?? card.imageUrl,
      promoCode: findPromoCode(lines.join('\n')),
    },
  ];
}

/** One row of a collection: its merchant's offer, on the collection's page. */
function rowItem(card: Card, page: PromotionPage, row: Row): SourceItem | ItemFailure {
  const itemKey = `${card.itemKey}#${slugOf(row.merchantName) || 'row'}`;
  if (!row.offer)
    return { itemKey, title: row.merchantName, reason: `the merchant row of ${row.merchantName} has no offer` };
  const lines = [row.offer, ...row.eligibility];
  return {
    itemKey,
    url: card.url,
    title: row.offer,
    merchantName: row.merchantName,
    description: htmlParagraphs(lines),
    rateText: row.offer,
    dateText: row.eligibility.find((line) => VALIDITY_LINE.test(line)),
    cardsText: cardsIn(lines),
    spendText: spendLinesOf(row.eligibility),
    categoryText: card.categoryText,
    // The collection's banner: the rows have none of their own.
    imageUrl: page.imageUrl ?? card.imageUrl,
    promoCode: findPromoCode(lines.join('\n')),
  };
}

/** The first mention of the bank's cards in the lines, as written. */
function cardsIn(lines: readonly string[]): string | undefined {
  for (const line of lines) {
    const phrase = CARDS_PHRASE.exec(line)?.[0];
    if (phrase) return phrase;
  }
  return undefined;
}
