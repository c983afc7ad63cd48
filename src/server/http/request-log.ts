// What the server logs of a request (LOG_REQUESTS=1, and the error log): the method and the URL,
// never a header (so never the Authorization token), and with every secret a URL carries replaced
// by REDACTED: a log is read by more people, and kept longer, than the secrets it would hold.
import type { MiddlewareHandler } from 'hono';
import { logger } from 'hono/logger';

export const REDACTED = '[redacted]';

/**
 * Paths with a secret segment, by route: §7's session check (GET {API}/session/validate/{token})
 * and the favourites calendar feed (GET {API}/calendar/{token}.ics). Case-insensitive and
 * wherever the base is mounted, so that a near miss of the route is redacted too.
 */
const SECRET_PATH_SEGMENTS: readonly RegExp[] = [
  /(\/session\/validate\/)[^/?#\s]+/gi,
  /(\/calendar\/)[^/?#\s]+?(?=\.ics(?:$|[/?#\s])|$|[/?#\s])/gi,
];

/**
 * Query parameters whose value is a secret, on any path: the signed links' `token` (reminder stop,
 * e-mail verify and unsubscribe) and whatever else is named like a credential.
 */
const SECRET_QUERY_NAME = /token|secret|pass|key|sig|otp|code|auth|session/i;
const QUERY_PAIR = /([?&])([^=&#\s]*)=([^&#\s]*)/g;

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** `text` (a path with its query, or a log line holding one) with its URL secrets replaced by REDACTED. */
export function redactSecrets(text: string): string {
  let redacted = text;
  for (const segment of SECRET_PATH_SEGMENTS) redacted = redacted.replace(segment, `$1${REDACTED}`);
  return redacted.replace(QUERY_PAIR, (pair, lead: string, name: string, value: string) =>
    value && SECRET_QUERY_NAME.test(decodedName(name)) ? `${lead}${name}=${REDACTED}` : pair,
  );
}

/** hono/logger's two lines per request (in, then answered with status and time), redacted. */
export function requestLogger(print: (line: string) => void = console.log): MiddlewareHandler {
  return logger((line) => print(redactSecrets(line)));
}
