// What every route module is given, and the per-request values the auth middleware sets.
import { eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { MESSAGES } from '../contract/limits.ts';
import type { Database } from './db/client.ts';
import { favorites, users } from './db/schema.ts';
import { forbidden, unauthorized } from './errors.ts';
import { clientIp } from './services/client-ip.ts';
import type { RateLimiter } from './services/rate-limits.ts';
import type { ResponseCache } from './services/response-cache.ts';
import type { SmsProvider } from './services/sms.ts';
import { findLiveToken, revokeToken } from './services/tokens.ts';
import type { UserRow } from './serialize.ts';

export interface ServerDeps {
  db: Database;
  sms: SmsProvider;
  limiter: RateLimiter;
  /** Public list responses, cleared by writes that change them. */
  cache: ResponseCache;
  trustProxy: boolean;
  adProxyUrl?: string;
}

export type AppEnv = { Variables: { user: UserRow; token: string } };

export const requestIp = (deps: ServerDeps, c: Context) => clientIp(c, deps.trustProxy);

export function bearerToken(c: Context): string | undefined {
  const header = c.req.header('authorization');
  const match = header?.match(/^Bearer\s+(\S{1,200})$/i);
  return match?.[1];
}

/** Requires a live sign-in token; sets `user` and `token`. */
export function requireSession(deps: ServerDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c);
    if (!token) throw unauthorized('Sign in to continue.');
    const session = await findLiveToken(deps.db, token);
    if (!session || session.scope !== 'session') throw unauthorized('Your session has expired. Please sign in again.');
    const [user] = await deps.db.select().from(users).where(eq(users.userId, session.userId)).limit(1);
    if (!user) throw unauthorized('Your session has expired. Please sign in again.');
    if (user.isAccountBlock) {
      await revokeToken(deps.db, token);
      throw forbidden(MESSAGES.accountBlocked, { isAccountBlock: true });
    }
    c.set('user', user);
    c.set('token', token);
    await next();
  };
}

/** Path ids naming a user must be the token's own user. */
export function assertOwnUser(c: Context<AppEnv>, userId: number) {
  if (c.get('user').userId !== userId) throw forbidden();
}

export async function favoriteOfferIds(db: Database, userId: number) {
  const rows = await db.select({ offerId: favorites.offerId }).from(favorites).where(eq(favorites.userId, userId)).orderBy(favorites.createdAt);
  return rows.map((row) => row.offerId);
}

/** Answers from the public response cache, as a JSON body. */
export async function cachedJson(c: Context, cache: ResponseCache, key: string, produce: () => Promise<unknown>) {
  return c.body(await cache.json(key, produce), 200, { 'content-type': 'application/json; charset=UTF-8' });
}
