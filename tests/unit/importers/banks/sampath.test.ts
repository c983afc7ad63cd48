// Sampath Bank's card promotions API through capture replay, on a MODELLED answer
// (tests/fixtures/importers/banks/sampath/card-promotions.json: its "_fixture" says what it is
// modelled on and what is made up). No real answer of this API has been saved by any peer.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sampathAdapter, SAMPATH_HEADERS } from '../../../../src/server/importers/adapters/banks/sampath.ts';
import { createReplayFetcher, parseHar } from '../../../../src/server/importers/fetch/har.ts';
import type { PoliteFetcher, SourceItem } from '../../../../src/server/importers/types.ts';
import { harOf, type CapturedAnswer } from '../../../support/real-data.ts';
import { recordedReplay, requestLine } from '../../../support/replay-requests.ts';

const NOW = new Date('2026-09-20T04:30:00.000Z');
const API = 'https://www.sampath.lk/api/card-promotions';
const DEFAULT_URL = `${API}?page_number=1&size=100`;
const FIXTURE = readFileSync(
  new URL('../../../fixtures/importers/banks/sampath/card-promotions.json', import.meta.url),
  'utf8',
);
const ANSWER = JSON.parse(FIXTURE) as { data: Array<Record<string, unknown>>; total: number };
const UPLOADS = 'https://www.sampath.lk/api/uploads';
const OFFERS_PAGE = 'https://www.sampath.lk/sampath-cards/credit-card-offer';

/** The answer to page `page` of `size` rows, cut from the fixture as the API pages it. */
const pageOf = (page: number, size: number) =>
  JSON.stringify({ data: ANSWER.data.slice((page - 1) * size, page * size), total: ANSWER.total });
const pageUrl = (page: number, size: number) => `${API}?page_number=${page}&size=${size}`;

function replay(answers: CapturedAnswer[]) {
  return createReplayFetcher(parseHar(harOf(answers), 'sampath.har'), 'sampath.har');
}

const read = (fetcher: PoliteFetcher, url = sampathAdapter.defaultUrl!) =>
  sampathAdapter.read({ url, fetcher, now: NOW });

const paragraphs = (...lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('');
const identity = (item: SourceItem) => ({
  itemKey: item.itemKey,
  title: item.title,
  merchantName: item.merchantName,
  url: item.url,
  imageUrl: item.imageUrl,
});

describe('Sampath Bank adapter (modelled answer of /api/card-promotions)', () => {
  it('reads every promotion of the answer, as an item or as a failure with its reason, in one request', async () => {
    const fetcher = replay([{ url: DEFAULT_URL, body: FIXTURE }]);
    const { items, failures } = await read(fetcher);
    expect(sampathAdapter.defaultUrl).toBe(DEFAULT_URL);
    expect(items.length + failures.length).toBe(ANSWER.data.length);
    expect(items.map((item) => item.itemKey)).toEqual(['2841', '2838', '2830', '2824', '2788']);
    expect(failures).toEqual([
      {
        itemKey: '2809',
        title: 'Get 50% Cashback with Google Pay!',
        reason:
          "company_name 'Exclusive Offers for Visa Cardholders' names the cards, not a merchant: the offer's merchant must be set by hand",
      },
      {
        itemKey: '2795',
        title: 'Enjoy 20% Off on All Treatments',
        reason: "expire_on '31/10/2026' is not a time in epoch milliseconds",
      },
    ]);
    expect(fetcher.requestsTo(DEFAULT_URL)).toBe(1);
  });

  it('sends locale: en and platform: web (and the offers page as Referer) with every request', async () => {
    const { fetcher, sent } = recordedReplay([{ url: DEFAULT_URL, body: FIXTURE }], 'sampath.har');
    await read(fetcher);
    expect(sent.map(requestLine)).toEqual([`GET ${DEFAULT_URL}`]);
    expect(sent[0]!.headers).toMatchObject({
      locale: 'en',
      platform: 'web',
      referer: OFFERS_PAGE,
      accept: 'application/json, text/plain, */*',
    });
  });

  it('gets the promotions from an API that answers an empty list to a request without those headers', async () => {
    const seen: Array<Record<string, string> | undefined> = [];
    const fetcher: PoliteFetcher = {
      async text(url, options) {
        seen.push(options?.headers);
        const answered = options?.headers?.locale === 'en' && options.headers.platform === 'web';
        return {
          url,
          status: 200,
          contentType: 'application/json',
          text: answered ? FIXTURE : JSON.stringify({ data: [], total: 7 }),
        };
      },
      bytes: (url) => Promise.reject(new Error(`unexpected fetch of bytes: ${url}`)),
      stream: (url) => Promise.reject(new Error(`unexpected fetch of a stream: ${url}`)),
    };
    const { items } = await read(fetcher);
    expect(items).toHaveLength(5);
    expect(seen).toEqual([{ ...SAMPATH_HEADERS }]);
  });

  it('gives every item its key, headline, merchant and absolute links', async () => {
    const { items } = await read(replay([{ url: DEFAULT_URL, body: FIXTURE }]));
    expect(items.map(identity)).toEqual([
      {
        itemKey: '2841',
        title: 'Enjoy 15% Off on Total Bill',
        merchantName: 'Threadline Flagship Store',
        url: `${OFFERS_PAGE}?firstTab=Premium_Offers`,
        imageUrl: `${UPLOADS}/blob_5e1a70c2d4_0a93f1b7c6_71d2e8a940`,
      },
      {
        // The banner is a path on the site.
        itemKey: '2838',
        title: 'Enjoy 20% Discount on Total Bill',
        merchantName: 'Kobe Grill House',
        url: `${OFFERS_PAGE}?firstTab=dining`,
        imageUrl: `${UPLOADS}/Kobe_Grill_House_8d1c2e4fa0.jpg`,
      },
      {
        itemKey: '2830',
        title: 'Enjoy 10% Off on Fresh Produce',
        merchantName: 'Greenleaf Supermarkets',
        url: `${OFFERS_PAGE}?firstTab=super_markets`,
        imageUrl: `${UPLOADS}/blob_93c0de1f72_44a8b19e03_c5f6a2d781`,
      },
      {
        itemKey: '2824',
        title: 'Enjoy 25% Discount for Sampath Mastercard Credit & Debit cardholders',
        merchantName: 'Riverbend Hotel Kandy',
        url: `${OFFERS_PAGE}?firstTab=Mastercard_Offers`,
        imageUrl: `${UPLOADS}/blob_ae17c4b930_60f2d8e5a1_b3094c7d26`,
      },
      {
        // No banner.
        itemKey: '2788',
        title: 'Enjoy Upto 40% Discount',
        merchantName: 'Marlin Bay Resort, Trincomalee',
        url: `${OFFERS_PAGE}?firstTab=hotels`,
        imageUrl: undefined,
      },
    ]);
  });

  it('passes the texts on as written, with the epoch-millisecond times as Sri Lanka days', async () => {
    const { items } = await read(replay([{ url: DEFAULT_URL, body: FIXTURE }]));
    expect(items[0]).toEqual({
      itemKey: '2841',
      url: `${OFFERS_PAGE}?firstTab=Premium_Offers`,
      title: 'Enjoy 15% Off on Total Bill',
      merchantName: 'Threadline Flagship Store',
      description: paragraphs(
        'Enjoy 15% Off on Total Bill Value at Threadline Flagship Store',
        'Enjoy 15% Off on Total Bill Value at Threadline Flagship Store, Galle Face for all Sampath Visa Infinite Metal, Visa Infinite, Visa Signature, MasterCard World Credit Cardholders &amp; Sampath Bank American Express® Platinum Ultramiles Credit Cardmembers',
      ),
      rateText: 'Enjoy 15% Off on Total Bill',
      // display_on is Sri Lanka midnight of 4 September: 3 September in UTC.
      validFrom: '2026-09-04',
      validThrough: '2026-10-31',
      cardsText:
        'Sampath Visa Infinite Metal, Visa Infinite, Visa Signature, MasterCard World Credit Cardholders & Sampath Bank American Express® Platinum Ultramiles Credit Cardmembers',
      categoryText: 'Premium Offers',
      imageUrl: `${UPLOADS}/blob_5e1a70c2d4_0a93f1b7c6_71d2e8a940`,
      locations: ['Colombo 03'],
    });
    expect(new Date(Number(ANSWER.data[0]!.display_on)).toISOString().slice(0, 10)).toBe('2026-09-03');
    expect(items[1]).toEqual({
      itemKey: '2838',
      url: `${OFFERS_PAGE}?firstTab=dining`,
      title: 'Enjoy 20% Discount on Total Bill',
      merchantName: 'Kobe Grill House',
      description: paragraphs(
        'Enjoy 20% Discount on Total Bill at Kobe Grill House - Park Street for all Sampath Bank Visa Signature and Visa Infinite Credit Cardholders.',
        'Maximum Bill Value - Rs.50,000/- per cardholder per day',
        'Prior reservations are required.',
        'Period: Every Friday &amp; Saturday till 30th September 2026',
        'Eligibility: Sampath Visa Signature &amp; Visa Infinite Credit Cards',
        'Location: No. 41, Park Street, Colombo 02',
      ),
      rateText: 'Enjoy 20% Discount on Total Bill',
      // The cards_new entries, by their labels; 'Partner' only repeats the merchant.
      dateText: 'Every Friday & Saturday till 30th September 2026',
      validFrom: '2026-09-02',
      validThrough: '2026-09-30',
      cardsText: 'Sampath Visa Signature & Visa Infinite Credit Cards',
      spendText: 'Maximum Bill Value - Rs.50,000/- per cardholder per day',
      categoryText: 'dining',
      imageUrl: `${UPLOADS}/Kobe_Grill_House_8d1c2e4fa0.jpg`,
      locations: ['Colombo 02', 'No. 41, Park Street, Colombo 02'],
    });
  });

  it("keeps the other promotions' rates, dates, cards, spend and codes as written", async () => {
    const { items } = await read(replay([{ url: DEFAULT_URL, body: FIXTURE }]));
    expect(
      items
        .slice(2)
        .map((item) => [
          item.rateText,
          item.validFrom,
          item.validThrough,
          item.cardsText,
          item.spendText,
          item.promoCode,
          item.locations,
        ]),
    ).toEqual([
      [
        'Enjoy 10% Off on Fresh Produce',
        '2026-08-01',
        '2026-12-31',
        'Sampath Credit Cards',
        'Minimum bill Rs. 5,000\nMax discount Rs. 1,500 per card per day',
        undefined,
        undefined,
      ],
      [
        'Enjoy 25% Discount for Sampath Mastercard Credit & Debit cardholders',
        '2026-08-19',
        '2026-11-30',
        'Sampath Mastercard Credit & Debit cardholders',
        undefined,
        'SMPRB25',
        ['Kandy'],
      ],
      [
        'Enjoy Upto 40% Discount',
        '2026-07-13',
        '2027-02-28',
        'Sampath Bank Visa Infinite Metal & Visa Infinite Credit Cardholders',
        undefined,
        undefined,
        ['Trincomalee'],
      ],
    ]);
    // The promotion details repeat the description: each line is kept once.
    expect(items[3]!.description).toBe(
      paragraphs(
        'Enjoy 25% Discount on Accommodation at Riverbend Hotel Kandy for all Sampath Mastercard Credit and Debit Cards',
        'Quote promo code SMPRB25 when booking on 081 220 4455',
      ),
    );
  });

  it('pages by page_number until the rows reach the total, and stops there', async () => {
    const { fetcher, sent } = recordedReplay(
      [1, 2, 3].map((page) => ({ url: pageUrl(page, 3), body: pageOf(page, 3) })),
      'sampath-pages.har',
    );
    const { items, failures } = await read(fetcher, pageUrl(1, 3));
    expect(sent.map(requestLine)).toEqual([`GET ${pageUrl(1, 3)}`, `GET ${pageUrl(2, 3)}`, `GET ${pageUrl(3, 3)}`]);
    expect(sent.every((request) => request.headers.locale === 'en' && request.headers.platform === 'web')).toBe(true);
    expect(items.map((item) => item.itemKey)).toEqual(['2841', '2838', '2830', '2824', '2788']);
    expect(failures.map((failure) => failure.itemKey)).toEqual(['2809', '2795']);
  });

  it('refuses a false-empty answer: no promotions, whatever the total says', async () => {
    for (const total of [212, 0]) {
      const fetcher = replay([{ url: DEFAULT_URL, body: JSON.stringify({ data: [], total }) }]);
      await expect(read(fetcher)).rejects.toThrow(
        `Sampath Bank card promotions API: the answer holds no promotions (total ${total}) — refused as a false-empty answer`,
      );
    }
  });

  it('refuses an answer cut short of its total', async () => {
    // One page holding 6 of the 7 promotions it counts, where 100 were asked for: no second page
    // is asked for (if the API capped the page size, page 2 would start past rows never seen).
    const cut = JSON.stringify({ data: ANSWER.data.slice(0, 6), total: 7 });
    await expect(read(replay([{ url: DEFAULT_URL, body: cut }]))).rejects.toThrow(
      'Sampath Bank card promotions API: the answer holds 6 of the 7 offers its total gives (a cut or false-empty answer)',
    );
    // Paged: the third page comes back empty.
    const paged = replay([
      { url: pageUrl(1, 3), body: pageOf(1, 3) },
      { url: pageUrl(2, 3), body: pageOf(2, 3) },
      { url: pageUrl(3, 3), body: JSON.stringify({ data: [], total: 7 }) },
    ]);
    await expect(read(paged, pageUrl(1, 3))).rejects.toThrow('the answer holds 6 of the 7 offers its total gives');
  });

  it('refuses a second page that repeats the first (the API ignoring page_number)', async () => {
    const fetcher = replay([
      { url: pageUrl(1, 3), body: pageOf(1, 3) },
      { url: pageUrl(2, 3), body: pageOf(1, 3) },
    ]);
    await expect(read(fetcher, pageUrl(1, 3))).rejects.toThrow(
      `Sampath Bank card promotions API: page 2 (${pageUrl(2, 3)}) repeats promotions already read — the API no longer pages by page_number`,
    );
  });

  it('fails the run on a firewall page or an answer of another shape', async () => {
    const rejected = replay([
      {
        url: DEFAULT_URL,
        body: '<html><head><title>Request Rejected</title></head><body>The requested URL was rejected.</body></html>',
      },
    ]);
    await expect(read(rejected)).rejects.toThrow(
      `Sampath Bank card promotions API: ${DEFAULT_URL} answered an HTML page (a firewall's challenge or block page?) where JSON was asked for`,
    );
    const reshaped = replay([{ url: DEFAULT_URL, body: JSON.stringify({ promotions: ANSWER.data, total: 7 }) }]);
    await expect(read(reshaped)).rejects.toThrow(
      `Sampath Bank card promotions API (${DEFAULT_URL}): expected a JSON object with a data array not found — the page structure may have changed`,
    );
  });
});
