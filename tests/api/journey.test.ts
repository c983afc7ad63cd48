// The whole account journey through HTTP only, as one ordered scenario (spec §4 and §7): each step
// uses what the previous ones produced, the way the site's client does.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';
import {
  CodeBlockedResponse,
  CodeSentResponse,
  CreateUserResponse,
  ErrorResponse,
  FavoritesResponse,
  MESSAGES,
  OfferList,
  SessionResponse,
  SignInResponse,
  User,
} from '../../src/contract/index.ts';
import { SmsOutboxEntry } from '../../src/contract/site-responses.ts';
import { createTestApi, freshMobile, type TestApi, LOOPBACK_IP } from './harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

const noIssues = (schema: v.GenericSchema, body: unknown) => expect(v.safeParse(schema, body).issues).toBeUndefined();

/** Reads the newest code the dev outbox holds for a number, checking the outbox's own shape. */
async function codeFromOutbox(mobileNo: string, expectedCount?: number) {
  const res = await api.call('GET', `/api/dev/sms-outbox/${mobileNo}`, { ip: LOOPBACK_IP });
  expect(res.status).toBe(200);
  noIssues(v.object({ status: v.literal(true), data: v.array(SmsOutboxEntry) }), res.body);
  if (expectedCount !== undefined) expect(res.body.data).toHaveLength(expectedCount);
  const code: string = res.body.data[0].code;
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

describe.sequential('a customer: sign up, verify, sign in, favourites, password reset', () => {
  const ip = '198.51.100.60';
  const mobileNo = freshMobile();
  const password = 'Mirissa-Whale-Watch-31';
  const newPassword = 'Ella-Nine-Arch-Bridge-88';
  let userId: number;
  let verifyToken: string;
  let sessionToken: string;
  let offer: { offerId: number; categoryId: number; merchantId: number; bankId: number };

  it('1. looks the number up: nobody has it yet', async () => {
    const res = await api.call('GET', `/api/find/existing/user/by/${mobileNo}`, { ip });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: false, isFound: false });
  });

  it('2. signs up as a customer: {status:true, data:{token, user}} and a code is texted', async () => {
    const res = await api.call('POST', '/api/create/new/user', {
      body: {
        firstName: 'Dilini',
        businessName: null,
        BRno: null,
        mobileNo,
        userType: 1,
        favoriteArea: [],
        termsAndCondition: true,
        password,
      },
      ip,
    });
    expect(res.status).toBe(201);
    noIssues(CreateUserResponse, res.body);
    expect(res.body.data.user).toMatchObject({
      firstName: 'Dilini',
      mobileNo,
      userType: 1,
      isMobileVerification: false,
    });
    userId = res.body.data.user.userId;
    verifyToken = res.body.data.token;
    await codeFromOutbox(mobileNo, 1);
  });

  it('3. cannot sign in before verifying', async () => {
    const res = await api.call('POST', '/api/user/authentication', { body: { mobileNo, password }, ip });
    expect(res.status).toBe(403);
    expect(res.body.token).toBeUndefined();
  });

  it('4. verifies the number with the code from the dev outbox, which signs in', async () => {
    const res = await api.call('POST', '/api/verify/mobile', {
      body: { otpCode: await codeFromOutbox(mobileNo), token: verifyToken },
      ip,
    });
    expect(res.status).toBe(200);
    noIssues(SignInResponse, res.body);
    expect(res.body.data).toMatchObject({ userId, isMobileVerification: true });
    const lookup = await api.call('GET', `/api/find/existing/user/by/${mobileNo}`, { ip });
    expect(lookup.body).toMatchObject({
      status: true,
      isFound: true,
      data: { userId, isMobileVerification: true, isAccountBlock: false },
    });
  });

  it('5. signs in with the password: {status:true, data:user, token}', async () => {
    const res = await api.call('POST', '/api/user/authentication', { body: { mobileNo, password, userId }, ip });
    expect(res.status).toBe(200);
    noIssues(SignInResponse, res.body);
    expect(res.body.status).toBe(true);
    expect(res.body.data.userId).toBe(userId);
    sessionToken = res.body.token;

    const session = await api.call('GET', `/api/session/validate/${sessionToken}`);
    expect(session.status).toBe(200);
    noIssues(SessionResponse, session.body);
    expect(session.body.data).toMatchObject({ status: true, userId, userType: 1 });

    const profile = await api.call('GET', `/api/get/user/by/${userId}`, { token: sessionToken });
    expect(profile.status).toBe(200);
    noIssues(v.object({ status: v.literal(true), data: v.strictObject(User.entries) }), profile.body);
    const demo = await api.call('GET', `/demo/user/${userId}`, { token: sessionToken });
    expect(demo.status).toBe(200);
    expect(demo.body.data).toEqual(profile.body.data);
  });

  it('6. favourites an offer and finds it in data[0].favorites', async () => {
    const list = await api.call('GET', '/api/get/offers/by/page/1/10');
    noIssues(OfferList, list.body);
    const picked = list.body.data[4];
    offer = {
      offerId: picked.offerId,
      categoryId: picked.categoryId,
      merchantId: picked.merchantId,
      bankId: picked.bankId,
    };

    const added = await api.call('PUT', '/api/add/user/favorite/offer', { body: offer, token: sessionToken });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ status: true, message: MESSAGES.favoriteAdded });
    expect(added.body.data.user.favorites).toEqual([offer.offerId]);

    const favs = await api.call('GET', `/api/get/offer/favorite/by/${userId}`, { token: sessionToken });
    expect(favs.status).toBe(200);
    noIssues(FavoritesResponse, favs.body);
    expect(favs.body.isMobileVerification).toBe(true);
    expect(favs.body.data[0].favorites.map((f: { offerId: number }) => f.offerId)).toEqual([offer.offerId]);
    expect(favs.body.data[0].favorites[0]).toMatchObject({
      offerId: offer.offerId,
      header: picked.header,
      bank: { bankId: offer.bankId },
    });

    const profile = await api.call('GET', `/api/get/user/by/${userId}`, { token: sessionToken });
    expect(profile.body.data.favorites).toEqual([offer.offerId]);
  });

  it('7. unfavourites it: the list is empty again', async () => {
    const removed = await api.call('PUT', '/api/remove/offer/from/user/favorite', {
      body: { offerId: offer.offerId },
      token: sessionToken,
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ status: true, message: MESSAGES.favoriteRemoved });
    expect(removed.body.data.user.favorites).toEqual([]);
    const favs = await api.call('GET', `/api/get/offer/favorite/by/${userId}`, { token: sessionToken });
    noIssues(FavoritesResponse, favs.body);
    expect(favs.body.data[0].favorites).toEqual([]);
  });

  it('8. resets the password: code → verify → update with that token', async () => {
    const sent = await api.call('POST', '/api/create/new/otp/verification', {
      body: { verificationType: 'MOBILE', token: null, mobileNo, userId },
      ip,
    });
    expect(sent.status).toBe(200);
    noIssues(CodeSentResponse, sent.body);
    const code = await codeFromOutbox(mobileNo, 2);

    const verified = await api.call('POST', '/api/verify/mobile', {
      body: { otpCode: code, token: sent.body.token },
      ip,
    });
    expect(verified.status).toBe(200);
    noIssues(SignInResponse, verified.body);
    const resetToken: string = verified.body.token;
    expect(resetToken).not.toBe(sessionToken);

    const updated = await api.call('PUT', '/api/update/user/password', {
      body: { userId, password: newPassword },
      token: resetToken,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.status).toBe(true);

    // The sign-in of step 5 ended with the password change; the reset session goes on.
    expect((await api.call('GET', `/api/session/validate/${sessionToken}`)).status).toBe(401);
    expect((await api.call('GET', `/api/session/validate/${resetToken}`)).status).toBe(200);
    sessionToken = resetToken;
  });

  it('9. signs in with the new password; the old one fails', async () => {
    const old = await api.call('POST', '/api/user/authentication', { body: { mobileNo, password }, ip });
    expect(old.status).toBe(401);
    noIssues(ErrorResponse, old.body);
    expect(old.body.message).toBe(ERROR_CODES.invalid_login);

    const res = await api.call('POST', '/api/user/authentication', { body: { mobileNo, password: newPassword }, ip });
    expect(res.status).toBe(200);
    noIssues(SignInResponse, res.body);
    expect(res.body.data.userId).toBe(userId);
  });

  it('10. logs out: the token no longer opens the profile', async () => {
    const out = await api.call('POST', '/api/user/logout', { token: sessionToken });
    expect(out.status).toBe(200);
    expect((await api.call('GET', `/api/get/user/by/${userId}`, { token: sessionToken })).status).toBe(401);
    expect((await api.call('GET', `/api/session/validate/${sessionToken}`)).status).toBe(401);
  });
});

describe.sequential('a second customer who passes the resend limit ends up blocked', () => {
  const ip = '198.51.100.61';
  const mobileNo = freshMobile();
  const password = 'Yala-Leopard-Safari-64';
  let userId: number;
  let verifyToken: string;

  it('1. signs up: the first code is attempt 0', async () => {
    const res = await api.call('POST', '/api/create/new/user', {
      body: {
        firstName: 'Ruwan',
        businessName: null,
        BRno: null,
        mobileNo,
        userType: '1',
        favoriteArea: [],
        termsAndCondition: true,
        password,
      },
      ip,
    });
    expect(res.status).toBe(201);
    noIssues(CreateUserResponse, res.body);
    expect(res.body.attempt).toBe(0);
    userId = res.body.data.user.userId;
    verifyToken = res.body.data.token;
  });

  it('2. resends the code three times: attempts 1, 2 and 3', async () => {
    for (const attempt of [1, 2, 3]) {
      const res = await api.call('POST', '/api/resend/verification/otp', {
        body: { userId, mobileNo, token: verifyToken },
        ip,
      });
      expect(res.status).toBe(200);
      noIssues(CodeSentResponse, res.body);
      expect(res.body.attempt).toBe(attempt);
    }
    await codeFromOutbox(mobileNo, 4);
  });

  it('3. the 4th resend answers attempt 4 with a failed status and blocks the account', async () => {
    const res = await api.call('POST', '/api/resend/verification/otp', {
      body: { userId, mobileNo, token: verifyToken },
      ip,
    });
    expect(res.status).toBe(429);
    noIssues(CodeBlockedResponse, res.body);
    expect(res.body).toMatchObject({ status: false, attempt: 4 });
    await codeFromOutbox(mobileNo, 4);
  });

  it('4. can no longer sign in, verify, or get another code', async () => {
    const signIn = await api.call('POST', '/api/user/authentication', { body: { mobileNo, password }, ip });
    expect(signIn.status).toBe(403);
    expect(signIn.body.token).toBeUndefined();

    const code = await codeFromOutbox(mobileNo, 4);
    const verify = await api.call('POST', '/api/verify/mobile', { body: { otpCode: code, token: verifyToken }, ip });
    expect(verify.status).toBe(403);
    noIssues(ErrorResponse, verify.body);
    expect(verify.body).toMatchObject({ status: false, attempt: 4 });
    expect(verify.body.token).toBeUndefined();

    const again = await api.call('POST', '/api/create/new/otp/verification', {
      body: { verificationType: 'MOBILE', mobileNo, userId },
      ip,
    });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ status: false, attempt: 4 });

    const lookup = await api.call('GET', `/api/find/existing/user/by/${mobileNo}`, { ip });
    expect(lookup.body.data).toMatchObject({ userId, isMobileVerification: false });
  });
});
