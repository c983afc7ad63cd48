// Pan Asia Bank's adapter, replayed from captures built on MODELLED pages (no real payload of
// pabcbank.com exists: the site answers plain clients with a Sucuri challenge). Each fixture's header
// says what it is modelled on: tests/fixtures/importers/banks/pan-asia/.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { panAsiaAdapter } from '../../../../src/server/importers/adapters/banks/pan-asia.ts';
import { createReplayFetcher, parseHar } from '../../../../src/server/importers/fetch/har.ts';
import type { SourceItem } from '../../../../src/server/importers/types.ts';
import { type CapturedAnswer, harOf } from '../../../support/real-data.ts';

const FIXTURES = new URL('../../../fixtures/importers/banks/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
const LISTING = 'https://www.pabcbank.com/card-offers/';
const NOW = new Date('2026-09-20T04:30:00.000Z');
const UPLOADS = 'http://www.pabcbank.com/wp-content/uploads';

/** Reads the listing from a capture holding these answers to its URL. */
async function read(answer: Omit<CapturedAnswer, 'url'>) {
  const fetcher = createReplayFetcher(parseHar(harOf([{ url: LISTING, ...answer }]), 'pan-asia.har'), 'pan-asia.har');
  const result = await panAsiaAdapter.read({ url: panAsiaAdapter.defaultUrl!, fetcher, now: NOW });
  return { ...result, fetcher };
}

const page = fixture('pan-asia/card-offers.html');
const identity = (item: SourceItem) => ({
  itemKey: item.itemKey,
  title: item.title,
  merchantName: item.merchantName,
  url: item.url,
  imageUrl: item.imageUrl,
});

describe('Pan Asia Bank adapter', () => {
  it("reads every entry of the page's arr_offers, as an offer or as a failure with its reason, from one request", async () => {
    const { items, failures, fetcher } = await read({ body: page });
    const entries = page.match(/^\s*cat: "/gm)!.length;
    expect(entries).toBe(7);
    expect(items.length + failures.length).toBe(entries);
    expect(items).toHaveLength(5);
    expect(failures).toEqual([
      {
        itemKey: 'arr_offers[5]',
        title:
          '10% off on your annual vehicle service at Lakeside Motor Works every Saturday till 31st October 2026 with your Pan Asia Bank Credit Card.',
        reason: 'offer has no image (img), which is its only identity',
      },
      {
        itemKey: '2026/07/Insurance-IPP.jpg',
        title:
          'Pay your insurance premiums in interest-free instalments with no added fees on transactions above Rs. 50,000 with Pan Asia Bank Black and World Credit Cards.',
        reason: 'no merchant named in the offer\'s text (expected "… at <merchant> with …")',
      },
    ]);
    expect(fetcher.requestsTo(LISTING)).toBe(1);
  });

  it('gives every offer its key, headline, merchant and absolute links', async () => {
    const { items } = await read({ body: page });
    expect(items.map(identity)).toEqual([
      {
        itemKey: '2026/09/FreshMart-Wednesday.jpg',
        // The sentence that names the merchant, not the slogan before it.
        title:
          'Enjoy 25% off on fresh vegetables, fruits, meat and seafood at FreshMart Supermarkets every Wednesday in September 2026 with your Pan Asia Bank Credit Card.',
        merchantName: 'FreshMart Supermarkets',
        url: LISTING,
        imageUrl: `${UPLOADS}/2026/09/FreshMart-Wednesday.jpg`,
      },
      {
        itemKey: '2026/09/Coral-Sands-Resort.jpg',
        title: 'Enjoy up to 35% OFF at Coral Sands Resort & Spa – Pasikuda with your Pan Asia Bank Credit Card.',
        // The name ends at the dash before the branch.
        merchantName: 'Coral Sands Resort & Spa',
        url: LISTING,
        imageUrl: `${UPLOADS}/2026/09/Coral-Sands-Resort.jpg`,
      },
      {
        itemKey: '2026/08/Homestyle-IPP.jpg',
        title:
          '0% Instalment Plans up to 24 months at Homestyle Electronics for purchases above Rs. 50,000 with your Pan Asia Bank Credit Card.',
        merchantName: 'Homestyle Electronics',
        url: LISTING,
        imageUrl: `${UPLOADS}/2026/08/Homestyle-IPP.jpg`,
      },
      {
        itemKey: '2026/09/Ratna-Jewellers.jpg',
        title:
          'Up to 30% off on gem-set jewellery at Ratna Gems & Jewellers, Colombo 04 from 1st September to 31st October 2026 with Pan Asia Bank Credit & Debit Cards.',
        merchantName: 'Ratna Gems & Jewellers',
        url: LISTING,
        imageUrl: `${UPLOADS}/2026/09/Ratna-Jewellers.jpg`,
      },
      {
        itemKey: '2026/09/ShopEasy-Online.jpg',
        title:
          'Shop online and save 15% at www.shopeasy.lk with promo code PABC15 using your Pan Asia Bank Credit Card.',
        merchantName: 'www.shopeasy.lk',
        url: LISTING,
        imageUrl: `${UPLOADS}/2026/09/ShopEasy-Online.jpg`,
      },
    ]);
  });

  it("passes the card's texts on as written, and not its posted date as the validity", async () => {
    const { items } = await read({ body: page });
    expect(items[0]).toEqual({
      itemKey: '2026/09/FreshMart-Wednesday.jpg',
      url: LISTING,
      title:
        'Enjoy 25% off on fresh vegetables, fruits, meat and seafood at FreshMart Supermarkets every Wednesday in September 2026 with your Pan Asia Bank Credit Card.',
      merchantName: 'FreshMart Supermarkets',
      description:
        '<p>Fill your basket for less! Enjoy 25% off on fresh vegetables, fruits, meat and seafood at FreshMart Supermarkets every Wednesday in September 2026 with your Pan Asia Bank Credit Card. Minimum bill value: Rs. 5,000/-. Maximum discount Rs. 2,000 per card per day. Conditions apply.</p>',
      rateText: '25% OFF',
      cardsText: 'Credit card',
      categoryText: 'Supermarkets',
      imageUrl: `${UPLOADS}/2026/09/FreshMart-Wednesday.jpg`,
    });
    // The back's HTML (paragraphs, entities, an escaped dash in the script) is read as lines of text.
    expect(items[1]).toEqual({
      itemKey: '2026/09/Coral-Sands-Resort.jpg',
      url: LISTING,
      title: 'Enjoy up to 35% OFF at Coral Sands Resort & Spa – Pasikuda with your Pan Asia Bank Credit Card.',
      merchantName: 'Coral Sands Resort & Spa',
      description:
        '<p>Enjoy up to 35% OFF at Coral Sands Resort &amp; Spa – Pasikuda with your Pan Asia Bank Credit Card. Receive 35% OFF on weekdays and 20% OFF on weekends for bookings made until 30th September 2026, with stays valid until 30th November 2026.</p>' +
        '<p>For reservations, call 011 7 654 321. T&amp;Cs apply.</p>',
      rateText: '35% OFF',
      cardsText: 'Credit card',
      categoryText: 'Hotel',
      imageUrl: `${UPLOADS}/2026/09/Coral-Sands-Resort.jpg`,
    });
    expect(
      items.map((item) => [item.rateText, item.cardsText, item.categoryText, item.promoCode, item.dateText]),
    ).toEqual([
      ['25% OFF', 'Credit card', 'Supermarkets', undefined, undefined],
      ['35% OFF', 'Credit card', 'Hotel', undefined, undefined],
      ['0%', 'Credit card', 'Lifestyle', undefined, undefined],
      ['Up to 30% OFF', 'Debit card & Credit card', 'Jewellery', undefined, undefined],
      ['15% OFF', 'Credit card', 'Online Shopping', 'PABC15', undefined],
    ]);
  });

  it('reads a catalogue written as JSON (quoted keys, escaped slashes) the same way', async () => {
    const json = JSON.stringify([
      {
        cat: '18',
        img: `${UPLOADS}/2026/09/FreshMart-Wednesday.jpg`,
        text: '25% OFF',
        date: '01-09-2026',
        backtext: 'Enjoy 25% off at FreshMart Supermarkets every Wednesday.',
        offer_type: ['Credit card'],
      },
    ]).replace(/\//g, '\\/');
    const { items, failures } = await read({
      body: `<html><body><script>var arr_offers = ${json};</script></body></html>`,
    });
    expect(failures).toEqual([]);
    expect(items.map(identity)).toEqual([
      {
        itemKey: '2026/09/FreshMart-Wednesday.jpg',
        title: 'Enjoy 25% off at FreshMart Supermarkets every Wednesday.',
        merchantName: 'FreshMart Supermarkets',
        url: LISTING,
        imageUrl: `${UPLOADS}/2026/09/FreshMart-Wednesday.jpg`,
      },
    ]);
  });

  it('returns no offers for a page whose catalogue is empty', async () => {
    const empty = page.replace(/^var arr_offers = \[[\s\S]*?^\];/m, 'var arr_offers = [];');
    expect(empty).not.toBe(page);
    const { items, failures } = await read({ body: empty });
    expect({ items, failures }).toEqual({ items: [], failures: [] });
  });
});

describe('Pan Asia Bank adapter behind the Sucuri firewall', () => {
  const notRead = 'the offers were not read';

  it('fails the run on the JavaScript challenge answered with 200, never reading it as no offers', async () => {
    await expect(read({ body: fixture('pan-asia/sucuri-challenge.html') })).rejects.toThrow(
      `Pan Asia Bank listing: ${LISTING} answered the Sucuri firewall's JavaScript challenge, not the offers page: the importer runs no script to pass it, so ${notRead}`,
    );
  });

  it('fails the run on the Access Denied page answered with 200', async () => {
    await expect(read({ body: fixture('pan-asia/sucuri-access-denied.html') })).rejects.toThrow(
      // The fetcher knows Sucuri's page (src/server/importers/fetch/firewall.ts).
      `GET ${LISTING} answered Sucuri's challenge or block page, not the page: the site's firewall turned the importer away`,
    );
  });

  it.each([
    [
      'a 403 with the Access Denied page',
      { status: 403, body: fixture('pan-asia/sucuri-access-denied.html') },
      'answered 403',
    ],
    ['a 307 without a Location', { status: 307, body: '' }, 'answered 307'],
  ])('fails the run on %s, naming the firewall', async (_, answer, status) => {
    await expect(read(answer)).rejects.toThrow(
      `Pan Asia Bank listing: GET ${LISTING} ${status} — pabcbank.com is behind the Sucuri firewall, which answers so to a client it blocks or sends to its JavaScript challenge: ${notRead}`,
    );
  });

  it("fails the run on a page that is neither the offers page nor Sucuri's", async () => {
    await expect(read({ body: fixture('redesigned.html') })).rejects.toThrow(
      'Pan Asia Bank listing: expected the offers catalogue (var arr_offers = […] in an inline script) not found — the page structure may have changed',
    );
  });

  it('fails the run when the catalogue is not a literal it can read', async () => {
    const computed = page.replace(/^var arr_offers = \[/m, 'var arr_offers = window.pabcOffers || [');
    await expect(read({ body: computed })).rejects.toThrow(
      /^Pan Asia Bank listing: the offers catalogue \(arr_offers\) in https:\/\/www\.pabcbank\.com\/card-offers\/ could not be read: a value that is not a literal at character \d+/,
    );
  });
});
