// One error type for every failure the API answers on purpose; app.ts maps it to
// `{ status: false, message, code, params?, ...extra }` with its HTTP status. A failure is made
// from its code (failure()): the message is the code's English text from the message catalogue.
// Only a schema's issues arrive as English text (validate.ts), and describeText finds their codes.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  describeText,
  englishText,
  statusErrorCode,
  type ErrorCode,
  type ErrorParams,
} from '../contract/error-codes.ts';

type Extra = Record<string, unknown>;

export class HttpFailure extends Error {
  constructor(
    readonly httpStatus: ContentfulStatusCode,
    message: string,
    /** What the message says, for the browser to say it in the visitor's language. */
    readonly code: ErrorCode,
    /** The values in the code's text. */
    readonly params?: ErrorParams,
    readonly extra: Extra = {},
  ) {
    super(message);
  }
}

/** A failure by its code: its English text, with `params` written into its `{name}` places. */
export const failure = (httpStatus: ContentfulStatusCode, code: ErrorCode, params?: ErrorParams, extra?: Extra) =>
  new HttpFailure(httpStatus, englishText(code, params), code, params, extra);

/** A request field the server refused, as a form shows it beside the field. */
export interface Issue {
  path: string;
  message: string;
  code: ErrorCode;
  params?: ErrorParams;
}

/** The issue of the field at `path`, by its code. */
export const fieldIssue = (path: string, code: ErrorCode, params?: ErrorParams): Issue => ({
  path,
  message: englishText(code, params),
  code,
  ...(params && { params }),
});

/** A refusal of one field, by its code: the message is its issue's text, and the issue is listed. */
export function fieldFailure(httpStatus: ContentfulStatusCode, path: string, code: ErrorCode, params?: ErrorParams) {
  const issue = fieldIssue(path, code, params);
  return new HttpFailure(httpStatus, issue.message, code, params, { issues: [issue] });
}

/** A 400 about one field, said as a schema's failure says it: `path: text`, with the issue. */
export function invalidField(path: string, code: ErrorCode, params?: ErrorParams) {
  const issue = fieldIssue(path, code, params);
  return new HttpFailure(400, `${path}: ${issue.message}`, code, params, { issues: [issue] });
}

/**
 * An error answer's body: the code given, else its text's (with the values the text holds), else
 * its status's. Issues without a code get their text's, else the answer's: they restate it.
 */
export function errorBody(status: number, message: string, code?: ErrorCode, extra: Extra = {}, params?: ErrorParams) {
  const described = code
    ? { code, ...(params && { params }) }
    : (describeText(message) ?? { code: statusErrorCode(status) });
  const coded = (issue: Omit<Issue, 'code'> & { code?: ErrorCode }) =>
    issue.code
      ? { ...issue, code: issue.code }
      : { ...issue, ...(describeText(issue.message) ?? { code: described.code }) };
  const issues = Array.isArray(extra.issues) ? { issues: (extra.issues as Issue[]).map(coded) } : {};
  return { status: false as const, message, ...described, ...extra, ...issues };
}
