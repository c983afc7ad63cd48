// The DFCC Bank adapter on MODELLED pages (tests/fixtures/importers/banks/dfcc/: each file's header says what it is
// modelled on; no real page of the bank was saved), replayed from a capture as the importer's --replay does, so the
// test also proves which URLs the adapter asks for: the hub and each category page, no promotion page.
import { readFileSync } from 'node:fs';
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { dfccAdapter } from '../../../../src/server/importers/adapters/banks/dfcc.ts';
import { createReplayFetcher, parseHar } from '../../../../src/server/importers/fetch/har.ts';
import type { PoliteFetcher, SourceItem } from '../../../../src/server/importers/types.ts';
import { BANKS } from '../../../../src/server/seed/data.ts';
import { type CapturedAnswer, harOf } from '../../../support/real-data.ts';

const FIXTURES = new URL('../../../fixtures/importers/banks/dfcc/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
const NOW = new Date('2026-06-15T04:30:00.000Z');

const SITE = 'https://www.dfcc.lk';
const HUB = `${SITE}/cards/card-offers/credit-card-offers`;
const category = (slug: string) => `${SITE}/cards/card-offers/${slug}`;
const promotion = (slug: string) => `${SITE}/cards/cards-promotions/${slug}`;
const IMAGES = `${SITE}/uploads/promotions/2026`;

// In reading order: the VISA Offers page comes before Hotels on the hub; card-network pages are read last.
const CATEGORIES = [
  'dining-promotion-credit',
  'supermarkets-credit',
  'hotels-credit',
  '0-easy-payment-plans-promotion',
  'visa-offers',
];
const ANSWERS: CapturedAnswer[] = [
  { url: HUB, body: fixture('credit-card-offers.html') },
  ...CATEGORIES.map((slug) => ({ url: category(slug), body: fixture(`category-${slug}.html`) })),
];

/** Reads DFCC from a capture of these answers, noting every page asked for. */
async function read(answers: CapturedAnswer[] = ANSWERS) {
  const replay = createReplayFetcher(parseHar(harOf(answers), 'dfcc.har'), 'dfcc.har');
  const requested: string[] = [];
  const fetcher: PoliteFetcher = {
    text: (url, options) => {
      requested.push(url);
      return replay.text(url, options);
    },
    bytes: (url, options) => replay.bytes(url, options),
    stream: (url, reader, options) => replay.stream(url, reader, options),
  };
  const result = await dfccAdapter.read({ url: dfccAdapter.defaultUrl!, fetcher, now: NOW });
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

describe('DFCC Bank adapter', () => {
  it('reads the hub and every category page it links to, and no promotion page', async () => {
    const { items, failures, requested } = await read();
    expect(requested).toEqual([HUB, ...CATEGORIES.map(category)]);
    // Eight cards: six offers, one naming no merchant, and the Visa page's repeat of Olive & Ember.
    const cards = CATEGORIES.reduce(
      (count, slug) => count + load(fixture(`category-${slug}.html`))('a.cardd').length,
      0,
    );
    expect(cards).toBe(8);
    expect(items).toHaveLength(6);
    expect(failures).toEqual([
      {
        itemKey: 'weekend-getaway-2',
        title: 'Special savings on weekend room bookings with DFCC Credit Cards.',
        reason:
          'no merchant name: the offer text names none ("… at <merchant> with DFCC …") and the banner\'s alt text is not a name',
      },
    ]);
  });

  it('gives every item its key, offer sentence, merchant and absolute links', async () => {
    const { items } = await read();
    expect(items.map(identity)).toEqual([
      {
        itemKey: 'olive-and-ember',
        title: '20% Savings on dine-in at Olive & Ember, Colombo 07 with DFCC Credit Cards.',
        merchantName: 'Olive & Ember',
        url: promotion('olive-and-ember'),
        imageUrl: `${IMAGES}/olive-and-ember.jpg`,
      },
      {
        // The banner's alt text is 'web banner 03': the merchant is the one the text names.
        itemKey: 'bean-there-cafe-kandy',
        title: 'Up to 15% Savings at Bean There Café – Kandy outlet with DFCC Credit Cards.',
        merchantName: 'Bean There Café – Kandy',
        url: promotion('bean-there-cafe-kandy'),
        imageUrl: `${IMAGES}/bean-there-web-banner-03.jpg`,
      },
      {
        itemKey: 'freshco-supermarket',
        title:
          '25% Savings on Fresh Vegetables, Fruits & Seafood at all FreshCo Supermarket outlets for bills over Rs. 5,000/- with DFCC Credit Cards. Maximum savings Rs. 3,000/- per card per day.',
        merchantName: 'FreshCo Supermarket',
        url: promotion('freshco-supermarket'),
        imageUrl: `${IMAGES}/freshco.png`,
      },
      {
        itemKey: 'lagoon-edge-resort-kalpitiya',
        title:
          'Up to 45% Savings at Lagoon Edge Resort, Kalpitiya on double & triple room bookings on half board & full board basis stays with DFCC Credit Cards.',
        merchantName: 'Lagoon Edge Resort',
        url: promotion('lagoon-edge-resort-kalpitiya'),
        imageUrl: `${IMAGES}/lagoon-edge.jpg`,
      },
      {
        // The text names no merchant ('… on school fee payments …'): the banner's alt text does.
        itemKey: '06-and-12-months-0-easy-payment-plans-on-school-fees',
        title: '06 & 12 Months 0% Easy Payment Plans on school fee payments over Rs. 25,000/- with DFCC Credit Cards.',
        merchantName: 'Horizon International School',
        url: promotion('06-and-12-months-0-easy-payment-plans-on-school-fees'),
        imageUrl: `${IMAGES}/horizon-international-school.jpg`,
      },
      {
        itemKey: 'petals-and-blooms-2',
        title: '10% Savings at Petals & Blooms outlets with DFCC Visa Credit Cards.',
        merchantName: 'Petals & Blooms',
        url: promotion('petals-and-blooms-2'),
        imageUrl: `${IMAGES}/petals-and-blooms.jpg`,
      },
    ]);
  });

  it('passes the card texts on as written', async () => {
    const { items } = await read();
    expect(items[1]).toEqual({
      itemKey: 'bean-there-cafe-kandy',
      url: promotion('bean-there-cafe-kandy'),
      title: 'Up to 15% Savings at Bean There Café – Kandy outlet with DFCC Credit Cards.',
      merchantName: 'Bean There Café – Kandy',
      description: paragraphs(
        'Up to 15% Savings at Bean There Café – Kandy outlet with DFCC Credit Cards.',
        '*15% Savings on Coffee Beans and Powders',
        '*10% Savings on Pastries',
      ),
      rateText: 'Up to 15%',
      dateText: 'Monday, Tuesday and Wednesday from 01st to 29th July 2026',
      cardsText: 'DFCC Credit Cards',
      categoryText: 'Dining',
      imageUrl: `${IMAGES}/bean-there-web-banner-03.jpg`,
    });
    expect(items[5]).toEqual({
      itemKey: 'petals-and-blooms-2',
      url: promotion('petals-and-blooms-2'),
      title: '10% Savings at Petals & Blooms outlets with DFCC Visa Credit Cards.',
      merchantName: 'Petals & Blooms',
      description: paragraphs(
        '10% Savings at Petals &amp; Blooms outlets with DFCC Visa Credit Cards.',
        '* Valid on Tap to Pay Transactions only.',
      ),
      rateText: '10%',
      dateText: 'Every Thursday from 01st February 2026 to 31st July 2026',
      cardsText: 'DFCC Visa Credit Cards',
      // A card-network page names no category.
      categoryText: undefined,
      imageUrl: `${IMAGES}/petals-and-blooms.jpg`,
    });
    expect(items.map((item) => [item.rateText, item.dateText, item.categoryText])).toEqual([
      // Listed under Dining and again under VISA Offers: Dining stands.
      ['20%', 'Valid till 30th September 2026', 'Dining'],
      ['Up to 15%', 'Monday, Tuesday and Wednesday from 01st to 29th July 2026', 'Dining'],
      ['25%', 'Every Friday from 03rd to 24th July 2026', 'Supermarkets'],
      ['Up to 45%', '10th June to 31st August 2026', 'Hotels'],
      // No rate badge; the category named only by its tile's image.
      [undefined, '01st April to 31st December 2026', '0% Easy Payment Plans'],
      ['10%', 'Every Thursday from 01st February 2026 to 31st July 2026', undefined],
    ]);
  });

  it('gives each item a key of its own, the same on every read', async () => {
    const first = (await read()).items.map((item) => item.itemKey);
    expect(new Set(first).size).toBe(first.length);
    expect((await read()).items.map((item) => item.itemKey)).toEqual(first);
  });

  it('reports a category page with no offers, and reads the rest', async () => {
    const { items, failures } = await read(
      answering(category('hotels-credit'), without('category-hotels-credit.html', 'a.cardd')),
    );
    expect(items.map((item) => item.itemKey)).not.toContain('lagoon-edge-resort-kalpitiya');
    expect(items).toHaveLength(5);
    expect(failures).toEqual([
      {
        itemKey: category('hotels-credit'),
        title: 'Hotels',
        reason: 'category page lists no offers (a.cardd): empty, or its structure changed',
      },
    ]);
  });

  it('fails the run when a category page cannot be fetched (its offers would look ended)', async () => {
    await expect(read(answering(category('supermarkets-credit')))).rejects.toThrow(
      `GET ${category('supermarkets-credit')} is not in the capture dfcc.har`,
    );
  });

  it('fails the run when the hub links to no category page', async () => {
    await expect(read(answering(HUB, without('credit-card-offers.html', '.categoryGrid')))).rejects.toThrow(
      'DFCC Bank credit card offers: expected links to category pages (/cards/card-offers/<category>) not found — the page structure may have changed',
    );
  });

  it('fails the run when no category page holds an offer card (a redesign, not a bank without offers)', async () => {
    const emptied = ANSWERS.map((answer) =>
      answer.url === HUB
        ? answer
        : { ...answer, body: without(`category-${answer.url.split('/').pop()}.html`, 'a.cardd') },
    );
    await expect(read(emptied)).rejects.toThrow(
      'DFCC Bank card offers: expected offer cards (a.cardd) on any of the 5 category pages not found — the page structure may have changed',
    );
  });

  it('names the bank as the catalogue does', () => {
    expect(BANKS.map((bank) => bank.name)).toContain(dfccAdapter.bankName);
    expect([dfccAdapter.adapter, dfccAdapter.bankName]).toEqual(['dfcc', 'DFCC Bank']);
  });
});
