// Starts the whole service on one port: the API's three services plus the built site (dist/).
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp } from './app.ts';
import type { AppEnv, ServerDeps } from './context.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import type { ServerEnv } from './env.ts';
import { seedIfEmpty } from './seed/index.ts';
import { mountSite } from './site-routes.ts';
import { createMemoryRateLimitStore, createRedisRateLimitStore, DEFAULT_RATE_RULES, RateLimiter, type RateLimitStore } from './services/rate-limits.ts';
import { ResponseCache } from './services/response-cache.ts';
import { createConsoleSmsProvider, createHttpSmsProvider } from './services/sms.ts';

export interface RunningServer {
  port: number;
  url: string;
  handle: DatabaseHandle;
  deps: ServerDeps;
  close(): Promise<void>;
}

export interface StartOptions {
  env: ServerEnv;
  /** Load the demo data set into an empty database. */
  seedWhenEmpty?: boolean;
  /** Serve the built site (env.SITE_DIR) beside the API; off for an API-only process. */
  serveSite?: boolean;
  log?: (line: string) => void;
}

/** The API and the built site (env.SITE_DIR) on one port. */
export async function startServer({ env, seedWhenEmpty = true, serveSite = true, log = console.log }: StartOptions): Promise<RunningServer> {
  const handle = await openDatabase(env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR });
  if (seedWhenEmpty && (await seedIfEmpty(handle.db))) log('[seed] loaded the demo data set into the empty database');

  const rateLimitStore: RateLimitStore = env.REDIS_URL ? createRedisRateLimitStore(env.REDIS_URL) : createMemoryRateLimitStore();
  const deps: ServerDeps = {
    db: handle.db,
    sms: env.SMS_PROVIDER === 'http' ? createHttpSmsProvider(env.SMS_HTTP_URL!, env.SMS_HTTP_TOKEN) : createConsoleSmsProvider(log),
    limiter: new RateLimiter(rateLimitStore, DEFAULT_RATE_RULES, env.RATE_LIMITS === '1'),
    cache: new ResponseCache(env.RESPONSE_CACHE_TTL_MS),
    trustProxy: env.TRUST_PROXY,
    adProxyUrl: env.PUBLIC_AD_PROXY_URL,
  };
  const bases = { apiBase: env.API_BASE, insightBase: env.INSIGHT_BASE, demoBase: env.DEMO_BASE };
  const app = new Hono<AppEnv>();
  app.route('/', createApp(deps, { ...bases, logRequests: env.LOG_REQUESTS }));

  if (serveSite) mountSite(app, env.SITE_DIR, Object.values(bases));
  else app.notFound((c) => c.json({ status: false, message: 'No such API route.' }, 404));

  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    handle,
    deps,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await rateLimitStore.close();
      await handle.close();
    },
  };
}
