// Bearer tokens to users: the one place that decides whether a token is a live sign-in, and whose.
import type { Database } from '../db/client.ts';
import { failure } from '../errors.ts';
import type { UserRow } from '../serialize.ts';
import { findLiveToken, revokeToken, type TokenScope } from '../services/tokens.ts';
import { accountBlocked, findUserById } from './users.ts';

/**
 * The live token's row and its user; with `scope`, only a token of that scope. Undefined when the
 * token is unknown, expired, revoked or of another scope, or its user is gone.
 */
export async function findTokenUser(db: Database, token: string, scope?: TokenScope) {
  const row = await findLiveToken(db, token);
  if (!row || (scope !== undefined && row.scope !== scope)) return undefined;
  const user = await findUserById(db, row.userId);
  return user ? { token: row, user } : undefined;
}

/** The user id of a live sign-in, without reading the user: for answers that only differ for their owner. */
export async function sessionUserId(db: Database, token: string | undefined): Promise<number | undefined> {
  const row = token ? await findLiveToken(db, token) : undefined;
  return row?.scope === 'session' ? row.userId : undefined;
}

/**
 * The user of a live sign-in token: 401 without one or when it is not live, 403 for a blocked
 * account, whose token is revoked on the way.
 */
export async function requireSignedInUser(db: Database, token: string | undefined): Promise<UserRow> {
  if (!token) throw failure(401, 'sign_in_required');
  const session = await findTokenUser(db, token, 'session');
  if (!session) throw failure(401, 'session_expired');
  if (session.user.isAccountBlock) {
    await revokeToken(db, token);
    throw accountBlocked();
  }
  return session.user;
}
