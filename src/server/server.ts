// Starts the whole service on one port: the API's three services plus the built site (dist/).
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp } from './app.ts';
import type { AppEnv, ServerDeps } from './context.ts';
import { openDatabaseFromEnv, type DatabaseHandle } from './db/client.ts';
import { siteUrlOf, type ServerEnv } from './env.ts';
import { noSuchRoute } from './http/answer.ts';
import { httpServerOptions, limitConnectionsPerAddress } from './http/connection-limits.ts';
import { createPoliteFetcher } from './importers/fetch/polite-fetch.ts';
import { summaryLine } from './importers/pipeline.ts';
import { startImportQueue } from './jobs/import-queue.ts';
import { startDigestQueue, type DigestQueue } from './jobs/digests.ts';
import { startReminderQueue, type ReminderQueue } from './jobs/reminders.ts';
import { mailFromEnv } from './services/mail.ts';
import { seedIfEmpty, type SeedOptions } from './seed/index.ts';
import { SiteAnswerMemory } from './site/answer-memory.ts';
import { siteSourceVersion } from './site/build.ts';
import { PREVIEW_CACHE_DIR } from './site/preview-images.ts';
import { startSiteRebuilder, type SiteRebuilder, type SiteRebuilderOptions } from './site/rebuilder.ts';
import { mountSite, type ServedSite } from './site/routes.ts';
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  DEFAULT_RATE_RULES,
  RateLimiter,
  type RateLimitStore,
} from './services/rate-limits.ts';
import { ResponseCache } from './services/response-cache.ts';
import { isLoopbackHost } from './services/client-ip.ts';
import { createConsoleSmsProvider, createHttpSmsProvider } from './services/sms.ts';

export interface RunningServer {
  port: number;
  url: string;
  handle: DatabaseHandle;
  deps: ServerDeps;
  /** The built site being served; undefined for an API-only process. */
  site?: ServedSite;
  /** What keeps the served site in step with the catalogue (StartOptions.rebuildSite). */
  rebuilder?: SiteRebuilder;
  /** Stops the rebuilder that runs, if any, and starts one with these settings (tests restart it). */
  restartRebuilder(tuning?: RebuilderTuning): Promise<SiteRebuilder>;
  close(): Promise<void>;
}

/** What a test or bench may set of the rebuilder; the rest comes from the environment. */
export type RebuilderTuning = Partial<
  Pick<
    SiteRebuilderOptions,
    'buildsDir' | 'changeCheckMs' | 'rebuildCron' | 'sourceVersion' | 'log' | 'buildNiceness' | 'previewImages'
  >
>;

export interface StartOptions {
  env: ServerEnv;
  /** Load the demo data set into an empty database; with options, such as a test's smaller catalogue. */
  seedWhenEmpty?: boolean | SeedOptions;
  /** Serve the built site (env.SITE_DIR) beside the API; off for an API-only process. */
  serveSite?: boolean;
  /** Run the importers' job queue (scheduled imports and the console's "Run now"). */
  runImports?: boolean;
  /** Run the weekly alert digests (jobs/digests.ts); by default where imports run. */
  runDigests?: boolean;
  /** Run the hourly expiry reminders (jobs/reminders.ts); by default where imports run. */
  runReminders?: boolean;
  /** Keep the served site in step with the catalogue (site/rebuilder.ts), as `npm start` does; needs serveSite. */
  rebuildSite?: boolean | RebuilderTuning;
  /** Keep the site's answers in memory after their first request (site/answer-memory.ts); bench:site turns it off to compare. */
  keepSiteAnswers?: boolean;
  log?: (line: string) => void;
}

/** How long a stop waits for requests in flight before cutting them: with the database's close, the stop stays under 10 s. */
export const STOP_GRACE_MS = 8_000;
/** How often a stop closes keep-alive connections that have become idle. */
const IDLE_SWEEP_MS = 100;

/**
 * Stops accepting connections, lets the requests in flight finish (up to STOP_GRACE_MS), then
 * cuts whatever is left. Resolves once every connection is closed.
 */
async function closeGracefully(server: HttpServer): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // server.close() waits for every connection, and a keep-alive one between requests would hold
  // it until its timeout: close those now and again as in-flight requests finish.
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  let grace: NodeJS.Timeout | undefined;
  await Promise.race([
    closed,
    new Promise<void>((resolve) => {
      grace = setTimeout(resolve, STOP_GRACE_MS);
    }),
  ]);
  clearInterval(sweep);
  clearTimeout(grace);
  server.closeAllConnections();
  await closed;
}

/** One start-up line when others can reach a server whose codes nobody receives. */
export function consoleProviderWarning(env: Pick<ServerEnv, 'SMS_PROVIDER' | 'HOST'>): string | undefined {
  if (env.SMS_PROVIDER !== 'console' || isLoopbackHost(env.HOST)) return undefined;
  return `[sms] SMS_PROVIDER=console on HOST ${env.HOST}: one-time codes are only logged here and shown in this machine's dev outbox, never texted to anyone; set SMS_PROVIDER=http for real users`;
}

/** The API and the built site (env.SITE_DIR) on one port. */
export async function startServer({
  env,
  seedWhenEmpty = true,
  serveSite = true,
  runImports = true,
  runDigests = runImports,
  runReminders = runImports,
  keepSiteAnswers = true,
  rebuildSite = false,
  log = console.log,
}: StartOptions): Promise<RunningServer> {
  const handle = await openDatabaseFromEnv(env);
  const seedOptions = typeof seedWhenEmpty === 'object' ? seedWhenEmpty : {};
  if (seedWhenEmpty && (await seedIfEmpty(handle.db, seedOptions)))
    log('[seed] loaded the demo data set into the empty database');

  const rateLimitStore: RateLimitStore = env.REDIS_URL
    ? createRedisRateLimitStore(env.REDIS_URL, undefined, log)
    : createMemoryRateLimitStore();
  let rebuilder: SiteRebuilder | undefined;
  const deps: ServerDeps = {
    db: handle.db,
    sms:
      env.SMS_PROVIDER === 'http'
        ? createHttpSmsProvider(env.SMS_HTTP_URL!, env.SMS_HTTP_TOKEN)
        : createConsoleSmsProvider(log),
    limiter: new RateLimiter(rateLimitStore, DEFAULT_RATE_RULES, env.RATE_LIMITS === '1'),
    cache: new ResponseCache(env.RESPONSE_CACHE_TTL_MS),
    publicChanged: () => {
      deps.cache.clear();
      void rebuilder?.publishChanges();
    },
    trustProxy: env.TRUST_PROXY,
    adProxyUrl: env.PUBLIC_AD_PROXY_URL,
    mail: mailFromEnv(env, log),
  };
  if (runImports) {
    deps.imports = await startImportQueue({
      handle,
      pipeline: {
        db: handle.db,
        fetcher: createPoliteFetcher({
          siteUrl: env.SITE_URL,
          perHostDelayMs: env.IMPORT_HOST_DELAY_MS,
          allowedHosts: env.IMPORT_ALLOWED_HOSTS,
        }),
      },
      intervalHours: env.IMPORT_INTERVAL_HOURS,
      // A listed offer changed or ended: lists and the site show it at once.
      onRun: (summary) => {
        log(`[imports] ${summary.sourceKey}: ${summaryLine(summary)}`);
        if (summary.publicChanged) deps.publicChanged();
      },
      log,
    });
  }
  const digests: DigestQueue | undefined = runDigests
    ? await startDigestQueue(handle, { db: handle.db, mail: deps.mail!, log }, env.DIGEST_CRON)
    : undefined;
  const reminders: ReminderQueue | undefined = runReminders
    ? await startReminderQueue(handle, {
        db: handle.db,
        sms: deps.sms,
        siteUrl: env.SITE_URL.replace(/\/$/, ''),
        apiUrl: env.SITE_URL.replace(/\/$/, '') + env.API_BASE,
        mail: deps.mail,
        log,
      })
    : undefined;
  const bases = { apiBase: env.API_BASE, insightBase: env.INSIGHT_BASE, demoBase: env.DEMO_BASE };
  const app = new Hono<AppEnv>();
  // Site files answered from memory after their first request (not while each request is logged).
  const memory = serveSite && keepSiteAnswers && !env.LOG_REQUESTS ? new SiteAnswerMemory() : undefined;
  if (memory) app.use('*', memory.keep); // outermost: it keeps the answer with every header set
  app.route(
    '/',
    createApp(deps, {
      ...bases,
      logRequests: env.LOG_REQUESTS,
      logLine: log,
      siteUrl: env.SITE_URL,
      corsOrigins: env.CORS_ORIGINS,
      loadShedding: { maxInFlight: env.API_MAX_IN_FLIGHT, maxEventLoopDelayMs: env.API_MAX_EVENT_LOOP_DELAY_MS },
    }),
  );

  const site = serveSite ? await mountSite(app, env.SITE_DIR, Object.values(bases), memory) : undefined;
  if (!site) app.notFound(noSuchRoute);

  // A kept site answer goes out before the request reaches Hono (site/answer-memory.ts); everything else goes to Hono.
  const honoListener = getRequestListener(app.fetch, { hostname: env.HOST });
  const server = createHttpServer(
    httpServerOptions({ headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS, requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS }),
    (req, res) => {
      if (!memory?.answer(req, res)) void honoListener(req, res);
    },
  );
  // Behind a proxy every connection comes from it: there the per-address limit is the proxy's (docs/operations.md).
  limitConnectionsPerAddress(server, env.TRUST_PROXY ? 0 : env.HTTP_MAX_CONNECTIONS_PER_IP);
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  const { port } = server.address() as AddressInfo;
  const smsWarning = consoleProviderWarning(env);
  if (smsWarning) log(smsWarning);
  const url = `http://127.0.0.1:${port}`;
  const restartRebuilder = async (tuning: RebuilderTuning = {}) => {
    if (!site) throw new Error('the site rebuilder needs a served site');
    rebuilder?.stop();
    const sourceVersion = tuning.sourceVersion ?? (await siteSourceVersion());
    rebuilder = startSiteRebuilder({
      db: handle.db,
      apiUrl: `${url}${env.API_BASE}`,
      siteDir: env.SITE_DIR,
      rebuildCron: env.SITE_REBUILD_CRON,
      sourceVersion,
      log,
      // SITE_URL, or this server's own address when unset (env.ts siteUrlOf): the pages' canonical links. On
      // a free port (PORT=0: tests, benches) that address is only known now.
      siteUrl: env.SITE_URL === siteUrlOf(env.HOST, 0) ? url : env.SITE_URL,
      previewCacheDir: join(env.DATA_DIR, PREVIEW_CACHE_DIR),
      clearResponseCache: () => deps.cache.clear(),
      onSiteChanged: () => void site.reload(),
      ...tuning,
    });
    running.rebuilder = rebuilder;
    return rebuilder;
  };
  const running: RunningServer = {
    port,
    url,
    handle,
    deps,
    site,
    restartRebuilder,
    async close() {
      rebuilder?.stop();
      site?.stop();
      await closeGracefully(server);
      await deps.imports?.stop();
      await digests?.stop();
      await reminders?.stop();
      deps.mail?.provider.close?.();
      await rateLimitStore.close();
      await handle.close();
    },
  };
  if (site && rebuildSite) await restartRebuilder(rebuildSite === true ? {} : rebuildSite);
  return running;
}
