// GET /merchants/{merchantId}/savings (docs/api.md "Savings at a merchant"): a merchant of its own
// with offers of known banks and rules, asked on a Friday and a Saturday, with and without a bill
// and cards; what is left out (withdrawn, not accepted, ended); and every bad query's clear 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ELIGIBILITY, type CardSpecData } from '../../src/contract/eligibility.ts';
import { SavingsResponse, type CardSavingAnswerData } from '../../src/contract/savings.ts';
import { banks, merchants, offers } from '../../src/server/db/schema.ts';
import { createTestApi, type TestApi } from './harness.ts';
import { expectError, expectOk } from './expectations.ts';

type OfferRow = typeof offers.$inferInsert;

const FRIDAY = '2026-12-04';
const SATURDAY = '2026-12-05';

let api: TestApi;
let merchantId: number;
/** Three banks that issue cards, in the order their cards are listed when none are asked about. */
let bankA: { bankId: number; issuedCards: CardSpecData[] };
let bankB: typeof bankA;
let bankC: typeof bankA;
let otherBank: typeof bankA;

const savings = async (query: Record<string, string>, id = merchantId) =>
  api.call('GET', `/api/merchants/${id}/savings?${new URLSearchParams(query)}`);
const data = (res: { body: { data: CardSavingAnswerData[] } }) => res.body.data;

beforeAll(async () => {
  api = await createTestApi({ rateLimits: false, offers: 40 });
  const db = api.handle.db;
  const issuing = (await db.select().from(banks)).filter((bank) => bank.issuedCards.length > 0);
  expect(issuing.length, 'the demo data needs four banks that issue cards').toBeGreaterThanOrEqual(4);
  [bankA, bankB, bankC, otherBank] = issuing;
  const [merchant] = await db.insert(merchants).values({ merchantName: 'Savings Test Supermarket' }).returning();
  merchantId = merchant!.merchantId;
  const [template] = await db.select().from(offers).limit(1);
  const { offerId: _, ...base } = template!;
  const offer = (
    changes: Omit<Partial<OfferRow>, 'eligibility'> & { eligibility?: Partial<OfferRow['eligibility']> },
  ): OfferRow => ({
    ...base,
    merchantId,
    reviewStatus: 'accepted',
    withdrawnAt: null,
    offerStart: new Date('2026-11-01T00:00:00+05:30'),
    offerEnd: new Date('2026-12-31T23:59:00+05:30'),
    ...changes,
    eligibility: { ...NO_ELIGIBILITY, ...changes.eligibility },
  });
  await db.insert(offers).values([
    offer({
      bankId: bankA.bankId,
      offerType: 'off',
      offerRate: '20',
      eligibility: { minBill: 5000, maxDiscount: 1000 },
    }),
    offer({ bankId: bankB.bankId, offerType: 'off', offerRate: '10', eligibility: { days: ['fri'] } }),
    offer({ bankId: bankC.bankId, offerType: 'customize', offerRate: 'Free dessert' }),
    // Left out: withdrawn, not accepted, ended before the day asked.
    offer({ bankId: otherBank.bankId, offerType: 'off', offerRate: '50', withdrawnAt: new Date() }),
    offer({ bankId: otherBank.bankId, offerType: 'off', offerRate: '60', reviewStatus: 'pending' }),
    offer({
      bankId: otherBank.bankId,
      offerType: 'off',
      offerRate: '70',
      offerEnd: new Date('2026-12-03T23:59:00+05:30'),
    }),
  ]);
});
afterAll(async () => {
  await api?.close();
});

describe('the savings at a merchant', () => {
  it('lists every card of each bank with an offer there, ranked by the rupees each saves on the bill', async () => {
    const res = await savings({ bill: '10000', date: FRIDAY, time: '12:00' });
    expectOk(res, SavingsResponse);
    const answers = data(res);
    const cardsOf = (bank: typeof bankA) => answers.filter((answer) => answer.bankId === bank.bankId);
    expect(cardsOf(bankA)).toHaveLength(bankA.issuedCards.length);
    expect(cardsOf(bankB)).toHaveLength(bankB.issuedCards.length);
    expect(cardsOf(bankC)).toHaveLength(bankC.issuedCards.length);
    expect(cardsOf(otherBank), 'its offers are withdrawn, pending or ended').toHaveLength(0);
    // 20% capped at Rs. 1,000 and 10% of Rs. 10,000 both save 1,000: the higher rate first; the dessert after.
    expect(answers.map((answer) => [answer.bankId, answer.saving, answer.qualifies])).toEqual([
      ...bankA.issuedCards.map(() => [bankA.bankId, 1000, true]),
      ...bankB.issuedCards.map(() => [bankB.bankId, 1000, true]),
      ...bankC.issuedCards.map(() => [bankC.bankId, null, true]),
    ]);
    expect(answers[0]!.benefit).toBe('20% off · up to Rs. 1,000 off');
    expect(answers.at(-1)!.benefit).toBe('Free dessert');
    expect(answers[0]!.card).toEqual({ ...bankA.issuedCards[0] });
  });

  it('says in one line why a card does not qualify: a bill under the minimum, another weekday', async () => {
    const answers = data(await savings({ bill: '4000', date: SATURDAY, time: '12:00' }));
    const first = (bank: typeof bankA) => answers.find((answer) => answer.bankId === bank.bankId)!;
    expect(first(bankA)).toMatchObject({
      qualifies: false,
      saving: null,
      reason: 'needs a bill of Rs. 5,000',
      reasonDetail: { code: 'min_bill', amount: 5000 },
    });
    expect(first(bankB)).toMatchObject({
      qualifies: false,
      reason: 'Fridays only',
      reasonDetail: { code: 'days_only', days: ['fri'] },
    });
    // The dessert qualifies, so it leads; the others follow.
    expect(answers[0]!.bankId).toBe(bankC.bankId);
  });

  it('answers for the cards asked about only, a card of a bank without an offer here saying so', async () => {
    const [card] = bankA.issuedCards;
    const cards = [
      { bankId: bankA.bankId, ...card },
      { bankId: otherBank.bankId, network: null, kind: null, tier: null },
    ];
    const answers = data(await savings({ bill: '10000', date: FRIDAY, time: '12:00', cards: JSON.stringify(cards) }));
    expect(answers.map((answer) => [answer.bankId, answer.qualifies, answer.reason])).toEqual([
      [bankA.bankId, true, null],
      [otherBank.bankId, false, 'no offer here for this card'],
    ]);
    expect(answers[1]).toMatchObject({ offerId: null, benefit: null, reasonDetail: { code: 'no_offer' } });
  });

  it('works without a bill: the rates rank the cards and no rupees are worked out', async () => {
    const answers = data(await savings({ date: FRIDAY }));
    expect(answers.every((answer) => answer.saving === null)).toBe(true);
    expect(answers[0]!.bankId).toBe(bankA.bankId);
    expect(answers.every((answer) => answer.qualifies)).toBe(true);
  });

  it('takes the channel: an online bill for an offer that does not say counts', async () => {
    const answers = data(await savings({ bill: '10000', channel: 'online', date: FRIDAY, time: '12:00' }));
    expect(answers[0]).toMatchObject({ bankId: bankA.bankId, saving: 1000 });
  });

  it('is empty for a merchant with no offers', async () => {
    const [empty] = await api.handle.db.insert(merchants).values({ merchantName: 'No Offers Here' }).returning();
    const res = await savings({}, empty!.merchantId);
    expectOk(res, SavingsResponse);
    expect(data(res)).toEqual([]);
  });
});

describe('bad queries', () => {
  it('answers 404 for a merchant that does not exist', async () => {
    const res = await savings({}, 999_999);
    expectError(res, 404, 'Merchant not found.');
    expect(res.body.code).toBe('merchant_not_found');
  });

  it.each([
    ['a bill that is not a number', { bill: 'ten' }, 'invalid_rupees'],
    ['a bill of 0', { bill: '0' }, 'invalid_rupees'],
    ['a channel it does not know', { channel: 'phone' }, 'invalid_savings_channel'],
    ['a date that does not exist', { date: '2026-02-30' }, 'invalid_feed_date'],
    ['a date in another form', { date: '04/12/2026' }, 'invalid_feed_date'],
    ['a time past 23:59', { time: '24:00' }, 'invalid_time'],
    ['cards that are not JSON', { cards: '[{' }, 'invalid_savings_cards'],
    [
      'a card of a network it does not know',
      { cards: JSON.stringify([{ bankId: 1, network: 'discover', kind: 'credit' }]) },
      'invalid',
    ],
  ])('answers 400 for %s', async (_, query, code) => {
    const res = await savings(query);
    expectError(res, 400);
    expect(res.body.issues[0].code).toBe(code);
  });

  it('answers 400 for a merchant id that is not one', async () => {
    expectError(await api.call('GET', '/api/merchants/abc/savings'), 400);
  });
});
