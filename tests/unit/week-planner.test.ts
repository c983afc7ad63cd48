// The week planners' grid (src/build/week-planner-view.ts): the seven days from the build against a
// category's merchants, each offer on the days it applies (every day, its weekdays, from its start
// to its end), the cards it names and the data "Only my cards" narrows by; and one cell's weekly
// calendar event (src/lib/offer-calendar.ts offerWeekdayEvent).
import { describe, expect, it } from 'vitest';
import { NO_ELIGIBILITY, type EligibilityData } from '../../src/contract/eligibility.ts';
import type { OfferData } from '../../src/contract/index.ts';
import { PLANNER_CATEGORIES, weekPlannerGrid, type PlannerGrid } from '../../src/build/week-planner-view.ts';
import { cardRuleFrom, someCardCanUse } from '../../src/lib/card-match.ts';
import { offerWeekdayEvent } from '../../src/lib/offer-calendar.ts';
import { offerWeekdayCalendarFile } from '../../src/server/services/offer-calendar.ts';
import { languageSitemap, sitemapPages } from '../../src/build/sitemap.ts';
import { offerData } from '../support/offer-data.ts';

// Wednesday 2 December 2026, 10:00 in Colombo: the seven days run to Tuesday 8 December.
const NOW = Date.parse('2026-12-02T04:30:00.000Z');
const planner = (slug: string) => PLANNER_CATEGORIES.find((one) => one.slug === slug)!;
const SUPERMARKETS = {
  categoryId: 6,
  id: 6,
  categoryName: 'Supermarkets',
  slug: 'supermarkets',
  iconName: 'supermarkets',
  translations: {},
};

let nextId = 1;
function offer(
  merchantName: string,
  changes: Partial<Omit<OfferData, 'eligibility'>> & { eligibility?: Partial<EligibilityData> } = {},
): OfferData {
  const merchantId = [...merchantName].reduce((sum, char, i) => sum + char.charCodeAt(0) * (i + 1), 0); // one per name
  const slug = merchantName.toLowerCase().replace(/\W+/g, '-');
  const merchant = { merchantId, merchantName, logoURL: null, contactNo: null, webURL: null, slug };
  const { eligibility, ...rest } = changes;
  return offerData({
    offerId: nextId++,
    header: 'Grocery saver',
    label: 'Weekly basket',
    offerRate: '15',
    offerStart: '2026-11-01T00:00:00.000+05:30',
    offerEnd: '2027-01-31T23:59:59.000+05:30',
    createAt: '2026-10-20T04:00:00.000Z',
    categoryId: SUPERMARKETS.categoryId,
    bank: { ...offerData().bank, logoURL: '', color: '#000' },
    category: SUPERMARKETS,
    merchant,
    eligibility: { ...NO_ELIGIBILITY, ...eligibility },
    ...rest,
  });
}

/** Each merchant's row as the weekdays that hold an entry, Monday first. */
const daysWithOffers = (grid: PlannerGrid) =>
  Object.fromEntries(
    grid.rows.map((row) => [row.merchantName, row.cells.filter((cell) => cell.entries.length).map((cell) => cell.day)]),
  );

describe('a week planner grid', () => {
  it('has the seven days Monday first, each with its date in the seven days from the build', () => {
    const grid = weekPlannerGrid(planner('supermarkets'), [], NOW);
    expect(grid.days.map(({ day, date }) => `${day} ${date}`)).toEqual([
      'mon 2026-12-07',
      'tue 2026-12-08',
      'wed 2026-12-02',
      'thu 2026-12-03',
      'fri 2026-12-04',
      'sat 2026-12-05',
      'sun 2026-12-06',
    ]);
    expect(grid.days[0]!.name).toBe('Monday');
    expect(grid.from).toBe('2026-12-02');
    expect(grid.rows).toEqual([]);
  });

  it('puts an every-day offer on all seven days and a weekday offer on its days only, merchants by name', () => {
    const grid = weekPlannerGrid(
      planner('supermarkets'),
      [
        offer('Village Fresh Market', { eligibility: { days: ['fri'] } }),
        offer('Daily Basket Mart'),
        offer('Village Fresh Market', {
          eligibility: { days: ['wed', 'sun'] },
          bankId: 2,
          bank: { ...offerData().bank, bankId: 2, bankName: 'Hatton National Bank', logoURL: '', color: '#000' },
        }),
      ],
      NOW,
    );
    expect(daysWithOffers(grid)).toEqual({
      'Daily Basket Mart': ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
      'Village Fresh Market': ['wed', 'fri', 'sun'],
    });
    expect(grid.rows.map((row) => row.merchantName)).toEqual(['Daily Basket Mart', 'Village Fresh Market']);
    const friday = grid.rows[1]!.cells.find((cell) => cell.day === 'fri')!.entries;
    expect(friday).toHaveLength(1);
    expect(friday[0]).toMatchObject({ bank: 'CB', benefit: '15% off', card: undefined, starts: undefined });
    expect(friday[0]!.calendarHref).toBe(`/api/offers/${friday[0]!.offerId}/calendar.ics?weekday=fri`);
    expect(grid.rows[1]!.href).toBe('/merchants/village-fresh-market');
  });

  it("labels each bank by a short name no other bank in the grid shares, else by its name without 'Bank'", () => {
    const bank = (bankId: number, bankName: string) => ({
      bankId,
      bank: { ...offerData().bank, bankId, bankName, logoURL: '', color: '#000' },
    });
    const labels = (offers: OfferData[]) =>
      weekPlannerGrid(planner('supermarkets'), offers, NOW).rows.flatMap((row) =>
        row.cells.find((cell) => cell.day === 'wed')!.entries.map((entry) => entry.bank),
      );
    // Sampath Bank and Seylan Bank are both 'SB': apart, each is SB; together, each is named.
    expect(labels([offer('Daily Basket Mart', bank(3, 'Sampath Bank'))])).toEqual(['SB']);
    expect(
      labels([
        offer('Daily Basket Mart', bank(3, 'Sampath Bank')),
        offer('Village Fresh Market', bank(4, 'Seylan Bank')),
        offer('Village Fresh Market', bank(5, 'NDB Bank')),
      ]),
    ).toEqual(['Sampath', 'Seylan', 'NDB']);
  });

  it('counts an offer starting mid-week from its first day, says when it starts, and one ending mid-week to its last', () => {
    const grid = weekPlannerGrid(
      planner('supermarkets'),
      [
        // Saturday 5 December in Colombo (still Friday in UTC).
        offer('Lakeside Supermart', { offerStart: '2026-12-04T18:30:00.000Z' }),
        // Its last day is Thursday 3 December.
        offer('Island Fresh Foods', { offerEnd: '2026-12-03T23:59:59.000+05:30' }),
        // Starts after the seven days: not this week.
        offer('Ceylon Pantry Store', { offerStart: '2026-12-09T00:00:00.000+05:30' }),
      ],
      NOW,
    );
    expect(daysWithOffers(grid)).toEqual({
      'Island Fresh Foods': ['wed', 'thu'],
      'Lakeside Supermart': ['mon', 'tue', 'sat', 'sun'],
    });
    const saturday = grid.rows[1]!.cells.find((cell) => cell.day === 'sat')!.entries[0]!;
    expect(saturday.starts).toBe('starts 5 Dec');
    expect(grid.rows[0]!.cells.find((cell) => cell.day === 'wed')!.entries[0]!.starts).toBeUndefined();
  });

  it("leaves out other categories' offers, ended ones, and offers of merchants without a page", () => {
    const grid = weekPlannerGrid(
      planner('supermarkets'),
      [
        offer('Pizza Hut', { category: { ...SUPERMARKETS, categoryName: 'Dining' } }),
        offer('Green Valley Grocers', { status: 'expired' }),
        {
          ...offer('No Page Grocers'),
          merchant: { ...offer('x').merchant, merchantName: 'No Page Grocers', slug: null },
        },
      ],
      NOW,
    );
    expect(grid.rows).toEqual([]);
  });

  it('finds the pharmacies among the health offers by their names', () => {
    const health = { ...SUPERMARKETS, categoryName: 'Health & Wellness' };
    const grid = weekPlannerGrid(
      planner('pharmacies'),
      [offer('Green Leaf Pharmacy', { category: health }), offer('Lotus Ayurveda Spa', { category: health })],
      NOW,
    );
    expect(grid.rows.map((row) => row.merchantName)).toEqual(['Green Leaf Pharmacy']);
  });

  it('names the cards an offer is for, and carries the rule "Only my cards" narrows by', () => {
    const platinum = offer('Family Saver Supermarket', {
      bankId: 3,
      eligibility: {
        cardScope: 'listed',
        cards: [{ network: 'visa', kind: 'credit', tier: 'Platinum' }],
        days: ['sat'],
      },
    });
    const anyCard = offer('Family Saver Supermarket', { bankId: 4, eligibility: { days: ['sat'] } });
    const grid = weekPlannerGrid(planner('supermarkets'), [platinum, anyCard], NOW);
    const saturday = grid.rows[0]!.cells.find((cell) => cell.day === 'sat')!.entries;
    expect(saturday.map((entry) => entry.card)).toEqual(['Visa Platinum credit cards', undefined]);
    const usable = (card: Parameters<typeof someCardCanUse>[0][number]) =>
      saturday.map((entry) => someCardCanUse([card], cardRuleFrom(entry.cards)!));
    expect(usable({ bankId: 3, network: 'visa', kind: 'credit', tier: 'Platinum' })).toEqual([true, false]);
    expect(usable({ bankId: 3, network: 'visa', kind: 'credit', tier: 'Gold' })).toEqual([false, false]);
    expect(usable({ bankId: 4, network: 'mastercard', kind: 'debit', tier: null })).toEqual([false, true]);
  });
});

/** The iCalendar text unfolded and split into lines; a property's line. */
const value = (ics: string, name: string) =>
  ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));

describe("a planner cell's calendar event", () => {
  const SITE = 'https://offerlanka.lk';

  it('repeats weekly on that weekday from its first such day until the last day, with its own UID', () => {
    // 1 November 2026 (a Sunday) to 31 January 2027 in Colombo; the first Friday is 6 November.
    const fridays = offer('Daily Basket Mart', { offerId: 7 });
    const ics = offerWeekdayCalendarFile(fridays, 'fri', SITE, 'en')!;
    expect(value(ics, 'DTSTART')).toBe('DTSTART;VALUE=DATE:20261106');
    expect(value(ics, 'DTEND')).toBe('DTEND;VALUE=DATE:20261107');
    expect(value(ics, 'RRULE')).toBe('RRULE:FREQ=WEEKLY;BYDAY=FR;UNTIL=20270131');
    expect(value(ics, 'UID')).toBe('UID:offer-7-fri@offerlanka.lk');
    expect(value(ics, 'SUMMARY')).toBe(
      'SUMMARY:Friday: 15% off at Daily Basket Mart with Commercial Bank credit cards',
    );
  });

  it('repeats for ever for an offer without an end, with no reminder', () => {
    const open = offer('Daily Basket Mart', { offerEnd: null, offerDateType: 'other' });
    const event = offerWeekdayEvent(open, 'mon', SITE, 'en')!;
    expect(event.weekly).toEqual({ days: ['MO'] });
    expect(event.alarm).toBeUndefined();
    const ics = offerWeekdayCalendarFile(open, 'mon', SITE, 'en')!;
    expect(value(ics, 'RRULE')).toBe('RRULE:FREQ=WEEKLY;BYDAY=MO');
    expect(ics).not.toContain('BEGIN:VALARM');
  });

  it('names the cards, and has no event for a day the offer does not run on', () => {
    const listed = offer('Daily Basket Mart', {
      eligibility: {
        cardScope: 'listed',
        cards: [{ network: 'visa', kind: 'credit', tier: 'Platinum' }],
        days: ['sat'],
      },
    });
    expect(offerWeekdayEvent(listed, 'sat', SITE, 'en')!.description).toContain('Visa Platinum credit cards');
    expect(offerWeekdayEvent(listed, 'fri', SITE, 'en')).toBeUndefined();
    // A weekday that never falls between its first and last day.
    const oneDay = offer('Daily Basket Mart', {
      offerStart: '2026-12-02T00:00:00.000+05:30',
      offerEnd: '2026-12-02T23:59:59.000+05:30',
    });
    expect(offerWeekdayEvent(oneDay, 'thu', SITE, 'en')).toBeUndefined();
    expect(offerWeekdayEvent(oneDay, 'wed', SITE, 'en')!.start).toEqual([2026, 12, 2]);
  });
});

describe('the week planners in the sitemaps', () => {
  it('lists each planner once, with its Sinhala and Tamil alternates', async () => {
    const pages = sitemapPages({ banks: [], categories: [], listedOffers: [], offers: [] });
    const paths = PLANNER_CATEGORIES.map((one) => `/week-planner/${one.slug}`);
    expect(paths).toEqual([
      '/week-planner/supermarkets',
      '/week-planner/fuel',
      '/week-planner/dining',
      '/week-planner/pharmacies',
    ]);
    for (const path of paths) expect(pages.filter((page) => page.path === path)).toHaveLength(1);
    const xml = await languageSitemap('si', new URL('https://offerlanka.lk'), pages).text();
    expect(xml).toContain(
      '<loc>https://offerlanka.lk/si/week-planner/fuel</loc><xhtml:link rel="alternate" hreflang="en" href="https://offerlanka.lk/week-planner/fuel"/>',
    );
    expect(xml).toContain('hreflang="ta" href="https://offerlanka.lk/ta/week-planner/fuel"');
  });
});
