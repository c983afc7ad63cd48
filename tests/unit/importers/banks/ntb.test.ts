// Nations Trust Bank's promotions through capture replay, on MODELLED pages
// (tests/fixtures/importers/banks/ntb/*.html: each file's header says what it is modelled on and what
// is made up; the rows' wording follows the bank's own texts in ../shared/real-data/offer-texts/).
// No peer has saved a real nationstrust.com page.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ntbAdapter } from '../../../../src/server/importers/adapters/banks/ntb.ts';
import { createReplayFetcher, parseHar } from '../../../../src/server/importers/fetch/har.ts';
import type { PoliteFetcher, SourceItem } from '../../../../src/server/importers/types.ts';
import { harOf, REAL_DATA_ABSENT, REAL_DATA_DIR, realFile, type CapturedAnswer } from '../../../support/real-data.ts';
import { recordedReplay, requestLine } from '../../../support/replay-requests.ts';

const NOW = new Date('2026-09-20T04:30:00.000Z');
const LISTING = 'https://www.nationstrust.com/promotions';
const ASSETS = 'https://assets.nationstrust.com';
const fixture = (name: string) =>
  readFileSync(new URL(`../../../fixtures/importers/banks/ntb/${name}`, import.meta.url), 'utf8');
const PAGES = {
  dining: `${LISTING}/enjoy-exclusive-savings-on-dining`,
  supermarkets: `${LISTING}/enjoy-exclusive-savings-on-supermarkets`,
  quickbite: `${LISTING}/up-to-40-off-with-mastercard-credit-debit-cards`,
  riverstone: `${LISTING}/up-to-25-off-with-mastercard-credit-and-debit-cards`,
  harvest: `${LISTING}/25-off-on-total-bill-with-private-banking-credit-cards`,
};
const slugOf = (url: string) => url.slice(LISTING.length + 1);

function answers(changes: Partial<Record<keyof typeof PAGES | 'listing', string | null>> = {}): CapturedAnswer[] {
  const pages: Array<[string, string, string | null | undefined]> = [
    [LISTING, 'listing.html', changes.listing],
    ...Object.entries(PAGES).map(([name, url]): [string, string, string | null | undefined] => [
      url,
      `${slugOf(url)}.html`,
      changes[name as keyof typeof PAGES],
    ]),
  ];
  // A change of null leaves the page out of the capture.
  return pages.filter(([, , body]) => body !== null).map(([url, file, body]) => ({ url, body: body ?? fixture(file) }));
}
function replay(captured: CapturedAnswer[]) {
  return createReplayFetcher(parseHar(harOf(captured), 'ntb.har'), 'ntb.har');
}
const read = (fetcher: PoliteFetcher) => ntbAdapter.read({ url: ntbAdapter.defaultUrl!, fetcher, now: NOW });

const paragraphs = (...lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('');
const identity = (item: SourceItem) => ({
  itemKey: item.itemKey,
  title: item.title,
  merchantName: item.merchantName,
  url: item.url,
  imageUrl: item.imageUrl,
});

describe('Nations Trust Bank adapter (modelled promotions pages)', () => {
  it("reads the listing, then each card's page once; not the general terms", async () => {
    const { fetcher, sent } = recordedReplay(answers(), 'ntb.har');
    await read(fetcher);
    expect(ntbAdapter.defaultUrl).toBe(LISTING);
    expect(sent.map(requestLine)).toEqual([LISTING, ...Object.values(PAGES)].map((url) => `GET ${url}`));
  });

  it('reads every merchant row and merchant card, as an item or a failure with its reason', async () => {
    const fetcher = replay(answers());
    const { items, failures } = await read(fetcher);
    // Dining: four rows (one commented out, not a row); supermarkets: three; three merchant cards.
    expect(items).toHaveLength(9);
    expect(failures).toEqual([
      {
        itemKey: 'general-terms-and-condition-for-offers',
        title: 'General Terms and Condition for Offers',
        reason: "the bank's general terms and conditions for offers: not an offer",
      },
      {
        itemKey: 'enjoy-exclusive-savings-on-dining#harbour-grill',
        title: 'Harbour Grill',
        reason: 'the merchant row of Harbour Grill has no offer',
      },
    ]);
    for (const url of [LISTING, ...Object.values(PAGES)]) expect(fetcher.requestsTo(url)).toBe(1);
  });

  it('gives every item its key, headline, merchant and absolute links', async () => {
    const { items } = await read(replay(answers()));
    const diningBanner = `${ASSETS}/2246/Dining-banner.jpg`;
    const supermarketBanner = `${ASSETS}/2301/Supermarket-banner.jpg`;
    expect(items.map(identity)).toEqual([
      // A collection's rows: keyed by its page and the merchant, on its page, with its banner.
      {
        itemKey: 'enjoy-exclusive-savings-on-dining#tea-leaf-bistro',
        title: 'Enjoy 20% off with Mastercard Credit Card',
        merchantName: 'Tea Leaf Bistro',
        url: PAGES.dining,
        imageUrl: diningBanner,
      },
      {
        itemKey: 'enjoy-exclusive-savings-on-dining#golden-wok-colombo-03',
        title: 'Enjoy 20% off with Mastercard Credit Cards and 15% with Debit Cards',
        merchantName: 'Golden Wok – Colombo 03',
        url: PAGES.dining,
        imageUrl: diningBanner,
      },
      {
        itemKey: 'enjoy-exclusive-savings-on-dining#seaside-kitchen-mount-lavinia',
        title: 'Enjoy a companion dining offer with Private Banking Mastercard Credit Cards',
        merchantName: 'Seaside Kitchen – Mount Lavinia',
        url: PAGES.dining,
        imageUrl: diningBanner,
      },
      // The listing links this collection by a relative path.
      {
        itemKey: 'enjoy-exclusive-savings-on-supermarkets#freshmart',
        title: '25% off with Mastercard Credit Cards',
        merchantName: 'FreshMart',
        url: PAGES.supermarkets,
        imageUrl: supermarketBanner,
      },
      // A second FreshMart offer in the same table.
      {
        itemKey: 'enjoy-exclusive-savings-on-supermarkets#freshmart#2',
        title: '20% off with Mastercard Credit Cards',
        merchantName: 'FreshMart',
        url: PAGES.supermarkets,
        imageUrl: supermarketBanner,
      },
      {
        itemKey: 'enjoy-exclusive-savings-on-supermarkets#lanka-family-supermarket',
        title: '30% off with Mastercard Credit Cards',
        merchantName: 'Lanka Family Supermarket',
        url: PAGES.supermarkets,
        imageUrl: supermarketBanner,
      },
      // Merchant cards: keyed by their page's slug.
      {
        itemKey: 'up-to-40-off-with-mastercard-credit-debit-cards',
        title: 'Up to 40% off with Mastercard Credit & Debit Cards',
        merchantName: 'QuickBite',
        url: PAGES.quickbite,
        imageUrl: `${ASSETS}/2358/quickbite-banner.jpg`,
      },
      {
        itemKey: 'up-to-25-off-with-mastercard-credit-and-debit-cards',
        title: 'Up to 25% off with Mastercard Credit and Debit Cards',
        merchantName: 'Riverstone Lodge, Kandy',
        url: PAGES.riverstone,
        imageUrl: `${ASSETS}/2667/Riverstone-banner.jpg`,
      },
      {
        // Its page has no banner: the card's stands in.
        itemKey: '25-off-on-total-bill-with-private-banking-credit-cards',
        title: '25% off on Total Bill with Private Banking Credit Cards',
        merchantName: 'HARVEST',
        url: PAGES.harvest,
        imageUrl: `${ASSETS}/2598/New-Project-(3).jpg`,
      },
    ]);
  });

  it('passes the texts of a row and of a merchant page on as written', async () => {
    const { items } = await read(replay(answers()));
    expect(items[3]).toEqual({
      itemKey: 'enjoy-exclusive-savings-on-supermarkets#freshmart',
      url: PAGES.supermarkets,
      title: '25% off with Mastercard Credit Cards',
      merchantName: 'FreshMart',
      description: paragraphs(
        '25% off with Mastercard Credit Cards',
        'Valid every Sunday on fresh meat, fruits, and vegetables',
        'Minimum bill value LKR 5,000',
        'Maximum savings LKR 1,500 per bill',
        'Valid every Sunday till 30th September 2026',
      ),
      rateText: '25% off with Mastercard Credit Cards',
      dateText: 'Valid every Sunday till 30th September 2026',
      cardsText: 'Mastercard Credit Cards',
      spendText: 'Minimum bill value LKR 5,000\nMaximum savings LKR 1,500 per bill',
      categoryText: 'Supermarket',
      imageUrl: `${ASSETS}/2301/Supermarket-banner.jpg`,
    });
    expect(items[6]).toEqual({
      itemKey: 'up-to-40-off-with-mastercard-credit-debit-cards',
      url: PAGES.quickbite,
      title: 'Up to 40% off with Mastercard Credit & Debit Cards',
      merchantName: 'QuickBite',
      description: paragraphs(
        'Enjoy up to 40% off on QuickBite orders with your Nations Trust Bank Mastercard Credit &amp; Debit Cards',
        'Valid till 30th September 2026',
        'Valid for orders above LKR 2,500',
        'Maximum savings LKR 1,200 per order',
        'Use promo code NTBQB40 at checkout',
      ),
      rateText: 'Up to 40% off with Mastercard Credit & Debit Cards',
      dateText: 'Valid till 30th September 2026',
      cardsText: 'Mastercard Credit & Debit Cards',
      spendText: 'Valid for orders above LKR 2,500\nMaximum savings LKR 1,200 per order',
      categoryText: 'Online',
      imageUrl: `${ASSETS}/2358/quickbite-banner.jpg`,
      promoCode: 'NTBQB40',
    });
  });

  it("keeps the other offers' dates, cards and spend conditions as written", async () => {
    const { items } = await read(replay(answers()));
    expect(items.map((item) => [item.dateText, item.cardsText, item.spendText, item.categoryText])).toEqual([
      ['Valid till 30th September 2026', 'Mastercard Credit Card', undefined, 'Dining'],
      [
        'Valid till 30th September 2026',
        'Mastercard Credit Cards and 15% with Debit Cards',
        'Valid on bills above LKR 3,000',
        'Dining',
      ],
      [
        'Valid every Mon to Wed till 31st October 2026',
        'Private Banking Mastercard Credit Cards',
        'Maximum savings LKR 10,000 per bill',
        'Dining',
      ],
      [
        'Valid every Sunday till 30th September 2026',
        'Mastercard Credit Cards',
        'Minimum bill value LKR 5,000\nMaximum savings LKR 1,500 per bill',
        'Supermarket',
      ],
      [
        'Valid till 30th September 2026',
        'Mastercard Credit Cards',
        'Valid for bills above LKR 1,000\nMaximum savings LKR 1,000',
        'Supermarket',
      ],
      [
        'Valid till 30th September 2026',
        'Mastercard Credit Cards',
        'Valid for bills above LKR 5,000\nMaximum savings LKR 2,000 per bill',
        'Supermarket',
      ],
      [
        'Valid till 30th September 2026',
        'Mastercard Credit & Debit Cards',
        'Valid for orders above LKR 2,500\nMaximum savings LKR 1,200 per order',
        'Online',
      ],
      // The card's validity line wins; lines broken with <br> are lines.
      ['Valid till 31st October 2026', 'Mastercard Credit and Debit Cards', undefined, 'Hotels & Resorts'],
      // The card names no network: the page's wording of the cards.
      [
        'Valid on 24th September 2026',
        'Nations Trust Bank Private Banking Mastercard Credit Cards',
        'Valid for bills above LKR 15,000\nMaximum savings LKR 5,000 per bill',
        'Private Banking',
      ],
    ]);
    expect(items[7]!.description).toBe(
      paragraphs(
        'Enjoy up to 25% savings with your Nations Trust Bank Mastercard Credit and Debit Cards',
        '25% savings on Half Board and Full Board stays from Sunday to Thursday',
        '15% savings on Friday and Saturday stays',
        'Valid till 31st October 2026',
        'Reservations: 081 220 7788',
      ),
    );
  });

  it('reports a card whose page cannot be fetched, and reads the rest', async () => {
    const { items, failures } = await read(replay(answers({ riverstone: null })));
    expect(items).toHaveLength(8);
    expect(failures.at(-1)).toEqual({
      itemKey: 'up-to-25-off-with-mastercard-credit-and-debit-cards',
      title: 'Up to 25% off with Mastercard Credit and Debit Cards',
      reason: `offer page ${PAGES.riverstone} could not be fetched: GET ${PAGES.riverstone} is not in the capture ntb.har`,
    });
  });

  it('fails the run on a listing or a promotion page that is not in the expected structure', async () => {
    const redesigned = readFileSync(
      new URL('../../../fixtures/importers/banks/redesigned.html', import.meta.url),
      'utf8',
    );
    await expect(read(replay(answers({ listing: redesigned })))).rejects.toThrow(
      'Nations Trust Bank promotions: expected .grid-item .promo-box not found — the page structure may have changed',
    );
    await expect(read(replay(answers({ quickbite: redesigned })))).rejects.toThrow(
      `Nations Trust Bank promotion page ${PAGES.quickbite}: expected .saving-rate-table or .description-block not found — the page structure may have changed`,
    );
  });
});

// The fixture's rows are written the way the bank writes its offers: each one's merchant, offer and
// eligibility lines read back as the peer scraped the bank's own wording ("Merchant: offer; lines").
describe.skipIf(!REAL_DATA_DIR)(
  `Nations Trust Bank fixture wording against the bank's texts (skipped: ${REAL_DATA_ABSENT})`,
  () => {
    it("has rows of the same kinds as the bank's own collection rows", () => {
      const texts = JSON.parse(realFile('offer-texts/ntb-scrape-2026-06-10.json')) as Array<{
        offer_about: string;
        source_url: string;
      }>;
      // The bank's rows come from collection pages like the fixture's, at www.nationstrust.com.
      expect(texts.some((text) => text.source_url === PAGES.dining)).toBe(true);
      expect(texts.some((text) => text.source_url === PAGES.supermarkets)).toBe(true);
      // Each kind of line the fixture's rows carry occurs in the bank's wording.
      for (const kind of [
        /^[^:]+: Enjoy \d+% off with Mastercard Credit Cards?;/,
        /Valid every Sunday till \d+\w\w \w+ 20\d\d/,
        /Minimum bill value LKR [\d,]+/,
        /Maximum savings LKR [\d,]+ per bill/,
        /Valid for bills above LKR [\d,]+/,
        /companion dining offer with Private Banking Mastercard Credit Cards/,
      ]) {
        expect(
          texts.some((text) => kind.test(text.offer_about)),
          String(kind),
        ).toBe(true);
      }
    });
  },
);
