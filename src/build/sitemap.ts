// The sitemaps (docs/i18n.md "People and crawlers"): /sitemap.xml is an index of one sitemap per
// language, each listing that language's page of every canonical path with its alternates in the
// other languages and x-default (English). One file per language keeps each far under the 50,000
// URLs a sitemap may hold (10,000 offers make about 10,300 pages per language). An imported
// offer's page gives its <lastmod>: the day its source last listed it. Other pages have no honest
// date of their last change (a bank page changes as its offers end), so they give none.
import { localePath } from '../lib/locale-path.ts';
import { bankPagePath, merchantPagePath, offerCanonicalPath, weekPlannerPath } from '../lib/site-urls.ts';
import { merchantPages } from './merchant-page-view.ts';
import { PLANNER_CATEGORIES } from './week-planner-view.ts';
import { inSriLanka } from '../lib/sri-lanka-time.ts';
import { baseLocale, locales, type Locale } from '../paraglide/runtime.js';
import type { SiteData } from './site-data.ts';
import { languageSitemapPath } from './sitemap-files.ts';

/** Pages that exist once, outside the catalogue. */
export const STATIC_PATHS = [
  '/',
  '/about-us',
  '/careers',
  '/contact-us',
  '/sources',
  '/terms',
  '/privacy-policy',
  '/cookie-policy',
  '/sign-in',
  '/sign-up',
];

/** A canonical path of the site, in no language (English's are the same), and its last change as a W3C date where known. */
export interface SitemapPage {
  path: string;
  lastmod?: string;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const xmlResponse = (body: string) =>
  new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });

/** The day, in Sri Lanka, of an ISO instant: a W3C date (2026-11-30). */
const w3cDate = (iso: string) => inSriLanka(iso).format('YYYY-MM-DD');

/** Every page of the site. */
export function sitemapPages({
  banks,
  categories,
  listedOffers,
  offers,
}: Pick<SiteData, 'banks' | 'categories' | 'listedOffers' | 'offers'>): SitemapPage[] {
  const bankPaths = banks.flatMap((bank) => [
    bankPagePath(bank),
    ...categories
      .filter((c) => listedOffers.some((o) => o.bankId === bank.bankId && o.categoryId === c.categoryId))
      .map((c) => bankPagePath(bank, c)),
  ]);
  const offerPages = offers.map((offer) => {
    const verifiedAt = offer.source?.lastVerifiedAt;
    return { path: offerCanonicalPath(offer), ...(verifiedAt ? { lastmod: w3cDate(verifiedAt) } : {}) };
  });
  const merchantPaths = merchantPages(offers).map((page) => merchantPagePath(page.merchant));
  const plannerPaths = PLANNER_CATEGORIES.map(weekPlannerPath);
  return [
    ...[...STATIC_PATHS, ...plannerPaths, ...bankPaths, ...merchantPaths].map((path) => ({ path })),
    ...offerPages,
  ];
}

/** A path's page in each language and x-default, as <link rel="alternate"> and the sitemap both give them. */
export const alternatesOf = (path: string, site: URL) => [
  ...locales.map((locale) => ({
    hreflang: locale as string,
    href: new URL(localePath(path, locale), site).toString(),
  })),
  { hreflang: 'x-default', href: new URL(localePath(path, baseLocale), site).toString() },
];

export function languageSitemap(locale: Locale, site: URL, pages: SitemapPage[]): Response {
  const urls = pages.map(({ path, lastmod }) => {
    const links = alternatesOf(path, site)
      .map(({ hreflang, href }) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${href}"/>`)
      .join('');
    return `<url><loc>${new URL(localePath(path, locale), site).toString()}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${links}</url>`;
  });
  return xmlResponse(
    `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`,
  );
}

export function sitemapIndex(site: URL): Response {
  const entries = locales.map(
    (locale) => `<sitemap><loc>${new URL(languageSitemapPath(locale), site).toString()}</loc></sitemap>`,
  );
  return xmlResponse(
    `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`,
  );
}
