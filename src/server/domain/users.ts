// Users by id and by mobile number, and the refusal every path gives a blocked account.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { failure } from '../errors.ts';
import type { UserRow } from '../serialize.ts';

export const findUserById = async (db: Database, userId: number): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.userId, userId)).limit(1))[0];

export const findUserByMobile = async (db: Database, mobileNo: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.mobileNo, mobileNo)).limit(1))[0];

/** The account using this mobile number; 404 with isFound false when there is none. */
export async function requireUserByMobile(db: Database, mobileNo: string): Promise<UserRow> {
  const user = await findUserByMobile(db, mobileNo);
  if (!user) throw noAccount();
  return user;
}

export const noAccount = () => failure(404, 'no_account', undefined, { isFound: false });

/** The answer to anything a blocked account asks for. */
export const accountBlocked = () => failure(403, 'account_blocked', undefined, { isAccountBlock: true });

/** The answer to a sign-up, or an account made by the team, with a number another account has. */
export const alreadyRegistered = () => failure(409, 'already_registered', undefined, { isFound: true });
