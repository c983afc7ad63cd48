// The account flows' logic without a browser: the form rules and their spec messages
// (src/islands/auth/account-forms.ts), the return path after sign-in, the sign-in → verify handover,
// and the account calls (src/lib/account-api.ts) against the real app, in-process on PGlite.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/contract/index.ts';
import {
  authenticate, createCode, createUser, findExistingUser, resendCode, revokeToken, updatePassword, verifyMobile,
} from '../../src/lib/account-api.ts';
import { ApiError, createServiceClient } from '../../src/lib/api-client.ts';
import {
  basicDetailsErrors, clearVerifyHandover, codeDigits, digitsOnly, mobileErrors, newPasswordErrors, readVerifyHandover,
  safeReturnPath, returnPathFromQuery, saveVerifyHandover, signInErrors, strengthLabel, termsError, VERIFY_HANDOVER_KEY,
} from '../../src/islands/auth/account-forms.ts';
import { createApp } from '../../src/server/app.ts';
import { users } from '../../src/server/db/schema.ts';
import { createTestApi, freshMobile, latestCode, signUpVerified, STRONG_PASSWORD, type TestApi } from '../api/harness.ts';

describe('form rules and their messages (spec §5)', () => {
  it('a mobile number is required and 9 digits', () => {
    expect(mobileErrors({ mobileNo: '' })).toEqual({ mobileNo: MESSAGES.required });
    expect(mobileErrors({ mobileNo: '77123' })).toEqual({ mobileNo: MESSAGES.invalidMobileNo });
    expect(mobileErrors({ mobileNo: '0771234567' })).toEqual({ mobileNo: MESSAGES.invalidMobileNo });
    expect(mobileErrors({ mobileNo: '771234567' })).toEqual({});
  });

  it('sign-in only requires the password', () => {
    expect(signInErrors({ mobileNo: '771234567', password: '' })).toEqual({ password: MESSAGES.required });
    expect(signInErrors({ mobileNo: '771234567', password: 'x' })).toEqual({});
  });

  it('the first name is required and letters only', () => {
    expect(basicDetailsErrors({ firstName: ' ', mobileNo: '' })).toEqual({ firstName: MESSAGES.required, mobileNo: MESSAGES.required });
    expect(basicDetailsErrors({ firstName: 'Nimal2', mobileNo: '771234567' })).toEqual({ firstName: MESSAGES.invalidFirstName });
    expect(basicDetailsErrors({ firstName: 'නිමල්', mobileNo: '771234567' })).toEqual({});
  });

  it('a new password: required, the rules, the strength minimum 3, and a matching confirmation', () => {
    expect(newPasswordErrors({ password: '', confirmPassword: '' }, undefined)).toEqual({ password: MESSAGES.required, confirmPassword: MESSAGES.required });
    expect(newPasswordErrors({ password: 'password', confirmPassword: 'password' }, 0)).toEqual({ password: MESSAGES.passwordRules });
    expect(newPasswordErrors({ password: 'Password1', confirmPassword: 'Password1' }, 2)).toEqual({ password: MESSAGES.passwordTooWeak });
    // While zxcvbn loads the score is unknown: no strength message yet.
    expect(newPasswordErrors({ password: 'Password1', confirmPassword: 'Password1' }, undefined)).toEqual({});
    expect(newPasswordErrors({ password: STRONG_PASSWORD, confirmPassword: 'Kandy' }, 4)).toEqual({ confirmPassword: MESSAGES.passwordNotMatch });
    expect(newPasswordErrors({ password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD }, 3)).toEqual({});
  });

  it('the terms must stay accepted', () => {
    expect(termsError(true)).toBeUndefined();
    expect(termsError(false)).toBe('The terms must be accepted');
  });

  it('strength labels: weak up to 1, medium up to 3, high at 4', () => {
    expect([0, 1, 2, 3, 4].map(strengthLabel)).toEqual(['weak', 'weak', 'medium', 'medium', 'high']);
  });

  it('number fields keep digits; the code boxes at most six', () => {
    expect(digitsOnly(' 077 123-4567 ')).toBe('0771234567');
    expect(codeDigits('Code: 123 456 789')).toBe('123456');
  });
});

describe('where sign-in returns to', () => {
  it('keeps paths of this site, with their query and hash', () => {
    expect(safeReturnPath('/some/path')).toBe('/some/path');
    expect(safeReturnPath('/console/customer/profile?tab=1#top')).toBe('/console/customer/profile?tab=1#top');
    expect(returnPathFromQuery('?returnTo=%2Fcredit-card-offers%2F12')).toBe('/credit-card-offers/12');
  });

  it('sends anything else home: other sites, tricks browsers read as another host, the sign-in pages', () => {
    for (const raw of [null, '', 'https://evil.example/', '//evil.example/x', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)',
      'relative/path', '/sign-in', '/login?returnTo=/x', '/sign-in/']) {
      expect(safeReturnPath(raw), String(raw)).toBe('/');
    }
    expect(returnPathFromQuery('?returnTo=%2F%2Fevil.example')).toBe('/');
    expect(returnPathFromQuery('')).toBe('/');
  });
});

describe('the sign-in → verify handover', () => {
  const memoryStorage = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => { items.set(key, value); },
      removeItem: (key: string) => { items.delete(key); },
    } as Storage;
  };

  it('is read back as saved, and gone once cleared', () => {
    const storage = memoryStorage();
    const handover = { mobileNo: '771234567', userId: 42, token: 'verify-token', returnTo: '/some/path' };
    saveVerifyHandover(handover, storage);
    expect(readVerifyHandover(storage)).toEqual(handover);
    clearVerifyHandover(storage);
    expect(readVerifyHandover(storage)).toBeUndefined();
  });

  it('an edited handover is none, and an edited return path goes home', () => {
    const storage = memoryStorage();
    storage.setItem(VERIFY_HANDOVER_KEY, '{not json');
    expect(readVerifyHandover(storage)).toBeUndefined();
    storage.setItem(VERIFY_HANDOVER_KEY, JSON.stringify({ mobileNo: '77', userId: 42, token: 't', returnTo: '/' }));
    expect(readVerifyHandover(storage)).toBeUndefined();
    storage.setItem(VERIFY_HANDOVER_KEY, JSON.stringify({ mobileNo: '771234567', userId: 42, token: 't', returnTo: '//evil.example' }));
    expect(readVerifyHandover(storage)?.returnTo).toBe('/');
  });
});

describe('the account calls against the real API', () => {
  let api: TestApi;
  let client: ReturnType<typeof createServiceClient>;
  const signUpBody = (mobileNo: string) => ({
    firstName: 'Kumari', businessName: null, BRno: null, mobileNo, userType: 1 as const, favoriteArea: [], termsAndCondition: true as const, password: STRONG_PASSWORD,
  });
  const rejection = async (promise: Promise<unknown>) => {
    const error = await promise.then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  };

  beforeAll(async () => {
    api = await createTestApi({ seed: false, rateLimits: false });
    const app = createApp(api.deps);
    client = createServiceClient('http://offerlanka.test/api', {
      fetch: async (input, init) => app.fetch(new Request(input, init), { incoming: { socket: { remoteAddress: '203.0.113.60' } } }),
    });
  });
  afterAll(async () => { await api?.close(); });

  it('looks a number up: unknown, verified, unverified, blocked by the team', async () => {
    expect(await findExistingUser(freshMobile(), client)).toEqual({ found: false, message: 'No account uses this mobile number.' });
    const verified = await signUpVerified(api);
    expect(await findExistingUser(verified.mobileNo, client)).toEqual({ found: true, userId: verified.userId, userType: 1, isMobileVerification: true, isAccountBlock: false });
    const unverifiedNo = freshMobile();
    const created = await createUser(signUpBody(unverifiedNo), client);
    expect(created).toMatchObject({ kind: 'created', user: { mobileNo: unverifiedNo, isMobileVerification: false } });
    expect(await findExistingUser(unverifiedNo, client)).toMatchObject({ found: true, isMobileVerification: false });
    await api.handle.db.update(users).set({ isAccountBlock: true }).where(eq(users.userId, verified.userId));
    expect(await findExistingUser(verified.mobileNo, client)).toMatchObject({ found: true, isAccountBlock: true });
  });

  it('signs in, refuses a wrong password with the spec text, and tells an unverified or blocked account apart', async () => {
    const account = await signUpVerified(api);
    expect(await authenticate(account.mobileNo, account.password, client)).toMatchObject({ kind: 'signed-in', user: { userId: account.userId } });
    expect(await rejection(authenticate(account.mobileNo, 'Wrong-password-1', client))).toMatchObject({ status: 401, message: MESSAGES.invalidLogin });
    const unverifiedNo = freshMobile();
    await createUser(signUpBody(unverifiedNo), client);
    expect(await authenticate(unverifiedNo, STRONG_PASSWORD, client)).toEqual({ kind: 'unverified' });
    await api.handle.db.update(users).set({ isAccountBlock: true }).where(eq(users.userId, account.userId));
    expect(await authenticate(account.mobileNo, account.password, client)).toEqual({ kind: 'account-blocked', message: MESSAGES.accountBlocked });
    expect(await createCode(account.mobileNo, null, client)).toEqual({ kind: 'account-blocked', message: MESSAGES.accountBlocked });
  });

  it('a taken number fails sign-up with 409 and the spec text', async () => {
    const account = await signUpVerified(api);
    expect(await rejection(createUser(signUpBody(account.mobileNo), client))).toMatchObject({ status: 409, message: MESSAGES.alreadyRegistered });
  });

  it('three resends, then code sending is blocked (attempt 4) and the account cannot verify', async () => {
    const mobileNo = freshMobile();
    const created = await createUser(signUpBody(mobileNo), client);
    if (created.kind !== 'created') throw new Error('sign-up failed');
    let token = created.token;
    for (const attempt of [1, 2, 3]) {
      const sent = await resendCode(mobileNo, created.user.userId, token, client);
      expect(sent).toMatchObject({ kind: 'sent', attempt });
      if (sent.kind === 'sent') token = sent.token;
    }
    const blocked = await resendCode(mobileNo, created.user.userId, token, client);
    expect(blocked).toEqual({ kind: 'codes-blocked', message: expect.stringMatching(/blocked for 24 hours/) });
    expect(await verifyMobile(await latestCode(api, mobileNo), token, client)).toMatchObject({ kind: 'codes-blocked' });
  });

  it("a wrong code throws the spec's text; the right one signs in", async () => {
    const mobileNo = freshMobile();
    const created = await createUser(signUpBody(mobileNo), client);
    if (created.kind !== 'created') throw new Error('sign-up failed');
    const code = await latestCode(api, mobileNo);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await rejection(verifyMobile(wrong, created.token, client))).toMatchObject({ status: 400, message: MESSAGES.wrongCode });
    expect(await verifyMobile(code, created.token, client)).toMatchObject({ kind: 'signed-in', user: { mobileNo, isMobileVerification: true } });
  });

  it('resets a password with the session the code gives, then revokes that session', async () => {
    const account = await signUpVerified(api);
    const sent = await createCode(account.mobileNo, null, client);
    if (sent.kind !== 'sent') throw new Error('no code sent');
    const verified = await verifyMobile(await latestCode(api, account.mobileNo), sent.token, client);
    if (verified.kind !== 'signed-in') throw new Error('not verified');
    const newPassword = 'Sigiriya-Rock-Fortress-5';
    expect(await updatePassword(account.userId, newPassword, verified.token, client)).toMatch(/password was updated/);
    expect(await authenticate(account.mobileNo, newPassword, client)).toMatchObject({ kind: 'signed-in' });
    expect(await rejection(authenticate(account.mobileNo, account.password, client))).toMatchObject({ status: 401 });
    await revokeToken(verified.token, client);
    expect((await api.call('GET', `/api/session/validate/${verified.token}`)).status).toBe(401);
    expect(await rejection(updatePassword(account.userId, 'weak', verified.token, client))).toMatchObject({ status: 401 });
  });
});
