import { describe, expect, it } from 'vitest';
import { OFFER_RATE_TEXT_MAX } from '../../../src/contract/limits.ts';
import { offerTags } from '../../../src/lib/format-offer.ts';
import { discountRates, readPlan, readRate, structuredRate } from '../../../src/server/importers/normalise/rates.ts';

describe('readRate: percentages', () => {
  it.each([
    ['25% off', 'off', '25'],
    ['25 % OFF', 'off', '25'],
    ['Save 20%', 'off', '20'],
    ['20% savings', 'off', '20'],
    ['Flat 10% off on total bill', 'off', '10'],
    ['Enjoy 20% off on total bill with HNB Credit Cards', 'off', '20'],
    ['Up to 50% off', 'upto', '50'],
    ['UP TO 40% OFF on selected items', 'upto', '40'],
    ['upto 20%', 'upto', '20'],
    ['Save up to 30% on room rates', 'upto', '30'],
    ['15% discount', 'discount', '15'],
    ['15 % Discount on food', 'discount', '15'],
    ['12.5% off', 'off', '12.5'],
    ['Save 12.50%', 'off', '12.5'],
    ['100% off on the second main course', 'off', '100'],
    ['20 percent off', 'off', '20'],
    // The instalment plan is not the discount; the 10% is.
    ['0% installment plans for 12 months + 10% off', 'off', '10'],
    ['10% service charge waived and 15% off', 'off', '15'],
    // A phone number glued to the rate, and its label between 'Up to' and the rate.
    [
      'Araliya Green City - Reservations : 070 361 2415 / 077 877 7114 / 052 222 500030% off for BOC Credit Cardholders',
      'off',
      '30',
    ],
    ['Fresco Water Villa - Up to Reservations : 077 220 869935% off on DBL FB & 30% off on TPL FB', 'upto', '35'],
    ['Wildescape Hotel - Reservations - 0114 508 50815% off on entire villa', 'off', '15'],
    // Tiers: the first named is the headline.
    ['20% off for Premium Credit Cards, 15% off for other credit cards', 'off', '20'],
  ])('%s', (text, offerType, offerRate) => {
    expect(readRate(text)).toEqual({ offerType, offerRate });
  });

  it('writes rates that offerTags renders cleanly', () => {
    expect(offerTags(readRate('Up to 50% off'))).toEqual(['upto 50% off']);
    expect(offerTags(readRate('25 % OFF'))).toEqual(['25% off']);
    expect(offerTags(readRate('15% discount'))).toEqual(['15 % discount']);
  });
});

describe('readRate: anything else is customize', () => {
  it.each([
    ['Buy 1 Get 1 Free', 'Buy 1 Get 1 Free'],
    ['  Complimentary   dessert ', 'Complimentary dessert'],
    // A plan that names no months stays as written.
    ['0% interest easy payment plans', '0% interest easy payment plans'],
    ['5% cashback', '5% cashback'],
    ['150% off', '150% off'],
    ['Rs. 1,000 off on bills above Rs. 5,000', 'Rs. 1,000 off on bills above Rs. 5,000'],
    ['12.345% off', '12.345% off'],
    // A fee's percentage is not the discount.
    ['0% plans; processing fee 10%', '0% plans; processing fee 10%'],
    ['Instalments, handling fee of 2.5%', 'Instalments, handling fee of 2.5%'],
  ])('%s', (text, offerRate) => {
    expect(readRate(text)).toEqual({ offerType: 'customize', offerRate });
  });

  it('cuts long text at a word boundary within the limit', () => {
    const rate = readRate('Complimentary dessert for every main course ordered at the restaurant');
    expect(rate).toEqual({ offerType: 'customize', offerRate: 'Complimentary dessert for every main' });
    expect(rate.offerRate.length).toBeLessThanOrEqual(OFFER_RATE_TEXT_MAX);
  });

  it('cuts a single over-long word hard', () => {
    const rate = readRate('x'.repeat(60));
    expect(rate.offerRate).toBe('x'.repeat(OFFER_RATE_TEXT_MAX));
  });

  it('keeps an empty text empty', () => {
    expect(readRate('   ')).toEqual({ offerType: 'customize', offerRate: '' });
  });
});

describe('discountRates', () => {
  it('lists each discount once, in order, leaving out fees and interest', () => {
    expect(discountRates('10% savings on room bookings 15% savings on full villa bookings, 10% on spa')).toEqual([
      '10',
      '15',
    ]);
    expect(discountRates('0% instalments, processing fee 5%, 25% off')).toEqual(['25']);
    expect(discountRates('Special savings')).toEqual([]);
  });
});

describe('structuredRate', () => {
  it('keeps a percentage and its kind', () => {
    expect(structuredRate(25, 'off')).toEqual({ offerType: 'off', offerRate: '25' });
    expect(structuredRate(50, 'upto')).toEqual({ offerType: 'upto', offerRate: '50' });
    expect(structuredRate(12.5, 'off')).toEqual({ offerType: 'off', offerRate: '12.5' });
    expect(structuredRate(33.333, 'off')).toEqual({ offerType: 'off', offerRate: '33.33' });
    expect(structuredRate(100, 'off')).toEqual({ offerType: 'off', offerRate: '100' });
  });

  it('refuses what is not a percentage', () => {
    expect(structuredRate(0, 'off')).toBeNull();
    expect(structuredRate(-5, 'off')).toBeNull();
    expect(structuredRate(150, 'upto')).toBeNull();
    expect(structuredRate(Number.NaN, 'off')).toBeNull();
  });
});

// The banks' own plan wordings (/work/shared/real-data/offer-texts: BOC, DFCC, NTB, Cargills) and
// the usual spellings: British and American, 'installment', 'EPP', months listed ('3, 6, 12 months').
describe('readRate: instalment plans', () => {
  it.each([
    ['0% Interest Installment Plans for 12 months', 12],
    ['0% instalment up to 24 months', 24],
    ['0% instalment plan for 12 months', 12],
    ['Abans - 12 & 24 Months 0% Easy Payment Plans at Abans showrooms with DFCC Credit Cards', 24],
    ['Singer Mega - 12, 24 & 36 Months 0% Easy Payment Plans at Singer Mega with DFCC Credit Cards', 36],
    ['06 & 12 Months 0% Easy Payment Plans on Autocare payments over Rs. 50,000', 12],
    ['Up to 48 Months 0% Easy Payment Plans on Solar Payments over Rs. 100,000', 48],
    ['Enjoy up to 12 month 0% installment plans with your Nations Trust Bank Mastercard Credit Cards', 12],
    ['Solar 0% Instalment Plan - 0% interest 36-month instalment plans on all solar-related products', 36],
    ['IPP 0% Instalment Plan (24 months) on Education, Jewellery, Furniture', 24],
    ['Air Tickets - 0% interest installment plans available for up to 24 months on any air ticket payments', 24],
    ['Vogue Jewellers (6 & 12 months – 0% installment plans)', 12],
    ['6 & 12 months – 0% installment plans 24 months – 2% installment plans', 12],
    ['0% EPP 3, 6, 12 Months', 12],
    ['3, 6, 12 months 0% EPP at Softlogic', 12],
    ['0% Instalments for 6 or 12 months', 12],
    ['Up to 12 months 0% installments at Sunrise Electronics', 12],
    ['0% interest-free installments for 24 months', 24],
    ['0% INSTALMENT PLANS UP TO 60 MONTHS', 60],
  ])('%s → %i months', (text, months) => {
    expect(readRate(text)).toEqual({ offerType: 'instalment', offerRate: '0', instalmentMonths: months });
  });

  it('keeps a plan with interest at its rate', () => {
    expect(readPlan('24 months – 2% installment plans')).toEqual({
      offerType: 'instalment',
      offerRate: '2',
      instalmentMonths: 24,
    });
  });

  it.each([
    // No months: shown as written.
    ['0% interest easy payment plans'],
    ['Easy Payment Plans available'],
    ['EMI Plan - Equal Monthly Instalment plan for Cargills Bank Credit Cardholders'],
    // Months that are no plan's.
    ['0% instalments for 120 months'],
    ['Free extended warranty for 12 months'],
    ['Stay 3 nights, pay for 2'],
  ])('%s is not a plan', (text) => {
    expect(readRate(text).offerType).toBe('customize');
  });

  it('leaves a discount beside a plan a discount', () => {
    expect(readRate('Up to 55% Savings and 12 & 24 Months 0% Easy Payment Plans at ZAM GEMS')).toEqual({
      offerType: 'upto',
      offerRate: '55',
    });
  });

  it('writes plans that offerTags renders as a plan, not a discount', () => {
    expect(offerTags(readRate('0% Interest Installment Plans for 12 months'))).toEqual(['0% for 12 months']);
    expect(offerTags(readRate('12 & 24 Months 0% Easy Payment Plans'), 'si')).toEqual(['මාස 24ක් සඳහා 0%']);
    expect(offerTags(readRate('12 & 24 Months 0% Easy Payment Plans'), 'ta')).toEqual(['24 மாதங்களுக்கு 0%']);
  });
});
