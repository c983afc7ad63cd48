// Constants from the specification (§9) and DECISIONS.md that are not input limits.
// Input limits and message texts live in src/contract/limits.ts.

export const SITE_NAME = 'OfferLanka';
export const PRODUCT_SLUG = 'credit-card-offers';
export const PRODUCT_TEXT = 'credit card offers';

export const OFFERS_PAGE_SIZE = 10;
export const TOP_PICKS_PAGE_SIZE = 4;
export const CATEGORY_GROUP_PAGE_SIZE = 6;
export const OFFER_INSIGHTS_COUNT = 9;
export const INSIGHT_LIMIT = 10;
export const PUBLIC_REVIEW_STATUS = 'accepted';

/** 'New' badge for offers created within this many days; 'Ending soon' for offers ending within. */
export const NEW_OFFER_DAYS = 7;
export const ENDING_SOON_DAYS = 7;

export const NOTICE_DURATION_MS = 10_000;
export const RESEND_COUNTDOWN_SECONDS = 20;
export const DIALOG_RESEND_COUNTDOWN_SECONDS = 15;
export const CLIENT_RESEND_LIMIT = 3;
