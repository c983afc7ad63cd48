// An offer's typed eligibility in words, for the offer page and the modal: "Visa and Mastercard
// credit cards · Fridays and Saturdays · 6 pm – 10:30 pm · min. bill Rs. 5,000 · up to Rs. 2,500
// off · in store and online". Plain code, no dayjs: the modal's chunk carries it.
import {
  CARD_KINDS,
  CARD_NETWORK_NAMES,
  WEEKDAYS,
  type CardSpecData,
  type EligibilityData,
  type Weekday,
} from '../contract/eligibility.ts';
import { groupedDigits } from '../contract/digits.ts';
import { m } from '../paraglide/messages.js';
import { baseLocale, getLocale, type Locale } from '../paraglide/runtime.js';
import { intlLocale } from './intl-locale.ts';

/** 'a', 'a and b', 'a, b and c'. `locale`: another than the page's (the API's English). */
export const listText = (items: readonly string[], locale?: Locale) =>
  items.length <= 1
    ? (items[0] ?? '')
    : m.pages_list_and({ items: items.slice(0, -1).join(', '), last: items.at(-1)! }, { locale });

/** 'Rs. 5,000': the spec's rupee style, with thousands separators (amounts are whole rupees). */
export const rupeesText = (amount: number) => `Rs. ${groupedDigits(amount)}`;

// Message functions, called while the text is written: the page's language then.
const KIND_CARDS: Record<CardSpecData['kind'], (inputs: { names: string }, options: { locale?: Locale }) => string> = {
  credit: m.pages_cards_credit,
  debit: m.pages_cards_debit,
  prepaid: m.pages_cards_prepaid,
};

/**
 * The listed cards, grouped by kind: networks sharing a tier read 'Visa and Mastercard Platinum
 * credit cards'; mixed tiers read 'Visa Signature and Visa Infinite credit cards'.
 */
export function listedCardsText(cards: readonly CardSpecData[], locale?: Locale): string {
  const groups = CARD_KINDS.map((kind) => cards.filter((card) => card.kind === kind)).filter(
    (group) => group.length > 0,
  );
  return groups
    .map((group) => {
      const tiers = [...new Set(group.map((card) => card.tier))];
      const networks = [...new Set(group.map((card) => CARD_NETWORK_NAMES[card.network]))];
      const names =
        tiers.length === 1
          ? `${listText(networks, locale)}${tiers[0] ? ` ${tiers[0]}` : ''}`
          : listText(
              group.map((card) => `${CARD_NETWORK_NAMES[card.network]}${card.tier ? ` ${card.tier}` : ''}`),
              locale,
            );
      return KIND_CARDS[group[0]!.kind]({ names }, { locale });
    })
    .join('; ');
}

export function cardsText(
  eligibility: Pick<EligibilityData, 'cardScope' | 'cards'>,
  bankName: string,
  locale?: Locale,
): string {
  if (eligibility.cardScope === 'all') return m.pages_cards_all({ bankName }, { locale });
  if (eligibility.cardScope === 'credit') return m.pages_cards_all_credit({ bankName }, { locale });
  return listedCardsText(eligibility.cards, locale);
}

/** A day as a range's end ('Monday'), and as a repeated day ('Mondays'). */
type DayName = (inputs: Record<string, never>, options: { locale?: Locale }) => string;
const DAY_NAMES: Record<Weekday, DayName> = {
  mon: m.pages_day_range_mon,
  tue: m.pages_day_range_tue,
  wed: m.pages_day_range_wed,
  thu: m.pages_day_range_thu,
  fri: m.pages_day_range_fri,
  sat: m.pages_day_range_sat,
  sun: m.pages_day_range_sun,
};
/** A weekday's name: 'Monday'. */
export const weekdayName = (day: Weekday, locale?: Locale) => DAY_NAMES[day]({}, { locale });
const DAYS_NAMES: Record<Weekday, DayName> = {
  mon: m.pages_day_mon,
  tue: m.pages_day_tue,
  wed: m.pages_day_wed,
  thu: m.pages_day_thu,
  fri: m.pages_day_fri,
  sat: m.pages_day_sat,
  sun: m.pages_day_sun,
};

/** Runs of three or more days in a row read as a range: 'Monday to Friday'; others as a list: 'Fridays and Saturdays'. */
export function daysText(days: readonly Weekday[], locale?: Locale): string {
  if (days.length === 0 || days.length === WEEKDAYS.length) return '';
  const indexes = days.map((day) => WEEKDAYS.indexOf(day)).sort((a, b) => a - b);
  const consecutive = indexes.every((index, i) => i === 0 || index === indexes[i - 1]! + 1);
  if (consecutive && indexes.length >= 3) {
    return m.pages_days_range(
      {
        first: DAY_NAMES[WEEKDAYS[indexes[0]!]!]({}, { locale }),
        last: DAY_NAMES[WEEKDAYS[indexes.at(-1)!]!]({}, { locale }),
      },
      { locale },
    );
  }
  return listText(
    indexes.map((index) => DAYS_NAMES[WEEKDAYS[index]!]({}, { locale })),
    locale,
  );
}

/** Sinhala and Tamil times, as Intl writes them for si-LK and ta-LK ('18.00', '18:00'); made once a language. */
const clockFormats = new Map<Locale, Intl.DateTimeFormat>();
function localClockText(locale: Locale, hours: number, minutes: number): string {
  let format = clockFormats.get(locale);
  if (!format)
    clockFormats.set(
      locale,
      (format = new Intl.DateTimeFormat(intlLocale(locale), {
        hour: 'numeric',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: 'UTC',
      })),
    );
  return format.format(Date.UTC(2000, 0, 1, hours, minutes));
}

/** English: '18:00' → '6 pm', '22:30' → '10:30 pm', '00:00' → 'midnight', '12:00' → 'noon'; other languages as Intl writes them. */
export function clockText(time: string, locale: Locale = getLocale()): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  if (locale !== baseLocale) return localClockText(locale, hours, minutes);
  if (minutes === 0 && hours === 0) return 'midnight';
  if (minutes === 0 && hours === 12) return 'noon';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''} ${hours < 12 ? 'am' : 'pm'}`;
}

const CHANNEL_WORDS: Record<NonNullable<EligibilityData['channel']>, () => string> = {
  inStore: m.pages_channel_in_store,
  online: m.pages_channel_online,
  both: m.pages_channel_both,
};

/** The parts of the line, each a short phrase; empty when the offer says nothing beyond its bank. */
export function eligibilityParts(eligibility: EligibilityData, bankName: string): string[] {
  const parts = [cardsText(eligibility, bankName), daysText(eligibility.days)];
  if (eligibility.timeFrom && eligibility.timeTo)
    parts.push(`${clockText(eligibility.timeFrom)} – ${clockText(eligibility.timeTo)}`);
  if (eligibility.minBill !== null)
    parts.push(m.pages_eligibility_min_bill({ amount: rupeesText(eligibility.minBill) }));
  if (eligibility.maxDiscount !== null)
    parts.push(m.pages_eligibility_max_discount({ amount: rupeesText(eligibility.maxDiscount) }));
  if (eligibility.channel) parts.push(CHANNEL_WORDS[eligibility.channel]());
  if (eligibility.registerFirst) parts.push(m.pages_eligibility_register_first());
  if (eligibility.convertWithinDays !== null)
    parts.push(m.pages_eligibility_convert_within({ days: eligibility.convertWithinDays }));
  if (eligibility.promoCodeRequired) parts.push(m.pages_eligibility_promo_code());
  return parts.filter(Boolean);
}

/** The one line: its parts joined by ' · '. */
export const eligibilityText = (eligibility: EligibilityData, bankName: string) =>
  eligibilityParts(eligibility, bankName).join(' · ');
