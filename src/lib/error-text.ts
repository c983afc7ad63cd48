// An API error or form message in the page's language (docs/api.md §1.4 "Error codes"): by the
// answer's `code` and `params`, or by the English text itself for a form's own check. It holds
// every error message and the contract's English texts, so callers import() it when an error is to
// be shown, and never on an English page (the English text is already the one to show).
import {
  describeText,
  isErrorCode,
  paramsFillCode,
  type ErrorCode,
  type ErrorParams,
} from '../contract/error-codes.ts';
import { m } from '../paraglide/messages.js';
import { baseLocale, getLocale, type Locale } from '../paraglide/runtime.js';

type ErrorMessage = (inputs: ErrorParams, options?: { locale?: Locale }) => string;

/** sign_in_wait names seconds, or minutes for a long wait (API_MESSAGES.signInWait): a message for each. */
const signInWait: ErrorMessage = (inputs, options) =>
  inputs.minutes === undefined
    ? m.error_sign_in_wait(inputs as { seconds: number }, options)
    : m.account_sign_in_wait_minutes(inputs as { minutes: number }, options);

// Each code's message, named one by one so that a bundle holds the error messages and no others.
const MESSAGES = {
  bad_request: m.error_bad_request,
  invalid: m.error_invalid,
  sign_in_required: m.error_sign_in_required,
  forbidden: m.error_forbidden,
  not_found: m.error_not_found,
  conflict: m.error_conflict,
  payload_too_large: m.error_payload_too_large,
  unsupported_media_type: m.error_unsupported_media_type,
  rate_limited: m.error_rate_limited,
  server_error: m.error_server_error,
  unavailable: m.error_unavailable,
  no_such_route: m.error_no_such_route,
  not_json: m.error_not_json,
  not_json_object: m.error_not_json_object,
  busy: m.error_busy,
  email_off: m.error_email_off,
  required: m.error_required,
  too_long: m.error_too_long,
  too_many_locations: m.error_too_many_locations,
  too_many_cards: m.error_too_many_cards,
  session_expired: m.error_session_expired,
  not_own_account: m.error_not_own_account,
  team_only: m.error_team_only,
  invalid_mobile_no: m.error_invalid_mobile_no,
  invalid_first_name: m.error_invalid_first_name,
  password_rules: m.error_password_rules,
  password_too_weak: m.error_password_too_weak,
  password_not_match: m.error_password_not_match,
  invalid_code: m.error_invalid_code,
  invalid_login: m.error_invalid_login,
  account_blocked: m.error_account_blocked,
  wrong_code: m.error_wrong_code,
  already_registered: m.error_already_registered,
  merchant_sign_up_closed: m.error_merchant_sign_up_closed,
  invalid_mobile_title: m.error_invalid_mobile_title,
  enter_valid_mobile: m.error_enter_valid_mobile,
  mobile_not_registered: m.error_mobile_not_registered,
  no_account: m.error_no_account,
  mobile_not_verified: m.error_mobile_not_verified,
  verification_expired: m.error_verification_expired,
  same_mobile_no: m.error_same_mobile_no,
  mobile_in_use: m.error_mobile_in_use,
  sign_in_wait: signInWait,
  code_sending_blocked: m.error_code_sending_blocked,
  code_not_sent: m.error_code_not_sent,
  code_expired: m.error_code_expired,
  code_used: m.error_code_used,
  too_many_wrong_codes: m.error_too_many_wrong_codes,
  invalid_email: m.error_invalid_email,
  enter_email: m.error_enter_email,
  already_subscribed: m.error_already_subscribed,
  subscribed: m.error_subscribed,
  favorite_added: m.error_favorite_added,
  favorite_removed: m.error_favorite_removed,
  not_signed_in_title: m.error_not_signed_in_title,
  not_signed_in_text: m.error_not_signed_in_text,
  not_in_favorites: m.error_not_in_favorites,
  bank_not_found: m.error_bank_not_found,
  image_not_found: m.error_image_not_found,
  unknown_insight: m.error_unknown_insight,
  unknown_impression: m.error_unknown_impression,
  only_images: m.error_only_images,
  upload_not_base64: m.error_upload_not_base64,
  upload_empty: m.error_upload_empty,
  upload_too_large: m.error_upload_too_large,
  offer_header_too_long: m.error_offer_header_too_long,
  invalid_form_date: m.error_invalid_form_date,
  end_before_start: m.error_end_before_start,
  end_date_passed: m.error_end_date_passed,
  invalid_offer_rate: m.error_invalid_offer_rate,
  accept_offer_terms: m.error_accept_offer_terms,
  merchants_only: m.error_merchants_only,
  not_activated: m.error_not_activated,
  offer_not_found: m.error_offer_not_found,
  not_your_offer: m.error_not_your_offer,
  listed_offer_locked: m.error_listed_offer_locked,
  offer_sent_again: m.error_offer_sent_again,
  offer_saved: m.error_offer_saved,
  unknown_category_id: m.error_unknown_category_id,
  unknown_bank_id: m.error_unknown_bank_id,
  unknown_location: m.error_unknown_location,
  offer_sent_for_review: m.error_offer_sent_for_review,
  location_saved: m.error_location_saved,
  merchants_only_documents: m.error_merchants_only_documents,
  only_documents: m.error_only_documents,
  too_many_documents: m.error_too_many_documents,
  document_not_found: m.error_document_not_found,
  listed_needs_cards: m.error_listed_needs_cards,
  time_needs_both: m.error_time_needs_both,
  invalid_time: m.error_invalid_time,
  invalid_rupees: m.error_invalid_rupees,
  invalid_convert_days: m.error_invalid_convert_days,
  not_http: m.error_not_http,
  card_not_issued: m.error_card_not_issued,
  duplicate_card: m.error_duplicate_card,
  network_and_kind: m.error_network_and_kind,
  alert_created: m.error_alert_created,
  alert_deleted: m.error_alert_deleted,
  too_many_alerts: m.error_too_many_alerts,
  duplicate_alert: m.error_duplicate_alert,
  no_such_alert: m.error_no_such_alert,
  email_needed: m.error_email_needed,
  email_sent: m.error_email_sent,
  email_already_verified: m.error_email_already_verified,
  email_verified: m.error_email_verified,
  bad_link: m.error_bad_link,
  email_changed: m.error_email_changed,
  unsubscribed: m.error_unsubscribed,
  expired_unsubscribe_link: m.error_expired_unsubscribe_link,
  label_required: m.error_label_required,
  bad_days: m.error_bad_days,
  reminders_on: m.error_reminders_on,
  reminders_off: m.error_reminders_off,
  offer_marked: m.error_offer_marked,
  bad_stop_link: m.error_bad_stop_link,
  expired_stop_link: m.error_expired_stop_link,
  links_revoked: m.error_links_revoked,
  reminders_stopped: m.error_reminders_stopped,
  feed_created: m.error_feed_created,
  feed_removed: m.error_feed_removed,
  feed_not_found: m.error_feed_not_found,
  offer_has_no_end: m.error_offer_has_no_end,
  source_not_found: m.error_source_not_found,
  already_running: m.error_already_running,
  run_queued: m.error_run_queued,
  imports_off: m.error_imports_off,
  server_stopped: m.error_server_stopped,
  revision_not_found: m.error_revision_not_found,
  revision_decided: m.error_revision_decided,
  keyword_twice: m.error_keyword_twice,
  expected_text: m.error_expected_text,
  invalid_feed_date: m.error_invalid_feed_date,
  invalid_percent: m.error_invalid_percent,
  invalid_discount_kind: m.error_invalid_discount_kind,
  invalid_discount: m.error_invalid_discount,
  discount_needs_one: m.error_discount_needs_one,
  kind_needs_percent: m.error_kind_needs_percent,
  invalid_cards: m.error_invalid_cards,
  invalid_card: m.error_invalid_card,
  invalid_network: m.error_invalid_network,
  invalid_kind: m.error_invalid_kind,
  invalid_day: m.error_invalid_day,
  invalid_channel: m.error_invalid_channel,
  expected_list: m.error_expected_list,
  wrong_format: m.error_wrong_format,
  wrong_version: m.error_wrong_version,
  not_offer: m.error_not_offer,
  not_feed_object: m.error_not_feed_object,
  offers_not_list: m.error_offers_not_list,
  too_many_offers: m.error_too_many_offers,
  report_reason_required: m.error_report_reason_required,
  report_message_required: m.error_report_message_required,
  report_sent: m.error_report_sent,
} satisfies Record<ErrorCode, unknown> as unknown as Record<ErrorCode, ErrorMessage>;

/**
 * A code's text in the page's language (or `locale`), with its values. Undefined when `params` fill
 * none of the code's English texts.
 */
export function codeText(code: ErrorCode, params: ErrorParams = {}, locale?: Locale): string | undefined {
  if (!paramsFillCode(code, params)) return undefined;
  return MESSAGES[code](params, locale && { locale });
}

/**
 * An error's English `text` in the page's language (or `locale`): by its `code` and `params` when
 * the answer gave them, else by the code of the text. The text itself when neither has a message.
 */
export function errorText(text: string, code?: string, params?: ErrorParams, locale: Locale = getLocale()): string {
  if (locale === baseLocale) return text;
  const found = isErrorCode(code) ? { code, params } : describeText(text);
  return (found && codeText(found.code, found.params, locale)) ?? text;
}
