// The error codes (src/contract/error-codes.ts): every text of every message object has exactly one
// code, codes are snake_case and stay once shipped, and a code with several texts says one thing.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALERT_MESSAGES, ALERT_LABEL_MAX, ALERTS_PER_USER_MAX } from '../../src/contract/alerts.ts';
import { API_MESSAGES, FALLBACK_MESSAGES } from '../../src/contract/api-messages.ts';
import { CALENDAR_MESSAGES } from '../../src/contract/calendar.ts';
import { groupedDigits } from '../../src/contract/digits.ts';
import {
  CARD_KINDS,
  CARD_NETWORKS,
  CHANNELS,
  CONVERT_WITHIN_DAYS_MAX,
  RUPEES_MAX,
  WEEKDAYS,
} from '../../src/contract/eligibility.ts';
import {
  describeText,
  englishText,
  ERROR_CODE_TEXTS,
  ERROR_CODES,
  isErrorCode,
  OTHER_WORDINGS,
  REQUEST_ISSUES,
  statusErrorCode,
} from '../../src/contract/error-codes.ts';
import { CODE_DIGITS, MESSAGES, OFFER_HEADER_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../../src/contract/limits.ts';
import { OFFER_MESSAGES } from '../../src/contract/offer-form.ts';
import { PARTNER_FEED_FORMAT, PARTNER_FEED_OFFERS_MAX, PARTNER_FEED_VERSION } from '../../src/contract/partner-feed.ts';
import { REMINDER_DAY_CHOICES, REMINDER_MESSAGES } from '../../src/contract/reminders.ts';
import { REPORT_MESSAGES } from '../../src/contract/reports.ts';
import { IMPORT_MESSAGES } from '../../src/contract/team-importers.ts';
import { USE_PLAN_MESSAGES } from '../../src/contract/use-plans.ts';
import { errorBody } from '../../src/server/errors.ts';

const OBJECTS: Record<string, Record<string, unknown>> = {
  MESSAGES,
  ALERT_MESSAGES,
  API_MESSAGES,
  FALLBACK_MESSAGES,
  CALENDAR_MESSAGES,
  OFFER_MESSAGES,
  REMINDER_MESSAGES,
  REPORT_MESSAGES,
  IMPORT_MESSAGES,
  USE_PLAN_MESSAGES,
};

/** Arguments for the texts made by a function, each giving one text. */
const SAMPLES: Record<string, unknown[][]> = {
  'REMINDER_MESSAGES.turnedOn': [[1], [2]],
  'API_MESSAGES.rateLimited': [[15], [60]],
  'API_MESSAGES.signInWait': [[1], [8], [600]],
  'API_MESSAGES.uploadNotBase64': [['image'], ['document']],
  'API_MESSAGES.uploadEmpty': [['image'], ['document']],
  'API_MESSAGES.uploadTooLarge': [['image'], ['document']],
  'API_MESSAGES.tooManyDocuments': [[5]],
};

/** The texts error-codes.ts holds beside the catalogue: other words for a code's meaning. */
const WORDINGS: Record<string, Record<string, unknown>> = { REQUEST_ISSUES, OTHER_WORDINGS };

/** Every text of every message object and of WORDINGS, named 'OBJECT.key'. */
function allTexts(): [string, string][] {
  return Object.entries({ ...OBJECTS, ...WORDINGS }).flatMap(([objectName, object]) =>
    Object.entries(object).flatMap(([key, value]): [string, string][] => {
      const name = `${objectName}.${key}`;
      if (typeof value === 'string') return [[name, value]];
      if (typeof value !== 'function') throw new Error(`${name} is neither a text nor a function`);
      if (!SAMPLES[name]) throw new Error(`${name} makes its text: give it sample arguments in SAMPLES`);
      return SAMPLES[name].map((args) => [name, (value as (...a: unknown[]) => string)(...args)]);
    }),
  );
}

/** The codes whose texts (or templates) say this text exactly. */
function codesSaying(text: string): string[] {
  return Object.entries(ERROR_CODE_TEXTS)
    .filter(([, texts]) =>
      texts.some((entry) => {
        if (typeof entry === 'string') return entry === text;
        const pattern = entry.template
          .split(/\{\w+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.+?');
        return new RegExp(`^${pattern}$`, 's').test(text);
      }),
    )
    .map(([code]) => code);
}

describe('the error codes', () => {
  it('cover every message object of the contract (a new one is added to OBJECTS here)', () => {
    const declared = readdirSync('src/contract')
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) =>
        [...readFileSync(`src/contract/${file}`, 'utf8').matchAll(/export const ((?:[A-Z]+_)*MESSAGES) = \{/g)].map(
          (match) => match[1]!,
        ),
      );
    expect(declared.sort()).toEqual(Object.keys(OBJECTS).sort());
    // src/lib/constants.ts holds the browser's own texts (CLIENT_ERROR_TEXTS), which no answer carries.
    expect(readFileSync('src/lib/constants.ts', 'utf8')).not.toMatch(/MESSAGES = \{/);
  });

  it('give every text of every message object exactly one code', () => {
    for (const [name, text] of allTexts()) {
      expect(codesSaying(text), `${name}: ${JSON.stringify(text)}`).toHaveLength(1);
      expect(describeText(text)?.code, name).toBe(codesSaying(text)[0]);
    }
  });

  it('are unique lower snake_case identifiers, each with an English text', () => {
    const codes = Object.keys(ERROR_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
      expect(isErrorCode(code)).toBe(true);
      expect(ERROR_CODES[code as keyof typeof ERROR_CODES].length).toBeGreaterThan(0);
    }
    expect(isErrorCode('toString')).toBe(false);
  });

  it("list beside a code's catalogue text only texts of the message objects and WORDINGS (or templates of their functions)", () => {
    const texts = new Set(allTexts().map(([, text]) => text));
    for (const [code, [, ...others]] of Object.entries(ERROR_CODE_TEXTS)) {
      for (const entry of others) {
        if (typeof entry === 'string') expect(texts.has(entry), `${code}: ${entry}`).toBe(true);
      }
    }
  });

  it('share a code between texts only where they say the same thing', () => {
    // Each code here has several texts that mean one thing, in different words or places:
    const sameMeaning = {
      not_json: 'the answer and its issue: the body is not JSON',
      not_json_object: 'the answer and its issue: the body is not a JSON object',
      required: "the site's 'Field is required. ' and the partner feed's 'Required.'",
      sign_in_wait: 'the wait in seconds or in minutes',
      invalid_email: "the newsletter's 'Invalid Email' and Alert me's 'Enter a valid e-mail address.'",
      end_before_start: "the offer form's dates and the partner feed's validFrom/validThrough",
      unknown_bank_id: "the offer form's 'Unknown bank id.' and My Cards' 'There is no such bank.'",
      not_http: "the offer's website and the partner feed's addresses: not an http(s) address",
      duplicate_card: "the offer's card list and My Cards: a card listed twice",
      reminders_on: 'one day or several',
    };
    const several = Object.entries(ERROR_CODE_TEXTS)
      .filter(([, texts]) => texts.length > 1)
      .map(([code]) => code);
    expect(several.sort()).toEqual(Object.keys(sameMeaning).sort());
  });

  it('name in their catalogue texts the limits and choices the contract holds', () => {
    // These texts are written out in the catalogue (and translated): a changed limit changes them too.
    const oneOf = (choices: readonly string[]) =>
      `${choices
        .slice(0, -1)
        .map((choice) => `'${choice}'`)
        .join(', ')} or '${choices.at(-1)}'`;
    expect(ERROR_CODES.password_rules).toContain(`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
    expect(ERROR_CODES.invalid_code).toBe(`Enter the ${CODE_DIGITS}-digit code.`);
    expect(ERROR_CODES.too_many_alerts).toContain(`You have ${ALERTS_PER_USER_MAX} alerts`);
    expect(englishText('too_long', { max: ALERT_LABEL_MAX })).toBe(`At most ${ALERT_LABEL_MAX} characters.`);
    expect(ERROR_CODES.offer_header_too_long).toBe(`Offer header must be at most ${OFFER_HEADER_MAX} characters.`);
    expect(ERROR_CODES.invalid_rupees).toContain(`from 1 to ${groupedDigits(RUPEES_MAX)}.`);
    expect(ERROR_CODES.invalid_convert_days).toContain(`from 1 to ${CONVERT_WITHIN_DAYS_MAX}.`);
    expect(ERROR_CODES.bad_days).toContain(`Choose ${REMINDER_DAY_CHOICES.join(', ')} days before`);
    expect(ERROR_CODES.invalid_network).toBe(`Expected the card network as ${oneOf(CARD_NETWORKS)}.`);
    expect(ERROR_CODES.invalid_kind).toBe(`Expected the card kind as ${oneOf(CARD_KINDS)}.`);
    expect(ERROR_CODES.invalid_day).toBe(`Expected days as ${oneOf(WEEKDAYS)}.`);
    expect(ERROR_CODES.invalid_channel).toBe(`Expected ${oneOf(CHANNELS)}.`);
    expect(ERROR_CODES.wrong_format).toContain(`"format" must be "${PARTNER_FEED_FORMAT}".`);
    expect(ERROR_CODES.not_feed_object).toContain(`"format": "${PARTNER_FEED_FORMAT}"`);
    expect(ERROR_CODES.wrong_version).toContain(`it must be ${PARTNER_FEED_VERSION}.`);
    expect(ERROR_CODES.too_many_offers).toBe(`A feed holds at most ${groupedDigits(PARTNER_FEED_OFFERS_MAX)} offers.`);
  });

  it('never change once shipped: every code shipped is still there', () => {
    const shipped = `
      bad_request invalid sign_in_required forbidden not_found conflict payload_too_large unsupported_media_type rate_limited server_error unavailable
      no_such_route not_json not_json_object busy email_off required too_long too_many_locations too_many_cards
      session_expired not_own_account team_only invalid_mobile_no invalid_first_name password_rules password_too_weak password_not_match
      invalid_code invalid_login account_blocked wrong_code already_registered merchant_sign_up_closed invalid_mobile_title enter_valid_mobile
      mobile_not_registered no_account mobile_not_verified verification_expired same_mobile_no mobile_in_use sign_in_wait code_sending_blocked code_not_sent
      code_expired code_used too_many_wrong_codes
      invalid_email enter_email already_subscribed subscribed favorite_added favorite_removed not_signed_in_title not_signed_in_text
      not_in_favorites bank_not_found image_not_found unknown_insight unknown_impression only_images upload_not_base64 upload_empty upload_too_large
      offer_header_too_long invalid_form_date end_before_start end_date_passed invalid_offer_rate accept_offer_terms merchants_only not_activated
      offer_not_found not_your_offer listed_offer_locked offer_sent_again offer_saved unknown_category_id unknown_bank_id unknown_location
      offer_sent_for_review location_saved merchants_only_documents only_documents too_many_documents document_not_found
      listed_needs_cards time_needs_both invalid_time invalid_rupees not_http card_not_issued duplicate_card network_and_kind
      alert_created alert_deleted too_many_alerts duplicate_alert no_such_alert email_needed email_sent email_already_verified email_verified
      bad_link email_changed unsubscribed label_required
      bad_days reminders_on reminders_off offer_marked bad_stop_link reminders_stopped feed_created feed_removed feed_not_found offer_has_no_end
      source_not_found already_running run_queued imports_off revision_not_found revision_decided keyword_twice
      expected_text invalid_feed_date invalid_percent invalid_discount_kind invalid_discount discount_needs_one kind_needs_percent invalid_cards
      invalid_card invalid_network invalid_kind invalid_day invalid_channel expected_list wrong_format wrong_version not_offer not_feed_object
      offers_not_list too_many_offers
      report_reason_required report_message_required report_sent
      expired_unsubscribe_link expired_stop_link links_revoked server_stopped
      invalid_convert_days
      unknown_category_ids unknown_locations cards_not_issued team_account_not_merchant merchant_not_found offer_not_pending
      flyer_draft_not_completed offer_not_listed account_keeps_password name_needs_letter unknown_tier
      bank_name_taken bank_name_taken_by category_name_taken category_name_taken_by location_name_taken location_name_taken_by
      tier_name_taken tier_name_taken_by category_not_found location_not_found tier_not_found
      report_not_found report_closed message_not_found message_handled subscriber_not_found account_not_found
      cannot_block_self already_blocked not_blocked codes_not_blocked cannot_change_own_type invalid_user_type same_user_type
      invalid_savings_channel invalid_savings_cards
      no_offer_steps bad_use_day bad_use_channel use_plan_email_needed no_such_use_plan use_plan_saved use_plan_cancelled
      offer_not_on_weekday invalid_instalment_months
    `
      .trim()
      .split(/\s+/);
    expect(Object.keys(ERROR_CODES)).toEqual(expect.arrayContaining(shipped));
    // A code added since: add it to the list above, then it stays.
    expect(Object.keys(ERROR_CODES).filter((code) => !shipped.includes(code))).toEqual([]);
  });
});

describe('describeText', () => {
  it('finds a text, a text behind its field, and the values of a template', () => {
    expect(describeText(ERROR_CODES.invalid_mobile_no)).toEqual({ code: 'invalid_mobile_no' });
    expect(describeText(`token: ${ERROR_CODES.bad_stop_link}`)).toEqual({ code: 'bad_stop_link' });
    expect(describeText(`cards.0.network: ${ERROR_CODES.card_not_issued}`)).toEqual({ code: 'card_not_issued' });
    expect(describeText('At most 40 characters.')).toEqual({ code: 'too_long', params: { max: 40 } });
    expect(describeText('title: At most 90 characters.')).toEqual({ code: 'too_long', params: { max: 90 } });
    expect(describeText(API_MESSAGES.signInWait(600))).toEqual({ code: 'sign_in_wait', params: { minutes: 10 } });
    expect(describeText(API_MESSAGES.uploadEmpty('document'))).toEqual({
      code: 'upload_empty',
      params: { what: 'document' },
    });
    expect(describeText('A bank with this name already exists: Ceylon Trust Bank.')).toEqual({
      code: 'bank_name_taken_by',
      params: { name: 'Ceylon Trust Bank' },
    });
  });

  it('finds nothing for a text without a code', () => {
    expect(describeText('Invalid type: Expected string but received 5')).toBeUndefined();
    expect(describeText('')).toBeUndefined();
  });

  it('falls back by HTTP status', () => {
    expect([400, 401, 403, 404, 409, 413, 415, 429, 500, 503].map(statusErrorCode)).toEqual([
      'bad_request',
      'sign_in_required',
      'forbidden',
      'not_found',
      'conflict',
      'payload_too_large',
      'unsupported_media_type',
      'rate_limited',
      'server_error',
      'unavailable',
    ]);
    expect(statusErrorCode(418)).toBe('bad_request');
    expect(statusErrorCode(502)).toBe('server_error');
  });
});

describe("the server's error body (errorBody)", () => {
  it("takes the code given, else the text's with its values, else the status's", () => {
    expect(errorBody(400, 'Unknown locations: Atlantis', 'unknown_locations', {}, { names: 'Atlantis' })).toEqual({
      status: false,
      message: 'Unknown locations: Atlantis',
      code: 'unknown_locations',
      params: { names: 'Atlantis' },
    });
    expect(errorBody(429, API_MESSAGES.rateLimited(60), undefined, { retryAfterSeconds: 3600 })).toEqual({
      status: false,
      message: API_MESSAGES.rateLimited(60),
      code: 'rate_limited',
      params: { minutes: 60 },
      retryAfterSeconds: 3600,
    });
    expect(errorBody(404, 'No such thing here.')).toEqual({
      status: false,
      message: 'No such thing here.',
      code: 'not_found',
    });
    expect(errorBody(409, 'This account is already blocked.').code).toBe('already_blocked');
    expect(errorBody(503, ERROR_CODES.imports_off).code).toBe('imports_off');
  });

  it("codes each issue by its text, else as the answer; an issue's own code stays", () => {
    const body = errorBody(409, 'Something else is in the way.', undefined, {
      issues: [
        { path: 'bankName', message: 'Something else is in the way.' },
        { path: 'logo', message: API_MESSAGES.onlyImages },
        { path: 'x', message: 'whatever', code: 'invalid' },
      ],
    });
    expect(body.code).toBe('conflict');
    expect(body.issues).toEqual([
      { path: 'bankName', message: 'Something else is in the way.', code: 'conflict' },
      { path: 'logo', message: API_MESSAGES.onlyImages, code: 'only_images' },
      { path: 'x', message: 'whatever', code: 'invalid' },
    ]);
  });
});
