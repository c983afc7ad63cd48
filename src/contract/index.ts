// The §7 contract: valibot schemas for every request and response of the three services. The
// requests are here; the responses in responses.ts, re-exported. Imports nothing but valibot and
// its own modules (limits, the URL rule, the responses), so the server, the build and the islands
// share it.
import * as v from 'valibot';
import {
  error_invalid_code,
  error_invalid_email,
  error_invalid_first_name,
  error_invalid_login,
  error_invalid_mobile_no,
  error_password_rules,
  error_required,
  error_too_long,
} from '../../messages/errors/en.json';
import { fillText } from './error-texts.ts';
import {
  AD_COUNT,
  AD_COUNT_MAX,
  AD_PLACEMENT,
  AD_SPACE,
  CODE_DIGITS,
  EMAIL_MAX,
  FEEDBACK_MESSAGE_MAX,
  FIRST_NAME_MAX,
  MOBILE_DIGITS,
  CATEGORY_PAGE_SIZE,
  OFFSET_MAX,
  PAGE_NO_MAX,
  PAGE_SIZE_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  UPLOAD_BYTES_MAX,
} from './limits.ts';

export * from './limits.ts';
export * from './responses.ts';
export { Id, IdList } from './ids.ts';
import { Id, IdList } from './ids.ts';

// ---------- building blocks ----------

/** PostgreSQL text cannot hold NUL, so every text field refuses it rather than failing in the database. */
export const NoNul = v.check((s: string) => !s.includes('\u0000'), 'Text must not contain NUL characters.');
const trimmedText = (max: number) =>
  v.pipe(v.string(), v.trim(), v.maxLength(max, fillText(error_too_long, { max })), NoNul);
const requiredText = (max: number) => v.pipe(trimmedText(max), v.nonEmpty(error_required));

/** A path segment holding one id or a comma-separated list of ids. */
export const IdListParam = v.pipe(
  v.string(),
  v.regex(/^\d{1,9}(,\d{1,9}){0,99}$/, 'Expected ids separated by commas'),
  v.transform((s) => [...new Set(s.split(',').map(Number))]),
);
export const PageNo = v.pipe(
  v.string(),
  v.regex(/^\d{1,6}$/, 'Expected a page number'),
  v.transform(Number),
  v.minValue(1, 'Pages start at 1'),
  v.maxValue(PAGE_NO_MAX, `Pages end at ${PAGE_NO_MAX}`),
);
export const PageSize = v.pipe(
  v.string(),
  v.regex(/^\d{1,3}$/, 'Expected a page size'),
  v.transform(Number),
  v.minValue(1, 'Page size must be at least 1'),
  v.maxValue(PAGE_SIZE_MAX, `Page size is at most ${PAGE_SIZE_MAX}`),
);
/** More than anyone types for one number, separators and country code included. */
const MOBILE_TEXT_MAX = 32;
/**
 * A Sri Lankan mobile number as people type it, to its 9 significant digits: separators (spaces,
 * hyphens, dots, brackets) go, and so do a +94, 0094 or 94 country code and the leading 0 of the
 * national form ('077 123 4567', '+94 77 123 4567', '0094771234567' → '771234567'). Anything else
 * comes back without its separators, for MobileNo to refuse.
 */
export function normaliseMobileNo(text: string): string {
  const compact = text.replace(/[\s\-.()]/g, '');
  const national = compact.replace(/^(?:\+94|0094|94(?=\d{9}$))/, '');
  return /^0\d{9}$/.test(national) ? national.slice(1) : national;
}
/** 9 digits, not starting with 0 (a leading 0 means a digit is missing), from any form normaliseMobileNo reads. */
export const MobileNo = v.pipe(
  v.string('Mobile number must be text'),
  v.maxLength(MOBILE_TEXT_MAX, error_invalid_mobile_no),
  v.transform(normaliseMobileNo),
  v.regex(new RegExp(`^[1-9]\\d{${MOBILE_DIGITS - 1}}$`), error_invalid_mobile_no),
);
export const Email = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(error_required),
  v.maxLength(EMAIL_MAX, error_invalid_email),
  v.email(error_invalid_email),
);
export const FirstName = v.pipe(
  requiredText(FIRST_NAME_MAX),
  v.regex(/^\p{L}[\p{L}\p{M} .'-]*$/u, error_invalid_first_name),
);
export const NewPassword = v.pipe(
  v.string(),
  v.minLength(PASSWORD_MIN, error_password_rules),
  v.maxLength(PASSWORD_MAX, error_password_rules),
  v.regex(/[a-z]/, error_password_rules),
  v.regex(/[A-Z]/, error_password_rules),
  v.regex(/\d/, error_password_rules),
);
/** Sign-in only requires a password; the length cap keeps hashing cheap for hostile input. */
export const SignInPassword = v.pipe(
  v.string(),
  v.nonEmpty(error_required),
  v.maxLength(PASSWORD_MAX, error_invalid_login),
);
export const OneTimeCode = v.pipe(
  v.union([v.string(), v.number()], error_invalid_code),
  v.transform(String),
  v.regex(new RegExp(`^\\d{${CODE_DIGITS}}$`), error_invalid_code),
);
/** userType is stored as a number; 1/2 and "1"/"2" are accepted. */
export const UserType = v.pipe(
  v.union([v.literal(1), v.literal(2), v.literal('1'), v.literal('2')], 'userType must be 1 or 2'),
  v.transform(Number),
);
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
export const VerifyMobileRequest = v.object({
  otpCode: OneTimeCode,
  token: v.pipe(v.string(), v.nonEmpty('token is required'), v.maxLength(200)),
});
export const UpdatePasswordRequest = v.object({ userId: Id, password: NewPassword });
export const MobileChangeRequest = v.object({ mobileNo: MobileNo });
export const MobileChangeConfirmRequest = v.object({ otpCode: OneTimeCode });
export const AddFavoriteRequest = v.object({
  offerId: Id,
  categoryId: v.nullish(Id),
  merchantId: v.nullish(Id),
  bankId: v.nullish(Id),
});
export const RemoveFavoriteRequest = v.object({ offerId: Id });
export const FilterMultipleRequest = v.object({ bankIds: v.optional(IdList, []), categoryIds: v.optional(IdList, []) });
export const OfferIdsRequest = v.object({ offerIds: IdList });
export const CategoryIdsRequest = v.object({ categoryIds: IdList });
export const CategoryGroupsRequest = v.object({
  categoryIds: IdList,
  bankId: v.nullish(Id),
  pageNo: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(1, 'Pages start at 1'),
      v.maxValue(PAGE_NO_MAX, `Pages end at ${PAGE_NO_MAX}`),
    ),
    1,
  ),
  pageSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(PAGE_SIZE_MAX)), CATEGORY_PAGE_SIZE),
});
export const TagUpdateRequest = v.object({ tags: IdList });
/** An uploaded image as base64 text (a data: URL prefix allowed), capped at UPLOAD_BYTES_MAX once decoded; its bytes are checked by the server. */
export const Base64Image = v.pipe(
  v.string('base64 must be text'),
  v.nonEmpty('base64 is required'),
  v.maxLength(Math.ceil((UPLOAD_BYTES_MAX * 4) / 3) + 100, 'The image is larger than 5 MB'),
);
export const ImageUploadRequest = v.union(
  [v.object({ base64: Base64Image }), v.object({ data: v.object({ base64: Base64Image }) })],
  'Send { base64 } with a PNG or JPEG image',
);
export const SubscribeRequest = v.object({ insightId: OptionalInsightId, subscribeEmail: Email });
export const FeedbackRequest = v.object({
  insightId: OptionalInsightId,
  firstName: FirstName,
  mobileNo: MobileNo,
  email: Email,
  message: v.optional(trimmedText(FEEDBACK_MESSAGE_MAX), ''),
});
/** The client's ip is accepted for compatibility and ignored: the server takes the address itself. */
export const NewInsightRequest = v.object({
  insightId: v.nullish(v.unknown()),
  ip: v.nullish(v.unknown()),
  user: v.nullish(v.unknown()),
});
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
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'limit must be a number'),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(PAGE_SIZE_MAX),
    ),
    '10',
  ),
  offset: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'offset must be a number'), v.transform(Number), v.maxValue(OFFSET_MAX)),
    '0',
  ),
});
export const AdsQuery = v.object({
  placement: v.optional(v.picklist([AD_PLACEMENT], `placement must be '${AD_PLACEMENT}'`), AD_PLACEMENT),
  ad_space: v.optional(v.picklist([AD_SPACE], `ad_space must be '${AD_SPACE}'`), AD_SPACE),
  count: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,2}$/), v.transform(Number), v.minValue(1), v.maxValue(AD_COUNT_MAX)),
    String(AD_COUNT),
  ),
});
