// Texts the API answers on its own, with no form that shows them first: sessions, the request's
// shape, rate limits, one-time codes, uploads. Here rather than in the server so that each has a
// code (error-codes.ts); the server imports them from this file.

export const API_MESSAGES = {
  signInRequired: 'Sign in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  notOwnAccount: 'You can only act on your own account.',
  teamOnly: 'The team console is for team accounts.',
  noSuchRoute: 'No such API route.',
  bodyTooLarge: 'The request body is too large.',
  sendAsJson: 'Send the body as JSON, with content-type: application/json.',
  notJson: 'The request body must be JSON.',
  /** The issue beside notJson. */
  invalidJson: 'Invalid JSON',
  notJsonObject: 'The request body must be a JSON object.',
  /** The issue beside notJsonObject. */
  expectedObject: 'Expected an object',
  serverError: 'Something went wrong on our side. Please try again.',
  busy: 'The server is busy. Please try again in a few seconds.',
  emailOff: 'E-mail is not set up on this server.',
  rateLimited: (minutes: number) => `Too many requests. Please wait up to ${minutes} minutes and try again.`,
  signInWait: (seconds: number) =>
    `Too many failed sign-ins for this number. Please wait ${seconds < 60 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`} and try again.`,

  noAccount: 'No account uses this mobile number.',
  verifyToSignIn: 'Verify your mobile number to sign in.',
  verificationExpired: 'This verification has expired. Ask for a new code.',
  sameMobileNo: 'This is already your mobile number.',
  mobileInUse: 'This number belongs to another account. Enter a different number.',
  codeSendBlocked: 'Too many codes were requested for this number. Code sending is blocked for 24 hours.',
  codeNotSent: 'The code could not be sent. Try again in a moment.',
  codeExpired: 'The code has expired. Ask for a new one.',
  codeUsed: 'The code has already been used. Ask for a new one.',
  tooManyWrongCodes: 'Too many wrong codes. Ask for a new one.',

  notInFavorites: 'This offer is not in your favorites.',
  bankNotFound: 'Bank not found.',
  imageNotFound: 'Image not found.',
  unknownInsight: 'Unknown insightId. Create a new insight.',
  unknownImpression: 'Unknown impression_id for this offer.',
  onlyImages: 'Only PNG or JPEG images can be uploaded.',
  uploadNotBase64: (what: 'image' | 'document') => `The ${what} must be base64 encoded.`,
  uploadEmpty: (what: 'image' | 'document') => `The ${what} is empty.`,
  uploadTooLarge: (what: 'image' | 'document') => `The ${what} is larger than 5 MB.`,

  /** The merchant console's company documents. */
  merchantsOnlyDocuments: 'Only merchant accounts have company documents.',
  onlyDocuments: 'Only PDF, PNG or JPEG documents can be uploaded.',
  tooManyDocuments: (max: number) => `At most ${max} documents. Ask the team to remove one.`,
  documentNotFound: 'Document not found.',
} as const;

/**
 * The English texts of the codes an answer falls back to when its own text has none (a team
 * console refusal, a schema's built-in message): the answer keeps its own text as `message`, and
 * these say what the code means (only 'Bad request.' is also sent, for an error without a text).
 */
export const FALLBACK_MESSAGES = {
  badRequest: 'Bad request.',
  invalid: 'This value is not valid.',
  forbidden: 'You may not do this.',
  notFound: 'Not found.',
  conflict: 'This conflicts with how things are now.',
  unavailable: 'This is not available right now. Please try again later.',
} as const;
