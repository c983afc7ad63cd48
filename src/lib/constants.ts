// Constants from the specification (§9) and DECISIONS.md that are not input limits.
// Input limits and message texts live in src/contract/limits.ts.

import { m } from '../paraglide/messages.js';

export const SITE_NAME = 'OfferLanka';
export const PRODUCT_SLUG = 'credit-card-offers';

/** Offers per page of the home list (spec §9: noOfPage 10); its grid has 1, 2 or 5 columns, so every row is full. */
export const OFFERS_PAGE_SIZE = 10;
export const TOP_PICKS_PAGE_SIZE = 4;
export const INSIGHT_LIMIT = 10;
export const PUBLIC_REVIEW_STATUS = 'accepted';

/** 'New' badge for offers created within this many days; 'Ending soon' for offers ending within. */
export const NEW_OFFER_DAYS = 7;
export const ENDING_SOON_DAYS = 7;
/** How long a merchant's page lists an offer under 'Recently ended'. */
export const RECENTLY_ENDED_DAYS = 30;

export const NOTICE_DURATION_MS = 10_000;
export const RESEND_COUNTDOWN_SECONDS = 20;
export const DIALOG_RESEND_COUNTDOWN_SECONDS = 15;
export const CLIENT_RESEND_LIMIT = 3;

/** Offer dates are shown in Sri Lanka's time zone, whatever the server's or browser's. */
export const SITE_TIME_ZONE = 'Asia/Colombo';
/** dayjs formats (spec §9): the start of a from-to range, and every other date shown. */
export const DATE_DAY_MONTH_FORMAT = 'DD MMMM';
export const DATE_LONG_FORMAT = 'MMMM Do YYYY';
/** dayjs formats of when an offer was last checked at its source: '30 Nov', and '30 Nov 2025' in another year. */
export const DATE_SHORT_FORMAT = 'D MMM';
export const DATE_SHORT_YEAR_FORMAT = 'D MMM YYYY';

/**
 * Truncation lengths in characters (spec §9); a longer text is cut and gets '...'. Offer titles and
 * merchant names on cards are not cut but clamped to two lines by CSS (DECISIONS.md).
 */
export const BANK_NAME_CARD_MAX = 13;
export const BREADCRUMB_BANK_MAX = 15;
export const TRUNCATION_SUFFIX = '...';

/** Recent and favourite strips show this many until 'View all'; more filter chips than this fold (spec §9). */
export const RECENT_SHOWN = 3;
export const FILTER_CHIPS_SHOWN = 4;
/** A bank page's row of more categories than this becomes a slider (spec §9). */
export const CATEGORY_CHIPS_BEFORE_SLIDER = 4;
/** Carousels move at this speed (ms per slide); the bank carousel shows at most this many banks at a time. */
export const CAROUSEL_SPEED_MS = 1000;
export const BANK_CAROUSEL_SLIDES = 10;
/** From this width up, carousels show several slides; under it, one card at a time (spec §9: 768px). */
export const WIDE_SCREEN_QUERY = '(min-width: 768px)';

/** Location tags shown inline before the rest go into a popover; terms shown before 'more'. */
export const LOCATION_TAGS_INLINE = 2;
export const TERMS_SHOWN = 3;
/** Mobile numbers are shown with positions 4 to 9 (1-based) masked. */
export const MOBILE_MASK_FROM = 4;
export const MOBILE_MASK_TO = 9;

/** Ad frames (spec §1) ask for AD_COUNT ads of AD_PLACEMENT / AD_SPACE (src/contract/limits.ts). */
/** Ads that lead to these pages (the house ad 'Sign up free') are for guests: a signed-in visitor gets another. */
export const GUEST_ONLY_AD_PATHS = ['/sign-up', '/sign-in', '/login'];
/** The attribute the page's first script puts on <html> when the browser holds a session (BaseLayout.astro, session-boot.ts). */
export const HAS_SESSION_ATTRIBUTE = 'data-has-session';
/** The ad frame's reserved size, in CSS pixels (a medium rectangle). */
export const AD_WIDTH = 300;
export const AD_HEIGHT = 250;
/** The ad slot's size for AdFrame.astro's CSS, as custom properties (BaseLayout.astro writes them in every page's head). */
export const AD_SLOT_CSS = `:root { --ad-width: ${AD_WIDTH}px; --ad-ratio: ${AD_WIDTH} / ${AD_HEIGHT}; }`;

/** Offer cards whose banners load eagerly at the top of a list: the first row on a wide screen. */
export const ABOVE_FOLD_CARDS = 4;

/** The query parameter /login and /sign-in read to send a visitor back after signing in. */
export const SIGN_IN_RETURN_PARAM = 'returnTo';

/**
 * What the visitor reads when a call failed and the server sent no message of its own. No answer
 * or no connection: the browser's own texts, in the page's language (messages/). The others say what
 * the API's codes rate_limited and server_error say, and take those codes' texts on a Sinhala or
 * Tamil page (lib/error-text.ts).
 */
export const CLIENT_ERROR_TEXTS = {
  get network() {
    return m.client_error_network();
  },
  get timeout() {
    return m.client_error_timeout();
  },
  get tooManyRequests() {
    return m.client_error_too_many_requests();
  },
  get unexpected() {
    return m.error_server_error();
  },
};

/** An offer's calendar event reminds at this hour (Sri Lanka's time) of the day before its last day. */
export const CALENDAR_ALARM_HOUR = 9;

/** Each offer's link-preview image (src/lib/preview-image.ts): the size Open Graph and Twitter's large card ask for. */
export const PREVIEW_IMAGE = { width: 1200, height: 630, type: 'image/png' } as const;

/** A site URL with this hash opens the signed-in user's favourites (the reminder SMS links to it). */
export const FAVOURITES_HASH = '#favourites';
