// Team accounts (userType 3) run the review and operations console. Neither sign-up nor the public
// API makes them (DECISIONS.md 'Roles'): `npm run team` (scripts/team.ts) promotes an existing
// account, found by its mobile number, or creates a verified one.
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { ACCOUNT_MESSAGES } from '../../contract/account-messages.ts';
import { FirstName, MESSAGES, MobileNo, NewPassword, USER_TYPES } from '../../contract/index.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/execute.ts';
import { users } from '../db/schema.ts';
import { badRequest, conflict } from '../errors.ts';
import type { UserRow } from '../serialize.ts';
import { parseInput } from '../validate.ts';
import { hashPassword, isStrongEnough } from '../services/passwords.ts';
import { revokeAllTokens } from '../services/tokens.ts';

const TeamMemberInput = v.object({
  mobileNo: MobileNo,
  /** Required for a new account. */
  firstName: v.optional(FirstName),
  /** Required for a new account; refused for an existing one (its owner keeps their password). */
  password: v.optional(NewPassword),
});

const issue = (path: string, message: string) => badRequest(`${path}: ${message}`, { issues: [{ path, message }] });

/**
 * Makes the account with `mobileNo` a team account, or creates a verified team account. A promoted
 * account's sessions end, so its next sign-in carries the new type. Bad input throws 400 with
 * `issues`; a number taken by a concurrent sign-up throws 409.
 */
export async function createOrPromoteTeamMember(
  db: Database,
  raw: unknown,
): Promise<{ user: UserRow; created: boolean }> {
  const { mobileNo, firstName, password } = parseInput(TeamMemberInput, raw);
  const [existing] = await db.select().from(users).where(eq(users.mobileNo, mobileNo)).limit(1);
  if (existing) {
    if (password !== undefined)
      throw issue('password', 'This number already has an account; its password is kept. Leave the password out.');
    return db.transaction(async (tx) => {
      const [user] = (await tx
        .update(users)
        .set({ userType: USER_TYPES.team, ...(firstName ? { firstName } : {}) })
        .where(eq(users.userId, existing.userId))
        .returning()) as [UserRow];
      if (existing.userType !== USER_TYPES.team) await revokeAllTokens(tx, user.userId);
      return { user, created: false };
    });
  }
  if (firstName === undefined) throw issue('firstName', MESSAGES.required);
  if (password === undefined) throw issue('password', MESSAGES.required);
  if (!isStrongEnough(password, [firstName, mobileNo])) throw issue('password', ACCOUNT_MESSAGES.passwordTooWeak);
  try {
    const [user] = (await db
      .insert(users)
      .values({
        firstName,
        mobileNo,
        userType: USER_TYPES.team,
        passwordHash: await hashPassword(password),
        isMobileVerification: true,
      })
      .returning()) as [UserRow];
    return { user, created: true };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ACCOUNT_MESSAGES.alreadyRegistered, { isFound: true });
    throw error;
  }
}
