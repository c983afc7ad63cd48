// An offer's typed eligibility in words, for the offer page and the modal: "Visa and Mastercard
// credit cards · Fridays and Saturdays · 6 pm – 10:30 pm · min. bill Rs. 5,000 · up to Rs. 2,500
// off · in store and online". Plain code, no dayjs: the modal's chunk carries it.
import {
  CARD_KINDS, CARD_NETWORK_NAMES, WEEKDAYS, WEEKDAY_NAMES, type CardSpecData, type EligibilityData, type Weekday,
} from '../contract/eligibility.ts';

/** 'a', 'a and b', 'a, b and c'. */
export const listText = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** 'Rs. 5,000': the spec's rupee style, with thousands separators. */
export const rupeesText = (amount: number) => `Rs. ${amount.toLocaleString('en-US')}`;

const KIND_WORDS: Record<CardSpecData['kind'], string> = { credit: 'credit', debit: 'debit', prepaid: 'prepaid' };

/**
 * The listed cards, grouped by kind: networks sharing a tier read 'Visa and Mastercard Platinum
 * credit cards'; mixed tiers read 'Visa Signature and Visa Infinite credit cards'.
 */
function listedCardsText(cards: readonly CardSpecData[]): string {
  const groups = CARD_KINDS.map((kind) => cards.filter((card) => card.kind === kind)).filter((group) => group.length > 0);
  return groups.map((group) => {
    const tiers = [...new Set(group.map((card) => card.tier))];
    const networks = [...new Set(group.map((card) => CARD_NETWORK_NAMES[card.network]))];
    const names = tiers.length === 1
      ? `${listText(networks)}${tiers[0] ? ` ${tiers[0]}` : ''}`
      : listText(group.map((card) => `${CARD_NETWORK_NAMES[card.network]}${card.tier ? ` ${card.tier}` : ''}`));
    return `${names} ${KIND_WORDS[group[0]!.kind]} cards`;
  }).join('; ');
}

export function cardsText(eligibility: Pick<EligibilityData, 'cardScope' | 'cards'>, bankName: string): string {
  if (eligibility.cardScope === 'all') return `All ${bankName} cards`;
  if (eligibility.cardScope === 'credit') return `All ${bankName} credit cards`;
  return listedCardsText(eligibility.cards);
}

/** Runs of three or more days in a row read as a range: 'Monday to Friday'; others as a list: 'Fridays and Saturdays'. */
export function daysText(days: readonly Weekday[]): string {
  if (days.length === 0 || days.length === WEEKDAYS.length) return '';
  const indexes = days.map((day) => WEEKDAYS.indexOf(day)).sort((a, b) => a - b);
  const consecutive = indexes.every((index, i) => i === 0 || index === indexes[i - 1]! + 1);
  if (consecutive && indexes.length >= 3) return `${WEEKDAY_NAMES[WEEKDAYS[indexes[0]!]!]} to ${WEEKDAY_NAMES[WEEKDAYS[indexes.at(-1)!]!]}`;
  return listText(indexes.map((index) => `${WEEKDAY_NAMES[WEEKDAYS[index]!]}s`));
}

/** '18:00' → '6 pm', '22:30' → '10:30 pm', '00:00' → 'midnight', '12:00' → 'noon'. */
export function clockText(time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  if (minutes === 0 && hours === 0) return 'midnight';
  if (minutes === 0 && hours === 12) return 'noon';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''} ${hours < 12 ? 'am' : 'pm'}`;
}

const CHANNEL_WORDS: Record<NonNullable<EligibilityData['channel']>, string> = { inStore: 'in store', online: 'online', both: 'in store and online' };

/** The parts of the line, each a short phrase; empty when the offer says nothing beyond its bank. */
export function eligibilityParts(eligibility: EligibilityData, bankName: string): string[] {
  const parts = [cardsText(eligibility, bankName), daysText(eligibility.days)];
  if (eligibility.timeFrom && eligibility.timeTo) parts.push(`${clockText(eligibility.timeFrom)} – ${clockText(eligibility.timeTo)}`);
  if (eligibility.minBill !== null) parts.push(`min. bill ${rupeesText(eligibility.minBill)}`);
  if (eligibility.maxDiscount !== null) parts.push(`up to ${rupeesText(eligibility.maxDiscount)} off`);
  if (eligibility.channel) parts.push(CHANNEL_WORDS[eligibility.channel]);
  return parts.filter(Boolean);
}

/** The one line: its parts joined by ' · '. */
export const eligibilityText = (eligibility: EligibilityData, bankName: string) => eligibilityParts(eligibility, bankName).join(' · ');
