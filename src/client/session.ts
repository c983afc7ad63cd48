// Calls about a session token (spec §4 'Session', docs/api.md §6): sending one as the bearer, is
// one still good, whose user is it, ending one. This module holds no session: it is given the
// token (src/stores/session-calls.ts wires it to the stored session).
import { HTTPError, type KyInstance } from 'ky';
import { SessionResponse, UserResponse, type UserData } from '../contract/index.ts';
import { ApiError, mainApi, readAnswer } from './http.ts';

/** Where signed-in calls get their token, and whom they tell when it is refused. */
export interface SessionLink {
  /** The token to send, read at each request; none for a guest (the request goes without one). */
  token: () => string | null | undefined;
  /** A request sent with `sentToken` was answered 401: that token's session is over (expired, revoked, blocked). */
  onUnauthorized: (sentToken: string) => void;
}

const BEARER = 'Bearer ';

/** `api` sending `session.token()` as the bearer token, and reporting each 401 with the token that got it. */
export function withBearerToken(api: KyInstance, session: SessionLink): KyInstance {
  return api.extend({
    hooks: {
      beforeRequest: [
        (request) => {
          const token = session.token();
          if (token) request.headers.set('authorization', `${BEARER}${token}`);
        },
      ],
      afterResponse: [
        (request, _options, response) => {
          const sent = request.headers.get('authorization');
          if (response.status === 401 && sent?.startsWith(BEARER)) session.onUnauthorized(sent.slice(BEARER.length));
        },
      ],
    },
  });
}

export type SessionCheck =
  { kind: 'valid'; userId: number; userType: number } | { kind: 'ended' } | { kind: 'unknown' };

/**
 * Is this token still a session, and whose? 'ended' for a token the server refuses (401);
 * 'unknown' when no answer came, so that a network failure does not throw the user out.
 */
export async function checkSession(token: string, api: KyInstance = mainApi): Promise<SessionCheck> {
  try {
    // Our header form of the check (docs/api.md §6), not §7's token in the path: URLs are logged.
    const { data } = await readAnswer(
      SessionResponse,
      api.get('session/validate', { headers: { authorization: `${BEARER}${token}` } }),
    );
    return { kind: 'valid', userId: data.userId, userType: data.userType };
  } catch (error) {
    return error instanceof ApiError && error.status === 401 ? { kind: 'ended' } : { kind: 'unknown' };
  }
}

/** The user, fresh from the server; `api` must carry that user's token. */
export async function fetchUser(userId: number, api: KyInstance): Promise<UserData> {
  return (await readAnswer(UserResponse, api.get(`get/user/by/${userId}`))).data;
}

/** 'sent': the server took the logout (or refused it for good); 'unsent': it was not reached, or could not act: try again later. */
export type RevokeOutcome = 'sent' | 'unsent';

/** Statuses after which the same logout may work later (the server was down, busy or slow). */
const TRY_AGAIN_STATUSES = new Set([408, 429]);

/** Revokes a session token (logout). Never throws: a failure is told as 'unsent'. */
export async function revokeToken(sessionToken: string, api: KyInstance = mainApi): Promise<RevokeOutcome> {
  try {
    await api.post('user/logout', { headers: { authorization: `${BEARER}${sessionToken}` } });
    return 'sent';
  } catch (error) {
    const status = error instanceof HTTPError ? error.response.status : 0;
    return status === 0 || status >= 500 || TRY_AGAIN_STATUSES.has(status) ? 'unsent' : 'sent';
  }
}
