import { describe, expect, it } from 'vitest';
import { readSteps } from '../../../src/server/importers/normalise/steps.ts';

describe('readSteps: register first', () => {
  it.each([
    'Register via SMS by typing REG <space> last 6 digits of the card and send to 0777 123 456 before the purchase.',
    'Prior registration required. Offer valid for the first 500 cardholders.',
    'Cardholders must pre-register for the promotion at www.bank.lk/register',
    'Pre-registration is mandatory; 10% off at Singer',
    'Registration is required before the transaction',
    'Card holders must register for the offer through the mobile app',
    'Valid only for cardholders who register first via the HNB SOLO app',
  ])('%s', (text) => {
    expect(readSteps(text).registerFirst).toBe(true);
  });

  it.each([
    'Present your DFCC Visa card and passport at Prince Court Medical Centre during registration.',
    'Cargills Bank Mastercard Credit Cardholders registered for SMS can give a missed call to 077 068 9689',
    'A minimum accumulated spend of SGD 5,000 must be completed within 6 months of registration',
    '20% off on total bill with HNB Credit Cards',
  ])('not: %s', (text) => {
    expect(readSteps(text).registerFirst).toBe(false);
  });
});

describe('readSteps: convert within N days', () => {
  it.each([
    ['Call 011 2 303 050 within 7 days of the transaction to convert it to an instalment plan', 7],
    ["Convert by SMS/WhatsApp 'EMI <amount>' to 076 502 2397 within 14 working days of the transaction", 14],
    ['The transaction must be converted to an Easy Payment Plan within thirty (30) days of the purchase', 30],
    ['Call the 24-hour hotline within seven days to convert the purchase to 0% instalments', 7],
    ['0% instalment plans for 12 months. Cardholders should request the conversion within 30 days', 30],
  ])('%s', (text, days) => {
    expect(readSteps(text).convertWithinDays).toBe(days);
  });

  it('is null for days that are not about converting, or out of range', () => {
    expect(readSteps('Refunds will be credited within 30 days of the request').convertWithinDays).toBeNull();
    expect(readSteps('Travel within 90 days of booking. 20% off').convertWithinDays).toBeNull();
    expect(readSteps('Convert to instalments within 400 days').convertWithinDays).toBeNull();
  });
});

describe('readSteps: promo code', () => {
  it.each([
    'Travel Before : 31st December 2026Promo Code : BOC20Inquiries : 0117 247 365',
    'Terms: Apply promo code VISASUNSET15 for 15% off ticket price upon checkout',
    'Simply enter promo code VISASG15 during checkout.',
    'Valid For Online & Direct Reservations Promo Code - PBCC',
    'Use the coupon code HNB10 at checkout',
  ])('%s', (text) => {
    expect(readSteps(text).promoCodeRequired).toBe(true);
  });

  it('is required when the item carries a promo code, and not when the text says none is needed', () => {
    expect(readSteps('20% off at Daraz', 'HNB20').promoCodeRequired).toBe(true);
    expect(readSteps('20% off at Daraz', '  ').promoCodeRequired).toBe(false);
    expect(
      readSteps('20% off at Daraz. No promo code required, the discount applies at checkout').promoCodeRequired,
    ).toBe(false);
    expect(readSteps('20% off; promo code not required').promoCodeRequired).toBe(false);
  });
});

describe('readSteps: none', () => {
  it('asks nothing of an ordinary offer', () => {
    expect(readSteps('Enjoy 25% off on dine-in every Friday. Valid till 30th June 2026')).toEqual({
      registerFirst: false,
      convertWithinDays: null,
      promoCodeRequired: false,
    });
  });
});
