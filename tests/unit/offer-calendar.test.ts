// Issue 17's pure parts: the share wording and links (src/lib/offer-share.ts), and an offer's
// calendar event written as iCalendar (src/lib/offer-calendar.ts, src/server/services/offer-calendar.ts):
// all-day dates in Sri Lanka's days, the reminder the day before the last day, offers without an end.
import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from '../../src/contract/card-constants.ts';
import { NO_ELIGIBILITY } from '../../src/contract/eligibility.ts';
import type { OfferData } from '../../src/contract/index.ts';
import { offerCalendarEvent } from '../../src/lib/offer-calendar.ts';
import { offerValidity } from '../../src/lib/offer-dates.ts';
import { offerHasCalendar, offerShareText, shareLinks, shareSubjectOf } from '../../src/lib/offer-share.ts';
import {
  CALENDAR_CONTENT_TYPE,
  favouritesCalendarFile,
  offerCalendarFile,
} from '../../src/server/services/offer-calendar.ts';

const SITE = 'https://offerlanka.lk';

function offer(changes: Partial<OfferData> = {}): OfferData {
  return {
    offerId: 42,
    header: 'Weekend dinner deal',
    label: 'Dinner for two',
    description: '',
    translations: {},
    bannerImageURL: null,
    offerTerms: '',
    offerType: 'off',
    offerRate: '20',
    instalmentMonths: null,
    offerDateType: 'fromTo',
    // 1 December 00:00 and 10 December 23:59:59 in Colombo (+05:30): in UTC the start is still 30 November.
    offerStart: '2026-11-30T18:30:00.000Z',
    offerEnd: '2026-12-10T18:29:59.000Z',
    validTimeDateDescription: null,
    promoCode: null,
    hotLine: { mobileNo: [], email: [] },
    cardTypes: [],
    status: 'accepted',
    withdrawn: false,
    location: [],
    source: null,
    views: 0,
    interest: 0,
    createAt: '2026-11-20T04:00:00.000Z',
    bankId: 1,
    categoryId: 2,
    merchantId: 3,
    bank: {
      bankId: 1,
      bankName: 'Commercial Bank',
      slug: 'commercial-bank',
      logoURL: '',
      thumbnailURL: '',
      cardTypes: [],
      issuedCards: [],
      color: '#000',
    },
    category: { categoryId: 2, id: 2, categoryName: 'Dining', slug: 'dining', iconName: 'dining', translations: {} },
    merchant: {
      merchantId: 3,
      merchantName: 'Pizza Hut',
      logoURL: null,
      contactNo: null,
      webURL: null,
      slug: 'pizza-hut',
    },
    merchantData: {
      merchantId: 3,
      merchantName: 'Pizza Hut',
      logoURL: null,
      contactNo: null,
      webURL: null,
      slug: 'pizza-hut',
    },
    eligibility: undefined as unknown as OfferData['eligibility'],
    ...changes,
  };
}

/** The iCalendar text unfolded (long lines continue on the next line after a space) and split into lines. */
const lines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');
const value = (ics: string, name: string) =>
  lines(ics).find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));

describe('share wording and links', () => {
  it('says the discount, the merchant and the bank', () => {
    expect(offerShareText(shareSubjectOf(offer()))).toBe('20% off at Pizza Hut with Commercial Bank credit cards');
    // No rate: the title says what the offer is.
    expect(offerShareText(shareSubjectOf(offer({ offerRate: null })))).toBe(
      'Weekend dinner deal at Pizza Hut with Commercial Bank credit cards',
    );
  });

  it('links WhatsApp, Facebook and X with the URL and text encoded', () => {
    const url = `${SITE}/commercial-bank-credit-card-offers/credit-card-offers-for-dining/42`;
    const links = shareLinks(url, '20% off at A & B');
    expect(links.map((link) => link.label)).toEqual(['WhatsApp', 'Facebook', 'X']);
    expect(new URL(links[0]!.href).searchParams.get('text')).toBe(`20% off at A & B ${url}`);
    expect(new URL(links[1]!.href).searchParams.get('u')).toBe(url);
    const x = new URL(links[2]!.href).searchParams;
    expect([x.get('text'), x.get('url')]).toEqual(['20% off at A & B', url]);
  });

  it('offers Add to calendar for offers that end and have not ended', () => {
    expect(offerHasCalendar(offer())).toBe(true);
    expect(offerHasCalendar(offer({ offerEnd: null }))).toBe(false);
    expect(offerHasCalendar(offer({ status: 'expired' }))).toBe(false);
  });
});

describe("an offer's .ics", () => {
  it('is an all-day event over the validity in Colombo days, the end exclusive', () => {
    const ics = offerCalendarFile(offer(), SITE, 'en')!;
    expect(value(ics, 'DTSTART')).toBe('DTSTART;VALUE=DATE:20261201');
    expect(value(ics, 'DTEND')).toBe('DTEND;VALUE=DATE:20261211');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
  });

  it('reminds at 9:00 in Colombo the day before the last day', () => {
    const ics = offerCalendarFile(offer(), SITE, 'en')!;
    const alarm = lines(ics).slice(lines(ics).indexOf('BEGIN:VALARM'), lines(ics).indexOf('END:VALARM') + 1);
    // 9 December 09:00 +05:30 = 03:30 UTC.
    expect(alarm).toContain('TRIGGER;VALUE=DATE-TIME:20261209T033000Z');
    expect(alarm).toContain('ACTION:DISPLAY');
    expect(alarm.find((line) => line.startsWith('DESCRIPTION:'))).toBe(
      'DESCRIPTION:Ends tomorrow: 20% off at Pizza Hut with Commercial Bank credit cards',
    );
  });

  it('carries the canonical URL, a UID stable per offer, and the wording', () => {
    const ics = offerCalendarFile(offer(), SITE, 'en')!;
    expect(value(ics, 'URL')).toBe(
      'URL:https://offerlanka.lk/commercial-bank-credit-card-offers/credit-card-offers-for-dining/42',
    );
    expect(value(ics, 'UID')).toBe('UID:offer-42@offerlanka.lk');
    expect(value(offerCalendarFile(offer({ header: 'Changed' }), SITE, 'en')!, 'UID')).toBe(
      'UID:offer-42@offerlanka.lk',
    );
    expect(value(ics, 'SUMMARY')).toBe('SUMMARY:20% off at Pizza Hut with Commercial Bank credit cards');
    expect(value(ics, 'DESCRIPTION')).toContain('Valid from 01 December to December 10th 2026');
    expect(value(ics, 'TRANSP')).toBe('TRANSP:TRANSPARENT');
    expect(value(ics, 'STATUS')).toBe('STATUS:CONFIRMED');
  });

  it('starts on the day it was published when it has no start date', () => {
    const ics = offerCalendarFile(offer({ offerStart: null, offerDateType: 'until' }), SITE, 'en')!;
    expect(value(ics, 'DTSTART')).toBe('DTSTART;VALUE=DATE:20261120');
  });

  it('is one day for a one-day offer, reminding the day before', () => {
    const ics = offerCalendarFile(
      offer({ offerDateType: 'on', offerStart: '2026-12-24T18:30:00.000Z', offerEnd: '2026-12-25T18:29:59.000Z' }),
      SITE,
      'en',
    )!;
    expect([value(ics, 'DTSTART'), value(ics, 'DTEND')]).toEqual([
      'DTSTART;VALUE=DATE:20261225',
      'DTEND;VALUE=DATE:20261226',
    ]);
    expect(ics).toContain('TRIGGER;VALUE=DATE-TIME:20261224T033000Z');
  });

  it('reads an end stored at midnight UTC as that day in Colombo', () => {
    // 00:00 UTC is 05:30 in Colombo, the same day.
    const event = offerCalendarEvent(offer({ offerEnd: '2027-01-10T00:00:00.000Z' }), SITE, 'en')!;
    expect(event.end).toEqual([2027, 1, 11]);
  });

  it('is one day repeating weekly for an offer valid on some weekdays only, and the validity for one valid every day', () => {
    // 1 December to 30 April in Colombo; 1 December 2026 is a Tuesday, so the first Friday is the 4th.
    const winter = { offerStart: '2026-11-30T18:30:00.000Z', offerEnd: '2027-04-30T18:29:59.000Z' };
    const days = (list: OfferData['eligibility']['days']) => ({ eligibility: { ...NO_ELIGIBILITY, days: list } });
    const fridays = offerCalendarFile(offer({ ...winter, ...days(['fri']) }), SITE, 'en')!;
    expect(value(fridays, 'DTSTART')).toBe('DTSTART;VALUE=DATE:20261204');
    expect(value(fridays, 'DTEND')).toBe('DTEND;VALUE=DATE:20261205');
    expect(value(fridays, 'RRULE')).toBe('RRULE:FREQ=WEEKLY;BYDAY=FR;UNTIL=20270430');
    // Several weekdays: the first of them, each named in the rule.
    const weekend = offerCalendarEvent(offer({ ...winter, ...days(['sat', 'sun']) }), SITE, 'en')!;
    expect([weekend.start, weekend.end, weekend.weekly]).toEqual([
      [2026, 12, 5],
      [2026, 12, 6],
      { days: ['SA', 'SU'], until: [2027, 4, 30] },
    ]);
    // Every day, or no days named: one event over the whole validity, no rule.
    for (const everyDay of [days([...WEEKDAYS]), days([])]) {
      const ics = offerCalendarFile(offer({ ...winter, ...everyDay }), SITE, 'en')!;
      expect([value(ics, 'DTSTART'), value(ics, 'DTEND'), value(ics, 'RRULE')]).toEqual([
        'DTSTART;VALUE=DATE:20261201',
        'DTEND;VALUE=DATE:20270501',
        undefined,
      ]);
    }
  });

  it('has no file for an offer without an end date: nothing to be reminded of', () => {
    expect(offerCalendarFile(offer({ offerEnd: null, offerDateType: 'other' }), SITE, 'en')).toBeUndefined();
  });

  it('marks a withdrawn offer cancelled', () => {
    expect(value(offerCalendarFile(offer({ withdrawn: true, status: 'expired' }), SITE, 'en')!, 'STATUS')).toBe(
      'STATUS:CANCELLED',
    );
  });

  it("is written in the language asked for: the offer's own texts where it has them, the page's URL, local dates", () => {
    const translated = offer({ translations: { si: { header: 'සති අන්ත රාත්‍රී ආහාර' } } });
    const si = offerCalendarFile(translated, SITE, 'si')!;
    expect(value(si, 'SUMMARY')).toBe('SUMMARY:Commercial Bank ණය කාඩ්පත් සමඟ Pizza Hut හි 20% වට්ටම');
    expect(value(si, 'URL')).toBe(
      'URL:https://offerlanka.lk/si/commercial-bank-credit-card-offers/credit-card-offers-for-dining/42',
    );
    const siDescription = value(si, 'DESCRIPTION')!;
    expect(siDescription).toContain('සති අන්ත රාත්‍රී ආහාර');
    expect(siDescription).not.toContain('Weekend dinner deal');
    expect(siDescription).toContain(offerValidity(translated, 'si'));
    expect(siDescription).not.toContain('December');
    expect(lines(si).find((line) => line.startsWith('DESCRIPTION:හෙට අවසන් වේ: '))).toBeDefined();
    // No Tamil texts: the English title and label stay, the rest is Tamil.
    const ta = offerCalendarFile(translated, SITE, 'ta')!;
    expect(value(ta, 'URL')).toBe(
      'URL:https://offerlanka.lk/ta/commercial-bank-credit-card-offers/credit-card-offers-for-dining/42',
    );
    expect(value(ta, 'DESCRIPTION')).toContain('Weekend dinner deal');
    expect(lines(ta).find((line) => line.startsWith('DESCRIPTION:நாளை முடிகிறது: '))).toBeDefined();
    // The same event in every language: a calendar updates it rather than adding one.
    expect([value(si, 'UID'), value(ta, 'UID')]).toEqual(['UID:offer-42@offerlanka.lk', 'UID:offer-42@offerlanka.lk']);
  });

  it('is served as text/calendar in UTF-8', () => {
    expect(CALENDAR_CONTENT_TYPE).toBe('text/calendar; charset=utf-8');
  });
});

describe('the favourites feed', () => {
  it('is a named calendar with one event per offer that ends, each with its UID', () => {
    const ics = favouritesCalendarFile(
      [offer(), offer({ offerId: 43, offerEnd: null }), offer({ offerId: 44 })],
      SITE,
      'en',
    );
    expect(value(ics, 'X-WR-CALNAME')).toBe('X-WR-CALNAME:OfferLanka favourites');
    expect(lines(ics).filter((line) => line.startsWith('UID:'))).toEqual([
      'UID:offer-42@offerlanka.lk',
      'UID:offer-44@offerlanka.lk',
    ]);
  });

  it("is named in the account's language", () => {
    expect(value(favouritesCalendarFile([offer()], SITE, 'ta'), 'X-WR-CALNAME')).toBe(
      'X-WR-CALNAME:OfferLanka பிடித்தவை',
    );
  });

  it('is still a calendar with no favourites', () => {
    const ics = favouritesCalendarFile([], SITE, 'en');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).not.toContain('BEGIN:VEVENT');
  });
});

describe('a site URL the ics library refuses', () => {
  it('still writes the calendar, the link in the description', () => {
    const ics = offerCalendarFile(offer(), 'http://localhost:0', 'en')!;
    expect(value(ics, 'URL')).toBeUndefined();
    expect(value(ics, 'DESCRIPTION')).toContain(
      'http://localhost:0/commercial-bank-credit-card-offers/credit-card-offers-for-dining/42',
    );
    expect(value(ics, 'UID')).toBe('UID:offer-42@localhost');
  });
});
