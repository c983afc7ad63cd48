// Texts the API answers on its own, with no form that shows them first: sessions, the request's
// shape, rate limits, one-time codes, uploads. Each is its code's English text from the message
// catalogue (error-codes.ts): the server answers them by their codes (failure()), and the tests
// name them from here.
import { englishText, ERROR_CODES, REQUEST_ISSUES, type ErrorParams } from './error-codes.ts';

const E = ERROR_CODES;

/** sign_in_wait's values: the wait in seconds, or in minutes for a minute or more (the code's other text). */
export const signInWaitParams = (seconds: number): ErrorParams =>
  seconds < 60 ? { seconds } : { minutes: Math.ceil(seconds / 60) };

export const API_MESSAGES = {
  signInRequired: E.sign_in_required,
  sessionExpired: E.session_expired,
  notOwnAccount: E.not_own_account,
  teamOnly: E.team_only,
  noSuchRoute: E.no_such_route,
  bodyTooLarge: E.payload_too_large,
  sendAsJson: E.unsupported_media_type,
  notJson: E.not_json,
  /** The issue beside notJson. */
  invalidJson: REQUEST_ISSUES.invalidJson,
  notJsonObject: E.not_json_object,
  /** The issue beside notJsonObject. */
  expectedObject: REQUEST_ISSUES.expectedObject,
  serverError: E.server_error,
  busy: E.busy,
  emailOff: E.email_off,
  rateLimited: (minutes: number) => englishText('rate_limited', { minutes }),
  signInWait: (seconds: number) => englishText('sign_in_wait', signInWaitParams(seconds)),

  noAccount: E.no_account,
  verifyToSignIn: E.mobile_not_verified,
  verificationExpired: E.verification_expired,
  sameMobileNo: E.same_mobile_no,
  mobileInUse: E.mobile_in_use,
  codeSendBlocked: E.code_sending_blocked,
  codeNotSent: E.code_not_sent,
  codeExpired: E.code_expired,
  codeUsed: E.code_used,
  tooManyWrongCodes: E.too_many_wrong_codes,

  notInFavorites: E.not_in_favorites,
  bankNotFound: E.bank_not_found,
  imageNotFound: E.image_not_found,
  unknownInsight: E.unknown_insight,
  unknownImpression: E.unknown_impression,
  onlyImages: E.only_images,
  uploadNotBase64: (what: 'image' | 'document') => englishText('upload_not_base64', { what }),
  uploadEmpty: (what: 'image' | 'document') => englishText('upload_empty', { what }),
  uploadTooLarge: (what: 'image' | 'document') => englishText('upload_too_large', { what }),

  /** The merchant console's company documents. */
  merchantsOnlyDocuments: E.merchants_only_documents,
  onlyDocuments: E.only_documents,
  tooManyDocuments: (max: number) => englishText('too_many_documents', { max }),
  documentNotFound: E.document_not_found,
} as const;

/**
 * The English texts of the codes an answer falls back to when its own text has none (a team
 * console refusal, a schema's built-in message): the answer keeps its own text as `message`, and
 * these say what the code means (only 'Bad request.' is also sent, for an error without a text).
 */
export const FALLBACK_MESSAGES = {
  badRequest: E.bad_request,
  invalid: E.invalid,
  forbidden: E.forbidden,
  notFound: E.not_found,
  conflict: E.conflict,
  unavailable: E.unavailable,
} as const;
