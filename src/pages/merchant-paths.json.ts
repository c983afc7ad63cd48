// For the server's redirects to merchant pages (301): each slug a merchant's page has had → its
// page's path, for the merchants with a page, so that a renamed merchant's old URL reaches the
// current one (server/db/merchant-slugs.ts keeps them).
import type { APIRoute } from 'astro';
import { merchantPages } from '../build/merchant-page-view.ts';
import { getSiteData } from '../build/site-data.ts';
import { merchantPagePath } from '../lib/site-urls.ts';

export const GET: APIRoute = async () => {
  const { offers, merchantSlugs } = await getSiteData();
  const paged = new Set(merchantPages(offers).map((page) => page.merchant.slug));
  const paths = merchantSlugs
    .filter(({ currentSlug }) => paged.has(currentSlug))
    .map(({ slug, currentSlug }) => [slug, merchantPagePath({ slug: currentSlug })]);
  return new Response(JSON.stringify(Object.fromEntries(paths)), { headers: { 'content-type': 'application/json' } });
};
