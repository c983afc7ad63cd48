// The stored session at work with the API (spec §4 'Session'): calls made as the signed-in user
// carry its bearer token, and a 401 for that token ends it (expired, revoked, blocked); the check
// at page load; logout (sent later when offline). The client (src/client/session.ts) is given the
// session (sessionLink); it never reads the store itself. Apart from session.ts, which every page loads, so that a guest's
// page does not carry the API client.
import type { KyInstance } from 'ky';
import { mainApi } from '../client/http.ts';
import { checkSession, fetchUser, revokeToken, withBearerToken } from '../client/session.ts';
import { $session, endSession, sessionLink, sessionToken, updateSessionUser } from './session.ts';
import { $tokensToRevoke, forgetTokenToRevoke, keepTokenToRevoke } from './tokens-to-revoke.ts';

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

/**
 * Logout (spec §4): the session ends here at once, and the server revokes the token; if it cannot
 * be reached, the token is kept and revoked at the next connection (revokeKeptTokens).
 */
export async function signOut(api: KyInstance = mainApi): Promise<void> {
  const token = sessionToken();
  endSession();
  if (token) await revokeOrKeep(token, api);
}

/** Revokes a token now, or keeps it to revoke later when the server cannot be reached. */
export async function revokeOrKeep(token: string, api: KyInstance = mainApi): Promise<void> {
  if ((await revokeToken(token, api)) === 'unsent') keepTokenToRevoke(token);
}

let revoking: Promise<void> | undefined;

/** Sends the logouts kept while offline, each once at a time; a token the server took is forgotten. */
export function revokeKeptTokens(api: KyInstance = mainApi): Promise<void> {
  revoking ??= (async () => {
    for (const token of $tokensToRevoke.get()) {
      if ((await revokeToken(token, api)) === 'sent') forgetTokenToRevoke(token);
    }
  })().finally(() => {
    revoking = undefined;
  });
  return revoking;
}
