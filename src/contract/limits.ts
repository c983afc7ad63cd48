// Limits and texts from the specification (§5, §8, §9) that the server and the browser both enforce.
// Defined once here; src/lib/constants.ts holds the rest of the spec's constants.

export const MOBILE_DIGITS = 9;
export const COUNTRY_CODES = ['+94', '+91', '+44', '+61'] as const;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const CONFIRM_PASSWORD_MIN = 5;
export const PASSWORD_MIN_STRENGTH = 3;
export const CODE_DIGITS = 6;
export const OFFER_HEADER_MAX = 90;
/** Offers run on Sri Lanka's calendar: UTC+05:30, no daylight saving. */
export const SRI_LANKA_UTC_OFFSET_MS = 330 * 60_000;
export const OFFER_TITLE_MAX = 60;
export const OFFER_DESCRIPTION_MAX = 2000;
/** The merchant's own terms of an offer, free text. */
export const OFFER_TERMS_MAX = 2000;
export const OFFER_RATE_TEXT_MAX = 40;
/** The validity in words, for offers whose dates are not plain days ('Every Friday in December'). */
export const VALIDITY_TEXT_MAX = 200;
export const OFFER_LOCATIONS_MAX = 20;
export const LOCATION_NAME_MAX = 80;
export const FIRST_NAME_MAX = 50;
export const EMAIL_MAX = 254;
export const FEEDBACK_MESSAGE_MAX = 2000;
export const PAGE_SIZE_MAX = 100;
/** A bank page's category lists: offers per page, pre-rendered and per 'Load more offers (n)' (spec §4, §9). */
export const CATEGORY_PAGE_SIZE = 6;
/** Pages are 1 to 6 digits; with PAGE_SIZE_MAX the offset (pageNo - 1) × pageSize stays far inside an int. */
export const PAGE_NO_MAX = 999_999;
/** The insight rankings' offset: 1 to 6 digits. */
export const OFFSET_MAX = 999_999;
/** Ids are PostgreSQL integers. */
export const ID_MAX = 2_147_483_647;
/** Image, logo and link URLs stored for banks, merchants, offers and ads. */
export const URL_MAX = 2048;
export const ID_LIST_MAX = 100;
export const UPLOAD_BYTES_MAX = 5 * 1024 * 1024;
/** Where the API serves images: its answers write image URLs as paths under it. */
export const API_IMAGE_PATH = '/api/images/';

/**
 * The languages besides English that an offer's texts and a category's name may be given in
 * (docs/i18n.md). The site's locales less its base; a unit test holds the two together.
 */
export const TRANSLATED_LOCALES = ['si', 'ta'] as const;
export type TranslatedLocale = (typeof TRANSLATED_LOCALES)[number];

/**
 * 'instalment' (issue 47 §4): a plan paying the bill over `instalmentMonths` months at `offerRate`
 * percent interest (normally 0): "0% for 12 months", not a discount.
 */
export const OFFER_TYPES = ['off', 'upto', 'customize', 'discount', 'instalment'] as const;
/** An instalment plan's months: 1 to 60 (banks' plans run 3 to 60). */
export const INSTALMENT_MONTHS_MAX = 60;
export const OFFER_DATE_TYPES = ['fromTo', 'until', 'till', 'on', 'other', 'customize'] as const;
/** Moderation state stored with an offer; only accepted offers are public. */
export const OFFER_REVIEW_STATUSES = ['accepted', 'pending', 'rejected'] as const;
/** What an offer card shows: 'new' and 'expireSoon' badges, or 'expired' on a kept page. */
export const OFFER_DISPLAY_STATUSES = ['new', 'expireSoon', 'expired', 'accepted', 'pending', 'rejected'] as const;
/** Team accounts (3) run the review and operations console; sign-up makes customers only. */
export const USER_TYPES = { customer: 1, merchant: 2, team: 3 } as const;
/**
 * A merchant company's review, in the spec's three steps (§2 'Company Profile'); only an activated
 * merchant sends offers. Their names are messages (console_merchant_step_…, team_merchant_step_…).
 */
export const MERCHANT_STEPS = ['documentSubmitted', 'registrationReview', 'activated'] as const;
export type MerchantStep = (typeof MERCHANT_STEPS)[number];

/**
 * The newsletter's and the favourites' answers (spec §5, §8). The refusals' texts are their codes'
 * (error-codes.ts: required, invalid_email, …), which this file does not import: the pages' at-load
 * code imports it, and the error catalogue would come with it.
 */
export const MESSAGES = {
  alreadySubscribed: 'Email already subscribed.',
  subscribed: 'Successfully Subscribed.',
  favoriteAdded: 'Successfully added the offer to your favorites.',
  favoriteRemoved: 'Successfully removed the offer from your favorites.',
} as const;

/** Ad frames (spec §1): placement inner, ad_space right, count 1. */
export const AD_PLACEMENT = 'inner';
export const AD_SPACE = 'right';
export const AD_COUNT = 1;
export const AD_COUNT_MAX = 10;
