import { afterEach, describe, expect, it } from 'vitest';
import type { OfferData } from '../../src/contract/index.ts';
import { OFFER_DATE_TYPES, OFFER_DISPLAY_STATUSES, OFFER_TYPES } from '../../src/contract/limits.ts';
import {
  BANK_NAME_CARD_MAX,
  BREADCRUMB_BANK_MAX,
  DATE_DAY_MONTH_FORMAT,
  DATE_LONG_FORMAT,
  LOCATION_TAGS_INLINE,
  TERMS_SHOWN,
} from '../../src/lib/constants.ts';
import {
  favouritesText,
  maskMobile,
  offerTags,
  splitLocations,
  statusLabel,
  truncate,
  viewsText,
} from '../../src/lib/format-offer.ts';
import { getLocale, overwriteGetLocale } from '../../src/paraglide/runtime.js';
import { offerValidity } from '../../src/lib/offer-dates.ts';

describe('constants', () => {
  // Offer titles and merchant names are no longer cut at 20 (DECISIONS.md): cards clamp them to two
  // lines with CSS, checked in the browser (tests/browser/look.test.ts).
  it('match spec §9', () => {
    expect([BANK_NAME_CARD_MAX, BREADCRUMB_BANK_MAX]).toEqual([13, 15]);
    expect([LOCATION_TAGS_INLINE, TERMS_SHOWN]).toEqual([2, 3]);
    expect([DATE_DAY_MONTH_FORMAT, DATE_LONG_FORMAT]).toEqual(['DD MMMM', 'MMMM Do YYYY']);
  });
});

describe('offerTags', () => {
  type Tags = Pick<OfferData, 'offerType' | 'offerRate'>;
  it.each<[Tags, string[]]>([
    [{ offerType: 'off', offerRate: '20' }, ['20% off']],
    [{ offerType: 'upto', offerRate: '50' }, ['upto 50% off']],
    [{ offerType: 'discount', offerRate: '15' }, ['15 % discount']],
    [{ offerType: 'customize', offerRate: 'Buy 1 Get 1 Free' }, ['Buy 1 Get 1 Free']],
    [{ offerType: 'customize', offerRate: '  Free dessert ' }, ['  Free dessert ']],
    [{ offerType: 'off', offerRate: '12.5' }, ['12.5% off']],
    [{ offerType: 'off', offerRate: ' 20 ' }, ['20% off']],
    [{ offerType: 'off', offerRate: '20%' }, ['20% off']],
    [{ offerType: 'upto', offerRate: '30 %' }, ['upto 30% off']],
    [{ offerType: 'discount', offerRate: '10%' }, ['10 % discount']],
    [{ offerType: 'off', offerRate: '%' }, []],
  ])('%o → %o', (offer, expected) => {
    expect(offerTags(offer)).toEqual(expected);
  });

  it.each(OFFER_TYPES.flatMap((offerType) => [null, '', '   '].map((offerRate) => ({ offerType, offerRate }))))(
    'no tag for $offerType with rate %#',
    (offer) => {
      expect(offerTags(offer)).toEqual([]);
    },
  );

  it('covers every offer type', () => {
    for (const offerType of OFFER_TYPES)
      expect(offerTags({ offerType, offerRate: '5', instalmentMonths: 12 })).toHaveLength(1);
  });

  it('reads a plan as its months, not as a discount, in every language', () => {
    const plan = { offerType: 'instalment', offerRate: '0', instalmentMonths: 12 } as const;
    expect(offerTags(plan)).toEqual(['0% for 12 months']);
    expect(offerTags(plan, 'si')).toEqual(['මාස 12ක් සඳහා 0%']);
    expect(offerTags(plan, 'ta')).toEqual(['12 மாதங்களுக்கு 0%']);
    // A plan kept in a browser from before months were stored shows no tag rather than a wrong one.
    expect(offerTags({ offerType: 'instalment', offerRate: '0' })).toEqual([]);
  });
});

describe('offerValidity', () => {
  type Validity = Pick<OfferData, 'offerDateType' | 'offerStart' | 'offerEnd' | 'validTimeDateDescription'>;
  const offer = (
    offerDateType: Validity['offerDateType'],
    offerStart: string | null,
    offerEnd: string | null,
    validTimeDateDescription: string | null = null,
  ): Validity => ({
    offerDateType,
    offerStart,
    offerEnd,
    validTimeDateDescription,
  });
  const start = '2026-12-05T00:00:00+05:30';
  const end = '2027-01-10T23:59:59+05:30';

  it.each<[string, Validity, string]>([
    ['fromTo', offer('fromTo', start, end), 'Valid from 05 December to January 10th 2027'],
    ['until', offer('until', start, end), 'Valid until January 10th 2027'],
    ['until without a start', offer('until', null, end), 'Valid until January 10th 2027'],
    ['till', offer('till', null, end), 'Till January 10th 2027'],
    ['on', offer('on', '2026-12-22T00:00:00+05:30', '2026-12-22T23:59:59+05:30'), 'Valid On December 22nd 2026'],
    ['on with only an end', offer('on', null, '2026-12-23T23:59:59+05:30'), 'Valid On December 23rd 2026'],
    ['other', offer('other', start, end, 'Every weekend in December'), 'Every weekend in December'],
    ['customize', offer('customize', null, null, 'Fridays only'), 'Fridays only'],
    ['other without description', offer('other', start, end), ''],
    ['customize with blank description', offer('customize', null, null, '  '), ''],
    // Missing or unreadable dates fall back to the description, else ''.
    ['fromTo without start', offer('fromTo', null, end, 'While stocks last'), 'While stocks last'],
    ['fromTo without end', offer('fromTo', start, null, 'While stocks last'), 'While stocks last'],
    ['fromTo without dates or description', offer('fromTo', null, null), ''],
    ['until without end', offer('until', start, null, 'Limited period'), 'Limited period'],
    ['till without end', offer('till', start, null), ''],
    ['on without dates', offer('on', null, null, 'One day only'), 'One day only'],
    ['until with an empty end', offer('until', null, ''), ''],
    ['until with an unreadable end', offer('until', null, 'not a date', 'Soon'), 'Soon'],
    // Dates are shown in Asia/Colombo (UTC+05:30), not UTC.
    ['Colombo end of year', offer('until', null, '2026-12-31T18:29:59Z'), 'Valid until December 31st 2026'],
    ['Colombo new year', offer('till', null, '2026-12-31T18:30:00Z'), 'Till January 1st 2027'],
    [
      'Colombo start of a range',
      offer('fromTo', '2026-11-30T18:30:00Z', '2026-12-31T18:29:59Z'),
      'Valid from 01 December to December 31st 2026',
    ],
    ['ordinals', offer('till', null, '2027-03-02T10:00:00Z'), 'Till March 2nd 2027'],
    ['ordinals 11th', offer('till', null, '2027-03-11T10:00:00Z'), 'Till March 11th 2027'],
  ])('%s', (_name, input, expected) => {
    expect(offerValidity(input)).toBe(expected);
  });

  it('gives a string for every date type', () => {
    for (const offerDateType of OFFER_DATE_TYPES)
      expect(typeof offerValidity(offer(offerDateType, start, end, 'text'))).toBe('string');
  });
});

describe('truncate', () => {
  it.each<[string, string, number, string]>([
    ['shorter', 'HNB', 13, 'HNB'],
    ['exactly max', 'Commercial Ba', 13, 'Commercial Ba'],
    ['max + 1', 'Commercial Ban', 13, 'Commercial Ba...'],
    ['long bank name', 'Commercial Bank of Ceylon', BANK_NAME_CARD_MAX, 'Commercial Ba...'],
    ['breadcrumb', 'Nations Trust Bank', BREADCRUMB_BANK_MAX, 'Nations Trust B...'],
    ['20 exactly', '12345678901234567890', 20, '12345678901234567890'],
    ['21', '123456789012345678901', 20, '12345678901234567890...'],
    ['empty', '', 5, ''],
    ['emoji counted as one character', '🍕🍕🍕', 3, '🍕🍕🍕'],
    ['emoji not split', '🍕🍕🍕🍕', 3, '🍕🍕🍕...'],
    ['emoji at the cut', 'ab🍕cd', 3, 'ab🍕...'],
    ['Sinhala, counted by code point', 'ශ්‍රී ලංකාව', 5, 'ශ්‍රී...'],
    ['zero max', 'abc', 0, '...'],
  ])('%s', (_name, text, max, expected) => {
    expect(truncate(text, max)).toBe(expected);
  });

  it('never leaves a lone surrogate', () => {
    const out = truncate('a😀😀😀', 2);
    expect(out).toBe('a😀...');
    expect(out.isWellFormed()).toBe(true);
  });
});

describe('statusLabel', () => {
  it.each([
    ['new', 'New'],
    ['expireSoon', 'Ending soon'],
    ['expired', 'Expired'],
    ['accepted', undefined],
    ['pending', undefined],
    ['rejected', undefined],
  ] as const)('%s → %s', (status, expected) => {
    expect(statusLabel(status)).toBe(expected);
  });

  it('covers every display status', () => {
    for (const status of OFFER_DISPLAY_STATUSES) expect(() => statusLabel(status)).not.toThrow();
  });

  it('says a withdrawn offer is no longer available, whatever its status', () => {
    expect(statusLabel('expired', true)).toBe('No longer available');
    expect(statusLabel('new', true)).toBe('No longer available');
    expect(statusLabel('expired', false)).toBe('Expired');
  });
});

describe('locations', () => {
  const loc = (value: string, isActive = true) => ({ value, isActive });

  it.each([
    ['empty', [], undefined, { inline: [], rest: [] }],
    ['one', [loc('A')], undefined, { inline: ['A'], rest: [] }],
    ['exactly two', [loc('A'), loc('B')], undefined, { inline: ['A', 'B'], rest: [] }],
    ['more than two', [loc('A'), loc('B'), loc('C'), loc('D')], undefined, { inline: ['A', 'B'], rest: ['C', 'D'] }],
    [
      'inactive left out',
      [loc('A', false), loc('B'), loc('C', false), loc('D'), loc('E')],
      undefined,
      { inline: ['B', 'D'], rest: ['E'] },
    ],
    ['custom inline count', [loc('A'), loc('B'), loc('C')], 1, { inline: ['A'], rest: ['B', 'C'] }],
    ['zero inline', [loc('A'), loc('B')], 0, { inline: [], rest: ['A', 'B'] }],
  ])('splitLocations: %s', (_name, locations, inline, expected) => {
    expect(splitLocations(locations, inline)).toEqual(expected);
  });
});

describe('maskMobile', () => {
  it.each([
    ['771234567', '771******'],
    ['712345678', '712******'],
    ['7712', '771*'],
    ['77', '77'],
    ['', ''],
    ['0771234567', '077******7'],
  ])('%s → %s', (mobileNo, expected) => {
    expect(maskMobile(mobileNo)).toBe(expected);
  });
});

describe('counts on cards and in the modal', () => {
  const english = getLocale;
  afterEach(() => overwriteGetLocale(english));

  it('word one view and one favourite in the singular, other counts in the plural, in every language', () => {
    const worded = (locale: 'en' | 'si' | 'ta') => {
      overwriteGetLocale(() => locale);
      return [0, 1, 2].flatMap((count) => [viewsText(count), favouritesText(count)]);
    };
    expect(worded('en')).toEqual(['0 views', '0 favourites', '1 view', '1 favourite', '2 views', '2 favourites']);
    expect(worded('si')).toEqual(['බැලීම් 0', 'ප්‍රියතම 0', 'බැලීම 1', 'ප්‍රියතම 1', 'බැලීම් 2', 'ප්‍රියතම 2']);
    expect(worded('ta')).toEqual(['0 பார்வைகள்', '0 பிடித்தவை', '1 பார்வை', '1 பிடித்தது', '2 பார்வைகள்', '2 பிடித்தவை']);
  });
});
