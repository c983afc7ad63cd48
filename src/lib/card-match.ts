// Which offers a visitor's cards can use (My Cards: the "Your card" mark and "My cards only").
// The server's SQL (domain/offer-search.ts) says the same; tests/api/offer-search.test.ts checks
// that the two agree on the demo data.
import type { CardSpecData, EligibilityData } from '../contract/eligibility.ts';
import type { MyCardData } from '../contract/card-constants.ts';

type OfferCards = { bankId: number; eligibility: Pick<EligibilityData, 'cardScope' | 'cards'> };
const sameTier = (a: string | null, b: string | null) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/**
 * Whether one card can use the offer: a card of the offer's bank, and one the offer covers (all
 * the bank's cards; its credit cards; or a listed card of the same network and kind, of the card's
 * tier or any tier). "Any card of this bank" counts for every offer of its bank: the visitor did
 * not say which, so the offer is not hidden from them.
 */
export function cardCanUse(card: MyCardData, offer: OfferCards): boolean {
  if (card.bankId !== offer.bankId) return false;
  if (card.network === null) return true;
  const { cardScope, cards } = offer.eligibility;
  if (cardScope === 'all') return true;
  if (cardScope === 'credit') return card.kind === 'credit';
  return cards.some(
    (listed) =>
      listed.network === card.network &&
      listed.kind === card.kind &&
      (listed.tier === null || sameTier(listed.tier, card.tier)),
  );
}

export const someCardCanUse = (cards: readonly MyCardData[], offer: OfferCards) =>
  cards.some((card) => cardCanUse(card, offer));

/**
 * An offer's card rule as a card carries it in the page (data-cards), so that the "Your card" mark
 * (src/page-scripts/your-card-marks.ts) works on every list, built or loaded: bank, scope and listed cards.
 */
export const cardRuleText = (offer: OfferCards) =>
  JSON.stringify([
    offer.bankId,
    offer.eligibility.cardScope,
    offer.eligibility.cards.map((card) => [card.network, card.kind, card.tier]),
  ]);

/** The offer's card rule from a card's data-cards; undefined when it is not one. */
export function cardRuleFrom(text: string | undefined): OfferCards | undefined {
  try {
    const [bankId, cardScope, cards] = JSON.parse(text ?? '') as [
      number,
      EligibilityData['cardScope'],
      [CardSpecData['network'], CardSpecData['kind'], string | null][],
    ];
    if (typeof bankId !== 'number' || !Array.isArray(cards)) return undefined;
    return {
      bankId,
      eligibility: { cardScope, cards: cards.map(([network, kind, tier]) => ({ network, kind, tier })) },
    };
  } catch {
    return undefined;
  }
}
