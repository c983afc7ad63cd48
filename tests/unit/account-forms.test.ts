// The account flows' logic without a browser: the rules and spec messages of the sign-in, sign-up,
// reset and update-mobile forms (src/islands/auth/account-forms.ts), the return path after sign-in
// and the signed-in visitor's way out of the sign-in pages (return-path.ts), the sign-in → verify
// handover, and the account calls (src/client/accounts.ts) against the real app, in-process on PGlite.
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';
import { API_MESSAGES } from '../../src/contract/api-messages.ts';
import { CONFIRM_PASSWORD_MIN, MobileChangeConfirmRequest, VerifyMobileRequest } from '../../src/contract/index.ts';
import {
  authenticate,
  confirmMobileChange,
  createCode,
  createUser,
  findExistingUser,
  requestMobileChange,
  resendCode,
  updatePassword,
  verifyMobile,
} from '../../src/client/accounts.ts';
import { ApiError, createServiceClient } from '../../src/client/http.ts';
import { revokeToken } from '../../src/client/session.ts';
import { SIGN_IN_RETURN_PARAM } from '../../src/lib/constants.ts';
import {
  basicDetailsErrors,
  CARRIED_MOBILE_KEY,
  carryMobileNo,
  clearVerifyHandover,
  codeDigits,
  digitsOnly,
  mobileErrors,
  newPasswordErrors,
  readVerifyHandover,
  safeReturnPath,
  returnPathFromQuery,
  saveVerifyHandover,
  signInErrors,
  strengthLabel,
  takeCarriedMobileNo,
  termsError,
  touchedOnBlur,
  validMobileNo,
  VERIFY_HANDOVER_KEY,
} from '../../src/islands/auth/account-forms.ts';
import { signedInDestination, signedInRedirectScript } from '../../src/islands/auth/return-path.ts';
import { createApp } from '../../src/server/app.ts';
import { users } from '../../src/server/db/schema.ts';
import {
  createTestApi,
  freshMobile,
  latestCode,
  signUpVerified,
  STRONG_PASSWORD,
  type TestApi,
} from '../api/harness.ts';
import { m } from '../../src/paraglide/messages.js';

describe('form rules and their messages (spec §5)', () => {
  it('a mobile number (sign-in, sign-up, reset, New Mobile No) is required and 9 significant digits, as people type it', () => {
    expect(mobileErrors({ mobileNo: '' })).toEqual({ mobileNo: ERROR_CODES.required });
    expect(mobileErrors({ mobileNo: '   ' })).toEqual({ mobileNo: ERROR_CODES.required });
    // A cut number ('077123456': the 0 of 0771234567 kept, a digit lost) is never taken for another one.
    for (const wrong of [
      '77123',
      '77123456',
      '077123456',
      '7712345678',
      '77123456a',
      'abcdefghi',
      '77 123 456',
      '+44 7712 345678',
    ]) {
      expect(mobileErrors({ mobileNo: wrong }), wrong).toEqual({ mobileNo: ERROR_CODES.invalid_mobile_no });
    }
    for (const typed of ['771234567', '0771234567', '077 123 4567', '+94 77 123 4567', '0094771234567']) {
      expect(mobileErrors({ mobileNo: typed }), typed).toEqual({});
      expect(validMobileNo(typed), typed).toBe('771234567');
    }
    expect(validMobileNo('77123')).toBeUndefined();
  });

  it('leaving a field touches it, unless it was left empty before anything was typed in it', () => {
    expect(touchedOnBlur('')).toBe(false);
    expect(touchedOnBlur('  ')).toBe(false);
    expect(touchedOnBlur('7')).toBe(true);
  });

  it('sign-in: the number as above, and the password is only required', () => {
    expect(signInErrors({ mobileNo: '', password: '' })).toEqual({
      mobileNo: ERROR_CODES.required,
      password: ERROR_CODES.required,
    });
    expect(signInErrors({ mobileNo: '7712345678', password: 'x' })).toEqual({
      mobileNo: ERROR_CODES.invalid_mobile_no,
    });
    expect(signInErrors({ mobileNo: '771234567', password: '' })).toEqual({ password: ERROR_CODES.required });
    expect(signInErrors({ mobileNo: '771234567', password: 'x' })).toEqual({});
  });

  it('the first name is required and letters only', () => {
    expect(basicDetailsErrors({ firstName: ' ', mobileNo: '' })).toEqual({
      firstName: ERROR_CODES.required,
      mobileNo: ERROR_CODES.required,
    });
    for (const wrong of ['Nimal2', '2Nimal', 'Nimal!', '-Nimal', 'Ni@mal']) {
      expect(basicDetailsErrors({ firstName: wrong, mobileNo: '771234567' }), wrong).toEqual({
        firstName: ERROR_CODES.invalid_first_name,
      });
    }
    expect(basicDetailsErrors({ firstName: 'Nimal', mobileNo: '77123456' })).toEqual({
      mobileNo: ERROR_CODES.invalid_mobile_no,
    });
    for (const name of ['Nimal', 'නිමල්', 'நிமல்', "Mary-Anne O'Neil"]) {
      expect(basicDetailsErrors({ firstName: name, mobileNo: '771234567' }), name).toEqual({});
    }
  });

  it('a new password: required, 8 to 64 characters with a lower-case letter, an upper-case letter and a digit', () => {
    expect(newPasswordErrors({ password: '', confirmPassword: '' }, undefined)).toEqual({
      password: ERROR_CODES.required,
      confirmPassword: ERROR_CODES.required,
    });
    for (const wrong of ['Kandy-1', 'kandy-lake-42', 'KANDY-LAKE-42', 'Kandy-Lake-Sunset', `Aa1${'x'.repeat(62)}`]) {
      expect(newPasswordErrors({ password: wrong, confirmPassword: wrong }, 4).password, wrong).toBe(
        ERROR_CODES.password_rules,
      );
    }
    expect(newPasswordErrors({ password: `Aa1${'x'.repeat(61)}`, confirmPassword: `Aa1${'x'.repeat(61)}` }, 4)).toEqual(
      {},
    );
  });

  it('the strength score must be at least 3; unknown while zxcvbn loads', () => {
    for (const score of [0, 1, 2]) {
      expect(newPasswordErrors({ password: 'Password1', confirmPassword: 'Password1' }, score)).toEqual({
        password: ERROR_CODES.password_too_weak,
      });
    }
    expect(newPasswordErrors({ password: 'Password1', confirmPassword: 'Password1' }, undefined)).toEqual({});
    expect(newPasswordErrors({ password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD }, 3)).toEqual({});
    // The rules' message comes first: a weak score is not told about a password that breaks them.
    expect(newPasswordErrors({ password: 'password', confirmPassword: 'password' }, 0)).toEqual({
      password: ERROR_CODES.password_rules,
    });
  });

  it("the confirmation: required, at least 5 characters, then 'Password not match.'", () => {
    expect(newPasswordErrors({ password: STRONG_PASSWORD, confirmPassword: '' }, 4)).toEqual({
      confirmPassword: ERROR_CODES.required,
    });
    expect(newPasswordErrors({ password: STRONG_PASSWORD, confirmPassword: 'Kand' }, 4)).toEqual({
      confirmPassword: m.account_confirm_password_too_short({ min: CONFIRM_PASSWORD_MIN }),
    });
    expect(m.account_confirm_password_too_short({ min: CONFIRM_PASSWORD_MIN })).toContain('5 characters');
    expect(newPasswordErrors({ password: STRONG_PASSWORD, confirmPassword: 'Kandy' }, 4)).toEqual({
      confirmPassword: ERROR_CODES.password_not_match,
    });
    expect(newPasswordErrors({ password: STRONG_PASSWORD, confirmPassword: `${STRONG_PASSWORD} ` }, 4)).toEqual({
      confirmPassword: ERROR_CODES.password_not_match,
    });
    expect(newPasswordErrors({ password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD }, 3)).toEqual({});
  });

  it('the terms must stay accepted', () => {
    expect(termsError(true)).toBeUndefined();
    expect(termsError(false)).toBe('The terms must be accepted');
  });

  it('strength labels: weak up to 1, medium up to 3, high at 4', () => {
    expect([0, 1, 2, 3, 4].map(strengthLabel)).toEqual(['weak', 'weak', 'medium', 'medium', 'high']);
  });

  it('a code is exactly 6 digits: the boxes keep at most six, and the API says invalidCode to anything else', () => {
    expect(digitsOnly(' 077 123-4567 ')).toBe('0771234567');
    expect(codeDigits('Code: 123 456 789')).toBe('123456');
    expect(codeDigits('12a3')).toBe('123');
    const codeError = (otpCode: unknown) => {
      const parsed = v.safeParse(MobileChangeConfirmRequest, { otpCode });
      return parsed.success ? undefined : parsed.issues[0].message;
    };
    for (const wrong of ['12345', '1234567', '12345a', '', 12345])
      expect(codeError(wrong), String(wrong)).toBe(ERROR_CODES.invalid_code);
    expect(codeError('012345')).toBeUndefined();
    expect(v.safeParse(VerifyMobileRequest, { otpCode: '12345', token: 't' }).issues?.[0].message).toBe(
      ERROR_CODES.invalid_code,
    );
  });
});

describe('where sign-in returns to', () => {
  it('keeps paths of this site, with their query and hash', () => {
    expect(safeReturnPath('/some/path')).toBe('/some/path');
    expect(safeReturnPath('/console/customer/profile?tab=1#top')).toBe('/console/customer/profile?tab=1#top');
    expect(returnPathFromQuery('?returnTo=%2Fcredit-card-offers%2F12')).toBe('/credit-card-offers/12');
  });

  it('sends anything else home: other sites, tricks browsers read as another host, the sign-in pages', () => {
    for (const raw of [
      null,
      '',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'relative/path',
      '/sign-in',
      '/login?returnTo=/x',
      '/sign-in/',
    ]) {
      expect(safeReturnPath(raw), String(raw)).toBe('/');
    }
    expect(returnPathFromQuery('?returnTo=%2F%2Fevil.example')).toBe('/');
    expect(returnPathFromQuery('')).toBe('/');
  });
});

describe('a signed-in visitor on /sign-in or /sign-up', () => {
  const user = {
    userId: 42,
    userType: 1,
    firstName: 'Nimal',
    mobileNo: '771234567',
    isMobileVerification: true,
    favorites: [3],
  };
  const stored = (session: unknown) => JSON.stringify(session);
  const destination = (text: string | null, search = '') =>
    signedInDestination(text, search, SIGN_IN_RETURN_PARAM, safeReturnPath);

  it('goes to the safe returnTo path, else home', () => {
    expect(destination(stored({ token: 't', user }))).toBe('/');
    expect(destination(stored({ token: 't', user }), '?returnTo=%2Fconsole%2Fcustomer%2Fprofile')).toBe(
      '/console/customer/profile',
    );
    expect(destination(stored({ token: 't', user }), '?returnTo=//evil.example')).toBe('/');
    expect(destination(stored({ token: 't', user }), '?returnTo=/sign-up')).toBe('/');
  });

  it('stays without a whole session with userId and userType (the same rule as the session store)', () => {
    for (const text of [
      null,
      '',
      '{not json',
      'null',
      '42',
      stored({ user }),
      stored({ token: '', user }),
      stored({ token: 't' }),
      stored({ token: 't', user: { ...user, userType: 0 } }),
      stored({ token: 't', user: { ...user, userId: 0 } }),
      stored({ token: 't', user: { ...user, firstName: undefined } }),
      stored({ token: 't', user: { ...user, favorites: ['3'] } }),
      stored({ token: 't', user: { ...user, userType: '1' } }),
    ]) {
      expect(destination(text), String(text)).toBeUndefined();
    }
  });

  it('the inline script runs on its own: it replaces the location and hides the page, or does nothing', () => {
    const run = (storedText: string | null, search: string) => {
      const replaced: string[] = [];
      const attributes: string[] = [];
      const script = signedInRedirectScript('offerlanka:session', SIGN_IN_RETURN_PARAM);
      new Function('localStorage', 'location', 'document', 'URL', 'URLSearchParams', script)(
        { getItem: () => storedText },
        { search, replace: (to: string) => replaced.push(to) },
        { documentElement: { setAttribute: (name: string) => attributes.push(name) } },
        URL,
        URLSearchParams,
      );
      return { replaced, attributes };
    };
    expect(run(stored({ token: 't', user }), '?returnTo=%2Fcareers%3Fx%3D1')).toEqual({
      replaced: ['/careers?x=1'],
      attributes: ['data-leaving'],
    });
    expect(run(stored({ token: 't', user }), '?returnTo=https://evil.example')).toEqual({
      replaced: ['/'],
      attributes: ['data-leaving'],
    });
    expect(run('{junk', '')).toEqual({ replaced: [], attributes: [] });
    expect(run(null, '?returnTo=/careers')).toEqual({ replaced: [], attributes: [] });
  });
});

describe('the sign-in → verify handover', () => {
  const memoryStorage = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => {
        items.set(key, value);
      },
      removeItem: (key: string) => {
        items.delete(key);
      },
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
    storage.setItem(
      VERIFY_HANDOVER_KEY,
      JSON.stringify({ mobileNo: '771234567', userId: 42, token: 't', returnTo: '//evil.example' }),
    );
    expect(readVerifyHandover(storage)?.returnTo).toBe('/');
  });
});

describe('a number carried to the next account page, and the Update Mobile Number → reset handover', () => {
  const memoryStorage = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => {
        items.set(key, value);
      },
      removeItem: (key: string) => {
        items.delete(key);
      },
    } as Storage;
  };

  it('carries the 9 digits of a valid number once; nothing for an invalid one or an edited value', () => {
    const storage = memoryStorage();
    carryMobileNo('077 123 4567', storage);
    expect(storage.getItem(CARRIED_MOBILE_KEY)).toBe('771234567');
    expect(takeCarriedMobileNo(storage)).toBe('771234567');
    expect(takeCarriedMobileNo(storage)).toBe(''); // taken once
    carryMobileNo('771234567', storage);
    carryMobileNo('7712', storage); // a later invalid number does not leave the earlier one behind
    expect(takeCarriedMobileNo(storage)).toBe('');
    storage.setItem(CARRIED_MOBILE_KEY, '<b>77</b>');
    expect(takeCarriedMobileNo(storage)).toBe('');
  });
});

describe('the account calls against the real API', () => {
  let api: TestApi;
  let client: ReturnType<typeof createServiceClient>;
  const signUpBody = (mobileNo: string) => ({
    firstName: 'Kumari',
    businessName: null,
    BRno: null,
    mobileNo,
    userType: 1 as const,
    favoriteArea: [],
    termsAndCondition: true as const,
    password: STRONG_PASSWORD,
  });
  const rejection = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  };

  beforeAll(async () => {
    api = await createTestApi({ seed: false, rateLimits: false });
    const app = createApp(api.deps);
    client = createServiceClient('http://offerlanka.test/api', {
      fetch: async (input, init) =>
        app.fetch(new Request(input, init), { incoming: { socket: { remoteAddress: '203.0.113.60' } } }),
    });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('looks a number up: unknown, verified, unverified, blocked by the team', async () => {
    expect(await findExistingUser(freshMobile(), client)).toEqual({
      found: false,
      message: 'No account uses this mobile number.',
    });
    const verified = await signUpVerified(api);
    expect(await findExistingUser(verified.mobileNo, client)).toEqual({
      found: true,
      userId: verified.userId,
      userType: 1,
      isMobileVerification: true,
      isAccountBlock: false,
    });
    const unverifiedNo = freshMobile();
    const created = await createUser(signUpBody(unverifiedNo), client);
    expect(created).toMatchObject({ kind: 'created', user: { mobileNo: unverifiedNo, isMobileVerification: false } });
    expect(await findExistingUser(unverifiedNo, client)).toMatchObject({ found: true, isMobileVerification: false });
    await api.handle.db.update(users).set({ isAccountBlock: true }).where(eq(users.userId, verified.userId));
    expect(await findExistingUser(verified.mobileNo, client)).toMatchObject({ found: true, isAccountBlock: true });
  });

  it('signs in, refuses a wrong password with the spec text, and tells an unverified or blocked account apart', async () => {
    const account = await signUpVerified(api);
    expect(await authenticate(account.mobileNo, account.password, client)).toMatchObject({
      kind: 'signed-in',
      user: { userId: account.userId },
    });
    expect(await rejection(authenticate(account.mobileNo, 'Wrong-password-1', client))).toMatchObject({
      status: 401,
      message: ERROR_CODES.invalid_login,
    });
    const unverifiedNo = freshMobile();
    await createUser(signUpBody(unverifiedNo), client);
    expect(await authenticate(unverifiedNo, STRONG_PASSWORD, client)).toEqual({ kind: 'unverified' });
    await api.handle.db.update(users).set({ isAccountBlock: true }).where(eq(users.userId, account.userId));
    expect(await authenticate(account.mobileNo, account.password, client)).toEqual({
      kind: 'account-blocked',
      message: ERROR_CODES.account_blocked,
    });
    expect(await createCode(account.mobileNo, null, client)).toEqual({
      kind: 'account-blocked',
      message: ERROR_CODES.account_blocked,
    });
  });

  it('a taken number fails sign-up with 409 and the spec text', async () => {
    const account = await signUpVerified(api);
    expect(await rejection(createUser(signUpBody(account.mobileNo), client))).toMatchObject({
      status: 409,
      message: ERROR_CODES.already_registered,
    });
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
    expect(await rejection(verifyMobile(wrong, created.token, client))).toMatchObject({
      status: 400,
      message: ERROR_CODES.wrong_code,
    });
    expect(await verifyMobile(code, created.token, client)).toMatchObject({
      kind: 'signed-in',
      user: { mobileNo, isMobileVerification: true },
    });
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
    expect(await rejection(updatePassword(account.userId, 'weak', verified.token, client))).toMatchObject({
      status: 401,
    });
  });

  describe('the mobile change (Update Mobile Number, signed in)', () => {
    const asUser = (token: string) => client.extend({ headers: { authorization: `Bearer ${token}` } });

    it('refuses a number another account uses (409) and the own number (400), with the texts shown inline', async () => {
      const account = await signUpVerified(api);
      const other = await signUpVerified(api);
      expect(await rejection(requestMobileChange(other.mobileNo, asUser(account.token)))).toMatchObject({
        status: 409,
        code: 'mobile_in_use',
        message: API_MESSAGES.mobileInUse,
      });
      expect(await rejection(requestMobileChange(account.mobileNo, asUser(account.token)))).toMatchObject({
        status: 400,
        message: 'This is already your mobile number.',
      });
      expect(await rejection(requestMobileChange('77123', asUser(account.token)))).toMatchObject({
        status: 400,
        message: ERROR_CODES.invalid_mobile_no,
      });
    });

    it('texts the new number; a wrong code throws the spec text; the right one answers a new session with the new number', async () => {
      const account = await signUpVerified(api);
      const newNumber = freshMobile();
      expect(await requestMobileChange(newNumber, asUser(account.token))).toMatchObject({ kind: 'sent', attempt: 0 });
      const code = await latestCode(api, newNumber);
      const wrong = code === '000000' ? '111111' : '000000';
      expect(await rejection(confirmMobileChange(wrong, asUser(account.token)))).toMatchObject({
        status: 400,
        message: ERROR_CODES.wrong_code,
      });
      const changed = await confirmMobileChange(code, asUser(account.token));
      expect(changed).toMatchObject({
        kind: 'signed-in',
        user: { userId: account.userId, mobileNo: newNumber, isMobileVerification: true },
      });
      expect(changed.token).not.toBe(account.token);
      // Re-authenticated: the new token is live, the one used for the change is not.
      expect((await api.call('GET', `/api/session/validate/${encodeURIComponent(changed.token)}`)).status).toBe(200);
      expect((await api.call('GET', `/api/session/validate/${encodeURIComponent(account.token)}`)).status).toBe(401);
      expect(await findExistingUser(account.mobileNo, client)).toMatchObject({ found: false });
    });

    it('a number past its code limit answers codes-blocked', async () => {
      const account = await signUpVerified(api);
      const newNumber = freshMobile();
      for (let sent = 0; sent < 4; sent++)
        expect(await requestMobileChange(newNumber, asUser(account.token))).toMatchObject({ kind: 'sent' });
      expect(await requestMobileChange(newNumber, asUser(account.token))).toEqual({
        kind: 'codes-blocked',
        message: expect.stringMatching(/blocked for 24 hours/),
      });
    });
  });
});
