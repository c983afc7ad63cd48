// Every canonical URL of the site, and nothing else.
import type { APIRoute } from 'astro';
import { getSiteData } from '../build/site-data.ts';
import { bankPagePath, offerCanonicalPath } from '../lib/site-urls.ts';

/** Pages that exist once, outside the catalogue. */
export const STATIC_PATHS = ['/', '/about-us', '/careers', '/contact-us', '/terms', '/privacy-policy', '/cookie-policy', '/sign-in', '/sign-up'];

export const GET: APIRoute = async ({ site }) => {
  const { banks, categories, listedOffers, offers } = await getSiteData();
  const bankPaths = banks.flatMap((bank) => [
    bankPagePath(bank),
    ...categories.filter((c) => listedOffers.some((o) => o.bankId === bank.bankId && o.categoryId === c.categoryId)).map((c) => bankPagePath(bank, c)),
  ]);
  const paths = [...STATIC_PATHS, ...bankPaths, ...offers.map(offerCanonicalPath)];
  const urls = paths.map((path) => `<url><loc>${new URL(path, site).toString()}</loc></url>`).join('\n');
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`, {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
};
