// The signed-in session (spec §4 'Session'): the token and the user, kept in localStorage so they
// survive a reload, and shared with the other tabs (a sign-in or logout in one reaches the rest
// through the storage event). Only a user with userId and userType counts as signed in.
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import * as v from 'valibot';
import type { SessionLink } from '../client/session.ts';
import type { UserData } from '../contract/index.ts';

export const SESSION_STORAGE_KEY = 'offerlanka:session';

/**
 * What the site reads of a stored user. Checked here rather than with the contract's whole User
 * schema, which would bring the contract into every page; the user was checked against the
 * contract when it was stored, and is refreshed from the API at each load (src/page-scripts/signed-in.ts).
 */
const StoredUser = v.looseObject({
  userId: v.number(),
  userType: v.number(),
  firstName: v.string(),
  mobileNo: v.string(),
  isMobileVerification: v.boolean(),
  favorites: v.array(v.number()),
});
const StoredSession = v.object({ token: v.pipe(v.string(), v.nonEmpty()), user: StoredUser });
export interface Session {
  token: string;
  user: UserData;
}

/** Storage is the visitor's to edit: anything but a whole session reads as no session. */
function decodeSession(text: string): Session | undefined {
  try {
    const parsed = v.safeParse(StoredSession, JSON.parse(text));
    return parsed.success ? (parsed.output as Session) : undefined;
  } catch {
    return undefined;
  }
}

export const $session = persistentAtom<Session | undefined>(SESSION_STORAGE_KEY, undefined, {
  encode: JSON.stringify,
  decode: decodeSession,
});

export const $isSignedIn = computed($session, (session) => Boolean(session?.user.userId && session.user.userType));
export const $user = computed($session, (session) => session?.user);

/** Keeps a new session (after sign-in, sign-up or verification). */
export function startSession(token: string, user: UserData): void {
  $session.set({ token, user });
}

/** Replaces the stored user with a fresher copy (after a favourite, a tag or profile change). */
export function updateSessionUser(user: UserData): void {
  const session = $session.get();
  if (session && session.user.userId === user.userId) $session.set({ ...session, user });
}

/** Forgets the session in this tab and, through storage, in the others. */
export function endSession(): void {
  $session.set(undefined);
}

/** The bearer token, or undefined for a guest. */
export const sessionToken = (): string | undefined => $session.get()?.token;

/**
 * The session as signed-in calls use it (src/client/session.ts withBearerToken): they send its
 * token, and a 401 ends it only when the token refused is still the stored one, so that an old
 * answer does not undo a newer sign-in.
 */
export const sessionLink: SessionLink = {
  token: sessionToken,
  onUnauthorized: (sentToken) => {
    if (sentToken === sessionToken()) endSession();
  },
};
