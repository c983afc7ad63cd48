// The offer-creation wizard's form (spec §3 'Offer-creation form', §5): one schema that the
// console's 5-step wizard checks field by field and POST /api/create/new/offer checks again.
// Dates travel as the form shows them, DD/MM/YYYY; parseFormDate turns one into a UTC date.
// Imported from this file, not through index.ts: building its schemas is code every page that
// imports index.ts would otherwise run and carry.
import * as v from 'valibot';
import { Eligibility, NO_ELIGIBILITY } from './eligibility.ts';
import {
  error_accept_offer_terms,
  error_end_before_start,
  error_end_date_passed,
  error_invalid_form_date,
  error_invalid_instalment_months,
  error_invalid_offer_rate,
  error_offer_header_too_long,
  error_required,
  error_too_long,
  error_too_many_locations,
} from '../../messages/errors/en.json';
import { fillText } from './error-texts.ts';
import { NoNul } from './index.ts';
import {
  ID_MAX,
  INSTALMENT_MONTHS_MAX,
  LOCATION_NAME_MAX,
  OFFER_DATE_TYPES,
  OFFER_DESCRIPTION_MAX,
  OFFER_HEADER_MAX,
  OFFER_LOCATIONS_MAX,
  OFFER_RATE_TEXT_MAX,
  OFFER_TERMS_MAX,
  OFFER_TITLE_MAX,
  OFFER_TYPES,
  SRI_LANKA_UTC_OFFSET_MS,
  TRANSLATED_LOCALES,
  VALIDITY_TEXT_MAX,
} from './limits.ts';

/** Defaults of the form (spec §3): validity FromTo, type off. */
export const OFFER_FORM_DEFAULTS = { offerValidity: 'fromTo', offerType: 'off' } as const;

/**
 * The answers of the routes behind the merchant console and the profile's location picker. The
 * form's and the routes' refusals are their codes' texts (error-codes.ts: offer_header_too_long,
 * merchants_only, unknown_location, …).
 */
export const OFFER_MESSAGES = {
  offerSentAgain: 'Your offer was sent for review again.',
  offerSaved: 'The offer was saved.',
  offerSentForReview: 'Your offer was sent for review.',
  locationSaved: 'Your location was saved.',
} as const;

// Plain Date arithmetic rather than dayjs: the contract imports nothing but valibot, and this
// schema runs in the wizard's browser bundle as well as on the server.
const FORM_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** 'DD/MM/YYYY' as a UTC midnight date, or undefined for anything that is not a real calendar day. */
export function parseFormDate(text: string): Date | undefined {
  const match = FORM_DATE.exec(text.trim());
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? date
    : undefined;
}

/** Today's date in Sri Lanka, as a UTC midnight. */
const startOfTodayInSriLanka = () => {
  const there = new Date(Date.now() + SRI_LANKA_UTC_OFFSET_MS);
  return Date.UTC(there.getUTCFullYear(), there.getUTCMonth(), there.getUTCDate());
};

const tooLong = (max: number) => fillText(error_too_long, { max });
const text = (max: number) => v.pipe(v.string(error_required), v.trim(), v.maxLength(max, tooLong(max)), NoNul);
const required = (max: number, tooLongText = tooLong(max)) =>
  v.pipe(v.string(error_required), v.trim(), v.nonEmpty(error_required), v.maxLength(max, tooLongText), NoNul);
/** A choice from a list: a positive id, as a number or digits; empty means not chosen yet. */
const chosenId = v.pipe(
  v.union([v.number(), v.string()], error_required),
  v.transform((value) => (typeof value === 'string' && value.trim() === '' ? Number.NaN : Number(value))),
  v.check((n) => Number.isInteger(n) && n >= 1 && n <= ID_MAX, error_required),
);
const optionalDate = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.check((s) => s === '' || parseFormDate(s) !== undefined, error_invalid_form_date),
  ),
  '',
);

/** Which dates a validity type needs: fromTo both, until/till an end, on one day, other/customize a description. */
export const datesNeeded = (validity: (typeof OFFER_DATE_TYPES)[number]) => ({
  from: validity === 'fromTo' || validity === 'on',
  to: validity === 'fromTo' || validity === 'until' || validity === 'till',
  description: validity === 'other' || validity === 'customize',
});

/** A rate of 'off', 'upto' or 'discount': a percentage above 0 and at most 100, with up to two decimals. */
export const isPercentRateText = (rate: string) =>
  /^\d{1,3}(\.\d{1,2})?$/.test(rate) && Number(rate) > 0 && Number(rate) <= 100;
/** A rate fits its type: a percentage, a plan's interest (0 allowed: "0% for 12 months"), or customize's own words. */
export const isRateTextOf = (offerType: (typeof OFFER_TYPES)[number], rate: string) =>
  offerType === 'customize' || (offerType === 'instalment' && /^0+(\.0{1,2})?$/.test(rate)) || isPercentRateText(rate);
/** A plan's months: a whole number, 1 to INSTALMENT_MONTHS_MAX. */
export const InstalmentMonths = v.pipe(
  v.number(fillText(error_invalid_instalment_months, { max: INSTALMENT_MONTHS_MAX })),
  v.integer(fillText(error_invalid_instalment_months, { max: INSTALMENT_MONTHS_MAX })),
  v.minValue(1, fillText(error_invalid_instalment_months, { max: INSTALMENT_MONTHS_MAX })),
  v.maxValue(INSTALMENT_MONTHS_MAX, fillText(error_invalid_instalment_months, { max: INSTALMENT_MONTHS_MAX })),
);
/** An 'instalment' offer has its months; no other type has any. */
export const monthsFitType = (offerType: (typeof OFFER_TYPES)[number], months: number | null) =>
  (offerType === 'instalment') === (months !== null);

/** The texts an offer may also have in Sinhala and Tamil, by their form names; each optional, with the English field's limit. */
export const TRANSLATED_OFFER_FIELDS = ['offerTitle', 'offerHeader', 'offerDescription'] as const;
const OfferTextsRequest = v.object(
  {
    offerTitle: v.optional(text(OFFER_TITLE_MAX), ''),
    offerHeader: v.optional(text(OFFER_HEADER_MAX), ''),
    offerDescription: v.optional(text(OFFER_DESCRIPTION_MAX), ''),
  } satisfies Record<(typeof TRANSLATED_OFFER_FIELDS)[number], unknown>,
  error_required,
);

export const CreateOfferRequest = v.pipe(
  v.object(
    {
      offerCategory: chosenId,
      bankInfo: chosenId,
      offerTitle: required(OFFER_TITLE_MAX),
      offerHeader: required(OFFER_HEADER_MAX, error_offer_header_too_long),
      offerDescription: v.optional(text(OFFER_DESCRIPTION_MAX), ''),
      /** Added: the title, header and description in Sinhala and Tamil (docs/i18n.md), by language; empty or missing for none. */
      translations: v.optional(
        v.record(v.picklist(TRANSLATED_LOCALES, error_required), OfferTextsRequest, error_required),
        {},
      ),
      offerValidity: v.optional(v.picklist(OFFER_DATE_TYPES, error_required), OFFER_FORM_DEFAULTS.offerValidity),
      offerType: v.optional(v.picklist(OFFER_TYPES, error_required), OFFER_FORM_DEFAULTS.offerType),
      /** A percentage for off, upto and discount; the interest (0 or more) for instalment; free text for customize. */
      offerRate: required(OFFER_RATE_TEXT_MAX),
      /** Added (issue 47): an instalment plan's months; null or missing for every other type. */
      instalmentMonths: v.optional(v.nullable(InstalmentMonths), null),
      fromDate: optionalDate,
      toDate: optionalDate,
      validTimeDateDescription: v.optional(text(VALIDITY_TEXT_MAX), ''),
      promoCode: v.optional(text(40), ''),
      locations: v.optional(
        v.pipe(
          v.array(required(LOCATION_NAME_MAX)),
          v.maxLength(OFFER_LOCATIONS_MAX, fillText(error_too_many_locations, { max: OFFER_LOCATIONS_MAX })),
        ),
        [],
      ),
      /** Added: who can use it and when (contract/eligibility.ts); the server checks listed cards against the bank's. */
      eligibility: v.optional(Eligibility, NO_ELIGIBILITY),
      /** Added: the banner, a PNG or JPEG as base64 (a data: URL allowed), checked by its bytes as every upload; missing keeps the offer's banner. */
      bannerImage: v.optional(v.string(error_required)),
      /** Added: the merchant's own terms of this offer, free text, shown with the bank's and the general terms. */
      offerTerms: v.optional(text(OFFER_TERMS_MAX), ''),
      termsAccepted: v.literal(true, error_accept_offer_terms),
    },
    error_required,
  ), // the message of a missing field (the API can be sent a partial form)
  v.forward(
    v.partialCheck(
      [['offerType'], ['offerRate']],
      ({ offerType, offerRate }) => isRateTextOf(offerType, offerRate),
      error_invalid_offer_rate,
    ),
    ['offerRate'],
  ),
  v.forward(
    v.partialCheck(
      [['offerType'], ['instalmentMonths']],
      ({ offerType, instalmentMonths }) => monthsFitType(offerType, instalmentMonths),
      fillText(error_invalid_instalment_months, { max: INSTALMENT_MONTHS_MAX }),
    ),
    ['instalmentMonths'],
  ),
  v.forward(
    v.partialCheck(
      [['offerValidity'], ['fromDate']],
      ({ offerValidity, fromDate }) => !datesNeeded(offerValidity).from || fromDate !== '',
      error_required,
    ),
    ['fromDate'],
  ),
  v.forward(
    v.partialCheck(
      [['offerValidity'], ['toDate']],
      ({ offerValidity, toDate }) => !datesNeeded(offerValidity).to || toDate !== '',
      error_required,
    ),
    ['toDate'],
  ),
  v.forward(
    v.partialCheck(
      [['offerValidity'], ['validTimeDateDescription']],
      ({ offerValidity, validTimeDateDescription }) =>
        !datesNeeded(offerValidity).description || validTimeDateDescription !== '',
      error_required,
    ),
    ['validTimeDateDescription'],
  ),
  v.forward(
    v.partialCheck(
      [['fromDate'], ['toDate']],
      ({ fromDate, toDate }) => {
        const from = parseFormDate(fromDate);
        const to = parseFormDate(toDate);
        return !from || !to || to >= from;
      },
      error_end_before_start,
    ),
    ['toDate'],
  ),
  v.forward(
    v.partialCheck(
      [['toDate']],
      ({ toDate }) => {
        const to = parseFormDate(toDate);
        return !to || to.getTime() >= startOfTodayInSriLanka();
      },
      error_end_date_passed,
    ),
    ['toDate'],
  ),
);
export type CreateOfferData = v.InferOutput<typeof CreateOfferRequest>;

/** The profile's location picker: one name from GET location/all, or null to clear it. */
export const LocationUpdateRequest = v.object({ location: v.nullable(required(LOCATION_NAME_MAX)) }, error_required);
