// Issue 11 §4, no 500 whatever the input: bounded paging, short error answers, JSON bodies only,
// and URLs that are http(s) or site paths only.
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankDetail, ErrorResponse, HouseAd, OfferById, OfferList, PAGE_NO_MAX } from '../../src/contract/index.ts';
import { createApp } from '../../src/server/app.ts';
import { banks, houseAds, merchants, offers } from '../../src/server/db/schema.ts';
import { createTestApi, signUpVerified, type TestApi } from './harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ offers: 30, rateLimits: false });
});
afterAll(async () => {
  await api.close();
});

const expectError = (answer: { status: number; body: unknown }, status: number) => {
  expect(answer.status).toBe(status);
  expect(v.is(ErrorResponse, answer.body)).toBe(true);
};

describe('page numbers, page sizes and ids are bounded', () => {
  it('answers 400, not 500, to the bank page groups with pageNo 1e19', async () => {
    const answer = await api.call('POST', '/api/get/offer/bank/category/multiple', {
      rawBody: '{"categoryIds":[1],"pageNo":1e19}',
    });
    expectError(answer, 400);
    expect(answer.body.issues[0].path).toBe('pageNo');
  });

  it('takes the last page and refuses the one after it, in a body and in a path', async () => {
    const last = await api.call('POST', '/api/get/offer/bank/category/multiple', {
      body: { categoryIds: [1], pageNo: PAGE_NO_MAX, pageSize: 100 },
    });
    expect(last.status).toBe(200);
    expect(last.body.data[0].offers).toEqual([]);
    expectError(
      await api.call('POST', '/api/get/offer/bank/category/multiple', {
        body: { categoryIds: [1], pageNo: PAGE_NO_MAX + 1 },
      }),
      400,
    );
    for (const pageNo of [Number.MAX_VALUE, 2 ** 53]) {
      expectError(
        await api.call('POST', '/api/get/offer/bank/category/multiple', { body: { categoryIds: [1], pageNo } }),
        400,
      );
    }
    expect((await api.call('GET', `/api/get/offers/by/page/${PAGE_NO_MAX}/100`)).status).toBe(200);
    expectError(await api.call('GET', '/api/get/offers/by/page/9999999/100'), 400);
  });
});

describe('error answers quote a short prefix of a bad value', () => {
  it('answers a 1 MB invalid field in a few hundred bytes, naming the field', async () => {
    const huge = 'x'.repeat(1024 * 1024);
    const answer = await api.call('POST', '/api/get/offer/bank/category/multiple', {
      body: { categoryIds: [1], pageSize: huge },
    });
    expectError(answer, 400);
    const text = JSON.stringify(answer.body);
    expect(text.length).toBeLessThan(400);
    expect(answer.body.message).toMatch(/^pageSize: Invalid type: Expected number but received "x{40}…"$/);
    expect(answer.body.issues).toEqual([
      { path: 'pageSize', message: expect.stringContaining('x'.repeat(40)), code: 'invalid' },
    ]);
  });

  it('cuts the quoted value in every issue', async () => {
    const answer = await api.call('POST', '/api/get/offer/bank/category/multiple', {
      body: { categoryIds: [1], pageNo: 'p'.repeat(300_000), pageSize: 's'.repeat(300_000) },
    });
    expectError(answer, 400);
    expect(answer.body.issues.map((issue: { path: string }) => issue.path)).toEqual(['pageNo', 'pageSize']);
    expect(JSON.stringify(answer.body).length).toBeLessThan(600);
  });
});

describe('JSON bodies need content-type application/json', () => {
  const subscribe = (headers: Record<string, string>) =>
    api.call('POST', '/api/new/subscribe', {
      rawBody: JSON.stringify({ subscribeEmail: 'ct.test@example.lk' }),
      headers,
    });

  it.each([
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/jsonx',
    '',
  ])('answers 415 to a %j body', async (type) => {
    const answer = await subscribe({ 'content-type': type });
    expectError(answer, 415);
    expect(answer.body.message).toContain('application/json');
  });

  it('answers 415 to a body without a content type', async () => {
    // A Blob without a type: the request carries no content-type header at all.
    const response = await createApp(api.deps).request('/api/new/subscribe', {
      method: 'POST',
      body: new Blob([JSON.stringify({ subscribeEmail: 'ct.none@example.lk' })]),
    });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.status).toBe(415);
  });

  it('takes application/json with a charset or in capitals', async () => {
    expect((await subscribe({ 'content-type': 'application/json; charset=utf-8' })).status).toBe(200);
    expect((await subscribe({ 'content-type': 'APPLICATION/JSON' })).status).toBe(200);
  });

  it('refuses a text body on the cached filter route even when the same JSON text is cached', async () => {
    const path = '/api/get/offers/filter/multiple/1/5';
    const rawBody = '{"bankIds":[1]}';
    expect((await api.call('POST', path, { rawBody })).status).toBe(200);
    expectError(await api.call('POST', path, { rawBody, headers: { 'content-type': 'text/plain' } }), 415);
  });

  it('refuses a form upload: the upload takes JSON ({ base64 }) as documented', async () => {
    const { token } = await signUpVerified(api);
    const answer = await api.call('POST', '/api/temp/image/upload', {
      rawBody: 'base64=iVBORw0KGgo',
      token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectError(answer, 415);
  });

  it('still signs out without a body or content type', async () => {
    const { token } = await signUpVerified(api);
    const answer = await api.call('POST', '/api/user/logout', { token });
    expect(answer.status).toBe(200);
  });
});

describe('URLs are http(s) or site paths only', () => {
  it('never answers a javascript: or data: URL that reached the database', async () => {
    const [offer] = await api.handle.db.select().from(offers).where(eq(offers.reviewStatus, 'accepted')).limit(1);
    await api.handle.db
      .update(offers)
      .set({ bannerImageUrl: 'javascript:alert(1)' })
      .where(eq(offers.offerId, offer!.offerId));
    await api.handle.db
      .update(banks)
      .set({ logoUrl: 'javascript:alert(2)', thumbnailUrl: 'data:image/svg+xml,<svg onload=alert(3)>' })
      .where(eq(banks.bankId, offer!.bankId));
    await api.handle.db
      .update(merchants)
      .set({ logoUrl: '//evil.example/x.png', webUrl: 'javascript:alert(4)' })
      .where(eq(merchants.merchantId, offer!.merchantId));
    await api.handle.db.update(houseAds).set({ linkUrl: 'javascript:alert(5)' });

    const single = await api.call('GET', `/api/get/offer/by/${offer!.offerId}`);
    expect(v.safeParse(OfferById, single.body).issues).toBeUndefined();
    const list = await api.call('GET', '/api/get/offers/by/page/1/100');
    expect(v.safeParse(OfferList, list.body).issues).toBeUndefined();
    const bank = await api.call('GET', `/api/get/bank/by/${offer!.bankId}`);
    expect(v.safeParse(v.object({ data: BankDetail }), bank.body).issues).toBeUndefined();
    const ads = await api.call('GET', '/api/ads');
    for (const answer of [single, list, bank, ads]) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toMatch(/javascript:|data:image|\/\/evil/);
    }
    const data = single.body.data[0];
    expect(data.bannerImageURL).toBeNull();
    expect(data.bank.logoURL).toBe('/favicon.svg');
    expect(data.merchant).toMatchObject({ logoURL: null, webURL: null });
    expect(ads.body.data).toEqual([]);
    expect(v.is(v.array(HouseAd), ads.body.data)).toBe(true);
  });
});
