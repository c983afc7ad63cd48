// American Express in Sri Lanka (issued by Nations Trust Bank): americanexpress.lk lists its offers
// on one server-rendered page a category (/en/offers/dining-offers, /en/offers/supermarket-offers,
// …). Each offer is a block (a.alloffer-box-inner) with its banner, the saving (.value-limit), the
// merchant (.alloffer-heading), a place (.offer-location, mostly empty) and unclassed lines with the
// validity and conditions. Every category page is read, one at a time; the category is the item's
// category text. An offer listed under two categories is kept once, under the first.
//
// The cards are American Express cards of Nations Trust Bank: no block names them, so each item's
// cards text says so. The offer pages (…/supermarket-offers/<slug>) are not read: no public client
// shows their structure.
//
// The site is behind Imperva (Incapsula): a block page, the site's "Sorry, Something went wrong"
// page, a category page redirected elsewhere (non-browser clients have been sent to the home page),
// or no offer block on any category page, fails the run.
//
// Facts from:
// - chamirusenarath96/card-max · crawler/scrapers/amex.ts @ 109518d: the eleven category pages
//   (dining-offers, wellness-offers, supermarket-offers, lodging-offers, homecare-offers,
//   clothing-offers, online-offers, travel-offers, healthcare, installment-offers, special-offers),
//   .alloffer-box > a.alloffer-box-inner > .alloffer-text > .alloffer-heading, `.value-limit span`,
//   absolute offer links under https://www.americanexpress.lk/en/offers/; "Incapsula incident ID" and
//   "General Error … Sorry, Something went wrong" pages; its crawler/scrapers/amex.test.ts @ 17a8f5b
//   (a block's markup, with .offer-location and a plain <div>Valid till …</div>); 271 offers over the 11.
// - Cookie-Cat21/sl-card-offers-hub · scripts/html_sources.py @ f705425: a.alloffer-box-inner with an
//   image and a value-limit badge, then the heading, a (usually empty) location and a final unclassed
//   <div> with the validity; the old /en-lk/benefits/… paths are dead. Its data/offers.json @ 0759e25:
//   banners at /images/specialOffers/<category>/<file>, links such as
//   /en/offers/supermarket-offers/keells-20, savings written '25% Savings'.
// - ArdenoStudio/lankawa · docs/NTB_SC_HSBC_OFFERS_RESEARCH.md @ e1a62e9: NTB is the issuer; the
//   eligible cards are "Nations Trust Bank American Express Credit Card"; Imperva; bare clients
//   sometimes get a 302 to the home page or a 403.
import { load, type CheerioAPI } from 'cheerio';
import type { FetchedText, ItemFailure, PoliteFetcher, SourceAdapter, SourceItem } from '../../types.ts';
import { absoluteUrl, type Elements, htmlLines, htmlParagraphs, structureError, textIn, uniqueKeys } from './shared.ts';

const BANK = 'Nations Trust Bank';
const SOURCE = 'American Express (Nations Trust Bank) offers';
const CARDS = 'Nations Trust Bank American Express Credit Cards';

/** The category pages under /en/offers/, with the category's name. */
export const AMEX_CATEGORIES: ReadonlyArray<readonly [slug: string, name: string]> = [
  ['dining-offers', 'Dining'],
  ['wellness-offers', 'Wellness'],
  ['supermarket-offers', 'Supermarket'],
  ['lodging-offers', 'Lodging'],
  ['homecare-offers', 'Homecare'],
  ['clothing-offers', 'Clothing'],
  ['online-offers', 'Online'],
  ['travel-offers', 'Travel'],
  ['healthcare', 'Healthcare'],
  ['installment-offers', 'Installment plans'],
  ['special-offers', 'Special offers'],
];

const BLOCK = '.alloffer-box-inner';
const BLOCK_PAGE = /Incapsula incident ID|Request unsuccessful/i;
const ERROR_PAGE = /Sorry, Something went wrong/i;

export const amexAdapter: SourceAdapter = {
  adapter: 'amex',
  title: 'American Express (Nations Trust Bank) offers',
  bankName: BANK,
  defaultUrl: 'https://www.americanexpress.lk/en/offers',

  async read({ url, fetcher }) {
    const items: SourceItem[] = [];
    const failures: ItemFailure[] = [];
    let blocks = 0;
    for (const [slug, category] of AMEX_CATEGORIES) {
      const { $, pageUrl } = await readCategoryPage(fetcher, `${url.replace(/\/+$/, '')}/${slug}`);
      $(BLOCK).each((_, element) => {
        blocks++;
        const read = readBlock($(element), category, $, pageUrl);
        if ('reason' in read) failures.push(read);
        else items.push(read);
      });
    }
    // A category may be empty for a while; every one at once is a redesign.
    if (blocks === 0)
      throw structureError(SOURCE, `${BLOCK} offer blocks on any of the ${AMEX_CATEGORIES.length} category pages`);
    return { items: uniqueKeys(items), failures };
  },
};

/** A category page, checked to be one, with the URL it came from (for resolving its links). */
async function readCategoryPage(fetcher: PoliteFetcher, pageUrl: string): Promise<{ $: CheerioAPI; pageUrl: string }> {
  const page: FetchedText = await fetcher.text(pageUrl);
  if (BLOCK_PAGE.test(page.text))
    throw new Error(`${SOURCE}: ${pageUrl} answered the firewall's block page (Imperva / Incapsula)`);
  if (ERROR_PAGE.test(page.text))
    throw new Error(`${SOURCE}: ${pageUrl} answered the site's error page ("Sorry, Something went wrong")`);
  const path = (address: string) => new URL(address).pathname.replace(/\/+$/, '');
  if (path(page.url) !== path(pageUrl)) {
    throw new Error(`${SOURCE}: ${pageUrl} was redirected to ${page.url} (a bot challenge, or a category that moved)`);
  }
  return { $: load(page.text), pageUrl: page.url };
}

function readBlock(block: Elements, category: string, $: CheerioAPI, pageUrl: string): SourceItem | ItemFailure {
  const merchantName = textIn(block, '.alloffer-heading');
  const href = block.is('a') ? block.attr('href') : block.find('a[href]').first().attr('href');
  const url = absoluteUrl(href, pageUrl);
  if (!url)
    return {
      itemKey: `${category}: ${merchantName || 'an offer block'}`,
      title: merchantName,
      reason: 'offer block has no link to its offer page',
    };
  const itemKey = /\/offers\/(.+?)\/?$/.exec(new URL(url).pathname)?.[1] ?? url;
  if (!merchantName) return { itemKey, reason: 'offer block has no heading (.alloffer-heading)' };

  const text = block.find('.alloffer-text').first();
  const place = textIn(block, '.offer-location');
  // The plain lines after the heading: the validity, then any conditions.
  const lines = text
    .children('div:not([class])')
    .toArray()
    .flatMap((line) => htmlLines($.html(line)));
  const rate = textIn(block, '.value-limit');
  return {
    itemKey,
    url,
    title: merchantName,
    merchantName,
    description: htmlParagraphs(lines),
    rateText: rate || undefined,
    dateText: lines.find((line) => /\bvalid\b/i.test(line)) ?? lines[0],
    cardsText: CARDS,
    categoryText: category,
    imageUrl: absoluteUrl(block.find('img').first().attr('src'), pageUrl),
    locations: place ? [place] : undefined,
  };
}
