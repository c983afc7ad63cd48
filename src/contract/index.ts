// The §7 contract: valibot schemas for every request and response of the three services.
// Imports nothing but valibot and its own modules (limits, the URL rule), so the server, the build
// and the islands share it.
import * as v from 'valibot';
import { PLACEHOLDER_IMAGE_URL, safeUrl } from './safe-url.ts';
import {
  AD_COUNT, AD_COUNT_MAX, AD_PLACEMENT, AD_SPACE, CODE_DIGITS, EMAIL_MAX, FEEDBACK_MESSAGE_MAX, FIRST_NAME_MAX, ID_LIST_MAX, ID_MAX, MESSAGES, MOBILE_DIGITS,
  OFFER_DATE_TYPES, OFFER_DISPLAY_STATUSES, OFFER_TYPES, OFFSET_MAX, PAGE_NO_MAX, PAGE_SIZE_MAX, PASSWORD_MAX, PASSWORD_MIN,
  UPLOAD_BYTES_MAX, URL_MAX,
} from './limits.ts';

export * from './limits.ts';

// ---------- building blocks ----------

// PostgreSQL text cannot hold NUL, so it is refused here rather than failing in the database.
const trimmedText = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, `At most ${max} characters.`), v.check((s) => !s.includes('\u0000'), 'Text must not contain NUL characters.'));
const requiredText = (max: number) => v.pipe(trimmedText(max), v.nonEmpty(MESSAGES.required));

/** A database id: a positive integer, given as a number or a string of digits. */
export const Id = v.pipe(
  v.union([v.pipe(v.number(), v.integer()), v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Expected a numeric id'))], 'Expected a numeric id'),
  v.transform(Number),
  v.minValue(1, 'Expected a positive id'),
  v.maxValue(ID_MAX, 'Id is too large'),
);
export const IdList = v.pipe(v.array(Id, 'Expected a list of ids'), v.maxLength(ID_LIST_MAX, `At most ${ID_LIST_MAX} ids`));
/** A path segment holding one id or a comma-separated list of ids. */
export const IdListParam = v.pipe(
  v.string(),
  v.regex(/^\d{1,9}(,\d{1,9}){0,99}$/, 'Expected ids separated by commas'),
  v.transform((s) => [...new Set(s.split(',').map(Number))]),
);
export const PageNo = v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Expected a page number'), v.transform(Number), v.minValue(1, 'Pages start at 1'), v.maxValue(PAGE_NO_MAX, `Pages end at ${PAGE_NO_MAX}`));
export const PageSize = v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'Expected a page size'), v.transform(Number), v.minValue(1, 'Page size must be at least 1'), v.maxValue(PAGE_SIZE_MAX, `Page size is at most ${PAGE_SIZE_MAX}`));
export const MobileNo = v.pipe(v.string('Mobile number must be text'), v.trim(), v.regex(new RegExp(`^\\d{${MOBILE_DIGITS}}$`), MESSAGES.invalidMobileNo));
export const Email = v.pipe(v.string(), v.trim(), v.nonEmpty(MESSAGES.required), v.maxLength(EMAIL_MAX, MESSAGES.invalidEmail), v.email(MESSAGES.invalidEmail));
export const FirstName = v.pipe(requiredText(FIRST_NAME_MAX), v.regex(/^\p{L}[\p{L}\p{M} .'-]*$/u, MESSAGES.invalidFirstName));
export const NewPassword = v.pipe(
  v.string(),
  v.minLength(PASSWORD_MIN, MESSAGES.passwordRules),
  v.maxLength(PASSWORD_MAX, MESSAGES.passwordRules),
  v.regex(/[a-z]/, MESSAGES.passwordRules),
  v.regex(/[A-Z]/, MESSAGES.passwordRules),
  v.regex(/\d/, MESSAGES.passwordRules),
);
/** Sign-in only requires a password; the length cap keeps hashing cheap for hostile input. */
export const SignInPassword = v.pipe(v.string(), v.nonEmpty(MESSAGES.required), v.maxLength(PASSWORD_MAX, MESSAGES.invalidLogin));
export const OneTimeCode = v.pipe(v.union([v.string(), v.number()], MESSAGES.invalidCode), v.transform(String), v.regex(new RegExp(`^\\d{${CODE_DIGITS}}$`), MESSAGES.invalidCode));
/** userType is stored as a number; 1/2 and "1"/"2" are accepted. */
export const UserType = v.pipe(v.union([v.literal(1), v.literal(2), v.literal('1'), v.literal('2')], 'userType must be 1 or 2'), v.transform(Number));
export const InsightId = v.pipe(v.string(), v.uuid('insightId must be a UUID'));
const OptionalInsightId = v.nullish(v.union([InsightId, v.literal('')]));

// ---------- requests ----------

export const SignInRequest = v.object({ mobileNo: MobileNo, password: SignInPassword, userId: v.nullish(v.unknown()) });
export const CreateUserRequest = v.object({
  firstName: FirstName,
  businessName: v.nullish(trimmedText(120)),
  BRno: v.nullish(trimmedText(40)),
  mobileNo: MobileNo,
  userType: UserType,
  favoriteArea: v.optional(IdList, []),
  termsAndCondition: v.literal(true, 'The terms must be accepted'),
  password: NewPassword,
});
export const ResendCodeRequest = v.object({ userId: v.nullish(Id), mobileNo: MobileNo, token: v.nullish(v.string()) });
export const CreateCodeRequest = v.object({
  verificationType: v.optional(v.literal('MOBILE', "verificationType must be 'MOBILE'"), 'MOBILE'),
  token: v.nullish(v.string()),
  mobileNo: MobileNo,
  userId: v.nullish(Id),
});
export const VerifyMobileRequest = v.object({ otpCode: OneTimeCode, token: v.pipe(v.string(), v.nonEmpty('token is required'), v.maxLength(200)) });
export const UpdatePasswordRequest = v.object({ userId: Id, password: NewPassword });
export const MobileChangeRequest = v.object({ mobileNo: MobileNo });
export const MobileChangeConfirmRequest = v.object({ otpCode: OneTimeCode });
export const AddFavoriteRequest = v.object({ offerId: Id, categoryId: v.nullish(Id), merchantId: v.nullish(Id), bankId: v.nullish(Id) });
export const RemoveFavoriteRequest = v.object({ offerId: Id });
export const FilterMultipleRequest = v.object({ bankIds: v.optional(IdList, []), categoryIds: v.optional(IdList, []) });
export const OfferIdsRequest = v.object({ offerIds: IdList });
export const CategoryIdsRequest = v.object({ categoryIds: IdList });
export const CategoryGroupsRequest = v.object({
  categoryIds: IdList,
  bankId: v.nullish(Id),
  pageNo: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1, 'Pages start at 1'), v.maxValue(PAGE_NO_MAX, `Pages end at ${PAGE_NO_MAX}`)), 1),
  pageSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(PAGE_SIZE_MAX)), 6),
});
export const TagUpdateRequest = v.object({ tags: IdList });
const Base64Image = v.pipe(v.string('base64 must be text'), v.nonEmpty('base64 is required'), v.maxLength(Math.ceil(UPLOAD_BYTES_MAX * 4 / 3) + 100, 'The image is larger than 5 MB'));
export const ImageUploadRequest = v.union([
  v.object({ base64: Base64Image }),
  v.object({ data: v.object({ base64: Base64Image }) }),
], 'Send { base64 } with a PNG or JPEG image');
export const SubscribeRequest = v.object({ insightId: OptionalInsightId, subscribeEmail: Email });
export const FeedbackRequest = v.object({
  insightId: OptionalInsightId,
  firstName: FirstName,
  mobileNo: MobileNo,
  email: Email,
  message: v.optional(trimmedText(FEEDBACK_MESSAGE_MAX), ''),
});
/** The client's ip is accepted for compatibility and ignored: the server takes the address itself. */
export const NewInsightRequest = v.object({ insightId: v.nullish(v.unknown()), ip: v.nullish(v.unknown()), user: v.nullish(v.unknown()) });
export const NewImpressionRequest = v.object({
  offerId: Id,
  merchantId: v.nullish(Id),
  categoryId: v.nullish(Id),
  bankId: v.nullish(Id),
  insightId: OptionalInsightId,
  ip: v.nullish(v.unknown()),
  user: v.nullish(v.unknown()),
});
/** The insight host's record of an impression, in its snake_case form. */
export const InsightImpressionRequest = v.object({
  impression_id: v.nullish(Id),
  insight_id: OptionalInsightId,
  offer_id: Id,
  merchant_id: v.nullish(Id),
  category_id: v.nullish(Id),
  bank_id: v.nullish(Id),
  count: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1)), 1),
  ip_address: v.nullish(v.unknown()),
});
export const TopOffersQuery = v.object({
  insight_id: v.optional(v.union([InsightId, v.literal('')])),
  bank_id: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'bank_id must be a number'), v.transform(Number))),
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'limit must be a number'), v.transform(Number), v.minValue(1), v.maxValue(PAGE_SIZE_MAX)), '10'),
  offset: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'offset must be a number'), v.transform(Number), v.maxValue(OFFSET_MAX)), '0'),
});
export const AdsQuery = v.object({
  placement: v.optional(v.picklist([AD_PLACEMENT], `placement must be '${AD_PLACEMENT}'`), AD_PLACEMENT),
  ad_space: v.optional(v.picklist([AD_SPACE], `ad_space must be '${AD_SPACE}'`), AD_SPACE),
  count: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}$/), v.transform(Number), v.minValue(1), v.maxValue(AD_COUNT_MAX)), String(AD_COUNT)),
});

/**
 * A URL stored for an image, a logo or a link: http:, https: or a site path (contract/safe-url.ts).
 * Every write of one goes through it (the seed's rows, merchant logos).
 */
export const WebUrl = v.pipe(v.string('Expected a URL'), v.maxLength(URL_MAX, `At most ${URL_MAX} characters.`), v.check((url) => safeUrl(url) === url, 'Expected an http(s) URL or a site path'));

// ---------- responses ----------

// URLs in answers are read through safeUrl, so a page built from them, or an island reading them,
// never renders a javascript: or data: URL that reached the database: an optional one becomes null,
// a required image the placeholder.
const OptionalUrl = v.nullable(v.pipe(v.string(), v.transform((url): string | null => safeUrl(url) ?? null)));
const ImageUrl = v.pipe(v.string(), v.transform((url) => safeUrl(url) ?? PLACEHOLDER_IMAGE_URL));

export const ErrorResponse = v.object({ status: v.literal(false), message: v.string(), issues: v.optional(v.array(v.object({ path: v.string(), message: v.string() }))) });

export const Bank = v.object({
  bankId: v.number(),
  bankName: v.string(),
  slug: v.string(),
  logoURL: ImageUrl,
  thumbnailURL: ImageUrl,
  cardTypes: v.array(v.string()),
  color: v.string(),
});
export const BankDetail = v.object({
  ...Bank.entries,
  totalCount: v.number(),
  favoriteCount: v.number(),
  merchants: v.array(v.object({ merchantId: v.number(), merchantName: v.string(), logoURL: OptionalUrl })),
  merchantCount: v.number(),
});
export const Category = v.object({ categoryId: v.number(), id: v.number(), categoryName: v.string(), slug: v.string(), iconName: v.string() });
export const CategoryWithCount = v.object({ ...Category.entries, totalCount: v.number() });
export const Merchant = v.object({ merchantId: v.number(), merchantName: v.string(), logoURL: OptionalUrl, contactNo: v.nullable(v.string()), webURL: OptionalUrl });
export const TermItem = v.object({ id: v.number(), value: v.string() });

export const Offer = v.object({
  offerId: v.number(),
  label: v.string(),
  header: v.string(),
  description: v.string(),
  bannerImageURL: OptionalUrl,
  offerType: v.picklist(OFFER_TYPES),
  offerRate: v.nullable(v.string()),
  offerDateType: v.picklist(OFFER_DATE_TYPES),
  offerStart: v.nullable(v.string()),
  offerEnd: v.nullable(v.string()),
  validTimeDateDescription: v.nullable(v.string()),
  promoCode: v.nullable(v.string()),
  hotLine: v.object({ mobileNo: v.array(v.string()), email: v.array(v.string()) }),
  cardTypes: v.array(v.string()),
  status: v.picklist(OFFER_DISPLAY_STATUSES),
  location: v.array(v.object({ value: v.string(), isActive: v.boolean() })),
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
export const CountResponse = v.object({ status: v.literal(true), data: v.tuple([v.object({ totalCount: v.number() })]) });
export const CategoryGroup = v.object({ categoryId: v.number(), categoryName: v.string(), iconName: v.string(), offers: v.array(Offer), totalCount: v.number() });

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
export const SignInResponse = v.object({ status: v.literal(true), data: User, token: v.string(), expiresAt: v.string() });
export const CreateUserResponse = v.object({ status: v.literal(true), data: v.object({ token: v.string(), user: User }), message: v.string() });
export const CodeSentResponse = v.object({ status: v.literal(true), message: v.string(), attempt: v.number(), token: v.string(), expiresInSeconds: v.number() });
export const CodeBlockedResponse = v.object({ status: v.literal(false), message: v.string(), attempt: v.number() });
export const FavoriteEntry = v.object({
  offerId: v.number(), offer: Offer, bank: Bank, category: Category, merchant: Merchant,
  header: v.string(), label: v.string(), bannerImageURL: OptionalUrl, createAt: v.string(),
});
export const FavoritesResponse = v.object({
  status: v.literal(true),
  isMobileVerification: v.boolean(),
  data: v.tuple([v.object({ userId: v.number(), favorites: v.array(FavoriteEntry) })]),
});
export const SessionResponse = v.object({ status: v.literal(true), data: v.object({ status: v.literal(true), userId: v.number(), userType: v.number(), expiresAt: v.string() }) });
/** POST /new/subscribe answers 200 either way; isFound true means the address was already on the list. */
export const SubscribeResponse = v.object({ status: v.literal(true), isFound: v.boolean(), message: v.string() });
export const FeedbackResponse = v.object({ status: v.literal(true), message: v.string() });
/** An ad with a refused image or link URL does not match, so it is left out (ads come from a third-party proxy too). */
export const HouseAd = v.object({ adId: v.number(), title: v.string(), body: v.string(), imageUrl: WebUrl, linkUrl: WebUrl });
export const SmsOutboxEntry = v.object({ mobileNo: v.string(), message: v.string(), code: v.string(), sentAt: v.string() });

export type BankData = v.InferOutput<typeof Bank>;
export type BankDetailData = v.InferOutput<typeof BankDetail>;
export type CategoryData = v.InferOutput<typeof Category>;
export type MerchantData = v.InferOutput<typeof Merchant>;
export type OfferData = v.InferOutput<typeof Offer>;
export type OfferDetailData = v.InferOutput<typeof OfferDetail>;
export type HouseAdData = v.InferOutput<typeof HouseAd>;
export type UserData = v.InferOutput<typeof User>;
export type CategoryGroupData = v.InferOutput<typeof CategoryGroup>;
export type FavoriteEntryData = v.InferOutput<typeof FavoriteEntry>;
