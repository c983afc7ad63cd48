// The stored session at work with the API (spec §4 'Session'): calls made as the signed-in user
// carry its bearer token, and a 401 for that token ends it (expired, revoked, blocked); the check
// at page load; logout. The client (src/client/session.ts) is given the session (sessionLink);
// it never reads the store itself. Apart from session.ts, which every page loads, so that a guest's
// page does not carry the API client.
import type { KyInstance } from 'ky';
import { mainApi } from '../client/http.ts';
import { checkSession, fetchUser, revokeToken, withBearerToken } from '../client/session.ts';
import { $session, endSession, sessionLink, sessionToken, updateSessionUser } from './session.ts';

/** `api` as the signed-in user: the stored session's token on every request, and a 401 for it ends the session. */
export function withSession(api: KyInstance = mainApi): KyInstance {
  return withBearerToken(api, sessionLink);
}

/** The main API as the signed-in user. */
export const sessionApi = withSession();

/**
 * At page load (spec §4): is the stored session still good? An invalid one logs out; a good one
 * refreshes the stored user. A network failure leaves the session as it is.
 */
export async function validateStoredSession(api: KyInstance = mainApi): Promise<boolean> {
  const session = $session.get();
  if (!session) return false;
  const check = await checkSession(session.token, api);
  if (check.kind === 'ended') {
    endSession();
    return false;
  }
  if (check.kind === 'unknown') return true;
  const fresh = await fetchUser(session.user.userId, withSession(api)).catch(() => undefined);
  if (fresh) updateSessionUser(fresh);
  return true;
}

/** Logout (spec §4): the server revokes the token; the session ends here whatever it answers. */
export async function signOut(api: KyInstance = mainApi): Promise<void> {
  const token = sessionToken();
  endSession();
  if (token) await revokeToken(token, api);
}
