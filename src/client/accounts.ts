// The account calls of the sign-in, sign-up, verify, reset and mobile-change flows (spec §4, docs/api.md §6, §14).
// Some refusals are answers a flow acts on rather than errors: an unknown number, an account blocked
// by the team, a number whose code sending is blocked (attempt 4), an unverified account. Those calls
// read every status (throwHttpErrors: false) and the contract schema decides what the body is; any
// other failure is an ApiError with the text to show (a wrong code, a wrong password, a rate limit).
// The mobile change (docs/api.md §14.4) is made signed in: its calls take an api carrying the
// session's token (src/stores/session-calls.ts sessionApi).
import type { KyInstance } from 'ky';
import * as v from 'valibot';
import {
  AccountBlockedResponse,
  CodeBlockedResponse,
  CodeSentResponse,
  CreateUserResponse,
  ExistingUserResponse,
  MobileChangedResponse,
  MobileChangeSentResponse,
  NoUserResponse,
  PasswordUpdatedResponse,
  SignInResponse,
  UnverifiedResponse,
  type CreateUserRequest,
  type UserData,
} from '../contract/index.ts';
import { mainApi, readAnswer } from './http.ts';

const answerAnyStatus = { throwHttpErrors: false } as const;

/** Blocked by the team (can never sign in), or code sending blocked for 24 hours (attempt 4). */
export type Refusal = { kind: 'account-blocked'; message: string } | { kind: 'codes-blocked'; message: string };
export type CodeSent = { kind: 'sent'; token: string; attempt: number; message: string };
export type SignedIn = { kind: 'signed-in'; token: string; user: UserData };

const refusalOf = (answer: { message: string } & ({ isAccountBlock: true } | { attempt: number })): Refusal =>
  'isAccountBlock' in answer
    ? { kind: 'account-blocked', message: answer.message }
    : { kind: 'codes-blocked', message: answer.message };

export type ExistingUser =
  | { found: false; message: string }
  | { found: true; userId: number; userType: number; isMobileVerification: boolean; isAccountBlock: boolean };

/** Sign-in's first step and sign-up's "is this number registered?" (GET find/existing/user/by/{mobileNo}). */
export async function findExistingUser(mobileNo: string, api: KyInstance = mainApi): Promise<ExistingUser> {
  const answer = await readAnswer(
    v.union([ExistingUserResponse, NoUserResponse]),
    api.get(`find/existing/user/by/${encodeURIComponent(mobileNo)}`, answerAnyStatus),
  );
  return answer.status ? { found: true, ...answer.data } : { found: false, message: answer.message };
}

/** Password sign-in. A wrong pair throws (401, 'Invalid login details...'). */
export async function authenticate(
  mobileNo: string,
  password: string,
  api: KyInstance = mainApi,
): Promise<SignedIn | Refusal | { kind: 'unverified' }> {
  const answer = await readAnswer(
    v.union([SignInResponse, AccountBlockedResponse, UnverifiedResponse]),
    api.post('user/authentication', { json: { mobileNo, password }, ...answerAnyStatus }),
  );
  if (answer.status) return { kind: 'signed-in', token: answer.token, user: answer.data };
  return 'isAccountBlock' in answer ? refusalOf(answer) : { kind: 'unverified' };
}

/** Sign-up: creates an unverified customer and texts the first code; the token is a verify token. A taken number throws (409). */
export async function createUser(
  request: v.InferInput<typeof CreateUserRequest>,
  api: KyInstance = mainApi,
): Promise<{ kind: 'created'; token: string; user: UserData } | Refusal> {
  const answer = await readAnswer(
    v.union([CreateUserResponse, CodeBlockedResponse]),
    api.post('create/new/user', { json: request, ...answerAnyStatus }),
  );
  return answer.status ? { kind: 'created', token: answer.data.token, user: answer.data.user } : refusalOf(answer);
}

const CodeAnswer = v.union([CodeSentResponse, AccountBlockedResponse, CodeBlockedResponse]);
const codeResult = (answer: v.InferOutput<typeof CodeAnswer>): CodeSent | Refusal =>
  answer.status
    ? { kind: 'sent', token: answer.token, attempt: answer.attempt, message: answer.message }
    : refusalOf(answer);

/** Texts a code to an account's number (unverified sign-in, password reset). An unknown number throws (404). */
export async function createCode(
  mobileNo: string,
  userId: number | null = null,
  api: KyInstance = mainApi,
): Promise<CodeSent | Refusal> {
  return codeResult(
    await readAnswer(
      CodeAnswer,
      api.post('create/new/otp/verification', {
        json: { verificationType: 'MOBILE', token: null, mobileNo, userId },
        ...answerAnyStatus,
      }),
    ),
  );
}

/** The 'Resend' button: a new code and a new verify token. The resend past the server's limit answers codes-blocked. */
export async function resendCode(
  mobileNo: string,
  userId: number | null,
  token: string | null,
  api: KyInstance = mainApi,
): Promise<CodeSent | Refusal> {
  return codeResult(
    await readAnswer(
      CodeAnswer,
      api.post('resend/verification/otp', { json: { userId, mobileNo, token }, ...answerAnyStatus }),
    ),
  );
}

/**
 * Checks a code with a verify token: the number is verified and the answer is a new session (the
 * caller decides whether to keep it). A wrong, expired or used-up code throws with the server's text.
 */
export async function verifyMobile(
  otpCode: string,
  token: string,
  api: KyInstance = mainApi,
): Promise<SignedIn | Refusal> {
  const answer = await readAnswer(
    v.union([SignInResponse, AccountBlockedResponse, CodeBlockedResponse]),
    api.post('verify/mobile', { json: { otpCode, token }, ...answerAnyStatus }),
  );
  return answer.status ? { kind: 'signed-in', token: answer.token, user: answer.data } : refusalOf(answer);
}

/** Sets a new password with the session token the reset flow got from verifyMobile (not the stored session). */
export async function updatePassword(
  userId: number,
  password: string,
  sessionToken: string,
  api: KyInstance = mainApi,
): Promise<string> {
  const answer = await readAnswer(
    PasswordUpdatedResponse,
    api.put('update/user/password', {
      json: { userId, password },
      headers: { authorization: `Bearer ${sessionToken}` },
    }),
  );
  return answer.message;
}

/** A code went to the new number of a mobile change (no token: the session carries the change). */
export type ChangeCodeSent = { kind: 'sent'; attempt: number; message: string };

/**
 * The Update Mobile Number modal, signed in (`api` carries the session's token): texts a code to
 * `mobileNo`, the new number. A number
 * another account uses throws 409 (alreadyRegistered), the user's own number 400; a number (or
 * account) whose code sending is blocked answers codes-blocked.
 */
export async function requestMobileChange(mobileNo: string, api: KyInstance): Promise<ChangeCodeSent | Refusal> {
  const answer = await readAnswer(
    v.union([MobileChangeSentResponse, CodeBlockedResponse]),
    api.post('request/mobile/change', { json: { mobileNo }, ...answerAnyStatus }),
  );
  return answer.status ? { kind: 'sent', attempt: answer.attempt, message: answer.message } : refusalOf(answer);
}

/**
 * Confirms the change with the code sent to the new number. The answer is a new session for the
 * user with the new number: the caller keeps it (startSession), since the server ended the older
 * tokens, the one of this call included. A wrong or expired code throws with the server's text.
 */
export async function confirmMobileChange(otpCode: string, api: KyInstance): Promise<SignedIn & { message: string }> {
  const answer = await readAnswer(MobileChangedResponse, api.post('confirm/mobile/change', { json: { otpCode } }));
  return { kind: 'signed-in', token: answer.token, user: answer.data, message: answer.message };
}
