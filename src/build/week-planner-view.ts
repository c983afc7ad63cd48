// The week planners (/week-planner/{slug}): for an everyday category, a grid of the seven days
// against its merchants, each cell naming which bank (and card, where the offer names some) saves
// what on that day. Live offers and those starting within the seven days count, each on the days
// it applies. Worked out here from the build's offers, so that the page reads as markup.
import type { OfferData } from '../contract/index.ts';
import type { Weekday } from '../contract/card-constants.ts';
import { listedCardsText, weekdayName } from '../lib/format-eligibility.ts';
import { localePath } from '../lib/locale-path.ts';
import { shortDate } from '../lib/offer-dates.ts';
import { offerWeekdayCalendarPath } from '../lib/offer-share.ts';
import { PUBLIC_API_URL } from '../lib/public-config.ts';
import { sriLankaDate } from '../lib/sri-lanka-date.ts';
import { merchantPagePath } from '../lib/site-urls.ts';
import { m } from '../paraglide/messages.js';
import { appliesOn, comingWeek, weekBankLabels, weekEntry, type WeekEntry } from './week-view.ts';

export interface PlannerCategory {
  slug: string;
  /** The category's name on the page, in its language. */
  name: () => string;
  /** The site's categories it covers, by their (English) names. */
  categoryNames: readonly string[];
  /** Where given, only merchants whose name holds one of these words (a pharmacy among the health offers). */
  merchantWords?: readonly string[];
}

/** The everyday categories that have a week planner: the one list (pages, sitemap, links). */
export const PLANNER_CATEGORIES: readonly PlannerCategory[] = [
  { slug: 'supermarkets', name: () => m.planner_supermarkets(), categoryNames: ['Supermarkets', 'Supermarket'] },
  { slug: 'fuel', name: () => m.planner_fuel(), categoryNames: ['Fuel'] },
  { slug: 'dining', name: () => m.planner_dining(), categoryNames: ['Dining'] },
  {
    slug: 'pharmacies',
    name: () => m.planner_pharmacies(),
    categoryNames: ['Pharmacies', 'Pharmacy', 'Health & Wellness'],
    merchantWords: ['pharmacy', 'pharmacies', 'chemist', 'osusala'],
  },
];

export interface PlannerEntry extends WeekEntry {
  offerId: number;
  /** The cards the offer names ('credit cards', 'Visa Platinum credit cards'), or undefined for all the bank's cards. */
  card: string | undefined;
  /** 'starts 5 Dec' for an offer that has not started yet. */
  starts: string | undefined;
  /** Its weekly event on this weekday (GET {API}/offers/{id}/calendar.ics?weekday=). */
  calendarHref: string;
}

export interface PlannerRow {
  merchantId: number;
  merchantName: string;
  href: string;
  /** One cell per weekday, Monday first. */
  cells: { day: Weekday; entries: PlannerEntry[] }[];
}

export interface PlannerGrid {
  /** The columns, Monday first: each weekday's name and its date in the seven days from the build. */
  days: { day: Weekday; name: string; date: string }[];
  /** The first of the seven days (YYYY-MM-DD in Sri Lanka). */
  from: string;
  /** Merchants with an offer on at least one day, by name. */
  rows: PlannerRow[];
}

const hasWord = (name: string, words: readonly string[]) => {
  const lower = name.toLowerCase();
  return words.some((word) => lower.includes(word));
};

/** The cards an offer names, short (the bank is the entry's): 'credit cards', 'Visa Platinum credit cards'. */
function cardsNamed({ eligibility }: OfferData): string | undefined {
  if (eligibility.cardScope === 'all') return undefined;
  return eligibility.cardScope === 'credit' ? m.savings_credit_cards() : listedCardsText(eligibility.cards);
}

/** Whether an offer is at one of the planner's merchants. */
export const inPlanner = (planner: PlannerCategory, offer: OfferData) =>
  planner.categoryNames.includes(offer.category.categoryName) &&
  Boolean(offer.merchant.slug) &&
  (!planner.merchantWords || hasWord(offer.merchant.merchantName, planner.merchantWords));

/** The planner's grid over the seven days from `now` (in Sri Lanka); `offers` as the build reads them. */
export function weekPlannerGrid(planner: PlannerCategory, offers: OfferData[], now = Date.now()): PlannerGrid {
  const week = comingWeek(now);
  const today = sriLankaDate(now);
  const rows = new Map<number, PlannerRow>();
  const planned = offers.filter((offer) => inPlanner(planner, offer));
  const labels = weekBankLabels(planned);
  for (const offer of planned) {
    const days = week.filter((day) => appliesOn(offer, day));
    if (!days.length) continue;
    let row = rows.get(offer.merchantId);
    if (!row)
      rows.set(
        offer.merchantId,
        (row = {
          merchantId: offer.merchantId,
          merchantName: offer.merchant.merchantName,
          href: localePath(merchantPagePath({ slug: offer.merchant.slug! })),
          cells: week.map(({ day }) => ({ day, entries: [] })),
        }),
      );
    const entry = weekEntry(offer, labels);
    const startsLater = offer.offerStart !== null && sriLankaDate(offer.offerStart) > today;
    for (const { day } of days) {
      row.cells
        .find((cell) => cell.day === day)!
        .entries.push({
          ...entry,
          offerId: offer.offerId,
          card: cardsNamed(offer),
          starts: startsLater ? m.savings_starts({ date: shortDate(offer.offerStart!)! }) : undefined,
          calendarHref: `${PUBLIC_API_URL}/${offerWeekdayCalendarPath(offer.offerId, day)}`,
        });
    }
  }
  return {
    days: week.map(({ day, date }) => ({ day, date, name: weekdayName(day) })),
    from: today,
    rows: [...rows.values()].sort((a, b) => a.merchantName.localeCompare(b.merchantName)),
  };
}
