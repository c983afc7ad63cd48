// The savings answer in words, ready to show: the day choices, the note on whose cards these are,
// and each card's line, bank by bank for every card or one by one for the visitor's own. The
// merchant's page renders it in its HTML at build time (components/SavingsAnswer.astro), and
// islands/offer/savings-answer.ts renders it again in the browser as the question changes.
import { CARD_NETWORK_NAMES, type CardKind } from '../contract/card-constants.ts';
import { m } from '../paraglide/messages.js';
import { rupeesText } from './format-eligibility.ts';
import { shortDate } from './offer-dates.ts';
import {
  cardsOfBanks,
  rankSavings,
  type CardSaving,
  type MerchantSavingsData,
  type SavingsCard,
  type SavingsOffer,
  type SavingsQuestion,
} from './savings.ts';
import { benefitText, reasonText } from './savings-text.ts';
import { sriLankaDate, sriLankaInstant } from './sri-lanka-date.ts';

const DAYS_SHOWN = 7;
const DAY_MS = 86_400_000;
const KIND_WORDS: Record<CardKind, () => string> = {
  credit: m.savings_kind_credit,
  debit: m.savings_kind_debit,
  prepaid: m.savings_kind_prepaid,
};

/** A card's line: its name, and what it saves or the one reason it does not qualify. */
export interface SavingLine {
  qualifies: boolean;
  card: string;
  what: string;
}

/** One bank's cards when the answer is for every card: its best card shown, the others a press away. */
export interface BankSavings {
  bankName: string;
  best: SavingLine;
  others: SavingLine[];
}

export type SavingsAnswerView =
  { yourCards: true; note: string; lines: SavingLine[] } | { yourCards: false; note: string; banks: BankSavings[] };

/** Today and the next six days in Sri Lanka, as the day choices (value YYYY-MM-DD). */
export function savingsDays(now = Date.now()): { value: string; label: string }[] {
  return Array.from({ length: DAYS_SHOWN }, (_, i) => {
    const value = sriLankaDate(now + i * DAY_MS);
    const label = i === 0 ? m.savings_today() : shortDate(new Date(sriLankaInstant(value)).toISOString());
    return { value, label: label ?? value };
  });
}

function cardName(card: SavingsCard, bankName: string): string {
  if (card.network === null || card.kind === null) return m.savings_any_card({ bank: bankName });
  return `${CARD_NETWORK_NAMES[card.network]}${card.tier ? ` ${card.tier}` : ''} ${KIND_WORDS[card.kind]()}`;
}

function savingLine(answer: CardSaving, bankName: string, offers: Map<number, SavingsOffer>): SavingLine {
  const offer = answer.offerId === null ? undefined : offers.get(answer.offerId);
  const benefit = offer && benefitText(offer);
  let what: string;
  if (!answer.qualifies) what = reasonText(answer.reason!);
  else if (answer.saving !== null)
    what = `${m.savings_saves({ amount: rupeesText(answer.saving) })}${benefit ? ` · ${benefit}` : ''}`;
  else what = benefit ?? '';
  return { qualifies: answer.qualifies, card: cardName(answer.card, bankName), what };
}

/** The answer to a question: for the visitor's own cards (My Cards) when they have some, else every bank's. */
export function savingsAnswerView(
  data: MerchantSavingsData,
  myCards: readonly SavingsCard[],
  question: SavingsQuestion,
): SavingsAnswerView {
  const bankNames = new Map(data.banks.map((bank) => [bank.bankId, bank.bankName]));
  const offers = new Map(data.offers.map((offer) => [offer.offerId, offer]));
  const bankName = (saving: CardSaving) => bankNames.get(saving.card.bankId) ?? '';
  if (myCards.length) {
    const ranked = rankSavings(data.offers, myCards, question);
    return {
      yourCards: true,
      note: m.savings_your_cards(),
      lines: ranked.map((saving) => savingLine(saving, bankName(saving), offers)),
    };
  }
  const ranked = rankSavings(data.offers, cardsOfBanks(data.banks), question);
  // The banks in the order of their best card.
  const banks = [...new Set(ranked.map((saving) => saving.card.bankId))].map((bankId): BankSavings => {
    const [best, ...others] = ranked
      .filter((saving) => saving.card.bankId === bankId)
      .map((saving) => savingLine(saving, bankName(saving), offers));
    return { bankName: bankNames.get(bankId) ?? '', best: best!, others };
  });
  return { yourCards: false, note: m.savings_every_card(), banks };
}
