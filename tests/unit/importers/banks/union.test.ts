// Union Bank's adapter, replayed from captures built on MODELLED pages (no real payload of
// unionb.com exists: Imperva answers plain clients with a challenge). Each fixture's header says what
// it is modelled on: tests/fixtures/importers/banks/union/.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { unionAdapter } from '../../../../src/server/importers/adapters/banks/union.ts';
import { createReplayFetcher, parseHar } from '../../../../src/server/importers/fetch/har.ts';
import type { SourceItem } from '../../../../src/server/importers/types.ts';
import { type CapturedAnswer, harOf } from '../../../support/real-data.ts';

const FIXTURES = new URL('../../../fixtures/importers/banks/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
const PAGE_1 = 'https://www.unionb.com/credit-cards-offers/';
const PAGE_2 = 'https://www.unionb.com/credit-cards-offers/page/2/';
const NOW = new Date('2026-09-20T04:30:00.000Z');
const UPLOADS = 'https://www.unionb.com/wp-content/uploads';

const listing = { 1: fixture('union/listing-page-1.html'), 2: fixture('union/listing-page-2.html') };
const BOTH_PAGES: CapturedAnswer[] = [
  { url: PAGE_1, body: listing[1] },
  { url: PAGE_2, body: listing[2] },
];

async function read(answers: CapturedAnswer[]) {
  const fetcher = createReplayFetcher(parseHar(harOf(answers), 'union.har'), 'union.har');
  const result = await unionAdapter.read({ url: unionAdapter.defaultUrl!, fetcher, now: NOW });
  return { ...result, fetcher };
}

const offerPage = (slug: string) => `https://www.unionb.com/offer/${slug}/`;
const identity = (item: SourceItem) => ({
  itemKey: item.itemKey,
  title: item.title,
  merchantName: item.merchantName,
  url: item.url,
  imageUrl: item.imageUrl,
});
const cardsOn = (page: string) => page.match(/class="single-offer"/g)!.length;

describe('Union Bank adapter', () => {
  it('follows the pager to the last page and reads every card, as an offer or a failure with its reason', async () => {
    const { items, failures, fetcher } = await read(BOTH_PAGES);
    expect(items.length + failures.length).toBe(cardsOn(listing[1]) + cardsOn(listing[2]));
    expect(items).toHaveLength(6);
    expect(failures).toEqual([
      {
        itemKey: '32418',
        title: '15% off on total bill above Rs. 6,000',
        reason: 'offer card has no merchant name (.offer-content h3)',
      },
      {
        itemKey: 'Colombo Book Fair',
        title: '20% off on all books',
        reason: 'offer card has no link to its offer page',
      },
    ]);
    // Each page once; page 2 has no next link, so the reading stops there.
    expect([fetcher.requestsTo(PAGE_1), fetcher.requestsTo(PAGE_2)]).toEqual([1, 1]);
  });

  it('gives every offer its slug, offer line, merchant and absolute links', async () => {
    const { items } = await read(BOTH_PAGES);
    expect(items.map(identity)).toEqual([
      {
        itemKey: 'greenleaf-fridays',
        title: '25% off on fresh vegetables, fruits, seafood & meat',
        merchantName: 'GreenLeaf Supermarkets',
        url: offerPage('greenleaf-fridays'),
        imageUrl: `${UPLOADS}/2026/09/GreenLeaf-Logo-e1758012345678.png`,
      },
      {
        itemKey: 'spice-garden-restaurant',
        title: '30% off on dine-in food',
        merchantName: 'Spice Garden Restaurant',
        url: offerPage('spice-garden-restaurant'),
        imageUrl: `${UPLOADS}/2026/10/Spice-Garden-EDM.jpg`,
      },
      {
        itemKey: 'ub-easy-24',
        title: '0% Instalment Plans up to 24 months',
        merchantName: 'UB Easy 24',
        url: offerPage('ub-easy-24'),
        imageUrl: `${UPLOADS}/2026/08/24-EDM-Final-1.jpg`,
      },
      {
        itemKey: 'harbour-lights-hotel-galle',
        title: 'Up to 40% off on Half Board & Full Board stays',
        merchantName: 'Harbour Lights Hotel – Galle',
        url: offerPage('harbour-lights-hotel-galle'),
        imageUrl: `${UPLOADS}/2026/10/Harbour-Lights-Galle.jpg`,
      },
      // Page 2.
      {
        itemKey: 'sunny-bakes',
        title: 'Buy 1 Get 1 Free',
        merchantName: 'Sunny Bakes',
        url: offerPage('sunny-bakes'),
        imageUrl: `${UPLOADS}/2026/10/Sunny-Bakes-Logo.png`,
      },
      {
        itemKey: 'fuel-cashback',
        title: '5% cashback on fuel every Sunday & Monday',
        merchantName: 'Fuel Cashback',
        url: offerPage('fuel-cashback'),
        imageUrl: `${UPLOADS}/2026/09/Fuel-Cashback-EDM.jpg`,
      },
    ]);
  });

  it("passes the card texts on as written, the date line over the calendar link's padded dates", async () => {
    const { items } = await read(BOTH_PAGES);
    expect(items[0]).toEqual({
      itemKey: 'greenleaf-fridays',
      url: offerPage('greenleaf-fridays'),
      title: '25% off on fresh vegetables, fruits, seafood & meat',
      merchantName: 'GreenLeaf Supermarkets',
      rateText: '25% off on fresh vegetables, fruits, seafood & meat',
      dateText: 'Every Friday until 30th October 2026',
      imageUrl: `${UPLOADS}/2026/09/GreenLeaf-Logo-e1758012345678.png`,
    });
    expect(items.map((item) => [item.rateText, item.dateText])).toEqual([
      ['25% off on fresh vegetables, fruits, seafood & meat', 'Every Friday until 30th October 2026'],
      // The calendar link runs 6th to 24th: the card's line is kept.
      ['30% off on dine-in food', '7th – 22nd October 2026'],
      ['0% Instalment Plans up to 24 months', 'Valid till 31st December 2026'],
      // The card's date line is empty: the calendar link's text repeats it.
      ['Up to 40% off on Half Board & Full Board stays', 'Stays until 15th December 2026'],
      ['Buy 1 Get 1 Free', '5th, 12th, 19th & 26th October 2026'],
      ['5% cashback on fuel every Sunday & Monday', 'Valid till 30th November 2026'],
    ]);
  });

  it('returns no offers for a well-formed listing without cards', async () => {
    const empty = listing[1]
      .replace(/<div class="col-sm-6 col-md-3">[\s\S]*<\/div>\s*<\/div>\s*(?=<div class="pagination">)/, '</div>\n')
      .replace(/<a class="(?:next )?page-numbers"[^>]*>[^<]*<\/a>/g, '');
    expect(cardsOn(`${empty}class="single-offer"`)).toBe(1);
    expect(empty).toContain('class="row offer-wrap"');
    const { items, failures } = await read([{ url: PAGE_1, body: empty }]);
    expect({ items, failures }).toEqual({ items: [], failures: [] });
  });

  it("fails the run on Imperva's challenge page, never reading it as no offers", async () => {
    await expect(read([{ url: PAGE_1, body: fixture('union/imperva-challenge.html') }])).rejects.toThrow(
      // The fetcher knows Imperva's page (src/server/importers/fetch/firewall.ts).
      `GET ${PAGE_1} answered Imperva Incapsula's challenge or block page, not the page: the site's firewall turned the importer away`,
    );
  });

  it("fails the run on Imperva's challenge on a later page, rather than returning the first alone", async () => {
    await expect(
      read([
        { url: PAGE_1, body: listing[1] },
        { url: PAGE_2, body: fixture('union/imperva-challenge.html') },
      ]),
    ).rejects.toThrow(`GET ${PAGE_2} answered Imperva Incapsula's challenge or block page`);
  });

  it('fails the run on a 403, naming the firewall', async () => {
    await expect(read([{ url: PAGE_1, status: 403, body: fixture('union/imperva-challenge.html') }])).rejects.toThrow(
      `Union Bank listing: GET ${PAGE_1} answered 403 — unionb.com is behind Imperva, which refuses a client it takes for a bot: the offers were not read`,
    );
  });

  it('fails the run on an empty shell or a redesigned page', async () => {
    const shell =
      '<!DOCTYPE html><html><head><title>Union Bank</title><script src="/app.js"></script></head><body><div id="root"></div></body></html>';
    for (const body of [shell, fixture('redesigned.html')]) {
      await expect(read([{ url: PAGE_1, body }])).rejects.toThrow(
        'Union Bank listing: expected .offer-wrap not found — the page structure may have changed',
      );
    }
  });
});
