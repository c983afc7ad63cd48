// Bank page key ('{bankId}/{categoryId|all}') → its path, for the server's redirects: a renamed bank's
// or category's old URL (other slugs, the same ids) answers 301 to the current one.
import type { APIRoute } from 'astro';
import { getSiteData } from '../build/site-data.ts';
import { bankPageKey, bankPageParams, bankPagePath } from '../lib/site-urls.ts';

export const GET: APIRoute = async () => {
  const { banks, categories, listedOffers } = await getSiteData();
  // The pages credit-card-offers/[bankSlug]/[bankId]/[categorySlug]/[categoryId].astro renders:
  // each bank's, and each of its categories with listed offers.
  const pages = banks.flatMap((bank) => [
    { bank, category: undefined },
    ...categories.filter((category) => listedOffers.some((offer) => offer.bankId === bank.bankId && offer.categoryId === category.categoryId))
      .map((category) => ({ bank, category })),
  ]);
  return new Response(JSON.stringify(Object.fromEntries(pages.map(({ bank, category }) => [bankPageKey(bankPageParams(bank, category)), bankPagePath(bank, category)]))), {
    headers: { 'content-type': 'application/json' },
  });
};
