// An offer's validity line in Sinhala and Tamil (src/lib/offer-dates.ts): the message in the
// language, with Intl's si-LK / ta-LK dates in Sri Lanka's time zone; English keeps the spec's wording.
import { describe, expect, it } from 'vitest';
import { offerValidity } from '../../src/lib/offer-dates.ts';

const offer = {
  offerDateType: 'fromTo',
  offerStart: '2026-12-04T18:30:00.000Z',
  offerEnd: '2027-01-09T18:30:00.000Z',
  validTimeDateDescription: null,
} as const;
const colombo = (locale: string, iso: string, parts: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale, { ...parts, timeZone: 'Asia/Colombo' }).format(new Date(iso));

describe('offerValidity in each language', () => {
  it("keeps the spec's English", () => {
    expect(offerValidity(offer, 'en')).toBe('Valid from 05 December to January 10th 2027');
  });

  it.each([
    ['si', 'si-LK', 'සිට'],
    ['ta', 'ta-LK', 'முதல்'],
  ] as const)('says it in %s with %s dates, the days in Sri Lanka', (locale, intl, from) => {
    const line = offerValidity(offer, locale);
    const start = colombo(intl, offer.offerStart, { day: 'numeric', month: 'long' });
    const end = colombo(intl, offer.offerEnd, { day: 'numeric', month: 'long', year: 'numeric' });
    expect(line).toContain(`${start} ${from} ${end}`);
    expect(start).toMatch(/\b5\b/); // 5 December in Colombo (UTC 4 December 18:30)
    expect(end).toContain('2027');
    expect(line).not.toMatch(/[A-Za-z]/);
  });

  it('gives the other date types their own words, and the description as written', () => {
    expect(offerValidity({ ...offer, offerDateType: 'until' }, 'ta')).toMatch(/^.+ வரை செல்லுபடியாகும்$/);
    expect(offerValidity({ ...offer, offerDateType: 'till' }, 'si')).toMatch(/^.+ තෙක්$/);
    expect(offerValidity({ ...offer, offerDateType: 'on' }, 'si')).toMatch(/දිනට වලංගුයි$/);
    expect(
      offerValidity({ ...offer, offerDateType: 'other', validTimeDateDescription: 'Weekends in December' }, 'ta'),
    ).toBe('Weekends in December');
  });
});
