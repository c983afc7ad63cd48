// The team console's catalogue ({API}/team/banks, /team/categories, /team/locations): what the team
// sends to add or change a bank, a category or a location, and what it gets back. Imported from
// here, not through the contract's index, so that no guest page carries it. The lists themselves
// are the public ones (GET /get/all/banks, /get/all/categories, /location/all).
import * as v from 'valibot';
import { CARD_TIER_NAME_MAX, CardList } from './eligibility.ts';
import { error_too_long } from '../../messages/errors/en.json';
import { fillText } from './error-texts.ts';
import { Base64Image } from './index.ts';
import { LOCATION_NAME_MAX, TRANSLATED_LOCALES } from './limits.ts';
import { Bank, Category, Location } from './responses.ts';

/** Bank and category names: they are headings, and (as slugs) part of every page URL of the bank. */
export const CATALOGUE_NAME_MAX = 80;

/**
 * The icons a category may have. Each has an image, {API}/images/icon-{name}.svg, drawn by
 * src/server/images/svg.ts (which must draw every one of them: it is typed against this list), and
 * shown as its PNG, {API}/images/icon-{name}.png.
 */
export const CATEGORY_ICONS = [
  'dining',
  'shopping',
  'travel',
  'hotels',
  'fuel',
  'supermarkets',
  'health',
  'education',
  'electronics',
  'fashion',
  'jewellery',
  'entertainment',
  'online',
  'automobile',
] as const;
export type CategoryIcon = (typeof CATEGORY_ICONS)[number];

// Names are one line of text: no line breaks, tabs or other control characters (NUL included,
// which PostgreSQL text cannot hold).
const oneLine = v.check(
  (text: string) => !/[\u0000-\u001f\u007f]/.test(text),
  'Use one line of text, without control characters.',
);
const Name = (what: string, max: number) =>
  v.pipe(
    v.string(`Give the ${what}.`),
    v.trim(),
    v.nonEmpty(`Give the ${what}.`),
    v.maxLength(max, fillText(error_too_long, { max })),
    oneLine,
  );

/** The cards a bank issues, in the team's order; each tier one of the tier list's. */
const IssuedCards = v.pipe(CardList, v.minLength(1, 'Give at least one card the bank issues.'));
const Color = v.pipe(
  v.string('Give the colour as #rrggbb.'),
  v.trim(),
  v.regex(/^#[0-9a-f]{6}$/i, 'Give the colour as #rrggbb, e.g. #0057a8.'),
  v.toLowerCase(),
);

// ---------- requests ----------

/**
 * POST /team/banks and PUT /team/banks/{bankId}: the whole bank. `logo` is a PNG or JPEG in base64
 * (told by its bytes, at most 5 MB); without one a new bank gets a monogram in its colour, and a
 * changed bank keeps its logo.
 */
export const BankRequest = v.object({
  bankName: Name('bank name', CATALOGUE_NAME_MAX),
  /** The §7 cardTypes are written from these ('Visa Platinum', 'Mastercard debit'). */
  issuedCards: IssuedCards,
  color: Color,
  logo: v.nullish(Base64Image),
});
export type BankInput = v.InferOutput<typeof BankRequest>;

/** A name in another language: optional, one line; empty for none. */
const OptionalName = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(CATALOGUE_NAME_MAX, fillText(error_too_long, { max: CATALOGUE_NAME_MAX })),
    oneLine,
  ),
  '',
);

/**
 * POST /team/categories and PUT /team/categories/{categoryId}. `translations` names it in Sinhala
 * and Tamil (docs/i18n.md); left out of a PUT, the names it has stay.
 */
export const CategoryRequest = v.object({
  categoryName: Name('category name', CATALOGUE_NAME_MAX),
  iconName: v.picklist(CATEGORY_ICONS, `iconName must be one of: ${CATEGORY_ICONS.join(', ')}.`),
  translations: v.optional(v.record(v.picklist(TRANSLATED_LOCALES), v.object({ categoryName: OptionalName }))),
});
export type CategoryInput = v.InferOutput<typeof CategoryRequest>;

/** POST /team/locations and PUT /team/locations/{locationId}. */
export const LocationRequest = v.object({ locationName: Name('location name', LOCATION_NAME_MAX) });
export type LocationInput = v.InferOutput<typeof LocationRequest>;

/** POST /team/card-tiers and PUT /team/card-tiers/{tierId}: a renamed tier is renamed in the banks' cards and the offers' listed cards. */
export const CardTierRequest = v.object({ tierName: Name('tier name', CARD_TIER_NAME_MAX) });
export type CardTierInput = v.InferOutput<typeof CardTierRequest>;

// ---------- answers ----------

export const CardTier = v.object({ tierId: v.number(), tierName: v.string() });
export type CardTierData = v.InferOutput<typeof CardTier>;
/** GET /team/card-tiers: the list, in the team's order. */
export const CardTiersResponse = v.object({ status: v.literal(true), data: v.array(CardTier) });
export const TeamCardTierResponse = v.object({ status: v.literal(true), data: CardTier });

/** The bank as every public list shows it. */
export const TeamBankResponse = v.object({ status: v.literal(true), data: Bank });
export const TeamCategoryResponse = v.object({ status: v.literal(true), data: Category });
export const TeamLocationResponse = v.object({ status: v.literal(true), data: Location });
