// The server's settings, read from the environment once and checked, so a typo fails at start-up
// with a clear message instead of later.
import { Cron } from 'croner';
import * as v from 'valibot';
import { parseAllowedHost } from './importers/fetch/address-check.ts';
import { isLoopbackHost } from './services/client-ip.ts';

const flag = v.pipe(
  v.optional(v.picklist(['0', '1', 'true', 'false']), '0'),
  v.transform((s) => s === '1' || s === 'true'),
);
/** An http(s) origin: scheme, host and port, nothing after (a trailing / is allowed). */
const isOrigin = (value: string) =>
  URL.canParse(value) &&
  /^https?:$/.test(new URL(value).protocol) &&
  new URL(value).origin === value.replace(/\/$/, '');
const isCronPattern = (pattern: string) => {
  try {
    return new Cron(pattern, { paused: true }).nextRun() !== null;
  } catch {
    return false;
  }
};
const port = (fallback: string) =>
  v.pipe(v.optional(v.string(), fallback), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(65535));

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.string(), 'development'),
  PORT: port('4321'),
  HOST: v.optional(v.string(), '0.0.0.0'),
  /** A PostgreSQL server; without it the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')),
  ),
  DATA_DIR: v.optional(v.string(), 'data'),
  /** Redis for rate-limit counters shared by several API processes; memory when unset. */
  REDIS_URL: v.optional(v.pipe(v.string(), v.regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL'))),
  SMS_PROVIDER: v.optional(v.picklist(['console', 'http'])),
  SMS_HTTP_URL: v.optional(v.pipe(v.string(), v.url())),
  SMS_HTTP_TOKEN: v.optional(v.string()),
  /** E-mail (alert digests, address confirmation): 'console' logs and keeps a dev outbox; 'smtp' sends through SMTP_*. */
  MAIL_PROVIDER: v.optional(v.picklist(['console', 'smtp'])),
  SMTP_HOST: v.optional(v.string()),
  SMTP_PORT: port('587'),
  /** TLS from the start (port 465); otherwise STARTTLS when the server offers it. */
  SMTP_SECURE: flag,
  SMTP_USER: v.optional(v.string()),
  SMTP_PASSWORD: v.optional(v.string()),
  /** The From of every e-mail, e.g. "OfferLanka <alerts@offerlanka.lk>". */
  MAIL_FROM: v.optional(v.string(), 'OfferLanka <no-reply@offerlanka.lk>'),
  /** When the weekly alert digests go, as a cron pattern in Sri Lanka's time. */
  DIGEST_CRON: v.optional(
    v.pipe(
      v.string(),
      v.check(isCronPattern, 'DIGEST_CRON must be a cron pattern such as "0 9 * * 1" (Mondays 09:00)'),
    ),
    '0 9 * * 1',
  ),
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
  RESPONSE_CACHE_TTL_MS: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,7}$/, 'RESPONSE_CACHE_TTL_MS must be a number of ms'), v.transform(Number)),
    '5000',
  ),
  /** API requests in flight at which more are answered 503 (load shedding); 0 turns the check off. */
  API_MAX_IN_FLIGHT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, 'API_MAX_IN_FLIGHT must be a number of requests (0 turns the check off)'),
      v.transform(Number),
    ),
    '256',
  ),
  /** Mean event loop delay over the last second, in ms, above which API requests are answered 503; 0 turns the check off. */
  API_MAX_EVENT_LOOP_DELAY_MS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, 'API_MAX_EVENT_LOOP_DELAY_MS must be a number of ms (0 turns the check off)'),
      v.transform(Number),
    ),
    '200',
  ),
  /** How long a client may take to send a request's headers, in ms; past it the connection gets 408 and is closed. */
  HTTP_HEADERS_TIMEOUT_MS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,6}$/, 'HTTP_HEADERS_TIMEOUT_MS must be a number of ms above 0'),
      v.transform(Number),
    ),
    '10000',
  ),
  /** How long a client may take to send a whole request, headers and body, in ms; past it the connection gets 408 and is closed. */
  HTTP_REQUEST_TIMEOUT_MS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,6}$/, 'HTTP_REQUEST_TIMEOUT_MS must be a number of ms above 0'),
      v.transform(Number),
    ),
    '30000',
  ),
  /** Open connections from one address at which more are closed at once; 0 turns the check off. Not applied with TRUST_PROXY (the proxy's job). */
  HTTP_MAX_CONNECTIONS_PER_IP: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, 'HTTP_MAX_CONNECTIONS_PER_IP must be a number of connections (0 turns the check off)'),
      v.transform(Number),
    ),
    '32',
  ),
  /** Serve the built site from this folder beside the API (a symlink to the current build). */
  SITE_DIR: v.optional(v.string(), 'dist'),
  /** The site's public base URL, for canonical links and the sitemap; unset, the server's own (siteUrlOf). */
  SITE_URL: v.optional(v.pipe(v.string(), v.url('SITE_URL must be a URL'))),
  /** The API a build reads the catalogue from (npm run build); unset, the one `npm start` runs on PORT. */
  API_URL: v.optional(v.string()),
  /** Origins whose pages may call the API from a browser (CORS), comma-separated; default SITE_URL's origin. */
  CORS_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.transform((list) =>
        list
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
      v.array(
        v.pipe(
          v.string(),
          v.check(
            isOrigin,
            'CORS_ORIGINS must be origins such as https://offerlanka.lk, comma-separated (no *, no path)',
          ),
          v.transform((origin) => new URL(origin).origin),
        ),
      ),
    ),
  ),
  /** When `npm start` rebuilds the whole site, as a cron pattern in Sri Lanka's time; changed offers are published within a minute anyway. */
  /** Hours between imports of every enabled source while `npm start` runs, 1 to 24; 0: only when asked (console, npm run import). */
  IMPORT_INTERVAL_HOURS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, 'IMPORT_INTERVAL_HOURS must be a whole number of hours from 0 to 24'),
      v.transform(Number),
      v.maxValue(24, 'IMPORT_INTERVAL_HOURS must be a whole number of hours from 0 to 24'),
    ),
    '6',
  ),
  /** The importers' pause between two requests to one host, in ms (robots.txt may ask for more). */
  IMPORT_HOST_DELAY_MS: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'IMPORT_HOST_DELAY_MS must be a number of ms'), v.transform(Number)),
    '1000',
  ),
  /** Hosts the importers may fetch from whatever their addresses (a partner on a private network), comma-separated `host` or `host:port`; every other host must be public. */
  IMPORT_ALLOWED_HOSTS: v.optional(
    v.pipe(
      v.string(),
      v.transform((list) =>
        list
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
      v.array(
        v.pipe(
          v.string(),
          v.check(
            (entry) => parseAllowedHost(entry) !== undefined,
            'IMPORT_ALLOWED_HOSTS must be host names or host:port, comma-separated (no scheme, no path)',
          ),
        ),
      ),
    ),
    '',
  ),
  SITE_REBUILD_CRON: v.optional(
    v.pipe(
      v.string(),
      v.check(isCronPattern, 'SITE_REBUILD_CRON must be a cron pattern such as "0 3 * * *" (03:00 every day)'),
    ),
    '0 3 * * *',
  ),
});

export type ServerEnv = Omit<
  v.InferOutput<typeof EnvSchema>,
  'SMS_PROVIDER' | 'MAIL_PROVIDER' | 'CORS_ORIGINS' | 'SITE_URL'
> & { SMS_PROVIDER: 'console' | 'http'; MAIL_PROVIDER: 'console' | 'smtp'; CORS_ORIGINS: string[]; SITE_URL: string };

type Source = Record<string, string | undefined>;

function parseEnv<S extends v.GenericSchema>(schema: S, source: Source): v.InferOutput<S> {
  // An empty variable means "not set", as in a shell's VAR= .
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(schema, given);
  if (!result.success) {
    const lines = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? '?'}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.output;
}

/**
 * The site's URL when SITE_URL is unset: the server's own address, so that canonical links, the
 * sitemap and robots.txt point where the site is served. A server listening on every interface or
 * on loopback is http://localhost:PORT; one on a given host name or address is http://HOST:PORT.
 */
export function siteUrlOf(host: string, port: number): string {
  const local = host === '0.0.0.0' || host === '::' || isLoopbackHost(host);
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** Only what chooses the database (db/client.ts openDatabaseFromEnv): for the scripts that open it without serving. */
export const readDatabaseEnv = (source: Source = process.env) =>
  parseEnv(v.pick(EnvSchema, ['DATABASE_URL', 'DATA_DIR']), source);

export function readEnv(source: Source = process.env): ServerEnv {
  const parsed = parseEnv(EnvSchema, source);
  const siteUrl = parsed.SITE_URL ?? siteUrlOf(parsed.HOST, parsed.PORT);
  if (!URL.canParse(siteUrl))
    throw new Error(`Invalid environment:\n  SITE_URL is required: HOST ${parsed.HOST} makes no URL of its own`);
  if (parsed.HTTP_HEADERS_TIMEOUT_MS > parsed.HTTP_REQUEST_TIMEOUT_MS)
    throw new Error(
      'Invalid environment:\n  HTTP_HEADERS_TIMEOUT_MS must not be above HTTP_REQUEST_TIMEOUT_MS: the whole request includes its headers',
    );
  const env = { ...parsed, SITE_URL: siteUrl };
  const smsProvider = env.SMS_PROVIDER ?? (env.NODE_ENV === 'production' ? 'http' : 'console');
  // The console provider only logs codes and serves them to this machine: in production nobody
  // would get their code, and a log reader could take over any account.
  if (smsProvider === 'console' && env.NODE_ENV === 'production') {
    throw new Error(
      'Invalid environment:\n  SMS_PROVIDER=console only logs one-time codes and is refused when NODE_ENV=production: set SMS_PROVIDER=http and SMS_HTTP_URL (and SMS_HTTP_TOKEN) to your SMS gateway',
    );
  }
  if (smsProvider === 'http' && !env.SMS_HTTP_URL)
    throw new Error('Invalid environment:\n  SMS_HTTP_URL is required when SMS_PROVIDER=http');
  const mailProvider = env.MAIL_PROVIDER ?? (env.NODE_ENV === 'production' ? 'smtp' : 'console');
  // As with SMS: nobody would get their mail, and the log would hold every confirmation link.
  if (mailProvider === 'console' && env.NODE_ENV === 'production') {
    throw new Error(
      'Invalid environment:\n  MAIL_PROVIDER=console only logs e-mails and is refused when NODE_ENV=production: set MAIL_PROVIDER=smtp and SMTP_HOST (SMTP_PORT, SMTP_USER, SMTP_PASSWORD, MAIL_FROM)',
    );
  }
  if (mailProvider === 'smtp' && !env.SMTP_HOST)
    throw new Error('Invalid environment:\n  SMTP_HOST is required when MAIL_PROVIDER=smtp');
  return {
    ...env,
    SMS_PROVIDER: smsProvider,
    MAIL_PROVIDER: mailProvider,
    CORS_ORIGINS: env.CORS_ORIGINS ?? [new URL(env.SITE_URL).origin],
  };
}
