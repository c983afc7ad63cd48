// What the offer page's build (src/pages/[...locale]/[bankOffers]/[categoryOffers]/[offerId].astro) and its
// script (src/page-scripts/offer-page.ts) share.

/** The id of the page's <script type="application/json"> holding the offer as the build read it. */
export const OFFER_DATA_ID = 'offer-page-data';
