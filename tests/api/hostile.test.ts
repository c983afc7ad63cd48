// A hostile-input sweep over every route of the app, enumerated from the app itself so that a route
// added later is swept too: hostile path segments, query strings and bodies, with and without a
// session. The server must answer none of them with a 5xx, every 4xx is the JSON error shape, and
// no data is lost.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import * as contract from '../../src/contract/index.ts';
import { queryRows } from '../../src/server/db/execute.ts';
import { sessions } from '../../src/server/db/schema.ts';
import { hashToken } from '../../src/server/services/tokens.ts';
import { createTestApi, signUpVerified, STRONG_PASSWORD, type TestApi } from './harness.ts';
import { fillPath, ROUTES, routesOf } from './routes.ts';

const HUGE = 'x'.repeat(100_000);
const SQL_TEXT = "1' OR '1'='1";
const HTML = '<script>alert(1)</script><img src=x onerror=alert(1)>';

/** Path segments, already URL-encoded where they need to be. */
const HOSTILE_SEGMENTS = [
  '1%27%20OR%20%271%27%3D%271',
  '%3Cscript%3E',
  'x'.repeat(5000),
  '-1',
  '0',
  '99999999999',
  '1.5',
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
];

/** Every field name any request or response schema of the contract knows, nested ones included. */
function contractFieldNames(): string[] {
  const names = new Set<string>();
  const visit = (schema: unknown, depth: number) => {
    if (!schema || typeof schema !== 'object' || depth > 4) return;
    const s = schema as {
      type?: string;
      entries?: Record<string, unknown>;
      options?: unknown[];
      wrapped?: unknown;
      pipe?: unknown[];
    };
    if (s.type === 'object' && s.entries) {
      for (const [key, entry] of Object.entries(s.entries)) {
        names.add(key);
        visit(entry, depth + 1);
      }
    }
    for (const inner of [...(s.options ?? []), s.wrapped, ...(s.pipe ?? [])])
      if (inner !== schema) visit(inner, depth + 1);
  };
  for (const value of Object.values(contract)) visit(value, 0);
  return [...names];
}
const FIELDS = contractFieldNames();
const QUERY_KEYS = [
  'insight_id',
  'bank_id',
  'limit',
  'offset',
  'placement',
  'ad_space',
  'count',
  'pageNo',
  'pageSize',
  'status',
];

const allFields = (value: unknown) => Object.fromEntries(FIELDS.map((field) => [field, value]));
const HOSTILE_BODIES: { label: string; rawBody?: string; body?: unknown }[] = [
  { label: 'malformed JSON', rawBody: '{"mobileNo": "771234567",' },
  { label: 'truncated JSON', rawBody: '{' },
  { label: 'not JSON', rawBody: "' OR 1=1 --" },
  {
    label: 'prototype pollution',
    rawBody: '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"isAdmin": true}}}',
  },
  { label: 'null', body: null },
  { label: 'an array', body: [] },
  { label: 'a string', body: 'str' },
  { label: 'a number', body: 12345 },
  { label: 'every field {}', body: allFields({}) },
  { label: 'every field []', body: allFields([]) },
  // 14 MB, sent twice to every body route: stringified once here rather than for each request.
  { label: 'every field a huge string', rawBody: JSON.stringify(allFields(HUGE)) },
  { label: 'every field SQL', body: allFields(SQL_TEXT) },
  { label: 'every field HTML', body: allFields(HTML) },
  { label: 'every field a NUL string', body: allFields('a\u0000b') },
  { label: 'every field a huge number', body: allFields(1e308) },
  { label: 'every field -1', body: allFields(-1) },
  { label: 'every field nested', body: allFields({ $gt: '', id: [{}], toString: 'x' }) },
];

/**
 * A body that passes most routes' validation, so that one hostile field at a time reaches the
 * route's own code and the database, not only the validator. Built from the test user.
 */
function plausibleBody(user: { userId: number; mobileNo: string }, insightId: string): Record<string, unknown> {
  return {
    mobileNo: user.mobileNo,
    password: STRONG_PASSWORD,
    firstName: 'Nimal',
    businessName: 'Nimal Stores',
    BRno: 'PV 1234',
    userType: 1,
    favoriteArea: [1],
    termsAndCondition: true,
    userId: user.userId,
    token: 'not-a-live-token',
    otpCode: '123456',
    verificationType: 'MOBILE',
    offerId: 1,
    offerIds: [1, 2],
    categoryId: 1,
    categoryIds: [1, 2],
    bankId: 1,
    bankIds: [1],
    merchantId: 1,
    tags: [1],
    pageNo: 1,
    pageSize: 6,
    // GIF bytes: valid base64 that the upload refuses, so the sweep stores no image.
    base64: Buffer.from('GIF89a\x01\x00\x01\x00', 'binary').toString('base64'),
    subscribeEmail: 'hostile.sweep@example.lk',
    email: 'hostile.sweep@example.lk',
    message: 'A message.',
    insightId,
    ip: '192.0.2.1',
    user: null,
    impression_id: null,
    insight_id: insightId,
    offer_id: 1,
    merchant_id: 1,
    category_id: 1,
    bank_id: 1,
    count: 1,
    ip_address: '192.0.2.1',
  };
}

/** The plausible body, then copies of it with one field hostile. */
function oneFieldMutations(base: Record<string, unknown>) {
  const bodies: { label: string; body: unknown }[] = [{ label: 'plausible body', body: base }];
  for (const [key, value] of Object.entries(base)) {
    const hostile: [string, unknown][] =
      typeof value === 'string'
        ? [
            ['a NUL string', 'a\u0000b'],
            ['a huge string', HUGE],
            ['SQL', SQL_TEXT],
            ['HTML', HTML],
          ]
        : [
            ['{}', {}],
            ['SQL', SQL_TEXT],
          ];
    for (const [label, bad] of hostile) bodies.push({ label: `${key} ${label}`, body: { ...base, [key]: bad } });
  }
  return bodies;
}

let api: TestApi;
let userId: number;
let mutations: { label: string; body: unknown }[];
beforeAll(async () => {
  api = await createTestApi({ rateLimits: false });
  const user = await signUpVerified(api);
  userId = user.userId;
  const insight = await api.call('POST', '/api/new/insight', { body: {} });
  mutations = oneFieldMutations(plausibleBody(user, insight.body.insight_id));
});
afterAll(async () => {
  await api.close();
});

/** A fresh, live session for the test user: a call before may have logged the last one out. */
async function freshToken() {
  const token = randomBytes(32).toString('base64url');
  await api.handle.db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, scope: 'session', expiresAt: new Date(Date.now() + 86_400_000) });
  return token;
}

type Failure = { request: string; status: number; body: unknown };

/** Sends one request without, then with, a session and records every answer that breaks the rules. */
async function probe(
  failures: Failure[],
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; label: string; tokens?: boolean[] },
) {
  for (const withToken of options.tokens ?? [false, true]) {
    const token = withToken ? await freshToken() : undefined;
    const { status, body } = await api.call(method, path, { body: options.body, rawBody: options.rawBody, token });
    const request = `${method} ${path.length > 120 ? `${path.slice(0, 120)}…` : path} [${options.label}${withToken ? ', signed in' : ''}]`;
    if (status >= 500) failures.push({ request, status, body });
    else if (status >= 400 && (v.safeParse(contract.ErrorResponse, body).issues || body.status !== false))
      failures.push({ request, status, body });
  }
}

async function dataCounts() {
  const [row] = await queryRows<Record<string, number>>(
    api.handle.db,
    sql`select
    (select count(*)::int from offers) as offers, (select count(*)::int from banks) as banks, (select count(*)::int from users) as users,
    (select count(*)::int from categories) as categories, (select count(*)::int from merchants) as merchants,
    (select count(*)::int from house_ads) as house_ads, (select count(*)::int from images) as images,
    (select md5(string_agg(offer_id || ':' || header || ':' || review_status || ':' || bank_id || ':' || category_id, ',' order by offer_id)) from offers) as offers_digest,
    (select md5(string_agg(user_id || ':' || mobile_no || ':' || first_name || ':' || is_account_block, ',' order by user_id)) from users) as users_digest`,
  );
  return row!;
}

let before: Record<string, number>;

describe('the route table', () => {
  it("is the real app's, and covers the three services", async () => {
    before = await dataCounts();
    expect(before.offers).toBeGreaterThan(100);
    expect(routesOf(api.deps)).toEqual(ROUTES);
    const paths = ROUTES.map((route) => route.path);
    expect(ROUTES.length).toBeGreaterThan(40);
    for (const prefix of ['/api/', '/insight/', '/demo/'])
      expect(paths.some((path) => path.startsWith(prefix))).toBe(true);
    expect(ROUTES.some((route) => route.method === 'POST')).toBe(true);
    expect(ROUTES.some((route) => route.method === 'PUT')).toBe(true);
  });
});

// Routes swept side by side (vitest's maxConcurrency, 5): a route's hundreds of requests mostly wait on the database.
describe.concurrent('every route under hostile input', () => {
  for (const route of ROUTES) {
    const hasParams = route.path.includes(':');
    const takesBody = route.method === 'POST' || route.method === 'PUT';

    it(`${route.method} ${route.path}`, async () => {
      const failures: Failure[] = [];
      if (hasParams) {
        for (const segment of HOSTILE_SEGMENTS)
          await probe(failures, route.method, fillPath(route.path, segment), { label: 'hostile path' });
      }
      const basePath = fillPath(route.path, '1');
      for (const value of [SQL_TEXT, HTML, 'x'.repeat(5000), '-1', '99999999999', '\u0000', '../../etc/passwd']) {
        const query = QUERY_KEYS.map((key) => `${key}=${encodeURIComponent(value)}`).join('&');
        await probe(failures, route.method, `${basePath}?${query}&${QUERY_KEYS[0]}=again`, { label: 'hostile query' });
      }
      if (takesBody) {
        await probe(failures, route.method, basePath, { label: 'no body' });
        for (const { label, body, rawBody } of HOSTILE_BODIES)
          await probe(failures, route.method, basePath, { label, body, rawBody });
        // One hostile field in an otherwise plausible body, signed in so that session routes get past their check.
        for (const { label, body } of mutations)
          await probe(failures, route.method, basePath, { label, body, tokens: [true] });
        if (hasParams) {
          for (const segment of HOSTILE_SEGMENTS.slice(0, 3)) {
            await probe(failures, route.method, fillPath(route.path, segment), {
              label: 'hostile path and body',
              body: allFields(SQL_TEXT),
            });
          }
        }
      }
      expect(failures).toEqual([]);
    }, 120_000); // hundreds of requests; a password route's hashing alone takes 30 s on a busy two-core machine
  }
});

describe('after the sweep', () => {
  it('still holds every offer, bank, user, category, merchant, house ad and image', async () => {
    expect(before).toBeDefined();
    expect(await dataCounts()).toEqual(before);
  });

  it('still serves the public lists', async () => {
    const page = await api.call('GET', '/api/get/offers/by/page/1/10');
    expect(page.status).toBe(200);
    expect(v.safeParse(contract.OfferList, page.body).issues).toBeUndefined();
    expect((await api.call('GET', '/api/get/all/banks')).status).toBe(200);
  });
});
