// The account flows' texts from the spec (§2 Sign-in, Sign-up wizard; §8 notice titles), defined once
// for the sign-in, sign-up, verify and reset islands. Field messages are MESSAGES in src/contract/limits.ts.

/** Notice titles (spec §8). */
export const SIGN_IN_TITLE = 'Sign in';
export const ACCOUNT_BLOCKED_TITLE = 'Account blocked!';
/** A code request refused with attempt 4 (spec §4: 'Account blocked' with the server's message). */
export const CODES_BLOCKED_TITLE = 'Account blocked';
export const ONE_TIME_PASSWORD_TITLE = 'One time password';

/** Sign-up step 1 (spec §1, §2). */
export const SEE_OFFERS_CHOICE = 'I want to see offers';
export const PUBLISH_OFFERS_CHOICE = 'I want to publish offers';
export const COMING_SOON = 'coming soon..';

/** The customer wizard's steps, then the code entry (spec §2). */
export const SIGN_UP_STEPS = ['Account Type', 'Basic Details', 'Security', 'Verify'] as const;

/** Strength meter labels (spec §5): weak up to 1, medium up to 3, high at 4. */
export const STRENGTH_LABELS = { weak: 'weak', medium: 'medium', high: 'high' } as const;
