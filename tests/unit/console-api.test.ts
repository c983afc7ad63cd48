// The consoles' calls (src/client/console.ts) against the real app, in-process on PGlite with the
// demo data: the wizard's lists, a merchant's offer sent for review and seen only by its owner,
// the server's refusals as the wizard shows them (a field and its step, or a notice), the guard's
// session check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPES } from '../../src/contract/index.ts';
import { OFFER_MESSAGES } from '../../src/contract/offer-form.ts';
import {
  checkOfferForm,
  emptyOfferForm,
  firstStepWithError,
  issuesToErrors,
} from '../../src/islands/console/offer-form.ts';
import { ApiError, createServiceClient } from '../../src/client/http.ts';
import { fetchBanks, fetchCategories } from '../../src/client/catalogue-lists.ts';
import { createOffer, fetchLocationNames, fetchOfferTerms, fetchOwnOffers } from '../../src/client/console.ts';
import { checkSession } from '../../src/client/session.ts';
import { createApp } from '../../src/server/app.ts';
import { createOrPromoteMerchant } from '../../src/server/domain/merchant-accounts.ts';
import {
  createTestApi,
  fetchFromApp,
  freshMobile,
  signUpVerified,
  STRONG_PASSWORD,
  type TestApi,
} from '../api/harness.ts';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';

let api: TestApi;
let guest: ReturnType<typeof createServiceClient>;
const as = (token: string) => guest.extend({ headers: { authorization: `Bearer ${token}` } });
const rejection = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

beforeAll(async () => {
  api = await createTestApi({ rateLimits: false });
  const app = createApp(api.deps);
  guest = createServiceClient('http://offerlanka.test/api', {
    fetch: fetchFromApp(app, '203.0.113.61'),
  });
});
afterAll(async () => {
  await api?.close();
});

async function signedInMerchant() {
  const mobileNo = freshMobile();
  await createOrPromoteMerchant(api.handle.db, {
    mobileNo,
    firstName: 'Ruwan',
    password: STRONG_PASSWORD,
    businessName: 'Lagoon Breeze Grill',
    activated: true,
  });
  const { body } = await api.call('POST', '/api/user/authentication', {
    body: { mobileNo, password: STRONG_PASSWORD },
  });
  return { token: body.token as string, userId: body.data.userId as number };
}

/** A whole wizard form for the first category and bank, checked as the wizard checks it. */
async function wizardBody(changes: Partial<ReturnType<typeof emptyOfferForm>> = {}) {
  const [category] = await fetchCategories(guest);
  const [bank] = await fetchBanks(guest);
  const [town] = await fetchLocationNames(guest);
  const { data, errors } = checkOfferForm({
    ...emptyOfferForm(),
    offerCategory: String(category!.categoryId),
    bankInfo: String(bank!.bankId),
    offerTitle: 'Weekend dining',
    offerHeader: '20% off dinner for two',
    fromDate: '01/01/2099',
    toDate: '31/12/2099',
    offerRate: '20',
    locations: [town!],
    termsAccepted: true,
    ...changes,
  });
  expect(errors).toEqual({});
  return data!;
}

describe('the console calls', () => {
  it("reads the wizard's lists: categories, banks with logos, towns, and the terms", async () => {
    expect((await fetchCategories(guest)).length).toBeGreaterThan(0);
    const banks = await fetchBanks(guest);
    expect(banks[0]).toMatchObject({ bankId: expect.any(Number), logoURL: expect.stringContaining('/api/images/') });
    const towns = await fetchLocationNames(guest);
    expect(towns.every((town) => typeof town === 'string' && town.length > 0)).toBe(true);
    const terms = await fetchOfferTerms(guest);
    expect(terms.general.length).toBeGreaterThan(0);
    expect(Object.keys(terms.byBank).length).toBeGreaterThan(0);
  });

  it('sends a merchant offer for review: pending in the owner list, in no one else', async () => {
    const merchant = await signedInMerchant();
    const body = await wizardBody();
    const answer = await createOffer(body, as(merchant.token));
    expect(answer.message).toBe(OFFER_MESSAGES.offerSentForReview);
    expect(answer.data).toMatchObject({
      status: 'pending',
      label: 'Weekend dining',
      header: '20% off dinner for two',
      bankId: body.bankInfo,
      categoryId: body.offerCategory,
    });
    const own = await fetchOwnOffers(merchant.userId, as(merchant.token));
    expect(own.find((offer) => offer.offerId === answer.data.offerId)?.status).toBe('pending');
    expect((await fetchOwnOffers(merchant.userId, guest)).map((offer) => offer.offerId)).not.toContain(
      answer.data.offerId,
    );
  });

  it("refuses a customer with the server's message, for a notice", async () => {
    const customer = await signUpVerified(api);
    const error = await rejection(createOffer(await wizardBody(), as(customer.token)));
    expect(error.status).toBe(403);
    expect(error.message).toBe(ERROR_CODES.merchants_only);
    expect(firstStepWithError(issuesToErrors(error.issues))).toBeUndefined();
  });

  it("puts the server's 400 issues back at their field and step", async () => {
    const merchant = await signedInMerchant();
    const error = await rejection(createOffer(await wizardBody({ locations: ['Atlantis'] }), as(merchant.token)));
    expect(error.status).toBe(400);
    const errors = issuesToErrors(error.issues);
    expect(errors).toEqual({ locations: ERROR_CODES.unknown_location });
    expect(firstStepWithError(errors)).toBe(3);
    const unknownBank = await rejection(
      createOffer({ ...(await wizardBody()), bankInfo: 999_999 }, as(merchant.token)),
    );
    expect(firstStepWithError(issuesToErrors(unknownBank.issues))).toBe(1);
  });

  it('checks a session for the guard: whose it is, or ended', async () => {
    const merchant = await signedInMerchant();
    expect(await checkSession(merchant.token, guest)).toEqual({
      kind: 'valid',
      userId: merchant.userId,
      userType: USER_TYPES.merchant,
    });
    expect(await checkSession('not-a-token', guest)).toEqual({ kind: 'ended' });
    await api.call('POST', '/api/user/logout', { token: merchant.token });
    expect(await checkSession(merchant.token, guest)).toEqual({ kind: 'ended' });
    // No answer at all (offline): unknown, so that the guard leaves the page as it is.
    const offline = createServiceClient('http://offerlanka.test/api', {
      retry: 0,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await checkSession('any-token', offline)).toEqual({ kind: 'unknown' });
  });
});
