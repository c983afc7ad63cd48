import { afterEach, describe, expect, it } from 'vitest';
import { groupedDigits } from '../../src/contract/digits.ts';
import { NO_ELIGIBILITY, RUPEES_MAX, type EligibilityData } from '../../src/contract/eligibility.ts';
import { cardsText, clockText, daysText, eligibilityText } from '../../src/lib/format-eligibility.ts';
import { getLocale, overwriteGetLocale } from '../../src/paraglide/runtime.js';

const eligibility = (patch: Partial<EligibilityData>): EligibilityData => ({ ...NO_ELIGIBILITY, ...patch });

describe('eligibilityText', () => {
  it("reads the issue's example line", () => {
    expect(
      eligibilityText(
        eligibility({
          cardScope: 'listed',
          cards: [
            { network: 'visa', kind: 'credit', tier: null },
            { network: 'mastercard', kind: 'credit', tier: null },
          ],
          days: ['fri', 'sat'],
          minBill: 5000,
          maxDiscount: 2500,
          channel: 'both',
        }),
        'HNB',
      ),
    ).toBe(
      'Visa and Mastercard credit cards · Fridays and Saturdays · min. bill Rs. 5,000 · up to Rs. 2,500 off · in store and online',
    );
  });

  it('says "all cards" of the bank for an offer that says nothing more, and adds the time window', () => {
    expect(eligibilityText(NO_ELIGIBILITY, 'Seylan Bank')).toBe('All Seylan Bank cards');
    expect(
      eligibilityText(
        eligibility({ cardScope: 'credit', timeFrom: '18:00', timeTo: '22:30', channel: 'inStore' }),
        'NDB Bank',
      ),
    ).toBe('All NDB Bank credit cards · 6 pm – 10:30 pm · in store');
  });
});

describe('cardsText', () => {
  it('groups networks that share a tier, lists mixed tiers, and keeps kinds apart', () => {
    expect(
      cardsText(
        eligibility({
          cardScope: 'listed',
          cards: [
            { network: 'visa', kind: 'credit', tier: 'Platinum' },
            { network: 'mastercard', kind: 'credit', tier: 'Platinum' },
          ],
        }),
        'B',
      ),
    ).toBe('Visa and Mastercard Platinum credit cards');
    expect(
      cardsText(
        eligibility({
          cardScope: 'listed',
          cards: [
            { network: 'visa', kind: 'credit', tier: 'Signature' },
            { network: 'visa', kind: 'credit', tier: 'Infinite' },
          ],
        }),
        'B',
      ),
    ).toBe('Visa Signature and Visa Infinite credit cards');
    expect(
      cardsText(
        eligibility({
          cardScope: 'listed',
          cards: [
            { network: 'amex', kind: 'credit', tier: 'Gold' },
            { network: 'visa', kind: 'debit', tier: null },
          ],
        }),
        'B',
      ),
    ).toBe('American Express Gold credit cards; Visa debit cards');
  });
});

describe('daysText and clockText', () => {
  it('reads runs of three or more days as a range, others as a list, and every day as nothing', () => {
    expect(daysText([])).toBe('');
    expect(daysText(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])).toBe('');
    expect(daysText(['mon', 'tue', 'wed', 'thu', 'fri'])).toBe('Monday to Friday');
    expect(daysText(['sat', 'sun'])).toBe('Saturdays and Sundays');
    expect(daysText(['wed'])).toBe('Wednesdays');
    expect(daysText(['mon', 'wed', 'fri'])).toBe('Mondays, Wednesdays and Fridays');
  });

  it('writes times as people say them', () => {
    expect([
      clockText('00:00'),
      clockText('12:00'),
      clockText('09:05'),
      clockText('18:00'),
      clockText('23:59'),
    ]).toEqual(['midnight', 'noon', '9:05 am', '6 pm', '11:59 pm']);
  });

  describe('in Sinhala and Tamil', () => {
    const english = getLocale;
    afterEach(() => overwriteGetLocale(english));

    it.each([
      ['si', 'si-LK'],
      ['ta', 'ta-LK'],
    ] as const)('writes %s times as Intl does for %s, in no English words', (locale, intl) => {
      overwriteGetLocale(() => locale);
      const times = ['00:00', '12:00', '09:05', '18:00', '22:30'].map((time) => clockText(time));
      expect(times.join(' ')).not.toMatch(/[A-Za-z]/);
      expect(times[3]).toBe(
        new Intl.DateTimeFormat(intl, { hour: 'numeric', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(
          Date.UTC(2000, 0, 1, 18),
        ),
      );
      expect(times[3]).toMatch(/^18[.:]00$/);
      expect(times[4]).toMatch(/^22[.:]30$/);
      expect(
        eligibilityText(eligibility({ cardScope: 'credit', timeFrom: '18:00', timeTo: '22:30' }), 'NDB Bank'),
      ).toContain(`${times[3]} – ${times[4]}`);
    });
  });
});

describe('groupedDigits', () => {
  it('writes whole numbers as en-US does, without Intl', () => {
    for (const whole of [0, 7, 999, 1_000, 5_000, 12_345, 999_999, 1_000_000, RUPEES_MAX, -1_234, -999]) {
      expect(groupedDigits(whole)).toBe(whole.toLocaleString('en-US'));
    }
  });
});
