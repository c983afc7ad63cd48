import { describe, expect, it } from 'vitest';
import {
  bankPageKey,
  bankPageKeyFromPath,
  bankPageParams,
  bankPagePath,
  offerAliasPaths,
  offerCanonicalPath,
  offerIdFromPath,
} from '../../src/lib/site-urls.ts';

const offer = (offerId: number, bankName: string, categoryName: string) => ({
  offerId,
  bank: { bankName },
  category: { categoryName },
});

const offers = [
  offer(123, 'Commercial Bank', 'Dining'),
  offer(7, "People's Bank", 'Health & Wellness'),
  offer(45678, 'HNB', 'Travel / Hotels'),
  offer(1, 'Nations Trust Bank (NTB)', 'Supermarkets'),
  offer(900, 'Bank 2', '2024 Deals'),
];

describe('offerCanonicalPath', () => {
  it.each([
    [offers[0]!, '/commercial-bank-credit-card-offers/credit-card-offers-for-dining/123'],
    [offers[1]!, '/people-s-bank-credit-card-offers/credit-card-offers-for-health-wellness/7'],
    [offers[2]!, '/hnb-credit-card-offers/credit-card-offers-for-travel-hotels/45678'],
    [offers[3]!, '/nations-trust-bank-ntb-credit-card-offers/credit-card-offers-for-supermarkets/1'],
  ])('%o → %s', (input, expected) => {
    expect(offerCanonicalPath(input)).toBe(expected);
  });
});

describe('offerAliasPaths', () => {
  it('lists the five other forms of DECISIONS.md', () => {
    expect(offerAliasPaths(offers[1]!)).toEqual([
      '/credit-card-offers/7/people-s-bank/health-wellness',
      '/credit-card-offers/7',
      '/credit-card-offer/people-s-bank/7',
      '/people-s-bank/health-wellness/7',
      '/people-s-bank-credit-card-offer/health-wellness/7',
    ]);
  });

  it('never repeats the canonical path, and paths start with / without a trailing slash', () => {
    for (const o of offers) {
      const all = [offerCanonicalPath(o), ...offerAliasPaths(o)];
      expect(new Set(all).size).toBe(6);
      for (const path of all) expect(path).toMatch(/^\/[^/].*[^/]$/);
    }
  });
});

describe('offerIdFromPath', () => {
  const forms = offers.flatMap((o) =>
    [offerCanonicalPath(o), ...offerAliasPaths(o)].map((path) => [path, o.offerId] as const),
  );

  it.each(forms)('%s → %d', (path, id) => {
    expect(offerIdFromPath(path)).toBe(id);
  });

  it.each(forms)('%s/ (trailing slash) → %d', (path, id) => {
    expect(offerIdFromPath(`${path}/`)).toBe(id);
  });

  it.each([
    // Slugs that do not match the offer's bank or category still reach it.
    ['/old-bank-name-credit-card-offers/credit-card-offers-for-anything/55', 55],
    ['/credit-card-offers/55/whatever/else', 55],
    ['/credit-card-offer/some-bank/55', 55],
    ['/some-bank/some-category/55', 55],
    ['/Some-Bank/Some%20Category/55', 55],
    ['/x-credit-card-offer/y/55', 55],
  ])('tolerates any slugs: %s', (path, id) => {
    expect(offerIdFromPath(path)).toBe(id);
  });

  it.each([
    // Bank pages, with and without a category, and their prefixes.
    '/credit-card-offers/commercial-bank/3/all/all',
    '/credit-card-offers/commercial-bank/3/dining/12',
    '/credit-card-offers/commercial-bank/3/dining/12/',
    '/credit-card-offers/people-s-bank/7/health-wellness/4',
    '/credit-card-offers/commercial-bank/3',
    '/credit-card-offers/commercial-bank/3/dining',
    '/credit-card-offers/commercial-bank',
    '/credit-card-offers',
    '/credit-card-offer',
    '/credit-card-offer/55',
    // Static, legal and console pages.
    '/',
    '',
    '/about-us',
    '/terms-and-conditions',
    '/privacy-policy',
    '/cookie-policy',
    '/sign-in',
    '/login',
    '/404',
    '/console/merchant/profile',
    '/console/customer/12',
    '/_astro/chunk/123',
    '/pagefind/fragment/123',
    // Not an id where one is expected.
    '/commercial-bank/dining/abc',
    '/commercial-bank/dining/12abc',
    '/commercial-bank/dining/0',
    '/commercial-bank/dining/-5',
    '/commercial-bank/dining/1.5',
    '/commercial-bank/dining/99999999999999999999',
    '/credit-card-offers/abc',
    '/credit-card-offers/abc/bank/category',
    // Wrong shapes.
    '/commercial-bank/55',
    '/a/b/c/55',
    '/a/b/c/d/e/55',
    '/commercial-bank//55',
    '//dining/55',
    '/commercial-bank/dining/55//',
    'commercial-bank/dining/55',
    '/robots.txt',
    '/sitemap.xml',
  ])('not an offer: %s', (path) => {
    expect(offerIdFromPath(path)).toBeUndefined();
  });
});

describe('bankPagePath', () => {
  it.each([
    [{ bankId: 3, bankName: 'Commercial Bank' }, undefined, '/credit-card-offers/commercial-bank/3/all/all'],
    [
      { bankId: 3, bankName: 'Commercial Bank' },
      { categoryId: 12, categoryName: 'Dining' },
      '/credit-card-offers/commercial-bank/3/dining/12',
    ],
    [
      { bankId: 7, bankName: "People's Bank" },
      { categoryId: 4, categoryName: 'Health & Wellness' },
      '/credit-card-offers/people-s-bank/7/health-wellness/4',
    ],
  ])('%o %o → %s', (bank, category, expected) => {
    expect(bankPagePath(bank, category)).toBe(expected);
    expect(offerIdFromPath(expected)).toBeUndefined();
  });
});

describe('bankPageKeyFromPath', () => {
  const bank = { bankId: 3, bankName: 'Commercial Bank' };
  const category = { categoryId: 12, categoryName: 'Dining' };

  it('gives a bank page path the key bank-paths.json keeps it under', () => {
    expect(bankPageKeyFromPath(bankPagePath(bank))).toBe(bankPageKey(bankPageParams(bank)));
    expect(bankPageKeyFromPath(bankPagePath(bank, category))).toBe(bankPageKey(bankPageParams(bank, category)));
    expect(bankPageKeyFromPath(bankPagePath(bank, category))).toBe('3/12');
  });

  it.each([
    // A renamed bank's or category's old URLs: other slugs, the same ids.
    ['/credit-card-offers/old-bank-name/3/all/all', '3/all'],
    ['/credit-card-offers/old-bank-name/3/old-category/12', '3/12'],
    ['/credit-card-offers/commercial-bank/3/dining/12/', '3/12'],
    ['/credit-card-offers/commercial-bank/0003/dining/012', '3/12'],
    // Cut after the bank id: the bank's page.
    ['/credit-card-offers/commercial-bank/3', '3/all'],
    ['/credit-card-offers/old-bank-name/3/', '3/all'],
  ])('tolerates any slugs: %s → %s', (path, key) => {
    expect(bankPageKeyFromPath(path)).toBe(key);
  });

  it.each([
    '/credit-card-offers/commercial-bank/3/all',
    '/credit-card-offers/commercial-bank',
    '/credit-card-offers/commercial-bank/x',
    '/credit-card-offers/commercial-bank/3/dining/all/x',
    '/credit-card-offers/commercial-bank/all/all/all',
    '/credit-card-offers/commercial-bank/0/all/all',
    '/credit-card-offers/commercial-bank/3/dining/-1',
    '/credit-card-offers//3/all/all',
    '/credit-card-offers/commercial-bank/3//all',
    '/credit-card-offer/commercial-bank/3/all/all',
    '/commercial-bank-credit-card-offers/credit-card-offers-for-dining/12',
    '/credit-card-offers/commercial-bank/99999999999999999999/all/all',
    'credit-card-offers/commercial-bank/3/all/all',
  ])('not a bank page: %s', (path) => {
    expect(bankPageKeyFromPath(path)).toBeUndefined();
  });
});
