// Visitor insights and impressions: the main API's recording calls and the insight service's rankings.
import { createHash } from 'node:crypto';
import { and, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ErrorResponse } from '../../src/contract/index.ts';
import { createApp } from '../../src/server/app.ts';
import type { ServerDeps } from '../../src/server/context.ts';
import { banks, impressions, insights, offers } from '../../src/server/db/schema.ts';
import { createMemoryRateLimitStore, DEFAULT_RATE_RULES, RateLimiter } from '../../src/server/services/rate-limits.ts';
import { createTestApi, signUpVerified, TEST_IP, type TestApi } from './harness.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';
const SQL_TEXT = "1' OR '1'='1";
const SCRIPT = '<script>alert(1)</script>';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api.close();
});

/** Calls an app built from the harness deps with some of them changed (same database). */
function appWith(changes: Partial<ServerDeps>) {
  const app = createApp({ ...api.deps, ...changes });
  return async (
    method: string,
    path: string,
    { body, ip = TEST_IP, headers = {} }: { body?: unknown; ip?: string; headers?: Record<string, string> } = {},
  ) => {
    const init: RequestInit = { method, headers: { 'content-type': 'application/json', ...headers } };
    if (body !== undefined) init.body = JSON.stringify(body);
    const response = await app.request(path, init, { incoming: { socket: { remoteAddress: ip } } });
    return { status: response.status, body: (await response.json()) as any };
  };
}

const expectError = (response: { status: number; body: any }, status: number) => {
  expect(response.status).toBe(status);
  expect(v.safeParse(ErrorResponse, response.body).issues).toBeUndefined();
};

const insightRow = async (insightId: string) =>
  (await api.handle.db.select().from(insights).where(eq(insights.insightId, insightId)))[0];
const impressionRow = async (impressionId: number) =>
  (await api.handle.db.select().from(impressions).where(eq(impressions.impressionId, impressionId)))[0];
const impressionCount = async (insightId: string) =>
  (
    await api.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(impressions)
      .where(eq(impressions.insightId, insightId))
  )[0]!.n;
const offerRow = async (offerId: number) =>
  (await api.handle.db.select().from(offers).where(eq(offers.offerId, offerId)))[0]!;
const viewsOf = async (offerId: number) => (await offerRow(offerId)).views;

/** Accepted and not ended, read straight from the table, most viewed first. */
const listedOffers = () =>
  api.handle.db
    .select()
    .from(offers)
    .where(and(eq(offers.reviewStatus, 'accepted'), or(isNull(offers.offerEnd), gte(offers.offerEnd, new Date()))))
    .orderBy(desc(offers.views), desc(offers.offerId));

async function newInsight(ip = TEST_IP): Promise<string> {
  const { status, body } = await api.call('POST', '/api/new/insight', {
    body: { insightId: null, ip: null, user: null },
    ip,
  });
  expect(status).toBe(201);
  return body.insight_id;
}

async function view(insightId: string | null, offerId: number, extra: Record<string, unknown> = {}) {
  const { status, body } = await api.call('POST', '/api/new/impression', { body: { offerId, insightId, ...extra } });
  expect(status).toBe(201);
  return body.data.impressionId as number;
}

async function topOffers(query: string) {
  const { status, body } = await api.call('GET', `/insight/top-offers-by-insight?${query}`);
  expect(status).toBe(200);
  return body as { status: true; top_offers: number[]; total: number };
}

describe('POST new insight on the main and insight hosts', () => {
  for (const path of ['/api/new/insight', '/insight/new/insight']) {
    it(`${path} creates a uuid insight with a token and stores the connection address, not the client's`, async () => {
      const { status, body } = await api.call('POST', path, {
        body: { insightId: null, ip: '8.8.8.8', user: null },
        ip: '198.51.100.21',
      });
      expect(status).toBe(201);
      expect(body.status).toBe(true);
      expect(body.insight_id).toMatch(UUID);
      expect(typeof body.token).toBe('string');
      expect(body.token.length).toBeGreaterThanOrEqual(22);
      expect(body.data).toEqual({ insightId: body.insight_id, token: body.token });

      const row = await insightRow(body.insight_id);
      expect(row).toBeDefined();
      expect(row!.ip).toBe('198.51.100.21');
      expect(row!.userId).toBeNull();
      // The token is kept only as its hash.
      expect(row!.tokenHash).toBe(createHash('sha256').update(body.token).digest('hex'));
      expect(row!.tokenHash).not.toContain(body.token);
    });
  }

  it('gives every call a new insight id and token', async () => {
    const a = await api.call('POST', '/api/new/insight', { body: {} });
    const b = await api.call('POST', '/api/new/insight', { body: { insightId: a.body.insight_id } });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.insight_id).not.toBe(a.body.insight_id);
    expect(b.body.token).not.toBe(a.body.token);
  });

  it('links the insight to the signed-in user when a session token is sent', async () => {
    const { token, userId } = await signUpVerified(api);
    const { status, body } = await api.call('POST', '/api/new/insight', { body: { user: 12345 }, token });
    expect(status).toBe(201);
    expect((await insightRow(body.insight_id))!.userId).toBe(userId);
    // An unknown token is a guest, not an error.
    const guest = await api.call('POST', '/api/new/insight', { body: {}, token: 'not-a-real-token' });
    expect(guest.status).toBe(201);
    expect((await insightRow(guest.body.insight_id))!.userId).toBeNull();
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const { body } = await api.call('POST', '/api/new/insight', {
      body: { ip: '1.1.1.1' },
      ip: '198.51.100.22',
      headers: { 'x-forwarded-for': '203.0.113.99, 203.0.113.100' },
    });
    expect((await insightRow(body.insight_id))!.ip).toBe('198.51.100.22');
  });

  it('takes the last X-Forwarded-For entry behind a trusted proxy, else the connection address', async () => {
    const call = appWith({ trustProxy: true });
    const forwarded = await call('POST', '/insight/new/insight', {
      body: { ip: '1.1.1.1' },
      ip: '127.0.0.1',
      headers: { 'x-forwarded-for': '10.9.9.9, 203.0.113.55' },
    });
    expect(forwarded.status).toBe(201);
    expect((await insightRow(forwarded.body.insight_id))!.ip).toBe('203.0.113.55');

    const direct = await call('POST', '/api/new/insight', { body: {}, ip: '198.51.100.23' });
    expect((await insightRow(direct.body.insight_id))!.ip).toBe('198.51.100.23');
  });

  it('accepts any type for the ignored fields but rejects bodies that are not an object', async () => {
    const odd = await api.call('POST', '/api/new/insight', {
      body: { insightId: { $gt: '' }, ip: ['1.2.3.4'], user: SCRIPT },
    });
    expect(odd.status).toBe(201);
    expect((await insightRow(odd.body.insight_id))!.ip).toBe(TEST_IP);
    for (const path of ['/api/new/insight', '/insight/new/insight']) {
      expectError(await api.call('POST', path, { rawBody: '{"ip": "1.2.3.4",' }), 400);
      expectError(await api.call('POST', path, { body: 'text' }), 400);
      expectError(await api.call('POST', path, { body: null }), 400);
      expectError(await api.call('POST', path), 400);
    }
  });
});

describe('POST /api/new/impression', () => {
  it("records the offer's own bank, category and merchant even when the client swaps or invents them", async () => {
    const [offer] = await listedOffers();
    const insightId = await newInsight();
    const { status, body } = await api.call('POST', '/api/new/impression', {
      body: {
        offerId: offer!.offerId,
        insightId,
        ip: '8.8.4.4',
        user: 99,
        // The old app's swap, and a bank that does not own the offer.
        merchantId: offer!.categoryId,
        categoryId: offer!.merchantId,
        bankId: offer!.bankId === 1 ? 2 : 1,
      },
      ip: '198.51.100.31',
    });
    expect(status).toBe(201);
    expect(body.status).toBe(true);
    expect(Number.isInteger(body.data.impressionId)).toBe(true);
    const row = await impressionRow(body.data.impressionId);
    expect(row).toMatchObject({
      offerId: offer!.offerId,
      bankId: offer!.bankId,
      categoryId: offer!.categoryId,
      merchantId: offer!.merchantId,
      insightId,
      ip: '198.51.100.31',
      userId: null,
      count: 1,
    });
  });

  it('adds exactly one view to the offer per call and none to other offers', async () => {
    const [first, second] = await listedOffers();
    const before = await viewsOf(first!.offerId);
    const otherBefore = await viewsOf(second!.offerId);
    const insightId = await newInsight();
    for (let i = 0; i < 3; i++) await view(insightId, first!.offerId);
    expect(await viewsOf(first!.offerId)).toBe(before + 3);
    expect(await viewsOf(second!.offerId)).toBe(otherBefore);
    await view(null, first!.offerId);
    expect(await viewsOf(first!.offerId)).toBe(before + 4);
  });

  it('records a guest view without an insight id', async () => {
    const [offer] = await listedOffers();
    for (const insightId of [null, '']) {
      const impressionId = await view(insightId, offer!.offerId);
      expect((await impressionRow(impressionId))!.insightId).toBeNull();
    }
  });

  it('stores the signed-in user with the impression', async () => {
    const { token, userId } = await signUpVerified(api);
    const [offer] = await listedOffers();
    const { status, body } = await api.call('POST', '/api/new/impression', {
      body: { offerId: offer!.offerId },
      token,
    });
    expect(status).toBe(201);
    expect((await impressionRow(body.data.impressionId))!.userId).toBe(userId);
  });

  it('answers 404 for an unknown insight id and counts nothing', async () => {
    const [offer] = await listedOffers();
    const before = await viewsOf(offer!.offerId);
    expectError(
      await api.call('POST', '/api/new/impression', { body: { offerId: offer!.offerId, insightId: UNKNOWN_UUID } }),
      404,
    );
    expect(await viewsOf(offer!.offerId)).toBe(before);
    expect(await impressionCount(UNKNOWN_UUID)).toBe(0);
  });

  it('answers 404 for an unknown offer and for offers that are not public', async () => {
    const insightId = await newInsight();
    expectError(await api.call('POST', '/api/new/impression', { body: { offerId: 99_999_999, insightId } }), 404);
    const [offer] = await listedOffers();
    for (const reviewStatus of ['pending', 'rejected']) {
      await api.handle.db.update(offers).set({ reviewStatus }).where(eq(offers.offerId, offer!.offerId));
      try {
        const before = await viewsOf(offer!.offerId);
        expectError(
          await api.call('POST', '/api/new/impression', { body: { offerId: offer!.offerId, insightId } }),
          404,
        );
        expect(await viewsOf(offer!.offerId)).toBe(before);
      } finally {
        await api.handle.db.update(offers).set({ reviewStatus: 'accepted' }).where(eq(offers.offerId, offer!.offerId));
      }
    }
    expect(await impressionCount(insightId)).toBe(0);
  });

  it('rejects hostile input with 400', async () => {
    const [offer] = await listedOffers();
    const before = await viewsOf(offer!.offerId);
    const bodies: unknown[] = [
      {},
      { offerId: 'abc' },
      { offerId: { id: 1 } },
      { offerId: [offer!.offerId] },
      { offerId: SQL_TEXT },
      { offerId: -1 },
      { offerId: 0 },
      { offerId: 1.5 },
      { offerId: 99_999_999_999 },
      { offerId: offer!.offerId, insightId: SQL_TEXT },
      { offerId: offer!.offerId, insightId: SCRIPT },
      { offerId: offer!.offerId, insightId: 'x'.repeat(100_000) },
      { offerId: offer!.offerId, insightId: {} },
      { offerId: offer!.offerId, categoryId: 'x' },
      null,
      [],
      'str',
      42,
    ];
    for (const body of bodies) expectError(await api.call('POST', '/api/new/impression', { body }), 400);
    expectError(await api.call('POST', '/api/new/impression', { rawBody: `{"offerId": ${offer!.offerId}` }), 400);
    expectError(await api.call('POST', '/api/new/impression'), 400);
    expect(await viewsOf(offer!.offerId)).toBe(before);
  });
});

describe('POST /insight/new/impression', () => {
  it("only confirms the main API's impression when given its impression_id", async () => {
    const [offer] = await listedOffers();
    const insightId = await newInsight();
    const impressionId = await view(insightId, offer!.offerId);
    const views = await viewsOf(offer!.offerId);
    const { status, body } = await api.call('POST', '/insight/new/impression', {
      body: {
        impression_id: impressionId,
        insight_id: insightId,
        offer_id: offer!.offerId,
        merchant_id: offer!.categoryId,
        category_id: offer!.merchantId,
        bank_id: offer!.bankId,
        count: 1,
        ip_address: '8.8.8.8',
      },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ status: true, data: { impression_id: impressionId } });
    expect(await impressionCount(insightId)).toBe(1);
    expect(await viewsOf(offer!.offerId)).toBe(views);
    // Sent again: still one row.
    const again = await api.call('POST', '/insight/new/impression', {
      body: { impression_id: String(impressionId), insight_id: insightId, offer_id: offer!.offerId },
    });
    expect(again.status).toBe(200);
    expect(await impressionCount(insightId)).toBe(1);
  });

  it('records a new impression without an impression_id, in the right columns', async () => {
    const [, offer] = await listedOffers();
    const insightId = await newInsight();
    const { status, body } = await api.call('POST', '/insight/new/impression', {
      body: {
        insight_id: insightId,
        offer_id: offer!.offerId,
        merchant_id: offer!.categoryId,
        category_id: offer!.merchantId,
        bank_id: 999,
        count: 1,
        ip_address: '8.8.8.8',
      },
      ip: '198.51.100.32',
    });
    expect(status).toBe(201);
    expect(await impressionCount(insightId)).toBe(1);
    expect(await impressionRow(body.data.impression_id)).toMatchObject({
      offerId: offer!.offerId,
      bankId: offer!.bankId,
      categoryId: offer!.categoryId,
      merchantId: offer!.merchantId,
      insightId,
      ip: '198.51.100.32',
      count: 1,
    });
  });

  it('answers 404 for an unknown impression_id, one of another offer, an unknown insight or offer', async () => {
    const [offer, other] = await listedOffers();
    const insightId = await newInsight();
    const impressionId = await view(insightId, offer!.offerId);
    expectError(
      await api.call('POST', '/insight/new/impression', {
        body: { impression_id: 99_999_999, insight_id: insightId, offer_id: offer!.offerId },
      }),
      404,
    );
    expectError(
      await api.call('POST', '/insight/new/impression', {
        body: { impression_id: impressionId, insight_id: insightId, offer_id: other!.offerId },
      }),
      404,
    );
    expectError(
      await api.call('POST', '/insight/new/impression', {
        body: { insight_id: UNKNOWN_UUID, offer_id: offer!.offerId },
      }),
      404,
    );
    expectError(
      await api.call('POST', '/insight/new/impression', { body: { insight_id: insightId, offer_id: 99_999_999 } }),
      404,
    );
    expect(await impressionCount(insightId)).toBe(1);
  });

  it('rejects a count other than 1 and hostile input with 400', async () => {
    const [offer] = await listedOffers();
    const insightId = await newInsight();
    const bodies: unknown[] = [
      { insight_id: insightId, offer_id: offer!.offerId, count: 2 },
      { insight_id: insightId, offer_id: offer!.offerId, count: 1_000_000 },
      { insight_id: insightId, offer_id: offer!.offerId, count: '1' },
      { insight_id: insightId, offer_id: offer!.offerId, impression_id: SQL_TEXT },
      { insight_id: SCRIPT, offer_id: offer!.offerId },
      { insight_id: insightId, offer_id: { $ne: null } },
      { insight_id: insightId },
      null,
      [],
      'str',
    ];
    for (const body of bodies) expectError(await api.call('POST', '/insight/new/impression', { body }), 400);
    expectError(await api.call('POST', '/insight/new/impression', { rawBody: '{"offer_id":' }), 400);
    expect(await impressionCount(insightId)).toBe(0);
  });
});

describe('GET /insight/top-offers-by-insight', () => {
  it('gives a new visitor the most viewed listed offers, and counts every listed offer', async () => {
    const insightId = await newInsight();
    const listed = await listedOffers();
    for (const query of [`insight_id=${insightId}&limit=10`, 'limit=10', 'insight_id=&limit=10']) {
      const { top_offers, total } = await topOffers(query);
      expect(top_offers).toHaveLength(10);
      expect(total).toBe(listed.length);
      const viewsById = new Map(listed.map((offer) => [offer.offerId, offer.views]));
      // Every id is a listed offer, and the views run exactly as the table's ten highest.
      expect(top_offers.every((id) => viewsById.has(id))).toBe(true);
      expect(top_offers.map((id) => viewsById.get(id))).toEqual(listed.slice(0, 10).map((offer) => offer.views));
    }
    // Without a limit: 10.
    expect((await topOffers(`insight_id=${insightId}`)).top_offers).toHaveLength(10);
  });

  it('follows views: an offer viewed by others climbs into the top', async () => {
    const listed = await listedOffers();
    const climber = listed[20]!;
    const needed = listed[0]!.views - climber.views + 1;
    await api.handle.db
      .update(offers)
      .set({ views: climber.views + needed })
      .where(eq(offers.offerId, climber.offerId));
    try {
      const { top_offers } = await topOffers(`insight_id=${await newInsight()}&limit=3`);
      expect(top_offers[0]).toBe(climber.offerId);
    } finally {
      await api.handle.db.update(offers).set({ views: climber.views }).where(eq(offers.offerId, climber.offerId));
    }
  });

  it('leaves out offers that are not listed', async () => {
    const [top] = await listedOffers();
    await api.handle.db.update(offers).set({ reviewStatus: 'pending' }).where(eq(offers.offerId, top!.offerId));
    try {
      const { top_offers, total } = await topOffers('limit=100');
      expect(top_offers).not.toContain(top!.offerId);
      expect(total).toBe((await listedOffers()).length);
    } finally {
      await api.handle.db.update(offers).set({ reviewStatus: 'accepted' }).where(eq(offers.offerId, top!.offerId));
    }
  });

  it('puts the category a visitor viewed first and leaves out the offers already seen', async () => {
    const listed = await listedOffers();
    const byCategory = new Map<number, typeof listed>();
    for (const offer of listed) byCategory.set(offer.categoryId, [...(byCategory.get(offer.categoryId) ?? []), offer]);
    // The category with the most listed offers, seen through its least viewed ones.
    const [categoryId, inCategory] = [...byCategory.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
    const seen = inCategory.slice(-3).map((offer) => offer.offerId);
    const insightId = await newInsight();
    for (const offerId of seen) await view(insightId, offerId);

    const categoryOf = new Map(listed.map((offer) => [offer.offerId, offer.categoryId]));
    const { top_offers, total } = await topOffers(`insight_id=${insightId}&limit=10`);
    expect(top_offers).toHaveLength(10);
    const remaining = inCategory.length - seen.length;
    const fromCategory = top_offers.filter((id) => categoryOf.get(id) === categoryId).length;
    expect(fromCategory).toBe(Math.min(10, remaining));
    expect(top_offers.slice(0, Math.min(5, remaining)).every((id) => categoryOf.get(id) === categoryId)).toBe(true);
    expect(top_offers.some((id) => seen.includes(id))).toBe(false);
    expect(total).toBe(listed.length - seen.length);

    // Over all pages: exactly the listed offers not yet seen.
    const all = [
      ...(await topOffers(`insight_id=${insightId}&limit=100`)).top_offers,
      ...(await topOffers(`insight_id=${insightId}&limit=100&offset=100`)).top_offers,
    ];
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort((a, b) => a - b)).toEqual(
      listed
        .map((offer) => offer.offerId)
        .filter((id) => !seen.includes(id))
        .sort((a, b) => a - b),
    );
  });

  it("puts a signed-in user's interest categories first, and only for that user's session", async () => {
    const listed = await listedOffers();
    // Two of the less viewed categories, so that popularity alone would not put them first.
    const categories = [...new Set(listed.map((offer) => offer.categoryId))].slice(-2);
    const inInterests = listed.filter((offer) => categories.includes(offer.categoryId)).map((offer) => offer.offerId);
    const { token } = await signUpVerified(api);
    const saved = await api.call('POST', '/api/user/tag/update', { body: { tags: categories }, token });
    expect(saved.status).toBe(200);
    const insightId = await newInsight();
    const query = `/insight/top-offers-by-insight?insight_id=${insightId}&limit=100`;

    const signedIn = await api.call('GET', query, { token });
    expect(signedIn.status).toBe(200);
    expect(new Set(signedIn.body.top_offers.slice(0, inInterests.length))).toEqual(new Set(inInterests));
    expect(signedIn.body.total).toBe(listed.length);
    // A guest (or an unknown token) gets the plain ranking.
    for (const guestToken of [undefined, 'not-a-session']) {
      const guest = await api.call('GET', query, { token: guestToken });
      expect(guest.body.top_offers).toEqual((await topOffers(`insight_id=${insightId}&limit=100`)).top_offers);
      expect(new Set(guest.body.top_offers.slice(0, inInterests.length))).not.toEqual(new Set(inInterests));
    }
  });

  it('pages with limit and offset without overlap', async () => {
    const insightId = await newInsight();
    const whole = (await topOffers(`insight_id=${insightId}&limit=15`)).top_offers;
    const pages = [];
    for (const offset of [0, 5, 10]) {
      const page = await topOffers(`insight_id=${insightId}&limit=5&offset=${offset}`);
      expect(page.top_offers).toHaveLength(5);
      expect(page.total).toBe((await listedOffers()).length);
      pages.push(...page.top_offers);
    }
    expect(new Set(pages).size).toBe(15);
    expect(pages).toEqual(whole);
    // Past the end: empty.
    expect((await topOffers(`insight_id=${insightId}&limit=5&offset=100000`)).top_offers).toEqual([]);
  });

  it('answers 400 for a bad limit, offset or insight_id, and 404 for an unknown insight', async () => {
    const insightId = await newInsight();
    const bad = [
      'limit=0',
      'limit=-1',
      'limit=abc',
      'limit=101',
      'limit=1.5',
      `limit=${encodeURIComponent(SQL_TEXT)}`,
      'limit=9999999',
      'offset=-1',
      'offset=x',
      'insight_id=abc',
      `insight_id=${encodeURIComponent(SQL_TEXT)}`,
      `insight_id=${encodeURIComponent(SCRIPT)}`,
      `insight_id=${'x'.repeat(5000)}`,
      `insight_id=${insightId}%27%20OR%20%271%27%3D%271`,
    ];
    for (const query of bad) {
      const response = await api.call('GET', `/insight/top-offers-by-insight?${query}`);
      expectError(response, 400);
      expect(response.body.issues.length).toBeGreaterThan(0);
    }
    expectError(await api.call('GET', `/insight/top-offers-by-insight?insight_id=${UNKNOWN_UUID}`), 404);
  });
});

describe('GET /insight/top-offers-by-bank-insight', () => {
  async function bankTop(query: string) {
    const { status, body } = await api.call('GET', `/insight/top-offers-by-bank-insight?${query}`);
    expect(status).toBe(200);
    return body as { status: true; top_offers: number[]; top_categories: number[]; total: number };
  }

  it("ranks only that bank's offers and puts the viewed category first", async () => {
    const listed = await listedOffers();
    const bankId = listed[0]!.bankId;
    const ofBank = listed.filter((offer) => offer.bankId === bankId);
    const bankCategories = new Set(ofBank.map((offer) => offer.categoryId));

    const insightId = await newInsight();
    const fresh = await bankTop(`insight_id=${insightId}&bank_id=${bankId}&limit=100`);
    expect(fresh.top_offers.length).toBe(ofBank.length);
    expect(fresh.total).toBe(ofBank.length);
    expect(new Set(fresh.top_offers)).toEqual(new Set(ofBank.map((offer) => offer.offerId)));
    expect(fresh.top_categories.every((id) => bankCategories.has(id))).toBe(true);
    expect(fresh.top_categories.length).toBe(Math.min(10, bankCategories.size));

    // View an offer in the bank's category that ranked last for a new visitor.
    const categoryId = fresh.top_categories.at(-1)!;
    expect(fresh.top_categories[0]).not.toBe(categoryId);
    const seen = ofBank.find((offer) => offer.categoryId === categoryId)!;
    await view(insightId, seen.offerId);
    await view(insightId, seen.offerId);

    const after = await bankTop(`insight_id=${insightId}&bank_id=${bankId}&limit=5`);
    expect(after.top_categories[0]).toBe(categoryId);
    expect(after.top_offers).not.toContain(seen.offerId);
    expect(after.total).toBe(ofBank.length - 1);
    const bankOf = new Map(listed.map((offer) => [offer.offerId, offer.bankId]));
    expect(after.top_offers.every((id) => bankOf.get(id) === bankId)).toBe(true);
    const othersInCategory = ofBank.filter(
      (offer) => offer.categoryId === categoryId && offer.offerId !== seen.offerId,
    );
    if (othersInCategory.length) expect(othersInCategory.map((offer) => offer.offerId)).toContain(after.top_offers[0]);
  });

  it("works without an insight: the bank's offers by views", async () => {
    const listed = await listedOffers();
    const bankId = listed[5]!.bankId;
    const ofBank = listed.filter((offer) => offer.bankId === bankId);
    const { top_offers, total } = await bankTop(`bank_id=${bankId}&limit=3`);
    const viewsById = new Map(ofBank.map((offer) => [offer.offerId, offer.views]));
    expect(top_offers.map((id) => viewsById.get(id))).toEqual(ofBank.slice(0, 3).map((offer) => offer.views));
    expect(total).toBe(ofBank.length);
  });

  it('answers 400 without a bank_id or with a bad one, 404 for an unknown bank or insight', async () => {
    for (const query of [
      '',
      'limit=5',
      'bank_id=',
      'bank_id=abc',
      'bank_id=-1',
      `bank_id=${encodeURIComponent(SQL_TEXT)}`,
      'bank_id=1&limit=0',
      'bank_id=1&insight_id=nope',
    ]) {
      expectError(await api.call('GET', `/insight/top-offers-by-bank-insight?${query}`), 400);
    }
    expectError(await api.call('GET', '/insight/top-offers-by-bank-insight?bank_id=999999'), 404);
    expectError(await api.call('GET', `/insight/top-offers-by-bank-insight?bank_id=1&insight_id=${UNKNOWN_UUID}`), 404);
  });
});

describe('GET /insight/get/offers/{insightId}/top-10-most-viewed', () => {
  it('counts the views of each offer for that insight, most viewed first, at most 10', async () => {
    const listed = await listedOffers();
    const insightId = await newInsight();
    const [a, b, c, d] = listed.slice(30, 34).map((offer) => offer.offerId) as [number, number, number, number];
    for (const [offerId, times] of [
      [a, 1],
      [b, 3],
      [c, 2],
    ] as const)
      for (let i = 0; i < times; i++) await view(insightId, offerId);
    // The insight host's own record counts too; a confirmation of an existing one does not.
    const created = await api.call('POST', '/insight/new/impression', { body: { insight_id: insightId, offer_id: d } });
    expect(created.status).toBe(201);
    await api.call('POST', '/insight/new/impression', {
      body: { impression_id: created.body.data.impression_id, insight_id: insightId, offer_id: d },
    });
    // Another visitor's views do not count.
    await view(await newInsight(), a);

    const { status, body } = await api.call('GET', `/insight/get/offers/${insightId}/top-10-most-viewed`);
    expect(status).toBe(200);
    expect(body.status).toBe(true);
    expect(body.data.slice(0, 2)).toEqual([
      { offer_id: b, count: 3 },
      { offer_id: c, count: 2 },
    ]);
    expect(body.data.slice(2)).toHaveLength(2);
    expect(body.data.slice(2)).toEqual(
      expect.arrayContaining([
        { offer_id: a, count: 1 },
        { offer_id: d, count: 1 },
      ]),
    );

    for (const offer of listed.slice(40, 50)) await view(insightId, offer.offerId);
    const many = await api.call('GET', `/insight/get/offers/${insightId}/top-10-most-viewed`);
    expect(many.body.data).toHaveLength(10);
    expect(many.body.data.slice(0, 2)).toEqual([
      { offer_id: b, count: 3 },
      { offer_id: c, count: 2 },
    ]);
  });

  it('answers an empty list for an insight with no views', async () => {
    const { status, body } = await api.call('GET', `/insight/get/offers/${await newInsight()}/top-10-most-viewed`);
    expect(status).toBe(200);
    expect(body).toEqual({ status: true, data: [] });
  });

  it('answers 400 for a malformed insight id and 404 for an unknown one', async () => {
    for (const bad of ['abc', '1%27%20OR%20%271%27%3D%271', '%3Cscript%3E', 'x'.repeat(5000), '-1', '%00']) {
      expectError(await api.call('GET', `/insight/get/offers/${bad}/top-10-most-viewed`), 400);
    }
    expectError(await api.call('GET', `/insight/get/offers/${UNKNOWN_UUID}/top-10-most-viewed`), 404);
  });
});

describe('GET /insight/bank/impression/{bankId}', () => {
  const bankTotal = async (bankId: number) => {
    const { status, body } = await api.call('GET', `/insight/bank/impression/${bankId}`);
    expect(status).toBe(200);
    expect(body.status).toBe(true);
    return body.total_impressions as number;
  };
  const dbTotal = async (bankId: number) =>
    (
      await api.handle.db
        .select({ n: sql<number>`coalesce(sum(${impressions.count}), 0)::int` })
        .from(impressions)
        .where(eq(impressions.bankId, bankId))
    )[0]!.n;

  it("sums the impressions of the bank's offers, and only those", async () => {
    const listed = await listedOffers();
    const bankId = listed[3]!.bankId;
    const ofBank = listed.filter((offer) => offer.bankId === bankId);
    const otherBank = listed.find((offer) => offer.bankId !== bankId)!;
    const before = await bankTotal(bankId);
    expect(before).toBe(await dbTotal(bankId));
    const otherBefore = await bankTotal(otherBank.bankId);

    const insightId = await newInsight();
    // Sent with a wrong bank id: the offer's own bank counts.
    await view(insightId, ofBank[0]!.offerId, { bankId: otherBank.bankId });
    await view(null, ofBank.at(-1)!.offerId);
    const recorded = await api.call('POST', '/insight/new/impression', {
      body: { insight_id: insightId, offer_id: ofBank[0]!.offerId, bank_id: otherBank.bankId },
    });
    expect(recorded.status).toBe(201);
    await view(insightId, otherBank.offerId);

    expect(await bankTotal(bankId)).toBe(before + 3);
    expect(await bankTotal(bankId)).toBe(await dbTotal(bankId));
    expect(await bankTotal(otherBank.bankId)).toBe(otherBefore + 1);
  });

  it("answers the database's sum for every bank, 0 for a bank never viewed", async () => {
    const allBanks = await api.handle.db.select({ bankId: banks.bankId }).from(banks);
    expect(allBanks.length).toBeGreaterThan(5);
    for (const { bankId } of allBanks) expect(await bankTotal(bankId)).toBe(await dbTotal(bankId));
    // A bank with no offers has nothing to count.
    const [empty] = await api.handle.db
      .insert(banks)
      .values({
        bankName: 'Test Bank Without Offers',
        slug: 'test-bank-without-offers',
        logoUrl: '/x.svg',
        thumbnailUrl: '/x.svg',
      })
      .returning();
    expect(await bankTotal(empty!.bankId)).toBe(0);
    await api.handle.db.delete(banks).where(eq(banks.bankId, empty!.bankId));
  });

  it('answers 400 for a malformed bank id and 404 for an unknown bank', async () => {
    for (const bad of [
      'abc',
      '0',
      '-1',
      '1.5',
      '1%27%20OR%20%271%27%3D%271',
      '%3Cscript%3E',
      'x'.repeat(5000),
      '99999999999',
    ]) {
      expectError(await api.call('GET', `/insight/bank/impression/${bad}`), 400);
    }
    expectError(await api.call('GET', '/insight/bank/impression/999999'), 404);
  });
});

describe('impressions keep their offer and bank ids consistent', () => {
  it('every recorded impression matches its offer in the database', async () => {
    const insightId = await newInsight();
    for (const offer of (await listedOffers()).slice(60, 66)) {
      const swapped = { merchantId: offer.categoryId, categoryId: offer.merchantId, bankId: offer.bankId + 1 };
      await view(insightId, offer.offerId, swapped);
      const recorded = await api.call('POST', '/insight/new/impression', {
        body: {
          insight_id: insightId,
          offer_id: offer.offerId,
          merchant_id: swapped.merchantId,
          category_id: swapped.categoryId,
          bank_id: swapped.bankId,
        },
      });
      expect(recorded.status).toBe(201);
    }
    expect(await impressionCount(insightId)).toBe(12);
    // Over every row recorded so far in this file.
    const mismatched = await api.handle.db
      .select({ id: impressions.impressionId })
      .from(impressions)
      .innerJoin(offers, eq(offers.offerId, impressions.offerId))
      .where(
        or(
          sql`${impressions.bankId} <> ${offers.bankId}`,
          sql`${impressions.categoryId} <> ${offers.categoryId}`,
          sql`${impressions.merchantId} <> ${offers.merchantId}`,
        ),
      );
    expect(mismatched).toEqual([]);
  });
});

describe('impression rate limit', () => {
  it('caps impressions per address, so one address cannot inflate view counts', async () => {
    const rules = { ...DEFAULT_RATE_RULES, impressionPerIp: { limit: 2, windowMs: 60_000 } };
    const app = createApp({ ...api.deps, limiter: new RateLimiter(createMemoryRateLimitStore(), rules) });
    const [offer] = await api.handle.db.select().from(offers).where(eq(offers.reviewStatus, 'accepted')).limit(1);
    const view = (ip: string) =>
      app.request(
        '/api/new/impression',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ offerId: offer!.offerId }),
        },
        { incoming: { socket: { remoteAddress: ip } } },
      );
    expect((await view('198.51.100.77')).status).toBe(201);
    expect((await view('198.51.100.77')).status).toBe(201);
    expect((await view('198.51.100.77')).status).toBe(429);
    expect((await view('198.51.100.78')).status).toBe(201);
    const [after] = await api.handle.db
      .select({ views: offers.views })
      .from(offers)
      .where(eq(offers.offerId, offer!.offerId));
    expect(after!.views).toBe(offer!.views + 3);
  });
});
