// One error type for every failure the API answers on purpose; app.ts maps it to
// `{ status: false, message, code, params?, ...extra }` with its HTTP status. A failure is made
// from its code (failure()): the message is the code's English text from the message catalogue.
// Older ones are made from an English text, whose code errorBody finds.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  describeText,
  englishText,
  statusErrorCode,
  type ErrorCode,
  type ErrorParams,
} from '../contract/error-codes.ts';

export class HttpFailure extends Error {
  constructor(
    readonly httpStatus: ContentfulStatusCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** The answer's code when its text has none of its own ('Unknown locations: Galle'); else the text's. */
    readonly code?: ErrorCode,
    /** The values in the code's text, with the code. */
    readonly params?: ErrorParams,
  ) {
    super(message);
  }
}

/** A failure by its code: its English text, with `params` written into its `{name}` places. */
export const failure = (
  httpStatus: ContentfulStatusCode,
  code: ErrorCode,
  params?: ErrorParams,
  extra?: Record<string, unknown>,
) => new HttpFailure(httpStatus, englishText(code, params), extra, code, params);

type Extra = Record<string, unknown>;
export const badRequest = (message: string, extra?: Extra, code?: ErrorCode) =>
  new HttpFailure(400, message, extra, code);
export const unauthorized = (message: string = englishText('sign_in_required'), extra?: Extra) =>
  new HttpFailure(401, message, extra);
export const forbidden = (message: string = englishText('not_own_account'), extra?: Extra) =>
  new HttpFailure(403, message, extra);
export const notFound = (message: string, extra?: Extra) => new HttpFailure(404, message, extra);
export const conflict = (message: string, extra?: Extra) => new HttpFailure(409, message, extra);
export const tooManyRequests = (message: string, extra?: Extra) => new HttpFailure(429, message, extra);

/** The answer for a path no route serves, and for a route that hides itself from this caller. */
export const NO_SUCH_ROUTE_MESSAGE = englishText('no_such_route');

interface Issue {
  path: string;
  message: string;
  code?: string;
  params?: ErrorParams;
}

/**
 * An error answer's body: the code given, else its text's (with the values the text holds), else
 * its status's. Issues without a code get their text's, else the answer's: they restate it.
 */
export function errorBody(status: number, message: string, code?: ErrorCode, extra: Extra = {}, params?: ErrorParams) {
  const described = code
    ? { code, ...(params && { params }) }
    : (describeText(message) ?? { code: statusErrorCode(status) });
  const coded = (issue: Issue) =>
    issue.code
      ? { ...issue, code: issue.code }
      : { ...issue, ...(describeText(issue.message) ?? { code: described.code }) };
  const issues = Array.isArray(extra.issues) ? { issues: (extra.issues as Issue[]).map(coded) } : {};
  return { status: false as const, message, ...described, ...extra, ...issues };
}
