// The four bank adapters against fixture pages modelled on each bank's public offers page
// (tests/fixtures/importers/banks/: each file's header says what it was modelled on).
import { readFileSync } from 'node:fs';
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { BANK_ADAPTERS } from '../../../src/server/importers/adapters/banks/index.ts';
import { combankAdapter } from '../../../src/server/importers/adapters/banks/combank.ts';
import { hnbAdapter } from '../../../src/server/importers/adapters/banks/hnb.ts';
import { ndbAdapter } from '../../../src/server/importers/adapters/banks/ndb.ts';
import { seylanAdapter } from '../../../src/server/importers/adapters/banks/seylan.ts';
import {
  absoluteUrl,
  findPromoCode,
  htmlLines,
  readPages,
} from '../../../src/server/importers/adapters/banks/shared.ts';
import type { PoliteFetcher, SourceAdapter, SourceItem } from '../../../src/server/importers/types.ts';
import { BANKS } from '../../../src/server/seed/data.ts';

const FIXTURES = new URL('../../fixtures/importers/banks/', import.meta.url);
const NOW = new Date('2026-05-20T04:30:00.000Z');
const REDESIGNED = 'redesigned.html';

/**
 * A PoliteFetcher that answers from fixture files by URL and throws for any other URL. Adapters
 * turn a failed offer-page fetch into an item failure, so the tests also compare the exact list
 * of URLs fetched: an unexpected fetch fails them either way.
 */
function fixtureFetcher(routes: Record<string, string>) {
  const requested: string[] = [];
  const fetcher: PoliteFetcher = {
    async text(url) {
      requested.push(url);
      const file = routes[url];
      if (!file) throw new Error(`unexpected fetch: ${url}`);
      const contentType = file.endsWith('.json') ? 'application/json' : 'text/html; charset=UTF-8';
      return { url, status: 200, contentType, text: readFileSync(new URL(file, FIXTURES), 'utf8') };
    },
    async bytes(url) {
      throw new Error(`unexpected fetch of bytes: ${url}`);
    },
    async stream(url) {
      throw new Error(`unexpected fetch of a stream: ${url}`);
    },
  };
  return { fetcher, requested };
}

/** Reads with the fixture fetcher; bodies, when given, answer their URLs instead of the fixtures. */
function read(
  adapter: SourceAdapter,
  routes: Record<string, string>,
  url = adapter.defaultUrl!,
  bodies: Record<string, string> = {},
) {
  const { fetcher, requested } = fixtureFetcher(routes);
  const fromFixtures = fetcher.text;
  fetcher.text = (pageUrl, options) => {
    const body = bodies[pageUrl];
    if (body === undefined) return fromFixtures(pageUrl, options);
    requested.push(pageUrl);
    return Promise.resolve({ url: pageUrl, status: 200, contentType: 'text/html', text: body });
  };
  return adapter.read({ url, fetcher, now: NOW }).then((result) => ({ ...result, requested }));
}

/** The HTML a description is passed on as: one paragraph a line (lines written here already escaped). */
const paragraphs = (...lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('');

/** What every item must have right: its identity, names and absolute links. */
function identity(item: SourceItem) {
  return {
    itemKey: item.itemKey,
    title: item.title,
    merchantName: item.merchantName,
    url: item.url,
    imageUrl: item.imageUrl,
  };
}

// ---- Commercial Bank ---------------------------------------------------------------------------

const COMBANK_OFFER = 'https://www.combank.lk/rewards-promotion';
const COMBANK_PAGES = {
  lotus: `${COMBANK_OFFER}/food-restaurants/enjoy-the-art-of-dining-at-lotus-leaf-restaurant-with-combank-credit-cards`,
  spice: `${COMBANK_OFFER}/food-restaurants/savour-sri-lankan-flavours-at-spice-route-cafe`,
  green: `${COMBANK_OFFER}/supermarket/enjoy-the-best-supermarket-deals-at-green-basket-supermarket-with-combank-credit-cards`,
  click: `${COMBANK_OFFER}/online-shopping/unlock-great-deals-on-online-purchases-via-clickmart-lk`,
  pearl: `${COMBANK_OFFER}/travel/relax-at-pearl-bay-resort-with-combank-credit-cards`,
  harbour: `${COMBANK_OFFER}/premium-card-offers/dine-at-harbour-breeze-hotel-with-combank-platinum-credit-cards`,
};
const COMBANK_ROUTES: Record<string, string> = {
  'https://www.combank.lk/rewards-promotions': 'combank/listing.html',
  [COMBANK_PAGES.lotus]: 'combank/detail-lotus-leaf-restaurant.html',
  [COMBANK_PAGES.spice]: 'combank/detail-spice-route-cafe.html',
  [COMBANK_PAGES.green]: 'combank/detail-green-basket-supermarket.html',
  [COMBANK_PAGES.click]: 'combank/detail-clickmart-lk.html',
  [COMBANK_PAGES.pearl]: 'combank/detail-pearl-bay-resort.html',
  [COMBANK_PAGES.harbour]: 'combank/detail-harbour-breeze-hotel.html',
};
const COMBANK_DETAIL_IMAGES = 'https://www.combank.lk/photos/shares/Offers/Detail%20Images/2026';
const COMBANK_GENERAL_TERMS = [
  'The promotion is open to all Credit Cards issued by Commercial Bank of Ceylon PLC unless stated otherwise.',
  'The Bank accepts no liability for the quality of goods and services provided by the merchant.',
  'Commercial Bank reserves the right to change these terms and conditions at any time without prior notice.',
];

describe('Commercial Bank adapter', () => {
  it('reads each tile on the listing and each offer page once', async () => {
    const { items, failures, requested } = await read(combankAdapter, COMBANK_ROUTES);
    expect(items).toHaveLength(7);
    expect(requested).toEqual(['https://www.combank.lk/rewards-promotions', ...Object.values(COMBANK_PAGES)]);
    expect(failures).toEqual([
      {
        itemKey: 'fashion-jewellery/festive-fashion-savings-with-combank-credit-cards',
        title: 'Festive fashion savings with ComBank Credit Cards',
        reason: 'no merchant name in the title (expected "… at <merchant> with ComBank …")',
      },
      { itemKey: 'other-offers/year-end-cashback', reason: 'offer tile has no title (.reward-content h3)' },
    ]);
  });

  it('gives every item its key, title, merchant and absolute links', async () => {
    const { items } = await read(combankAdapter, COMBANK_ROUTES);
    expect(items.map(identity)).toEqual([
      {
        itemKey: 'food-restaurants/enjoy-the-art-of-dining-at-lotus-leaf-restaurant-with-combank-credit-cards',
        title: 'Enjoy the art of dining at Lotus Leaf Restaurant with ComBank Credit Cards',
        merchantName: 'Lotus Leaf Restaurant',
        url: COMBANK_PAGES.lotus,
        imageUrl: `${COMBANK_DETAIL_IMAGES}/May/lotus-leaf-restaurant.jpg`,
      },
      {
        // The tile links by a relative path.
        itemKey: 'food-restaurants/savour-sri-lankan-flavours-at-spice-route-cafe',
        title: 'Savour Sri Lankan flavours at Spice Route Cafe with ComBank Credit and Debit Cards',
        merchantName: 'Spice Route Cafe',
        url: COMBANK_PAGES.spice,
        imageUrl: `${COMBANK_DETAIL_IMAGES}/June/spice-route-cafe.jpg`,
      },
      {
        itemKey: 'supermarket/enjoy-the-best-supermarket-deals-at-green-basket-supermarket-with-combank-credit-cards',
        title: 'Enjoy the best supermarket deals at Green Basket Supermarket with ComBank Credit Cards',
        merchantName: 'Green Basket Supermarket',
        url: COMBANK_PAGES.green,
        imageUrl: `${COMBANK_DETAIL_IMAGES}/May/green-basket.jpg`,
      },
      {
        // Its offer page has no banner, so the tile's thumbnail stands in.
        itemKey: 'online-shopping/unlock-great-deals-on-online-purchases-via-clickmart-lk',
        title: 'Unlock great deals on online purchases via ClickMart.lk with ComBank Credit Cards',
        merchantName: 'ClickMart.lk',
        url: COMBANK_PAGES.click,
        imageUrl: 'https://www.combank.lk/photos/shares/Offers/Thumb%20Images/2026/May/clickmart.jpg',
      },
      {
        itemKey: 'travel/relax-at-pearl-bay-resort-with-combank-credit-cards',
        title: 'Relax at Pearl Bay Resort with ComBank Credit Cards',
        merchantName: 'Pearl Bay Resort',
        url: COMBANK_PAGES.pearl,
        imageUrl: `${COMBANK_DETAIL_IMAGES}/April/pearl-bay-resort.jpg`,
      },
      {
        // A second, different tile behind the same link.
        itemKey: 'travel/relax-at-pearl-bay-resort-with-combank-credit-cards#2',
        title: 'Relax at Pearl Bay Resort with ComBank Credit Cards',
        merchantName: 'Pearl Bay Resort',
        url: COMBANK_PAGES.pearl,
        imageUrl: `${COMBANK_DETAIL_IMAGES}/April/pearl-bay-resort.jpg`,
      },
      {
        itemKey: 'premium-card-offers/dine-at-harbour-breeze-hotel-with-combank-platinum-credit-cards',
        title: 'Dine at Harbour Breeze Hotel with ComBank Platinum Credit Cards',
        merchantName: 'Harbour Breeze Hotel',
        url: COMBANK_PAGES.harbour,
        imageUrl: `${COMBANK_DETAIL_IMAGES}/May/harbour-breeze.jpg`,
      },
    ]);
  });

  it('passes the tile and offer-page texts on as written', async () => {
    const { items } = await read(combankAdapter, COMBANK_ROUTES);
    expect(items[0]).toEqual({
      itemKey: 'food-restaurants/enjoy-the-art-of-dining-at-lotus-leaf-restaurant-with-combank-credit-cards',
      url: COMBANK_PAGES.lotus,
      title: 'Enjoy the art of dining at Lotus Leaf Restaurant with ComBank Credit Cards',
      merchantName: 'Lotus Leaf Restaurant',
      description: paragraphs(
        'Offer – 20% off on the total bill with ComBank Credit Cards',
        'Offer valid on every Friday &amp; Saturday till 31st May 2026',
        'Minimum bill value Rs. 5,000',
        'Maximum discount Rs. 2,500 per card per day',
        'Prior reservations are required – 011 2 555 123',
      ),
      rateText: 'Up to 20% Off',
      dateText: 'Offer valid on every Friday & Saturday till 31st May 2026',
      cardsText: 'ComBank Credit Cards',
      // The seasonal row repeats this tile; the tile's own category label wins over the row's.
      categoryText: 'Food & Restaurants',
      imageUrl: `${COMBANK_DETAIL_IMAGES}/May/lotus-leaf-restaurant.jpg`,
      termsText: COMBANK_GENERAL_TERMS.join('\n'),
    });
    expect(items[3]).toEqual({
      itemKey: 'online-shopping/unlock-great-deals-on-online-purchases-via-clickmart-lk',
      url: COMBANK_PAGES.click,
      title: 'Unlock great deals on online purchases via ClickMart.lk with ComBank Credit Cards',
      merchantName: 'ClickMart.lk',
      description: paragraphs(
        '10% off on online purchases at www.clickmart.lk',
        'Promo code – CBCLICK10',
        'Maximum discount Rs. 3,000 per transaction',
        'Offer valid till 30th June 2026',
      ),
      rateText: '10% Off',
      dateText: 'Offer valid till 30th June 2026',
      cardsText: 'ComBank Credit Cards',
      categoryText: 'Online Shopping',
      imageUrl: 'https://www.combank.lk/photos/shares/Offers/Thumb%20Images/2026/May/clickmart.jpg',
      promoCode: 'CBCLICK10',
    });
  });

  it('keeps the phrasings of the other tiles as written', async () => {
    const { items } = await read(combankAdapter, COMBANK_ROUTES);
    expect(items.map((item) => [item.rateText, item.dateText, item.cardsText])).toEqual([
      ['Up to 20% Off', 'Offer valid on every Friday & Saturday till 31st May 2026', 'ComBank Credit Cards'],
      ['15% Off', 'Offer valid from 1st-15th June', 'ComBank Credit and Debit Cards'],
      ['Up to 25% Off', 'Offer valid on every Saturday till 27th June 2026', 'ComBank Credit Cards'],
      ['10% Off', 'Offer valid till 30th June 2026', 'ComBank Credit Cards'],
      ['Up to 30% Off', 'Offer valid till 31st December 2026', 'ComBank Credit Cards'],
      // A 'Best Offer' badge is no rate.
      [undefined, 'Stay period till 31st October 2026', 'ComBank Credit Cards'],
      ['20% Off', 'Offer valid till 31st July 2026', 'ComBank Platinum Credit Cards'],
    ]);
  });

  it('reports an offer whose page cannot be fetched, and reads the rest', async () => {
    const { [COMBANK_PAGES.green]: _missing, ...routes } = COMBANK_ROUTES;
    const { items, failures } = await read(combankAdapter, routes);
    expect(items).toHaveLength(6);
    expect(items.map((item) => item.url)).not.toContain(COMBANK_PAGES.green);
    expect(failures.at(-1)).toEqual({
      itemKey: 'supermarket/enjoy-the-best-supermarket-deals-at-green-basket-supermarket-with-combank-credit-cards',
      title: 'Enjoy the best supermarket deals at Green Basket Supermarket with ComBank Credit Cards',
      reason: `offer page ${COMBANK_PAGES.green} could not be fetched: unexpected fetch: ${COMBANK_PAGES.green}`,
    });
  });

  it('fails the run when an offer page is not in the expected structure', async () => {
    await expect(read(combankAdapter, { ...COMBANK_ROUTES, [COMBANK_PAGES.lotus]: REDESIGNED })).rejects.toThrow(
      `Commercial Bank offer page ${COMBANK_PAGES.lotus}: expected .news-content-container not found — the page structure may have changed`,
    );
  });
});

// ---- HNB ---------------------------------------------------------------------------------------

const HNB_API = 'https://venus.hnb.lk/api';
// Five promotions a page, so that the credit listing runs over two pages; the debit listing is read after it.
const HNB_LISTING = `${HNB_API}/get_all_web_card_promos?page=1&limit=5&cardType=credit`;
const HNB_PAGE_2 = `${HNB_API}/get_all_web_card_promos?page=2&limit=5&cardType=credit`;
const HNB_DEBIT = `${HNB_API}/get_all_web_card_promos?page=1&limit=5&cardType=debit`;
// 4140 is on both listings (read once); 4145 on the debit listing alone.
const HNB_IDS = ['4101', '4107', '4112', '4120', '4126', '4131', '4135', '4140', '4145'];
const HNB_ROUTES: Record<string, string> = {
  [HNB_LISTING]: 'hnb/listing-page-1.json',
  [HNB_PAGE_2]: 'hnb/listing-page-2.json',
  [HNB_DEBIT]: 'hnb/listing-debit.json',
  ...Object.fromEntries(HNB_IDS.map((id) => [`${HNB_API}/get_web_card_promo?id=${id}`, `hnb/promo-${id}.json`])),
};
// Thumbnails resolve under HNB's image host, as the bank's page builds them (not against the API's host).
const HNB_IMAGES = 'https://assets.hnb.lk/atdi/uploads/promotions/2026';
const HNB_GENERAL_TERMS = [
  'The offer cannot be combined with any other promotion or discount.',
  'HNB accepts no liability for the quality of goods and services provided by the merchant.',
  'HNB reserves the right to amend these terms and conditions without prior notice.',
].join('\n');
const hnbPage = (id: string) => `https://www.hnb.lk/card-promotion/search/${id}`;

describe('HNB adapter', () => {
  it('follows the credit and the debit listings to their last pages and reads each promotion once', async () => {
    const { items, failures, requested } = await read(hnbAdapter, HNB_ROUTES, HNB_LISTING);
    expect(items).toHaveLength(9);
    expect(requested).toEqual([
      HNB_LISTING,
      HNB_PAGE_2,
      HNB_DEBIT,
      ...HNB_IDS.map((id) => `${HNB_API}/get_web_card_promo?id=${id}`),
    ]);
    expect(failures).toEqual([
      { itemKey: '4115', title: 'Up to 50% off at the Colombo Food Festival', reason: 'promotion has no merchant' },
    ]);
  });

  it('gives every item its key, title, merchant and absolute links', async () => {
    const { items } = await read(hnbAdapter, HNB_ROUTES, HNB_LISTING);
    expect(items.map(identity)).toEqual([
      {
        itemKey: '4101',
        title: '20% savings at Saffron Terrace',
        merchantName: 'Saffron Terrace',
        url: hnbPage('4101'),
        imageUrl: `${HNB_IMAGES}/05/saffron-terrace.jpg`,
      },
      {
        // A full thumbnail URL on the listing, and none on the promotion.
        itemKey: '4107',
        title: 'Up to 30% off on room rates at Misty Peak Hotel',
        merchantName: 'Misty Peak Hotel - Nuwara Eliya',
        url: hnbPage('4107'),
        imageUrl: 'https://assets.hnb.lk/atdi/promotions/misty-peak-hotel.jpg',
      },
      {
        itemKey: '4112',
        title: '10% off online at GadgetBay.lk',
        merchantName: 'GadgetBay.lk',
        url: hnbPage('4112'),
        imageUrl: `${HNB_IMAGES}/05/gadgetbay.jpg`,
      },
      {
        itemKey: '4120',
        title: 'Up to 12 months 0% installments at Sunrise Electronics',
        merchantName: 'Sunrise Electronics',
        url: hnbPage('4120'),
        imageUrl: `${HNB_IMAGES}/04/sunrise-electronics.jpg`,
      },
      {
        itemKey: '4126',
        title: '15% off at Leafy Greens Supermarket',
        merchantName: 'Leafy Greens Supermarket',
        url: hnbPage('4126'),
        imageUrl: `${HNB_IMAGES}/06/leafy-greens.jpg`,
      },
      {
        itemKey: '4131',
        title: '25% off at Zen Wellness Spa',
        merchantName: 'Zen Wellness Spa',
        url: hnbPage('4131'),
        imageUrl: `${HNB_IMAGES}/05/zen-wellness-spa.jpg`,
      },
      {
        itemKey: '4135',
        title: '20% off on school books at Page Turner Books',
        merchantName: 'Page Turner Books',
        url: hnbPage('4135'),
        imageUrl: `${HNB_IMAGES}/05/page-turner-books.jpg`,
      },
      {
        itemKey: '4140',
        title: 'Up to 20% off at FreshWay Supermarket',
        merchantName: 'FreshWay Supermarket',
        url: hnbPage('4140'),
        imageUrl: `${HNB_IMAGES}/05/freshway.jpg`,
      },
      {
        // A path with a space after its '/' and a comma, appended to the host as the bank's page does.
        itemKey: '4145',
        title: 'Special rates on room stays at Lagoon Edge Cabanas',
        merchantName: 'Lagoon Edge Cabanas, Negombo',
        url: hnbPage('4145'),
        imageUrl: 'https://assets.hnb.lk/atdi/merchants/%20Lagoon%20Edge%20Cabanas,%20Negombo/LagoonEdge.jpg',
      },
    ]);
  });

  it('passes the labelled lines on as written, with the API’s own dates', async () => {
    const { items } = await read(hnbAdapter, HNB_ROUTES, HNB_LISTING);
    expect(items[0]).toEqual({
      itemKey: '4101',
      url: hnbPage('4101'),
      title: '20% savings at Saffron Terrace',
      merchantName: 'Saffron Terrace',
      description: paragraphs(
        'Merchant: Saffron Terrace',
        'Offer: 20% savings on the total bill',
        'Period: Valid from 07th May - 30th June 2026 (Every Friday &amp; Saturday)',
        'Eligibility: All HNB Credit Cards',
        'Location: No. 18, Park Street, Colombo 02',
        'Contact No: 011 2 334 455',
        'Special Terms and Conditions:',
        'Minimum bill value Rs. 5,000',
        'Maximum discount Rs. 2,500 per card per bill',
        'Prior reservation is recommended',
      ),
      rateText: '20% savings on the total bill',
      dateText: 'Valid from 07th May - 30th June 2026 (Every Friday & Saturday)',
      validFrom: '2026-05-07',
      validThrough: '2026-06-30',
      cardsText: 'All HNB Credit Cards',
      imageUrl: `${HNB_IMAGES}/05/saffron-terrace.jpg`,
      locations: ['No. 18, Park Street, Colombo 02'],
      termsText: HNB_GENERAL_TERMS,
    });
    expect(items[2]).toEqual({
      itemKey: '4112',
      url: hnbPage('4112'),
      title: '10% off online at GadgetBay.lk',
      merchantName: 'GadgetBay.lk',
      description: paragraphs(
        'Merchant: GadgetBay.lk',
        'Offer: 10% off on online purchases',
        'Period: till 30.06.2026',
        'Eligibility: HNB Credit Cards',
        'Promo Code: HNBGB10',
        'Website: www.gadgetbay.lk',
        'Special Terms and Conditions:',
        'Maximum discount Rs. 3,000 per transaction',
      ),
      rateText: '10% off on online purchases',
      dateText: 'till 30.06.2026',
      // 'Valid Until': the bank shows no start, and its `from` is none (see hnb.ts).
      validThrough: '2026-06-30',
      cardsText: 'HNB Credit Cards',
      imageUrl: `${HNB_IMAGES}/05/gadgetbay.jpg`,
      promoCode: 'HNBGB10',
      termsText: HNB_GENERAL_TERMS,
    });
    expect(items.map((item) => [item.dateText, item.cardsText])).toEqual([
      ['Valid from 07th May - 30th June 2026 (Every Friday & Saturday)', 'All HNB Credit Cards'],
      ['Until 31st May 2026', 'HNB Visa & Mastercard Credit Cards'],
      ['till 30.06.2026', 'HNB Credit Cards'],
      ['Until 31st December 2026', 'HNB Platinum Credit Cards'],
      ['1st-15th June', 'All HNB Credit Cards'],
      ['Every Friday & Saturday till 31st July 2026', 'HNB Visa Signature & Infinite Credit Cards'],
      ['Valid from 07th May - 30th June 2026', 'All HNB Credit Cards'],
      // No Eligibility line: the card types of the listings it is on (its row says 'Credit/Debit').
      ['Every Wednesday until 30th June 2026', 'HNB Credit and Debit Cards'],
      ['Booking period: 1st June to 15th July 2026\nStaying Period: Till 31st July 2026', 'HNB Debit Cards'],
    ]);
    expect(items.map((item) => [item.itemKey, item.validFrom, item.validThrough])).toEqual([
      // 'Valid from 07th May - …' shows a start without an ISO date: the body's `from` is it.
      ['4101', '2026-05-07', '2026-06-30'],
      ['4107', undefined, '2026-05-31'],
      ['4112', undefined, '2026-06-30'],
      ['4120', undefined, '2026-12-31'],
      // Only a 'Valid From …' wording shows a start: a body's `from` is no start of its own (see hnb.ts).
      ['4126', undefined, '2026-06-15'],
      ['4131', undefined, '2026-07-31'],
      ['4135', undefined, '2026-06-30'],
      ['4140', undefined, '2026-06-30'],
      // No 'from' anywhere: the start is the one 'Valid From 2026-06-01 to' writes.
      ['4145', '2026-06-01', '2026-07-31'],
    ]);
  });

  it('keeps the value of a label written alone on its line, with a list below it', async () => {
    const { items } = await read(hnbAdapter, HNB_ROUTES, HNB_LISTING);
    expect(items.find((item) => item.itemKey === '4145')).toEqual({
      itemKey: '4145',
      url: hnbPage('4145'),
      title: 'Special rates on room stays at Lagoon Edge Cabanas',
      merchantName: 'Lagoon Edge Cabanas, Negombo',
      description: paragraphs(
        'Merchant: Lagoon Edge Cabanas - Negombo',
        'Offer:',
        '15% off on Bed &amp; Breakfast basis (Sunday to Thursday)',
        '10% off on Half Board basis for Friday, Saturday &amp; Long Weekends',
        '(Valid on rack rates)',
        'Period:',
        'Booking period: 1st June to 15th July 2026',
        'Staying Period: Till 31st July 2026',
        'Reservations: 031 2 222 333',
        'Location:',
        'Negombo',
        'Kalpitiya',
        'Special Terms and Conditions:',
        'Prior reservation required',
      ),
      // The list and the note below it, up to the next label; the list items' own 'Booking period:' labels stay in.
      rateText:
        '15% off on Bed & Breakfast basis (Sunday to Thursday)\n10% off on Half Board basis for Friday, Saturday & Long Weekends\n(Valid on rack rates)',
      dateText: 'Booking period: 1st June to 15th July 2026\nStaying Period: Till 31st July 2026',
      validFrom: '2026-06-01',
      validThrough: '2026-07-31',
      cardsText: 'HNB Debit Cards',
      imageUrl: 'https://assets.hnb.lk/atdi/merchants/%20Lagoon%20Edge%20Cabanas,%20Negombo/LagoonEdge.jpg',
      locations: ['Negombo', 'Kalpitiya'],
      termsText: [
        'The promotions are open to all holders of Mastercard and Visa Credit / Debit Cards issued by Hatton National Bank PLC.',
        'HNB accepts no liability for the quality of goods and services provided by the merchant.',
      ].join('\n'),
    });
  });

  it('fails the run on a JSON answer that holds no list of promotions', async () => {
    await expect(
      read(hnbAdapter, HNB_ROUTES, HNB_LISTING, { [HNB_LISTING]: '{"status":500,"message":"Server Error"}' }),
    ).rejects.toThrow(
      'Hatton National Bank listing (credit cards): expected a JSON object with a data array not found — the page structure may have changed',
    );
  });

  it('refuses a listing whose rows fall short of its total', async () => {
    const listing = JSON.parse(readFileSync(new URL('hnb/listing-debit.json', FIXTURES), 'utf8'));
    const cut = JSON.stringify({ ...listing, data: listing.data.slice(0, 1) });
    await expect(read(hnbAdapter, HNB_ROUTES, HNB_LISTING, { [HNB_DEBIT]: cut })).rejects.toThrow(
      'Hatton National Bank listing (debit cards): the answer holds 1 of the 2 offers its total gives (a cut or false-empty answer)',
    );
  });
});

// ---- NDB ---------------------------------------------------------------------------------------

const NDB_ROUTES: Record<string, string> = { 'https://www.ndbbank.com/cards/card-offers': 'ndb/listing.html' };
const NDB_IMAGES = 'https://ndbbankweb.ndbbank.com/cardoffer/images';
const ndbPage = (id: string) => `https://www.ndbbank.com/cards/card-offers/offer-details/${id}`;

describe('NDB adapter', () => {
  it('reads every card on the listing, which has all an offer needs', async () => {
    const { items, failures, requested } = await read(ndbAdapter, NDB_ROUTES);
    expect(items).toHaveLength(7);
    expect(requested).toEqual(['https://www.ndbbank.com/cards/card-offers']);
    expect(failures).toEqual([
      {
        itemKey: '370',
        title: '30% Savings on Spa Treatments',
        reason: 'offer card has no merchant name (p.card-title)',
      },
    ]);
  });

  it('gives every item its key, title, merchant and absolute links', async () => {
    const { items } = await read(ndbAdapter, NDB_ROUTES);
    expect(items.map(identity)).toEqual([
      {
        itemKey: '345',
        title: '20% Savings on the Total Bill',
        merchantName: 'Kandy Spice Kitchen - Kandy',
        url: ndbPage('345'),
        imageUrl: `${NDB_IMAGES}/kandy-spice-kitchen-banner.jpg`,
      },
      {
        // The banner is a path on the bank's own site.
        itemKey: '351',
        title: 'Up to 25% Savings on Room Rates',
        merchantName: 'Ella Ridge Bungalow - Ella',
        url: ndbPage('351'),
        imageUrl: 'https://www.ndbbank.com/cardoffer/images/ella-ridge-bungalow-banner.jpg',
      },
      {
        itemKey: '356',
        title: '15% Savings on Fresh Produce',
        merchantName: 'Fresh Fields Market',
        url: ndbPage('356'),
        imageUrl: `${NDB_IMAGES}/fresh-fields-market-banner.jpg`,
      },
      {
        itemKey: '360',
        title: '10% Savings on Online Purchases',
        merchantName: 'TechHub.lk',
        url: ndbPage('360'),
        imageUrl: `${NDB_IMAGES}/techhub-banner.jpg`,
      },
      {
        itemKey: '362',
        title: '0% Installment Plans up to 12 Months',
        merchantName: 'Sapphire Lane Jewellers',
        url: ndbPage('362'),
        imageUrl: `${NDB_IMAGES}/sapphire-lane-banner.jpg`,
      },
      {
        itemKey: '366',
        title: '20% Savings on Dental Treatments',
        merchantName: 'Brightsmile Dental Clinic - Nugegoda',
        url: ndbPage('366'),
        imageUrl: `${NDB_IMAGES}/brightsmile-banner.jpg`,
      },
      {
        itemKey: '374',
        title: 'Buy 1 Get 1 Free on Movie Tickets',
        merchantName: 'Screen One Cinemas - Colombo 03',
        url: ndbPage('374'),
        imageUrl: `${NDB_IMAGES}/screen-one-banner.jpg`,
      },
    ]);
  });

  it('passes the card texts on as written', async () => {
    const { items } = await read(ndbAdapter, NDB_ROUTES);
    expect(items[0]).toEqual({
      itemKey: '345',
      url: ndbPage('345'),
      title: '20% Savings on the Total Bill',
      merchantName: 'Kandy Spice Kitchen - Kandy',
      rateText: '20% Savings on the Total Bill',
      dateText: 'Until 31st May 2026',
      cardsText: 'Visa & Mastercard Credit Cards',
      imageUrl: `${NDB_IMAGES}/kandy-spice-kitchen-banner.jpg`,
    });
    expect(items.map((item) => [item.dateText, item.cardsText])).toEqual([
      ['Until 31st May 2026', 'Visa & Mastercard Credit Cards'],
      ['01st June - 31st August 2026', 'Platinum Credit Cards'],
      ['Every Friday & Saturday until 30th June 2026', 'Credit Cards'],
      ['till 30.06.2026', 'Credit & Debit Cards'],
      // The card's period line is empty.
      [undefined, 'Credit Cards'],
      ['1st-15th June 2026', 'Visa Infinite & Signature Credit Cards'],
      ['Every Wednesday until 31st July 2026', 'Credit Cards'],
    ]);
  });
});

// ---- Seylan ------------------------------------------------------------------------------------

const SEYLAN_LISTING = 'https://www.seylan.lk/promotions/cards?type[]=credit_card';
const SEYLAN_PAGE_2 = 'https://www.seylan.lk/promotions/cards?type%5B%5D=credit_card&page=2';
const SEYLAN_OFFERS: Array<[slug: string, file: string]> = [
  ['golden-wok-restaurant-dining-offer', 'golden-wok-restaurant'],
  ['blue-lagoon-beach-villa-offer', 'blue-lagoon-beach-villa'],
  ['urban-threads-clothing-offer', 'urban-threads'],
  ['shopnest-online-offer', 'shopnest'],
  ['smile-care-dental-offer', 'smile-care-dental'],
  ['autoshine-car-care-offer', 'autoshine-car-care'],
  ['little-stars-toy-shop-offer', 'little-stars-toy-shop'],
  ['glow-salon-and-spa-offer', 'glow-salon-and-spa'],
];
const SEYLAN_ROUTES: Record<string, string> = {
  [SEYLAN_LISTING]: 'seylan/listing-page-1.html',
  [SEYLAN_PAGE_2]: 'seylan/listing-page-2.html',
  ...Object.fromEntries(
    SEYLAN_OFFERS.map(([slug, file]) => [`https://www.seylan.lk/${slug}`, `seylan/detail-${file}.html`]),
  ),
};
const SEYLAN_IMAGES = 'https://www.seylan.lk/uploads/promotions';
const SEYLAN_GENERAL_TERMS = [
  'Seylan Bank accepts no liability for the quality of goods and services provided by the merchant.',
  'The offer cannot be exchanged for cash or used with any other promotion.',
];
const seylanPage = (slug: string) => `https://www.seylan.lk/${slug}`;

describe('Seylan adapter', () => {
  it('follows the pager to the last page and reads each offer page', async () => {
    const { items, failures, requested } = await read(seylanAdapter, SEYLAN_ROUTES);
    expect(items).toHaveLength(8);
    expect(requested).toEqual([SEYLAN_LISTING, SEYLAN_PAGE_2, ...SEYLAN_OFFERS.map(([slug]) => seylanPage(slug))]);
    expect(failures).toEqual([
      {
        itemKey: 'cracker-deal-november-offer',
        title: 'Up to 40% off on selected items',
        reason: 'promotion card has no merchant name (.new-promotion-title)',
      },
    ]);
  });

  it('gives every item its key, title, merchant and absolute links', async () => {
    const { items } = await read(seylanAdapter, SEYLAN_ROUTES);
    const offer = (slug: string, title: string, merchantName: string, imageUrl: string) => ({
      itemKey: slug,
      title,
      merchantName,
      url: seylanPage(slug),
      imageUrl,
    });
    expect(items.map(identity)).toEqual([
      offer(
        'golden-wok-restaurant-dining-offer',
        'Up to 25% off on the total bill',
        'Golden Wok Restaurant',
        `${SEYLAN_IMAGES}/golden-wok.jpg`,
      ),
      // The card links to its page by a relative path, and the page's banner is a path too.
      offer(
        'blue-lagoon-beach-villa-offer',
        '20% off on room rates (Bed & Breakfast basis)',
        'Blue Lagoon Beach Villa',
        `${SEYLAN_IMAGES}/blue-lagoon.jpg`,
      ),
      offer(
        'urban-threads-clothing-offer',
        '15% off on all clothing',
        'Urban Threads',
        `${SEYLAN_IMAGES}/urban-threads.jpg`,
      ),
      // No banner on the offer page: the card's thumbnail stands in.
      offer(
        'shopnest-online-offer',
        '12% off online with promo code SEYLAN12',
        'ShopNest.lk',
        `${SEYLAN_IMAGES}/thumbs/shopnest.jpg`,
      ),
      offer(
        'smile-care-dental-offer',
        '10% off on dental treatments',
        'Smile Care Dental',
        `${SEYLAN_IMAGES}/smile-care.jpg`,
      ),
      // Page 2.
      offer(
        'autoshine-car-care-offer',
        '20% off on full service',
        'AutoShine Car Care',
        `${SEYLAN_IMAGES}/autoshine.jpg`,
      ),
      offer(
        'little-stars-toy-shop-offer',
        'Up to 30% off on toys',
        'Little Stars Toy Shop',
        `${SEYLAN_IMAGES}/little-stars.jpg`,
      ),
      offer(
        'glow-salon-and-spa-offer',
        '25% off on all services',
        'Glow Salon & Spa',
        `${SEYLAN_IMAGES}/glow-salon.jpg`,
      ),
    ]);
  });

  it('passes the card and offer-page texts on as written', async () => {
    const { items } = await read(seylanAdapter, SEYLAN_ROUTES);
    expect(items[0]).toEqual({
      itemKey: 'golden-wok-restaurant-dining-offer',
      url: seylanPage('golden-wok-restaurant-dining-offer'),
      title: 'Up to 25% off on the total bill',
      merchantName: 'Golden Wok Restaurant',
      description: paragraphs(
        'Up to 25% off on the total bill with Seylan Credit Cards',
        'Valid from 07th May - 30th June 2026',
        'Address : No. 27, Flower Road, Colombo 07',
        'Tel No : 011 2 345 678',
      ),
      rateText: 'Up to 25% off on the total bill',
      dateText: 'Valid from 07th May - 30th June 2026',
      categoryText: 'Dining',
      imageUrl: `${SEYLAN_IMAGES}/golden-wok.jpg`,
      locations: ['No. 27, Flower Road, Colombo 07'],
      termsText: [
        'Minimum bill value Rs. 5,000',
        'Maximum discount Rs. 2,500',
        'Offer valid for Seylan Visa & Mastercard credit cards',
        ...SEYLAN_GENERAL_TERMS,
      ].join('\n'),
    });
    expect(items[3]).toEqual({
      itemKey: 'shopnest-online-offer',
      url: seylanPage('shopnest-online-offer'),
      title: '12% off online with promo code SEYLAN12',
      merchantName: 'ShopNest.lk',
      description: paragraphs('12% off on online purchases at www.shopnest.lk', 'Valid till 31st July 2026'),
      rateText: '12% off online with promo code SEYLAN12',
      dateText: 'Valid till 31st July 2026',
      categoryText: 'Online Deals',
      imageUrl: `${SEYLAN_IMAGES}/thumbs/shopnest.jpg`,
      promoCode: 'SEYLAN12',
      termsText: [
        'Use promo code SEYLAN12 at checkout',
        'Maximum discount Rs. 2,000 per transaction',
        ...SEYLAN_GENERAL_TERMS,
      ].join('\n'),
    });
    expect(items.map((item) => [item.dateText, item.categoryText])).toEqual([
      ['Valid from 07th May - 30th June 2026', 'Dining'],
      ['Valid till 30.06.2026', 'Local Travel'],
      ['Every Friday & Saturday till 31st May 2026', 'Clothing'],
      ['Valid till 31st July 2026', 'Online Deals'],
      ['Until 31st May 2026', 'Health'],
      ['1st-15th June 2026', 'Auto'],
      ['Valid till 30.06.2026', 'Kiddies'],
      ['Every Friday & Saturday until 30th June 2026', 'Salon & SPA'],
    ]);
  });
});

// ---- All four ----------------------------------------------------------------------------------

const STRUCTURE = 'the page structure may have changed';
const NDB_NO_CARDS = `NDB Bank listing: expected .card.offer-card not found — ${STRUCTURE}`;
const SEYLAN_NO_CARDS = `Seylan Bank listing: expected promotion cards (div.promotion-item) not found — ${STRUCTURE}`;

const CASES: Array<{
  adapter: SourceAdapter;
  routes: Record<string, string>;
  url: string;
  /** What the redesigned page throws. */
  expected: string;
  /** What a listing without offers reads as: nothing, or (with no container to tell it from a redesign) this error. */
  empty: 'no items' | string;
  /** Every listing the adapter reads (default: url). */
  listings?: string[];
}> = [
  {
    adapter: combankAdapter,
    routes: COMBANK_ROUTES,
    url: combankAdapter.defaultUrl!,
    expected: `Commercial Bank listing: expected .offers-area not found — ${STRUCTURE}`,
    empty: 'no items',
  },
  {
    adapter: hnbAdapter,
    routes: HNB_ROUTES,
    url: HNB_LISTING,
    listings: [HNB_LISTING, HNB_DEBIT],
    empty: 'no items',
    // An HTML page where JSON was asked for is a firewall's or a maintenance page.
    expected: `Hatton National Bank listing (credit cards): ${HNB_LISTING} answered an HTML page (a firewall's challenge or block page?) where JSON was asked for`,
  },
  // NDB and Seylan show no container of their own (the modelled #offer-list and .new-promotion-list are in no real page): a page needs an offer card.
  { adapter: ndbAdapter, routes: NDB_ROUTES, url: ndbAdapter.defaultUrl!, expected: NDB_NO_CARDS, empty: NDB_NO_CARDS },
  {
    adapter: seylanAdapter,
    routes: SEYLAN_ROUTES,
    url: SEYLAN_LISTING,
    expected: SEYLAN_NO_CARDS,
    empty: SEYLAN_NO_CARDS,
  },
];

describe.each(CASES)('$adapter.adapter adapter', ({ adapter, routes, url, expected, empty, listings = [url] }) => {
  it('gives each item a key of its own, the same on every read', async () => {
    const first = (await read(adapter, routes, url)).items.map((item) => item.itemKey);
    const second = (await read(adapter, routes, url)).items.map((item) => item.itemKey);
    expect(new Set(first).size).toBe(first.length);
    expect(second).toEqual(first);
  });

  it('fails the run when the listing is not in the expected structure', async () => {
    await expect(read(adapter, { ...routes, [url]: REDESIGNED }, url)).rejects.toThrow(expected);
  });

  it(
    empty === 'no items'
      ? 'returns no items for a well-formed listing with no offers'
      : 'refuses a listing without a single offer card',
    async () => {
      const bodies = Object.fromEntries(
        listings.map((listingUrl) => [
          listingUrl,
          withoutOffers(adapter, readFileSync(new URL(routes[listingUrl]!, FIXTURES), 'utf8')),
        ]),
      );
      const reading = read(adapter, {}, url, bodies);
      if (empty === 'no items') expect(await reading).toEqual({ items: [], failures: [], requested: listings });
      else await expect(reading).rejects.toThrow(empty);
    },
  );
});

/** A listing fixture with its offers (and its link to a next page) taken out. */
function withoutOffers(adapter: SourceAdapter, listing: string): string {
  if (adapter === hnbAdapter) return JSON.stringify({ ...JSON.parse(listing), data: [], totalPages: 1, total: 0 });
  const $ = load(listing);
  $('a.reward, .card.offer-card, div.promotion-item, a[rel~="next"]').remove();
  return $.html();
}

describe('BANK_ADAPTERS', () => {
  it('lists every bank that publishes card offers by its catalogue name, and the Visa portal, which names the bank per item', () => {
    expect(BANK_ADAPTERS.map((adapter) => [adapter.adapter, adapter.bankName])).toEqual([
      ['combank', 'Commercial Bank'],
      ['hnb', 'Hatton National Bank'],
      ['sampath', 'Sampath Bank'],
      ['seylan', 'Seylan Bank'],
      ['ndb', 'NDB Bank'],
      ['boc', 'Bank of Ceylon'],
      ['peoples', "People's Bank"],
      ['ntb', 'Nations Trust Bank'],
      ['amex', 'Nations Trust Bank'],
      ['dfcc', 'DFCC Bank'],
      ['pan-asia', 'Pan Asia Bank'],
      ['union', 'Union Bank'],
      ['cargills', 'Cargills Bank'],
      ['visa-lk', undefined],
    ]);
    expect(new Set(BANK_ADAPTERS.map((adapter) => adapter.adapter)).size).toBe(BANK_ADAPTERS.length);
    const catalogue = BANKS.map((bank) => bank.name);
    for (const adapter of BANK_ADAPTERS) if (adapter.bankName) expect(catalogue).toContain(adapter.bankName);
  });
});

describe('readPages', () => {
  const pageFetcher = (pages: number) =>
    fixtureFetcher(
      Object.fromEntries(
        Array.from({ length: pages }, (_, index) => [`https://bank.example/offers?page=${index + 1}`, REDESIGNED]),
      ),
    );
  const nextOf = (url: string, last: number) => {
    const page = Number(new URL(url).searchParams.get('page'));
    return page < last ? `https://bank.example/offers?page=${page + 1}` : undefined;
  };

  it('refuses a listing longer than the page cap rather than returning part of it', async () => {
    const { fetcher, requested } = pageFetcher(3);
    const reading = readPages(
      fetcher,
      'https://bank.example/offers?page=1',
      (page) => ({ content: page.url, nextUrl: nextOf(page.url, 3) }),
      {
        source: 'Example Bank listing',
        maxPages: 2,
      },
    );
    await expect(reading).rejects.toThrow(
      'Example Bank listing: more than 2 pages — raise the page cap if the listing really is this long',
    );
    expect(requested).toHaveLength(2);
  });

  it('stops when a pager links back to a page already read', async () => {
    const { fetcher } = pageFetcher(2);
    const pages = await readPages(
      fetcher,
      'https://bank.example/offers?page=1',
      (page) => ({
        content: page.url,
        nextUrl: page.url.endsWith('page=2')
          ? 'https://bank.example/offers?page=1'
          : 'https://bank.example/offers?page=2',
      }),
      { source: 'Example Bank listing' },
    );
    expect(pages).toEqual(['https://bank.example/offers?page=1', 'https://bank.example/offers?page=2']);
  });
});

describe('the shared text helpers', () => {
  it('read block elements and <br> as separate lines, entities decoded', () => {
    expect(htmlLines('<div class="offer-tag"><p>Up to</p><p>25%</p><p>Off</p></div>')).toEqual(['Up to', '25%', 'Off']);
    expect(htmlLines('<li>Visit –<br>Spice Route\n   Cafe&nbsp;&amp; Bar</li>')).toEqual([
      'Visit –',
      'Spice Route Cafe & Bar',
    ]);
  });

  it('take a promo code only when one is written in capitals and digits', () => {
    expect(findPromoCode('Use promo code SEYLAN12 at checkout')).toBe('SEYLAN12');
    expect(findPromoCode('Promo code – CBCLICK10')).toBe('CBCLICK10');
    expect(findPromoCode('No promo code applies to this offer')).toBeUndefined();
  });

  it('resolve links against the page and refuse what is not a web address', () => {
    expect(absoluteUrl('/uploads/a b.jpg', 'https://www.seylan.lk/promotions/cards')).toBe(
      'https://www.seylan.lk/uploads/a%20b.jpg',
    );
    expect(absoluteUrl('javascript:void(0)', 'https://www.seylan.lk/')).toBeUndefined();
    expect(absoluteUrl('#offers', 'https://www.seylan.lk/')).toBeUndefined();
    expect(absoluteUrl('', 'https://www.seylan.lk/')).toBeUndefined();
  });
});
