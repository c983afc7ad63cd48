// Where the sign-in pages send a visitor: the `returnTo` path after signing in, and a visitor who is
// already signed in away from /sign-in and /sign-up at once (spec §4: only a user with userId and
// userType counts as signed in).
//
// The second runs as a small blocking inline script at the top of those two pages, so that it acts
// before the form is parsed and costs no request (and adds nothing to any other page). So both
// functions below are put into that script by their source text (signedInRedirectScript): they
// must stay self-contained, with no imports and no names from outside their own bodies.

/**
 * Where to go after signing in: the `returnTo` path when it is a path of this site, else home.
 * Refused: other sites ('//evil.example', 'https://…'), backslashes and control characters (browsers
 * read '/\evil.example' and '/\t/evil.example' as another host), and the sign-in pages themselves.
 */
export function safeReturnPath(raw: string | null | undefined): string {
  const siteOrigin = 'https://offerlanka.invalid';
  const signInPaths = ['/login', '/sign-in', '/sign-up']; // would only send the visitor back here
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || /[\\\u0000-\u0020\u007f]/.test(raw)) return '/';
  let url: URL;
  try {
    url = new URL(raw, siteOrigin);
  } catch {
    return '/';
  }
  if (
    url.origin !== siteOrigin ||
    signInPaths.some((path) => url.pathname === path || url.pathname.startsWith(`${path}/`))
  )
    return '/';
  return url.pathname + url.search + url.hash;
}

/**
 * Where a visitor with `stored` (the session's localStorage text) goes from a sign-in page, or
 * undefined to stay. It reads the session as src/stores/session.ts does (a whole session, with a
 * token and a user with userId and userType), so that a session the site does not count never
 * sends a visitor back and forth between a page for signed-in users and the sign-in page.
 */
export function signedInDestination(
  stored: string | null,
  search: string,
  returnParam: string,
  returnPath: (raw: string | null) => string,
): string | undefined {
  let session: { token?: unknown; user?: Record<string, unknown> } | null;
  try {
    session = JSON.parse(stored ?? 'null');
  } catch {
    return undefined;
  }
  const user = session?.user;
  const whole =
    typeof session?.token === 'string' &&
    session.token !== '' &&
    typeof user === 'object' &&
    user !== null &&
    typeof user.userId === 'number' &&
    typeof user.userType === 'number' &&
    typeof user.firstName === 'string' &&
    typeof user.mobileNo === 'string' &&
    typeof user.isMobileVerification === 'boolean' &&
    Array.isArray(user.favorites) &&
    user.favorites.every((id: unknown) => typeof id === 'number');
  if (!whole || !user.userId || !user.userType) return undefined;
  return returnPath(new URLSearchParams(search).get(returnParam));
}

/**
 * The inline script of /sign-in and /sign-up: a signed-in visitor leaves with location.replace (the
 * sign-in page stays out of history), and the page is hidden meanwhile (`data-leaving`).
 */
export function signedInRedirectScript(storageKey: string, returnParam: string): string {
  const args = [JSON.stringify(storageKey), JSON.stringify(returnParam)].join(', ');
  return `(function (storageKey, returnParam) {
  var safeReturnPath = ${safeReturnPath.toString()};
  var signedInDestination = ${signedInDestination.toString()};
  var stored = null;
  try { stored = localStorage.getItem(storageKey); } catch (error) { return; }
  var destination = signedInDestination(stored, location.search, returnParam, safeReturnPath);
  if (destination === undefined) return;
  document.documentElement.setAttribute('data-leaving', '');
  location.replace(destination);
})(${args});`;
}
