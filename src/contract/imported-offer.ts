// An imported offer after normalising (src/server/importers): what every item of every source is
// checked against before it is stored. An item that fails is logged with the run, with the first
// issue as its reason, and never stored. Imported from here, not through index.ts.
import * as v from 'valibot';
import { Eligibility } from './eligibility.ts';
import {
  error_end_before_start,
  error_invalid_offer_rate,
  error_too_many_locations,
} from '../../messages/errors/en.json';
import { fillText } from './error-texts.ts';
import { NoNul } from './index.ts';
import {
  LOCATION_NAME_MAX,
  OFFER_DATE_TYPES,
  OFFER_HEADER_MAX,
  OFFER_LOCATIONS_MAX,
  OFFER_RATE_TEXT_MAX,
  OFFER_TITLE_MAX,
  OFFER_TYPES,
  URL_MAX,
  VALIDITY_TEXT_MAX,
} from './limits.ts';
import { datesNeeded, InstalmentMonths, isRateTextOf, monthsFitType } from './offer-form.ts';

/** A source's id for an item, or its URL. */
export const ITEM_KEY_MAX = 500;
export const MERCHANT_NAME_MAX = 120;
/** Banks' descriptions carry their terms: longer than a merchant's form allows. */
export const IMPORTED_DESCRIPTION_MAX = 20_000;
export const PROMO_CODE_MAX = 40;

const Text = (what: string, max: number) =>
  v.pipe(
    v.string(`The ${what} must be text.`),
    v.trim(),
    v.nonEmpty(`The ${what} is empty.`),
    v.maxLength(max, `The ${what} is longer than ${max} characters.`),
    NoNul,
  );
const HttpUrl = v.pipe(
  v.string(),
  v.maxLength(URL_MAX, `The URL is longer than ${URL_MAX} characters.`),
  v.regex(/^https?:\/\//i, 'The URL must be http(s).'),
  v.url('The URL is not valid.'),
);
const OptionalText = (what: string, max: number) => v.nullable(Text(what, max));

export const ImportedOffer = v.pipe(
  v.object({
    itemKey: Text('item key', ITEM_KEY_MAX),
    url: v.nullable(HttpUrl),
    bankName: v.nullable(v.string()),
    merchantName: Text('merchant name', MERCHANT_NAME_MAX),
    categoryText: v.string(),
    header: Text('title', OFFER_HEADER_MAX),
    label: Text('short title', OFFER_TITLE_MAX),
    description: v.pipe(
      v.string(),
      v.maxLength(IMPORTED_DESCRIPTION_MAX, `The description is longer than ${IMPORTED_DESCRIPTION_MAX} characters.`),
      NoNul,
    ),
    offerType: v.picklist(OFFER_TYPES, 'Unknown offer type.'),
    offerRate: Text('rate', OFFER_RATE_TEXT_MAX),
    /** An instalment plan's months (offerType 'instalment'); null for every other type. */
    instalmentMonths: v.nullable(InstalmentMonths),
    offerDateType: v.picklist(OFFER_DATE_TYPES, 'Unknown validity type.'),
    offerStart: v.nullable(v.date('The start is not a date.')),
    offerEnd: v.nullable(v.date('The end is not a date.')),
    validTimeDateDescription: OptionalText('validity text', VALIDITY_TEXT_MAX),
    promoCode: OptionalText('promo code', PROMO_CODE_MAX),
    imageUrl: v.nullable(HttpUrl),
    locations: v.pipe(
      v.array(Text('location', LOCATION_NAME_MAX)),
      v.maxLength(OFFER_LOCATIONS_MAX, fillText(error_too_many_locations, { max: OFFER_LOCATIONS_MAX })),
    ),
    eligibility: Eligibility,
  }),
  v.forward(
    v.check((offer) => isRateTextOf(offer.offerType, offer.offerRate), error_invalid_offer_rate),
    ['offerRate'],
  ),
  v.forward(
    v.check(
      (offer) => monthsFitType(offer.offerType, offer.instalmentMonths),
      'An instalment plan needs its months; no other offer type has any.',
    ),
    ['instalmentMonths'],
  ),
  v.forward(
    v.check(
      (offer) => !offer.offerStart || !offer.offerEnd || offer.offerEnd >= offer.offerStart,
      error_end_before_start,
    ),
    ['offerEnd'],
  ),
  v.forward(
    v.check((offer) => {
      const needed = datesNeeded(offer.offerDateType);
      return (!needed.to || offer.offerEnd !== null) && (!needed.from || offer.offerStart !== null);
    }, 'The validity type needs dates the item does not have.'),
    ['offerDateType'],
  ),
);
export type ImportedOfferData = v.InferOutput<typeof ImportedOffer>;
