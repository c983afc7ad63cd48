// Accounts: sign-up, sign-in, one-time codes, password reset, mobile change, sessions, profile
// (spec §4 and §7, with the server rules of DECISIONS.md "Security rules").
import { and, eq, inArray } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  CreateCodeRequest, CreateUserRequest, Id, MESSAGES, MobileChangeConfirmRequest, MobileChangeRequest, MobileNo,
  ResendCodeRequest, SignInRequest, TagUpdateRequest, UpdatePasswordRequest, USER_TYPES, VerifyMobileRequest,
} from '../../../contract/index.ts';
import { LocationUpdateRequest, OFFER_MESSAGES } from '../../../contract/offer-form.ts';
import {
  assertOwnUser, bearerToken, favoriteOfferIds, requestIp, requireSession, type AppEnv, type ServerDeps,
} from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { categories, locations, users } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../errors.ts';
import { toUser, type UserRow } from '../../serialize.ts';
import {
  BLOCKING_RESEND_ATTEMPT, CODE_TTL_MS, isCodeBlocked, sendBlockedMessage, sendOneTimeCode, verifyOneTimeCode,
} from '../../services/one-time-codes.ts';
import { hashPassword, isStrongEnough, verifyPassword } from '../../services/passwords.ts';
import { findLiveToken, issueToken, revokeAllTokens, revokeOtherTokens, revokeToken } from '../../services/tokens.ts';
import { parseJsonBody, parseParams } from '../../validate.ts';

const findUserByMobile = async (db: Database, mobileNo: string) =>
  (await db.select().from(users).where(eq(users.mobileNo, mobileNo)).limit(1))[0];
const findUserById = async (db: Database, userId: number) =>
  (await db.select().from(users).where(eq(users.userId, userId)).limit(1))[0];

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export function accountRoutes(deps: ServerDeps) {
  const { db, sms, limiter } = deps;
  const app = new Hono<AppEnv>();
  const session = requireSession(deps);

  const userResponse = async (user: UserRow) => toUser(user, await favoriteOfferIds(db, user.userId));

  /** A full sign-in: a new token every time (DECISIONS.md). */
  const signedIn = async (c: Context, user: UserRow, message?: string) => {
    const { token, expiresAt } = await issueToken(db, user.userId, 'session');
    return c.json({ status: true, ...(message ? { message } : {}), data: await userResponse(user), token, expiresAt: expiresAt.toISOString() });
  };

  /**
   * Code sends are counted before the number is looked up: once an address or a number is over its
   * limit, every number gets the same 429, so the answers cannot tell which ones have accounts.
   */
  const countCodeSend = async (c: Context, mobileNo: string) => {
    await limiter.check('codeSendPerIp', requestIp(deps, c));
    await limiter.check('codeSendPerMobile', mobileNo);
  };

  const sendVerificationCode = async (c: Context, user: UserRow, mobileNo: string) => {
    if (user.isAccountBlock) throw forbidden(MESSAGES.accountBlocked, { isAccountBlock: true });
    const { attempt } = await sendOneTimeCode(db, sms, user, 'verify', mobileNo);
    const { token } = await issueToken(db, user.userId, 'verify');
    return c.json({ status: true, message: 'A verification code was sent to your mobile number.', attempt, token, expiresInSeconds: CODE_TTL_MS / 1000 });
  };

  // Sign-in's first step: is there an account for this number, and may it sign in with a password?
  app.get('/find/existing/user/by/:value', async (c) => {
    const { value: mobileNo } = parseParams(c, v.object({ value: MobileNo }));
    await limiter.check('userLookupPerIp', requestIp(deps, c));
    await limiter.check('userLookupPerMobile', mobileNo);
    const user = await findUserByMobile(db, mobileNo);
    if (!user) throw notFound('No account uses this mobile number.', { isFound: false });
    return c.json({
      status: true,
      isFound: true,
      data: { userId: user.userId, userType: user.userType, isMobileVerification: user.isMobileVerification, isAccountBlock: user.isAccountBlock },
    });
  });

  app.post('/create/new/user', async (c) => {
    const input = await parseJsonBody(c, CreateUserRequest);
    if (input.userType !== USER_TYPES.customer) throw badRequest(MESSAGES.merchantSignUpClosed);
    await limiter.check('signUpPerIp', requestIp(deps, c));
    if (!isStrongEnough(input.password, [input.firstName, input.mobileNo])) throw badRequest(MESSAGES.passwordTooWeak);
    if (await findUserByMobile(db, input.mobileNo)) throw conflict(MESSAGES.alreadyRegistered, { isFound: true });
    const known = new Set(input.favoriteArea.length
      ? (await db.select({ id: categories.categoryId }).from(categories).where(inArray(categories.categoryId, input.favoriteArea))).map((row) => row.id)
      : []);
    let user: UserRow;
    try {
      [user] = (await db.insert(users).values({
        userType: input.userType,
        firstName: input.firstName,
        mobileNo: input.mobileNo,
        passwordHash: await hashPassword(input.password),
        // The client's order, as /user/tag/update keeps it; unknown ids are dropped.
        tags: [...new Set(input.favoriteArea)].filter((id) => known.has(id)),
        termsAccepted: true,
      }).returning()) as [UserRow];
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(MESSAGES.alreadyRegistered, { isFound: true });
      throw error;
    }
    let attempt: number;
    try {
      ({ attempt } = await sendOneTimeCode(db, sms, user, 'verify', user.mobileNo));
    } catch (error) {
      // No code could be sent (the number's send limit is used up, or the SMS gateway failed): an
      // account that can never be verified must not hold the number, so the sign-up is undone.
      await db.delete(users).where(eq(users.userId, user.userId));
      throw error;
    }
    const { token } = await issueToken(db, user.userId, 'verify');
    return c.json({ status: true, message: 'Account created. Enter the code sent to your mobile number.', attempt, data: { token, user: await userResponse(user) } }, 201);
  });

  app.post('/user/authentication', async (c) => {
    const { mobileNo, password } = await parseJsonBody(c, SignInRequest);
    const ip = requestIp(deps, c);
    await limiter.check('signInPerIp', ip);
    await limiter.checkSignInWait(mobileNo, ip);
    const user = await findUserByMobile(db, mobileNo);
    if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
      await limiter.signInFailed(mobileNo, ip);
      throw unauthorized(MESSAGES.invalidLogin);
    }
    await limiter.signInSucceeded(mobileNo, ip);
    if (user.isAccountBlock) throw forbidden(MESSAGES.accountBlocked, { isAccountBlock: true });
    if (!user.isMobileVerification) throw forbidden('Verify your mobile number to sign in.', { isMobileVerification: false });
    return signedIn(c, user);
  });

  // Sends a code to an account's number: sign-in of an unverified account, and password reset.
  // Resending is the same call; the 4th resend answers attempt 4 with a failed status and blocks the number.
  const sendCodeToAccount = async (c: Context, schema: typeof CreateCodeRequest | typeof ResendCodeRequest) => {
    const { mobileNo, userId } = await parseJsonBody(c, schema);
    await countCodeSend(c, mobileNo);
    const user = await findUserByMobile(db, mobileNo);
    if (!user || (userId && user.userId !== userId)) throw notFound('No account uses this mobile number.', { isFound: false });
    return sendVerificationCode(c, user, mobileNo);
  };
  app.post('/create/new/otp/verification', (c) => sendCodeToAccount(c, CreateCodeRequest));
  app.post('/resend/verification/otp', (c) => sendCodeToAccount(c, ResendCodeRequest));

  // A right code proves the number: it verifies the account and signs it in.
  app.post('/verify/mobile', async (c) => {
    const { otpCode, token } = await parseJsonBody(c, VerifyMobileRequest);
    await limiter.check('codeCheckPerIp', requestIp(deps, c));
    const tokenRow = await findLiveToken(db, token);
    if (!tokenRow) throw unauthorized('This verification has expired. Ask for a new code.');
    const user = await findUserById(db, tokenRow.userId);
    if (!user) throw unauthorized('This verification has expired. Ask for a new code.');
    if (user.isAccountBlock) throw forbidden(MESSAGES.accountBlocked, { isAccountBlock: true });
    if (!user.isMobileVerification && isCodeBlocked(user)) throw forbidden(sendBlockedMessage, { attempt: BLOCKING_RESEND_ATTEMPT });
    await verifyOneTimeCode(db, user.userId, 'verify', otpCode);
    const [verified] = (await db.update(users).set({ isMobileVerification: true }).where(eq(users.userId, user.userId)).returning()) as [UserRow];
    if (tokenRow.scope === 'verify') await revokeToken(db, token);
    return signedIn(c, verified);
  });

  app.put('/update/user/password', session, async (c) => {
    const { userId, password } = await parseJsonBody(c, UpdatePasswordRequest);
    assertOwnUser(c, userId);
    const user = c.get('user');
    if (!isStrongEnough(password, [user.firstName, user.mobileNo])) throw badRequest(MESSAGES.passwordTooWeak);
    await db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.userId, userId));
    await revokeOtherTokens(db, userId, c.get('token'));
    return c.json({ status: true, message: 'Your password was updated. Sign in with the new password.' });
  });

  // Changing the number: a code goes to the new number, and the change is made when it comes back.
  app.post('/request/mobile/change', session, async (c) => {
    const { mobileNo } = await parseJsonBody(c, MobileChangeRequest);
    const user = c.get('user');
    await countCodeSend(c, mobileNo);
    if (mobileNo === user.mobileNo) throw badRequest('This is already your mobile number.');
    if (await findUserByMobile(db, mobileNo)) throw conflict(MESSAGES.alreadyRegistered, { isFound: true });
    const { attempt } = await sendOneTimeCode(db, sms, user, 'mobile-change', mobileNo);
    return c.json({ status: true, message: 'A verification code was sent to the new number.', attempt, expiresInSeconds: CODE_TTL_MS / 1000 });
  });

  app.post('/confirm/mobile/change', session, async (c) => {
    const { otpCode } = await parseJsonBody(c, MobileChangeConfirmRequest);
    await limiter.check('codeCheckPerIp', requestIp(deps, c));
    const user = c.get('user');
    const code = await verifyOneTimeCode(db, user.userId, 'mobile-change', otpCode);
    let updated: UserRow;
    try {
      [updated] = (await db.update(users).set({ mobileNo: code.mobileNo, isMobileVerification: true }).where(eq(users.userId, user.userId)).returning()) as [UserRow];
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(MESSAGES.alreadyRegistered, { isFound: true });
      throw error;
    }
    // The account's sign-in name changed: every session ends, this one included, and this
    // browser gets a new one, as after a sign-in.
    await revokeAllTokens(db, user.userId);
    return signedIn(c, updated, 'Your mobile number was changed.');
  });

  app.get('/session/validate/:sessionToken', async (c) => {
    const { sessionToken } = parseParams(c, v.object({ sessionToken: v.pipe(v.string(), v.maxLength(200)) }));
    const row = await findLiveToken(db, sessionToken);
    const user = row?.scope === 'session' ? await findUserById(db, row.userId) : undefined;
    if (!row || !user || user.isAccountBlock) throw unauthorized('Your session has expired. Please sign in again.', { data: { status: false } });
    return c.json({ status: true, data: { status: true, userId: user.userId, userType: user.userType, expiresAt: row.expiresAt.toISOString() } });
  });

  app.post('/user/logout', async (c) => {
    const token = bearerToken(c);
    if (!token) throw unauthorized('Sign in to continue.');
    await revokeToken(db, token);
    return c.json({ status: true, message: 'Signed out.' });
  });

  app.get('/get/user/by/:userId', session, async (c) => {
    const { userId } = parseParams(c, v.object({ userId: Id }));
    assertOwnUser(c, userId);
    return c.json({ status: true, data: await userResponse(c.get('user')) });
  });

  app.post('/user/tag/update', session, async (c) => {
    const { tags } = await parseJsonBody(c, TagUpdateRequest);
    const unique = [...new Set(tags)];
    const known = unique.length ? await db.select({ id: categories.categoryId }).from(categories).where(inArray(categories.categoryId, unique)) : [];
    const unknown = unique.filter((id) => !known.some((row) => row.id === id));
    if (unknown.length) throw badRequest(`Unknown category ids: ${unknown.join(', ')}`);
    const [updated] = (await db.update(users).set({ tags: unique }).where(and(eq(users.userId, c.get('user').userId))).returning()) as [UserRow];
    return c.json({ status: true, message: 'Your interests were saved.', data: await userResponse(updated) });
  });

  // The profile's location picker: one name of GET /location/all, or null to clear it.
  app.post('/user/location/update', session, async (c) => {
    const { location } = await parseJsonBody(c, LocationUpdateRequest);
    if (location !== null) {
      const [known] = await db.select({ name: locations.locationName }).from(locations).where(eq(locations.locationName, location)).limit(1);
      if (!known) throw badRequest(OFFER_MESSAGES.unknownLocation, { issues: [{ path: 'location', message: OFFER_MESSAGES.unknownLocation }] });
    }
    const [updated] = (await db.update(users).set({ location }).where(eq(users.userId, c.get('user').userId)).returning()) as [UserRow];
    return c.json({ status: true, message: OFFER_MESSAGES.locationSaved, data: await userResponse(updated) });
  });

  return app;
}

/** The demo host's user call: GET user/{userId}, answering the user in `data`. */
export function demoRoutes(deps: ServerDeps) {
  const app = new Hono<AppEnv>();
  app.get('/user/:userId', requireSession(deps), async (c) => {
    const { userId } = parseParams(c, v.object({ userId: Id }));
    assertOwnUser(c, userId);
    const user = c.get('user');
    return c.json({ status: true, data: toUser(user, await favoriteOfferIds(deps.db, user.userId)) });
  });
  return app;
}
