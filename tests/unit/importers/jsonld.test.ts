// The schema.org adapter (src/server/importers/adapters/jsonld.ts): the fixture pages under
// tests/fixtures/importers/jsonld/ read into items with every field the markup states, @id
// references resolved, broken blocks and unusable offers reported, and the adapter's reading of
// one or several pages.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jsonLdAdapter, readJsonLdOffers } from '../../../src/server/importers/adapters/jsonld.ts';
import type { FetchedText, PoliteFetcher } from '../../../src/server/importers/types.ts';

const fixture = (name: string) => readFileSync(`tests/fixtures/importers/jsonld/${name}`, 'utf8');
/** A page with the given JSON-LD blocks. */
const page = (...blocks: unknown[]) =>
  `<html><head>${blocks.map((block) => `<script type="application/ld+json">${JSON.stringify(block)}</script>`).join('')}</head><body></body></html>`;
const CONTEXT = 'https://schema.org';

describe('readJsonLdOffers: the fixture pages', () => {
  it('a restaurant page: both offers inside the Restaurant, every field mapped', () => {
    const pageUrl = 'https://lagoonbreeze.lk/offers';
    const { items, failures } = readJsonLdOffers(fixture('restaurant.html'), pageUrl);
    expect(failures).toEqual([]);
    expect(items).toEqual([
      {
        itemKey: 'https://lagoonbreeze.lk/offers#hnb-weekend',
        url: 'https://lagoonbreeze.lk/offers/hnb-weekend',
        title: '25% off on dinner for HNB Credit Cards',
        // The business around the offer, not the company behind the site.
        merchantName: 'Lagoon Breeze Grill',
        description:
          'Enjoy 25% off the total bill on dinner every Friday and Saturday with HNB Credit Cards. Not valid with other promotions.',
        bankName: 'HNB',
        rateText: '25% off',
        validFrom: '2026-06-01',
        validThrough: '2026-08-31',
        cardsText: 'HNB Credit Card holders',
        minBill: 5000,
        locations: ['Colombo 03'],
        imageUrl: 'https://lagoonbreeze.lk/images/offers/hnb-weekend.jpg',
        categoryText: 'Dining',
      },
      {
        // No @id, url or sku: the offer's place on the page.
        itemKey: `${pageUrl}#2`,
        url: pageUrl,
        // No name: the restaurant's name with the discount of its price specification.
        title: 'Lagoon Breeze Grill: 15% off',
        merchantName: 'Lagoon Breeze Grill',
        rateText: '15% off',
        validThrough: '2026-07-15T23:59:59+05:30',
        cardsText: 'VISA',
        locations: ['Colombo 03'],
        imageUrl: 'https://lagoonbreeze.lk/images/front.jpg',
        // No category: the kind of business and its cuisines.
        categoryText: 'Restaurant, Seafood, Sri Lankan',
      },
    ]);
  });

  it('a @graph page: references resolved, each offer once, types written every way', () => {
    const { items, failures } = readJsonLdOffers(fixture('graph-references.html'), 'https://palmshore.lk/deals/');
    expect(failures).toEqual([]);
    expect(items).toEqual([
      {
        itemKey: 'https://palmshore.lk/deals/#staycation',
        url: 'https://palmshore.lk/deals/',
        title: 'Up to 30% off weekend staycations',
        merchantName: 'Palm Shore Hotels PLC', // seller → #org
        bankName: 'Sampath Bank', // sponsor → #sampath, a BankOrCreditUnion
        description: 'Save up to 30% on half board stays with Sampath Bank credit cards.',
        rateText: 'Up to 30% off',
        validThrough: '2026-09-30', // priceValidUntil
        channel: 'both', // the hotel (a place) and a booking site
        website: 'https://book.palmshore.lk/',
        locations: ['Bentota'], // #hotel → address → #address
        imageUrl: 'https://palmshore.lk/img/pool.jpg', // the hotel's first image
        categoryText: 'Hotels & Travel',
      },
      {
        itemKey: 'https://palmshore.lk/deals/#spa',
        url: 'https://palmshore.lk/deals/',
        title: '20% off spa treatments',
        merchantName: 'Palm Shore Hotels PLC',
        bankName: 'Sampath Bank',
        rateText: '20% off',
        validFrom: '2026-05-01', // availabilityStarts
        dateText: 'Valid until 31 October 2026', // availabilityEnds that is not a date
        channel: 'inStore',
        locations: ['Bentota'],
        imageUrl: 'https://palmshore.lk/img/spa.jpg', // ImageObject.contentUrl
        categoryText: 'Hotel, Resort',
      },
    ]);
  });

  it("an aggregator's ItemList: keys from sku, identifier and url; banks from offeredBy and eligible customers; a nameless offer fails", () => {
    const pageUrl = 'https://dealhub.example.lk/cards/this-week';
    const { items, failures } = readJsonLdOffers(fixture('aggregator-itemlist.html'), pageUrl);
    expect(items).toEqual([
      {
        itemKey: 'DH-1841',
        url: 'https://dealhub.example.lk/offers/1841', // the ListItem's url
        title: 'Up to 40% off on fashion',
        merchantName: 'Odel',
        bankName: 'Commercial Bank of Ceylon',
        description: 'Up to 40% off on selected clothing with Commercial Bank credit cards.',
        rateText: 'Up to 40% off',
        validFrom: '2026-06-01',
        validThrough: '2026-06-30',
        imageUrl: 'https://cdn.dealhub.example.lk/offers/1841.jpg',
        categoryText: 'Fashion, Clothing',
      },
      {
        itemKey: 'DH-1852', // identifier.value
        url: pageUrl,
        title: 'Keells: 10% off groceries', // the ListItem's name, which states the discount already
        merchantName: 'Keells',
        bankName: 'Nations Trust Bank', // an Organization named as a bank
        rateText: '10% off',
        validThrough: '2026-06-15',
        minBill: 7500,
        channel: 'online',
      },
      {
        itemKey: 'https://dealhub.example.lk/offers/1860',
        url: 'https://dealhub.example.lk/offers/1860',
        title: 'Buy 1 Get 1 Free pizza on Wednesdays',
        merchantName: 'Pizza Palace', // seller as plain text
        bankName: 'BOC', // named in eligibleCustomerType
        cardsText: 'BOC Visa credit cardholders',
        channel: 'online',
      },
    ]);
    expect(failures).toEqual([
      {
        itemKey: `${pageUrl}#4`,
        reason: 'The offer has no name, and nothing around it (a product, business or list item) has one.',
      },
    ]);
  });

  it('an AggregateOffer: its nested offers inherit what it states; one without nested offers is the offer itself', () => {
    const pageUrl = 'https://tix.example.lk/cff-2026';
    const { items, failures } = readJsonLdOffers(fixture('aggregate-offer.html'), pageUrl);
    expect(failures).toEqual([]);
    const inherited = {
      url: pageUrl,
      merchantName: 'Tix.lk',
      validFrom: '2026-06-01',
      channel: 'inStore',
      locations: ['Colombo 03'],
      imageUrl: 'https://tix.example.lk/img/cff-2026.jpg',
      categoryText: 'Events',
    };
    expect(items).toEqual([
      {
        ...inherited,
        itemKey: 'https://tix.example.lk/cff-2026#ntb-amex',
        title: '20% off festival tickets with Nations Trust Bank American Express cards',
        bankName: 'Nations Trust Bank',
        rateText: '20% off',
        validThrough: '2026-07-09',
      },
      {
        ...inherited,
        itemKey: 'https://tix.example.lk/cff-2026#seylan',
        title: '15% off festival tickets with Seylan Bank cards',
        bankName: 'Seylan Bank',
        cardsText: 'Seylan Bank credit and debit cardholders',
        rateText: '15% off',
        validThrough: '2026-06-30', // its own, over the aggregate's
      },
      {
        itemKey: 'CFF-VOUCHERS',
        url: pageUrl,
        title: 'Festival food voucher book: Up to 25% off',
        merchantName: 'Tix.lk',
        rateText: 'Up to 25% off',
      },
    ]);
  });

  it('a page with a broken block: one failure naming the block, the other blocks read', () => {
    const pageUrl = 'https://glowsalon.lk/offers';
    const { items, failures } = readJsonLdOffers(fixture('broken-block.html'), pageUrl);
    expect(items.map((item) => [item.itemKey, item.title, item.merchantName])).toEqual([
      ['https://glowsalon.lk/offers/dfcc', '30% off hair treatments with DFCC credit cards', 'Glow Salon'],
      ['https://glowsalon.lk/offers/bridal', '10% off bridal packages', 'Glow Salon'],
    ]);
    expect(items[0]).toMatchObject({
      validThrough: '2026-12-31',
      locations: ['Nugegoda'],
      categoryText: 'Beauty Salon',
      rateText: '30% off',
    });
    expect(failures).toHaveLength(1);
    expect(failures[0]!.itemKey).toBe(pageUrl);
    expect(failures[0]!.reason).toMatch(/^JSON-LD block 2 is not valid JSON: \S/);
  });

  it('a page without JSON-LD has no offers', () => {
    expect(readJsonLdOffers(fixture('no-jsonld.html'), 'https://bank.example.lk/offers')).toEqual({
      items: [],
      failures: [],
    });
  });
});

describe('readJsonLdOffers: rules', () => {
  const pageUrl = 'https://shop.example.lk/deals';

  it('an offer without any merchant is a failure with the reason', () => {
    const { items, failures } = readJsonLdOffers(
      page({ '@context': CONTEXT, '@type': 'Offer', url: '/deals/1', name: '10% off' }),
      pageUrl,
    );
    expect(items).toEqual([]);
    expect(failures).toEqual([
      {
        itemKey: 'https://shop.example.lk/deals/1',
        title: '10% off',
        reason:
          'The offer names no merchant: it has no seller or offeredBy, no business around it, and the page names no organization.',
      },
    ]);
  });

  it("the page's own organization is the merchant of offers that name none", () => {
    const html = page(
      {
        '@context': CONTEXT,
        '@type': 'WebSite',
        name: 'Shop',
        publisher: { '@type': 'Organization', name: 'Example Shop' },
      },
      {
        '@context': CONTEXT,
        '@type': 'Offer',
        name: '10% off',
        sponsor: { '@type': 'Organization', name: 'Sampath Bank' },
      },
    );
    expect(readJsonLdOffers(html, pageUrl).items).toEqual([
      {
        itemKey: `${pageUrl}#1`,
        url: pageUrl,
        title: '10% off',
        merchantName: 'Example Shop',
        bankName: 'Sampath Bank',
        rateText: '10% off',
      },
    ]);
  });

  it('a bank that makes the offers is their bank, not their merchant', () => {
    const html = page({
      '@context': CONTEXT,
      '@type': 'BankOrCreditUnion',
      name: 'Pan Asia Banking Corporation',
      makesOffer: [
        {
          '@type': 'Offer',
          name: '20% off at Cafe Aroma',
          seller: { '@type': 'CafeOrCoffeeShop', name: 'Cafe Aroma' },
        },
      ],
    });
    expect(readJsonLdOffers(html, pageUrl).items).toMatchObject([
      { merchantName: 'Cafe Aroma', bankName: 'Pan Asia Banking Corporation' },
    ]);
  });

  it('reads top-level lists, schema: and URL types, typed lists, and JSON-LD value objects', () => {
    const html = page([
      {
        '@context': CONTEXT,
        '@type': ['schema:Product', 'Thing'],
        name: 'Blender',
        offers: { '@type': ['http://schema.org/Offer'], sku: 'B-1', seller: { name: 'Abans' } },
      },
      {
        '@context': CONTEXT,
        '@type': 'Offer',
        name: { '@value': '5% off phones', '@language': 'en' },
        seller: 'Singer',
        validThrough: { '@value': '2026-09-01', '@type': 'Date' },
      },
    ]);
    const { items } = readJsonLdOffers(html, pageUrl);
    expect(items).toEqual([
      { itemKey: 'B-1', url: pageUrl, title: 'Blender', merchantName: 'Abans' },
      {
        itemKey: `${pageUrl}#2`,
        url: pageUrl,
        title: '5% off phones',
        merchantName: 'Singer',
        rateText: '5% off',
        validThrough: '2026-09-01',
      },
    ]);
  });

  it('blank-node ids are not keys, and two offers never share a key', () => {
    const html = page({
      '@context': CONTEXT,
      '@type': 'Store',
      name: 'Example Store',
      offers: [
        { '@type': 'Offer', '@id': '_:b0', name: 'First', url: '/deals' },
        { '@type': 'Offer', '@id': '_:b1', name: 'Second', url: '/deals' },
      ],
    });
    expect(readJsonLdOffers(html, pageUrl).items.map((item) => item.itemKey)).toEqual([pageUrl, `${pageUrl}#2`]);
  });

  it('minimum bills in another currency are not read as rupees; a number discount is a percentage', () => {
    const html = page({
      '@context': CONTEXT,
      '@type': 'Offer',
      name: 'Duty free',
      seller: { name: 'Airport Shop' },
      discount: 12,
      eligibleTransactionVolume: [{ '@type': 'PriceSpecification', minPrice: 100, priceCurrency: 'USD' }],
    });
    const [item] = readJsonLdOffers(html, pageUrl).items;
    expect(item).toMatchObject({ rateText: '12%' });
    expect(item).not.toHaveProperty('minBill');
  });

  it('survives a reference cycle', () => {
    const html = page({
      '@context': CONTEXT,
      '@graph': [
        {
          '@id': '#org',
          '@type': 'Organization',
          name: 'Loop Ltd',
          subOrganization: { '@id': '#org' },
          makesOffer: { '@id': '#offer' },
        },
        { '@id': '#offer', '@type': 'Offer', name: '5% off', offeredBy: { '@id': '#org' } },
      ],
    });
    expect(readJsonLdOffers(html, pageUrl).items).toMatchObject([
      { itemKey: 'https://shop.example.lk/deals#offer', merchantName: 'Loop Ltd' },
    ]);
  });
});

describe('jsonLdAdapter', () => {
  /** A fetcher answering from the fixtures by URL; redirects pages whose answer says so. */
  function fakeFetcher(pages: Record<string, { file: string; finalUrl?: string }>) {
    const asked: string[] = [];
    const fetcher: PoliteFetcher = {
      text: (url): Promise<FetchedText> => {
        asked.push(url);
        const answer = pages[url];
        if (!answer) return Promise.reject(new Error(`GET ${url} answered 404`));
        return Promise.resolve({
          url: answer.finalUrl ?? url,
          status: 200,
          contentType: 'text/html; charset=utf-8',
          text: fixture(answer.file),
        });
      },
      bytes: () => Promise.reject(new Error('not used')),
      stream: () => Promise.reject(new Error('not used')),
    };
    return { fetcher, asked };
  }
  const now = new Date('2026-06-01T00:00:00Z');

  it('reads each page of a whitespace-separated list, at its final address', async () => {
    const { fetcher, asked } = fakeFetcher({
      'https://lagoonbreeze.lk/offers': { file: 'restaurant.html' },
      'https://palmshore.lk/deals': { file: 'graph-references.html', finalUrl: 'https://palmshore.lk/deals/' },
    });
    expect(jsonLdAdapter).toMatchObject({ adapter: 'jsonld', title: 'Pages with schema.org offers' });
    const result = await jsonLdAdapter.read({
      url: ' https://lagoonbreeze.lk/offers\n\thttps://palmshore.lk/deals \n',
      fetcher,
      now,
    });
    expect(asked).toEqual(['https://lagoonbreeze.lk/offers', 'https://palmshore.lk/deals']);
    expect(result.items.map((item) => item.itemKey)).toEqual([
      'https://lagoonbreeze.lk/offers#hnb-weekend',
      'https://lagoonbreeze.lk/offers#2',
      'https://palmshore.lk/deals/#staycation',
      'https://palmshore.lk/deals/#spa',
    ]);
    expect(result.failures).toEqual([]);
  });

  it('an offer read again from a later page is a failure, not a second item', async () => {
    const { fetcher } = fakeFetcher({
      'https://glowsalon.lk/offers': { file: 'broken-block.html' },
      'https://glowsalon.lk/offers?page=1': { file: 'broken-block.html' },
    });
    const result = await jsonLdAdapter.read({
      url: 'https://glowsalon.lk/offers https://glowsalon.lk/offers?page=1',
      fetcher,
      now,
    });
    expect(result.items).toHaveLength(2);
    expect(result.failures.map((failure) => failure.reason)).toEqual([
      expect.stringMatching(/^JSON-LD block 2 is not valid JSON/),
      expect.stringMatching(/^JSON-LD block 2 is not valid JSON/),
      'The same offer was read from https://glowsalon.lk/offers; this copy on https://glowsalon.lk/offers?page=1 is skipped.',
      'The same offer was read from https://glowsalon.lk/offers; this copy on https://glowsalon.lk/offers?page=1 is skipped.',
    ]);
  });

  it('fails the run on a page without JSON-LD, and when a page cannot be fetched', async () => {
    const { fetcher } = fakeFetcher({ 'https://bank.example.lk/offers': { file: 'no-jsonld.html' } });
    await expect(jsonLdAdapter.read({ url: 'https://bank.example.lk/offers', fetcher, now })).rejects.toThrow(
      'https://bank.example.lk/offers has no schema.org JSON-LD.',
    );
    await expect(jsonLdAdapter.read({ url: 'https://bank.example.lk/gone', fetcher, now })).rejects.toThrow(
      'answered 404',
    );
    await expect(jsonLdAdapter.read({ url: '  ', fetcher, now })).rejects.toThrow('No page URL is configured.');
  });
});
