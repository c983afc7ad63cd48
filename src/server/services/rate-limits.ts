// Fixed-window rate limits per IP and per mobile number. Counters live in memory for one process,
// or in Redis (REDIS_URL) so that several API processes share them.
import { Redis } from 'ioredis';
import { tooManyRequests } from '../errors.ts';

export interface RateLimitStore {
  /** Counts one hit on `key` and returns the hits in the current window. */
  hit(key: string, windowMs: number): Promise<number>;
  close(): Promise<void>;
}

export type RateRule = { limit: number; windowMs: number };
const MINUTE = 60_000;

export const DEFAULT_RATE_RULES = {
  signInPerIp: { limit: 30, windowMs: 15 * MINUTE },
  signInPerMobile: { limit: 10, windowMs: 15 * MINUTE },
  userLookupPerIp: { limit: 60, windowMs: 15 * MINUTE },
  userLookupPerMobile: { limit: 20, windowMs: 15 * MINUTE },
  signUpPerIp: { limit: 10, windowMs: 60 * MINUTE },
  codeSendPerIp: { limit: 20, windowMs: 60 * MINUTE },
  codeCheckPerIp: { limit: 30, windowMs: 15 * MINUTE },
  feedbackPerIp: { limit: 10, windowMs: 60 * MINUTE },
  feedbackPerMobile: { limit: 5, windowMs: 60 * MINUTE },
  newsletterPerIp: { limit: 10, windowMs: 60 * MINUTE },
  // Per number, code sending is capped by the resend limit (one-time-codes.ts), not here.
  /** Impressions count views: a cap keeps one address from inflating them. */
  impressionPerIp: { limit: 600, windowMs: 15 * MINUTE },
  /** Per merchant account: new offers wait for review, so a flood would bury the queue. */
  offerCreatePerUser: { limit: 30, windowMs: 60 * MINUTE },
} satisfies Record<string, RateRule>;
export type RateRuleName = keyof typeof DEFAULT_RATE_RULES;
export type RateRules = Record<RateRuleName, RateRule>;

export function createMemoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = Date.now();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      if (now - lastSweep > MINUTE) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        lastSweep = now;
      }
      const current = windows.get(key);
      if (!current || current.resetAt <= now) {
        windows.set(key, { count: 1, resetAt: now + windowMs });
        return 1;
      }
      current.count += 1;
      return current.count;
    },
    async close() { windows.clear(); },
  };
}

export function createRedisRateLimitStore(url: string, prefix = 'offerlanka:rl:'): RateLimitStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  redis.on('error', (error) => console.error('[redis]', error.message));
  return {
    async hit(key, windowMs) {
      const results = await redis.multi().incr(prefix + key).pexpire(prefix + key, windowMs, 'NX').exec();
      const [error, value] = results?.[0] ?? [new Error('empty reply'), 0];
      if (error) throw error;
      return Number(value);
    },
    async close() { await redis.quit().catch(() => redis.disconnect()); },
  };
}

export class RateLimiter {
  constructor(private readonly store: RateLimitStore, private readonly rules: RateRules, private readonly enabled = true) {}

  /** Counts a hit and answers 429 once the rule's limit is passed. */
  async check(rule: RateRuleName, subject: string) {
    if (!this.enabled) return;
    const { limit, windowMs } = this.rules[rule];
    let hits: number;
    try {
      hits = await this.store.hit(`${rule}:${subject}`, windowMs);
    } catch (error) {
      // A counter store that is down must not take sign-in down with it.
      console.error('[rate-limit] store unavailable:', error instanceof Error ? error.message : error);
      return;
    }
    if (hits > limit) {
      const minutes = Math.ceil(windowMs / MINUTE);
      throw tooManyRequests(`Too many requests. Please wait up to ${minutes} minutes and try again.`, { retryAfterSeconds: Math.ceil(windowMs / 1000) });
    }
  }
}
