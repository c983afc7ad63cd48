// The partner feed (docs/partner-feed.md): a file a bank, merchant or partner publishes so that we
// import its offers exactly as it states them. JSON and CSV carry the same fields; the importer
// (server/importers/adapters/partner-feed.ts) turns a CSV row into the JSON shape and checks each
// offer against PartnerFeedOffer, so one bad offer is reported and the others still import.
// Imported from this file, not through index.ts: only the importer and its docs need it.
import * as v from 'valibot';
import {
  CARD_KINDS,
  CARD_NETWORKS,
  CARD_TIER_NAME_MAX,
  CARDS_MAX,
  CHANNELS,
  RUPEES_MAX,
  WEEKDAYS,
} from './eligibility.ts';
import { englishText, ERROR_CODES, OTHER_WORDINGS } from './error-codes.ts';
import { NoNul } from './index.ts';
import {
  LOCATION_NAME_MAX,
  OFFER_DESCRIPTION_MAX,
  OFFER_HEADER_MAX,
  OFFER_LOCATIONS_MAX,
  OFFER_RATE_TEXT_MAX,
  URL_MAX,
} from './limits.ts';

export const PARTNER_FEED_FORMAT = 'offerlanka-partner-feed';
export const PARTNER_FEED_VERSION = 1;

/** The partner's own id for an offer. */
export const PARTNER_FEED_ID_MAX = 200;
/** The offer's headline: what we show as its header. */
export const PARTNER_FEED_TITLE_MAX = OFFER_HEADER_MAX;
/** Merchant, bank, publisher and category names. */
export const PARTNER_FEED_NAME_MAX = 120;
export const PARTNER_FEED_DESCRIPTION_MAX = OFFER_DESCRIPTION_MAX;
export const PARTNER_FEED_DISCOUNT_TEXT_MAX = OFFER_RATE_TEXT_MAX;
export const PARTNER_FEED_PROMO_CODE_MAX = 40;
export const PARTNER_FEED_URL_MAX = URL_MAX;
/** Offers in one feed. */
export const PARTNER_FEED_OFFERS_MAX = 50_000;

/** The CSV header, in order. id, title, merchant and bank are required; the others may be left out. */
export const PARTNER_FEED_CSV_COLUMNS = [
  'id',
  'title',
  'merchant',
  'bank',
  'url',
  'description',
  'discount_percent',
  'discount_kind',
  'discount_text',
  'valid_from',
  'valid_through',
  'cards',
  'days',
  'time_from',
  'time_to',
  'min_bill',
  'max_discount',
  'channel',
  'website',
  'category',
  'image',
  'promo_code',
  'locations',
] as const;
export type PartnerFeedCsvColumn = (typeof PARTNER_FEED_CSV_COLUMNS)[number];
export const PARTNER_FEED_CSV_REQUIRED_COLUMNS = [
  'id',
  'title',
  'merchant',
  'bank',
] as const satisfies readonly PartnerFeedCsvColumn[];
/** How a CSV cell lists several values: locations, days and cards. */
export const PARTNER_FEED_CSV_LIST_SEPARATOR = '|';
/** How a CSV card writes its parts: network:kind[:tier]. */
export const PARTNER_FEED_CSV_CARD_SEPARATOR = ':';

const E = ERROR_CODES;
const tooLong = (max: number) => englishText('too_long', { max });
/** 'Required.' for a missing field, 'Expected text.' for a number or a list. */
const textMessage = (issue: v.StringIssue) =>
  issue.received === 'undefined' || issue.received === 'null' ? OTHER_WORDINGS.feedRequired : E.expected_text;
/** An object's message for a missing required field, or else for a value that is not an object. */
const objectMessage = (notObject: string) => (issue: v.ObjectIssue) =>
  issue.expected === 'Object' ? notObject : OTHER_WORDINGS.feedRequired;
const text = (max: number) => v.pipe(v.string(E.expected_text), v.trim(), v.maxLength(max, tooLong(max)), NoNul);
const requiredText = (max: number) =>
  v.pipe(
    v.string(textMessage),
    v.trim(),
    v.nonEmpty(OTHER_WORDINGS.feedRequired),
    v.maxLength(max, tooLong(max)),
    NoNul,
  );
const HTTP_ADDRESS = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const WebAddress = v.pipe(text(PARTNER_FEED_URL_MAX), v.regex(HTTP_ADDRESS, OTHER_WORDINGS.feedNotHttp));

/** 'YYYY-MM-DD' that is a real calendar day. */
const isFeedDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Day 0 of the next month is the last day of this one.
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
};
const FeedDate = v.pipe(v.string(E.invalid_feed_date), v.trim(), v.check(isFeedDate, E.invalid_feed_date));
const TimeOfDay = v.pipe(v.string(E.invalid_time), v.trim(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, E.invalid_time));
const Rupees = v.pipe(
  v.number(E.invalid_rupees),
  v.integer(E.invalid_rupees),
  v.minValue(1, E.invalid_rupees),
  v.maxValue(RUPEES_MAX, E.invalid_rupees),
);

/** { percent, kind } for a percentage (kind 'off' unless given), or { text } for anything else. */
const Discount = v.pipe(
  v.object(
    {
      percent: v.nullish(
        v.pipe(v.number(E.invalid_percent), v.gtValue(0, E.invalid_percent), v.maxValue(100, E.invalid_percent)),
      ),
      kind: v.nullish(v.picklist(['off', 'upto'], E.invalid_discount_kind)),
      text: v.nullish(text(PARTNER_FEED_DISCOUNT_TEXT_MAX)),
    },
    objectMessage(E.invalid_discount),
  ),
  v.check((d) => (d.percent != null) !== (d.text != null && d.text !== ''), E.discount_needs_one),
  v.forward(
    v.check((d) => d.kind == null || d.percent != null, E.kind_needs_percent),
    ['kind'],
  ),
);

/** A card as the feed writes it: the tier may be left out, meaning any tier. */
const FeedCard = v.pipe(
  v.object(
    {
      network: v.picklist(CARD_NETWORKS, E.invalid_network),
      kind: v.picklist(CARD_KINDS, E.invalid_kind),
      tier: v.nullish(
        v.pipe(v.string(E.expected_text), v.trim(), v.maxLength(CARD_TIER_NAME_MAX, tooLong(CARD_TIER_NAME_MAX))),
      ),
    },
    objectMessage(E.invalid_card),
  ),
  v.transform((card) => ({ network: card.network, kind: card.kind, tier: card.tier ? card.tier : null })),
);
const sameCard = (a: v.InferOutput<typeof FeedCard>, b: v.InferOutput<typeof FeedCard>) =>
  a.network === b.network && a.kind === b.kind && (a.tier ?? '').toLowerCase() === (b.tier ?? '').toLowerCase();
const CardList = v.pipe(
  v.array(FeedCard, E.invalid_cards),
  v.minLength(1, E.invalid_cards),
  v.maxLength(CARDS_MAX, englishText('too_many_cards', { max: CARDS_MAX })),
  v.check(
    (cards) => cards.every((card, i) => cards.findIndex((other) => sameCard(card, other)) === i),
    E.duplicate_card,
  ),
);
// Chosen by the value rather than a union, so that a list's issues name the card at fault.
const CardScope = v.picklist(['all', 'credit'], E.invalid_cards);
const Cards = v.lazy((input) => (Array.isArray(input) ? CardList : CardScope));

/**
 * One offer. Optional fields may be missing or null; unknown fields are ignored, so that a feed
 * written for a later version still reads. Days come back unique and in week order.
 */
export const PartnerFeedOffer = v.pipe(
  v.object(
    {
      id: requiredText(PARTNER_FEED_ID_MAX),
      title: requiredText(PARTNER_FEED_TITLE_MAX),
      merchant: requiredText(PARTNER_FEED_NAME_MAX),
      bank: requiredText(PARTNER_FEED_NAME_MAX),
      url: v.nullish(WebAddress),
      description: v.nullish(text(PARTNER_FEED_DESCRIPTION_MAX)),
      discount: v.nullish(Discount),
      validFrom: v.nullish(FeedDate),
      validThrough: v.nullish(FeedDate),
      cards: v.nullish(Cards),
      days: v.nullish(
        v.pipe(
          v.array(v.picklist(WEEKDAYS, E.invalid_day), E.invalid_day),
          v.transform((days) => WEEKDAYS.filter((day) => days.includes(day))),
        ),
      ),
      timeFrom: v.nullish(TimeOfDay),
      timeTo: v.nullish(TimeOfDay),
      minBill: v.nullish(Rupees),
      maxDiscount: v.nullish(Rupees),
      channel: v.nullish(v.picklist(CHANNELS, E.invalid_channel)),
      website: v.nullish(WebAddress),
      category: v.nullish(text(PARTNER_FEED_NAME_MAX)),
      image: v.nullish(WebAddress),
      promoCode: v.nullish(text(PARTNER_FEED_PROMO_CODE_MAX)),
      locations: v.nullish(
        v.pipe(
          v.array(requiredText(LOCATION_NAME_MAX), E.expected_list),
          v.maxLength(OFFER_LOCATIONS_MAX, englishText('too_many_locations', { max: OFFER_LOCATIONS_MAX })),
        ),
      ),
    },
    objectMessage(E.not_offer),
  ),
  v.forward(
    v.partialCheck(
      [['validFrom'], ['validThrough']],
      ({ validFrom, validThrough }) =>
        // Compared only as real days: a bad date has its own issue.
        !validFrom || !validThrough || !isFeedDate(validFrom) || !isFeedDate(validThrough) || validThrough >= validFrom,
      OTHER_WORDINGS.feedEndBeforeStart,
    ),
    ['validThrough'],
  ),
  v.forward(
    v.partialCheck(
      [['timeFrom'], ['timeTo']],
      ({ timeFrom, timeTo }) => (timeFrom == null) === (timeTo == null),
      E.time_needs_both,
    ),
    ['timeTo'],
  ),
);
export type PartnerFeedOfferData = v.InferOutput<typeof PartnerFeedOffer>;

/** A missing format or version is most likely some other JSON: the message says what a feed is. */
const envelopeMessage = (issue: v.ObjectIssue) => {
  if (issue.expected === '"format"') return E.wrong_format;
  if (issue.expected === '"version"') return E.wrong_version;
  return objectMessage(E.not_feed_object)(issue);
};
const envelopeEntries = {
  format: v.literal(PARTNER_FEED_FORMAT, E.wrong_format),
  version: v.literal(PARTNER_FEED_VERSION, E.wrong_version),
  publisher: requiredText(PARTNER_FEED_NAME_MAX),
};

/**
 * The JSON feed's envelope, offers unchecked: what must hold for the feed to be read at all. The
 * importer then checks each offer on its own.
 */
export const PartnerFeedEnvelope = v.object(
  {
    ...envelopeEntries,
    offers: v.pipe(v.array(v.unknown(), E.offers_not_list), v.maxLength(PARTNER_FEED_OFFERS_MAX, E.too_many_offers)),
  },
  envelopeMessage,
);

/** A whole JSON feed with every offer valid: for a partner checking its own file. */
export const PartnerFeed = v.object(
  {
    ...envelopeEntries,
    offers: v.pipe(
      v.array(PartnerFeedOffer, E.offers_not_list),
      v.maxLength(PARTNER_FEED_OFFERS_MAX, E.too_many_offers),
    ),
  },
  envelopeMessage,
);
