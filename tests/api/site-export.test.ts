// The bulk reads of the static-site build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { Offer } from '../../src/contract/index.ts';
import { offers, termsConditions } from '../../src/server/db/schema.ts';
import { createTestApi, type TestApi } from './harness.ts';
import { expectError } from './expectations.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ offers: 60 });
});
afterAll(async () => {
  await api.close();
});

describe('GET /api/site/offers/{pageNo}', () => {
  it('answers every accepted offer, expired ones included, and nothing under review', async () => {
    const { status, body } = await api.call('GET', '/api/site/offers/1');
    expect(status).toBe(200);
    expect(v.safeParse(v.array(Offer), body.data).issues).toBeUndefined();
    const rows = await api.handle.db.select().from(offers);
    const accepted = rows
      .filter((row) => row.reviewStatus === 'accepted')
      .map((row) => row.offerId)
      .sort((a, b) => a - b);
    expect(body.totalCount).toBe(accepted.length);
    expect(body.data.map((o: { offerId: number }) => o.offerId).sort((a: number, b: number) => a - b)).toEqual(
      accepted,
    );
    expect(body.data.some((o: { status: string }) => o.status === 'expired')).toBe(true);
  });

  it('answers an empty page past the end, and 400 for a bad page', async () => {
    const { body } = await api.call('GET', '/api/site/offers/2');
    expect(body.data).toEqual([]);
    expectError(await api.call('GET', '/api/site/offers/0'), 400);
    expectError(await api.call('GET', '/api/site/offers/abc'), 400);
  });
});

describe('GET /api/site/terms and /api/site/meta', () => {
  it('answers the terms by bank and the general ones, as stored', async () => {
    const { body } = await api.call('GET', '/api/site/terms');
    const rows = await api.handle.db.select().from(termsConditions);
    expect(body.data.general.length).toBe(rows.filter((row) => row.bankId === null).length);
    const bankTermCount = Object.values(body.data.byBank as Record<string, unknown[]>).reduce(
      (n, list) => n + list.length,
      0,
    );
    expect(bankTermCount).toBe(rows.filter((row) => row.bankId !== null).length);
  });

  it('says the data set is the demo one', async () => {
    const { body } = await api.call('GET', '/api/site/meta');
    expect(body).toEqual({ status: true, data: { dataset: 'demo' } });
  });
});
