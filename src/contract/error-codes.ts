// The stable `code` every error answer carries beside its English `message` (docs/api.md §1.4), so
// that the browser can say it in the visitor's language. Each code stands for one meaning, and lists
// the English texts that say it, taken from the message objects themselves: a text reworded there
// keeps its code. A code never changes once shipped: add codes, never rename or reuse one.
// The server and the tests import this file (it imports every message object); the browser needs
// only the code strings and the ErrorCode type.
import { ACCOUNT_MESSAGES } from './account-messages.ts';
import { ALERT_MESSAGES } from './alerts.ts';
import { API_MESSAGES, FALLBACK_MESSAGES } from './api-messages.ts';
import { CALENDAR_MESSAGES } from './calendar.ts';
import { ELIGIBILITY_MESSAGES } from './eligibility.ts';
import { MESSAGES } from './limits.ts';
import { OFFER_MESSAGES } from './offer-form.ts';
import { MY_CARD_MESSAGES } from './offer-search.ts';
import { PARTNER_FEED_MESSAGES } from './partner-feed.ts';
import { REMINDER_MESSAGES } from './reminders.ts';
import { REPORT_MESSAGES } from './report-messages.ts';
import { IMPORT_MESSAGES } from './team-importers.ts';

/** A text with `{name}` where the API writes a value in: the answer carries the values as `params`. */
interface Template { readonly template: string }
const filled = (template: string): Template => ({ template });

const A = API_MESSAGES;
const P = PARTNER_FEED_MESSAGES;

/**
 * Each code's English texts, its main one first. A code with several texts says one thing in
 * different words (each such code is named in tests/unit/error-codes.test.ts).
 */
export const ERROR_CODE_TEXTS = {
  // Fallbacks by HTTP status (statusErrorCode), and for a schema's message without a code.
  bad_request: [FALLBACK_MESSAGES.badRequest],
  invalid: [FALLBACK_MESSAGES.invalid],
  sign_in_required: [A.signInRequired],
  forbidden: [FALLBACK_MESSAGES.forbidden],
  not_found: [FALLBACK_MESSAGES.notFound],
  conflict: [FALLBACK_MESSAGES.conflict],
  payload_too_large: [A.bodyTooLarge],
  unsupported_media_type: [A.sendAsJson],
  rate_limited: [filled('Too many requests. Please wait up to {minutes} minutes and try again.')],
  server_error: [A.serverError],
  unavailable: [FALLBACK_MESSAGES.unavailable],

  // The request itself.
  no_such_route: [A.noSuchRoute],
  not_json: [A.notJson, A.invalidJson],
  not_json_object: [A.notJsonObject, A.expectedObject],
  busy: [A.busy],
  email_off: [A.emailOff],
  required: [MESSAGES.required, P.required],
  too_long: [filled('At most {max} characters.')],
  too_many_locations: [filled('At most {max} locations.')],
  too_many_cards: [filled('At most {max} cards.')],

  // Accounts, sessions and one-time codes.
  session_expired: [A.sessionExpired],
  not_own_account: [A.notOwnAccount],
  team_only: [A.teamOnly],
  invalid_mobile_no: [ACCOUNT_MESSAGES.invalidMobileNo],
  invalid_first_name: [ACCOUNT_MESSAGES.invalidFirstName],
  password_rules: [ACCOUNT_MESSAGES.passwordRules],
  password_too_weak: [ACCOUNT_MESSAGES.passwordTooWeak],
  password_not_match: [ACCOUNT_MESSAGES.passwordNotMatch],
  invalid_code: [ACCOUNT_MESSAGES.invalidCode],
  invalid_login: [ACCOUNT_MESSAGES.invalidLogin],
  account_blocked: [ACCOUNT_MESSAGES.accountBlocked],
  wrong_code: [ACCOUNT_MESSAGES.wrongCode],
  already_registered: [ACCOUNT_MESSAGES.alreadyRegistered],
  merchant_sign_up_closed: [ACCOUNT_MESSAGES.merchantSignUpClosed],
  invalid_mobile_title: [ACCOUNT_MESSAGES.invalidMobileTitle],
  enter_valid_mobile: [ACCOUNT_MESSAGES.enterValidMobile],
  mobile_not_registered: [ACCOUNT_MESSAGES.mobileNotRegistered],
  no_account: [A.noAccount],
  mobile_not_verified: [A.verifyToSignIn],
  verification_expired: [A.verificationExpired],
  same_mobile_no: [A.sameMobileNo],
  mobile_in_use: [A.mobileInUse],
  sign_in_wait: [
    filled('Too many failed sign-ins for this number. Please wait {seconds} seconds and try again.'),
    filled('Too many failed sign-ins for this number. Please wait {minutes} minutes and try again.'),
  ],
  code_sending_blocked: [A.codeSendBlocked],
  code_not_sent: [A.codeNotSent],
  code_expired: [A.codeExpired],
  code_used: [A.codeUsed],
  too_many_wrong_codes: [A.tooManyWrongCodes],

  // Newsletter, favourites, images, insights.
  invalid_email: [MESSAGES.invalidEmail, ALERT_MESSAGES.invalidEmail],
  enter_email: [MESSAGES.enterEmail],
  already_subscribed: [MESSAGES.alreadySubscribed],
  subscribed: [MESSAGES.subscribed],
  favorite_added: [MESSAGES.favoriteAdded],
  favorite_removed: [MESSAGES.favoriteRemoved],
  not_signed_in_title: [MESSAGES.notSignedInTitle],
  not_signed_in_text: [MESSAGES.notSignedInText],
  not_in_favorites: [A.notInFavorites],
  bank_not_found: [A.bankNotFound],
  image_not_found: [A.imageNotFound],
  unknown_insight: [A.unknownInsight],
  unknown_impression: [A.unknownImpression],
  only_images: [A.onlyImages],
  upload_not_base64: [filled('The {what} must be base64 encoded.')],
  upload_empty: [filled('The {what} is empty.')],
  upload_too_large: [filled('The {what} is larger than 5 MB.')],

  // Offers: the merchant's form and console, the profile's location.
  offer_header_too_long: [OFFER_MESSAGES.offerHeaderTooLong],
  invalid_form_date: [OFFER_MESSAGES.invalidFormDate],
  end_before_start: [OFFER_MESSAGES.endBeforeStart, P.endBeforeStart],
  end_date_passed: [OFFER_MESSAGES.endDatePassed],
  invalid_offer_rate: [OFFER_MESSAGES.invalidOfferRate],
  accept_offer_terms: [OFFER_MESSAGES.acceptOfferTerms],
  merchants_only: [OFFER_MESSAGES.merchantsOnly],
  not_activated: [OFFER_MESSAGES.notActivated],
  offer_not_found: [OFFER_MESSAGES.offerNotFound],
  not_your_offer: [OFFER_MESSAGES.notYourOffer],
  listed_offer_locked: [OFFER_MESSAGES.listedOfferLocked],
  offer_sent_again: [OFFER_MESSAGES.offerSentAgain],
  offer_saved: [OFFER_MESSAGES.offerSaved],
  unknown_category_id: [OFFER_MESSAGES.unknownCategoryId, IMPORT_MESSAGES.unknownCategory],
  unknown_bank_id: [OFFER_MESSAGES.unknownBankId, MY_CARD_MESSAGES.unknownBank],
  unknown_location: [OFFER_MESSAGES.unknownLocation],
  offer_sent_for_review: [OFFER_MESSAGES.offerSentForReview],
  location_saved: [OFFER_MESSAGES.locationSaved],
  merchants_only_documents: [A.merchantsOnlyDocuments],
  only_documents: [A.onlyDocuments],
  too_many_documents: [filled('At most {max} documents. Ask the team to remove one.')],
  document_not_found: [A.documentNotFound],

  // Cards and eligibility.
  listed_needs_cards: [ELIGIBILITY_MESSAGES.listedNeedsCards],
  time_needs_both: [ELIGIBILITY_MESSAGES.timeNeedsBoth],
  invalid_time: [ELIGIBILITY_MESSAGES.invalidTime],
  invalid_rupees: [ELIGIBILITY_MESSAGES.invalidRupees],
  invalid_convert_days: [ELIGIBILITY_MESSAGES.invalidConvertDays],
  not_http: [ELIGIBILITY_MESSAGES.websiteNotHttp, P.notHttp],
  card_not_issued: [ELIGIBILITY_MESSAGES.cardNotIssued, MY_CARD_MESSAGES.notIssued],
  duplicate_card: [ELIGIBILITY_MESSAGES.duplicateCard, MY_CARD_MESSAGES.duplicate],
  network_and_kind: [MY_CARD_MESSAGES.networkAndKind],

  // Alert me and its e-mails.
  alert_created: [ALERT_MESSAGES.created],
  alert_deleted: [ALERT_MESSAGES.deleted],
  too_many_alerts: [ALERT_MESSAGES.tooMany],
  duplicate_alert: [ALERT_MESSAGES.duplicate],
  no_such_alert: [ALERT_MESSAGES.noSuchAlert],
  email_needed: [ALERT_MESSAGES.emailNeeded],
  email_sent: [ALERT_MESSAGES.emailSent],
  email_already_verified: [ALERT_MESSAGES.emailAlreadyVerified],
  email_verified: [ALERT_MESSAGES.emailVerified],
  bad_link: [ALERT_MESSAGES.badLink],
  email_changed: [ALERT_MESSAGES.emailChanged],
  unsubscribed: [ALERT_MESSAGES.unsubscribed],
  expired_unsubscribe_link: [ALERT_MESSAGES.expiredUnsubscribeLink],
  label_required: [ALERT_MESSAGES.labelRequired],

  // 'Report a problem' on an offer.
  report_reason_required: [REPORT_MESSAGES.chooseReason],
  report_message_required: [REPORT_MESSAGES.tellUsWhatIsWrong],
  report_sent: [REPORT_MESSAGES.sent],

  // Reminders and calendars.
  bad_days: [REMINDER_MESSAGES.badDays],
  reminders_on: [
    filled('Reminders on: we text you {days} day before your favourites end.'),
    filled('Reminders on: we text you {days} days before your favourites end.'),
  ],
  reminders_off: [REMINDER_MESSAGES.turnedOff],
  offer_marked: [REMINDER_MESSAGES.offerMarked],
  bad_stop_link: [REMINDER_MESSAGES.badStopLink],
  expired_stop_link: [REMINDER_MESSAGES.expiredStopLink],
  links_revoked: [REMINDER_MESSAGES.linksRevoked],
  reminders_stopped: [REMINDER_MESSAGES.stopped],
  feed_created: [CALENDAR_MESSAGES.feedCreated],
  feed_removed: [CALENDAR_MESSAGES.feedRemoved],
  feed_not_found: [CALENDAR_MESSAGES.feedNotFound],
  offer_has_no_end: [CALENDAR_MESSAGES.offerHasNoEnd],

  // The team's importers.
  source_not_found: [IMPORT_MESSAGES.sourceNotFound],
  already_running: [IMPORT_MESSAGES.alreadyRunning],
  run_queued: [IMPORT_MESSAGES.runQueued],
  imports_off: [IMPORT_MESSAGES.importsOff],
  server_stopped: [IMPORT_MESSAGES.serverStopped],
  revision_not_found: [IMPORT_MESSAGES.revisionNotFound],
  revision_decided: [IMPORT_MESSAGES.revisionDecided],
  keyword_twice: [IMPORT_MESSAGES.keywordTwice],

  // The partner feed (reported in the team's import runs).
  expected_text: [P.expectedText],
  invalid_feed_date: [P.invalidDate],
  invalid_percent: [P.invalidPercent],
  invalid_discount_kind: [P.invalidDiscountKind],
  invalid_discount: [P.invalidDiscount],
  discount_needs_one: [P.discountNeedsOne],
  kind_needs_percent: [P.kindNeedsPercent],
  invalid_cards: [P.invalidCards],
  invalid_card: [P.invalidCard],
  invalid_network: [P.invalidNetwork],
  invalid_kind: [P.invalidKind],
  invalid_day: [P.invalidDay],
  invalid_channel: [P.invalidChannel],
  expected_list: [P.expectedList],
  wrong_format: [P.wrongFormat],
  wrong_version: [P.wrongVersion],
  not_offer: [P.notOffer],
  not_feed_object: [P.notFeedObject],
  offers_not_list: [P.offersNotList],
  too_many_offers: [P.tooManyOffers],
} as const satisfies Record<string, readonly [string | Template, ...(string | Template)[]]>;

export type ErrorCode = keyof typeof ERROR_CODE_TEXTS;
/** Values a text's `{name}` places hold: numbers as numbers. */
export type ErrorParams = Record<string, string | number>;

const textOf = (text: string | Template) => (typeof text === 'string' ? text : text.template);

/** Every code with its main English text (a template's `{name}` places left in): what a translation covers. */
export const ERROR_CODES = Object.fromEntries(
  Object.entries(ERROR_CODE_TEXTS).map(([code, texts]) => [code, textOf(texts[0])]),
) as Readonly<Record<ErrorCode, string>>;

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(ERROR_CODE_TEXTS, value);

const codeByText = new Map<string, ErrorCode>();
const templates: { code: ErrorCode; pattern: RegExp; names: string[] }[] = [];
for (const [code, texts] of Object.entries(ERROR_CODE_TEXTS) as [ErrorCode, readonly (string | Template)[]][]) {
  for (const text of texts) {
    if (typeof text === 'string') {
      codeByText.set(text, code);
      continue;
    }
    const parts = text.template.split(/\{(\w+)\}/);
    const names = parts.filter((_, i) => i % 2 === 1);
    const source = parts.map((part, i) => (i % 2 === 1 ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
    templates.push({ code, pattern: new RegExp(`^${source}$`, 's'), names });
  }
}

/** Whether `params` fill every `{name}` place of one of the code's English texts (a plain text has none). */
export const paramsFillCode = (code: ErrorCode, params: ErrorParams): boolean =>
  (ERROR_CODE_TEXTS[code] as readonly (string | Template)[]).some((text) => typeof text === 'string')
  || templates.some((template) => template.code === code && template.names.every((name) => params[name] !== undefined));

/**
 * The code of an English text, with the values its template holds; a text prefixed by a field
 * ('token: This link is not valid…') has the code of the rest. Undefined for a text without one.
 */
export function describeText(text: string): { code: ErrorCode; params?: ErrorParams } | undefined {
  const exact = codeByText.get(text);
  if (exact) return { code: exact };
  for (const { code, pattern, names } of templates) {
    const match = pattern.exec(text);
    if (match) return { code, params: Object.fromEntries(names.map((name, i) => [name, /^\d+$/.test(match[i + 1]!) ? Number(match[i + 1]) : match[i + 1]!])) };
  }
  const field = /^[\w.]+: (.+)$/s.exec(text);
  return field ? describeText(field[1]!) : undefined;
}

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request', 401: 'sign_in_required', 403: 'forbidden', 404: 'not_found', 409: 'conflict',
  413: 'payload_too_large', 415: 'unsupported_media_type', 429: 'rate_limited', 500: 'server_error', 503: 'unavailable',
};

/** The code of an error whose text has none: by its HTTP status. */
export const statusErrorCode = (status: number): ErrorCode => STATUS_CODES[status] ?? (status >= 500 ? 'server_error' : 'bad_request');
