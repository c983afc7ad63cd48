// What every route module is given, and the per-request values the auth middleware sets.
import type { Context, MiddlewareHandler } from 'hono';
import type { Database } from './db/client.ts';
import { requireSignedInUser } from './domain/sessions.ts';
import { forbidden } from './errors.ts';
import { clientIp } from './services/client-ip.ts';
import type { RateLimiter } from './services/rate-limits.ts';
import type { ResponseCache } from './services/response-cache.ts';
import type { SmsProvider } from './services/sms.ts';
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
    c.set('user', await requireSignedInUser(deps.db, token));
    c.set('token', token!);
    await next();
  };
}

/** Path ids naming a user must be the token's own user. */
export function assertOwnUser(c: Context<AppEnv>, userId: number) {
  if (c.get('user').userId !== userId) throw forbidden();
}
