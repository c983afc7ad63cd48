// Seylan Bank: a paginated Laravel listing (six offers a page, a rel="next" pager) of promotion
// cards: the merchant, the offer line, the validity and a READ MORE link to the offer's own page
// (a slug at the site's root). That page has the category, the terms and the merchant's address,
// so each one is read too.
import { load } from 'cheerio';
import type { FetchedText, ItemFailure, SourceAdapter, SourceItem } from '../../types.ts';
import {
  absoluteUrl, type Elements, findPromoCode, htmlLines, htmlParagraphs, labelledValue, readDetailPages, readHtmlListing, structureError,
  textIn, textOf, uniqueKeys,
} from './shared.ts';

const BANK = 'Seylan Bank';

// The credit card catalogue ran to 23 pages in 2026, past the shared default.
const MAX_PAGES = 40;

/** What a listing card gives. */
interface Card {
  itemKey: string;
  url: string;
  title: string;
  merchantName: string;
  rateText: string;
  dateText?: string | undefined;
  imageUrl?: string | undefined;
}

/** What an offer's own page adds. */
interface OfferPage {
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
    // The cards' container class is a guess (the public scrapers this is modelled on show only the cards): check it on the live page.
    const pages = await readHtmlListing(fetcher, url, { source: `${BANK} listing`, container: '.new-promotion-list', maxPages: MAX_PAGES });
    const cards: Card[] = [];
    const failures: ItemFailure[] = [];
    for (const { url: pageUrl, $ } of pages) {
      $('.new-promotion-list .new-promotion-card-body').each((_, body) => {
        const read = readCard($(body), pageUrl);
        if ('reason' in read) failures.push(read);
        else cards.push(read);
      });
    }

    const offerPages = await readDetailPages(fetcher, uniqueKeys(cards), (card) => card.url, readOfferPage);
    const items = offerPages.details.map(({ entry, detail }) => toSourceItem(entry, detail));
    return { items, failures: [...failures, ...offerPages.failures] };
  },
};

function readCard(body: Elements, pageUrl: string): Card | ItemFailure {
  const merchantName = textIn(body, '.new-promotion-title');
  const title = textIn(body, '.new-promotion-dis');
  const url = absoluteUrl(body.find('a.new-promotion-btn').attr('href'), pageUrl);
  if (!url) return { itemKey: merchantName || title || pageUrl, title, reason: 'promotion card has no READ MORE link to its offer page' };
  // The offer page's slug ('seylan.lk/<slug>') is the bank's id for the offer.
  const itemKey = new URL(url).pathname.split('/').filter(Boolean).pop() ?? url;
  if (!merchantName) return { itemKey, title, reason: 'promotion card has no merchant name (.new-promotion-title)' };
  if (!title) return { itemKey, reason: 'promotion card has no offer line (.new-promotion-dis)' };

  return {
    itemKey,
    url,
    title,
    merchantName,
    // The card's offer line is both its headline and the rate as written.
    rateText: title,
    dateText: textIn(body, '.new-promotion-date') || undefined,
    imageUrl: absoluteUrl(body.closest('.card').find('img').first().attr('src'), pageUrl),
  };
}

/**
 * The offer page's .offer-detail has the banner in its first column and, in the second, the
 * category line ('Card Promotions : Dining'), the merchant (h2.h11), the offer line (p.h44) and
 * .des: the validity, the terms as a list, and 'Address :' / 'Tel No :' lines.
 */
function readOfferPage(page: FetchedText): OfferPage {
  const $ = load(page.text);
  const detail = $('.offer-detail');
  if (detail.length === 0) throw structureError(`${BANK} offer page ${page.url}`, '.offer-detail');

  const text = detail.find('.col-md-6').last();
  const notes = text.find('.des').children().not('ul, ol').toArray().flatMap((element) => htmlLines($.html(element)));
  return {
    // The category line's class is a guess; its 'Card Promotions : <category>' wording is not.
    categoryText: labelledValue(textIn(text, '.promo-category'), /^card promotions$/i),
    description: [textIn(text, 'p.h44'), ...notes].filter(Boolean),
    terms: text.find('.des li').toArray().map((item) => textOf($(item).html())).filter(Boolean),
    address: notes.map((line) => labelledValue(line, /^address$/i)).find(Boolean),
    imageUrl: absoluteUrl(detail.find('.col-md-6').first().find('img').first().attr('src'), page.url),
  };
}

function toSourceItem(card: Card, page: OfferPage): SourceItem {
  const termsText = page.terms.join('\n');
  return {
    itemKey: card.itemKey,
    url: card.url,
    title: card.title,
    merchantName: card.merchantName,
    description: htmlParagraphs(page.description),
    rateText: card.rateText,
    dateText: card.dateText,
    categoryText: page.categoryText,
    imageUrl: page.imageUrl ?? card.imageUrl,
    promoCode: findPromoCode([card.title, ...page.description, termsText].join('\n')),
    locations: page.address ? [page.address] : undefined,
    termsText: termsText || undefined,
  };
}
