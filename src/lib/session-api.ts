// Calls made as the signed-in user: the main API with the session's bearer token. A 401 from any of
// them means the session is over (expired, revoked, blocked), so the session ends cleanly.
import type { KyInstance } from 'ky';
import * as v from 'valibot';
import { SessionResponse, User } from '../contract/index.ts';
import { $session, endSession, sessionToken, updateSessionUser } from '../stores/session.ts';
import { mainApi, readAnswer } from './api-client.ts';

export function withSession(api: KyInstance = mainApi): KyInstance {
  return api.extend({
    hooks: {
      beforeRequest: [(request) => {
        const token = sessionToken();
        if (token) request.headers.set('authorization', `Bearer ${token}`);
      }],
      afterResponse: [(request, _options, response) => {
        // Only when the token sent is still the stored one: a newer sign-in is not undone by an old answer.
        if (response.status === 401 && request.headers.get('authorization') === `Bearer ${sessionToken()}`) endSession();
      }],
    },
  });
}

export const sessionApi = withSession();

const UserAnswer = v.object({ status: v.literal(true), data: User });

/**
 * At page load (spec §4): is the stored session still good? An invalid one logs out; a good one
 * refreshes the stored user. A network failure leaves the session as it is.
 */
export async function validateStoredSession(api: KyInstance = mainApi): Promise<boolean> {
  const session = $session.get();
  if (!session) return false;
  try {
    await readAnswer(SessionResponse, api.get(`session/validate/${encodeURIComponent(session.token)}`));
  } catch (error) {
    if ((error as { status?: number }).status === 401) {
      endSession();
      return false;
    }
    return true;
  }
  const fresh = await readAnswer(UserAnswer, withSession(api).get(`get/user/by/${session.user.userId}`)).catch(() => undefined);
  if (fresh) updateSessionUser(fresh.data);
  return true;
}

/** Logout (spec §4): the server revokes the token; the session ends here whatever it answers. */
export async function signOut(api: KyInstance = mainApi): Promise<void> {
  const token = sessionToken();
  endSession();
  if (token) await api.post('user/logout', { headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
}
