// The §7 contract's answers: the shapes of what the three services send back, from the building
// blocks (a bank, an offer, a user) to each route's whole answer. Imports nothing but valibot and
// the contract's own modules. Re-exported by index.ts, which is what the server, the build and the
// browser import.
import * as v from 'valibot';
import { PLACEHOLDER_IMAGE_URL, safeUrl } from './safe-url.ts';
import { CardSpec, EligibilityAnswer, NO_ELIGIBILITY } from './eligibility.ts';
import { error_too_long } from '../../messages/errors/en.json';
import { fillText } from './error-texts.ts';
import {
  OFFER_DATE_TYPES,
  OFFER_DISPLAY_STATUSES,
  OFFER_TYPES,
  TRANSLATED_LOCALES,
  URL_MAX,
  type TranslatedLocale,
} from './limits.ts';

// ---------- URLs ----------

/**
 * A URL stored for an image, a logo or a link: http:, https: or a site path (contract/safe-url.ts).
 * Every write of one goes through it (the seed's rows, merchant logos).
 */
export const WebUrl = v.pipe(
  v.string('Expected a URL'),
  v.maxLength(URL_MAX, fillText(error_too_long, { max: URL_MAX })),
  v.check((url) => safeUrl(url) === url, 'Expected an http(s) URL or a site path'),
);

// URLs in answers are read through safeUrl, so a page built from them, or an island reading them,
// never renders a javascript: or data: URL that reached the database: an optional one becomes null,
// a required image the placeholder.
const OptionalUrl = v.nullable(
  v.pipe(
    v.string(),
    v.transform((url): string | null => safeUrl(url) ?? null),
  ),
);
const ImageUrl = v.pipe(
  v.string(),
  v.transform((url) => safeUrl(url) ?? PLACEHOLDER_IMAGE_URL),
);

// ---------- what answers are made of, and the shared answers ----------

export * from './error-response.ts';
export * from './bank-counts.ts';
import { BankCounts } from './bank-counts.ts';
import { ErrorCodeFields } from './error-response.ts';

export const Bank = v.object({
  bankId: v.number(),
  bankName: v.string(),
  slug: v.string(),
  logoURL: ImageUrl,
  thumbnailURL: ImageUrl,
  cardTypes: v.array(v.string()),
  /** Added to §7: the cards it issues, typed (contract/eligibility.ts). */
  issuedCards: v.optional(v.array(CardSpec), []),
  color: v.string(),
});
export const BankDetail = v.object({
  ...Bank.entries,
  ...BankCounts.entries,
  merchants: v.array(v.object({ merchantId: v.number(), merchantName: v.string(), logoURL: OptionalUrl })),
  merchantCount: v.number(),
});
/**
 * Added to §7: texts in Sinhala and Tamil (TRANSLATED_LOCALES) where the team gave them, each
 * language and field optional; the English field shows where one is missing (docs/i18n.md).
 * Optional on input: answers kept in a browser's storage from before it existed read as none.
 */
const translationsOf = <T extends v.ObjectEntries>(fields: T) =>
  v.optional(
    v.pipe(
      v.record(v.picklist(TRANSLATED_LOCALES), v.object(fields)),
      v.transform((record) => record as Partial<Record<TranslatedLocale, v.InferOutput<v.ObjectSchema<T, undefined>>>>),
    ),
    {},
  );
export const CategoryTranslations = translationsOf({ categoryName: v.optional(v.string()) });
export const OfferTranslations = translationsOf({
  label: v.optional(v.string()),
  header: v.optional(v.string()),
  description: v.optional(v.string()),
});

export const Category = v.object({
  categoryId: v.number(),
  id: v.number(),
  categoryName: v.string(),
  slug: v.string(),
  iconName: v.string(),
  translations: CategoryTranslations,
});
export const CategoryWithCount = v.object({ ...Category.entries, totalCount: v.number() });
export const Merchant = v.object({
  merchantId: v.number(),
  merchantName: v.string(),
  logoURL: OptionalUrl,
  contactNo: v.nullable(v.string()),
  webURL: OptionalUrl,
  /**
   * Added to §7: its page's slug, /merchants/{slug}. Optional on input, as Offer's `withdrawn`:
   * offers kept in a browser's storage from before it existed have none (and link to no page).
   */
  slug: v.optional(v.nullable(v.string()), null),
});
export const TermItem = v.object({ id: v.number(), value: v.string() });

/** An imported offer's source: its name, the offer's page there, when it last listed the offer, the content's SHA-256. */
const OfferSource = v.object({
  name: v.string(),
  url: OptionalUrl,
  lastVerifiedAt: v.nullable(v.string()),
  contentHash: v.nullable(v.string()),
});

export const Offer = v.object({
  offerId: v.number(),
  label: v.string(),
  header: v.string(),
  description: v.string(),
  bannerImageURL: OptionalUrl,
  offerType: v.picklist(OFFER_TYPES),
  offerRate: v.nullable(v.string()),
  /**
   * Added to §7 (issue 47): an 'instalment' offer's months, its rate the plan's interest ("0% for
   * 12 months"); null for other types. Optional on input, as `withdrawn`.
   */
  instalmentMonths: v.optional(v.nullable(v.number()), null),
  offerDateType: v.picklist(OFFER_DATE_TYPES),
  offerStart: v.nullable(v.string()),
  offerEnd: v.nullable(v.string()),
  validTimeDateDescription: v.nullable(v.string()),
  promoCode: v.nullable(v.string()),
  hotLine: v.object({ mobileNo: v.array(v.string()), email: v.array(v.string()) }),
  cardTypes: v.array(v.string()),
  status: v.picklist(OFFER_DISPLAY_STATUSES),
  /**
   * Withdrawn by the team: listed nowhere, and its page says it is no longer available (status
   * 'expired'). Optional on input: offers kept in a browser's storage from before it existed read as false.
   */
  withdrawn: v.optional(v.boolean(), false),
  /** Only in the owner's own list (GET get/offers/by/user/{userId} with their token): why the team rejected it. */
  reviewReason: v.optional(v.nullable(v.string())),
  location: v.array(v.object({ value: v.string(), isActive: v.boolean() })),
  /**
   * Added to §7: who can use it and when (contract/eligibility.ts). Optional on input, as
   * `withdrawn`: offers kept in a browser's storage from before it existed read as open to all.
   */
  eligibility: v.optional(EligibilityAnswer, NO_ELIGIBILITY),
  /** Added to §7: the title, header and description in Sinhala and Tamil where given. */
  translations: OfferTranslations,
  /** Added to §7: the merchant's own terms of the offer, free text; '' for none. Optional on input, as `withdrawn`. */
  offerTerms: v.optional(v.string(), ''),
  /** Added to §7: where an imported offer came from, and when that source last listed it; null for a merchant's own offer. */
  source: v.optional(v.nullable(OfferSource), null),
  views: v.number(),
  interest: v.number(),
  createAt: v.string(),
  bankId: v.number(),
  categoryId: v.number(),
  merchantId: v.number(),
  bank: Bank,
  category: Category,
  merchant: Merchant,
  merchantData: Merchant,
});
/** The single-offer view adds the terms, keyed by bank id and 'general'. */
export const OfferDetail = v.object({ ...Offer.entries, termsConditions: v.record(v.string(), v.array(TermItem)) });

export const OfferList = v.object({ status: v.literal(true), data: v.array(Offer), totalCount: v.number() });
export const OfferById = v.object({ status: v.literal(true), data: v.tuple([OfferDetail]) });
export const CountResponse = v.object({
  status: v.literal(true),
  data: v.tuple([v.object({ totalCount: v.number() })]),
});
export const CategoryGroup = v.object({
  categoryId: v.number(),
  categoryName: v.string(),
  iconName: v.string(),
  offers: v.array(Offer),
  totalCount: v.number(),
});

export const User = v.object({
  userId: v.number(),
  id: v.number(),
  userType: v.number(),
  firstName: v.string(),
  mobileNo: v.string(),
  email: v.nullable(v.string()),
  userName: v.nullable(v.string()),
  address: v.nullable(v.string()),
  phoneNo: v.nullable(v.string()),
  businessName: v.nullable(v.string()),
  BRno: v.nullable(v.string()),
  contactNo: v.nullable(v.string()),
  companyEmail: v.nullable(v.string()),
  addressNo: v.nullable(v.string()),
  streetName: v.nullable(v.string()),
  city: v.nullable(v.string()),
  tags: v.array(v.number()),
  favoriteArea: v.array(v.number()),
  location: v.nullable(v.string()),
  logoUrl: OptionalUrl,
  status: v.string(),
  isAccountBlock: v.boolean(),
  isMobileVerification: v.boolean(),
  favorites: v.array(v.number()),
});
export const SignInResponse = v.object({
  status: v.literal(true),
  data: User,
  token: v.string(),
  expiresAt: v.string(),
});
export const CreateUserResponse = v.object({
  status: v.literal(true),
  data: v.object({ token: v.string(), user: User }),
  message: v.string(),
  attempt: v.number(),
});
export const CodeSentResponse = v.object({
  status: v.literal(true),
  message: v.string(),
  attempt: v.number(),
  token: v.string(),
  expiresInSeconds: v.number(),
});
export const CodeBlockedResponse = v.object({
  status: v.literal(false),
  message: v.string(),
  ...ErrorCodeFields,
  attempt: v.number(),
});
export const FavoriteEntry = v.object({
  offerId: v.number(),
  offer: Offer,
  bank: Bank,
  category: Category,
  merchant: Merchant,
  header: v.string(),
  label: v.string(),
  bannerImageURL: OptionalUrl,
  createAt: v.string(),
});
export const FavoritesResponse = v.object({
  status: v.literal(true),
  isMobileVerification: v.boolean(),
  data: v.tuple([v.object({ userId: v.number(), favorites: v.array(FavoriteEntry) })]),
});
/** GET /session/validate/{token} (§7) and GET /session/validate with the token as the bearer (ours): the same answer. */
export const SessionResponse = v.object({
  status: v.literal(true),
  data: v.object({ status: v.literal(true), userId: v.number(), userType: v.number(), expiresAt: v.string() }),
});
/** POST /new/subscribe answers 200 either way; isFound true means the address was already on the list. */
export const SubscribeResponse = v.object({ status: v.literal(true), isFound: v.boolean(), message: v.string() });
export const FeedbackResponse = v.object({ status: v.literal(true), message: v.string() });
/** An ad with a refused image or link URL does not match, so it is left out (ads come from a third-party proxy too). */
export const HouseAd = v.object({
  adId: v.number(),
  title: v.string(),
  body: v.string(),
  imageUrl: WebUrl,
  linkUrl: WebUrl,
});

export type BankData = v.InferOutput<typeof Bank>;
export type BankDetailData = v.InferOutput<typeof BankDetail>;
export type CategoryData = v.InferOutput<typeof Category>;
export type CategoryTranslationsData = v.InferOutput<typeof CategoryTranslations>;
export type OfferTranslationsData = v.InferOutput<typeof OfferTranslations>;
export type MerchantData = v.InferOutput<typeof Merchant>;
export type OfferData = v.InferOutput<typeof Offer>;
export type OfferDetailData = v.InferOutput<typeof OfferDetail>;
export type HouseAdData = v.InferOutput<typeof HouseAd>;
export type UserData = v.InferOutput<typeof User>;
export type FavoriteEntryData = v.InferOutput<typeof FavoriteEntry>;

// ---------- the answers the browser and the build read, by resource (docs/api.md) ----------
// Each is the route's whole answer, exactly as the server sends it. A refusal a flow acts on has
// its own shape (status false with a marker field); every other failure is an ErrorResponse.
// index.ts re-exports this module, so every page that imports the contract loads it too.

/** A town of GET location/all. */
export const Location = v.object({ locationId: v.number(), locationName: v.string(), isActive: v.boolean() });
/** The terms offer pages show: the general ones, and each bank's under its id. */
export const Terms = v.object({ general: v.array(TermItem), byBank: v.record(v.string(), v.array(TermItem)) });

export type LocationData = v.InferOutput<typeof Location>;
export type TermsData = v.InferOutput<typeof Terms>;

// Catalogue: banks, categories, towns (§4, §5).
export const BanksResponse = v.object({ status: v.literal(true), data: v.array(Bank) });
/** GET get/all/categories and POST get/category/multiple. */
export const CategoriesResponse = v.object({ status: v.literal(true), data: v.array(Category) });
/** GET location/all: the towns in `response` (spec §7), and the same list in `data`; `isActive` is always false. */
export const LocationsResponse = v.object({
  status: v.literal(true),
  response: v.array(Location),
  data: v.array(Location),
});

// Offers (§4, §13a).
/** Offers by id (POST get/offer/multiple), a user's own offers, an offer's related ones: no paging. */
export const OffersResponse = v.object({ status: v.literal(true), data: v.array(Offer) });
export const CategoryGroupsResponse = v.object({ status: v.literal(true), data: v.array(CategoryGroup) });
/** A new offer sent for review: the stored offer, status 'pending'. */
export const CreateOfferResponse = v.object({ status: v.literal(true), message: v.string(), data: Offer });

// Accounts (§6, §14).
/** GET find/existing/user/by/{mobileNo} for a registered number. */
export const ExistingUserResponse = v.object({
  status: v.literal(true),
  isFound: v.literal(true),
  data: v.object({
    userId: v.number(),
    userType: v.number(),
    isMobileVerification: v.boolean(),
    isAccountBlock: v.boolean(),
  }),
});
/** The same for an unknown number (404). */
export const NoUserResponse = v.object({
  status: v.literal(false),
  isFound: v.literal(false),
  message: v.string(),
  ...ErrorCodeFields,
});
/** An account the team blocked (403): it can never sign in or get a code. */
export const AccountBlockedResponse = v.object({
  status: v.literal(false),
  message: v.string(),
  ...ErrorCodeFields,
  isAccountBlock: v.literal(true),
});
/** A right password for an account whose number is not verified yet (403). */
export const UnverifiedResponse = v.object({
  status: v.literal(false),
  message: v.string(),
  ...ErrorCodeFields,
  isMobileVerification: v.literal(false),
});
export const PasswordUpdatedResponse = v.object({ status: v.literal(true), message: v.string() });
/** The mobile change's code went to the new number, which carries no verify token: the session carries the change. */
export const MobileChangeSentResponse = v.object({
  status: v.literal(true),
  message: v.string(),
  attempt: v.number(),
  expiresInSeconds: v.number(),
});
/** The change is made: a new session for the user with the new number (the server ended the older tokens). */
export const MobileChangedResponse = v.object({
  status: v.literal(true),
  message: v.string(),
  data: User,
  token: v.string(),
  expiresAt: v.string(),
});
/** GET get/user/by/{userId}, and the demo host's GET user/{userId}. */
export const UserResponse = v.object({ status: v.literal(true), data: User });
/** A saved profile change (interests, location): the server's message and the saved user. */
export const UserSavedResponse = v.object({ status: v.literal(true), message: v.string(), data: User });

// Favourites (§7).
/** A favourite added or removed: the user with their new list of favourite ids. */
export const FavoriteChangedResponse = v.object({
  status: v.literal(true),
  message: v.string(),
  data: v.object({ user: User }),
});

// Insights and impressions (§8, §9): the insight host answers in snake_case.
/** POST new/insight, on either host: the new insight's id, and a token for it. */
export const NewInsightResponse = v.object({
  status: v.literal(true),
  token: v.string(),
  insight_id: v.string(),
  data: v.object({ insightId: v.string(), token: v.string() }),
});
/** The main API's POST new/impression: the impression that counted the view. */
export const NewImpressionResponse = v.object({
  status: v.literal(true),
  data: v.object({ impressionId: v.number() }),
});
/** The insight host's POST new/impression. */
export const InsightImpressionResponse = v.object({
  status: v.literal(true),
  data: v.object({ impression_id: v.number() }),
});
/** Offer ids ranked for a visitor (Top Picks), one page of them; `total` counts every candidate. */
export const TopOffersResponse = v.object({
  status: v.literal(true),
  top_offers: v.array(v.number()),
  total: v.number(),
});

// Media (§11, §12).
/** An uploaded image, already set as the user's logoUrl. */
export const ImageUploadResponse = v.object({
  status: v.literal(true),
  message: v.string(),
  data: v.object({ pictureName: v.string(), url: v.string() }),
});

// Terms (GET site/terms): the build's offer pages, and the offer wizard's last step.
export const TermsResponse = v.object({ status: v.literal(true), data: Terms });
