// Seylan Bank: a paginated Laravel listing (six promotions a page, a rel="next" pager) of
// promotion cards: the merchant, the offer line, the flyer, a Google Calendar link and a READ MORE
// link to the offer's own page (a slug at the site's root). The listing's own date line is empty,
// so each offer page is read too, for the validity as written (and, where the page has the
// modelled layout, its category, terms and address).
//
// Where the facts come from (the bank's live page was never reached from here):
// - The cards: the real listing saved by anjulalk/cardstock · sources/seylan/fixtures/list.html
//   @ 5ef16bef (2026-09-19, three cards): each a `div.col-md-4.promotion-item` holding
//   `.card.new-promotion-card.new-card`: `img.new-promotion-upcoming` (an "upcoming" badge, the
//   card's first <img>), a Google Calendar link (`…eventedit?text=<merchant>&dates=20261226/20261227
//   &details=…`), the flyer `img.new-promotion-img`, and `.card-body.new-promotion-card-body`
//   with `h5.new-promotion-title` (the merchant), `p.new-promotion-dis` (the offer line, cut with
//   "..."), `p.new-promotion-date` (EMPTY on every card) and `a.new-promotion-btn` (READ MORE).
//   Each card then carries an older card block inside an HTML comment, with the offer line whole
//   (`p.card-text.des`) and its expiry (`p.card-text.expiry`), and is followed by more </div>s
//   than it opens: the cards are found wherever the parser puts them, and each reads only what is
//   its own (never a card nested in it by a missing </div>). cardstock · packages/worker/src/
//   adapters/seylan.ts @ 5ef16bef reads the same (`class="col-md-4 promotion-item`, the h5 text,
//   `new-promotion-dis`, `new-promotion-img`, the calendar dates, the pager
//   `<a class="page-link" href="…" rel="next">` with `&amp;` and `http:`); so does DFanso/
//   lk-card-offers · scripts/scrape-seylan.ts @ d555b6b4 (`div.col-md-4.promotion-item`).
// - No peer names a container for the cards (the modelled '.new-promotion-list' is in no real
//   page), so none is required: a listing page must hold at least one promotion card, or the read
//   throws. Seylan lists about two hundred; a page without one is a redesign or a block page.
// - The dates. The calendar link's `dates=` is the only date on the listing. DFanso calls it
//   "stamped from a template (`20230407T...`) … NOT the real promotion validity" and reads the
//   offer page's body text instead (`Valid (from|till|until) …`); a public scraper (code-index
//   file 70553431363) does the same between "Details / Promotions" and "Related Promotions". So
//   the offer page's validity line is the dateText; the calendar's dates stand in, as validFrom /
//   validThrough, only when neither the offer page nor the card writes a validity, and only in
//   their date-only form (a timestamp is the template's). cardstock reads the end as exclusive,
//   as Google Calendar does, but Seylan writes the offer's expiry there: the card's commented-out
//   block prints "27th December 2026" beside dates=20261226/20261227, "22nd December 2026" beside
//   20261221/20261222 and "30th December 2026" beside 20261219/20261230. The end is therefore
//   taken as the last day, as the bank prints it.
// - The title: the listing cuts the offer line ("20% off for Seylan Credit Cards & 10% Debit
//   Cards..."); the calendar link's text= is only the merchant. The whole line is the card's own
//   commented-out block's, where it starts as the cut line does, else the offer page's offer line
//   (modelled p.h44), else the cut line without its dots.
// - The offer page: DFanso reads its first <h2> and the "Valid …" text; no peer names the modelled
//   `.offer-detail` layout, and no real offer page was saved anywhere. A page with that layout is
//   read as modelled (tests/fixtures/importers/banks/seylan/detail-*.html); any other page gives
//   its "Valid from/till/until …" line alone.
import { load, type CheerioAPI } from 'cheerio';
import type { FetchedText, ItemFailure, SourceAdapter, SourceItem } from '../../types.ts';
import {
  absoluteUrl,
  cleanText,
  type Elements,
  findPromoCode,
  htmlLines,
  htmlParagraphs,
  labelledValue,
  readDetailPages,
  readPages,
  structureError,
  textIn,
  textOf,
  uniqueKeys,
} from './shared.ts';

const BANK = 'Seylan Bank';

// The catalogue ran to about 31 pages of six in 2026 (matheeshaYapa/card-offer-aggregator ·
// scrapers/src/scrapers/seylan_scraper.py @ c86fd597: "All 185 offers (~31 pages)"), past the
// shared default; cardstock caps its walk at 40 too.
const MAX_PAGES = 40;

/** A promotion card, wherever the parser puts it. */
const CARD = 'div.promotion-item';
/** The listing cuts a long offer line with three dots. */
const CUT = /\s*(?:\.\.\.|…)\s*$/;
/** A line that states a validity: 'Valid from 07th May - 30th June 2026', 'Until 31st May 2026'. */
const VALIDITY = /\b(?:valid\s+(?:from|till|until|on)|until|till)\b/i;

/** What a listing card gives. */
interface Card {
  itemKey: string;
  url: string;
  /** The offer line, whole when the card has it whole. */
  title: string;
  /** The line as the listing shows it, when it is cut ('…'): the offer page may have it whole. */
  cutLine?: string | undefined;
  merchantName: string;
  dateText?: string | undefined;
  /** The calendar link's days, the last one included (see the header). */
  calendar?: { from: string; through: string } | undefined;
  imageUrl?: string | undefined;
}

/** What an offer's own page adds. */
interface OfferPage {
  offerLine?: string | undefined;
  validity?: string | undefined;
  categoryText?: string | undefined;
  description: string[];
  terms: string[];
  address?: string | undefined;
  imageUrl?: string | undefined;
}

export const seylanAdapter: SourceAdapter = {
  adapter: 'seylan',
  title: 'Seylan Bank card offers',
  bankName: BANK,
  defaultUrl: 'https://www.seylan.lk/promotions/cards?type[]=credit_card',

  async read({ url, fetcher }) {
    const pages = await readPages(fetcher, url, readListingPage, { source: `${BANK} listing`, maxPages: MAX_PAGES });
    const cards: Card[] = [];
    const failures: ItemFailure[] = [];
    for (const page of pages) {
      for (const read of page) {
        if ('reason' in read) failures.push(read);
        else cards.push(read);
      }
    }

    const offerPages = await readDetailPages(fetcher, uniqueKeys(cards), (card) => card.url, readOfferPage);
    const items = offerPages.details.map(({ entry, detail }) => toSourceItem(entry, detail));
    return { items, failures: [...failures, ...offerPages.failures] };
  },
};

function readListingPage(page: FetchedText) {
  const $ = load(page.text);
  const cards = $(CARD);
  if (cards.length === 0) throw structureError(`${BANK} listing`, `promotion cards (${CARD})`);
  return {
    content: cards.toArray().map((card) => readCard($, $(card), page.url)),
    nextUrl: nextPage($, page.url),
  };
}

/** The pager's next page. Laravel writes it with the site's own http: address; it is asked for over https. */
function nextPage($: CheerioAPI, pageUrl: string): string | undefined {
  const next = absoluteUrl(
    $('a.page-link[rel~="next"], a[rel~="next"], link[rel~="next"]').first().attr('href'),
    pageUrl,
  );
  if (!next) return undefined;
  const url = new URL(next);
  if (url.protocol === 'http:' && url.hostname === new URL(pageUrl).hostname) url.protocol = 'https:';
  return url.href;
}

function readCard($: CheerioAPI, card: Elements, pageUrl: string): Card | ItemFailure {
  // Only the card's own elements: a card the parser nested in it (a missing </div>) reads itself.
  const own = (selector: string) =>
    card.find(selector).filter((_, element) => $(element).closest(CARD).get(0) === card.get(0));
  const ownText = (selector: string) => textOf(own(selector).first().html());

  const merchantName = ownText('.new-promotion-title');
  const line = ownText('.new-promotion-dis');
  const url = absoluteUrl(own('a.new-promotion-btn').first().attr('href'), pageUrl);
  if (!url)
    return {
      itemKey: merchantName || line || pageUrl,
      title: line,
      reason: 'promotion card has no READ MORE link to its offer page (a.new-promotion-btn)',
    };
  // The offer page's slug ('seylan.lk/<slug>') is the bank's id for the offer.
  const itemKey = new URL(url).pathname.split('/').filter(Boolean).pop() ?? url;
  if (!merchantName)
    return { itemKey, title: line, reason: 'promotion card has no merchant name (.new-promotion-title)' };
  if (!line) return { itemKey, reason: 'promotion card has no offer line (.new-promotion-dis)' };

  const cut = CUT.test(line);
  const whole = cut ? wholeLineInComment($, card, line) : undefined;
  return {
    itemKey,
    url,
    title: whole ?? (cut ? line.replace(CUT, '') : line),
    cutLine: cut && !whole ? line : undefined,
    merchantName,
    dateText: ownText('.new-promotion-date') || undefined,
    calendar: calendarDays(own('a[href*="calendar.google.com"]').first().attr('href')),
    // The card's first <img> is the 'upcoming' badge; the flyer is its own class.
    imageUrl: absoluteUrl(own('img.new-promotion-img').first().attr('src'), pageUrl),
  };
}

/**
 * The offer line whole, from the older card block the template leaves in an HTML comment, when it
 * begins as the cut line does (a comment about another offer is never taken).
 */
function wholeLineInComment($: CheerioAPI, card: Elements, cutLine: string): string | undefined {
  const begins = cutLine.replace(CUT, '');
  const comments = card
    .find('*')
    .addBack()
    .contents()
    .toArray()
    .filter((node) => node.type === 'comment' && $(node).closest(CARD).get(0) === card.get(0));
  for (const comment of comments) {
    const block = load('data' in comment ? String(comment.data) : '', null, false);
    const written = textOf(block('p.card-text.des').not('.expiry').first().html());
    if (written && written.startsWith(begins)) return written;
  }
  return undefined;
}

/** The days of the calendar link's `dates=YYYYMMDD/YYYYMMDD`, or undefined for any other form. */
function calendarDays(href: string | undefined): Card['calendar'] {
  const match = /[?&]dates=(\d{4})(\d{2})(\d{2})\/(\d{4})(\d{2})(\d{2})(?:&|$)/.exec(href ?? '');
  if (!match) return undefined;
  const [from, through] = [match.slice(1, 4), match.slice(4, 7)].map(
    ([year, month, day]) => `${year}-${month}-${day}`,
  ) as [string, string];
  const real = (iso: string) =>
    !Number.isNaN(Date.parse(`${iso}T00:00:00Z`)) && new Date(`${iso}T00:00:00Z`).toISOString().startsWith(iso);
  return real(from) && real(through) && from <= through ? { from, through } : undefined;
}

/**
 * The offer page. In the modelled layout, .offer-detail has the banner in its first column and, in
 * the second, the category line ('Card Promotions : Dining'), the merchant (h2.h11), the offer line
 * (p.h44) and .des: the validity, the terms as a list, and 'Address :' / 'Tel No :' lines. Any
 * other page gives its first validity line in the offer's own part of the page.
 */
function readOfferPage(page: FetchedText): OfferPage {
  const $ = load(page.text);
  const detail = $('.offer-detail');
  if (detail.length === 0) return { validity: validityInText($), description: [], terms: [] };

  const text = detail.find('.col-md-6').last();
  const notes = text
    .find('.des')
    .children()
    .not('ul, ol')
    .toArray()
    .flatMap((element) => htmlLines($.html(element)));
  const offerLine = textIn(text, 'p.h44');
  return {
    offerLine: offerLine || undefined,
    validity: notes.find((line) => VALIDITY.test(line) && /\d/.test(line)),
    // The category line's class is a guess; its 'Card Promotions : <category>' wording is not.
    categoryText: labelledValue(textIn(text, '.promo-category'), /^card promotions$/i),
    description: [offerLine, ...notes].filter(Boolean),
    terms: text
      .find('.des li')
      .toArray()
      .map((item) => textOf($(item).html()))
      .filter(Boolean),
    address: notes.map((line) => labelledValue(line, /^address$/i)).find(Boolean),
    imageUrl: absoluteUrl(detail.find('.col-md-6').first().find('img').first().attr('src'), page.url),
  };
}

/** The first 'Valid from/till/until …' line of the page's offer, before its related promotions. */
function validityInText($: CheerioAPI): string | undefined {
  $('script, style, noscript, nav, header, footer').remove();
  const lines = htmlLines($('body').html() ?? $.html());
  const start = lines.findIndex((line) => /details\s*\/\s*promotions/i.test(line));
  const end = lines.findIndex((line, index) => index > start && /^related promotions/i.test(line));
  const offer = lines.slice(start + 1, end === -1 ? undefined : end);
  for (const line of offer) {
    const at = /\bvalid\s+(?:from|till|until|on)\b/i.exec(line);
    if (at && /\d/.test(line)) return cleanText(line.slice(at.index));
  }
  return undefined;
}

function toSourceItem(card: Card, page: OfferPage): SourceItem {
  const termsText = page.terms.join('\n');
  const title = card.cutLine && page.offerLine?.startsWith(card.title) ? page.offerLine : card.title;
  const dateText = page.validity ?? card.dateText;
  // The calendar's days only where nothing writes the validity (see the header).
  const calendar = dateText ? undefined : card.calendar;
  return {
    itemKey: card.itemKey,
    url: card.url,
    title,
    merchantName: card.merchantName,
    description: htmlParagraphs(page.description),
    // The card's offer line is both its headline and the rate as written.
    rateText: title,
    dateText,
    validFrom: calendar?.from,
    validThrough: calendar?.through,
    categoryText: page.categoryText,
    imageUrl: page.imageUrl ?? card.imageUrl,
    promoCode: findPromoCode([title, ...page.description, termsText].join('\n')),
    locations: page.address ? [page.address] : undefined,
    termsText: termsText || undefined,
  };
}
