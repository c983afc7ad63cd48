// My Cards' matching (lib/card-match.ts) and "Valid today" (lib/valid-today.ts) at the day's edges
// in Sri Lanka (UTC+5:30): the rules the "Your card" mark and the API's search share.
import { describe, expect, it } from 'vitest';
import type { CardSpecData, EligibilityData } from '../../src/contract/eligibility.ts';
import type { MyCardData } from '../../src/contract/offer-search.ts';
import { cardCanUse, someCardCanUse } from '../../src/lib/card-match.ts';
import { isValidToday, sriLankaDay } from '../../src/lib/valid-today.ts';
import { sriLankaDate } from '../../src/lib/sri-lanka-date.ts';

const card = (
  network: MyCardData['network'],
  kind: MyCardData['kind'],
  tier: string | null = null,
  bankId = 1,
): MyCardData => ({ bankId, network, kind, tier });
const anyCardOf = (bankId: number): MyCardData => ({ bankId, network: null, kind: null, tier: null });
const offer = (cardScope: EligibilityData['cardScope'], cards: CardSpecData[] = [], bankId = 1) => ({
  bankId,
  eligibility: { cardScope, cards },
});
const listed = (
  network: CardSpecData['network'],
  kind: CardSpecData['kind'],
  tier: string | null = null,
): CardSpecData => ({ network, kind, tier });

describe('cardCanUse', () => {
  const platinum = card('visa', 'credit', 'Platinum');
  it.each([
    ['all cards of the bank', platinum, offer('all'), true],
    ['another bank', platinum, offer('all', [], 2), false],
    ['credit cards: a credit card', platinum, offer('credit'), true],
    ['credit cards: a debit card', card('visa', 'debit'), offer('credit'), false],
    ['listed, same tier', platinum, offer('listed', [listed('visa', 'credit', 'Platinum')]), true],
    ['listed, tier in another case', platinum, offer('listed', [listed('visa', 'credit', 'platinum')]), true],
    ['listed, any tier of the network and kind', platinum, offer('listed', [listed('visa', 'credit')]), true],
    ['listed, another tier', platinum, offer('listed', [listed('visa', 'credit', 'Signature')]), false],
    ['listed, another network', platinum, offer('listed', [listed('mastercard', 'credit')]), false],
    ['listed, another kind', platinum, offer('listed', [listed('visa', 'debit')]), false],
    [
      'listed, a card without a tier against a tiered listing',
      card('visa', 'credit'),
      offer('listed', [listed('visa', 'credit', 'Platinum')]),
      false,
    ],
    ['any card of the bank: a listed offer', anyCardOf(1), offer('listed', [listed('amex', 'credit', 'Gold')]), true],
    ['any card of another bank', anyCardOf(2), offer('all'), false],
  ])('%s', (_name, myCard, anOffer, canUse) => {
    expect(cardCanUse(myCard, anOffer)).toBe(canUse);
  });

  it('several cards: any one of them is enough; none is none', () => {
    const anOffer = offer('listed', [listed('mastercard', 'credit', 'World')]);
    expect(someCardCanUse([card('visa', 'credit'), card('mastercard', 'credit', 'World')], anOffer)).toBe(true);
    expect(someCardCanUse([card('visa', 'credit')], anOffer)).toBe(false);
    expect(someCardCanUse([], anOffer)).toBe(false);
  });
});

describe('isValidToday in Asia/Colombo', () => {
  // Friday 27 November 2026 in Sri Lanka runs from 2026-11-26T18:30Z to 2026-11-27T18:30Z.
  const FRIDAY_STARTS = '2026-11-26T18:30:00.000Z';
  const SATURDAY_STARTS = '2026-11-27T18:30:00.000Z';
  const justBefore = (iso: string) => new Date(new Date(iso).getTime() - 1);
  const fridays = { offerStart: null, offerEnd: null, eligibility: { days: ['fri' as const] } };

  it("the search cache's cheap date agrees with the day at its edges", () => {
    for (const at of [
      justBefore(FRIDAY_STARTS),
      new Date(FRIDAY_STARTS),
      justBefore(SATURDAY_STARTS),
      new Date('2026-03-01T00:00:00Z'),
    ]) {
      expect(sriLankaDate(at.getTime())).toBe(sriLankaDay(at).date);
    }
  });

  it("the day and weekday are Sri Lanka's, not UTC's", () => {
    expect(sriLankaDay(new Date('2026-11-26T20:00:00Z'))).toMatchObject({
      weekday: 'fri',
      date: '2026-11-27',
      start: new Date(FRIDAY_STARTS),
    });
    expect(sriLankaDay(justBefore(FRIDAY_STARTS))).toMatchObject({ weekday: 'thu', date: '2026-11-26' });
  });

  it('a Fridays-only offer is valid from Friday 00:00 to 23:59:59 in Sri Lanka', () => {
    expect(isValidToday(fridays, justBefore(FRIDAY_STARTS))).toBe(false);
    expect(isValidToday(fridays, new Date(FRIDAY_STARTS))).toBe(true);
    expect(isValidToday(fridays, justBefore(SATURDAY_STARTS))).toBe(true);
    expect(isValidToday(fridays, new Date(SATURDAY_STARTS))).toBe(false);
  });

  it('no days means every day', () => {
    for (const at of ['2026-11-23T06:00:00Z', '2026-11-29T06:00:00Z'])
      expect(isValidToday({ ...fridays, eligibility: { days: [] } }, new Date(at))).toBe(true);
  });

  it('an offer starting on Saturday is not valid on Friday, and is from Saturday 00:00', () => {
    const fromSaturday = { offerStart: SATURDAY_STARTS, offerEnd: null, eligibility: { days: [] } };
    expect(isValidToday(fromSaturday, justBefore(SATURDAY_STARTS))).toBe(false);
    expect(isValidToday(fromSaturday, new Date(SATURDAY_STARTS))).toBe(true);
  });

  it('an offer ending on Friday is valid until its end, and not after', () => {
    const untilFriday = { offerStart: null, offerEnd: justBefore(SATURDAY_STARTS), eligibility: { days: [] } };
    expect(isValidToday(untilFriday, justBefore(SATURDAY_STARTS))).toBe(true);
    expect(isValidToday(untilFriday, new Date(SATURDAY_STARTS))).toBe(false);
  });
});
