// Accounts: sign-up, sign-in, one-time codes, password reset, mobile change, sessions, profile
// (spec §4 and §7, with the server rules of DECISIONS.md "Security rules", in domain/accounts.ts).
// The routes count requests against the rate limits, then call the domain.
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  CodeSentResponse,
  CreateCodeRequest,
  CreateUserRequest,
  CreateUserResponse,
  ExistingUserResponse,
  Id,
  MobileChangeConfirmRequest,
  MobileChangedResponse,
  MobileChangeRequest,
  MobileChangeSentResponse,
  MobileNo,
  PasswordUpdatedResponse,
  ResendCodeRequest,
  SessionResponse,
  SignInRequest,
  SignInResponse,
  TagUpdateRequest,
  UpdatePasswordRequest,
  USER_TYPES,
  UserResponse,
  UserSavedResponse,
  VerifyMobileRequest,
} from '../../contract/index.ts';
import { LocationUpdateRequest, OFFER_MESSAGES } from '../../contract/offer-form.ts';
import { SignedOutResponse } from '../../contract/site-responses.ts';
import { assertOwnUser, bearerToken, requestIp, requireSession, type AppEnv, type ServerDeps } from '../context.ts';
import {
  assertMaySignIn,
  changePassword,
  confirmMobileChange,
  findUserByPassword,
  keepAccountLocale,
  requestMobileChange,
  requireAccountForCode,
  sendVerificationCode,
  signUpCustomer,
  updateLocation,
  updateTags,
  verifyMobile,
} from '../domain/accounts.ts';
import { userWithFavorites } from '../domain/favorites.ts';
import { findTokenUser } from '../domain/sessions.ts';
import { requireUserByMobile } from '../domain/users.ts';
import { failure } from '../errors.ts';
import { answer } from '../http/answer.ts';
import { requestLocale } from '../http/request-locale.ts';
import type { UserRow } from '../serialize.ts';
import { CODE_TTL_MS } from '../services/one-time-codes.ts';
import { issueToken, revokeToken } from '../services/tokens.ts';
import { parseJsonBody, parseParams } from '../validate.ts';

export function accountRoutes(deps: ServerDeps) {
  const { db, sms, limiter } = deps;
  const app = new Hono<AppEnv>();
  const session = requireSession(deps);

  /** A new session: a new token every time (DECISIONS.md), with the user as answers carry it (typed, as it is spread into answers). */
  const newSession = async (user: UserRow): Promise<Omit<v.InferInput<typeof SignInResponse>, 'status'>> => {
    const { token, expiresAt } = await issueToken(db, user.userId, 'session');
    return { data: await userWithFavorites(db, user), token, expiresAt: expiresAt.toISOString() };
  };
  /** A full sign-in; the account takes the request's language. */
  const signedIn = async (c: Context, user: UserRow) =>
    answer(c, SignInResponse, {
      status: true,
      ...(await newSession(await keepAccountLocale(db, user, requestLocale(c)))),
    });

  /**
   * Code sends are counted before the number is looked up: once an address or a number is over its
   * limit, every number gets the same 429, so the answers cannot tell which ones have accounts.
   */
  const countCodeSend = async (c: Context, mobileNo: string) => {
    await limiter.check('codeSendPerIp', requestIp(deps, c));
    await limiter.check('codeSendPerMobile', mobileNo);
  };

  // Sign-in's first step: is there an account for this number, and may it sign in with a password?
  app.get('/find/existing/user/by/:value', async (c) => {
    const { value: mobileNo } = parseParams(c, v.object({ value: MobileNo }));
    await limiter.check('userLookupPerIp', requestIp(deps, c));
    await limiter.check('userLookupPerMobile', mobileNo);
    const user = await requireUserByMobile(db, mobileNo);
    return answer(c, ExistingUserResponse, {
      status: true,
      isFound: true,
      data: {
        userId: user.userId,
        userType: user.userType,
        isMobileVerification: user.isMobileVerification,
        isAccountBlock: user.isAccountBlock,
      },
    });
  });

  app.post('/create/new/user', async (c) => {
    const input = await parseJsonBody(c, CreateUserRequest);
    if (input.userType !== USER_TYPES.customer) throw failure(400, 'merchant_sign_up_closed');
    await limiter.check('signUpPerIp', requestIp(deps, c));
    const { user, attempt, token } = await signUpCustomer(db, sms, input, requestLocale(c));
    return answer(
      c,
      CreateUserResponse,
      {
        status: true,
        message: 'Account created. Enter the code sent to your mobile number.',
        attempt,
        data: { token, user: await userWithFavorites(db, user) },
      },
      201,
    );
  });

  app.post('/user/authentication', async (c) => {
    const { mobileNo, password } = await parseJsonBody(c, SignInRequest);
    const ip = requestIp(deps, c);
    await limiter.check('signInPerIp', ip);
    await limiter.checkSignInWait(mobileNo, ip);
    const user = await findUserByPassword(db, mobileNo, password);
    if (!user) {
      await limiter.signInFailed(mobileNo, ip);
      throw failure(401, 'invalid_login');
    }
    await limiter.signInSucceeded(mobileNo, ip);
    assertMaySignIn(user);
    return signedIn(c, user);
  });

  // Sends a code to an account's number: sign-in of an unverified account, and password reset, each
  // starting a code entry (attempt 0); 'Resend' within it is the other route, and the entry's 4th
  // resend answers attempt 4 with a failed status and blocks the number.
  const sendCodeToAccount = async (
    c: Context,
    schema: typeof CreateCodeRequest | typeof ResendCodeRequest,
    startsEntry: boolean,
  ) => {
    const { mobileNo, userId } = await parseJsonBody(c, schema);
    await countCodeSend(c, mobileNo);
    const user = await requireAccountForCode(db, mobileNo, userId);
    const { attempt, token } = await sendVerificationCode(db, sms, user, mobileNo, {
      startsEntry,
      locale: requestLocale(c),
    });
    return answer(c, CodeSentResponse, {
      status: true,
      message: 'A verification code was sent to your mobile number.',
      attempt,
      token,
      expiresInSeconds: CODE_TTL_MS / 1000,
    });
  };
  app.post('/create/new/otp/verification', (c) => sendCodeToAccount(c, CreateCodeRequest, true));
  app.post('/resend/verification/otp', (c) => sendCodeToAccount(c, ResendCodeRequest, false));

  // A right code proves the number: it verifies the account and signs it in.
  app.post('/verify/mobile', async (c) => {
    const { otpCode, token } = await parseJsonBody(c, VerifyMobileRequest);
    await limiter.check('codeCheckPerIp', requestIp(deps, c));
    return signedIn(c, await verifyMobile(db, token, otpCode));
  });

  app.put('/update/user/password', session, async (c) => {
    const { userId, password } = await parseJsonBody(c, UpdatePasswordRequest);
    assertOwnUser(c, userId);
    await changePassword(db, c.get('user'), password, c.get('token'));
    return answer(c, PasswordUpdatedResponse, {
      status: true,
      message: 'Your password was updated. Sign in with the new password.',
    });
  });

  // Changing the number: a code goes to the new number, and the change is made when it comes back.
  app.post('/request/mobile/change', session, async (c) => {
    const { mobileNo } = await parseJsonBody(c, MobileChangeRequest);
    await countCodeSend(c, mobileNo);
    const attempt = await requestMobileChange(db, sms, c.get('user'), mobileNo, requestLocale(c));
    return answer(c, MobileChangeSentResponse, {
      status: true,
      message: 'A verification code was sent to the new number.',
      attempt,
      expiresInSeconds: CODE_TTL_MS / 1000,
    });
  });

  app.post('/confirm/mobile/change', session, async (c) => {
    const { otpCode } = await parseJsonBody(c, MobileChangeConfirmRequest);
    await limiter.check('codeCheckPerIp', requestIp(deps, c));
    // Every session ended with the change: this browser gets a new one, as after a sign-in.
    const user = await confirmMobileChange(db, c.get('user'), otpCode);
    return answer(c, MobileChangedResponse, {
      status: true,
      message: 'Your mobile number was changed.',
      ...(await newSession(user)),
    });
  });

  const validateSession = async (c: Context<AppEnv>, sessionToken: string) => {
    const found = await findTokenUser(db, sessionToken, 'session');
    if (!found || found.user.isAccountBlock)
      throw failure(401, 'session_expired', undefined, { data: { status: false } });
    const { user, token } = found;
    return answer(c, SessionResponse, {
      status: true,
      data: { status: true, userId: user.userId, userType: user.userType, expiresAt: token.expiresAt.toISOString() },
    });
  };

  // Spec §7's check, for other clients: the token in the path.
  app.get('/session/validate/:sessionToken', async (c) => {
    const { sessionToken } = parseParams(c, v.object({ sessionToken: v.pipe(v.string(), v.maxLength(200)) }));
    return validateSession(c, sessionToken);
  });

  // The same check with the token as the bearer (the site's own client): a URL ends up in logs,
  // proxies and the browser's history, a header does not.
  app.get('/session/validate', async (c) => {
    const sessionToken = bearerToken(c);
    if (!sessionToken) throw failure(401, 'sign_in_required', undefined, { data: { status: false } });
    return validateSession(c, sessionToken);
  });

  app.post('/user/logout', async (c) => {
    const token = bearerToken(c);
    if (!token) throw failure(401, 'sign_in_required');
    await revokeToken(db, token);
    return answer(c, SignedOutResponse, { status: true, message: 'Signed out.' });
  });

  app.get('/get/user/by/:userId', session, async (c) => {
    const { userId } = parseParams(c, v.object({ userId: Id }));
    assertOwnUser(c, userId);
    return answer(c, UserResponse, { status: true, data: await userWithFavorites(db, c.get('user')) });
  });

  app.post('/user/tag/update', session, async (c) => {
    const { tags } = await parseJsonBody(c, TagUpdateRequest);
    const updated = await updateTags(db, c.get('user').userId, tags);
    return answer(c, UserSavedResponse, {
      status: true,
      message: 'Your interests were saved.',
      data: await userWithFavorites(db, updated),
    });
  });

  // The profile's location picker: one name of GET /location/all, or null to clear it.
  app.post('/user/location/update', session, async (c) => {
    const { location } = await parseJsonBody(c, LocationUpdateRequest);
    const updated = await updateLocation(db, c.get('user').userId, location);
    return answer(c, UserSavedResponse, {
      status: true,
      message: OFFER_MESSAGES.locationSaved,
      data: await userWithFavorites(db, updated),
    });
  });

  return app;
}

/** The demo host's user call: GET user/{userId}, answering the user in `data`. */
export function demoRoutes(deps: ServerDeps) {
  const app = new Hono<AppEnv>();
  app.get('/user/:userId', requireSession(deps), async (c) => {
    const { userId } = parseParams(c, v.object({ userId: Id }));
    assertOwnUser(c, userId);
    return answer(c, UserResponse, { status: true, data: await userWithFavorites(deps.db, c.get('user')) });
  });
  return app;
}
