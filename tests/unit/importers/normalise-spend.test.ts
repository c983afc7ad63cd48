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

  it('reads the first minimum and the first maximum only', () => {
    expect(readSpend('Minimum bill Rs. 3,000. Minimum bill for buffets Rs. 10,000. Max discount Rs 500, max Rs 900'))
      .toEqual({ minBill: 3000, maxDiscount: 500 });
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
