// Which pages a build renders. A full build renders every page. A publish (src/server/site/build-job.ts)
// sets SITE_PUBLISH to the offers that changed and the banks and merchants that list them, and the dynamic pages
// render only theirs; the static pages (home, sitemap, offer-paths.json, legal pages) and the week planners
// (a few pages, each over many merchants) are always rendered.
import * as v from 'valibot';

const Selection = v.object({
  offerIds: v.array(v.number()),
  bankIds: v.array(v.number()),
  merchantIds: v.array(v.number()),
});
export type PageSelection = v.InferOutput<typeof Selection>;
export const PAGE_SELECTION_ENV = 'SITE_PUBLISH';

function readSelection(): PageSelection | undefined {
  const given = process.env[PAGE_SELECTION_ENV];
  return given ? v.parse(Selection, JSON.parse(given)) : undefined;
}
const selection = readSelection();

/** An offer's page shows its bank's offer count, so a bank's change renders every offer page of the bank. */
export const rendersOfferPage = (offer: { offerId: number; bankId: number }) =>
  !selection || selection.offerIds.includes(offer.offerId) || selection.bankIds.includes(offer.bankId);
export const rendersBankPages = (bankId: number) => !selection || selection.bankIds.includes(bankId);
/** A merchant's page lists every bank's offers there: it renders again when one of them changed. */
export const rendersMerchantPage = (merchantId: number) => !selection || selection.merchantIds.includes(merchantId);
