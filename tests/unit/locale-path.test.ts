// A page's path in each language (src/lib/locale-path.ts): English at the root, /si and /ta before the rest.
import { describe, expect, it } from 'vitest';
import { localePath, localeSegment, splitLocale } from '../../src/lib/locale-path.ts';

describe('localePath', () => {
  it.each([
    ['/about-us', 'en', '/about-us'],
    ['/about-us', 'si', '/si/about-us'],
    ['/', 'ta', '/ta'],
    ['/?bank=1&category=2', 'si', '/si?bank=1&category=2'],
    ['/#offers', 'ta', '/ta#offers'],
    ['/credit-card-offers/hnb/7/all/all', 'ta', '/ta/credit-card-offers/hnb/7/all/all'],
  ] as const)('%s in %s is %s', (path, locale, expected) => {
    expect(localePath(path, locale)).toBe(expected);
  });

  it("is the page's own language by default: English outside a page", () => {
    expect(localePath('/terms')).toBe('/terms');
  });
});

describe('splitLocale', () => {
  it.each([
    ['/si/about-us', 'si', '/about-us'],
    ['/ta', 'ta', '/'],
    ['/si/', 'si', '/'],
    ['/about-us', 'en', '/about-us'],
    ['/', 'en', '/'],
    // Not a language: a longer segment, an unknown code, English's own code.
    ['/sign-in', 'en', '/sign-in'],
    ['/sinhala-offers', 'en', '/sinhala-offers'],
    ['/fr/about-us', 'en', '/fr/about-us'],
    ['/en/about-us', 'en', '/en/about-us'],
  ] as const)('%s is %s %s', (path, locale, rest) => {
    expect(splitLocale(path)).toEqual({ locale, path: rest });
  });

  it('undoes localePath', () => {
    for (const locale of ['en', 'si', 'ta'] as const) {
      for (const path of ['/', '/about-us', '/a/b/c'])
        expect(splitLocale(localePath(path, locale))).toEqual({ locale, path });
    }
    expect(localeSegment('en')).toBeUndefined();
    expect(localeSegment('si')).toBe('si');
  });
});
