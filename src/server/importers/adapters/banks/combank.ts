// Commercial Bank: one server-rendered page lists every card offer as a tile (<a class="reward">)
// in category rows (.offers-row) of the offers area (.offers-area). A tile has the headline, the
// rate badge, the validity and the category; the terms (minimum bill, cap, eligible cards) are on
// the offer's own page (/rewards-promotion/<category>/<slug>), so each of those is read too.
//
// Where the facts come from (the bank's live page was never reached from here):
// - The tiles: the real listing saved by anjulalk/cardstock · sources/combank/fixtures/list.html
//   @ f08d0e5d (2026-09-20, five tiles): `a.reward.box-shadow.active[href=https://www.combank.lk/
//   rewards-promotion/<category>/<slug>]` holding `.reward-image` (style background-image),
//   `.offer-tag` (<p>Up to</p><p>20%</p><p>Off</p>, or <p>Best Offer</p>) and `.reward-content`
//   (p.category, h3, p.valid-date). The same: cardstock · packages/worker/src/adapters/combank.ts
//   @ c381c73b; DFanso/lk-card-offers · scripts/scrape-combank.ts @ 6693bc4e.
// - The containers, which the saved listing lacks (its peer cut each tile out of the page):
//   `.offers-area` (a public puppeteer scraper waits for it: code-index file 46858530386) and
//   `div.offers-row[id]`, the id a category slug (DFanso, as above; the index file reads
//   '#food-restaurants', '#supermarket', … and each row's `.sub-title`). No peer names a
//   '.title-row', so the row's label is its `.sub-title` wherever it sits in the row. The offers
//   area is required (a page without it is a redesign or a block page); tiles are read anywhere in
//   it, so a row whose markup differs still gives its tiles.
// - The offer page: `.news-content-container figure.reward-image img` and `.editor-content` (the
//   index file above reads its first <ol>); no real offer page was saved anywhere, so its reading
//   is modelled (tests/fixtures/importers/banks/combank/detail-*.html).
// - 'ComBank Premium Credit Cards' (a tile of the real listing) names a tier of cards, not all of
//   them: cardsText keeps the words as the headline writes them, 'Premium' included.
import { load } from 'cheerio';
import type { FetchedText, ItemFailure, SourceAdapter, SourceItem } from '../../types.ts';
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
  textOf,
  uniqueKeys,
} from './shared.ts';

const BANK = 'Commercial Bank';

/** What a listing tile gives. */
interface Tile {
  itemKey: string;
  url: string;
  title: string;
  merchantName: string;
  rateText?: string | undefined;
  dateText?: string | undefined;
  cardsText?: string | undefined;
  categoryText?: string | undefined;
  imageUrl?: string | undefined;
}

/** What an offer's own page adds. */
interface OfferPage {
  offerTerms: string[];
  generalTerms: string[];
  imageUrl?: string | undefined;
}

export const combankAdapter: SourceAdapter = {
  adapter: 'combank',
  title: 'Commercial Bank card offers',
  bankName: BANK,
  defaultUrl: 'https://www.combank.lk/rewards-promotions',

  async read({ url, fetcher }) {
    const pages = await readHtmlListing(fetcher, url, { source: `${BANK} listing`, container: '.offers-area' });
    const tiles: Tile[] = [];
    const failures: ItemFailure[] = [];
    for (const { url: pageUrl, $ } of pages) {
      $('.offers-area a.reward').each((_, element) => {
        const link = $(element);
        const rowLabel = textOf(link.closest('.offers-row').find('.sub-title').first().html());
        const read = readTile(link, rowLabel, pageUrl);
        if ('reason' in read) failures.push(read);
        else tiles.push(read);
      });
    }

    const offerPages = await readDetailPages(fetcher, uniqueKeys(tiles), (tile) => tile.url, readOfferPage);
    const items = offerPages.details.map(({ entry, detail }) => toSourceItem(entry, detail));
    return { items, failures: [...failures, ...offerPages.failures] };
  },
};

function readTile(link: Elements, rowLabel: string, pageUrl: string): Tile | ItemFailure {
  const title = textIn(link, '.reward-content h3');
  const url = absoluteUrl(link.attr('href'), pageUrl);
  if (!url) return { itemKey: title || pageUrl, title, reason: 'offer tile has no link to its offer page' };
  const itemKey = offerKey(url);
  if (!title) return { itemKey, reason: 'offer tile has no title (.reward-content h3)' };
  const merchantName = merchantFromTitle(title);
  if (!merchantName)
    return { itemKey, title, reason: 'no merchant name in the title (expected "… at <merchant> with ComBank …")' };

  const badge = textIn(link, '.offer-tag');
  return {
    itemKey,
    url,
    title,
    merchantName,
    // 'Best Offer' badges carry no rate; the offer page's terms then give it.
    rateText: /\d/.test(badge) ? badge : undefined,
    dateText: textIn(link, '.valid-date') || undefined,
    // 'ComBank Credit Cards', 'ComBank Premium Credit Cards' (a tier: its words are kept whole).
    cardsText: /\bComBank\b.*?\bcards?\b/i.exec(title)?.[0],
    categoryText: textIn(link, '.reward-content .category') || rowLabel || undefined,
    imageUrl: absoluteUrl(backgroundImage(link.find('.reward-image').attr('style')), pageUrl),
  };
}

/** The offer's path under /rewards-promotion/ ('supermarket/<slug>'): the bank's own id for it. */
function offerKey(url: string): string {
  return /\/rewards-promotion\/(.+?)\/?$/.exec(new URL(url).pathname)?.[1] ?? url;
}

/**
 * ComBank names the merchant only inside the headline: 'Enjoy the best supermarket deals at
 * <merchant> with ComBank Credit Cards', '… via <merchant> with …', '… with <merchant> using …'.
 * The last such phrase before 'ComBank' is taken.
 */
function merchantFromTitle(title: string): string | undefined {
  const match = /^.*\b(?:at|from|via|on|with)\s+(.+?)\s+(?:with|using|and|for)\s+(?:all\s+)?ComBank\b/i.exec(title);
  return match?.[1]?.trim() || undefined;
}

/** The URL in a style attribute's background-image: url('…'). */
function backgroundImage(style: string | undefined): string | undefined {
  return /background-image\s*:\s*url\(\s*(['"]?)(.*?)\1\s*\)/i.exec(style ?? '')?.[2];
}

/**
 * The offer page's editor content is headed paragraphs (<p><b><u>Offer terms and conditions</u></b></p>)
 * each followed by a list. The bank's boilerplate is the section headed just 'Terms and conditions';
 * everything else is about this offer.
 */
function readOfferPage(page: FetchedText): OfferPage {
  const $ = load(page.text);
  const container = $('.news-content-container');
  if (container.length === 0) throw structureError(`${BANK} offer page ${page.url}`, '.news-content-container');

  const offerTerms: string[] = [];
  const generalTerms: string[] = [];
  let section = offerTerms;
  container
    .find('.editor-content')
    .children()
    .each((_, child) => {
      const element = $(child);
      const text = textOf(element.html());
      const isHeading = element.is('p') && text !== '' && text === textOf(element.find('b, strong').first().html());
      if (isHeading) section = /^terms (?:and|&) conditions:?$/i.test(text) ? generalTerms : offerTerms;
      else section.push(...htmlLines($.html(child)));
    });

  return {
    offerTerms,
    generalTerms,
    imageUrl: absoluteUrl(container.find('.reward-image img').first().attr('src'), page.url),
  };
}

function toSourceItem(tile: Tile, page: OfferPage): SourceItem {
  return {
    itemKey: tile.itemKey,
    url: tile.url,
    title: tile.title,
    merchantName: tile.merchantName,
    description: htmlParagraphs(page.offerTerms),
    rateText: tile.rateText,
    dateText: tile.dateText,
    cardsText: tile.cardsText,
    categoryText: tile.categoryText,
    // The offer page's banner is the full-size picture; the tile's is a thumbnail.
    imageUrl: page.imageUrl ?? tile.imageUrl,
    promoCode: findPromoCode(page.offerTerms.join('\n')),
    termsText: page.generalTerms.join('\n') || undefined,
  };
}
