// The account forms' rules (spec §5) and the small pieces of flow state they share, kept apart
// from the components so that they can be unit-tested. The rules are the contract's schemas, so a
// form says exactly what the API would; the few rules the contract cannot hold (the confirmation,
// the strength score computed in the browser) are added here with the spec's messages.
import * as v from 'valibot';
import { ERROR_CODES } from '../../contract/error-codes.ts';
import {
  CODE_DIGITS,
  CONFIRM_PASSWORD_MIN,
  CreateUserRequest,
  MobileNo,
  NewPassword,
  PASSWORD_MIN_STRENGTH,
  SignInRequest,
} from '../../contract/index.ts';
import { SIGN_IN_RETURN_PARAM } from '../../lib/constants.ts';
import { contractText, fieldErrors } from '../../lib/form-errors.ts';
import { localePath } from '../../lib/locale-path.ts';
import { m } from '../../paraglide/messages.js';
import { safeReturnPath } from './return-path.ts';

export type Errors<TName extends string> = Partial<Record<TName, string>>;

export const mobileErrors = (values: { mobileNo: string }) =>
  fieldErrors(v.object({ mobileNo: MobileNo }), values, ['mobileNo']);

export const signInErrors = (values: { mobileNo: string; password: string }) =>
  fieldErrors(SignInRequest, values, ['mobileNo', 'password']);

export const basicDetailsErrors = (values: { firstName: string; mobileNo: string }) =>
  fieldErrors(v.pick(CreateUserRequest, ['firstName', 'mobileNo']), values, ['firstName', 'mobileNo']);

/**
 * The confirmation's own rule (spec §5: minimum length 5, with no wording given); that it matches is
 * checked after. Its message is asked for when a form is checked, in the page's language.
 */
const ConfirmPassword = v.pipe(
  v.string(),
  v.minLength(CONFIRM_PASSWORD_MIN, () => m.account_confirm_password_too_short({ min: CONFIRM_PASSWORD_MIN })),
);

/**
 * A new password (sign-up step 3, reset step 2): the contract's rules, then the strength score
 * (zxcvbn 0-4; `undefined` while it loads, which is not yet an error), and a confirmation of at
 * least 5 characters that matches.
 */
export function newPasswordErrors(values: { password: string; confirmPassword: string }, score: number | undefined) {
  const errors = fieldErrors(v.object({ password: NewPassword, confirmPassword: ConfirmPassword }), values, [
    'password',
    'confirmPassword',
  ]);
  if (!errors.password && score !== undefined && score < PASSWORD_MIN_STRENGTH)
    errors.password = contractText(ERROR_CODES.password_too_weak);
  if (!errors.confirmPassword && values.confirmPassword !== values.password)
    errors.confirmPassword = contractText(ERROR_CODES.password_not_match);
  return errors;
}

/** The terms checkbox (preset to accepted, spec §5): the contract's message when it is cleared. */
export function termsError(accepted: boolean): string | undefined {
  const parsed = v.safeParse(v.pick(CreateUserRequest, ['termsAndCondition']), { termsAndCondition: accepted });
  return parsed.success ? undefined : parsed.issues[0].message;
}

/** The meter's level for a zxcvbn score (spec §5): weak up to 1, medium up to 3, high above. */
export function strengthLevel(score: number): 'weak' | 'medium' | 'high' {
  if (score <= 1) return 'weak';
  if (score <= 3) return 'medium';
  return 'high';
}

/** The meter's label for a zxcvbn score, in words. */
export function strengthLabel(score: number): string {
  const level = strengthLevel(score);
  return level === 'weak'
    ? m.account_strength_weak()
    : level === 'medium'
      ? m.account_strength_medium()
      : m.account_strength_high();
}

/** The digits of typed or pasted text ('12 3a4' → '1234'). */
export const digitsOnly = (text: string) => text.replace(/\D/g, '');

/** The 9 digits of a typed mobile number when it is a valid one ('077 123 4567' → '771234567'), else undefined. */
export function validMobileNo(typed: string): string | undefined {
  const parsed = v.safeParse(MobileNo, typed);
  return parsed.success ? parsed.output : undefined;
}

/**
 * Whether leaving a field touches it (spec §5: messages show once a field was touched). One left
 * empty before anything was typed in it is not touched yet: its 'Field is required.' waits for the
 * form's button, rather than pushing the links and buttons below it out from under the pointer
 * that is on its way to them (the first click on 'Forget password' would miss).
 */
export const touchedOnBlur = (value: string) => value.trim() !== '';

/**
 * The number typed on one account page, carried to the next one its links open (sign-in → 'Forget
 * password' or 'Join now', sign-up → 'Sign in', reset → 'Join now', Update Mobile Number → 'Sign
 * up'), so that nobody types it twice. In this tab's sessionStorage, never in the URL: a number in
 * a query string ends up in server logs and Referer headers. Taken once by the page that opens.
 */
export const CARRIED_MOBILE_KEY = 'offerlanka:carried-mobile';

export function carryMobileNo(typed: string, storage: Storage = sessionStorage): void {
  const mobileNo = validMobileNo(typed);
  if (mobileNo) storage.setItem(CARRIED_MOBILE_KEY, mobileNo);
  else storage.removeItem(CARRIED_MOBILE_KEY);
}

/** The carried number ('' when none, or edited into something else), removed from storage. */
export function takeCarriedMobileNo(storage: Storage = sessionStorage): string {
  const carried = storage.getItem(CARRIED_MOBILE_KEY) ?? '';
  storage.removeItem(CARRIED_MOBILE_KEY);
  return validMobileNo(carried) ?? '';
}

/** The code boxes' digits from typed or pasted text, at most CODE_DIGITS. */
export const codeDigits = (text: string) => digitsOnly(text).slice(0, CODE_DIGITS);

/** Where to go after signing in (src/islands/auth/return-path.ts). */
export { safeReturnPath };

/** The return path of a sign-in page's query string (`?returnTo=/path`). */
export const returnPathFromQuery = (search: string) =>
  safeReturnPath(new URLSearchParams(search).get(SIGN_IN_RETURN_PARAM));

/** Where a return path leads: home is the page's language's home (another path carries its own language). */
export const inPageLanguage = (returnPath: string) => (returnPath === '/' ? localePath('/') : returnPath);

/**
 * Sign-in hands an unverified number over to /verify-mobileNo in sessionStorage: this tab only,
 * kept across a reload of the verify page, and never in the URL (the verify token must not reach
 * history, logs or Referer headers). The verify page replaces the token after a resend and removes
 * the handover once verified.
 */
export const VERIFY_HANDOVER_KEY = 'offerlanka:verify-mobile';
const VerifyHandover = v.object({
  mobileNo: MobileNo,
  userId: v.number(),
  token: v.pipe(v.string(), v.nonEmpty()),
  returnTo: v.string(),
});
export type VerifyHandoverData = v.InferOutput<typeof VerifyHandover>;

export function saveVerifyHandover(handover: VerifyHandoverData, storage: Storage = sessionStorage): void {
  storage.setItem(VERIFY_HANDOVER_KEY, JSON.stringify(handover));
}

/** The handover, or undefined when there is none or it was edited into something else. */
export function readVerifyHandover(storage: Storage = sessionStorage): VerifyHandoverData | undefined {
  try {
    const parsed = v.safeParse(VerifyHandover, JSON.parse(storage.getItem(VERIFY_HANDOVER_KEY) ?? 'null'));
    return parsed.success ? { ...parsed.output, returnTo: safeReturnPath(parsed.output.returnTo) } : undefined;
  } catch {
    return undefined;
  }
}

export const clearVerifyHandover = (storage: Storage = sessionStorage) => storage.removeItem(VERIFY_HANDOVER_KEY);

/** After a reset the visitor lands on /sign-in, which says the password was changed (a notice does not survive the page change). */
export const PASSWORD_UPDATED_KEY = 'offerlanka:password-updated';
