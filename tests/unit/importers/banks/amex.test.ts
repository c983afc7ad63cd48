// American Express (Nations Trust Bank) offers through capture replay, on MODELLED category pages
// (tests/fixtures/importers/banks/amex/*.html: each file's header says what it is modelled on and
// what is made up). No peer has saved a real americanexpress.lk page.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AMEX_CATEGORIES, amexAdapter } from '../../../../src/server/importers/adapters/banks/amex.ts';
import { createReplayFetcher, parseHar } from '../../../../src/server/importers/fetch/har.ts';
import type { PoliteFetcher, SourceItem } from '../../../../src/server/importers/types.ts';
import { harOf, type CapturedAnswer } from '../../../support/real-data.ts';
import { recordedReplay, requestLine } from '../../../support/replay-requests.ts';

const NOW = new Date('2026-09-20T04:30:00.000Z');
const OFFERS = 'https://www.americanexpress.lk/en/offers';
const IMAGES = 'https://www.americanexpress.lk/images/specialOffers';
const CARDS = 'Nations Trust Bank American Express Credit Cards';
const fixture = (name: string) =>
  readFileSync(new URL(`../../../fixtures/importers/banks/amex/${name}`, import.meta.url), 'utf8');
const PAGES: Record<string, string> = {
  'dining-offers': fixture('dining-offers.html'),
  'supermarket-offers': fixture('supermarket-offers.html'),
  'travel-offers': fixture('travel-offers.html'),
  'special-offers': fixture('special-offers.html'),
};
const EMPTY = fixture('empty-category.html');
const SLUGS = AMEX_CATEGORIES.map(([slug]) => slug);

/** Every category page: the fixture where there is one, else a category page with no offers. */
function answers(changes: Record<string, Partial<CapturedAnswer>> = {}): CapturedAnswer[] {
  return SLUGS.map((slug) => ({ url: `${OFFERS}/${slug}`, body: PAGES[slug] ?? EMPTY, ...changes[slug] }));
}
function replay(captured: CapturedAnswer[]) {
  return createReplayFetcher(parseHar(harOf(captured), 'amex.har'), 'amex.har');
}
const read = (fetcher: PoliteFetcher) => amexAdapter.read({ url: amexAdapter.defaultUrl!, fetcher, now: NOW });

const paragraphs = (...lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('');
const identity = (item: SourceItem) => ({
  itemKey: item.itemKey,
  title: item.title,
  merchantName: item.merchantName,
  url: item.url,
  imageUrl: item.imageUrl,
});

describe('American Express (Nations Trust Bank) adapter (modelled category pages)', () => {
  it('reads each of the eleven category pages once, in order', async () => {
    const { fetcher, sent } = recordedReplay(answers(), 'amex.har');
    await read(fetcher);
    expect(amexAdapter.defaultUrl).toBe(OFFERS);
    expect(amexAdapter.bankName).toBe('Nations Trust Bank');
    expect(sent.map(requestLine)).toEqual(
      [
        'dining-offers',
        'wellness-offers',
        'supermarket-offers',
        'lodging-offers',
        'homecare-offers',
        'clothing-offers',
        'online-offers',
        'travel-offers',
        'healthcare',
        'installment-offers',
        'special-offers',
      ].map((slug) => `GET ${OFFERS}/${slug}`),
    );
  });

  it('reads every offer block, as an item or a failure, keeping an offer listed twice once', async () => {
    const fetcher = replay(answers());
    const { items, failures } = await read(fetcher);
    // Ten blocks: seven offers, two failures, and the supermarket offer repeated under special offers.
    expect(items).toHaveLength(7);
    expect(failures).toEqual([
      {
        itemKey: 'Dining: Spice Route Grill',
        title: 'Spice Route Grill',
        reason: 'offer block has no link to its offer page',
      },
      { itemKey: 'special-offers/amex-anniversary', reason: 'offer block has no heading (.alloffer-heading)' },
    ]);
    for (const slug of SLUGS) expect(fetcher.requestsTo(`${OFFERS}/${slug}`)).toBe(1);
  });

  it('gives every item its key, merchant and absolute links', async () => {
    const { items } = await read(replay(answers()));
    expect(items.map(identity)).toEqual([
      {
        // The banner is a path on the site.
        itemKey: 'dining-offers/nuga-gama-cafe',
        title: 'Nuga Gama Café',
        merchantName: 'Nuga Gama Café',
        url: `${OFFERS}/dining-offers/nuga-gama-cafe`,
        imageUrl: `${IMAGES}/dining/Nuga_Gama_Cafe.jpg`,
      },
      {
        itemKey: 'dining-offers/pizza-corner-tuesday',
        title: 'Pizza Corner',
        merchantName: 'Pizza Corner',
        url: `${OFFERS}/dining-offers/pizza-corner-tuesday`,
        imageUrl: `${IMAGES}/dining/Pizza_Corner.png`,
      },
      {
        itemKey: 'supermarket-offers/freshmart-super-20',
        title: 'FreshMart Super',
        merchantName: 'FreshMart Super',
        url: `${OFFERS}/supermarket-offers/freshmart-super-20`,
        imageUrl: `${IMAGES}/supermarket/FreshMart.jpg`,
      },
      {
        itemKey: 'supermarket-offers/lanka-family-supermarket',
        title: 'Lanka Family Supermarket',
        merchantName: 'Lanka Family Supermarket',
        url: `${OFFERS}/supermarket-offers/lanka-family-supermarket`,
        imageUrl: `${IMAGES}/supermarket/Lanka_Family_Logo.png`,
      },
      {
        itemKey: 'supermarket-offers/freshmart-online-2',
        title: 'FreshMart Online',
        merchantName: 'FreshMart Online',
        url: `${OFFERS}/supermarket-offers/freshmart-online-2`,
        imageUrl: `${IMAGES}/supermarket/freshmart_online.png`,
      },
      {
        itemKey: 'travel-offers/island-air-installments',
        title: 'Island Air',
        merchantName: 'Island Air',
        url: `${OFFERS}/travel-offers/island-air-installments`,
        imageUrl: `${IMAGES}/travel/Island_Air.jpg`,
      },
      {
        itemKey: 'travel-offers/lakeside-holiday-resort',
        title: 'Lakeside Holiday Resort',
        merchantName: 'Lakeside Holiday Resort',
        url: `${OFFERS}/travel-offers/lakeside-holiday-resort`,
        imageUrl: `${IMAGES}/travel/Lakeside.jpg`,
      },
    ]);
  });

  it('passes the block texts on as written, with the category page as the category and the cards as American Express', async () => {
    const { items } = await read(replay(answers()));
    expect(items[0]).toEqual({
      itemKey: 'dining-offers/nuga-gama-cafe',
      url: `${OFFERS}/dining-offers/nuga-gama-cafe`,
      title: 'Nuga Gama Café',
      merchantName: 'Nuga Gama Café',
      description: paragraphs(
        'Valid till 31st December 2026',
        'Minimum bill Rs. 5,000 &amp; maximum savings Rs. 2,500 per card per day',
      ),
      rateText: '20% Savings',
      dateText: 'Valid till 31st December 2026',
      cardsText: CARDS,
      categoryText: 'Dining',
      imageUrl: `${IMAGES}/dining/Nuga_Gama_Cafe.jpg`,
      locations: ['Colombo 07'],
    });
    expect(items[2]).toEqual({
      itemKey: 'supermarket-offers/freshmart-super-20',
      url: `${OFFERS}/supermarket-offers/freshmart-super-20`,
      title: 'FreshMart Super',
      merchantName: 'FreshMart Super',
      description: paragraphs(
        'Valid on Sundays till 30th September 2026',
        'On fresh meat, fruits and vegetables. Minimum bill Rs. 5,000, maximum savings Rs. 1,500',
      ),
      rateText: '25% Savings',
      dateText: 'Valid on Sundays till 30th September 2026',
      cardsText: CARDS,
      // Listed under special offers too; the first category wins.
      categoryText: 'Supermarket',
      imageUrl: `${IMAGES}/supermarket/FreshMart.jpg`,
    });
    expect(items.map((item) => [item.rateText, item.dateText, item.categoryText, item.locations])).toEqual([
      ['20% Savings', 'Valid till 31st December 2026', 'Dining', ['Colombo 07']],
      ['Buy 1 Get 1 Free', 'Valid every Tuesday till 30th November 2026', 'Dining', undefined],
      ['25% Savings', 'Valid on Sundays till 30th September 2026', 'Supermarket', undefined],
      // A non-breaking space is read as a space.
      ['30% Savings', 'Valid on selected dates till 30th September 2026', 'Supermarket', undefined],
      ['15% Savings', 'Valid till 30th September 2026', 'Supermarket', undefined],
      ['Up to 12 Months 0% Installment', 'Valid till 31st December 2026', 'Travel', undefined],
      ['35% Savings', 'Valid from 1st October 2026 to 31st March 2027', 'Travel', ['Habarana']],
    ]);
    expect(items.every((item) => item.cardsText === CARDS)).toBe(true);
  });

  it("fails the run on a block page, the site's error page or a category redirected away", async () => {
    const blocked =
      '<html><head><META NAME="robots" CONTENT="noindex,nofollow"></head><body>Request unsuccessful. Incapsula incident ID: 1234000560012345678-98765432101234567</body></html>';
    await expect(read(replay(answers({ 'supermarket-offers': { body: blocked } })))).rejects.toThrow(
      // The fetcher knows Imperva's page (src/server/importers/fetch/firewall.ts).
      `GET ${OFFERS}/supermarket-offers answered Imperva Incapsula's challenge or block page, not the page: the site's firewall turned the importer away`,
    );
    const error =
      '<html><head><title>General Error - American Express</title></head><body><h2>Sorry, Something went wrong. Please try again later.</h2></body></html>';
    await expect(read(replay(answers({ 'dining-offers': { body: error } })))).rejects.toThrow(
      `American Express (Nations Trust Bank) offers: ${OFFERS}/dining-offers answered the site's error page ("Sorry, Something went wrong")`,
    );
    const redirected = replay([
      ...answers({
        'travel-offers': { status: 302, headers: { location: 'https://www.americanexpress.lk/en' }, body: '' },
      }),
      {
        url: 'https://www.americanexpress.lk/en',
        body: '<html><body><h1>American Express Sri Lanka</h1></body></html>',
      },
    ]);
    await expect(read(redirected)).rejects.toThrow(
      `American Express (Nations Trust Bank) offers: ${OFFERS}/travel-offers was redirected to https://www.americanexpress.lk/en (a bot challenge, or a category that moved)`,
    );
  });

  it('fails the run when no category page has an offer block (a redesign)', async () => {
    const redesigned = fixture('../redesigned.html');
    await expect(read(replay(SLUGS.map((slug) => ({ url: `${OFFERS}/${slug}`, body: redesigned }))))).rejects.toThrow(
      'American Express (Nations Trust Bank) offers: expected .alloffer-box-inner offer blocks on any of the 11 category pages not found — the page structure may have changed',
    );
  });
});
