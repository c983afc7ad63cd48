// What every route module is given, and the per-request values the auth middleware sets.
import type { Context, MiddlewareHandler } from 'hono';
import { USER_TYPES } from '../contract/limits.ts';
import type { Database } from './db/client.ts';
import { requireSignedInUser } from './domain/sessions.ts';
import { failure } from './errors.ts';
import type { ImportQueue } from './jobs/import-queue.ts';
import { clientIp } from './services/client-ip.ts';
import type { RateLimiter } from './services/rate-limits.ts';
import type { ResponseCache } from './services/response-cache.ts';
import type { MailDeps } from './services/mail.ts';
import type { SmsProvider } from './services/sms.ts';
import type { UserRow } from './serialize.ts';

export interface ServerDeps {
  db: Database;
  sms: SmsProvider;
  limiter: RateLimiter;
  /** Public list responses, cleared by publicChanged. */
  cache: ResponseCache;
  /**
   * Something the public sees changed (an offer, the catalogue, favourite counts): the cached
   * answers go, and the site's rebuilder, where one runs, publishes the change at once.
   */
  publicChanged(): void;
  trustProxy: boolean;
  adProxyUrl?: string;
  /** The importers' job queue: the console's "Run now". Absent where this process runs no imports. */
  imports?: ImportQueue;
  /** E-mail (alert digests, address confirmation) and its links' base URLs; absent, the e-mail routes answer 503. */
  mail?: MailDeps;
}

export type AppEnv = {
  Variables: {
    user: UserRow;
    token: string;
    /** A site file's bytes as answered, for the answer memory to keep (site/answer-memory.ts). */
    siteFileBody?: Buffer;
  };
};

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

/** Requires a live sign-in of a team account (401 without a sign-in, 403 for any other type); sets `user` and `token`. */
export function requireTeam(deps: ServerDeps): MiddlewareHandler<AppEnv> {
  const session = requireSession(deps);
  return (c, next) =>
    session(c, async () => {
      if (c.get('user').userType !== USER_TYPES.team) throw failure(403, 'team_only');
      await next();
    });
}

/** Path ids naming a user must be the token's own user. */
export function assertOwnUser(c: Context<AppEnv>, userId: number) {
  if (c.get('user').userId !== userId) throw failure(403, 'not_own_account');
}
