// When an imported offer was last checked at its source (src/lib/offer-dates.ts sourceCheckedText),
// in each language, and the sitemap's <lastmod> of its page (src/build/sitemap.ts).
import { describe, expect, it } from 'vitest';
import type { BankDetailData, CategoryData, OfferData } from '../../src/contract/index.ts';
import { languageSitemap, sitemapPages, STATIC_PATHS } from '../../src/build/sitemap.ts';
import { shortDate, sourceCheckedText } from '../../src/lib/offer-dates.ts';
import { offerCanonicalPath } from '../../src/lib/site-urls.ts';

const NOW = new Date('2026-12-02T08:00:00.000Z');
// 30 November in Colombo (UTC 29 November 19:00, after Colombo's midnight at 18:30).
const source = { name: 'Commercial Bank', lastVerifiedAt: '2026-11-29T19:00:00.000Z' };
const colombo = (locale: string, iso: string, parts: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale, { ...parts, timeZone: 'Asia/Colombo' }).format(new Date(iso));

describe('sourceCheckedText', () => {
  it("says the day in Sri Lanka and the source's name in English, the year only when it is not this year's", () => {
    expect(sourceCheckedText(source, 'en', NOW)).toBe('Checked 30 Nov at Commercial Bank');
    expect(sourceCheckedText({ ...source, lastVerifiedAt: '2025-12-30T10:00:00.000Z' }, 'en', NOW)).toBe(
      'Checked 30 Dec 2025 at Commercial Bank',
    );
  });

  it.each([
    ['si', 'si-LK', /^Commercial Bank හි (.+) දින පරීක්ෂා කරන ලදී$/],
    ['ta', 'ta-LK', /^Commercial Bank தளத்தில் (.+) அன்று சரிபார்க்கப்பட்டது$/],
  ] as const)("says it in %s with %s's short date", (locale, intl, wording) => {
    const line = sourceCheckedText(source, locale, NOW);
    const date = wording.exec(line)?.[1];
    expect(date).toBe(colombo(intl, source.lastVerifiedAt, { day: 'numeric', month: 'short' }));
    expect(date).toMatch(/\b30\b/);
    expect(date).not.toMatch(/2026/);
    const lastYear = sourceCheckedText({ ...source, lastVerifiedAt: '2025-12-30T10:00:00.000Z' }, locale, NOW);
    expect(wording.exec(lastYear)?.[1]).toBe(
      colombo(intl, '2025-12-30T10:00:00.000Z', { day: 'numeric', month: 'short', year: 'numeric' }),
    );
  });

  it('says nothing for an offer with no source, or a source with no date', () => {
    expect(sourceCheckedText(null, 'en', NOW)).toBe('');
    expect(sourceCheckedText(undefined, 'si', NOW)).toBe('');
    expect(sourceCheckedText({ name: 'Commercial Bank', lastVerifiedAt: null }, 'ta', NOW)).toBe('');
    expect(shortDate('not a date', 'en', NOW)).toBeUndefined();
  });
});

describe("the sitemap's lastmod", () => {
  const bank = { bankId: 1, bankName: 'Commercial Bank', slug: 'commercial-bank' } as BankDetailData;
  const category = {
    categoryId: 2,
    categoryName: 'Dining',
    slug: 'dining',
    translations: {},
  } as unknown as CategoryData;
  const offer = (offerId: number, offerSource: OfferData['source']) =>
    ({
      offerId,
      bankId: 1,
      categoryId: 2,
      bank,
      category,
      merchantId: 3,
      merchant: { merchantId: 3, merchantName: 'Pizza Hut', slug: 'pizza-hut' },
      source: offerSource,
      status: 'active',
    }) as unknown as OfferData;
  const imported = offer(7, { ...source, url: null, contentHash: null });
  const own = offer(8, null);
  const pages = sitemapPages({
    banks: [bank],
    categories: [category],
    listedOffers: [imported, own],
    offers: [imported, own],
  });

  it("is an imported offer's last check at its source, as a W3C date in Sri Lanka; no other page has one", () => {
    expect(pages.find((page) => page.path === offerCanonicalPath(imported))).toEqual({
      path: offerCanonicalPath(imported),
      lastmod: '2026-11-30',
    });
    expect(pages.filter((page) => page.lastmod !== undefined)).toHaveLength(1);
    expect(pages.map((page) => page.path)).toEqual(
      expect.arrayContaining([...STATIC_PATHS, '/sources', offerCanonicalPath(own)]),
    );
  });

  it("is written in each language's sitemap after the page's address", async () => {
    const xml = await languageSitemap('si', new URL('https://offerlanka.lk'), pages).text();
    expect(xml).toContain(
      `<loc>https://offerlanka.lk/si${offerCanonicalPath(imported)}</loc><lastmod>2026-11-30</lastmod>`,
    );
    expect(xml.match(/<lastmod>/g)).toHaveLength(1);
  });
});
