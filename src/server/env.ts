// The server's settings, read from the environment once and checked, so a typo fails at start-up
// with a clear message instead of later.
import * as v from 'valibot';

const flag = v.pipe(v.optional(v.picklist(['0', '1', 'true', 'false']), '0'), v.transform((s) => s === '1' || s === 'true'));
const port = (fallback: string) => v.pipe(v.optional(v.string(), fallback), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(65535));

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.string(), 'development'),
  PORT: port('4321'),
  HOST: v.optional(v.string(), '0.0.0.0'),
  /** A PostgreSQL server; without it the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL'))),
  DATA_DIR: v.optional(v.string(), 'data'),
  /** Redis for rate-limit counters shared by several API processes; memory when unset. */
  REDIS_URL: v.optional(v.pipe(v.string(), v.regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL'))),
  SMS_PROVIDER: v.optional(v.picklist(['console', 'http'])),
  SMS_HTTP_URL: v.optional(v.pipe(v.string(), v.url())),
  SMS_HTTP_TOKEN: v.optional(v.string()),
  /** Trust X-Forwarded-For: set only when a proxy that overwrites it stands in front. */
  TRUST_PROXY: flag,
  PUBLIC_AD_PROXY_URL: v.optional(v.pipe(v.string(), v.url())),
  /** Mount points of the three services. */
  API_BASE: v.optional(v.string(), '/api'),
  INSIGHT_BASE: v.optional(v.string(), '/insight'),
  DEMO_BASE: v.optional(v.string(), '/demo'),
  /** Set to 0 to turn rate limits off (load tests only). */
  RATE_LIMITS: v.optional(v.picklist(['0', '1']), '1'),
  LOG_REQUESTS: flag,
  /** How long public list responses are reused, in ms; 0 turns the cache off. */
  RESPONSE_CACHE_TTL_MS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,7}$/, 'RESPONSE_CACHE_TTL_MS must be a number of ms'), v.transform(Number)), '5000'),
  /** Serve the built site from this folder beside the API (a symlink to the current build). */
  SITE_DIR: v.optional(v.string(), 'dist'),
  /** The site's public base URL, for canonical links and the sitemap. */
  SITE_URL: v.optional(v.pipe(v.string(), v.url('SITE_URL must be a URL')), 'http://localhost:4321'),
  /** How often `npm start` rebuilds the site from the API, in minutes. */
  REBUILD_INTERVAL_MINUTES: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'REBUILD_INTERVAL_MINUTES must be a number'), v.transform(Number), v.minValue(1),
    // setTimeout holds at most 2^31-1 ms (24.8 days): a longer interval would fire at once, in a loop.
    v.maxValue(Math.floor((2 ** 31 - 1) / 60_000), 'REBUILD_INTERVAL_MINUTES is at most 35791 (24 days)')), '60'),
});

export type ServerEnv = v.InferOutput<typeof EnvSchema> & { SMS_PROVIDER: 'console' | 'http' };

export function readEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  // An empty variable means "not set", as in a shell's VAR= .
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(EnvSchema, given);
  if (!result.success) {
    const lines = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? '?'}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = result.output;
  const smsProvider = env.SMS_PROVIDER ?? (env.NODE_ENV === 'production' ? 'http' : 'console');
  if (smsProvider === 'http' && !env.SMS_HTTP_URL) throw new Error('Invalid environment:\n  SMS_HTTP_URL is required when SMS_PROVIDER=http');
  return { ...env, SMS_PROVIDER: smsProvider };
}
