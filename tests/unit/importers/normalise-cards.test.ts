import { describe, expect, it } from 'vitest';
import { bankIssues, type CardSpecData } from '../../../src/contract/eligibility.ts';
import { readCards, structuredCards } from '../../../src/server/importers/normalise/cards.ts';
import type { BankContext } from '../../../src/server/importers/types.ts';

const card = (
  network: CardSpecData['network'],
  kind: CardSpecData['kind'],
  tier: string | null = null,
): CardSpecData => ({ network, kind, tier });

const HNB: BankContext = {
  bankName: 'HNB',
  issuedCards: [
    card('visa', 'credit', 'Classic'),
    card('visa', 'credit', 'Platinum'),
    card('visa', 'credit', 'Signature'),
    card('visa', 'credit', 'Infinite'),
    card('mastercard', 'credit', 'Platinum'),
    card('mastercard', 'credit', 'World'),
    card('mastercard', 'credit', 'World Elite'),
    card('amex', 'credit', 'Gold'),
    card('visa', 'debit'),
    card('mastercard', 'debit', 'Platinum'),
  ],
};

describe('readCards: the whole bank', () => {
  it.each([
    ['All HNB Credit Cards', 'credit'],
    ['all credit cards', 'credit'],
    ['Enjoy 20% off on total bill with HNB Credit Cards', 'credit'],
    ['All cards', 'all'],
    ['all Commercial Bank cards', 'all'],
    ['all debit and credit cards', 'all'],
    ['Valid for HNB Credit & Debit Cards', 'all'],
    ['Enjoy 20% off on total bill', 'all'],
    ['Present the card at the time of billing', 'all'],
    ['', 'all'],
  ] as const)('%s → %s', (text, cardScope) => {
    expect(readCards(text, HNB)).toEqual({ cardScope, cards: [], unmatched: [] });
  });

  it('keeps scope credit when the text rules other cards out', () => {
    expect(readCards('All HNB Credit Cards. Not valid for debit cards', HNB)).toEqual({
      cardScope: 'credit',
      cards: [],
      unmatched: [],
    });
  });
});

describe('readCards: listed cards', () => {
  it.each([
    ['Visa & Mastercard credit cards', [card('visa', 'credit'), card('mastercard', 'credit')]],
    ['HNB Visa and MasterCard Credit Cards', [card('visa', 'credit'), card('mastercard', 'credit')]],
    ['Master Card cards', [card('mastercard', 'credit')]],
    ['Amex cards', [card('amex', 'credit')]],
    ['American Express Gold Cards', [card('amex', 'credit', 'Gold')]],
    [
      'Visa Signature and Infinite credit cards',
      [card('visa', 'credit', 'Signature'), card('visa', 'credit', 'Infinite')],
    ],
    [
      'Mastercard World & World Elite',
      [card('mastercard', 'credit', 'World'), card('mastercard', 'credit', 'World Elite')],
    ],
    ['MASTERCARD WORLD ELITE CREDIT CARDS', [card('mastercard', 'credit', 'World Elite')]],
    [
      'Visa Platinum & Mastercard Platinum credit cards',
      [card('visa', 'credit', 'Platinum'), card('mastercard', 'credit', 'Platinum')],
    ],
    ['Platinum credit cards', [card('visa', 'credit', 'Platinum'), card('mastercard', 'credit', 'Platinum')]],
    ['Debit cards', [card('visa', 'debit'), card('mastercard', 'debit')]],
    ['Visa debit cards', [card('visa', 'debit')]],
    ['Platinum debit cards', [card('mastercard', 'debit', 'Platinum')]],
    // A card of any tier covers the same network's tiered ones.
    ['Visa credit cards and Visa Platinum credit cards', [card('visa', 'credit')]],
  ])('%s', (text, cards) => {
    const reading = readCards(text, HNB);
    expect(reading).toEqual({ cardScope: 'listed', cards, unmatched: [] });
    expect(reading.cards.every((c) => bankIssues(HNB.issuedCards, c))).toBe(true);
  });

  it.each([
    // Tier restrictions as the banks write them are kept, not read as every card.
    [
      'Enjoy 20% off with ComBank Premium Credit Cards',
      [
        card('visa', 'credit', 'Platinum'),
        card('visa', 'credit', 'Signature'),
        card('visa', 'credit', 'Infinite'),
        card('mastercard', 'credit', 'Platinum'),
        card('mastercard', 'credit', 'World'),
        card('mastercard', 'credit', 'World Elite'),
      ],
    ],
    [
      'Eligible cards: All DFCC Visa Signature & Infinite Credit Cardholders.',
      [card('visa', 'credit', 'Signature'), card('visa', 'credit', 'Infinite')],
    ],
    ['Exclusive to HNB Visa Infinite Credit Cards', [card('visa', 'credit', 'Infinite')]],
    ['Valid for Signature cardholders only', [card('visa', 'credit', 'Signature')]],
    [
      '25% savings with your Nations Trust Bank Platinum Credit Card',
      [card('visa', 'credit', 'Platinum'), card('mastercard', 'credit', 'Platinum')],
    ],
    [
      'Private Banking Mastercard World Elite Credit Card; Maximum savings LKR 10,000',
      [card('mastercard', 'credit', 'World Elite')],
    ],
  ])('keeps the tier: %s', (text, cards) => {
    const reading = readCards(text, HNB);
    expect(reading).toMatchObject({ cardScope: 'listed', unmatched: [] });
    expect(reading.cards).toHaveLength(cards.length);
    expect(reading.cards).toEqual(expect.arrayContaining(cards));
  });

  it("reads 'Premium' as the bank's own Premium tier where it issues one, and reports it where it issues no top tier", () => {
    const ownPremium: BankContext = {
      bankName: 'X',
      issuedCards: [card('visa', 'credit', 'Premium'), card('visa', 'credit', 'Platinum')],
    };
    expect(readCards('Premium Credit Cards', ownPremium).cards).toEqual([card('visa', 'credit', 'Premium')]);
    const classicOnly: BankContext = { bankName: 'Y', issuedCards: [card('visa', 'credit', 'Classic')] };
    expect(readCards('Premium Credit Cards', classicOnly)).toEqual({
      cardScope: 'listed',
      cards: [],
      unmatched: ['Premium credit'],
    });
  });

  it('reads card holders as cards', () => {
    expect(
      readCards('Eligible cards: All DFCC Credit Cardholders (Excluding Corporate & Business Credit Cards).', HNB)
        .cardScope,
    ).toBe('credit');
  });

  it('lists every issued credit network beside other listed kinds', () => {
    expect(readCards('HNB Credit Cards and Visa debit cards', HNB)).toEqual({
      cardScope: 'listed',
      cards: [card('visa', 'credit'), card('mastercard', 'credit'), card('amex', 'credit'), card('visa', 'debit')],
      unmatched: [],
    });
  });

  it('spells tiers as the bank does', () => {
    const bank: BankContext = {
      bankName: 'Sampath',
      issuedCards: [card('visa', 'credit', 'INFINITE'), card('mastercard', 'credit', 'World Elite')],
    };
    expect(readCards('Visa Infinite credit cards', bank).cards).toEqual([card('visa', 'credit', 'INFINITE')]);
    expect(readCards('Mastercard world elite', bank).cards).toEqual([card('mastercard', 'credit', 'World Elite')]);
  });

  it('reads a tier only the bank issues', () => {
    const bank: BankContext = {
      bankName: 'NTB',
      issuedCards: [card('amex', 'credit', 'Blue'), card('amex', 'credit', 'Platinum')],
    };
    expect(readCards('American Express Blue cards', bank)).toEqual({
      cardScope: 'listed',
      cards: [card('amex', 'credit', 'Blue')],
      unmatched: [],
    });
  });
});

describe('readCards: cards the bank does not issue', () => {
  it('reports them by name', () => {
    expect(readCards('JCB credit cards', HNB)).toEqual({ cardScope: 'listed', cards: [], unmatched: ['JCB credit'] });
    expect(readCards('Diners Club cards', HNB)).toEqual({
      cardScope: 'listed',
      cards: [],
      unmatched: ['Diners Club credit'],
    });
    expect(readCards('Union Pay cards', HNB)).toEqual({
      cardScope: 'listed',
      cards: [],
      unmatched: ['UnionPay credit'],
    });
  });

  it('keeps the issued ones and reports the rest', () => {
    expect(readCards('Visa & JCB credit cards', HNB)).toEqual({
      cardScope: 'listed',
      cards: [card('visa', 'credit')],
      unmatched: ['JCB credit'],
    });
    expect(readCards('Visa, Mastercard & American Express Credit and Debit Cards', HNB)).toEqual({
      cardScope: 'listed',
      cards: [
        card('visa', 'credit'),
        card('visa', 'debit'),
        card('mastercard', 'credit'),
        card('mastercard', 'debit'),
        card('amex', 'credit'),
      ],
      unmatched: ['American Express debit'],
    });
  });

  it('reports a tier the bank does not issue, rather than reading any card of the network', () => {
    expect(readCards('Visa Titanium credit cards', HNB)).toEqual({
      cardScope: 'listed',
      cards: [],
      unmatched: ['Visa Titanium credit'],
    });
    expect(readCards('Titanium cards', HNB)).toEqual({
      cardScope: 'listed',
      cards: [],
      unmatched: ['Titanium credit'],
    });
  });

  it('reports a kind the bank does not issue', () => {
    expect(readCards('Prepaid cards', HNB)).toEqual({ cardScope: 'listed', cards: [], unmatched: ['Prepaid'] });
  });
});

describe('structuredCards', () => {
  it('keeps scopes all and credit as given', () => {
    expect(structuredCards(undefined, 'all', HNB)).toEqual({ cardScope: 'all', cards: [], unmatched: [] });
    expect(structuredCards([card('visa', 'credit')], 'credit', HNB)).toEqual({
      cardScope: 'credit',
      cards: [],
      unmatched: [],
    });
    expect(structuredCards(undefined, undefined, HNB)).toEqual({ cardScope: 'all', cards: [], unmatched: [] });
  });

  it('keeps issued cards in the bank spelling and reports the rest', () => {
    expect(
      structuredCards(
        [card('visa', 'credit', 'platinum'), card('jcb', 'credit'), card('visa', 'credit', 'Platinum')],
        undefined,
        HNB,
      ),
    ).toEqual({
      cardScope: 'listed',
      cards: [card('visa', 'credit', 'Platinum')],
      unmatched: ['JCB credit'],
    });
  });
});
