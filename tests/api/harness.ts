// Test harness: the real app on a real database (in-memory PGlite, or a fresh database on the
// PostgreSQL server named by TEST_DATABASE_URL when TEST_DB=postgres), with demo data.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import postgres from 'postgres';
import { createApp } from '../../src/server/app.ts';
import type { ServerDeps } from '../../src/server/context.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { seedDemoData } from '../../src/server/seed/index.ts';
import {
  createMemoryRateLimitStore,
  DEFAULT_RATE_RULES,
  RateLimiter,
  SIGN_IN_SLOW_DOWN,
  type RateLimitStore,
  type RateRules,
  type SignInSlowDown,
} from '../../src/server/services/rate-limits.ts';
import { ResponseCache } from '../../src/server/services/response-cache.ts';
import { createConsoleSmsProvider, type SmsProvider } from '../../src/server/services/sms.ts';
import { createConsoleMailProvider, type MailProvider } from '../../src/server/services/mail.ts';
import { PGLITE_TEMPLATE } from '../global-setup.ts';
import { RUNS_ENGINE_NEUTRAL_CASES, TEST_DB } from './engines.ts';

export { RUNS_ENGINE_NEUTRAL_CASES, TEST_DB };
export const SEED_OFFERS = 120;
export const TEST_IP = '203.0.113.7';
/** The site URL e-mails' links use in API tests. */
export const TEST_SITE_URL = 'http://localhost:4321';
/** A connection from this machine: the only one the dev SMS outbox answers. */
export const LOOPBACK_IP = '127.0.0.1';

/** A fetch answered by the app in this process, as a request from `ip`: for browser code under test (ky calls fetch). */
export const fetchFromApp =
  (app: ReturnType<typeof createApp>, ip = TEST_IP) =>
  async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
    app.fetch(new Request(input, init), { incoming: { socket: { remoteAddress: ip } } });

/** A fresh empty database of the kind under test, with a function that removes it. */
export async function openTestDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (TEST_DB === 'pglite') {
    const template = existsSync(PGLITE_TEMPLATE) ? new Blob([readFileSync(PGLITE_TEMPLATE)]) : undefined;
    const handle = await openDatabase({ kind: 'pglite', loadDataDir: template });
    return { handle, drop: () => handle.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `offerlanka_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  // A commit need not wait for its WAL to reach the disk: nothing here outlives a crash of the server.
  await admin.unsafe(`alter database ${name} set synchronous_commit = off`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 4 });
  return {
    handle,
    drop: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export interface TestApi {
  deps: ServerDeps;
  handle: DatabaseHandle;
  sms: SmsProvider & { outbox: NonNullable<SmsProvider['outbox']> };
  mail: MailProvider & { outbox: NonNullable<MailProvider['outbox']> };
  /** Calls the app in-process. `ip` stands for the connection's address. */
  call(
    method: string,
    path: string,
    options?: { body?: unknown; rawBody?: string; token?: string; ip?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

export interface TestApiOptions {
  seed?: boolean;
  offers?: number;
  now?: Date;
  rateRules?: Partial<RateRules>;
  signInSlowDown?: Partial<SignInSlowDown>;
  rateLimits?: boolean;
  cacheTtlMs?: number;
  adProxyUrl?: string;
  trustProxy?: boolean;
  /** The rate limits' counters (closed with the API); this process's memory by default. */
  rateLimitStore?: RateLimitStore;
}

export async function createTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const { handle, drop } = await openTestDatabase();
  if (options.seed !== false)
    await seedDemoData(handle.db, { offers: options.offers ?? SEED_OFFERS, now: options.now });
  const sms = createConsoleSmsProvider(() => {}) as TestApi['sms'];
  const mail = createConsoleMailProvider(() => {}) as TestApi['mail'];
  const store = options.rateLimitStore ?? createMemoryRateLimitStore();
  const deps: ServerDeps = {
    db: handle.db,
    sms,
    limiter: new RateLimiter(store, { ...DEFAULT_RATE_RULES, ...options.rateRules }, options.rateLimits ?? true, {
      ...SIGN_IN_SLOW_DOWN,
      ...options.signInSlowDown,
    }),
    cache: new ResponseCache(options.cacheTtlMs ?? 0),
    publicChanged: () => deps.cache.clear(), // no site here to publish to
    trustProxy: options.trustProxy ?? false,
    adProxyUrl: options.adProxyUrl,
    mail: { provider: mail, siteUrl: TEST_SITE_URL, apiUrl: `${TEST_SITE_URL}/api` },
  };
  const app = createApp(deps);
  return {
    deps,
    handle,
    sms,
    mail,
    async call(method, path, { body, rawBody, token, ip = TEST_IP, headers = {} } = {}) {
      const init: RequestInit = { method, headers: { ...headers } };
      if (body !== undefined || rawBody !== undefined) {
        init.body = rawBody ?? JSON.stringify(body);
        (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
      }
      if (token) (init.headers as Record<string, string>).authorization = `Bearer ${token}`;
      const response = await app.request(path, init, { incoming: { socket: { remoteAddress: ip } } });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON: keep the text */
      }
      return { status: response.status, body: parsed, headers: response.headers };
    },
    async close() {
      await store.close();
      await drop();
    },
  };
}

export const STRONG_PASSWORD = 'Kandy-Lake-Sunset-42';
let mobileCounter = 0;
/** A 9-digit number unused by the demo data or by other tests in the same file. */
export const freshMobile = () =>
  `77${String(Date.now() % 100_000).padStart(5, '0')}${String(mobileCounter++ % 100).padStart(2, '0')}`;

/** The latest code the console SMS provider sent to a number, read through the dev outbox route from this machine. */
export async function latestCode(api: TestApi, mobileNo: string): Promise<string> {
  const { body } = await api.call('GET', `/api/dev/sms-outbox/${mobileNo}`, { ip: LOOPBACK_IP });
  const code = body?.data?.find((entry: { code?: string }) => entry.code)?.code;
  if (!code) throw new Error(`no code was sent to ${mobileNo}`);
  return code;
}

/** Signs up and verifies a customer through HTTP, returning a session token and the user. */
export async function signUpVerified(
  api: TestApi,
  overrides: { mobileNo?: string; password?: string; firstName?: string } = {},
) {
  const mobileNo = overrides.mobileNo ?? freshMobile();
  const password = overrides.password ?? STRONG_PASSWORD;
  const created = await api.call('POST', '/api/create/new/user', {
    body: {
      firstName: overrides.firstName ?? 'Nimal',
      businessName: null,
      BRno: null,
      mobileNo,
      userType: 1,
      favoriteArea: [],
      termsAndCondition: true,
      password,
    },
  });
  if (created.status !== 201) throw new Error(`sign-up failed: ${created.status} ${JSON.stringify(created.body)}`);
  const verified = await api.call('POST', '/api/verify/mobile', {
    body: { otpCode: await latestCode(api, mobileNo), token: created.body.data.token },
  });
  if (verified.status !== 200)
    throw new Error(`verification failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  return {
    mobileNo,
    password,
    token: verified.body.token as string,
    user: verified.body.data,
    userId: verified.body.data.userId as number,
  };
}
