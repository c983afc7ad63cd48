/**
 * The demo catalogue's size for the tests that build a site of their own: a quarter of `npm start`'s,
 * still every bank, category, offer type and date type (the seed covers them first). A build's time
 * grows with its pages, and these files build the site several times.
 */
export const SITE_TEST_OFFERS = 150;
