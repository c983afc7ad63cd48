// The account flows' texts from the spec (§2 Sign-in, Sign-up wizard; §8 notice titles), defined once
// for the sign-in, sign-up, verify, reset and update-mobile islands. Field messages are MESSAGES in
// src/contract/limits.ts.
import { CONFIRM_PASSWORD_MIN } from '../../contract/limits.ts';

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

/**
 * Spec §5: the confirmation has a minimum length of 5, with no wording given. Shown before 'Password
 * not match.' for a shorter one (a form message only: the API never receives the confirmation).
 */
export const CONFIRM_PASSWORD_TOO_SHORT = `Confirm password must be at least ${CONFIRM_PASSWORD_MIN} characters.`;

/** Strength meter labels (spec §5): weak up to 1, medium up to 3, high at 4. */
export const STRENGTH_LABELS = { weak: 'weak', medium: 'medium', high: 'high' } as const;

/** The Update Mobile Number modal (spec §2): its title (also its notices'), its one field and its button. */
export const UPDATE_MOBILE_TITLE = 'Update Mobile Number';
export const NEW_MOBILE_LABEL = 'New Mobile No';
export const SEND_VERIFICATION_CODE = 'Send Verification Code';

/** Under every mobile number field: the forms take the number as people write it (normaliseMobileNo). */
export const MOBILE_NO_HINT = 'For example 771234567, 077 123 4567 or +94 77 123 4567.';

/** /forget-password opened by Update Mobile Number with a number another account holds (spec §4). */
export const RESET_OTHER_ACCOUNT_NOTE = 'This mobile number is already registered. We sent a code to it: enter it to choose a new password for that account.';
