import { describe, expect, it } from 'vitest';
import { bankNames, bankShortNames } from '../../src/lib/bank-names.ts';
import { bankShortPath, shortPathKey } from '../../src/lib/site-urls.ts';

describe('bankShortNames', () => {
  it.each([
    ['Hatton National Bank', ['HNB']],
    ['Bank of Ceylon', ['BOC']],
    ["People's Bank", ['PB']],
    ['Nations Trust Bank', ['NTB']],
    ['NDB Bank', ['NDB']],
    ['DFCC Bank', ['DFCC']],
    ['HSBC Sri Lanka', ['HSBC']],
    ['Standard Chartered Sri Lanka', ['SC']],
    ['Sampath', []],
  ])('%s → %o', (name, expected) => {
    expect(bankShortNames(name)).toEqual(expected);
  });
});

describe('bankNames', () => {
  const banks = [
    { bankId: 1, bankName: 'Commercial Bank' },
    { bankId: 3, bankName: 'Hatton National Bank' },
    { bankId: 12, bankName: 'Cargills Bank' },
    { bankId: 2, bankName: 'Sampath Bank' },
  ];
  const names = bankNames(banks);

  it('gives each bank its slug first, then its other names as slugs', () => {
    expect(names.get(3)).toEqual({ shortNames: ['HNB'], slugs: ['hatton-national-bank', 'hnb', 'hatton-national'] });
    expect(names.get(2)).toEqual({ shortNames: ['SB'], slugs: ['sampath-bank', 'sb', 'sampath'] });
  });

  it('leaves out a name two banks share (Commercial Bank and Cargills Bank are both CB)', () => {
    expect(names.get(1)).toEqual({ shortNames: [], slugs: ['commercial-bank', 'commercial'] });
    expect(names.get(12)).toEqual({ shortNames: [], slugs: ['cargills-bank', 'cargills'] });
  });
});

describe('bankShortPath', () => {
  it('is the canonical offer URL without its offer, or without its category too', () => {
    expect(bankShortPath('hnb')).toBe('/hnb-credit-card-offers');
    expect(bankShortPath('hnb', { categoryName: 'Health & Wellness' })).toBe(
      '/hnb-credit-card-offers/credit-card-offers-for-health-wellness',
    );
  });

  it('is found by shortPathKey whatever the case and a trailing slash', () => {
    expect(shortPathKey('/HNB-Credit-Card-Offers/')).toBe(bankShortPath('hnb'));
  });
});
