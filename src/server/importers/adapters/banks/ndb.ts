// NDB Bank: one server-rendered Bootstrap page lists every card offer as a card: an
// <a href="/cards/card-offers/offer-details/<id>"> holding a <div class="card offer-card">. The
// card has what the offer needs: the headline (which is the rate), the merchant, the eligible
// cards and the period. The offer pages add mostly a PDF of terms, so they are not read.
//
// Where the facts come from (the bank's live page was never reached from here):
// - The card markup: the real listing saved by anjulalk/cardstock · sources/ndb/fixtures/list.html
//   @ fb1ec2b8 (2026-09-19, four cards): `a[href^="/cards/card-offers/offer-details/"] >
//   div.card.offer-card`, `img.card-img-top` (banner) beside `img.card-img-top.offercompanylogo`,
//   `h5.card-title`, `.card-body p.card-title` (merchant), `p.text-muted` (cards), `p.offer-date`;
//   the merchant's phone number sits loose in the card body between the <p>s. The same selectors:
//   DFanso/lk-card-offers · scripts/scrape-ndb.ts @ 16b85de0, anjulalk/cardstock ·
//   packages/worker/src/adapters/ndb.ts @ fb1ec2b8.
// - No peer names a container for the grid (the modelled '#offer-list' is in no real page), so
//   none is required: a listing page must hold at least one offer card instead, or the read
//   throws. NDB always lists dozens of offers; a page without one is a redesign or a block page,
//   never 'no offers'.
// - One page or the category pages: cardstock reads the one page /cards/card-offers (its code
//   says "NDB lists all of its offers on one page, 101 of them"; its runs of 2026-09-19 found 97,
//   guarded by minItems 60: cardstock · sources/ndb.json @ 2faf1784), and so does
//   matheeshaYapa/card-offer-aggregator · scrapers/src/scrapers/ndb_scraper.py @ a2590403 ("All
//   ~80 offers appear on a single listing page with no pagination"). DFanso walks 8 category
//   pages (/cards/card-offers/<category>), which name the category but miss any offer in a
//   category not on its list, and ask eight times. The one page is read here: one request, every
//   offer; a rel="next" link is still followed should NDB ever page it.
import type { ItemFailure, SourceAdapter, SourceItem } from '../../types.ts';
import { absoluteUrl, type Elements, readHtmlListing, textIn, uniqueKeys } from './shared.ts';

const BANK = 'NDB Bank';

/** An offer card; its link to the offer page is the <a> around it. */
const CARD = '.card.offer-card';
const OFFER_LINK = 'a[href*="/cards/card-offers/offer-details/"]';

export const ndbAdapter: SourceAdapter = {
  adapter: 'ndb',
  title: 'NDB Bank card offers',
  bankName: BANK,
  defaultUrl: 'https://www.ndbbank.com/cards/card-offers',

  async read({ url, fetcher }) {
    const pages = await readHtmlListing(fetcher, url, { source: `${BANK} listing`, container: CARD });
    const items: SourceItem[] = [];
    const failures: ItemFailure[] = [];
    for (const { url: pageUrl, $ } of pages) {
      $(CARD).each((_, card) => {
        const read = readCard($(card), pageUrl);
        if ('reason' in read) failures.push(read);
        else items.push(read);
      });
    }
    return { items: uniqueKeys(items), failures };
  },
};

function readCard(card: Elements, pageUrl: string): SourceItem | ItemFailure {
  const title = textIn(card, 'h5.card-title');
  // The <a> wraps the card; a card whose link sits inside it (a 'View details' button) is read too.
  const href = card.closest(OFFER_LINK).attr('href') ?? card.find(OFFER_LINK).first().attr('href');
  const url = absoluteUrl(href, pageUrl);
  if (!url)
    return { itemKey: title || pageUrl, title, reason: `offer card has no link to its offer page (${OFFER_LINK})` };
  // The offer page's number ('/offer-details/345') is the bank's id for the offer.
  const itemKey = /\/offer-details\/(\d+)/.exec(new URL(url).pathname)?.[1] ?? url;
  if (!title) return { itemKey, reason: 'offer card has no title (h5.card-title)' };
  // The merchant is the body's second 'card-title', a <p> under the headline. Only the card's own
  // elements are read: the phone number written loose between them stays out of every field.
  const merchantName = textIn(card, '.card-body p.card-title');
  if (!merchantName) return { itemKey, title, reason: 'offer card has no merchant name (p.card-title)' };

  return {
    itemKey,
    url,
    title,
    merchantName,
    // NDB's headline is the rate as written: '22% Savings on Reservations'.
    rateText: title,
    // 'Until 31st March 2026', 'Booking Period - Until 31st December 2026' (after a calendar icon).
    dateText: textIn(card, '.offer-date') || undefined,
    // 'Credit Cards', 'Credit & Debit Cards', 'Visa Infinite Cards'.
    cardsText: textIn(card, '.card-body p.text-muted') || undefined,
    // The first image is the banner; the second, placed over it, is the merchant's logo.
    imageUrl: absoluteUrl(card.find('img.card-img-top:not(.offercompanylogo)').first().attr('src'), pageUrl),
  };
}
