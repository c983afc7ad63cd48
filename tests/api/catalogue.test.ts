// Banks, categories, locations and images (spec §7; DECISIONS "APIs", "Demo data" and the bank
// card's real favourite count). Expected values come from the tables, through api.handle.db.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import { Bank, BankDetail, Category, CategoryWithCount, ErrorResponse } from '../../src/contract/index.ts';
import { banks, categories, favorites, images, locations, offers } from '../../src/server/db/schema.ts';
import { createTestApi, signUpVerified, type TestApi } from './harness.ts';
import { expectError, expectOk, insertOffer, isListedRow, type Res } from './expectations.ts';

let api: TestApi;
const db = () => api.handle.db;
const get = (path: string) => api.call('GET', `/api${path}`);
const post = (path: string, body: unknown) => api.call('POST', `/api${path}`, { body });

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const listedRows = async (bankId?: number) =>
  (await db().select().from(offers)).filter(
    (row) => isListedRow(row) && (bankId === undefined || row.bankId === bankId),
  );

const HOSTILE_SEGMENTS = [
  encodeURIComponent("1' OR '1'='1"),
  encodeURIComponent('<script>alert(1)</script>'),
  'x'.repeat(100_000),
  '-1',
  '0',
  '1.5',
  '9999999999',
  'null',
  encodeURIComponent('{}'),
  'abc',
];
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
  [true],
  [null],
  Array.from({ length: 101 }, (_, i) => i + 1),
];

beforeAll(async () => {
  api = await createTestApi({ rateLimits: false });
});
afterAll(async () => {
  await api?.close();
});

describe('GET /get/all/banks', () => {
  const Banks = v.object({ status: v.literal(true), data: v.array(Bank) });

  it('lists every bank in the Bank shape, sorted by name', async () => {
    const res = await get('/get/all/banks');
    expectOk(res, Banks);
    const rows = await db().select().from(banks);
    expect(res.body.data.length).toBe(rows.length);
    expect(res.body.data.length).toBeGreaterThanOrEqual(12);
    expect(res.body.data.length).toBeLessThanOrEqual(16);
    const names = res.body.data.map((b: { bankName: string }) => b.bankName);
    expect(names).toEqual([...names].sort(byName));
    for (const bank of res.body.data) {
      const row = rows.find((r) => r.bankId === bank.bankId)!;
      expect(bank).toMatchObject({
        bankName: row.bankName,
        slug: row.slug,
        logoURL: row.logoUrl,
        cardTypes: row.cardTypes,
      });
      expect(bank.slug).toBe(
        bank.bankName
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-+|-+$/g, ''),
      );
      expect(bank.cardTypes.length).toBeGreaterThan(0);
    }
  });
});

describe('GET /get/bank/by/{bankId}', () => {
  it('answers the BankDetail shape with the listed offer count, merchants and card types', async () => {
    for (const bankId of [1, 6, 14]) {
      const res = await get(`/get/bank/by/${bankId}`);
      expectOk(res, v.object({ status: v.literal(true), data: BankDetail }));
      const bank = res.body.data;
      const rows = await listedRows(bankId);
      expect(bank.bankId).toBe(bankId);
      expect(bank.totalCount).toBe(rows.length);
      expect(bank.totalCount).toBe((await get(`/get/offers/by/bank/${bankId}`)).body.totalCount);

      // Merchants: at most 4, those with the most listed offers at this bank (ties by id).
      const perMerchant = new Map<number, number>();
      for (const row of rows) perMerchant.set(row.merchantId, (perMerchant.get(row.merchantId) ?? 0) + 1);
      const top = [...perMerchant]
        .sort((a, b) => b[1] - a[1] || a[0] - b[0])
        .slice(0, 4)
        .map(([id]) => id);
      expect(bank.merchants.length).toBeLessThanOrEqual(4);
      expect(bank.merchants.map((m: { merchantId: number }) => m.merchantId)).toEqual(top);
      expect(bank.merchantCount).toBe(perMerchant.size);
    }
  });

  it('favoriteCount counts real favourites, and grows when one is added', async () => {
    const bankId = 3;
    const countFromDb = async () => {
      const listed = new Set((await listedRows(bankId)).map((row) => row.offerId));
      return (await db().select().from(favorites)).filter((f) => listed.has(f.offerId)).length;
    };
    const before = (await get(`/get/bank/by/${bankId}`)).body.data.favoriteCount;
    expect(before).toBe(await countFromDb());

    const [a, b] = (await listedRows(bankId)).map((row) => row.offerId);
    const first = await signUpVerified(api, { firstName: 'Amara' });
    const second = await signUpVerified(api, { firstName: 'Bimal' });
    for (const [user, offerId] of [
      [first, a],
      [second, a],
      [second, b],
    ] as const) {
      const added = await api.call('PUT', '/api/add/user/favorite/offer', { token: user.token, body: { offerId } });
      expect(added.status).toBe(200);
    }
    const after = (await get(`/get/bank/by/${bankId}`)).body.data.favoriteCount;
    expect(after).toBe(before + 3);
    expect(after).toBe(await countFromDb());
    // Another bank's count is untouched.
    const other = (await get('/get/bank/by/4')).body.data.favoriteCount;
    const otherListed = new Set((await listedRows(4)).map((row) => row.offerId));
    expect(other).toBe((await db().select().from(favorites)).filter((f) => otherListed.has(f.offerId)).length);
  });

  it('an unknown bank answers 404; malformed ids 400', async () => {
    expectError(await get('/get/bank/by/999999'), 404);
    for (const segment of HOSTILE_SEGMENTS) expectError(await get(`/get/bank/by/${segment}`), 400);
  });
});

describe('GET /get/all/categories', () => {
  it('lists every category in the Category shape, sorted by name', async () => {
    const res = await get('/get/all/categories');
    expectOk(res, v.object({ status: v.literal(true), data: v.array(Category) }));
    const rows = await db().select().from(categories);
    expect(res.body.data.length).toBe(rows.length);
    expect(res.body.data.length).toBeGreaterThan(3);
    const names = res.body.data.map((c: { categoryName: string }) => c.categoryName);
    expect(names).toEqual([...names].sort(byName));
    for (const category of res.body.data) {
      expect(category.id).toBe(category.categoryId);
      expect(category).toMatchObject({
        categoryName: rows.find((r) => r.categoryId === category.categoryId)!.categoryName,
      });
    }
  });
});

describe('GET /get/all/categories/with/offers/{bankId|all}', () => {
  const WithCounts = v.object({ status: v.literal(true), data: v.array(CategoryWithCount) });
  const expectedCounts = async (bankId?: number) => {
    const counts = new Map<number, number>();
    for (const row of await listedRows(bankId)) counts.set(row.categoryId, (counts.get(row.categoryId) ?? 0) + 1);
    return counts;
  };
  const asMap = (res: Res) =>
    new Map<number, number>(
      res.body.data.map((c: { categoryId: number; totalCount: number }) => [c.categoryId, c.totalCount]),
    );

  it("'all': every category with listed offers, with its count, sorted by name", async () => {
    const res = await get('/get/all/categories/with/offers/all');
    expectOk(res, WithCounts);
    expect(asMap(res)).toEqual(await expectedCounts());
    const names = res.body.data.map((c: { categoryName: string }) => c.categoryName);
    expect(names).toEqual([...names].sort(byName));
  });

  it('one bank: only the categories that bank has listed offers in', async () => {
    let sawMissingCategory = false;
    const allCategories = (await db().select().from(categories)).length;
    for (const bankId of [1, 5, 11, 14]) {
      const res = await get(`/get/all/categories/with/offers/${bankId}`);
      expectOk(res, WithCounts);
      const expected = await expectedCounts(bankId);
      expect(asMap(res)).toEqual(expected);
      if (expected.size < allCategories) sawMissingCategory = true;
    }
    expect(sawMissingCategory).toBe(true);
  });

  it('expired, pending and rejected offers do not make a category appear', async () => {
    const bankId = 12;
    const listedCategories = new Set((await listedRows(bankId)).map((row) => row.categoryId));
    const empty = (await db().select().from(categories)).find((c) => !listedCategories.has(c.categoryId));
    expect(empty).toBeDefined();
    const merchantId = (await db().select().from(offers).where(eq(offers.categoryId, empty!.categoryId)))[0]!
      .merchantId;
    for (const values of [
      { reviewStatus: 'pending' },
      { reviewStatus: 'rejected' },
      { offerEnd: new Date(Date.now() - 3_600_000) },
    ]) {
      await insertOffer(api, { bankId, categoryId: empty!.categoryId, merchantId, ...values });
    }
    const res = await get(`/get/all/categories/with/offers/${bankId}`);
    expect(asMap(res).has(empty!.categoryId)).toBe(false);
    // A listed one does.
    await insertOffer(api, { bankId, categoryId: empty!.categoryId, merchantId });
    expect(asMap(await get(`/get/all/categories/with/offers/${bankId}`)).get(empty!.categoryId)).toBe(1);
  });

  it('an unknown bank answers 404; anything else 400', async () => {
    expectError(await get('/get/all/categories/with/offers/999999'), 404);
    for (const segment of [...HOSTILE_SEGMENTS, 'ALL'])
      expectError(await get(`/get/all/categories/with/offers/${segment}`), 400);
  });
});

describe('POST /get/category/multiple', () => {
  const Categories = v.object({ status: v.literal(true), data: v.array(Category) });

  it('answers the named categories, skipping unknown ids and repeats', async () => {
    const res = await post('/get/category/multiple', { categoryIds: [3, 1, 999999, '2', 3] });
    expectOk(res, Categories);
    expect(res.body.data.map((c: { categoryId: number }) => c.categoryId).sort()).toEqual([1, 2, 3]);
    const rows = await db().select().from(categories);
    for (const c of res.body.data)
      expect(c.categoryName).toBe(rows.find((r) => r.categoryId === c.categoryId)!.categoryName);
  });

  it('an empty list answers an empty list', async () => {
    expect((await post('/get/category/multiple', { categoryIds: [] })).body).toEqual({ status: true, data: [] });
  });

  it('rejects hostile bodies with 400', async () => {
    for (const list of HOSTILE_ID_LISTS) expectError(await post('/get/category/multiple', { categoryIds: list }), 400);
    for (const body of [{}, null, 'categoryIds', { categoryIds: null }])
      expectError(await post('/get/category/multiple', body), 400);
    expectError(await api.call('POST', '/api/get/category/multiple'), 400);
    expectError(await api.call('POST', '/api/get/category/multiple', { rawBody: '{"categoryIds":' }), 400);
  });
});

describe('GET /location/all', () => {
  it('answers the locations in `response` (and `data`), sorted by name', async () => {
    const res = await get('/location/all');
    const Location = v.object({ locationId: v.number(), locationName: v.string(), isActive: v.boolean() });
    expectOk(res, v.object({ status: v.literal(true), response: v.array(Location), data: v.array(Location) }));
    const rows = await db().select().from(locations);
    expect(res.body.response.length).toBe(rows.length);
    expect(res.body.response.length).toBeGreaterThan(5);
    expect(res.body.data).toEqual(res.body.response);
    const names = res.body.response.map((l: { locationName: string }) => l.locationName);
    expect(names).toEqual([...names].sort(byName));
    expect(new Set(names)).toEqual(new Set(rows.map((r) => r.locationName)));
  });
});

describe('GET /images/{name}', () => {
  it('serves a seeded bank logo as PNG with cache and nosniff headers', async () => {
    const bank = (await get('/get/all/banks')).body.data[0];
    expect(bank.logoURL).toMatch(/^\/api\/images\//);
    const res = await api.call('GET', bank.logoURL);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const [row] = await db()
      .select()
      .from(images)
      .where(eq(images.name, bank.logoURL.split('/').pop()));
    expect(res.body).toBe(row!.bytes.toString('utf8'));
    expect(row!.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });

  it('an unknown name answers 404, even for a file that exists on disk', async () => {
    for (const name of ['no-such-image.svg', 'favicon.svg', 'upload-00000000.png']) {
      const res = await get(`/images/${name}`);
      expectError(res, 404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('path-like and odd names answer 400 or 404 and never read a file', async () => {
    const names = [
      encodeURIComponent('../etc/passwd'),
      encodeURIComponent('../../../../etc/passwd'),
      '..%2f..%2fetc%2fpasswd',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      encodeURIComponent('..\\..\\windows\\win.ini'),
      'passwd',
      '.env',
      encodeURIComponent('/etc/passwd'),
      'BANK.SVG',
      'logo.svg%00.png',
      'image.exe',
      'x'.repeat(100_000) + '.svg',
      encodeURIComponent("a' OR '1'='1.svg"),
      encodeURIComponent('<script>.svg'),
    ];
    for (const name of names) {
      const res = await get(`/images/${name}`);
      expect([400, 404]).toContain(res.status);
      expect(v.safeParse(ErrorResponse, res.body).issues).toBeUndefined();
      expect(JSON.stringify(res.body)).not.toMatch(/root:|\[fonts\]/);
    }
    // Unencoded dots are resolved by URL parsing before routing: the path leaves /images.
    for (const path of ['/api/images/../etc/passwd', '/api/images/../../../etc/passwd']) {
      const res = await api.call('GET', path);
      expectError(res, 404);
    }
  });
});
