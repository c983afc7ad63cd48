// Team accounts (userType 3) run the review and operations console. Neither sign-up nor the public
// API makes them (DECISIONS.md 'Roles'): `npm run team` (scripts/team.ts) promotes an existing
// account, found by its mobile number, or creates a verified one.
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { FirstName, MobileNo, NewPassword, USER_TYPES } from '../../contract/index.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/execute.ts';
import { users } from '../db/schema.ts';
import { invalidField } from '../errors.ts';
import type { UserRow } from '../serialize.ts';
import { parseInput } from '../validate.ts';
import { hashPassword, isStrongEnough } from '../services/passwords.ts';
import { revokeAllTokens } from '../services/tokens.ts';
import { alreadyRegistered } from './users.ts';

const TeamMemberInput = v.object({
  mobileNo: MobileNo,
  /** Required for a new account. */
  firstName: v.optional(FirstName),
  /** Required for a new account; refused for an existing one (its owner keeps their password). */
  password: v.optional(NewPassword),
});

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
    if (password !== undefined) throw invalidField('password', 'account_keeps_password');
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
  if (firstName === undefined) throw invalidField('firstName', 'required');
  if (password === undefined) throw invalidField('password', 'required');
  if (!isStrongEnough(password, [firstName, mobileNo])) throw invalidField('password', 'password_too_weak');
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
    if (isUniqueViolation(error)) throw alreadyRegistered();
    throw error;
  }
}
