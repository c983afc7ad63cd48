import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { OfferList } from '../../src/contract/index.ts';
import { createTestApi, signUpVerified, type TestApi } from './harness.ts';

describe('harness', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('lists offers in the contract shape', async () => {
    const { status, body } = await api.call('GET', '/api/get/offers/by/page/1/10');
    expect(status).toBe(200);
    expect(v.safeParse(OfferList, body).issues).toBeUndefined();
    expect(body.data).toHaveLength(10);
  });

  it('signs up and verifies through HTTP', async () => {
    const { token, user } = await signUpVerified(api);
    expect(token.length).toBeGreaterThan(30);
    expect(user.isMobileVerification).toBe(true);
  });
});
