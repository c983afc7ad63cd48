// Assertions and fixtures the API test files share.
import * as v from 'valibot';
import { expect } from 'vitest';
import { isErrorCode } from '../../src/contract/error-codes.ts';
import { ErrorResponse } from '../../src/contract/index.ts';
import { offers } from '../../src/server/db/schema.ts';
import type { OfferRow } from '../../src/server/serialize.ts';
import type { TestApi } from './harness.ts';

export type Res = Awaited<ReturnType<TestApi['call']>>;

/** 200 and a body in the contract's shape. */
export function expectOk(res: Res, schema: v.GenericSchema) {
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  expect(v.safeParse(schema, res.body).issues).toBeUndefined();
}

/** The error envelope with this status, its code and its issues' codes among ERROR_CODES; 400s list their issues. */
export function expectError(res: Res, status: number, message?: string | RegExp) {
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(status);
  expect(v.safeParse(ErrorResponse, res.body).issues).toBeUndefined();
  expect(errorCodesOf(res.body), JSON.stringify(res.body).slice(0, 500)).toEqual([]);
  if (status === 400) expect(res.body.issues.length).toBeGreaterThan(0);
  if (typeof message === 'string') expect(res.body.message).toBe(message);
  else if (message) expect(res.body.message).toMatch(message);
}

/** What is wrong with an error body's codes: a missing or unknown code, on the answer or an issue; none when all is well. */
export function errorCodesOf(body: { code?: unknown; issues?: { code?: unknown }[] }): string[] {
  const faults = isErrorCode(body.code) ? [] : [`code ${JSON.stringify(body.code)}`];
  for (const [i, issue] of (body.issues ?? []).entries()) {
    if (!isErrorCode(issue.code)) faults.push(`issues.${i}.code ${JSON.stringify(issue.code)}`);
  }
  return faults;
}

/** The listing rule, written independently of the routes: accepted, not withdrawn, and no end or an end ahead. */
export const isListedRow = (row: OfferRow, now = Date.now()) =>
  row.reviewStatus === 'accepted' &&
  row.withdrawnAt === null &&
  (row.offerEnd === null || row.offerEnd.getTime() >= now);

/** Inserts an offer row directly (there is no write route yet) and drops cached responses. */
export async function insertOffer(api: TestApi, values: Partial<typeof offers.$inferInsert> = {}): Promise<number> {
  const [row] = await api.handle.db
    .insert(offers)
    .values({
      label: 'Test label',
      header: 'Test offer',
      description: '<p>Test</p>',
      offerType: 'off',
      offerRate: '10',
      offerDateType: 'other',
      reviewStatus: 'accepted',
      bankId: 1,
      categoryId: 1,
      merchantId: 1,
      ...values,
    })
    .returning({ offerId: offers.offerId });
  api.deps.cache.clear();
  return row!.offerId;
}
