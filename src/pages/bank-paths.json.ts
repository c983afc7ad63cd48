// For the server's redirects to bank pages (301): a bank page's key ('{bankId}/{categoryId|all}') →
// its path, so that a renamed bank's or category's old URL (other slugs, the same ids) reaches the
// current one; and each short bank URL (/{bank}-credit-card-offers, with or without
// /credit-card-offers-for-{category}) → its bank page, for the bank's slug and its other names
// (HNB, BOC: lib/bank-names.ts).
import type { APIRoute } from 'astro';
import { getSiteData } from '../build/site-data.ts';
import { bankNames } from '../lib/bank-names.ts';
import { bankPageKey, bankPageParams, bankPagePath, bankShortPath } from '../lib/site-urls.ts';

export const GET: APIRoute = async () => {
  const { banks, categories, listedOffers } = await getSiteData();
  const names = bankNames(banks);
  // The pages credit-card-offers/[bankSlug]/[bankId]/[categorySlug]/[categoryId].astro renders:
  // each bank's, and each of its categories with listed offers.
  const pages = banks.flatMap((bank) => [
    { bank, category: undefined },
    ...categories
      .filter((category) =>
        listedOffers.some((offer) => offer.bankId === bank.bankId && offer.categoryId === category.categoryId),
      )
      .map((category) => ({ bank, category })),
  ]);
  const byKey = pages.map(({ bank, category }) => [
    bankPageKey(bankPageParams(bank, category)),
    bankPagePath(bank, category),
  ]);
  const byShortPath = pages.flatMap(({ bank, category }) =>
    (names.get(bank.bankId)?.slugs ?? []).map((slug) => [bankShortPath(slug, category), bankPagePath(bank, category)]),
  );
  return new Response(JSON.stringify(Object.fromEntries([...byKey, ...byShortPath])), {
    headers: { 'content-type': 'application/json' },
  });
};
