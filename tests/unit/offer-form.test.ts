// The offer-creation form's contract (src/contract/offer-form.ts; spec §3 'Offer-creation form', §5):
// each rule of CreateOfferRequest with its message, the defaults, the dates each validity needs,
// and parseFormDate.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { OFFER_DATE_TYPES, OFFER_HEADER_MAX, SRI_LANKA_UTC_OFFSET_MS } from '../../src/contract/index.ts';
import { CreateOfferRequest, datesNeeded, OFFER_FORM_DEFAULTS, parseFormDate } from '../../src/contract/offer-form.ts';
import { englishText, ERROR_CODES } from '../../src/contract/error-codes.ts';
import { INSTALMENT_MONTHS_MAX } from '../../src/contract/limits.ts';

/** DD/MM/YYYY of today plus `days` (UTC, as the contract compares). */
/** A day as the form writes it, DD/MM/YYYY, `days` from today on Sri Lanka's calendar (as the form counts days). */
function formDate(days: number): string {
  const date = new Date(Date.now() + SRI_LANKA_UTC_OFFSET_MS + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
}

const VALID = {
  offerCategory: 1,
  bankInfo: '2',
  offerTitle: 'Weekend dining',
  offerHeader: '20% off on dinner at Lagoon Breeze Grill',
  offerDescription: '',
  offerValidity: 'fromTo',
  fromDate: formDate(1),
  toDate: formDate(30),
  validTimeDateDescription: '',
  offerType: 'off',
  offerRate: '20',
  promoCode: '',
  locations: ['Colombo 05'],
  termsAccepted: true,
} as const;

/** Each field's messages for `changes` applied to a valid form. */
function messages(changes: Record<string, unknown>): Record<string, readonly string[] | undefined> {
  const result = v.safeParse(CreateOfferRequest, { ...VALID, ...changes });
  return result.success ? {} : (v.flatten(result.issues).nested ?? {});
}

describe('CreateOfferRequest', () => {
  it('accepts a whole form and gives the ids as numbers', () => {
    const result = v.safeParse(CreateOfferRequest, VALID);
    expect(result.success).toBe(true);
    expect(result.output).toMatchObject({ offerCategory: 1, bankInfo: 2, offerRate: '20', locations: ['Colombo 05'] });
  });

  it('requires category, bank, title, header, rate and the terms, each with its message', () => {
    expect(
      messages({
        offerCategory: '',
        bankInfo: '',
        offerTitle: '',
        offerHeader: '  ',
        offerRate: '',
        termsAccepted: false,
      }),
    ).toEqual({
      offerCategory: [ERROR_CODES.required],
      bankInfo: [ERROR_CODES.required],
      offerTitle: [ERROR_CODES.required],
      offerHeader: [ERROR_CODES.required],
      offerRate: [ERROR_CODES.required],
      termsAccepted: [ERROR_CODES.accept_offer_terms],
    });
    expect(messages({ offerCategory: 0 })).toEqual({ offerCategory: [ERROR_CODES.required] });
    expect(messages({ bankInfo: 'abc' })).toEqual({ bankInfo: [ERROR_CODES.required] });
  });

  it('leaves description, promo code and locations optional', () => {
    const { offerDescription: _d, promoCode: _p, locations: _l, ...rest } = VALID;
    expect(v.safeParse(CreateOfferRequest, rest).success).toBe(true);
    expect(messages({ locations: [] })).toEqual({});
  });

  it('defaults the validity to fromTo and the type to off', () => {
    expect(OFFER_FORM_DEFAULTS).toEqual({ offerValidity: 'fromTo', offerType: 'off' });
    const { offerValidity: _v, offerType: _t, ...rest } = VALID;
    expect(v.parse(CreateOfferRequest, rest)).toMatchObject({ offerValidity: 'fromTo', offerType: 'off' });
  });

  it(`takes a header of ${OFFER_HEADER_MAX} characters, not ${OFFER_HEADER_MAX + 1}`, () => {
    expect(messages({ offerHeader: 'x'.repeat(OFFER_HEADER_MAX) })).toEqual({});
    expect(messages({ offerHeader: 'x'.repeat(OFFER_HEADER_MAX + 1) })).toEqual({
      offerHeader: [ERROR_CODES.offer_header_too_long],
    });
    // Spaces around it are not counted.
    expect(messages({ offerHeader: ` ${'x'.repeat(OFFER_HEADER_MAX)} ` })).toEqual({});
  });

  it('reads dates as DD/MM/YYYY real calendar days only', () => {
    for (const bad of ['31/02/2030', '2030-02-01', '1/2/2030', '00/01/2030', '32/01/2030', '01/13/2030', 'soon']) {
      expect(messages({ fromDate: bad }), bad).toEqual({ fromDate: [ERROR_CODES.invalid_form_date] });
    }
    expect(messages({ toDate: '29/02/2031' })).toEqual({ toDate: [ERROR_CODES.invalid_form_date] }); // not a leap year
    expect(messages({ fromDate: '29/02/2028', toDate: '01/03/2028' }).fromDate).toBeUndefined(); // a leap year
  });

  it('refuses an end before the start, and an end that has passed', () => {
    expect(messages({ fromDate: formDate(10), toDate: formDate(5) })).toEqual({
      toDate: [ERROR_CODES.end_before_start],
    });
    expect(messages({ fromDate: formDate(5), toDate: formDate(5) })).toEqual({}); // a one-day range
    expect(messages({ fromDate: formDate(-10), toDate: formDate(-1) })).toEqual({
      toDate: [ERROR_CODES.end_date_passed],
    });
    expect(messages({ fromDate: formDate(-10), toDate: formDate(0) })).toEqual({}); // ends today: still valid
  });

  it('requires the dates and the description each validity needs', () => {
    expect(messages({ fromDate: '', toDate: '' })).toEqual({
      fromDate: [ERROR_CODES.required],
      toDate: [ERROR_CODES.required],
    });
    expect(messages({ offerValidity: 'until', fromDate: '', toDate: '' })).toEqual({ toDate: [ERROR_CODES.required] });
    expect(messages({ offerValidity: 'till', fromDate: '', toDate: formDate(3) })).toEqual({});
    expect(messages({ offerValidity: 'on', fromDate: '', toDate: '' })).toEqual({ fromDate: [ERROR_CODES.required] });
    expect(messages({ offerValidity: 'other', fromDate: '', toDate: '' })).toEqual({
      validTimeDateDescription: [ERROR_CODES.required],
    });
    expect(
      messages({ offerValidity: 'customize', fromDate: '', toDate: '', validTimeDateDescription: 'Every Friday' }),
    ).toEqual({});
  });

  it('takes a rate from 1 to 100 (two decimals at most) for off, upto and discount', () => {
    for (const offerType of ['off', 'upto', 'discount']) {
      for (const good of ['1', '20', '12.5', '99.99', '100'])
        expect(messages({ offerType, offerRate: good }), `${offerType} ${good}`).toEqual({});
      for (const bad of ['0', '101', '-5', '20%', 'abc', '12.345', '1e2']) {
        expect(messages({ offerType, offerRate: bad }), `${offerType} ${bad}`).toEqual({
          offerRate: [ERROR_CODES.invalid_offer_rate],
        });
      }
    }
  });

  it("takes an instalment plan's interest (0 allowed) and its months, 1 to 60; months belong to plans alone", () => {
    const monthsMessage = [englishText('invalid_instalment_months', { max: INSTALMENT_MONTHS_MAX })];
    for (const offerRate of ['0', '0.00', '2', '12.5'])
      expect(messages({ offerType: 'instalment', offerRate, instalmentMonths: 12 }), offerRate).toEqual({});
    expect(
      v.parse(CreateOfferRequest, { ...VALID, offerType: 'instalment', offerRate: '0', instalmentMonths: 24 }),
    ).toMatchObject({ offerType: 'instalment', offerRate: '0', instalmentMonths: 24 });
    expect(messages({ offerType: 'instalment', offerRate: '0%', instalmentMonths: 12 })).toEqual({
      offerRate: [ERROR_CODES.invalid_offer_rate],
    });
    for (const bad of [0, 61, 6.5, '12'])
      expect(messages({ offerType: 'instalment', offerRate: '0', instalmentMonths: bad }), String(bad)).toEqual({
        instalmentMonths: monthsMessage,
      });
    expect(messages({ offerType: 'instalment', offerRate: '0' })).toEqual({ instalmentMonths: monthsMessage });
    expect(messages({ offerType: 'instalment', offerRate: '0', instalmentMonths: INSTALMENT_MONTHS_MAX })).toEqual({});
    expect(messages({ instalmentMonths: 12 })).toEqual({ instalmentMonths: monthsMessage });
    expect(messages({ instalmentMonths: null })).toEqual({});
  });

  it('takes free text as the rate of a customize offer', () => {
    expect(messages({ offerType: 'customize', offerRate: 'Buy one, get one free' })).toEqual({});
    expect(messages({ offerType: 'customize', offerRate: ' ' })).toEqual({ offerRate: [ERROR_CODES.required] });
  });

  it('refuses unknown validity and offer types', () => {
    expect(messages({ offerValidity: 'forever' })).toHaveProperty('offerValidity');
    expect(messages({ offerType: 'free' })).toHaveProperty('offerType');
  });
});

describe('datesNeeded and parseFormDate', () => {
  it('says which dates each validity needs', () => {
    expect(Object.fromEntries(OFFER_DATE_TYPES.map((type) => [type, datesNeeded(type)]))).toEqual({
      fromTo: { from: true, to: true, description: false },
      until: { from: false, to: true, description: false },
      till: { from: false, to: true, description: false },
      on: { from: true, to: false, description: false },
      other: { from: false, to: false, description: true },
      customize: { from: false, to: false, description: true },
    });
  });

  it('turns DD/MM/YYYY into a UTC midnight, and nothing else', () => {
    expect(parseFormDate('05/12/2030')?.toISOString()).toBe('2030-12-05T00:00:00.000Z');
    expect(parseFormDate(' 05/12/2030 ')?.toISOString()).toBe('2030-12-05T00:00:00.000Z');
    expect(parseFormDate('31/04/2030')).toBeUndefined();
    expect(parseFormDate('5/12/2030')).toBeUndefined();
  });
});
