// Merchant accounts (userType 2). Sign-up is closed to merchants (spec §1), so the team makes them:
// createOrPromoteMerchant promotes an existing account, found by its mobile number, or creates a
// verified one, and links the account to its row in `merchants`, the merchant its offers show.
// Used by `npm run merchant` (scripts/merchant.ts) and the browser suite's setup.
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { Email, FirstName, MobileNo, NewPassword, NoNul, USER_TYPES } from '../../contract/index.ts';
import { englishText } from '../../contract/error-codes.ts';
import type { MerchantStep } from '../../contract/limits.ts';
import { safeUrl } from '../../contract/safe-url.ts';
import type { Database } from '../db/client.ts';
import { assignMerchantSlug } from '../db/merchant-slugs.ts';
import { isUniqueViolation } from '../db/execute.ts';
import { merchants, users } from '../db/schema.ts';
import { invalidField } from '../errors.ts';
import type { UserRow } from '../serialize.ts';
import { parseInput } from '../validate.ts';
import { hashPassword, isStrongEnough } from '../services/passwords.ts';
import { alreadyRegistered } from './users.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** An optional profile text: trimmed, at most `max` characters; empty counts as not given. */
const optionalText = (max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(max, englishText('too_long', { max })),
      NoNul,
      v.transform((s) => (s === '' ? undefined : s)),
    ),
  );

/** What the team gives for a merchant. Only mobileNo is needed to promote an existing account. */
const MerchantAccountInput = v.object({
  mobileNo: MobileNo,
  /** Required for a new account. */
  firstName: v.optional(FirstName),
  businessName: optionalText(120),
  BRno: optionalText(40),
  companyEmail: v.optional(Email),
  /** A 9-digit number without the country code, like mobileNo. */
  contactNo: v.optional(MobileNo),
  addressNo: optionalText(40),
  streetName: optionalText(120),
  city: optionalText(80),
  /** Required for a new account, with the sign-up rules and strength check; refused for an existing one. */
  password: v.optional(NewPassword),
  /** true: the company's review is done and it can send offers at once (scripts and tests); otherwise the team activates it. */
  activated: v.optional(v.boolean()),
});
export type MerchantAccountFields = v.InferInput<typeof MerchantAccountInput>;

export interface MerchantAccountResult {
  user: UserRow;
  merchantId: number;
  /** true: a new account was made; false: an existing account was promoted (or updated). */
  created: boolean;
}

/** A 9-digit number as Sri Lanka writes it locally (0 in front), as the offers' hotlines show numbers. */
export const localPhoneNumber = (nineDigits: string) => (/^\d{9}$/.test(nineDigits) ? `0${nineDigits}` : nineDigits);

/**
 * Promotes the account with `input.mobileNo` to a merchant, or creates a verified merchant account
 * when no account uses that number. Given fields overwrite the stored ones; the merchants row is
 * made (named after the business, or the first name) or updated. The contact number, when neither
 * given nor stored, is the mobile number. Bad input throws HttpFailure 400 with `issues`; a number
 * taken by a concurrent sign-up throws 409. `audit` runs inside the change's transaction.
 */
export type MerchantChange = { before: UserRow | undefined; after: UserRow };

export async function createOrPromoteMerchant(
  db: Database,
  raw: unknown,
  audit?: (tx: Transaction, change: MerchantChange) => Promise<void>,
): Promise<MerchantAccountResult> {
  const input = parseInput(MerchantAccountInput, raw);
  const { mobileNo, password, activated, ...given } = input;
  const profile = Object.fromEntries(
    Object.entries({
      firstName: given.firstName,
      businessName: given.businessName,
      brNo: given.BRno,
      companyEmail: given.companyEmail,
      contactNo: given.contactNo,
      addressNo: given.addressNo,
      streetName: given.streetName,
      city: given.city,
      merchantStep: activated ? ('activated' satisfies MerchantStep) : undefined,
    }).filter(([, value]) => value !== undefined),
  ) as Partial<
    Pick<
      UserRow,
      | 'firstName'
      | 'businessName'
      | 'brNo'
      | 'companyEmail'
      | 'contactNo'
      | 'addressNo'
      | 'streetName'
      | 'city'
      | 'merchantStep'
    >
  >;

  const [existing] = await db.select().from(users).where(eq(users.mobileNo, mobileNo)).limit(1);
  // The business's phone defaults to the mobile number (the profile and `npm run merchant` show it).
  if (profile.contactNo === undefined && !existing?.contactNo) profile.contactNo = mobileNo;
  if (existing) {
    // An operator must not reset someone's password by accident; that is the reset flow's job.
    if (password !== undefined) throw invalidField('password', 'account_keeps_password');
    return db.transaction(async (tx) => {
      const [user] = (await tx
        .update(users)
        .set({ ...profile, userType: USER_TYPES.merchant })
        .where(eq(users.userId, existing.userId))
        .returning()) as [UserRow];
      const merchantId = await linkMerchantRow(tx, user, { refresh: true });
      await audit?.(tx, { before: existing, after: user });
      return { user: { ...user, merchantId }, merchantId, created: false };
    });
  }

  if (given.firstName === undefined) throw invalidField('firstName', 'required');
  if (password === undefined) throw invalidField('password', 'required');
  if (!isStrongEnough(password, [given.firstName, mobileNo])) throw invalidField('password', 'password_too_weak');
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = (await tx
        .insert(users)
        .values({
          ...profile,
          firstName: given.firstName!,
          mobileNo,
          userType: USER_TYPES.merchant,
          passwordHash,
          // The team vouches for the number: the account can sign in at once.
          isMobileVerification: true,
        })
        .returning()) as [UserRow];
      const merchantId = await linkMerchantRow(tx, user, { refresh: false });
      await audit?.(tx, { before: undefined, after: user });
      return { user: { ...user, merchantId }, merchantId, created: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyRegistered();
    throw error;
  }
}

/** The merchants row's fields, from the account. */
const merchantFields = (user: UserRow) => ({
  merchantName: user.businessName ?? user.firstName,
  contactNo: localPhoneNumber(user.contactNo ?? user.mobileNo),
  ...(safeUrl(user.logoUrl) ? { logoUrl: user.logoUrl } : {}),
});

/** The account's merchants row id: made and linked when missing; with refresh, updated from the account. */
async function linkMerchantRow(tx: Transaction, user: UserRow, { refresh }: { refresh: boolean }): Promise<number> {
  const fields = merchantFields(user);
  if (user.merchantId !== null) {
    if (refresh) {
      await tx.update(merchants).set(fields).where(eq(merchants.merchantId, user.merchantId));
      await assignMerchantSlug(tx, user.merchantId, fields.merchantName);
    }
    return user.merchantId;
  }
  const [merchant] = await tx.insert(merchants).values(fields).returning({ merchantId: merchants.merchantId });
  await assignMerchantSlug(tx, merchant!.merchantId, fields.merchantName);
  await tx.update(users).set({ merchantId: merchant!.merchantId }).where(eq(users.userId, user.userId));
  return merchant!.merchantId;
}

/**
 * The merchant id a merchant account's new offer gets. A missing row (an account promoted before
 * the link existed, or one whose row a re-seed removed) is made now from the account; the account's
 * row is locked meanwhile, so two offers sent at once still make one row.
 */
export async function merchantIdForOffer(db: Database, userId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.userId, userId)).for('update');
    if (!user) throw new Error(`user ${userId} not found`);
    return linkMerchantRow(tx, user, { refresh: false });
  });
}
