// The partner feed (docs/partner-feed.md): the contract's schemas, and the adapter reading the
// fixture feeds (tests/fixtures/importers/partner-feed/) as JSON and as CSV into the same items,
// each bad offer a failure with its place and reasons, a feed that is not one an Error.
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { englishText, ERROR_CODES, OTHER_WORDINGS } from '../../../src/contract/error-codes.ts';
import {
  PARTNER_FEED_CSV_COLUMNS,
  PARTNER_FEED_FORMAT,
  PARTNER_FEED_OFFERS_MAX,
  PARTNER_FEED_VERSION,
  PartnerFeed,
  PartnerFeedOffer,
} from '../../../src/contract/partner-feed.ts';
import {
  PARTNER_FEED_BYTES_MAX,
  partnerFeedAdapter,
  readPartnerFeed,
} from '../../../src/server/importers/adapters/partner-feed.ts';
import type { PoliteFetcher, SourceItem } from '../../../src/server/importers/types.ts';

const FIXTURES = 'tests/fixtures/importers/partner-feed';
const FEED_JSON = readFileSync(`${FIXTURES}/feed.json`, 'utf8');
const FEED_CSV = readFileSync(`${FIXTURES}/feed.csv`, 'utf8');
const JSON_URL = 'https://breezegroup.lk/offerlanka/feed.json';
const CSV_URL = 'https://breezegroup.lk/offerlanka/feed.csv';

const byKey = (items: SourceItem[]) => new Map(items.map((item) => [item.itemKey, item]));
const envelope = (offers: unknown[]) =>
  JSON.stringify({ format: PARTNER_FEED_FORMAT, version: PARTNER_FEED_VERSION, publisher: 'Test partner', offers });
const OFFER = { id: 'T-1', title: '20% off at Test Cafe', merchant: 'Test Cafe', bank: 'HNB' };
const CSV_HEADER = PARTNER_FEED_CSV_COLUMNS.join(',');
/** A CSV row with the given columns filled and the others empty. */
const csvRow = (values: Partial<Record<(typeof PARTNER_FEED_CSV_COLUMNS)[number], string>>) =>
  PARTNER_FEED_CSV_COLUMNS.map((column) => values[column] ?? '').join(',');

const json = await readPartnerFeed(FEED_JSON, 'application/json; charset=utf-8', JSON_URL);
const csv = await readPartnerFeed(FEED_CSV, 'text/csv', CSV_URL);

describe('the partner feed fixtures', () => {
  it('JSON: eight offers read, the bad one a failure naming its place, id and issues', () => {
    expect(json.items.map((item) => item.itemKey)).toEqual([
      'BHG-2026-0001',
      'BHG-2026-0002',
      'BHG-2026-0003',
      'BHG-2026-0004',
      'BHG-2026-0005',
      'BHG-2026-0006',
      'BHG-2026-0008',
      'BHG-2026-0009',
    ]);
    expect(json.failures).toEqual([
      {
        itemKey: 'BHG-2026-0007',
        title: "120% cashback (typo in the partner's system)",
        reason:
          'offers[6] (id "BHG-2026-0007"): ' +
          `discount.percent: ${ERROR_CODES.invalid_percent} validFrom: ${ERROR_CODES.invalid_feed_date} channel: ${ERROR_CODES.invalid_channel}`,
      },
    ]);
  });

  it('CSV: the same items as JSON, the failure naming its line and columns', () => {
    expect(csv.items).toEqual(json.items);
    expect(csv.failures).toEqual([
      {
        itemKey: 'BHG-2026-0007',
        title: "120% cashback (typo in the partner's system)",
        // Line 10: the README comment, the header and a two-line description come before it.
        reason:
          'line 10 (id "BHG-2026-0007"): ' +
          `discount_percent: ${ERROR_CODES.invalid_percent} valid_from: ${ERROR_CODES.invalid_feed_date} channel: ${ERROR_CODES.invalid_channel}`,
      },
    ]);
  });

  it('maps every field of a full offer', () => {
    expect(byKey(json.items).get('BHG-2026-0001')).toEqual({
      itemKey: 'BHG-2026-0001',
      url: 'https://breezegroup.lk/offers/BHG-2026-0001',
      title: '25% off on dinner at Lagoon Breeze Grill',
      merchantName: 'Lagoon Breeze Grill',
      bankName: 'Hatton National Bank',
      description:
        'Enjoy 25% off the total food bill, every Friday and Saturday.\nNot valid on public holidays or with other promotions.',
      discountPercent: 25,
      discountKind: 'off',
      validFrom: '2026-06-01',
      validThrough: '2026-08-31',
      cardScope: 'listed',
      cards: [
        { network: 'visa', kind: 'credit', tier: 'Platinum' },
        { network: 'mastercard', kind: 'credit', tier: null },
      ],
      days: ['fri', 'sat'],
      timeFrom: '18:00',
      timeTo: '23:00',
      minBill: 5000,
      maxDiscount: 2500,
      channel: 'inStore',
      categoryText: 'Dining, Seafood',
      imageUrl: 'https://breezegroup.lk/img/offers/0001.jpg',
      locations: ['Colombo 03', 'Colombo 07'],
    });
  });

  it('maps the other shapes: up to, a text discount, card scopes, a minimal offer, days in week order', () => {
    const items = byKey(csv.items);
    expect(items.get('BHG-2026-0002')).toEqual({
      itemKey: 'BHG-2026-0002',
      url: 'https://breezegroup.lk/offers/BHG-2026-0002',
      title: 'Up to 40% off room bookings online',
      merchantName: 'Palm Shore Resort',
      bankName: 'Sampath Bank',
      discountPercent: 40,
      discountKind: 'upto',
      validFrom: '2026-06-01',
      validThrough: '2026-09-30',
      cardScope: 'credit',
      channel: 'online',
      website: 'https://book.palmshore.lk/',
      categoryText: 'Hotels',
      promoCode: 'SAMPATH40',
    });
    expect(items.get('BHG-2026-0003')).toMatchObject({
      rateText: 'Buy 1 Get 1 Free',
      cardScope: 'all',
      days: ['wed'],
      channel: 'both',
      locations: ['Kandy'],
    });
    expect(items.get('BHG-2026-0003')).not.toHaveProperty('discountPercent');
    expect(items.get('BHG-2026-0003')).not.toHaveProperty('cards');
    // Nothing but the four required fields (nulls in JSON, empty cells in CSV).
    expect(items.get('BHG-2026-0004')).toEqual({
      itemKey: 'BHG-2026-0004',
      title: 'Complimentary dessert with every main course',
      merchantName: 'Lagoon Breeze Grill',
      bankName: 'NTB',
    });
    // A percent without a kind is a flat rate; days come back in week order.
    expect(items.get('BHG-2026-0005')).toMatchObject({
      discountPercent: 20,
      discountKind: 'off',
      days: ['mon', 'tue', 'wed', 'thu'],
      timeFrom: '10:00',
      timeTo: '16:00',
      maxDiscount: 10000,
      cards: [
        { network: 'amex', kind: 'credit', tier: 'Gold' },
        { network: 'amex', kind: 'credit', tier: 'Platinum' },
      ],
    });
    expect(items.get('BHG-2026-0006')?.cards).toEqual([
      { network: 'visa', kind: 'debit', tier: null },
      { network: 'unionpay', kind: 'debit', tier: null },
    ]);
    expect(items.get('BHG-2026-0009')).toMatchObject({
      title: '12.5% off, "Island Feast" takeaway, Mastercard World',
      discountPercent: 12.5,
      description: 'Order online or at the counter; prices include taxes, service charge extra.',
    });
  });

  it('the CSV header is the documented column list (plus a column we do not know)', () => {
    const header = FEED_CSV.split('\n')
      .find((line) => !line.startsWith('#'))!
      .split(',');
    expect(header).toEqual([...PARTNER_FEED_CSV_COLUMNS, 'label_colour']);
  });
});

describe('PartnerFeed and PartnerFeedOffer', () => {
  it('a whole feed checks when every offer is valid, and ignores unknown fields', () => {
    const feed = JSON.parse(FEED_JSON) as { offers: { id: string }[] };
    expect(v.safeParse(PartnerFeed, feed).success).toBe(false);
    const good = { ...feed, offers: feed.offers.filter((offer) => offer.id !== 'BHG-2026-0007') };
    const result = v.safeParse(PartnerFeed, good);
    expect(result.success).toBe(true);
    expect(result.output).not.toHaveProperty('generatedAt');
  });

  it.each([
    [{ ...OFFER, id: 42 }, 'id', ERROR_CODES.expected_text],
    [{ ...OFFER, id: 'x'.repeat(201) }, 'id', englishText('too_long', { max: 200 })],
    [{ id: 'T-1', merchant: 'M', bank: 'B' }, 'title', OTHER_WORDINGS.feedRequired],
    [{ ...OFFER, discount: { percent: 20, text: 'BOGOF' } }, 'discount', ERROR_CODES.discount_needs_one],
    [{ ...OFFER, discount: {} }, 'discount', ERROR_CODES.discount_needs_one],
    [{ ...OFFER, discount: { text: 'BOGOF', kind: 'upto' } }, 'discount.kind', ERROR_CODES.kind_needs_percent],
    [{ ...OFFER, discount: { percent: 0 } }, 'discount.percent', ERROR_CODES.invalid_percent],
    [{ ...OFFER, validFrom: '2026-02-29' }, 'validFrom', ERROR_CODES.invalid_feed_date],
    [
      { ...OFFER, validFrom: '2026-07-01', validThrough: '2026-06-30' },
      'validThrough',
      OTHER_WORDINGS.feedEndBeforeStart,
    ],
    [{ ...OFFER, cards: 'debit' }, 'cards', ERROR_CODES.invalid_cards],
    [{ ...OFFER, cards: [] }, 'cards', ERROR_CODES.invalid_cards],
    [
      {
        ...OFFER,
        cards: [
          { network: 'visa', kind: 'credit' },
          { network: 'rupay', kind: 'credit' },
        ],
      },
      'cards.1.network',
      ERROR_CODES.invalid_network,
    ],
    [
      {
        ...OFFER,
        cards: [
          { network: 'visa', kind: 'credit', tier: 'Gold' },
          { network: 'visa', kind: 'credit', tier: 'gold' },
        ],
      },
      'cards',
      'This card is listed twice.',
    ],
    [{ ...OFFER, days: ['Friday'] }, 'days.0', ERROR_CODES.invalid_day],
    [{ ...OFFER, timeFrom: '18:00' }, 'timeTo', 'Give both the start and the end of the time window.'],
    [{ ...OFFER, timeFrom: '6pm', timeTo: '23:00' }, 'timeFrom', 'Enter the time as HH:MM (24-hour).'],
    [{ ...OFFER, minBill: '5000' }, 'minBill', 'Enter a whole number of rupees from 1 to 100,000,000.'],
    [{ ...OFFER, maxDiscount: 99.5 }, 'maxDiscount', 'Enter a whole number of rupees from 1 to 100,000,000.'],
    [{ ...OFFER, channel: 'instore' }, 'channel', ERROR_CODES.invalid_channel],
    [{ ...OFFER, website: 'www.example.lk' }, 'website', OTHER_WORDINGS.feedNotHttp],
    [{ ...OFFER, image: 'javascript:alert(1)' }, 'image', OTHER_WORDINGS.feedNotHttp],
    [{ ...OFFER, locations: 'Colombo 03' }, 'locations', ERROR_CODES.expected_list],
  ])('%j fails at %s', (offer, path, message) => {
    const result = v.safeParse(PartnerFeedOffer, offer);
    expect(result.success).toBe(false);
    expect(result.issues!.map((issue) => [v.getDotPath(issue), issue.message])).toContainEqual([path, message]);
  });
});

describe('readPartnerFeed', () => {
  it.each([
    ['not JSON', '{"format": "offerlanka-partner-feed",', 'application/json', /not valid JSON/],
    [
      'the wrong format',
      JSON.stringify({ format: 'other-feed', version: 1, publisher: 'P', offers: [] }),
      'application/json',
      ERROR_CODES.wrong_format,
    ],
    [
      'a later version',
      JSON.stringify({ format: PARTNER_FEED_FORMAT, version: 2, publisher: 'P', offers: [] }),
      'application/json',
      ERROR_CODES.wrong_version,
    ],
    [
      'offers not a list',
      JSON.stringify({ format: PARTNER_FEED_FORMAT, version: 1, publisher: 'P', offers: {} }),
      '',
      ERROR_CODES.offers_not_list,
    ],
    [
      'no publisher',
      JSON.stringify({ format: PARTNER_FEED_FORMAT, version: 1, offers: [] }),
      '',
      'publisher: Required.',
    ],
    ['a JSON list', '[]', 'application/json', ERROR_CODES.not_feed_object],
    ['some other JSON', JSON.stringify({ offers: [] }), 'application/json', `format: ${ERROR_CODES.wrong_format}`],
    ['an empty body', '\uFEFF \n', 'text/csv', 'The partner feed is empty.'],
    [
      'a CSV without the bank column',
      'id,title,merchant\nT-1,Offer,Shop\n',
      'text/csv',
      /lacks the column bank\. Its first row must name the columns: id,title,merchant,bank,url/,
    ],
    [
      'a CSV without a header',
      'T-1,20% off,Test Cafe,HNB\n',
      'text/csv',
      /lacks the columns id, title, merchant, bank/,
    ],
    [
      'a CSV with an unclosed quote',
      `${CSV_HEADER}\nT-1,"20% off,Test Cafe,HNB\n`,
      'text/csv',
      /^The partner feed is not readable CSV: Quote Not Closed/i,
    ],
  ])('throws on %s', async (_, body, contentType, message) => {
    await expect(readPartnerFeed(body, contentType, JSON_URL)).rejects.toThrow(message);
  });

  it('reads JSON by the content type or by its first character, and CSV otherwise, BOM or not', async () => {
    const json = envelope([OFFER]);
    const expected = [{ itemKey: 'T-1', title: '20% off at Test Cafe', merchantName: 'Test Cafe', bankName: 'HNB' }];
    expect((await readPartnerFeed(json, 'application/json', JSON_URL)).items).toEqual(expected);
    expect((await readPartnerFeed(`\uFEFF\n ${json}`, 'text/plain', JSON_URL)).items).toEqual(expected);
    expect(
      (
        await readPartnerFeed(
          `\uFEFF${CSV_HEADER}\r\n${csvRow({ id: 'T-1', title: '20% off at Test Cafe', merchant: 'Test Cafe', bank: 'HNB' })}\r\n`,
          'text/plain',
          CSV_URL,
        )
      ).items,
    ).toEqual(expected);
  });

  it('a second offer with an id already used is a failure; the first is kept', async () => {
    const result = await readPartnerFeed(
      envelope([OFFER, { ...OFFER, title: 'Another' }, { ...OFFER, id: 'T-2' }]),
      'application/json',
      JSON_URL,
    );
    expect(result.items.map((item) => [item.itemKey, item.title])).toEqual([
      ['T-1', OFFER.title],
      ['T-2', OFFER.title],
    ]);
    expect(result.failures).toEqual([
      {
        itemKey: 'T-1',
        title: 'Another',
        reason: 'offers[1] (id "T-1"): The id is used by an earlier offer (offers[0]); ids must be unique in a feed.',
      },
    ]);
  });

  it('an offer that is not an object, or has no id, is a failure keyed by its place', async () => {
    const result = await readPartnerFeed(
      envelope(['T-1', { title: 'No id', merchant: 'M', bank: 'B' }]),
      'application/json',
      JSON_URL,
    );
    expect(result.items).toEqual([]);
    expect(result.failures).toEqual([
      { itemKey: `${JSON_URL}#offers-0`, reason: `offers[0]: ${ERROR_CODES.not_offer}` },
      { itemKey: `${JSON_URL}#offers-1`, title: 'No id', reason: 'offers[1]: id: Required.' },
    ]);
  });

  it('tells at most three issues of an offer', async () => {
    const bad = { id: 'T-9', title: '', merchant: '', bank: '', minBill: 0, channel: 'shop' };
    const [failure] = (await readPartnerFeed(envelope([bad]), 'application/json', JSON_URL)).failures;
    expect(failure!.reason).toBe(
      'offers[0] (id "T-9"): title: Required. merchant: Required. bank: Required. (and 2 more)',
    );
  });

  it('CSV: a row with the wrong number of values, a bad card and a number that is not one fail on their own', async () => {
    const body = [
      '# comment line',
      CSV_HEADER,
      csvRow({
        id: 'T-1',
        title: 'Fine',
        merchant: 'Test Cafe',
        bank: 'HNB',
        cards: 'visa:credit:Visa Signature|amex:credit',
        min_bill: '2500',
      }),
      csvRow({ id: 'T-2', title: '20% off, dinner', merchant: 'Test Cafe', bank: 'HNB' }), // the comma unquoted
      csvRow({ id: 'T-3', title: 'Bad card', merchant: 'Test Cafe', bank: 'HNB', cards: 'visa:credit|visa' }),
      csvRow({
        id: 'T-4',
        title: 'Bad bill',
        merchant: 'Test Cafe',
        bank: 'HNB',
        min_bill: 'Rs. 5000',
        days: 'fri|Sat',
      }),
      '',
    ].join('\n');
    const result = await readPartnerFeed(body, 'text/csv', CSV_URL);
    expect(result.items).toEqual([
      {
        itemKey: 'T-1',
        title: 'Fine',
        merchantName: 'Test Cafe',
        bankName: 'HNB',
        minBill: 2500,
        cardScope: 'listed',
        cards: [
          { network: 'visa', kind: 'credit', tier: 'Visa Signature' },
          { network: 'amex', kind: 'credit', tier: null },
        ],
      },
    ]);
    expect(result.failures).toEqual([
      {
        itemKey: 'T-2',
        title: '20% off',
        reason: `line 4 (id "T-2"): The row has ${PARTNER_FEED_CSV_COLUMNS.length + 1} values but the header names ${PARTNER_FEED_CSV_COLUMNS.length} columns (quote a value that holds a comma or a line break).`,
      },
      {
        itemKey: 'T-3',
        title: 'Bad card',
        reason: `line 5 (id "T-3"): cards (item 2): ${ERROR_CODES.invalid_kind}`,
      },
      {
        itemKey: 'T-4',
        title: 'Bad bill',
        reason: `line 6 (id "T-4"): days (item 2): ${ERROR_CODES.invalid_day} min_bill: Enter a whole number of rupees from 1 to 100,000,000.`,
      },
    ]);
  });

  it('CSV columns may come in any order, be left out, and be named in camelCase', async () => {
    const body = 'Bank,ID,Title,Merchant,validThrough\nHNB,T-1,20% off,Test Cafe,2026-06-30\n';
    expect((await readPartnerFeed(body, 'text/csv', CSV_URL)).items).toEqual([
      { itemKey: 'T-1', title: '20% off', merchantName: 'Test Cafe', bankName: 'HNB', validThrough: '2026-06-30' },
    ]);
  });

  it('reads 10,000 offers as CSV and as JSON', async () => {
    const count = 10_000;
    const offers = Array.from({ length: count }, (_, i) => ({
      id: `P-${i}`,
      title: `${(i % 50) + 1}% off, offer ${i}`,
      merchant: `Merchant ${i % 700}`,
      bank: `Bank ${i % 12}`,
      url: `https://partner.example.lk/offers/${i}`,
      description: 'Line one, with a comma.\nLine two.',
      discount: { percent: (i % 50) + 1, kind: 'off' },
      validFrom: '2026-06-01',
      validThrough: '2026-12-31',
      cards: [
        { network: 'visa', kind: 'credit', tier: 'Platinum' },
        { network: 'mastercard', kind: 'credit' },
      ],
      days: ['fri', 'sat'],
      timeFrom: '18:00',
      timeTo: '23:00',
      minBill: 5000,
      maxDiscount: 2500,
      channel: 'inStore',
      category: 'Dining',
      locations: ['Colombo 03', 'Kandy'],
    }));
    const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;
    const csv = [
      CSV_HEADER,
      ...offers.map((offer) =>
        csvRow({
          id: offer.id,
          title: quote(offer.title),
          merchant: offer.merchant,
          bank: offer.bank,
          url: offer.url,
          description: quote(offer.description),
          discount_percent: String(offer.discount.percent),
          discount_kind: 'off',
          valid_from: offer.validFrom,
          valid_through: offer.validThrough,
          cards: 'visa:credit:Platinum|mastercard:credit',
          days: 'fri|sat',
          time_from: '18:00',
          time_to: '23:00',
          min_bill: '5000',
          max_discount: '2500',
          channel: 'inStore',
          category: 'Dining',
          locations: 'Colombo 03|Kandy',
        }),
      ),
    ].join('\n');
    const fromCsv = await readPartnerFeed(csv, 'text/csv', CSV_URL);
    const fromJson = await readPartnerFeed(envelope(offers), 'application/json', JSON_URL);
    expect(fromCsv.failures).toEqual([]);
    expect(fromCsv.items).toHaveLength(count);
    expect(fromJson.items).toHaveLength(count);
    expect(fromCsv.items[count - 1]).toEqual(fromJson.items[count - 1]);
  });
});

describe('partnerFeedAdapter', () => {
  it('reads the feed as a stream with its own size cap, at its final address', async () => {
    const asked: { url: string; maxBytes?: number }[] = [];
    const fetcher: PoliteFetcher = {
      text: () => Promise.reject(new Error('not used')),
      bytes: () => Promise.reject(new Error('not used')),
      stream: (url, read, options) => {
        asked.push({ url, maxBytes: options?.maxBytes });
        return read([Buffer.from(FEED_CSV, 'utf8')] as unknown as AsyncIterable<Uint8Array>, {
          url: CSV_URL,
          status: 200,
          contentType: 'text/csv; charset=utf-8',
        });
      },
    };
    expect(partnerFeedAdapter).toMatchObject({ adapter: 'partner-feed', title: 'Partner feed (JSON or CSV)' });
    const result = await partnerFeedAdapter.read({
      url: 'https://breezegroup.lk/feed',
      fetcher,
      now: new Date('2026-06-01T00:00:00Z'),
    });
    expect(asked).toEqual([{ url: 'https://breezegroup.lk/feed', maxBytes: PARTNER_FEED_BYTES_MAX }]);
    expect(result.items).toHaveLength(8);
    expect(result.failures.map((failure) => failure.itemKey)).toEqual(['BHG-2026-0007']);
  });
});

describe(`a CSV feed past ${PARTNER_FEED_OFFERS_MAX} offers`, () => {
  const row = (i: number) => `${csvRow({ id: `R-${i}`, title: `Offer ${i}`, merchant: 'Test Cafe', bank: 'HNB' })}\n`;
  /** A body that never ends, in chunks of 100 rows, counting what the reader has taken. */
  function endlessFeed() {
    const taken = { chunks: 0, rows: 0 };
    async function* chunks() {
      yield new TextEncoder().encode(`${CSV_HEADER}\n`);
      for (let i = 0; ; i += 100) {
        taken.chunks++;
        taken.rows += 100;
        yield new TextEncoder().encode(Array.from({ length: 100 }, (_, j) => row(i + j)).join(''));
      }
    }
    return { body: chunks(), taken };
  }

  it('fails whole, naming the cap, and reads no further than the row past it', async () => {
    const { body, taken } = endlessFeed();
    await expect(readPartnerFeed(body, 'text/csv', CSV_URL)).rejects.toThrow(
      `The partner feed cannot be read: ${ERROR_CODES.too_many_offers}`,
    );
    // The parser's own buffers hold a few chunks ahead; nothing near a second cap's worth.
    expect(taken.rows).toBeGreaterThan(PARTNER_FEED_OFFERS_MAX);
    expect(taken.rows).toBeLessThan(PARTNER_FEED_OFFERS_MAX + 5_000);
  });

  it('reads a feed of exactly the cap', async () => {
    const text = CSV_HEADER + '\n' + Array.from({ length: PARTNER_FEED_OFFERS_MAX }, (_, i) => row(i)).join('');
    const result = await readPartnerFeed(text, 'text/csv', CSV_URL);
    expect(result.items).toHaveLength(PARTNER_FEED_OFFERS_MAX);
    expect(result.failures).toEqual([]);
  });
});
