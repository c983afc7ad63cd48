// NDB Bank: one server-rendered Bootstrap page lists every card offer as a card
// (<a href="/cards/card-offers/offer-details/<id>"><div class="card offer-card">). The card has
// what the offer needs: the headline (which is the rate), the merchant, the eligible cards and the
// period. The offer pages add mostly a PDF of terms, so they are not read.
import type { ItemFailure, SourceAdapter, SourceItem } from '../../types.ts';
import { absoluteUrl, type Elements, readHtmlListing, textIn, uniqueKeys } from './shared.ts';

const BANK = 'NDB Bank';

export const ndbAdapter: SourceAdapter = {
  adapter: 'ndb',
  title: 'NDB Bank card offers',
  bankName: BANK,
  defaultUrl: 'https://www.ndbbank.com/cards/card-offers',

  async read({ url, fetcher }) {
    // The grid's id is a guess (the public scrapers this is modelled on show only the cards): check it on the live page.
    const pages = await readHtmlListing(fetcher, url, { source: `${BANK} listing`, container: '#offer-list' });
    const items: SourceItem[] = [];
    const failures: ItemFailure[] = [];
    for (const { url: pageUrl, $ } of pages) {
      $('#offer-list .offer-card').each((_, card) => {
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
  const url = absoluteUrl(card.closest('a').attr('href'), pageUrl);
  if (!url) return { itemKey: title || pageUrl, title, reason: 'offer card has no link to its offer page' };
  // The offer page's number ('/offer-details/345') is the bank's id for the offer.
  const itemKey = /\/offer-details\/(\d+)/.exec(new URL(url).pathname)?.[1] ?? url;
  if (!title) return { itemKey, reason: 'offer card has no title (h5.card-title)' };
  // The merchant is the body's second 'card-title', a <p> under the headline.
  const merchantName = textIn(card, '.card-body p.card-title');
  if (!merchantName) return { itemKey, title, reason: 'offer card has no merchant name (p.card-title)' };

  return {
    itemKey,
    url,
    title,
    merchantName,
    // NDB's headline is the rate as written: '22% Savings on Reservations'.
    rateText: title,
    dateText: textIn(card, '.offer-date') || undefined,
    cardsText: textIn(card, '.card-body p.text-muted') || undefined,
    // The first image is the banner; the second, placed over it, is the merchant's logo.
    imageUrl: absoluteUrl(card.find('img.card-img-top:not(.offercompanylogo)').first().attr('src'), pageUrl),
  };
}
