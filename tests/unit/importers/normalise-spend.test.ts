import { describe, expect, it } from 'vitest';
import { readSpend } from '../../../src/server/importers/normalise/spend.ts';

describe('readSpend', () => {
  it.each([
    ['Minimum bill value Rs. 5,000', 5000, null],
    ['Minimum transaction value LKR 5,000', 5000, null],
    ['min. spend LKR 10,000', 10000, null],
    ['on bills above Rs.3000', 3000, null],
    ['minimum transaction of Rs 2,500/-', 2500, null],
    ['Valid on a minimum spend of Rs. 7,500.00', 7500, null],
    ['Rs. 5,000 and above', 5000, null],
    ['Spend 5,000 LKR or more', 5000, null],
    ['Maximum discount Rs. 2,500', null, 2500],
    ['capped at LKR 2,500', null, 2500],
    ['max. discount Rs 1,000/-', null, 1000],
    ['up to Rs. 5,000 per card', null, 5000],
    ['Discount up to a maximum of Rs. 3,000 per transaction', null, 3000],
    ['Rs. 2.5k minimum', 2500, null],
    ['Min spend LKR 10k', 10000, null],
    ['Maximum discount LKR 1.5 Mn', null, 1_500_000],
    ['Save up to Rs. 5,000 on a minimum spend of Rs. 25,000', 25000, 5000],
    ['Maximum discount per card Rs. 2,000 and minimum bill Rs. 8,000', 8000, 2000],
    // 'Up to' belongs to the percentage here, and the bill is a minimum.
    ['Enjoy up to 20% off on bills above Rs 5,000', 5000, null],
  ])('%s', (text, minBill, maxDiscount) => {
    expect(readSpend(text)).toEqual({ minBill, maxDiscount });
  });

  it.each([
    // A bill or transaction limit is not the discount cap.
    ['Maximum Bill Value: Rs.50,000/- For Lunch & Dinner', null, null],
    ['Minimum Bill Value-Rs.1,000/- Maximum Bill Value-Rs.50,000/-', 1000, null],
    [
      'the minimum transaction value should exceed Rs. 25,000/- (Maximum transaction value Rs. 1,000,000/-)',
      25000,
      null,
    ],
    ['Single transactions above LKR 200,000 up to LKR 1,500,000; merchant and online POS', 200000, null],
    ['single transactions up to LKR 1,500,000; maximum 3 conversions during the offer', null, null],
    ['0% instalment plans on transactions from Rs. 25,000 to Rs. 1 Million', 25000, null],
    ['Minimum Bill Value: Rs.7,500/- Maximum bill Value - Rs.50,000/-', 7500, null],
    // Real caps still read, before or after a limit.
    ['Enjoy 10% off per transaction up to Rs. 1,000', null, 1000],
    ['Maximum Bill Value Rs. 50,000. Maximum discount Rs. 5,000', null, 5000],
    ['(Maximum Discount Cap Up to LKR 100,000). Maximum transaction value Rs. 1,000,000/-', null, 100000],
    ['Total discount value -Rs.20,000/- per transaction Maximum two transactions per card per day', null, 20000],
    ['Minimum Transaction Value: Rs.1,000/- Maximum Savings: Rs.1,500/- per cardholder', 1000, 1500],
    // An amount with no words of its own, per card holder or opening the terms, is the cap.
    [
      'Enjoy 20% Savings for orders above Rs. 5,000/-. Terms: Rs. 5,000/- per cardholder; full payment by card',
      5000,
      5000,
    ],
    ['20% Savings on dine-in. Terms: Rs.7,000/- per cardholder, per day', null, 7000],
    [
      'Every Friday from 05th to 26th June 2026. Terms: Rs. 1,500/-; Valid only for 01 transaction per cardholder per day',
      null,
      1500,
    ],
  ])('limits and caps: %s', (text, minBill, maxDiscount) => {
    expect(readSpend(text)).toEqual({ minBill, maxDiscount });
  });

  it.each([
    // Words glued to a date before them, as some listings run lines together.
    [
      'On Thursdays from 04th to 25th June 2026Min. Bill Value : Rs.4,000/- | Max. Discount : Rs.1,000/-Max 3kg',
      4000,
      1000,
    ],
    // '/-' after a number is money even without 'Rs.'.
    ['30% off on room rate Minimum Bill Value - 10,000/- Maximum Bill Value - 50,000/-', 10000, null],
    ['the minimum transaction value should exceed 25,000/- (Maximum transaction value Rs. 1,000,000/-)', 25000, null],
    // A range's first end is the minimum.
    ['Orders between Rs.2,000/- Rs.30,000/- Excluding Liquor & Tobacco', 2000, null],
    [
      'eligible amount Rs. 25,000 - Rs. 2,000,000 - tenors 03,06,12 - handling fee 03,06,12 Months: Rs. 1,500',
      25000,
      null,
    ],
  ])('minimums: %s', (text, minBill, maxDiscount) => {
    expect(readSpend(text)).toEqual({ minBill, maxDiscount });
  });

  it('reads the first minimum and the first maximum only', () => {
    expect(
      readSpend('Minimum bill Rs. 3,000. Minimum bill for buffets Rs. 10,000. Max discount Rs 500, max Rs 900'),
    ).toEqual({ minBill: 3000, maxDiscount: 500 });
  });

  it('ignores numbers that are not money, and money with no condition', () => {
    expect(readSpend('20% off for 2 persons, 3 nights, 2026')).toEqual({ minBill: null, maxDiscount: null });
    expect(readSpend('Minimum 2 persons')).toEqual({ minBill: null, maxDiscount: null });
    expect(readSpend('Rs. 1,000 off')).toEqual({ minBill: null, maxDiscount: null });
    expect(readSpend('Valid 6 pm - 10 pm until 31.05.2026')).toEqual({ minBill: null, maxDiscount: null });
    expect(readSpend('')).toEqual({ minBill: null, maxDiscount: null });
  });

  it('ignores amounts the contract cannot hold', () => {
    expect(readSpend('Minimum bill Rs. 0')).toEqual({ minBill: null, maxDiscount: null });
    expect(readSpend('Maximum Rs. 500,000,000')).toEqual({ minBill: null, maxDiscount: null });
  });
});
