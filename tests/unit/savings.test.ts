// The savings answer (lib/savings.ts) at its edges: the minimum bill and a rupee under it, the cap
// and past it, a time window's last minute, weekdays, tiers, channels, start and end dates, and the
// ranking of cards. 2026-12-04 is a Friday; times are Sri Lanka's (UTC+5:30).
import { describe, expect, it } from 'vitest';
import { NO_ELIGIBILITY, type CardSpecData } from '../../src/contract/eligibility.ts';
import {
  bestForCard,
  rankSavings,
  type SavingsCard,
  type SavingsOffer,
  type SavingsQuestion,
  type SavingsReason,
} from '../../src/lib/savings.ts';
import { benefitText, reasonText } from '../../src/lib/savings-text.ts';
import { sriLankaDate, sriLankaInstant, weekdayOf } from '../../src/lib/sri-lanka-date.ts';

const FRIDAY = '2026-12-04';
const BANK = 1;
const OTHER_BANK = 2;

const offer = (
  changes: Partial<Omit<SavingsOffer, 'eligibility'>> & { eligibility?: Partial<SavingsOffer['eligibility']> } = {},
): SavingsOffer => ({
  offerId: 10,
  bankId: BANK,
  offerType: 'off',
  offerRate: '20',
  offerStart: null,
  offerEnd: null,
  ...changes,
  eligibility: { ...NO_ELIGIBILITY, ...changes.eligibility },
});
const card = (
  network: SavingsCard['network'] = 'visa',
  kind: SavingsCard['kind'] = 'credit',
  tier: string | null = null,
  bankId = BANK,
): SavingsCard => ({
  bankId,
  network,
  kind,
  tier,
});
const listed = (
  network: CardSpecData['network'],
  kind: CardSpecData['kind'],
  tier: string | null = null,
): CardSpecData => ({
  network,
  kind,
  tier,
});
const question = (changes: Partial<SavingsQuestion> = {}): SavingsQuestion => ({
  bill: 10_000,
  channel: 'inStore',
  date: FRIDAY,
  time: '12:00',
  ...changes,
});
/** Sri Lanka's time as an ISO instant. */
const at = (date: string, time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(sriLankaInstant(date, hours * 60 + minutes)).toISOString();
};

type Expected = { qualifies: boolean; saving: number | null; reason: string | null };

const cases: [string, SavingsOffer, SavingsCard, SavingsQuestion, Expected][] = [
  // The bill, the percentage and the cap.
  ['20% off a bill of Rs. 10,000', offer(), card(), question(), { qualifies: true, saving: 2000, reason: null }],
  [
    'a rate written with its % sign',
    offer({ offerRate: '20%' }),
    card(),
    question(),
    { qualifies: true, saving: 2000, reason: null },
  ],
  [
    'a fractional rate rounds the rupees down',
    offer({ offerRate: '12.5' }),
    card(),
    question({ bill: 999 }),
    { qualifies: true, saving: 124, reason: null },
  ],
  [
    "'discount' is an exact percentage too",
    offer({ offerType: 'discount', offerRate: '15' }),
    card(),
    question(),
    { qualifies: true, saving: 1500, reason: null },
  ],
  [
    "'upto' counts its best case",
    offer({ offerType: 'upto', offerRate: '50' }),
    card(),
    question(),
    { qualifies: true, saving: 5000, reason: null },
  ],
  [
    'exactly the minimum bill',
    offer({ eligibility: { minBill: 15_000 } }),
    card(),
    question({ bill: 15_000 }),
    { qualifies: true, saving: 3000, reason: null },
  ],
  [
    'one rupee under the minimum bill',
    offer({ eligibility: { minBill: 15_000 } }),
    card(),
    question({ bill: 14_999 }),
    { qualifies: false, saving: null, reason: 'min_bill' },
  ],
  [
    'a bill far under the minimum',
    offer({ eligibility: { minBill: 15_000 } }),
    card(),
    question({ bill: 1 }),
    { qualifies: false, saving: null, reason: 'min_bill' },
  ],
  [
    'no bill given: the minimum is not checked and no rupees are worked out',
    offer({ eligibility: { minBill: 15_000 } }),
    card(),
    question({ bill: null }),
    { qualifies: true, saving: null, reason: null },
  ],
  [
    'a saving exactly at the cap',
    offer({ eligibility: { maxDiscount: 2000 } }),
    card(),
    question(),
    { qualifies: true, saving: 2000, reason: null },
  ],
  [
    'a saving one rupee over the cap is the cap',
    offer({ eligibility: { maxDiscount: 2000 } }),
    card(),
    question({ bill: 10_005 }),
    { qualifies: true, saving: 2000, reason: null },
  ],
  [
    'a saving far over the cap is the cap',
    offer({ eligibility: { maxDiscount: 2000 } }),
    card(),
    question({ bill: 1_000_000 }),
    { qualifies: true, saving: 2000, reason: null },
  ],
  [
    'a saving under the cap is the percentage',
    offer({ eligibility: { maxDiscount: 2000 } }),
    card(),
    question({ bill: 5000 }),
    { qualifies: true, saving: 1000, reason: null },
  ],
  [
    'minimum bill and cap together',
    offer({ eligibility: { minBill: 5000, maxDiscount: 1500 } }),
    card(),
    question({ bill: 20_000 }),
    { qualifies: true, saving: 1500, reason: null },
  ],
  [
    'a benefit in words saves no counted rupees',
    offer({ offerType: 'customize', offerRate: 'Free dessert' }),
    card(),
    question(),
    { qualifies: true, saving: null, reason: null },
  ],
  [
    'a rate that is not a percentage reads as words',
    offer({ offerRate: 'Buy 1 get 1' }),
    card(),
    question(),
    { qualifies: true, saving: null, reason: null },
  ],
  // Days.
  [
    'on its weekday (Friday)',
    offer({ eligibility: { days: ['fri'] } }),
    card(),
    question(),
    { qualifies: true, saving: 2000, reason: null },
  ],
  [
    'not on another weekday',
    offer({ eligibility: { days: ['sat'] } }),
    card(),
    question(),
    { qualifies: false, saving: null, reason: 'days_only' },
  ],
  [
    'one of several days',
    offer({ eligibility: { days: ['mon', 'fri', 'sun'] } }),
    card(),
    question(),
    { qualifies: true, saving: 2000, reason: null },
  ],
  [
    'a Sunday for a weekend offer',
    offer({ eligibility: { days: ['sat', 'sun'] } }),
    card(),
    question({ date: '2026-12-06' }),
    { qualifies: true, saving: 2000, reason: null },
  ],
  [
    'a Monday for a weekend offer',
    offer({ eligibility: { days: ['sat', 'sun'] } }),
    card(),
    question({ date: '2026-12-07' }),
    { qualifies: false, saving: null, reason: 'days_only' },
  ],
  // Hours.
  [
    'the first minute of a time window',
    offer({ eligibility: { timeFrom: '18:00', timeTo: '22:00' } }),
    card(),
    question({ time: '18:00' }),
    { qualifies: true, saving: 2000, reason: null },
  ],
  [
    'a minute before the window',
    offer({ eligibility: { timeFrom: '18:00', timeTo: '22:00' } }),
    card(),
    question({ time: '17:59' }),
    { qualifies: false, saving: null, reason: 'time_window' },
  ],
  [
    'the last minute of a time window',
    offer({ eligibility: { timeFrom: '18:00', timeTo: '22:00' } }),
    card(),
    question({ time: '21:59' }),
    { qualifies: true, saving: 2000, reason: null },
  ],
  [
    'the minute the window ends',
    offer({ eligibility: { timeFrom: '18:00', timeTo: '22:00' } }),
    card(),
    question({ time: '22:00' }),
    { qualifies: false, saving: null, reason: 'time_window' },
  ],
  [
    'after midnight in a window past midnight',
    offer({ eligibility: { timeFrom: '22:00', timeTo: '02:00' } }),
    card(),
    question({ time: '01:30' }),
    { qualifies: true, saving: 2000, reason: null },
  ],
  [
    'midday outside a window past midnight',
    offer({ eligibility: { timeFrom: '22:00', timeTo: '02:00' } }),
    card(),
    question({ time: '12:00' }),
    { qualifies: false, saving: null, reason: 'time_window' },
  ],
  [
    'a day chosen ahead without a time: the window is not checked',
    offer({ eligibility: { timeFrom: '18:00', timeTo: '22:00' } }),
    card(),
    question({ time: null }),
    { qualifies: true, saving: 2000, reason: null },
  ],
  // Cards.
  [
    'any card of the bank',
    offer(),
    card('mastercard', 'debit'),
    question(),
    { qualifies: true, saving: 2000, reason: null },
  ],
  [
    "another bank's card",
    offer(),
    card('visa', 'credit', null, OTHER_BANK),
    question(),
    { qualifies: false, saving: null, reason: 'no_offer' },
  ],
  [
    'a credit card for a credit-cards offer',
    offer({ eligibility: { cardScope: 'credit' } }),
    card('visa', 'credit'),
    question(),
    { qualifies: true, saving: 2000, reason: null },
  ],
  [
    'a debit card for a credit-cards offer',
    offer({ eligibility: { cardScope: 'credit' } }),
    card('visa', 'debit'),
    question(),
    { qualifies: false, saving: null, reason: 'cards_only' },
  ],
  [
    'the listed tier',
    offer({ eligibility: { cardScope: 'listed', cards: [listed('visa', 'credit', 'Platinum')] } }),
    card('visa', 'credit', 'Platinum'),
    question(),
    { qualifies: true, saving: 2000, reason: null },
  ],
  [
    'the listed tier in another case',
    offer({ eligibility: { cardScope: 'listed', cards: [listed('visa', 'credit', 'Platinum')] } }),
    card('visa', 'credit', 'PLATINUM'),
    question(),
    { qualifies: true, saving: 2000, reason: null },
  ],
  [
    'a tier the offer excludes',
    offer({ eligibility: { cardScope: 'listed', cards: [listed('visa', 'credit', 'Platinum')] } }),
    card('visa', 'credit', 'Classic'),
    question(),
    { qualifies: false, saving: null, reason: 'cards_only' },
  ],
  [
    'a listed card of any tier',
    offer({ eligibility: { cardScope: 'listed', cards: [listed('mastercard', 'credit')] } }),
    card('mastercard', 'credit', 'World'),
    question(),
    { qualifies: true, saving: 2000, reason: null },
  ],
  [
    'another network than the listed one',
    offer({ eligibility: { cardScope: 'listed', cards: [listed('mastercard', 'credit')] } }),
    card('visa', 'credit'),
    question(),
    { qualifies: false, saving: null, reason: 'cards_only' },
  ],
  // Channels.
  [
    'in store for an in-store offer',
    offer({ eligibility: { channel: 'inStore' } }),
    card(),
    question(),
    { qualifies: true, saving: 2000, reason: null },
  ],
  [
    'online for an in-store offer',
    offer({ eligibility: { channel: 'inStore' } }),
    card(),
    question({ channel: 'online' }),
    { qualifies: false, saving: null, reason: 'channel_only' },
  ],
  [
    'in store for an online offer',
    offer({ eligibility: { channel: 'online' } }),
    card(),
    question(),
    { qualifies: false, saving: null, reason: 'channel_only' },
  ],
  [
    'online for an offer in store and online',
    offer({ eligibility: { channel: 'both' } }),
    card(),
    question({ channel: 'online' }),
    { qualifies: true, saving: 2000, reason: null },
  ],
  [
    'online for an offer that does not say',
    offer(),
    card(),
    question({ channel: 'online' }),
    { qualifies: true, saving: 2000, reason: null },
  ],
  // Dates.
  [
    'an offer that starts tomorrow',
    offer({ offerStart: at('2026-12-05', '00:00') }),
    card(),
    question(),
    { qualifies: false, saving: null, reason: 'starts' },
  ],
  [
    'an offer that started this morning',
    offer({ offerStart: at(FRIDAY, '00:00') }),
    card(),
    question(),
    { qualifies: true, saving: 2000, reason: null },
  ],
  [
    'an offer starting later today, asked before',
    offer({ offerStart: at(FRIDAY, '15:00') }),
    card(),
    question({ time: '14:59' }),
    { qualifies: false, saving: null, reason: 'starts' },
  ],
  [
    'an offer starting later today, for the day ahead',
    offer({ offerStart: at(FRIDAY, '15:00') }),
    card(),
    question({ time: null }),
    { qualifies: true, saving: 2000, reason: null },
  ],
  [
    'an offer ending at the minute asked',
    offer({ offerEnd: at(FRIDAY, '12:00') }),
    card(),
    question(),
    { qualifies: true, saving: 2000, reason: null },
  ],
  [
    'an offer that ended a minute before',
    offer({ offerEnd: at(FRIDAY, '11:59') }),
    card(),
    question(),
    { qualifies: false, saving: null, reason: 'no_offer' },
  ],
  [
    'an offer that ended yesterday',
    offer({ offerEnd: at('2026-12-03', '23:59') }),
    card(),
    question({ time: null }),
    { qualifies: false, saving: null, reason: 'no_offer' },
  ],
];

describe('one card and one offer', () => {
  it.each(cases)('%s', (_, theOffer, theCard, theQuestion, expected) => {
    const answer = bestForCard([theOffer], theCard, theQuestion);
    expect({ qualifies: answer.qualifies, saving: answer.saving, reason: answer.reason?.code ?? null }).toEqual(
      expected,
    );
  });

  it('holds at least 40 cases', () => expect(cases.length).toBeGreaterThanOrEqual(40));

  it("says what the reason needs: the bill, the days, the hours, the start's date, the channel and the cards", () => {
    const first = (theOffer: SavingsOffer, theQuestion = question(), theCard = card()) =>
      bestForCard([theOffer], theCard, theQuestion).reason;
    expect(first(offer({ eligibility: { minBill: 15_000 } }), question({ bill: 100 }))).toEqual({
      code: 'min_bill',
      amount: 15_000,
    });
    expect(first(offer({ eligibility: { days: ['sat', 'sun'] } }))).toEqual({
      code: 'days_only',
      days: ['sat', 'sun'],
    });
    expect(first(offer({ eligibility: { timeFrom: '18:00', timeTo: '22:00' } }))).toEqual({
      code: 'time_window',
      from: '18:00',
      to: '22:00',
      later: true,
    });
    expect(first(offer({ offerStart: at('2026-12-05', '00:00') }))).toEqual({ code: 'starts', date: '2026-12-05' });
    expect(first(offer({ eligibility: { channel: 'online' } }))).toEqual({ code: 'channel_only', channel: 'online' });
    const platinum = [listed('visa', 'credit', 'Platinum')];
    expect(
      first(
        offer({ eligibility: { cardScope: 'listed', cards: platinum } }),
        question(),
        card('visa', 'credit', 'Gold'),
      ),
    ).toEqual({
      code: 'cards_only',
      cardScope: 'listed',
      cards: platinum,
    });
  });

  it('gives a benefit in words as its text, and a percentage with its cap', () => {
    expect(
      bestForCard([offer({ offerType: 'customize', offerRate: '0% for 12 months' })], card(), question()).benefit,
    ).toEqual({
      text: '0% for 12 months',
    });
    expect(
      bestForCard([offer({ offerType: 'upto', eligibility: { maxDiscount: 500 } })], card(), question()).benefit,
    ).toEqual({
      percent: 20,
      upTo: true,
      cap: 500,
    });
  });
});

describe("a card's best offer among several", () => {
  it('takes the offer that saves most, whatever the order', () => {
    const small = offer({ offerId: 1, offerRate: '10' });
    const capped = offer({ offerId: 2, offerRate: '40', eligibility: { maxDiscount: 1000 } });
    const big = offer({ offerId: 3, offerRate: '25' });
    for (const offers of [
      [small, capped, big],
      [big, capped, small],
    ]) {
      const answer = bestForCard(offers, card(), question());
      expect([answer.offerId, answer.saving]).toEqual([3, 2500]);
    }
  });

  it('takes an offer that applies over a bigger one that does not', () => {
    const weekend = offer({ offerId: 1, offerRate: '50', eligibility: { days: ['sat'] } });
    const everyDay = offer({ offerId: 2, offerRate: '5' });
    expect(bestForCard([weekend, everyDay], card(), question()).offerId).toBe(2);
  });

  it('names the nearest reason when none applies: a bigger bill before another day, another day before other cards', () => {
    const platinumOnly = offer({
      offerId: 1,
      eligibility: { cardScope: 'listed', cards: [listed('visa', 'credit', 'Platinum')] },
    });
    const saturday = offer({ offerId: 2, eligibility: { days: ['sat'] } });
    const bigBill = offer({ offerId: 3, eligibility: { minBill: 50_000 } });
    expect(bestForCard([platinumOnly, saturday, bigBill], card(), question()).reason?.code).toBe('min_bill');
    expect(bestForCard([platinumOnly, saturday], card(), question()).reason?.code).toBe('days_only');
  });

  it('leaves out offers of other banks', () => {
    const theirs = offer({ offerId: 1, bankId: OTHER_BANK, offerRate: '90' });
    const ours = offer({ offerId: 2, offerRate: '10' });
    expect(bestForCard([theirs, ours], card(), question()).offerId).toBe(2);
  });
});

describe('ranking the cards', () => {
  const offers = [
    offer({ offerId: 1, bankId: 1, offerRate: '10' }),
    offer({ offerId: 2, bankId: 2, offerRate: '30', eligibility: { maxDiscount: 1500 } }),
    offer({ offerId: 3, bankId: 3, offerType: 'customize', offerRate: 'Free dessert' }),
    offer({ offerId: 4, bankId: 4, offerRate: '50', eligibility: { days: ['sat'] } }),
    offer({ offerId: 5, bankId: 5, offerRate: '20' }),
  ];
  const cards = [1, 2, 3, 4, 5, 6].map((bankId) => card('visa', 'credit', null, bankId));

  it('ranks by rupees saved, a benefit in words after them, then the cards no offer applies to', () => {
    const ranked = rankSavings(offers, cards, question());
    expect(ranked.map((answer) => [answer.card.bankId, answer.saving])).toEqual([
      [5, 2000],
      [2, 1500],
      [1, 1000],
      [3, null],
      [4, null],
      [6, null],
    ]);
    expect(ranked.map((answer) => answer.qualifies)).toEqual([true, true, true, true, false, false]);
  });

  it('ranks by percentage without a bill', () => {
    const ranked = rankSavings(offers, cards, question({ bill: null }));
    expect(ranked.slice(0, 4).map((answer) => answer.card.bankId)).toEqual([2, 5, 1, 3]);
  });
});

describe('an instalment plan', () => {
  const plan = offer({
    offerId: 7,
    bankId: 7,
    offerType: 'instalment',
    offerRate: '0',
    instalmentMonths: 24,
    eligibility: { maxDiscount: 500 },
  });

  it('is a plan of its months, no rupees off, ranked after the savings and beside other benefits in words', () => {
    const answer = bestForCard([plan], card('visa', 'credit', null, 7), question());
    expect(answer).toMatchObject({ qualifies: true, saving: null, benefit: { interest: 0, months: 24 } });
    const ranked = rankSavings(
      [plan, offer({ offerId: 1, bankId: 1, offerRate: '10' })],
      [7, 1].map((bankId) => card('visa', 'credit', null, bankId)),
      question(),
    );
    expect(ranked.map((answer) => [answer.card.bankId, answer.saving])).toEqual([
      [1, 1000],
      [7, null],
    ]);
  });

  it('says its months, with no cap, in every language', () => {
    expect(benefitText({ ...plan, instalmentMonths: 24 }, 'en')).toBe('0% for 24 months');
    expect(benefitText(plan, 'si')).toBe('මාස 24ක් සඳහා 0%');
    expect(benefitText(plan, 'ta')).toBe('24 மாதங்களுக்கு 0%');
  });
});

describe("Sri Lanka's date and weekday", () => {
  it('turns at midnight in Colombo, 18:30 UTC', () => {
    expect(sriLankaDate('2026-12-03T18:29:59Z')).toBe('2026-12-03');
    expect(sriLankaDate('2026-12-03T18:30:00Z')).toBe(FRIDAY);
    expect(weekdayOf(FRIDAY)).toBe('fri');
    expect(weekdayOf('2026-12-07')).toBe('mon');
  });
});

describe('the reasons and benefits in words', () => {
  const platinum = [listed('visa', 'credit', 'Platinum')];
  it.each([
    [{ code: 'min_bill', amount: 15_000 }, 'needs a bill of Rs. 15,000'],
    [{ code: 'days_only', days: ['fri'] }, 'Fridays only'],
    [{ code: 'days_only', days: ['mon', 'tue', 'wed', 'thu', 'fri'] }, 'Monday to Friday only'],
    [{ code: 'cards_only', cardScope: 'listed', cards: platinum }, 'Platinum cards only'],
    [{ code: 'cards_only', cardScope: 'listed', cards: [listed('visa', 'credit')] }, 'Visa credit cards only'],
    [{ code: 'cards_only', cardScope: 'credit', cards: [] }, 'credit cards only'],
    [{ code: 'channel_only', channel: 'online' }, 'online only'],
    [{ code: 'channel_only', channel: 'inStore' }, 'in store only'],
    [{ code: 'time_window', from: '18:00', to: '22:00', later: true }, 'from 6 pm'],
    [{ code: 'time_window', from: '18:00', to: '22:30', later: false }, '6 pm – 10:30 pm only'],
    [{ code: 'starts', date: '2026-12-05' }, 'starts 5 Dec'],
    [{ code: 'no_offer' }, 'no offer here for this card'],
  ] as [SavingsReason, string][])('says %j as "%s"', (reason, text) => {
    expect(reasonText(reason, 'en')).toBe(text);
  });

  it('says them in Sinhala and Tamil, with no English words but the card names', () => {
    for (const locale of ['si', 'ta'] as const) {
      expect(reasonText({ code: 'days_only', days: ['fri'] }, locale)).not.toMatch(/[A-Za-z]/);
      expect(reasonText({ code: 'min_bill', amount: 15_000 }, locale)).toContain('15,000');
      expect(reasonText({ code: 'no_offer' }, locale)).not.toMatch(/[A-Za-z]/);
    }
  });

  it('gives the rate with its cap, or the words', () => {
    const withCap = offer({ eligibility: { maxDiscount: 2000 } });
    expect(benefitText(withCap, 'en')).toBe('20% off · up to Rs. 2,000 off');
    expect(benefitText(offer({ offerType: 'upto', offerRate: '50' }), 'en')).toBe('upto 50% off');
    expect(benefitText(offer({ offerType: 'customize', offerRate: 'Free dessert' }), 'en')).toBe('Free dessert');
    expect(benefitText(offer({ offerRate: null }), 'en')).toBeNull();
  });
});
