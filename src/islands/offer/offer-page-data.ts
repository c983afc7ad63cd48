// What the offer page's build (src/pages/[bankOffers]/[categoryOffers]/[offerId].astro) and its
// script (src/scripts/offer-page.ts) share, and the counts' wording, which the offer modal uses too.

/** The id of the page's <script type="application/json"> holding the offer as the build read it. */
export const OFFER_DATA_ID = 'offer-page-data';

export const viewsText = (views: number) => `${views} views`;
export const favouritesText = (favourites: number) => `${favourites} favourites`;
