// One error type for every failure the API answers on purpose; app.ts maps it to
// `{ status: false, message, ...extra }` with its HTTP status.
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class HttpFailure extends Error {
  constructor(
    readonly httpStatus: ContentfulStatusCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** What a request that needs a sign-in is told without one. */
const SIGN_IN_MESSAGE = 'Sign in to continue.';

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpFailure(400, message, extra);
export const unauthorized = (message = SIGN_IN_MESSAGE, extra?: Record<string, unknown>) => new HttpFailure(401, message, extra);
export const forbidden = (message = 'You can only act on your own account.', extra?: Record<string, unknown>) => new HttpFailure(403, message, extra);
export const notFound = (message: string, extra?: Record<string, unknown>) => new HttpFailure(404, message, extra);
export const conflict = (message: string, extra?: Record<string, unknown>) => new HttpFailure(409, message, extra);
export const tooManyRequests = (message: string, extra?: Record<string, unknown>) => new HttpFailure(429, message, extra);

/** The answer for a path no route serves, and for a route that hides itself from this caller. */
export const NO_SUCH_ROUTE_MESSAGE = 'No such API route.';
