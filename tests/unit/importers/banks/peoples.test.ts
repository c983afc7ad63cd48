// The People's Bank adapter on MODELLED pages (tests/fixtures/importers/banks/peoples/: each file's header says what
// it is modelled on; no real page of the bank was saved), replayed from a capture as the importer's --replay does, so
// the test also proves which URLs the adapter asks for: the hub, each category page, each promotion page.
import { readFileSync } from 'node:fs';
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { peoplesAdapter } from '../../../../src/server/importers/adapters/banks/peoples.ts';
import { createReplayFetcher, parseHar } from '../../../../src/server/importers/fetch/har.ts';
import type { PoliteFetcher, SourceItem } from '../../../../src/server/importers/types.ts';
import { BANKS } from '../../../../src/server/seed/data.ts';
import { type CapturedAnswer, harOf } from '../../../support/real-data.ts';

const FIXTURES = new URL('../../../fixtures/importers/banks/peoples/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
const NOW = new Date('2026-06-15T04:30:00.000Z');

const SITE = 'https://www.peoplesbank.lk';
const HUB = `${SITE}/special-offers/`;
const category = (slug: string) => `${SITE}/promotion-category/${slug}/?cardType=credit_card`;
const LEISURE_2 = `${SITE}/promotion-category/leisure/page/2/?cardType=credit_card`;
const promotion = (slug: string) => `${SITE}/promotion/${slug}/`;
const IMAGES = `${SITE}/roastoth/2026/06`;

const CATEGORY_PAGES: Array<[url: string, file: string]> = [
  [category('restaurants'), 'category-restaurants.html'],
  [category('leisure'), 'category-leisure.html'],
  [LEISURE_2, 'category-leisure-page-2.html'],
  [category('supermarkets'), 'category-supermarkets.html'],
  [category('jewellers'), 'category-jewellers.html'],
  // The Visa page comes before Supermarkets on the hub; card-network pages are read last.
  [category('visa'), 'category-visa.html'],
];
const PROMOTIONS = [
  'saffron-leaf-at-harbour-view-hotel-30-off-credit',
  'the-curry-pot-20-off-credit',
  'palm-breeze-resort-bentota-up-to-40-off-credit',
  'kandyan-hills-hotel-25-off-credit',
  'leopard-trail-safari-lodge-yala-35-off-credit',
  'freshmart-25-off-credit',
];
const ANSWERS: CapturedAnswer[] = [
  { url: HUB, body: fixture('special-offers.html') },
  ...CATEGORY_PAGES.map(([url, file]) => ({ url, body: fixture(file) })),
  ...PROMOTIONS.map((slug) => ({ url: promotion(slug), body: fixture(`promotion-${slug}.html`) })),
];

/** Reads People's Bank from a capture of these answers, noting every page asked for. */
async function read(answers: CapturedAnswer[] = ANSWERS) {
  const replay = createReplayFetcher(parseHar(harOf(answers), 'peoples.har'), 'peoples.har');
  const requested: string[] = [];
  const fetcher: PoliteFetcher = {
    text: (url, options) => {
      requested.push(url);
      return replay.text(url, options);
    },
    bytes: (url, options) => replay.bytes(url, options),
    stream: (url, reader, options) => replay.stream(url, reader, options),
  };
  const result = await peoplesAdapter.read({ url: peoplesAdapter.defaultUrl!, fetcher, now: NOW });
  return { ...result, requested };
}

/** The answers with one URL answered otherwise (or left out, with no answer). */
const answering = (url: string, body?: string) => [
  ...ANSWERS.filter((entry) => entry.url !== url),
  ...(body === undefined ? [] : [{ url, body }]),
];
/** A page with the elements a selector finds taken out. */
const without = (file: string, selector: string) => {
  const $ = load(fixture(file));
  $(selector).remove();
  return $.html();
};

const identity = (item: SourceItem) => ({
  itemKey: item.itemKey,
  title: item.title,
  merchantName: item.merchantName,
  url: item.url,
  imageUrl: item.imageUrl,
});
const paragraphs = (...lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('');

describe("People's Bank adapter", () => {
  it('reads the hub, every credit card category page (and its next page), then each promotion page once', async () => {
    const { items, failures, requested } = await read();
    expect(requested).toEqual([HUB, ...CATEGORY_PAGES.map(([url]) => url), ...PROMOTIONS.map(promotion)]);
    // Eight cards: six offers, one with no promotion page, and the Visa page's repeat of The Curry Pot.
    const cards = CATEGORY_PAGES.reduce(
      (count, [, file]) => count + load(fixture(file))('article.offer-card').length,
      0,
    );
    expect(cards).toBe(8);
    expect(items).toHaveLength(6);
    expect(failures).toEqual([
      {
        itemKey: category('jewellers'),
        title: 'Jewellers',
        reason: 'category page lists no offers (article.offer-card): empty, or its structure changed',
      },
      {
        itemKey: 'Ocean Grill – 15% off – Credit',
        title: 'Ocean Grill – 15% off – Credit',
        reason: 'offer card has no link to its promotion page (/promotion/<slug>/)',
      },
    ]);
  });

  it('gives every item its key, title, merchant and absolute links, banners included', async () => {
    const { items } = await read();
    expect(items.map(identity)).toEqual([
      {
        itemKey: 'saffron-leaf-at-harbour-view-hotel-30-off-credit',
        title: 'Saffron Leaf at Harbour View Hotel – 30% off – Credit',
        merchantName: 'Saffron Leaf at Harbour View Hotel',
        url: promotion('saffron-leaf-at-harbour-view-hotel-30-off-credit'),
        // The promotion page's full-size banner, not the card's thumbnail.
        imageUrl: `${IMAGES}/Saffron-Leaf.jpg`,
      },
      {
        itemKey: 'the-curry-pot-20-off-credit',
        title: 'The Curry Pot – 20% off – Credit',
        merchantName: 'The Curry Pot',
        url: promotion('the-curry-pot-20-off-credit'),
        imageUrl: `${IMAGES}/Curry-Pot.jpg`,
      },
      {
        itemKey: 'palm-breeze-resort-bentota-up-to-40-off-credit',
        title: 'Palm Breeze Resort – Bentota – Up to 40% off – Credit',
        merchantName: 'Palm Breeze Resort - Bentota',
        url: promotion('palm-breeze-resort-bentota-up-to-40-off-credit'),
        imageUrl: `${IMAGES}/Palm-Breeze.jpg`,
      },
      {
        // No banner on the promotion page: the card's thumbnail stands in.
        itemKey: 'kandyan-hills-hotel-25-off-credit',
        title: 'Kandyan Hills Hotel – Kandy – 25% off – Credit',
        merchantName: 'Kandyan Hills Hotel - Kandy',
        url: promotion('kandyan-hills-hotel-25-off-credit'),
        imageUrl: `${IMAGES}/Kandyan-Hills-300x200.jpg`,
      },
      {
        // From the second page of Leisure.
        itemKey: 'leopard-trail-safari-lodge-yala-35-off-credit',
        title: 'Leopard Trail Safari Lodge – Yala – 35% off – Credit',
        merchantName: 'Leopard Trail Safari Lodge - Yala',
        url: promotion('leopard-trail-safari-lodge-yala-35-off-credit'),
        imageUrl: `${IMAGES}/Leopard-Trail.jpg`,
      },
      {
        itemKey: 'freshmart-25-off-credit',
        title: 'FreshMart – 25% off – Credit',
        merchantName: 'FreshMart',
        url: promotion('freshmart-25-off-credit'),
        imageUrl: `${IMAGES}/FreshMart.jpg`,
      },
    ]);
  });

  it('passes the card and promotion-page texts on as written', async () => {
    const { items } = await read();
    expect(items[0]).toEqual({
      itemKey: 'saffron-leaf-at-harbour-view-hotel-30-off-credit',
      url: promotion('saffron-leaf-at-harbour-view-hotel-30-off-credit'),
      title: 'Saffron Leaf at Harbour View Hotel – 30% off – Credit',
      merchantName: 'Saffron Leaf at Harbour View Hotel',
      description: paragraphs(
        "30% off on Lunch &amp; Dinner buffet for People's Bank Credit Cardholders",
        'Maximum Bill Value: Rs.50,000/-',
        'Excluding liquor and tobacco',
        'Cannot be combined with vouchers or any other offer',
        'Reservations: 011 2 576 300',
      ),
      rateText: '30%',
      dateText: 'Till September 30, 2026',
      categoryText: 'Restaurants',
      imageUrl: `${IMAGES}/Saffron-Leaf.jpg`,
      locations: ['No. 45, Marine Drive, Colombo 03'],
    });
    expect(items[2]).toEqual({
      itemKey: 'palm-breeze-resort-bentota-up-to-40-off-credit',
      url: promotion('palm-breeze-resort-bentota-up-to-40-off-credit'),
      title: 'Palm Breeze Resort – Bentota – Up to 40% off – Credit',
      merchantName: 'Palm Breeze Resort - Bentota',
      description: paragraphs(
        'Up to 40% off on room rates (BB, HB &amp; FB)',
        'Stay Period - 01st June to 31st October 2026',
        'Booking Method - reservations@palmbreeze.example / 034 227 5500',
        'Promo code - PBCARD40',
      ),
      rateText: 'Up to 40%',
      dateText: 'From June 1, 2026 to October 31, 2026 ((Blackout Dates 10th to 16th August 2026))',
      categoryText: 'Leisure',
      imageUrl: `${IMAGES}/Palm-Breeze.jpg`,
      promoCode: 'PBCARD40',
      locations: ['Bentota'],
    });
    expect(items.map((item) => [item.rateText, item.dateText, item.categoryText, item.locations])).toEqual([
      ['30%', 'Till September 30, 2026', 'Restaurants', ['No. 45, Marine Drive, Colombo 03']],
      // Listed under Restaurants and again under Visa: the first category stands.
      [
        '20%',
        'From June 1, 2026 to August 31, 2026 ((Excluding special promotional events & festive days))',
        'Restaurants',
        ['No. 12, Peradeniya Road, Kandy'],
      ],
      [
        'Up to 40%',
        'From June 1, 2026 to October 31, 2026 ((Blackout Dates 10th to 16th August 2026))',
        'Leisure',
        ['Bentota'],
      ],
      ['25%', 'Till December 31, 2026 ((Weekdays Only))', 'Leisure', ['No. 8, Hantana Road, Kandy']],
      // No validity line on the promotion page: the card's.
      ['35%', 'Till October 31, 2026', 'Leisure', ['Tissamaharama']],
      ['25%', 'Till July 31, 2026 ((Every Monday & Wednesday))', 'Supermarkets', undefined],
    ]);
  });

  it('gives each item a key of its own, the same on every read', async () => {
    const first = (await read()).items.map((item) => item.itemKey);
    expect(new Set(first).size).toBe(first.length);
    expect((await read()).items.map((item) => item.itemKey)).toEqual(first);
  });

  it('reports an offer whose promotion page cannot be fetched, and reads the rest', async () => {
    const missing = promotion('kandyan-hills-hotel-25-off-credit');
    const { items, failures } = await read(answering(missing));
    expect(items).toHaveLength(5);
    expect(items.map((item) => item.url)).not.toContain(missing);
    expect(failures.at(-1)).toEqual({
      itemKey: 'kandyan-hills-hotel-25-off-credit',
      title: 'Kandyan Hills Hotel – Kandy – 25% off – Credit',
      reason: `offer page ${missing} could not be fetched: GET ${missing} is not in the capture peoples.har`,
    });
  });

  it('fails the run when a category page cannot be fetched (its offers would look ended)', async () => {
    await expect(read(answering(category('supermarkets')))).rejects.toThrow(
      `GET ${category('supermarkets')} is not in the capture peoples.har`,
    );
  });

  it('fails the run when the hub links to no credit card category', async () => {
    await expect(
      read(answering(HUB, without('special-offers.html', 'a[href*="/promotion-category/"]'))),
    ).rejects.toThrow(
      "People's Bank special offers: expected links to credit card category pages (/promotion-category/<category>/?cardType=credit_card) not found — the page structure may have changed",
    );
  });

  it('fails the run when no category page holds an offer card (a redesign, not a bank without offers)', async () => {
    const emptied = ANSWERS.map((answer) =>
      answer.url.includes('/promotion-category/')
        ? { ...answer, body: without(CATEGORY_PAGES.find(([url]) => url === answer.url)![1], 'article.offer-card') }
        : answer,
    );
    await expect(read(emptied)).rejects.toThrow(
      "People's Bank promotions: expected offer cards (article.offer-card) on any of the 5 category pages not found — the page structure may have changed",
    );
  });

  it('fails the run when a promotion page is not in the expected structure', async () => {
    const redesigned =
      '<!DOCTYPE html><html><body><main><h1>FreshMart – 25% off – Credit</h1><p>25% off</p></main></body></html>';
    await expect(read(answering(promotion('freshmart-25-off-credit'), redesigned))).rejects.toThrow(
      `People's Bank promotion page ${promotion('freshmart-25-off-credit')}: expected .single-card not found — the page structure may have changed`,
    );
  });

  it('names the bank as the catalogue does', () => {
    expect(BANKS.map((bank) => bank.name)).toContain(peoplesAdapter.bankName);
    expect([peoplesAdapter.adapter, peoplesAdapter.bankName]).toEqual(['peoples', "People's Bank"]);
  });
});
