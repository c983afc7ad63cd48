// Fixed-window rate limits per IP, mobile number and e-mail, and the progressive slow-down of failed
// sign-ins. Counters live in memory for one process, or in Redis (REDIS_URL) so that several API
// processes share them; while Redis is unreachable they count in each process's memory.
import { Redis } from 'ioredis';
import { signInWaitParams } from '../../contract/api-messages.ts';
import { failure } from '../errors.ts';

export interface RateLimitStore {
  /** Counts one hit on `key` and returns the hits in the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  /** Sets `key` for `ttlMs`, replacing any earlier time. */
  mark(key: string, ttlMs: number): Promise<void>;
  /** How long `key` stays set: 0 when it is not. */
  remainingMs(key: string): Promise<number>;
  clear(...keys: string[]): Promise<void>;
  close(): Promise<void>;
  /** Where the counters are now; a store without it is this process's memory. */
  state?(): RateLimitStoreState;
}

export type RateRule = { limit: number; windowMs: number };
/**
 * Failed sign-ins: the first `freeFailures` in `windowMs` cost nothing; each one after that makes
 * the next attempt wait, twice as long each time (from `firstWaitMs`, at most `maxWaitMs`).
 */
export type SlowDownRule = { freeFailures: number; firstWaitMs: number; maxWaitMs: number; windowMs: number };
const SECOND = 1000;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Failed sign-ins slow a number down instead of locking it (NIST SP 800-63B 5.2.2: at most about
 * 100 failures a day on one account), so a stranger who knows a number cannot keep its owner out:
 * - per number and address together, one attacker's waits start early and grow to 20 minutes;
 * - per number from any address (many attackers), the same waits start later, and they do not
 *   apply to an address the account signed in from before. The owner elsewhere waits at most
 *   20 minutes, or signs in at once with a one-time code ("Forgot password").
 */
export const SIGN_IN_SLOW_DOWN = {
  perMobileAndIp: { freeFailures: 5, firstWaitMs: SECOND, maxWaitMs: 20 * MINUTE, windowMs: DAY },
  perMobile: { freeFailures: 10, firstWaitMs: SECOND, maxWaitMs: 20 * MINUTE, windowMs: DAY },
  /** How long an address stays known for a number after a sign-in from it. */
  knownAddressMs: 30 * DAY,
} satisfies Record<string, SlowDownRule | number>;
export type SignInSlowDown = typeof SIGN_IN_SLOW_DOWN;

export const DEFAULT_RATE_RULES = {
  /** Every sign-in attempt from one address, whatever the number: stops password spraying. */
  signInPerIp: { limit: 30, windowMs: 15 * MINUTE },
  userLookupPerIp: { limit: 60, windowMs: 15 * MINUTE },
  userLookupPerMobile: { limit: 20, windowMs: 15 * MINUTE },
  signUpPerIp: { limit: 10, windowMs: 60 * MINUTE },
  codeSendPerIp: { limit: 20, windowMs: 60 * MINUTE },
  /** Counted before the number is looked up, so the answers tell nothing once it is reached. */
  codeSendPerMobile: { limit: 10, windowMs: 60 * MINUTE },
  codeCheckPerIp: { limit: 30, windowMs: 15 * MINUTE },
  feedbackPerIp: { limit: 10, windowMs: 60 * MINUTE },
  feedbackPerMobile: { limit: 5, windowMs: 60 * MINUTE },
  newsletterPerIp: { limit: 10, windowMs: 60 * MINUTE },
  newsletterPerEmail: { limit: 3, windowMs: 60 * MINUTE },
  // A registered number's code sends are also capped by the resend limit (one-time-codes.ts).
  /** Impressions count views: a cap keeps one address from inflating them. */
  impressionPerIp: { limit: 600, windowMs: 15 * MINUTE },
  /** Per merchant account: new offers wait for review, so a flood would bury the queue. */
  offerCreatePerUser: { limit: 30, windowMs: 60 * MINUTE },
  /** A merchant's registration documents: a handful is normal. */
  documentUploadPerUser: { limit: 20, windowMs: 60 * MINUTE },
  /** Reports of a problem with an offer: a cap keeps one address from flooding the team's inbox. */
  reportPerIp: { limit: 10, windowMs: 60 * MINUTE },
  /** Per team account: generous for a day's reviewing, a stop for a runaway script or a stolen token. */
  teamReadPerUser: { limit: 1200, windowMs: 15 * MINUTE },
  teamWritePerUser: { limit: 300, windowMs: 15 * MINUTE },
  /** E-mail confirmation links: each mails an address, so a few per account, per address and per connection. */
  emailLinkPerUser: { limit: 5, windowMs: 60 * MINUTE },
  emailLinkPerAddress: { limit: 5, windowMs: DAY },
  emailLinkPerIp: { limit: 20, windowMs: 60 * MINUTE },
} satisfies Record<string, RateRule>;
export type RateRuleName = keyof typeof DEFAULT_RATE_RULES;
export type RateRules = Record<RateRuleName, RateRule>;

export function createMemoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = Date.now();
  const live = (key: string, now: number) => {
    if (now - lastSweep > MINUTE) {
      for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      lastSweep = now;
    }
    const current = windows.get(key);
    return current && current.resetAt > now ? current : undefined;
  };
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      const current = live(key, now);
      if (!current) {
        windows.set(key, { count: 1, resetAt: now + windowMs });
        return 1;
      }
      current.count += 1;
      return current.count;
    },
    async mark(key, ttlMs) {
      windows.set(key, { count: 1, resetAt: Date.now() + ttlMs });
    },
    async remainingMs(key) {
      const now = Date.now();
      const current = live(key, now);
      return current ? current.resetAt - now : 0;
    },
    async clear(...keys) {
      for (const key of keys) windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

/** Where the counters are, for the team's Overview: shared in Redis, or per process while it is unreachable. */
export type RateLimitStoreState =
  { state: 'connected' } | { state: 'unreachable'; since: Date } | { state: 'not_configured' };

/** A Redis command slower than this counts as Redis being unreachable: a limited route never waits on it. */
export const REDIS_COMMAND_TIMEOUT_MS = 100;
/** How long one connection attempt may take; a refused one fails at once. */
const REDIS_CONNECT_TIMEOUT_MS = 1000;
/** Reconnect attempts run in the background, at most this far apart. */
const REDIS_RECONNECT_MAX_MS = 2000;

/**
 * Counters in Redis, shared by every process. While Redis does not answer, each call fails within
 * REDIS_COMMAND_TIMEOUT_MS (no offline queue, no retries) and counts in this process's memory
 * instead: the limits still hold per process, rather than opening for everyone.
 */
export function createRedisRateLimitStore(
  url: string,
  prefix = 'offerlanka:rl:',
  log: (line: string) => void = console.error,
  /** Longer only where sharing itself is checked on a busy machine (the tests), not the timeout. */
  commandTimeoutMs = REDIS_COMMAND_TIMEOUT_MS,
): RateLimitStore & { state(): RateLimitStoreState } {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: commandTimeoutMs,
    retryStrategy: (attempt) => Math.min(attempt * 100, REDIS_RECONNECT_MAX_MS),
  });
  const local = createMemoryRateLimitStore();
  // Unreachable until the first connection is ready: commands are refused until then.
  let unreachableSince: Date | undefined = new Date();
  /** The log says unreachable: said once, until Redis answers again. */
  let saidDown = false;
  let closing = false;
  const down = (reason: string) => {
    if (closing) return;
    unreachableSince ??= new Date();
    if (saidDown) return;
    saidDown = true;
    log(`[redis] unreachable (${reason}): rate limits count per process until it answers again`);
  };
  const up = () => {
    if (saidDown && !closing) log('[redis] answering again: rate limits are shared again');
    saidDown = false;
    unreachableSince = undefined;
  };
  redis.on('ready', up);
  // Each failed reconnect emits an error: only the change of state is logged.
  redis.on('error', (error: Error) => down(error.message));
  redis.on('close', () => down('connection closed'));
  /** Redis's answer, or this process's own count when Redis does not give one in time. */
  const either = async <T>(remote: () => Promise<T>, fallback: () => Promise<T>): Promise<T> => {
    if (redis.status !== 'ready') return fallback();
    try {
      const answer = await remote();
      // Answering again after a timeout: the connection never closed, so no 'ready' says so.
      if (unreachableSince) up();
      return answer;
    } catch (error) {
      down(error instanceof Error ? error.message : String(error));
      return fallback();
    }
  };
  return {
    hit: (key, windowMs) =>
      either(
        async () => {
          const results = await redis
            .multi()
            .incr(prefix + key)
            .pexpire(prefix + key, windowMs, 'NX')
            .exec();
          const [error, value] = results?.[0] ?? [new Error('empty reply'), 0];
          if (error) throw error;
          return Number(value);
        },
        () => local.hit(key, windowMs),
      ),
    mark: (key, ttlMs) =>
      either(
        async () => {
          await redis.set(prefix + key, '1', 'PX', Math.max(1, Math.round(ttlMs)));
        },
        () => local.mark(key, ttlMs),
      ),
    remainingMs: (key) =>
      either(
        async () => Math.max(0, await redis.pttl(prefix + key)),
        () => local.remainingMs(key),
      ),
    clear: (...keys) =>
      either(
        async () => {
          if (keys.length) await redis.del(...keys.map((key) => prefix + key));
        },
        () => local.clear(...keys),
      ),
    state: () => (unreachableSince ? { state: 'unreachable', since: unreachableSince } : { state: 'connected' }),
    async close() {
      closing = true;
      await local.close();
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}

/** A counter store that is down must not take sign-in down with it: the request goes through. */
async function orLetThrough<T>(work: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    console.error('[rate-limit] store unavailable:', error instanceof Error ? error.message : error);
    return fallback;
  }
}

/** The wait after the `failures`-th failure of a slow-down rule: 0 while failures are free. */
export function slowDownWaitMs(rule: SlowDownRule, failures: number): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.maxWaitMs, rule.firstWaitMs * 2 ** Math.min(failures - rule.freeFailures, 30));
}

export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly rules: RateRules,
    private readonly enabled = true,
    private readonly signIn: SignInSlowDown = SIGN_IN_SLOW_DOWN,
  ) {}

  /** Where the counters are: Redis, or this process alone (no REDIS_URL, or Redis unreachable). */
  storeState(): RateLimitStoreState {
    return this.store.state?.() ?? { state: 'not_configured' };
  }

  /** Counts a hit and answers 429 once the rule's limit is passed. */
  async check(rule: RateRuleName, subject: string) {
    if (!this.enabled) return;
    const { limit, windowMs } = this.rules[rule];
    const hits = await orLetThrough(() => this.store.hit(`${rule}:${subject}`, windowMs), 0);
    if (hits > limit) {
      const minutes = Math.ceil(windowMs / MINUTE);
      throw failure(429, 'rate_limited', { minutes }, { retryAfterSeconds: Math.ceil(windowMs / 1000) });
    }
  }

  /** Answers 429 while an earlier failure makes this number (from this address) wait. */
  async checkSignInWait(mobileNo: string, ip: string) {
    if (!this.enabled) return;
    const keys = signInKeys(mobileNo, ip);
    const waits = await orLetThrough(async () => {
      const [pair, known] = await Promise.all([
        this.store.remainingMs(keys.pairWait),
        this.store.remainingMs(keys.known),
      ]);
      // An address this account signed in from is not slowed by strangers' failures elsewhere.
      const number = known > 0 ? 0 : await this.store.remainingMs(keys.numberWait);
      return Math.max(pair, number);
    }, 0);
    if (waits > 0) {
      const seconds = Math.ceil(waits / 1000);
      throw failure(429, 'sign_in_wait', signInWaitParams(seconds), { retryAfterSeconds: seconds });
    }
  }

  /** A wrong password (or an unknown number): counts toward both slow-downs. */
  async signInFailed(mobileNo: string, ip: string) {
    if (!this.enabled) return;
    const keys = signInKeys(mobileNo, ip);
    const { perMobileAndIp, perMobile } = this.signIn;
    await orLetThrough(async () => {
      const [pairFailures, numberFailures] = await Promise.all([
        this.store.hit(keys.pairFailures, perMobileAndIp.windowMs),
        this.store.hit(keys.numberFailures, perMobile.windowMs),
      ]);
      const pairWait = slowDownWaitMs(perMobileAndIp, pairFailures);
      const numberWait = slowDownWaitMs(perMobile, numberFailures);
      if (pairWait) await this.store.mark(keys.pairWait, pairWait);
      if (numberWait) await this.store.mark(keys.numberWait, numberWait);
    }, undefined);
  }

  /** A right password: the failures are forgiven and the address becomes known for the number. */
  async signInSucceeded(mobileNo: string, ip: string) {
    if (!this.enabled) return;
    const keys = signInKeys(mobileNo, ip);
    await orLetThrough(async () => {
      await this.store.clear(keys.pairFailures, keys.pairWait, keys.numberFailures, keys.numberWait);
      await this.store.mark(keys.known, this.signIn.knownAddressMs);
    }, undefined);
  }
}

const signInKeys = (mobileNo: string, ip: string) => ({
  pairFailures: `signInFailures:${mobileNo}:${ip}`,
  pairWait: `signInWait:${mobileNo}:${ip}`,
  numberFailures: `signInFailures:${mobileNo}`,
  numberWait: `signInWait:${mobileNo}`,
  known: `signInKnown:${mobileNo}:${ip}`,
});
