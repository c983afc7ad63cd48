// The account pages' texts (sign-in, sign-up, one-time codes, password and mobile number) that the
// server and the browser both use. Apart from MESSAGES so that pages without account forms do not
// carry them; import from here, not through the contract's index.
import { CODE_DIGITS, PASSWORD_MAX, PASSWORD_MIN } from './limits.ts';

export const ACCOUNT_MESSAGES = {
  invalidMobileNo: 'Invalid mobile no',
  invalidFirstName: 'First Name should be text only.',
  passwordRules: `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters with a lower-case letter, an upper-case letter and a digit.`,
  passwordTooWeak: 'Password is too weak. Add more words or characters.',
  invalidCode: `Enter the ${CODE_DIGITS}-digit code.`,
  invalidLogin: 'Invalid login details. Please check and try again.',
  accountBlocked: 'Your account blocked.',
  wrongCode: 'Invalid authentication, Please check again OTP',
  alreadyRegistered: 'This mobile number is already registered. Would you like to log in with it?',
  merchantSignUpClosed: 'Merchant accounts are coming soon. Sign up as a customer.',
  /** Sign-up and reset: the confirmation differs from the password (spec §5). */
  passwordNotMatch: 'Password not match.',
  /** The notice for pressing Verify or Send with a number that is not 9 digits (spec §5): title and text. */
  invalidMobileTitle: 'Invalid',
  enterValidMobile: 'Enter valid mobile no.',
  /** The Update Mobile Number modal, for a number without an account (spec §4, §8). */
  mobileNotRegistered: 'This mobile number is not registered. Would you like to sign up with it?',
} as const;
