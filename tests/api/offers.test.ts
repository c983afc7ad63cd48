// Offer lists, filters, counts and single offers (spec §7, DECISIONS "APIs" and "Offer status").
// Every expected number is computed here from the offers table, never taken from the code under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { asc, eq, isNull, or } from 'drizzle-orm';
import { CategoryGroup, CountResponse, Offer, OfferById, OfferList } from '../../src/contract/index.ts';
import { favorites, offers, sessions, termsConditions } from '../../src/server/db/schema.ts';
import { hashToken } from '../../src/server/services/tokens.ts';
import { createTestApi, signUpVerified, type TestApi } from './harness.ts';
import { expectError, expectOk, insertOffer, isListedRow, type Res } from './expectations.ts';

const DAY = 86_400_000;
/** DECISIONS.md: "New" for offers created in the last 7 days, "Ending soon" for offers ending within 7 days. */
const BADGE_DAYS = 7;

type OfferRow = typeof offers.$inferSelect;

let api: TestApi;
const db = () => api.handle.db;
const get = (path: string, token?: string) => api.call('GET', `/api${path}`, { token });
const post = (path: string, body: unknown) => api.call('POST', `/api${path}`, { body });

const ids = (res: Res): number[] => res.body.data.map((o: { offerId: number }) => o.offerId);

async function allRows(): Promise<OfferRow[]> {
  return db().select().from(offers);
}
/** Listed offer ids from the table, newest first (ties: higher id first). */
async function listedIds(filter: { bankIds?: number[]; categoryIds?: number[] } = {}): Promise<number[]> {
  return (await allRows())
    .filter((row) => isListedRow(row))
    .filter((row) => !filter.bankIds?.length || filter.bankIds.includes(row.bankId))
    .filter((row) => !filter.categoryIds?.length || filter.categoryIds.includes(row.categoryId))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.offerId - a.offerId)
    .map((row) => row.offerId);
}

/** What DECISIONS.md says an accepted offer shows, from its own dates; undefined near a boundary. */
function expectedBadge(offer: { offerEnd: string | null; createAt: string }, now: number): string | undefined {
  const end = offer.offerEnd === null ? null : Date.parse(offer.offerEnd);
  const age = now - Date.parse(offer.createAt);
  const nearBoundary =
    (end !== null && (Math.abs(end - now) < 60_000 || Math.abs(end - now - BADGE_DAYS * DAY) < 60_000)) ||
    Math.abs(age - BADGE_DAYS * DAY) < 60_000;
  if (nearBoundary) return undefined;
  if (end !== null && end < now) return 'expired';
  if (end !== null && end - now <= BADGE_DAYS * DAY) return 'expireSoon';
  if (age <= BADGE_DAYS * DAY) return 'new';
  return 'accepted';
}

const BAD_PAGE_SIZES = ['0', '101', '-1', 'abc', '1e9', '1.5', '%20', '0x10', encodeURIComponent("1' OR '1'='1")];
const BAD_PAGE_NUMBERS = ['0', '-1', 'abc', '1e9', '1.5', encodeURIComponent('{"$gt":0}')];
const HOSTILE_SEGMENTS = [
  encodeURIComponent("1' OR '1'='1"),
  encodeURIComponent('<script>alert(1)</script>'),
  'x'.repeat(100_000),
  '1;DROP TABLE offers',
  '-1',
  '0',
  '1.5',
  '9999999999',
  'null',
  encodeURIComponent('{}'),
];
/** Values that are not an id list, for request bodies. */
const HOSTILE_ID_LISTS: unknown[] = [
  '1,2',
  1,
  { 0: 1 },
  [{ id: 1 }],
  ["1' OR '1'='1"],
  ['<script>alert(1)</script>'],
  ['x'.repeat(100_000)],
  [-1],
  [0],
  [1.5],
  [2 ** 31],
  [1e308],
  [true],
  [null],
  Array.from({ length: 101 }, (_, i) => i + 1),
];

beforeAll(async () => {
  // A real TTL, as in production: the routes must clear or bypass it where data changes.
  api = await createTestApi({ cacheTtlMs: 60_000, rateLimits: false });
});
afterAll(async () => {
  await api?.close();
});

describe('GET /get/offers/by/page/{page}/{size}', () => {
  it('answers the OfferList contract, with the page size respected', async () => {
    for (const size of [1, 7, 10, 100]) {
      const res = await get(`/get/offers/by/page/1/${size}`);
      expectOk(res, OfferList);
      expect(res.body.data).toHaveLength(size);
    }
  });

  it('totalCount equals the listed offers counted from the database', async () => {
    const expected = await listedIds();
    const res = await get('/get/offers/by/page/1/10');
    expect(res.body.totalCount).toBe(expected.length);
    // The seed has expired, pending and rejected offers, so the rule actually filters something.
    expect(expected.length).toBeLessThan((await allRows()).length);
  });

  it('pages do not overlap, run newest first, and end with an empty page', async () => {
    const expected = await listedIds();
    const size = 9;
    const seen: number[] = [];
    const pages = Math.ceil(expected.length / size);
    for (let page = 1; page <= pages; page++) {
      const res = await get(`/get/offers/by/page/${page}/${size}`);
      expectOk(res, OfferList);
      expect(res.body.totalCount).toBe(expected.length);
      expect(res.body.data.length).toBe(page < pages ? size : expected.length - size * (pages - 1));
      seen.push(...ids(res));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expected);
    const createdAt = (await get(`/get/offers/by/page/1/100`)).body.data.map((o: { createAt: string }) =>
      Date.parse(o.createAt),
    );
    for (let i = 1; i < createdAt.length; i++) expect(createdAt[i]).toBeLessThanOrEqual(createdAt[i - 1]);

    const after = await get(`/get/offers/by/page/${pages + 1}/${size}`);
    expectOk(after, OfferList);
    expect(after.body.data).toEqual([]);
    expect(after.body.totalCount).toBe(expected.length);
    const far = await get('/get/offers/by/page/999999/100');
    expectOk(far, OfferList);
    expect(far.body.data).toEqual([]);
  });

  it('rejects a bad page size or page number with 400', async () => {
    for (const size of BAD_PAGE_SIZES) expectError(await get(`/get/offers/by/page/1/${size}`), 400);
    for (const page of BAD_PAGE_NUMBERS) expectError(await get(`/get/offers/by/page/${page}/10`), 400);
    expectError(await get(`/get/offers/by/page/${'9'.repeat(100_000)}/10`), 400);
  });

  it('a new listed offer comes first', async () => {
    const offerId = await insertOffer(api, { header: 'Brand new offer' });
    const res = await get('/get/offers/by/page/1/3');
    expect(ids(res)[0]).toBe(offerId);
    expect(res.body.totalCount).toBe((await listedIds()).length);
  });
});

describe('filters by bank and category', () => {
  it('by bank: every offer is of the bank and totalCount equals the database count', async () => {
    for (const bankId of [1, 2, 7, 14]) {
      const expected = await listedIds({ bankIds: [bankId] });
      expect(expected.length).toBeGreaterThan(0);
      const res = await get(`/get/offers/filter/by/bank/${bankId}/1/100`);
      expectOk(res, OfferList);
      expect(res.body.totalCount).toBe(expected.length);
      expect(ids(res)).toEqual(expected.slice(0, 100));
    }
  });

  it('by bank: a comma list with duplicates counts each offer once', async () => {
    const expected = await listedIds({ bankIds: [1, 3] });
    const res = await get('/get/offers/filter/by/bank/3,1,3,1/1/100');
    expectOk(res, OfferList);
    expect(res.body.totalCount).toBe(expected.length);
    expect(ids(res)).toEqual(expected);
    expect(res.body.data.every((o: { bankId: number }) => [1, 3].includes(o.bankId))).toBe(true);
  });

  it('by category: single and comma lists (duplicates too), paged', async () => {
    for (const categoryIds of [[1], [2], [1, 4, 5]]) {
      const expected = await listedIds({ categoryIds });
      expect(expected.length).toBeGreaterThan(0);
      const list = [...categoryIds, categoryIds[0]].join(',');
      const first = await get(`/get/offers/filter/by/category/${list}/1/5`);
      const second = await get(`/get/offers/filter/by/category/${list}/2/5`);
      expectOk(first, OfferList);
      expectOk(second, OfferList);
      expect(first.body.totalCount).toBe(expected.length);
      expect([...ids(first), ...ids(second)]).toEqual(expected.slice(0, 10));
      for (const o of [...first.body.data, ...second.body.data]) expect(categoryIds).toContain(o.categoryId);
    }
  });

  it('unknown ids in a filter give an empty list', async () => {
    for (const path of ['/get/offers/filter/by/bank/999999/1/10', '/get/offers/filter/by/category/999999/1/10']) {
      const res = await get(path);
      expectOk(res, OfferList);
      expect(res.body).toMatchObject({ data: [], totalCount: 0 });
    }
  });

  it('rejects bad id lists and paging with 400', async () => {
    for (const kind of ['bank', 'category']) {
      for (const list of [
        'abc',
        '1,,2',
        ',1',
        '1,',
        '1;2',
        ...HOSTILE_SEGMENTS.filter((s) => !/^\d+$/.test(s) || s.length > 9),
        Array.from({ length: 101 }, (_, i) => i + 1).join(','),
      ]) {
        expectError(await get(`/get/offers/filter/by/${kind}/${list}/1/10`), 400);
      }
      for (const size of BAD_PAGE_SIZES) expectError(await get(`/get/offers/filter/by/${kind}/1/1/${size}`), 400);
      for (const page of BAD_PAGE_NUMBERS) expectError(await get(`/get/offers/filter/by/${kind}/1/${page}/10`), 400);
    }
  });
});

describe('GET /get/offers/filter/by/{bankId|all}/{categoryId|all}/{page}/{size}', () => {
  it('matches the database for every combination of bank, category and all', async () => {
    const [bank, category] = [2, 3];
    const cases: [string, string, { bankIds?: number[]; categoryIds?: number[] }][] = [
      ['all', 'all', {}],
      [String(bank), 'all', { bankIds: [bank] }],
      ['all', String(category), { categoryIds: [category] }],
      [String(bank), String(category), { bankIds: [bank], categoryIds: [category] }],
    ];
    for (const [b, c, filter] of cases) {
      const expected = await listedIds(filter);
      const res = await get(`/get/offers/filter/by/${b}/${c}/1/100`);
      expectOk(res, OfferList);
      expect(res.body.totalCount).toBe(expected.length);
      expect(ids(res)).toEqual(expected.slice(0, 100));
    }
  });

  it('pages continue each other', async () => {
    const expected = await listedIds({ bankIds: [1] });
    const one = await get('/get/offers/filter/by/1/all/1/4');
    const two = await get('/get/offers/filter/by/1/all/2/4');
    expect([...ids(one), ...ids(two)]).toEqual(expected.slice(0, 8));
  });

  it('rejects anything but an id or all, and bad paging, with 400', async () => {
    for (const segment of ['ALL', 'any', ...HOSTILE_SEGMENTS]) {
      expectError(await get(`/get/offers/filter/by/${segment}/all/1/10`), 400);
      expectError(await get(`/get/offers/filter/by/all/${segment}/1/10`), 400);
    }
    for (const size of BAD_PAGE_SIZES) expectError(await get(`/get/offers/filter/by/all/all/1/${size}`), 400);
    for (const page of BAD_PAGE_NUMBERS) expectError(await get(`/get/offers/filter/by/all/all/${page}/10`), 400);
  });
});

describe('POST /get/offers/filter/multiple/{page}/{size}', () => {
  it('every offer matches the bank and category lists; totalCount equals the database count', async () => {
    const cases = [
      { bankIds: [1, 2], categoryIds: [] },
      { bankIds: [], categoryIds: [1, 3] },
      { bankIds: [1, 2, 3, 4], categoryIds: [1, 2, 3] },
      { bankIds: [5, 5], categoryIds: [2, 2] },
    ];
    for (const body of cases) {
      const expected = await listedIds(body);
      const res = await post('/get/offers/filter/multiple/1/100', body);
      expectOk(res, OfferList);
      expect(res.body.totalCount).toBe(expected.length);
      expect(ids(res)).toEqual(expected.slice(0, 100));
      for (const o of res.body.data) {
        if (body.bankIds.length) expect(body.bankIds).toContain(o.bankId);
        if (body.categoryIds.length) expect(body.categoryIds).toContain(o.categoryId);
      }
    }
  });

  it('empty or missing lists mean all offers', async () => {
    const all = await listedIds();
    for (const body of [{ bankIds: [], categoryIds: [] }, {}, { bankIds: [] }]) {
      const res = await post('/get/offers/filter/multiple/1/10', body);
      expectOk(res, OfferList);
      expect(res.body.totalCount).toBe(all.length);
      expect(ids(res)).toEqual(all.slice(0, 10));
    }
  });

  it('a JSON array, null or string body answers 400, not a filter of everything', async () => {
    for (const rawBody of ['[]', 'null', '"bank"', '42']) {
      const res = await api.call('POST', '/api/get/offers/filter/multiple/1/10', { rawBody });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: false, message: 'The request body must be a JSON object.' });
    }
  });

  it('string ids are accepted like numbers', async () => {
    const res = await post('/get/offers/filter/multiple/1/100', { bankIds: ['3'], categoryIds: [] });
    expectOk(res, OfferList);
    expect(res.body.totalCount).toBe((await listedIds({ bankIds: [3] })).length);
  });

  it('rejects hostile bodies and bad paging with 400', async () => {
    for (const list of HOSTILE_ID_LISTS) {
      expectError(await post('/get/offers/filter/multiple/1/10', { bankIds: list, categoryIds: [] }), 400);
      expectError(await post('/get/offers/filter/multiple/1/10', { bankIds: [], categoryIds: list }), 400);
    }
    for (const body of [null, 'bankIds', 42, { bankIds: null }])
      expectError(await post('/get/offers/filter/multiple/1/10', body), 400);
    expectError(await api.call('POST', '/api/get/offers/filter/multiple/1/10'), 400);
    expectError(await api.call('POST', '/api/get/offers/filter/multiple/1/10', { rawBody: '{"bankIds": [1,' }), 400);
    for (const size of BAD_PAGE_SIZES) expectError(await post(`/get/offers/filter/multiple/1/${size}`, {}), 400);
    for (const page of BAD_PAGE_NUMBERS) expectError(await post(`/get/offers/filter/multiple/${page}/10`, {}), 400);
  });
});

describe('expired, pending and rejected offers', () => {
  // Created now, so that they would head every newest-first list if they leaked in.
  let hidden: { expired: number; pending: number; rejected: number };
  const bankId = 4;
  const categoryId = 2;
  let merchantId: number;
  beforeAll(async () => {
    merchantId = (await allRows()).find((row) => row.categoryId === categoryId)!.merchantId;
    const where = { bankId, categoryId, merchantId };
    hidden = {
      expired: await insertOffer(api, {
        ...where,
        header: 'Ended yesterday',
        offerDateType: 'until',
        offerEnd: new Date(Date.now() - DAY),
      }),
      pending: await insertOffer(api, { ...where, header: 'Awaiting review', reviewStatus: 'pending' }),
      rejected: await insertOffer(api, { ...where, header: 'Rejected by the team', reviewStatus: 'rejected' }),
    };
  });
  const hiddenIds = () => Object.values(hidden);
  const expectNoneHidden = (res: Res) => {
    expect(res.status).toBe(200);
    for (const id of hiddenIds()) expect(ids(res)).not.toContain(id);
  };

  it('never appear in any list', async () => {
    expectNoneHidden(await get('/get/offers/by/page/1/100'));
    expectNoneHidden(await get(`/get/offers/filter/by/bank/${bankId}/1/100`));
    expectNoneHidden(await get(`/get/offers/filter/by/category/${categoryId}/1/100`));
    expectNoneHidden(await get(`/get/offers/filter/by/${bankId}/${categoryId}/1/100`));
    expectNoneHidden(await post('/get/offers/filter/multiple/1/100', { bankIds: [bankId], categoryIds: [categoryId] }));
    expectNoneHidden(await get(`/get/offers/by/bank/${bankId}`));
    expectNoneHidden(await get(`/get/offer/insights/${merchantId}/${bankId}/${categoryId}/50`));
    expectNoneHidden(await post('/get/offer/multiple', { offerIds: hiddenIds() }));
    const groups = await post('/get/offer/bank/category/multiple', {
      categoryIds: [categoryId],
      bankId,
      pageSize: 100,
    });
    expect(groups.status).toBe(200);
    for (const id of hiddenIds())
      expect(groups.body.data[0].offers.map((o: { offerId: number }) => o.offerId)).not.toContain(id);
  });

  it('the seeded expired offers are not listed either', async () => {
    const now = Date.now();
    const seededExpired = (await allRows()).filter(
      (row) => row.reviewStatus === 'accepted' && row.offerEnd && row.offerEnd.getTime() < now,
    );
    expect(seededExpired.length).toBeGreaterThan(1);
    const listed = new Set([
      ...ids(await get('/get/offers/by/page/1/100')),
      ...ids(await get('/get/offers/by/page/2/100')),
    ]);
    for (const row of seededExpired) expect(listed.has(row.offerId)).toBe(false);
  });

  it('an expired accepted offer keeps its page, marked expired', async () => {
    const res = await get(`/get/offer/by/${hidden.expired}`);
    expectOk(res, OfferById);
    expect(res.body.data[0]).toMatchObject({ offerId: hidden.expired, status: 'expired' });
  });

  it('a pending or rejected offer answers 404', async () => {
    expectError(await get(`/get/offer/by/${hidden.pending}`), 404);
    expectError(await get(`/get/offer/by/${hidden.rejected}`), 404);
  });
});

describe('offer status badges', () => {
  it('every listed offer shows the badge its own dates call for', async () => {
    const now = Date.now();
    const data = [
      ...(await get('/get/offers/by/page/1/100')).body.data,
      ...(await get('/get/offers/by/page/2/100')).body.data,
    ];
    const seen = new Set<string>();
    for (const offer of data) {
      const expected = expectedBadge(offer, now);
      if (expected) expect(offer.status, `offer ${offer.offerId}`).toBe(expected);
      seen.add(offer.status);
    }
    // The seed covers each badge, so the comparison above exercised all of them.
    expect([...seen].sort()).toEqual(['accepted', 'expireSoon', 'new']);
  });

  it('new, ending soon and plain offers inserted around the 7-day limits', async () => {
    const now = Date.now();
    const cases: [Partial<typeof offers.$inferInsert>, string][] = [
      [{ createdAt: new Date(now - 2 * DAY) }, 'new'],
      [{ createdAt: new Date(now - 6.9 * DAY), offerEnd: new Date(now + 60 * DAY) }, 'new'],
      [{ createdAt: new Date(now - 7.1 * DAY) }, 'accepted'],
      [{ createdAt: new Date(now - 30 * DAY), offerEnd: new Date(now + 3 * DAY) }, 'expireSoon'],
      [{ createdAt: new Date(now - 30 * DAY), offerEnd: new Date(now + 6.9 * DAY) }, 'expireSoon'],
      [{ createdAt: new Date(now - 30 * DAY), offerEnd: new Date(now + 7.1 * DAY) }, 'accepted'],
      // Both badges apply: ending soon is the more useful one.
      [{ createdAt: new Date(now - DAY), offerEnd: new Date(now + 2 * DAY) }, 'expireSoon'],
    ];
    const created: { offerId: number; status: string }[] = [];
    for (const [values, status] of cases)
      created.push({ offerId: await insertOffer(api, { offerDateType: 'until', ...values }), status });
    const res = await post('/get/offer/multiple', { offerIds: created.map((c) => c.offerId) });
    expect(
      res.body.data.map((o: { offerId: number; status: string }) => ({ offerId: o.offerId, status: o.status })),
    ).toEqual(created);
    for (const { offerId, status } of created)
      expect((await get(`/get/offer/by/${offerId}`)).body.data[0].status).toBe(status);
  });
});

describe('GET /get/offer/by/{id}', () => {
  it('returns data[0] with bank, category, merchant and the terms keyed by bank id and general', async () => {
    const offerId = (await listedIds({ bankIds: [5] }))[0]!;
    const [row] = await db().select().from(offers).where(eq(offers.offerId, offerId));
    const res = await get(`/get/offer/by/${offerId}`);
    expectOk(res, OfferById);
    const offer = res.body.data[0];
    expect(res.body.data).toHaveLength(1);
    expect(offer).toMatchObject({
      offerId,
      header: row!.header,
      description: row!.description,
      bankId: row!.bankId,
      categoryId: row!.categoryId,
      merchantId: row!.merchantId,
      bank: { bankId: row!.bankId },
      category: { categoryId: row!.categoryId },
      merchant: { merchantId: row!.merchantId },
    });
    const terms = await db()
      .select()
      .from(termsConditions)
      .where(or(eq(termsConditions.bankId, row!.bankId), isNull(termsConditions.bankId)))
      .orderBy(asc(termsConditions.position), asc(termsConditions.termId));
    expect(Object.keys(offer.termsConditions).sort()).toEqual([String(row!.bankId), 'general'].sort());
    const toItems = (list: typeof terms) => list.map((t) => ({ id: t.termId, value: t.value }));
    expect(offer.termsConditions.general).toEqual(toItems(terms.filter((t) => t.bankId === null)));
    expect(offer.termsConditions[String(row!.bankId)]).toEqual(toItems(terms.filter((t) => t.bankId === row!.bankId)));
    expect(offer.termsConditions.general.length).toBeGreaterThan(0);
    expect(offer.termsConditions[String(row!.bankId)].length).toBeGreaterThan(0);
  });

  it('an unknown id answers 404, a malformed one 400', async () => {
    expectError(await get('/get/offer/by/999999'), 404);
    expectError(await get('/get/offer/by/999999999'), 404);
    for (const segment of [...HOSTILE_SEGMENTS, '2147483648', 'abc'])
      expectError(await get(`/get/offer/by/${segment}`), 400);
  });
});

describe('GET /get/offers/by/bank/{bankId}', () => {
  it("lists the bank's listed offers with totalCount; paging through the query string", async () => {
    const expected = await listedIds({ bankIds: [1] });
    const res = await get('/get/offers/by/bank/1');
    expectOk(res, OfferList);
    expect(res.body.totalCount).toBe(expected.length);
    expect(ids(res)).toEqual(expected.slice(0, 100));
    const two = await get('/get/offers/by/bank/1?pageNo=2&pageSize=3');
    expectOk(two, OfferList);
    expect(ids(two)).toEqual(expected.slice(3, 6));
  });

  it('an unknown bank answers 404; bad ids and paging 400', async () => {
    expectError(await get('/get/offers/by/bank/999999'), 404);
    for (const segment of HOSTILE_SEGMENTS) expectError(await get(`/get/offers/by/bank/${segment}`), 400);
    expectError(await get('/get/offers/by/bank/1?pageSize=101'), 400);
    expectError(await get('/get/offers/by/bank/1?pageNo=0'), 400);
    expectError(await get(`/get/offers/by/bank/1?pageSize=${encodeURIComponent("1' OR '1'='1")}`), 400);
  });
});

describe('GET /get/offers/by/user/{userId}', () => {
  let owner: Awaited<ReturnType<typeof signUpVerified>>;
  let other: Awaited<ReturnType<typeof signUpVerified>>;
  let own: { accepted: number; pending: number; rejected: number; expired: number };
  beforeAll(async () => {
    owner = await signUpVerified(api, { firstName: 'Owner' });
    other = await signUpVerified(api, { firstName: 'Other' });
    const ownerUserId = owner.userId;
    own = {
      accepted: await insertOffer(api, {
        ownerUserId,
        header: 'Owner accepted',
        createdAt: new Date(Date.now() - 3000),
      }),
      pending: await insertOffer(api, {
        ownerUserId,
        header: 'Owner pending',
        reviewStatus: 'pending',
        createdAt: new Date(Date.now() - 2000),
      }),
      rejected: await insertOffer(api, {
        ownerUserId,
        header: 'Owner rejected',
        reviewStatus: 'rejected',
        createdAt: new Date(Date.now() - 1000),
      }),
      expired: await insertOffer(api, {
        ownerUserId,
        header: 'Owner expired',
        offerDateType: 'until',
        offerEnd: new Date(Date.now() - DAY),
        createdAt: new Date(Date.now() - 10 * DAY),
      }),
    };
  });
  const schema = v.object({ status: v.literal(true), data: v.array(Offer) });

  it('the owner with a token sees every own offer, pending, rejected and expired included, newest first', async () => {
    const res = await get(`/get/offers/by/user/${owner.userId}`, owner.token);
    expectOk(res, schema);
    expect(ids(res)).toEqual([own.rejected, own.pending, own.accepted, own.expired]);
    expect(res.body.data.map((o: { status: string }) => o.status)).toEqual(['rejected', 'pending', 'new', 'expired']);
  });

  it('guests and other users see only the listed ones', async () => {
    for (const token of [undefined, other.token, 'not-a-real-token']) {
      const res = await get(`/get/offers/by/user/${owner.userId}`, token);
      expectOk(res, schema);
      expect(ids(res)).toEqual([own.accepted]);
    }
  });

  it('an expired token of the owner counts as a guest', async () => {
    const signedIn = await api.call('POST', '/api/user/authentication', {
      body: { mobileNo: owner.mobileNo, password: owner.password },
    });
    expect(signedIn.status).toBe(200);
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(signedIn.body.token)));
    expect(ids(await get(`/get/offers/by/user/${owner.userId}`, signedIn.body.token))).toEqual([own.accepted]);
  });

  it('a user without offers, or an unknown user, has an empty list; bad ids 400', async () => {
    expect((await get(`/get/offers/by/user/${other.userId}`, other.token)).body.data).toEqual([]);
    // No 404: the public route must not tell which user ids exist.
    expect((await get('/get/offers/by/user/999999')).body).toEqual({ status: true, data: [] });
    for (const segment of HOSTILE_SEGMENTS) expectError(await get(`/get/offers/by/user/${segment}`), 400);
  });
});

describe('offer counts', () => {
  it('GET /get/offer/count/accepted equals the listed count; other states count their rows', async () => {
    const rows = await allRows();
    const accepted = await get('/get/offer/count/accepted');
    expectOk(accepted, CountResponse);
    expect(accepted.body.data[0].totalCount).toBe(rows.filter((row) => isListedRow(row)).length);
    expect(accepted.body.data[0].totalCount).toBe((await get('/get/offers/by/page/1/1')).body.totalCount);
    for (const status of ['pending', 'rejected']) {
      const res = await get(`/get/offer/count/${status}`);
      expectOk(res, CountResponse);
      expect(res.body.data[0].totalCount).toBe(rows.filter((row) => row.reviewStatus === status).length);
    }
  });

  it('an unknown status answers 400', async () => {
    for (const status of ['bogus', 'ACCEPTED', 'expired', ...HOSTILE_SEGMENTS])
      expectError(await get(`/get/offer/count/${status}`), 400);
  });

  it('POST /get/offer/count/multiple/{status} counts like the filtered lists', async () => {
    for (const body of [
      { bankIds: [1, 2], categoryIds: [3] },
      { bankIds: [], categoryIds: [] },
      { bankIds: [6] },
      {},
    ]) {
      const res = await post('/get/offer/count/multiple/accepted', body);
      expectOk(res, CountResponse);
      expect(res.body.data[0].totalCount).toBe((await listedIds(body)).length);
      expect(res.body.data[0].totalCount).toBe((await post('/get/offers/filter/multiple/1/1', body)).body.totalCount);
    }
    const pending = await post('/get/offer/count/multiple/pending', { bankIds: [], categoryIds: [] });
    expect(pending.body.data[0].totalCount).toBe(
      (await allRows()).filter((row) => row.reviewStatus === 'pending').length,
    );
  });

  it('POST count: bad status or hostile body answers 400', async () => {
    expectError(await post('/get/offer/count/multiple/bogus', {}), 400);
    for (const list of HOSTILE_ID_LISTS)
      expectError(await post('/get/offer/count/multiple/accepted', { bankIds: list }), 400);
    expectError(await api.call('POST', '/api/get/offer/count/multiple/accepted', { rawBody: 'not json' }), 400);
    expectError(await api.call('POST', '/api/get/offer/count/multiple/accepted'), 400);
  });
});

describe('POST /get/offer/multiple', () => {
  it('keeps the requested order and skips unknown, non-public and expired ids', async () => {
    const listed = await listedIds();
    const pending = (await allRows()).find((row) => row.reviewStatus !== 'accepted')!.offerId;
    const expired = (await allRows()).find(
      (row) => row.reviewStatus === 'accepted' && row.offerEnd && row.offerEnd.getTime() < Date.now(),
    )!.offerId;
    const wanted = [listed[5]!, 999999, listed[0]!, pending, listed[40]!, expired, '12'];
    const res = await post('/get/offer/multiple', { offerIds: wanted });
    expectOk(res, v.object({ status: v.literal(true), data: v.array(Offer) }));
    const expected = [listed[5], listed[0], listed[40], ...(listed.includes(12) ? [12] : [])];
    expect(ids(res)).toEqual(expected);
  });

  it('answers each offer once when an id repeats', async () => {
    const [a, b] = await listedIds();
    expect(ids(await post('/get/offer/multiple', { offerIds: [a, b, a, b] }))).toEqual([a, b]);
  });

  it('takes up to 100 ids; 101 ids answer 400', async () => {
    const listed = await listedIds();
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    const res = await post('/get/offer/multiple', { offerIds: hundred });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual(hundred.filter((id) => listed.includes(id)));
    expectError(await post('/get/offer/multiple', { offerIds: Array.from({ length: 101 }, (_, i) => i + 1) }), 400);
  });

  it('an empty list answers an empty list; hostile bodies 400', async () => {
    expect((await post('/get/offer/multiple', { offerIds: [] })).body).toEqual({ status: true, data: [] });
    for (const list of HOSTILE_ID_LISTS) expectError(await post('/get/offer/multiple', { offerIds: list }), 400);
    for (const body of [{}, null, [1, 2], { offerIds: null }])
      expectError(await post('/get/offer/multiple', body), 400);
    expectError(await api.call('POST', '/api/get/offer/multiple', { rawBody: '{"offerIds":[1' }), 400);
  });
});

describe('POST /get/offer/bank/category/multiple', () => {
  const Groups = v.object({ status: v.literal(true), data: v.array(CategoryGroup) });

  it('groups per category, in the requested order, with the listed totalCount', async () => {
    const res = await post('/get/offer/bank/category/multiple', { categoryIds: [3, 1, 999999, 2, 3] });
    expectOk(res, Groups);
    expect(res.body.data.map((g: { categoryId: number }) => g.categoryId)).toEqual([3, 1, 2]);
    for (const group of res.body.data) {
      const expected = await listedIds({ categoryIds: [group.categoryId] });
      expect(group.totalCount).toBe(expected.length);
      expect(group.offers.map((o: { offerId: number }) => o.offerId)).toEqual(expected.slice(0, 6));
    }
  });

  it('with a bank, and page 2 of size 6 continues page 1', async () => {
    const bankId = 1;
    const categoryId = (await allRows())
      .filter((row) => row.bankId === bankId && isListedRow(row))
      .map((row) => row.categoryId)
      .sort((a, b) => a - b)[0]!;
    const expected = await listedIds({ bankIds: [bankId], categoryIds: [categoryId] });
    const one = await post('/get/offer/bank/category/multiple', {
      categoryIds: [categoryId],
      bankId,
      pageNo: 1,
      pageSize: 6,
    });
    const two = await post('/get/offer/bank/category/multiple', {
      categoryIds: [categoryId],
      bankId,
      pageNo: 2,
      pageSize: 6,
    });
    expectOk(one, Groups);
    expectOk(two, Groups);
    expect(one.body.data[0].totalCount).toBe(expected.length);
    const offerIds = (res: Res) => res.body.data[0].offers.map((o: { offerId: number; bankId: number }) => o.offerId);
    expect([...offerIds(one), ...offerIds(two)]).toEqual(expected.slice(0, 12));
    for (const o of [...one.body.data[0].offers, ...two.body.data[0].offers])
      expect(o).toMatchObject({ bankId, categoryId });
    // Broad enough for a second page to exist somewhere: category 1 across all banks.
    const all1 = await post('/get/offer/bank/category/multiple', { categoryIds: [1], pageNo: 1, pageSize: 6 });
    const all2 = await post('/get/offer/bank/category/multiple', { categoryIds: [1], pageNo: 2, pageSize: 6 });
    const expected1 = await listedIds({ categoryIds: [1] });
    expect(expected1.length).toBeGreaterThan(6);
    expect([...offerIds(all1), ...offerIds(all2)]).toEqual(expected1.slice(0, 12));
  });

  it('an empty list answers no groups; hostile bodies 400', async () => {
    expect((await post('/get/offer/bank/category/multiple', { categoryIds: [] })).body).toEqual({
      status: true,
      data: [],
    });
    for (const list of HOSTILE_ID_LISTS)
      expectError(await post('/get/offer/bank/category/multiple', { categoryIds: list }), 400);
    for (const extra of [
      { pageSize: 0 },
      { pageSize: 101 },
      { pageSize: '6' },
      { pageNo: 0 },
      { pageNo: 1.5 },
      { pageNo: { $gt: 1 } },
      { bankId: 'all' },
      { bankId: "1' OR '1'='1" },
    ]) {
      expectError(await post('/get/offer/bank/category/multiple', { categoryIds: [1], ...extra }), 400);
    }
    expectError(await post('/get/offer/bank/category/multiple', {}), 400);
    expectError(await api.call('POST', '/api/get/offer/bank/category/multiple', { rawBody: '' }), 400);
  });
});

describe('GET /get/offer/insights/{merchantId}/{bankId}/{categoryId}/{count}', () => {
  const Related = v.object({ status: v.literal(true), data: v.array(Offer) });

  it('respects count and ranks the same merchant first', async () => {
    const listedRows = (await allRows()).filter((row) => isListedRow(row));
    const perMerchant = new Map<number, OfferRow[]>();
    for (const row of listedRows) perMerchant.set(row.merchantId, [...(perMerchant.get(row.merchantId) ?? []), row]);
    const [merchantId, merchantRows] = [...perMerchant].sort((a, b) => b[1].length - a[1].length)[0]!;
    expect(merchantRows.length).toBeGreaterThan(1);
    const { bankId, categoryId } = merchantRows[0]!;

    const res = await get(`/get/offer/insights/${merchantId}/${bankId}/${categoryId}/9`);
    expectOk(res, Related);
    expect(res.body.data).toHaveLength(9);
    const merchantsInOrder = res.body.data.map((o: { merchantId: number }) => o.merchantId);
    const k = Math.min(9, merchantRows.length);
    expect(merchantsInOrder.slice(0, k)).toEqual(Array(k).fill(merchantId));
    expect(merchantsInOrder.slice(k)).not.toContain(merchantId);
    // After the merchant's offers: same category before others.
    const rest = res.body.data.slice(k);
    const firstOther = rest.findIndex((o: { categoryId: number }) => o.categoryId !== categoryId);
    if (firstOther >= 0) for (const o of rest.slice(firstOther)) expect(o.categoryId).not.toBe(categoryId);

    for (const count of [1, 4, 50])
      expect((await get(`/get/offer/insights/${merchantId}/${bankId}/${categoryId}/${count}`)).body.data).toHaveLength(
        count,
      );
  });

  it("'all' is accepted for each id", async () => {
    const res = await get('/get/offer/insights/all/all/all/5');
    expectOk(res, Related);
    expect(res.body.data).toHaveLength(5);
  });

  it('bad count or ids answer 400', async () => {
    for (const count of ['0', '51', 'abc', '-1', '1e2', '9'.repeat(100_000)])
      expectError(await get(`/get/offer/insights/1/1/1/${count}`), 400);
    for (const segment of HOSTILE_SEGMENTS) expectError(await get(`/get/offer/insights/${segment}/1/1/9`), 400);
  });
});

describe('HTML descriptions', () => {
  // No write route exists yet, so a hostile description can only come straight from the database.
  // The API is neither the write nor the render step: it hands the stored text back unchanged, as
  // JSON (so the API response itself cannot run it). Rendering must sanitise it.
  it('a stored <script> description comes back unchanged, as JSON text', async () => {
    const description = '<p>Hello</p><script>alert(document.cookie)</script><img src=x onerror="alert(1)">';
    const offerId = await insertOffer(api, { description });
    const res = await get(`/get/offer/by/${offerId}`);
    expectOk(res, OfferById);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.data[0].description).toBe(description);
    expect(ids(await get('/get/offers/by/page/1/5'))).toContain(offerId);
  });
});

describe('response cache', () => {
  it('caches list responses, and a favourite added through the API shows at once in interest', async () => {
    const [fan, otherFan] = [
      await signUpVerified(api, { firstName: 'Fan' }),
      await signUpVerified(api, { firstName: 'Second' }),
    ];
    const path = '/get/offers/by/page/1/20';
    const before = await get(path);
    const target = before.body.data[10];
    const interestOf = (res: Res) =>
      res.body.data.find((o: { offerId: number }) => o.offerId === target.offerId).interest;

    // A change behind the API's back stays invisible for the TTL: the cache is real.
    await db().insert(favorites).values({ userId: otherFan.userId, offerId: target.offerId });
    expect(interestOf(await get(path))).toBe(target.interest);

    const added = await api.call('PUT', '/api/add/user/favorite/offer', {
      token: fan.token,
      body: { offerId: target.offerId },
    });
    expect(added.status).toBe(200);
    expect(interestOf(await get(path))).toBe(target.interest + 2);

    const removed = await api.call('PUT', '/api/remove/offer/from/user/favorite', {
      token: fan.token,
      body: { offerId: target.offerId },
    });
    expect(removed.status).toBe(200);
    expect(interestOf(await get(path))).toBe(target.interest + 1);
  });
});

describe('response cache of the filtered list (POST, keyed by the request text)', () => {
  const path = '/api/get/offers/filter/multiple/1/20';
  const send = (rawBody: string, to = path) => api.call('POST', to, { rawBody });

  it('answers a repeated body from the cache, and bad bodies with a 400 every time', async () => {
    api.deps.cache.clear();
    const text = JSON.stringify({ bankIds: [2, 1], categoryIds: [] });
    const first = await send(text);
    expectOk(first, OfferList);
    const target = first.body.data[0];

    // A change behind the API's back stays invisible for the same text: the answer is cached.
    await db().update(offers).set({ header: 'Changed behind the cache' }).where(eq(offers.offerId, target.offerId));
    try {
      const again = await send(text);
      expect(again.body).toEqual(first.body);
      // Another text for the same filter, or another page, is another key: answered fresh.
      const spaced = await send(' {"bankIds": [1, 2]} ');
      expect(spaced.body.data[0].header).toBe('Changed behind the cache');
      expect((await send(text, '/api/get/offers/filter/multiple/1/21')).body.data[0].header).toBe(
        'Changed behind the cache',
      );

      // Invalid input is never kept: the same bad text answers the same 400 each time.
      for (let i = 0; i < 2; i++) {
        expectError(await send('{"bankIds": [1,'), 400, 'The request body must be JSON.');
        expectError(await send('[]'), 400, 'The request body must be a JSON object.');
        expectError(await send('{"bankIds": [0]}'), 400);
        expectError(await send(text, '/api/get/offers/filter/multiple/1/0'), 400);
      }

      // Clearing the cache (what writes through the API do) drops the text-keyed answers too.
      api.deps.cache.clear();
      expect((await send(text)).body.data[0].header).toBe('Changed behind the cache');
    } finally {
      await db().update(offers).set({ header: target.header }).where(eq(offers.offerId, target.offerId));
      api.deps.cache.clear();
    }
  });

  it('a long body is answered as usual', async () => {
    const every = Array.from({ length: 100 }, (_, i) => i + 1);
    const text = JSON.stringify({ bankIds: every, categoryIds: every, padding: ' '.repeat(3000) });
    const res = await send(text);
    expectOk(res, OfferList);
    expect(res.body.totalCount).toBe((await listedIds({})).length);
  });
});
