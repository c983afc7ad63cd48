// Account rules (spec §4, DECISIONS.md "Security rules"): customer sign-up, signing in with a
// password, verification codes, the password and mobile number changes, and the profile's
// interests and location. Rate limits stay with the routes: they count requests, not accounts.
import { eq } from 'drizzle-orm';
import type { Locale } from '../../paraglide/runtime.js';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/execute.ts';
import { users } from '../db/schema.ts';
import { failure, fieldFailure } from '../errors.ts';
import type { UserRow } from '../serialize.ts';
import { codeSendingBlocked, isCodeBlocked, sendOneTimeCode, verifyOneTimeCode } from '../services/one-time-codes.ts';
import { hashPassword, isStrongEnough, verifyPassword } from '../services/passwords.ts';
import type { SmsProvider } from '../services/sms.ts';
import { issueToken, revokeAllTokens, revokeOtherTokens, revokeToken } from '../services/tokens.ts';
import { knownCategoryIds, knownLocationNames } from './catalogue.ts';
import { findTokenUser } from './sessions.ts';
import { accountBlocked, alreadyRegistered, findUserByMobile, noAccount } from './users.ts';

const mobileInUse = () => failure(409, 'mobile_in_use');

const updateUser = async (db: Database, userId: number, values: Partial<UserRow>) =>
  ((await db.update(users).set(values).where(eq(users.userId, userId)).returning()) as [UserRow])[0];

/**
 * A new customer account, unverified, and its first code sent: 400 for a weak password, 409 for a
 * number in use. When no code can be sent the account is removed again and the error thrown: an
 * account that can never be verified must not hold the number. `locale`: the request's language,
 * the account's from now on.
 */
export async function signUpCustomer(
  db: Database,
  sms: SmsProvider,
  input: { firstName: string; mobileNo: string; userType: number; password: string; favoriteArea: number[] },
  locale: Locale,
) {
  if (!isStrongEnough(input.password, [input.firstName, input.mobileNo])) throw failure(400, 'password_too_weak');
  if (await findUserByMobile(db, input.mobileNo)) throw alreadyRegistered();
  const known = await knownCategoryIds(db, input.favoriteArea);
  let user: UserRow;
  try {
    [user] = (await db
      .insert(users)
      .values({
        userType: input.userType,
        firstName: input.firstName,
        mobileNo: input.mobileNo,
        passwordHash: await hashPassword(input.password),
        // The client's order, as /user/tag/update keeps it; unknown ids are dropped.
        tags: [...new Set(input.favoriteArea)].filter((id) => known.has(id)),
        termsAccepted: true,
        locale,
      })
      .returning()) as [UserRow];
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyRegistered();
    throw error;
  }
  let attempt: number;
  try {
    ({ attempt } = await sendOneTimeCode(db, sms, user, 'verify', user.mobileNo, { locale }));
  } catch (error) {
    // The number's send limit is used up, or the SMS gateway failed.
    await db.delete(users).where(eq(users.userId, user.userId));
    throw error;
  }
  const { token } = await issueToken(db, user.userId, 'verify');
  return { user, attempt, token };
}

/** The account of this number if the password is its own; undefined otherwise (a missing account costs a hash too). */
export async function findUserByPassword(
  db: Database,
  mobileNo: string,
  password: string,
): Promise<UserRow | undefined> {
  const user = await findUserByMobile(db, mobileNo);
  return (await verifyPassword(user?.passwordHash, password)) && user ? user : undefined;
}

/** Each sign-in keeps the account in the language the person uses, for the SMS and e-mails sent later. */
export async function keepAccountLocale(db: Database, user: UserRow, locale: Locale): Promise<UserRow> {
  return user.locale === locale ? user : updateUser(db, user.userId, { locale });
}

/** A signed-in account must not be blocked, and its number must be verified. */
export function assertMaySignIn(user: UserRow) {
  if (user.isAccountBlock) throw accountBlocked();
  if (!user.isMobileVerification) throw failure(403, 'mobile_not_verified', undefined, { isMobileVerification: false });
}

/** The account a code is asked for: the number's, and the given user's when a userId comes too; 404 otherwise. */
export async function requireAccountForCode(db: Database, mobileNo: string, userId?: number | null) {
  const user = await findUserByMobile(db, mobileNo);
  if (!user || (userId && user.userId !== userId)) throw noAccount();
  return user;
}

/**
 * Sends a verification code to the account's number, with a 'verify' token to finish with.
 * `startsEntry`: the first code of a code entry (sign-in's, the reset's), not a resend: the entry's
 * 3 resends are counted from it (sendOneTimeCode).
 */
export async function sendVerificationCode(
  db: Database,
  sms: SmsProvider,
  user: UserRow,
  mobileNo: string,
  { startsEntry, locale }: { startsEntry: boolean; locale: Locale },
) {
  if (user.isAccountBlock) throw accountBlocked();
  const { attempt } = await sendOneTimeCode(db, sms, user, 'verify', mobileNo, { startsEntry, locale });
  const { token } = await issueToken(db, user.userId, 'verify');
  return { attempt, token };
}

/** A right code proves the number: the account, found by its token (a 'verify' token is used up), is verified. */
export async function verifyMobile(db: Database, token: string, otpCode: string): Promise<UserRow> {
  const found = await findTokenUser(db, token);
  if (!found) throw failure(401, 'verification_expired');
  const { user } = found;
  if (user.isAccountBlock) throw accountBlocked();
  if (!user.isMobileVerification && isCodeBlocked(user)) throw codeSendingBlocked(403);
  await verifyOneTimeCode(db, user.userId, 'verify', otpCode);
  const verified = await updateUser(db, user.userId, { isMobileVerification: true });
  if (found.token.scope === 'verify') await revokeToken(db, token);
  return verified;
}

/**
 * A new password (a change, or the end of a reset): every other sign-in of the account ends, and so
 * does its calendar feed, whose link may be what leaked (a new one is made from the profile).
 */
export async function changePassword(db: Database, user: UserRow, password: string, keepToken: string) {
  if (!isStrongEnough(password, [user.firstName, user.mobileNo])) throw failure(400, 'password_too_weak');
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), calendarFeedTokenHash: null })
    .where(eq(users.userId, user.userId));
  await revokeOtherTokens(db, user.userId, keepToken);
}

/** Changing the number, first step: a code goes to the new number, which no account may use. */
export async function requestMobileChange(
  db: Database,
  sms: SmsProvider,
  user: UserRow,
  mobileNo: string,
  locale: Locale,
) {
  if (mobileNo === user.mobileNo) throw failure(400, 'same_mobile_no');
  // Nothing goes to another account's number: its owner did not ask, and the user is told instead.
  if (await findUserByMobile(db, mobileNo)) throw mobileInUse();
  const { attempt } = await sendOneTimeCode(db, sms, user, 'mobile-change', mobileNo, { locale });
  return attempt;
}

/**
 * Changing the number, second step: the right code makes the change. The account's sign-in name
 * changed, so every session ends, the one used included (a new sign-in follows).
 */
export async function confirmMobileChange(db: Database, user: UserRow, otpCode: string): Promise<UserRow> {
  const code = await verifyOneTimeCode(db, user.userId, 'mobile-change', otpCode);
  let updated: UserRow;
  try {
    updated = await updateUser(db, user.userId, { mobileNo: code.mobileNo, isMobileVerification: true });
  } catch (error) {
    if (isUniqueViolation(error)) throw mobileInUse();
    throw error;
  }
  await revokeAllTokens(db, user.userId);
  return updated;
}

/** The account's interests, in the given order; 400 naming unknown category ids. */
export async function updateTags(db: Database, userId: number, tags: number[]): Promise<UserRow> {
  const unique = [...new Set(tags)];
  const known = await knownCategoryIds(db, unique);
  const unknown = unique.filter((id) => !known.has(id));
  if (unknown.length) throw failure(400, 'unknown_category_ids', { ids: unknown.join(', ') });
  return updateUser(db, userId, { tags: unique });
}

/** The profile's location: one of the locations' names, or null to clear it. */
export async function updateLocation(db: Database, userId: number, location: string | null): Promise<UserRow> {
  if (location !== null && !(await knownLocationNames(db, [location])).has(location))
    throw fieldFailure(400, 'location', 'unknown_location');
  return updateUser(db, userId, { location });
}
