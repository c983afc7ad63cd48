import { describe, expect, it } from 'vitest';
import type { CardSpecData } from '../../../src/contract/eligibility.ts';
import { OFFER_HEADER_MAX, OFFER_TITLE_MAX } from '../../../src/contract/limits.ts';
import { normaliseItem } from '../../../src/server/importers/normalise/index.ts';
import type { BankContext, NormalisedItem, SourceItem } from '../../../src/server/importers/types.ts';

const NOW = new Date('2026-05-10T06:00:00.000Z');
const card = (
  network: CardSpecData['network'],
  kind: CardSpecData['kind'],
  tier: string | null = null,
): CardSpecData => ({ network, kind, tier });
const HNB: BankContext = {
  bankName: 'HNB',
  issuedCards: [
    card('visa', 'credit', 'Platinum'),
    card('visa', 'credit', 'Signature'),
    card('visa', 'credit', 'Infinite'),
    card('mastercard', 'credit', 'Platinum'),
    card('mastercard', 'credit', 'World'),
    card('visa', 'debit'),
  ],
};

const item = (fields: Partial<SourceItem> = {}): SourceItem => ({
  itemKey: 'hnb-1234',
  url: 'https://www.hnb.lk/promotions/pizza-hut',
  title: 'Enjoy 20% off at Pizza Hut',
  merchantName: 'Pizza Hut',
  ...fields,
});

function normalised(fields: Partial<SourceItem>, bank: BankContext | null = HNB, now = NOW): NormalisedItem {
  const result = normaliseItem(item(fields), bank, now);
  if ('failure' in result) throw new Error(`Expected an item, got: ${result.failure.reason}`);
  return result.item;
}
function failure(fields: Partial<SourceItem>, bank: BankContext | null = HNB, now = NOW) {
  const result = normaliseItem(item(fields), bank, now);
  if ('item' in result) throw new Error('Expected a failure');
  return result.failure;
}

describe('normaliseItem: a bank listing read from its text', () => {
  it('reads every field of a typical HNB offer', () => {
    const offer = normalised({
      description:
        '<p>Enjoy 20% off on total bill with HNB Credit Cards</p><p>Every Wednesday, 6 pm - 10 pm. Dine-in only.</p>',
      dateText: 'Valid till 30th June 2026',
      spendText: 'Minimum transaction value LKR 5,000. Maximum discount Rs. 2,500',
      categoryText: 'Dining',
      imageUrl: 'https://www.hnb.lk/images/pizza.jpg',
      promoCode: '  HNB20 ',
      locations: ['Colombo 03', ' Kandy ', 'Colombo 03', ''],
    });
    expect(offer).toEqual({
      itemKey: 'hnb-1234',
      url: 'https://www.hnb.lk/promotions/pizza-hut',
      bankName: 'HNB',
      merchantName: 'Pizza Hut',
      categoryText:
        'Dining Enjoy 20% off at Pizza Hut Enjoy 20% off on total bill with HNB Credit Cards Every Wednesday, 6 pm - 10 pm. Dine-in only.',
      header: 'Enjoy 20% off at Pizza Hut',
      label: 'Enjoy 20% off at Pizza Hut',
      description:
        '<p>Enjoy 20% off on total bill with HNB Credit Cards</p><p>Every Wednesday, 6 pm - 10 pm. Dine-in only.</p>',
      offerType: 'off',
      offerRate: '20',
      instalmentMonths: null,
      offerDateType: 'till',
      offerStart: null,
      offerEnd: new Date('2026-06-30T18:29:59.000Z'),
      validTimeDateDescription: null,
      promoCode: 'HNB20',
      imageUrl: 'https://www.hnb.lk/images/pizza.jpg',
      locations: ['Colombo 03', 'Kandy'],
      eligibility: {
        cardScope: 'credit',
        cards: [],
        days: ['wed'],
        timeFrom: '18:00',
        timeTo: '22:00',
        minBill: 5000,
        maxDiscount: 2500,
        channel: 'inStore',
        website: null,
        // The item's promo code is one the card holder must quote.
        registerFirst: false,
        convertWithinDays: null,
        promoCodeRequired: true,
      },
    });
  });

  it('looks in the title, description and terms for fields with no text of their own', () => {
    const offer = normalised({
      title: 'Up to 30% off at Cinnamon Grand',
      description: 'Valid for Visa Signature and Infinite credit cards on Fridays and Saturdays.',
      termsText: 'Offer valid from 07th May - 30th June 2026. Minimum bill value Rs. 10,000. Not valid on Poya days.',
    });
    expect(offer.offerType).toBe('upto');
    expect(offer.offerRate).toBe('30');
    expect(offer.offerDateType).toBe('fromTo');
    expect(offer.offerStart).toEqual(new Date('2026-05-06T18:30:00.000Z'));
    expect(offer.offerEnd).toEqual(new Date('2026-06-30T18:29:59.000Z'));
    expect(offer.eligibility).toMatchObject({
      cardScope: 'listed',
      cards: [card('visa', 'credit', 'Signature'), card('visa', 'credit', 'Infinite')],
      days: ['fri', 'sat'],
      minBill: 10000,
      maxDiscount: null,
    });
  });

  it('appends the terms to the description as a paragraph', () => {
    expect(
      normalised({ description: '<p>20% off</p>', termsText: 'Cards: HNB Credit Cards\nOther T&C apply' }).description,
    ).toBe('<p>20% off</p>\n<p>Cards: HNB Credit Cards<br>Other T&amp;C apply</p>');
    expect(normalised({ termsText: 'Other T&C apply' }).description).toBe('<p>Other T&amp;C apply</p>');
    expect(normalised({ description: 'Plain text' }).description).toBe('Plain text');
  });

  it('takes free text as the rate when no percentage reads', () => {
    const offer = normalised({ title: 'Buy 1 Get 1 Free pizza every Tuesday', rateText: 'Buy 1 Get 1 Free' });
    expect([offer.offerType, offer.offerRate]).toEqual(['customize', 'Buy 1 Get 1 Free']);
    const fromTitle = normalised({ title: 'Complimentary dessert with every main course at the Lagoon' });
    expect([fromTitle.offerType, fromTitle.offerRate]).toEqual(['customize', 'Complimentary dessert with every main']);
  });

  it('shows a savings headline as written when the body lists several rates', () => {
    const offer = normalised({
      title: 'WildEscape: special savings',
      description:
        '10% savings on individual room bookings 15% savings on full villa bookings Valid till 31st July 2026',
    });
    expect(offer.offerType).toBe('customize');
    expect(offer.offerRate).toBe('WildEscape: special savings');
  });

  it("takes the body's first rate under a headline that is only a name, or when the body has one rate", () => {
    expect(
      normalised({
        title: 'Crawfurd Hospital - Singapore',
        description: '*10% Savings on inpatient ward fees; *20% Savings on selected health screening packages',
      }),
    ).toMatchObject({ offerType: 'off', offerRate: '10' });
    expect(
      normalised({ title: 'Special savings at Pizza Hut', description: 'Enjoy 25% off on dine-in' }),
    ).toMatchObject({ offerType: 'off', offerRate: '25' });
  });

  it('reads an instalment plan as one, with its longest months', () => {
    expect(
      normalised({ title: 'Singer - 12, 24 & 36 Months 0% Easy Payment Plans at Singer with DFCC Credit Cards' }),
    ).toMatchObject({ offerType: 'instalment', offerRate: '0', instalmentMonths: 36 });
    expect(normalised({ title: 'Enjoy 20% off at Pizza Hut' })).toMatchObject({ instalmentMonths: null });
  });

  it("reads the card holder's steps into the eligibility", () => {
    const offer = normalised({
      title: '0% instalment plans at Singer',
      description:
        'Register via SMS before the purchase. Call 011 2 303 050 within 7 days of the transaction to convert to an instalment plan.',
    });
    expect(offer.eligibility).toMatchObject({ registerFirst: true, convertWithinDays: 7, promoCodeRequired: false });
    expect(normalised({ promoCode: 'HNB20' }).eligibility).toMatchObject({
      registerFirst: false,
      convertWithinDays: null,
      promoCodeRequired: true,
    });
  });

  it('keeps dates it cannot read as words, with type other', () => {
    const offer = normalised({ dateText: 'Valid during the festive season' });
    expect(offer).toMatchObject({
      offerDateType: 'other',
      offerStart: null,
      offerEnd: null,
      validTimeDateDescription: 'Valid during the festive season',
    });
    expect(normalised({})).toMatchObject({
      offerDateType: 'other',
      offerStart: null,
      offerEnd: null,
      validTimeDateDescription: null,
    });
  });

  it('keeps the issued cards when some named are not issued', () => {
    expect(normalised({ cardsText: 'Visa & JCB credit cards' }).eligibility).toMatchObject({
      cardScope: 'listed',
      cards: [card('visa', 'credit')],
    });
  });
});

describe('normaliseItem: header and label', () => {
  it('collapses whitespace in the title', () => {
    const offer = normalised({ title: '  Enjoy 20%\n off   at  Pizza Hut ' });
    expect([offer.header, offer.label]).toEqual(['Enjoy 20% off at Pizza Hut', 'Enjoy 20% off at Pizza Hut']);
  });

  it('cuts a long title at a word for the header, and labels it with the merchant', () => {
    const title =
      'Enjoy an exclusive 25% off on the total bill at The Lagoon restaurant, Cinnamon Grand Colombo, every weekend with Visa Infinite cards';
    const offer = normalised({ title, merchantName: 'Cinnamon Grand Colombo' });
    expect(offer.header.length).toBeLessThanOrEqual(OFFER_HEADER_MAX);
    expect(offer.header).toBe('Enjoy an exclusive 25% off on the total bill at The Lagoon restaurant, Cinnamon Grand…');
    expect(offer.label).toBe('Cinnamon Grand Colombo');
  });

  it('cuts a long merchant name for the label', () => {
    const offer = normalised({
      title: 'x'.repeat(OFFER_TITLE_MAX + 1),
      merchantName: 'The Very Long Name of a Restaurant and Bar in Colombo Seven, Sri Lanka',
    });
    expect(offer.label.length).toBeLessThanOrEqual(OFFER_TITLE_MAX);
    // 'Seven,' would end at 60 characters with its comma, leaving no room for the ellipsis.
    expect(offer.label).toBe('The Very Long Name of a Restaurant and Bar in Colombo…');
  });
});

describe('normaliseItem: structured values win over text', () => {
  it('uses the feed values', () => {
    const offer = normalised({
      title: 'Enjoy 20% off at Pizza Hut',
      rateText: '20% off',
      discountPercent: 35,
      discountKind: 'upto',
      dateText: 'Valid till 30th June 2026',
      validFrom: '2026-06-01',
      validThrough: '2026-07-31T23:59:59+05:30',
      cardsText: 'Visa credit cards',
      cards: [card('mastercard', 'credit', 'World')],
      daysText: 'Every Wednesday 6 pm - 10 pm',
      days: ['fri'],
      timeFrom: '11:00',
      timeTo: '15:00',
      spendText: 'Minimum bill Rs. 5,000',
      minBill: 8000,
      channel: 'online',
      website: 'https://www.pizzahut.lk',
    });
    expect([offer.offerType, offer.offerRate]).toEqual(['upto', '35']);
    expect([offer.offerDateType, offer.offerStart, offer.offerEnd]).toEqual([
      'fromTo',
      new Date('2026-05-31T18:30:00.000Z'),
      new Date('2026-07-31T18:29:59.000Z'),
    ]);
    expect(offer.eligibility).toEqual({
      cardScope: 'listed',
      cards: [card('mastercard', 'credit', 'World')],
      days: ['fri'],
      timeFrom: '11:00',
      timeTo: '15:00',
      minBill: 8000,
      maxDiscount: null,
      channel: 'online',
      website: 'https://www.pizzahut.lk',
      registerFirst: false,
      convertWithinDays: null,
      promoCodeRequired: false,
    });
  });

  it('reads a feed start alone as words', () => {
    expect(normalised({ validFrom: '2026-06-01' })).toMatchObject({
      offerDateType: 'other',
      validTimeDateDescription: 'Valid from 2026-06-01',
    });
  });
});

describe('normaliseItem: failures', () => {
  it.each<[string, Partial<SourceItem>, string]>([
    ['an empty title', { title: '   ' }, 'Empty title.'],
    ['an empty merchant name', { merchantName: ' ' }, 'Empty merchant name.'],
    ['an offer that ended', { dateText: 'Valid until 31st March 2026' }, 'Ended on 2026-03-31'],
    ['a feed offer that ended', { validThrough: '2026-05-08' }, 'Ended on 2026-05-08'],
    ['an impossible percentage', { discountPercent: 150 }, 'Impossible discount: 150%.'],
    ['an impossible date', { validThrough: '2026-02-30' }, "Impossible validThrough: '2026-02-30'."],
    [
      'an end before the start',
      { validFrom: '2026-07-01', validThrough: '2026-06-01' },
      'Impossible validity: validThrough 2026-06-01 is before validFrom 2026-07-01.',
    ],
    [
      'cards the bank does not issue',
      { cardsText: 'JCB & Diners Club credit cards' },
      'Cards not issued by HNB in the catalogue: JCB credit, Diners Club credit',
    ],
    [
      'feed cards the bank does not issue',
      { cards: [card('amex', 'credit')] },
      'Cards not issued by HNB in the catalogue: American Express credit',
    ],
    [
      'half a time window',
      { timeFrom: '18:00' },
      'Eligibility timeTo: Give both the start and the end of the time window.',
    ],
    [
      'an impossible time',
      { timeFrom: '25:00', timeTo: '26:00' },
      'Eligibility timeFrom: Enter the time as HH:MM (24-hour).',
    ],
    [
      'a bill in cents',
      { minBill: 99.5 },
      'Eligibility minBill: Enter a whole number of rupees from 1 to 100,000,000.',
    ],
    [
      'a website that is not http',
      { website: 'ftp://pizzahut.lk' },
      'Eligibility website: Enter the website as an http(s) address.',
    ],
  ])('%s', (_, fields, reason) => {
    expect(failure(fields)).toEqual({
      itemKey: 'hnb-1234',
      title: fields.title === undefined ? 'Enjoy 20% off at Pizza Hut' : undefined,
      reason,
    });
  });

  it('says that an ended offer is over, so the pipeline makes no flyer draft of it; other refusals it does not', () => {
    expect(normaliseItem(item({ validThrough: '2026-05-08' }), HNB, NOW)).toMatchObject({ ended: true });
    expect(normaliseItem(item({ discountPercent: 150 }), HNB, NOW)).not.toHaveProperty('ended');
  });

  it('refuses an item with no bank', () => {
    expect(failure({}, null)).toEqual({
      itemKey: 'hnb-1234',
      title: 'Enjoy 20% off at Pizza Hut',
      reason: 'No bank: the item does not name a bank in the catalogue.',
    });
  });

  it('keeps an offer that ended within the last day', () => {
    // Ended at the end of 9 May in Sri Lanka; now is 11:30 on 10 May there.
    expect(normalised({ dateText: 'Valid until 09.05.2026' }).offerEnd).toEqual(new Date('2026-05-09T18:29:59.000Z'));
  });
});
