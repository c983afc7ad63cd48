// Sign-in (spec §2, §4; docs/api.md §14.2): the mobile number and 'Verify' look the account up.
// A verified number gets the password field ('Sign in', 'Forget password'); an unverified one gets a
// code and goes to /verify-mobileNo; an unknown one an inline message with 'Join now'; a blocked one
// the danger notice and home. A signed-in visitor goes to the `returnTo` path (same site only) or home.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { authenticate, createCode, findExistingUser, type Refusal } from '../../client/accounts.ts';
import { failureText } from '../../client/http.ts';
import { ERROR_CODES } from '../../contract/error-codes.ts';
import { localePath } from '../../lib/locale-path.ts';
import { m } from '../../paraglide/messages.js';
import { showNotice } from '../../stores/notices.ts';
import { startSession } from '../../stores/session.ts';
import Notices from '../Notices.tsx';
import { focusFirstInvalid, TextField } from '../ui/Field.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';
import {
  carryMobileNo,
  inPageLanguage,
  mobileErrors,
  type Errors,
  PASSWORD_UPDATED_KEY,
  returnPathFromQuery,
  saveVerifyHandover,
  signInErrors,
  takeCarriedMobileNo,
  touchedOnBlur,
  validMobileNo,
} from './account-forms.ts';
import { showInvalidMobileNotice, showRefusalAndGoHome } from './auth-notices.ts';
import { GoingHome, PasswordField } from './fields.tsx';
import '../ui/auth.css';

type Field = 'mobileNo' | 'password';

export default function SignIn() {
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  /** The number as typed; the API gets its 9 digits (`mobileNo`). */
  const [typedMobileNo, setTypedMobileNo] = useState('');
  const mobileNo = validMobileNo(typedMobileNo) ?? typedMobileNo;
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  /** The looked-up account, once the number is known to be verified: the password step. */
  const [verifiedUserId, setVerifiedUserId] = useState<number>();
  const [unknownNumber, setUnknownNumber] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [goingHome, setGoingHome] = useState(false);

  useEffect(() => {
    // The number typed on the page before (sign-up's 'Sign in', the end of a reset).
    const carried = takeCarriedMobileNo();
    if (carried) setTypedMobileNo(carried);
    // Arriving from a password reset (src/islands/auth/ForgetPassword.tsx).
    const updated = sessionStorage.getItem(PASSWORD_UPDATED_KEY);
    if (updated) {
      sessionStorage.removeItem(PASSWORD_UPDATED_KEY);
      showNotice({ kind: 'success', title: m.account_sign_in_title(), text: updated });
    }
  }, []);
  useEffect(() => {
    if (verifiedUserId !== undefined) passwordInput.current?.focus();
  }, [verifiedUserId]);

  const askPassword = verifiedUserId !== undefined;
  const errors: Errors<Field> = askPassword
    ? signInErrors({ mobileNo: typedMobileNo, password })
    : mobileErrors({ mobileNo: typedMobileNo });
  const shown = (name: Field) => (touched.has(name) ? errors[name] : undefined);
  const touch = (...names: Field[]) => setTouched(new Set([...touched, ...names]));

  // Each step answers whether the page is moving on (to home, the verify page or returnTo).
  function refuse(refusal: Refusal): true {
    setGoingHome(true);
    showRefusalAndGoHome(refusal);
    return true;
  }

  /** An unverified number: a code goes out and /verify-mobileNo takes over. */
  async function sendCodeAndVerify(userId: number): Promise<boolean> {
    const sent = await createCode(mobileNo, userId);
    if (sent.kind !== 'sent') return refuse(sent);
    saveVerifyHandover({ mobileNo, userId, token: sent.token, returnTo: returnPathFromQuery(location.search) });
    location.assign(localePath('/verify-mobileNo'));
    return true;
  }

  async function lookUp(): Promise<boolean> {
    const found = await findExistingUser(mobileNo);
    if (!found.found) setUnknownNumber(found.message);
    else if (found.isAccountBlock) return refuse({ kind: 'account-blocked', message: ERROR_CODES.account_blocked });
    else if (!found.isMobileVerification) return sendCodeAndVerify(found.userId);
    else setVerifiedUserId(found.userId);
    return false;
  }

  async function signIn(userId: number): Promise<boolean> {
    const result = await authenticate(mobileNo, password);
    if (result.kind === 'unverified') return sendCodeAndVerify(userId);
    if (result.kind !== 'signed-in') return refuse(result);
    startSession(result.token, result.user);
    location.assign(inPageLanguage(returnPathFromQuery(location.search)));
    return true;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const names: Field[] = askPassword ? ['mobileNo', 'password'] : ['mobileNo'];
    touch(...names);
    if (errors.mobileNo) await showInvalidMobileNotice();
    if (errors.mobileNo || (askPassword && errors.password)) return focusFirstInvalid(form.current);
    setBusy(true);
    let leaving = false;
    try {
      leaving = await (verifiedUserId === undefined ? lookUp() : signIn(verifiedUserId));
    } catch (failure) {
      // A wrong password is 401 'Invalid login details. Please check and try again.' (spec §8, DECISIONS.md).
      showNotice({ kind: 'danger', title: m.account_sign_in_title(), text: failureText(failure) });
    }
    if (!leaving) setBusy(false);
  }

  function changeNumber(value: string) {
    setTypedMobileNo(value);
    setVerifiedUserId(undefined); // another number needs another look-up
    setUnknownNumber(undefined);
  }

  if (goingHome)
    return (
      <>
        <GoingHome />
        <Notices />
      </>
    );
  return (
    <form ref={form} className="auth-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
      <TextField
        id="sign-in-mobile"
        label={m.account_mobile_label()}
        name="mobileNo"
        type="tel"
        autoComplete="tel-national"
        placeholder="7xx xxx xxx"
        value={typedMobileNo}
        error={shown('mobileNo')}
        hint={m.account_mobile_hint()}
        onChange={(event) => changeNumber(event.target.value)}
        onBlur={() => {
          if (touchedOnBlur(typedMobileNo)) touch('mobileNo');
        }}
      />
      {unknownNumber && (
        <p className="auth-inline-message" role="status">
          {unknownNumber}{' '}
          <a href={localePath('/sign-up')} onClick={() => carryMobileNo(mobileNo)}>
            {m.account_join_now()}
          </a>
        </p>
      )}
      {askPassword && (
        <>
          <PasswordField
            id="sign-in-password"
            label={m.account_password()}
            name="password"
            autoComplete="current-password"
            ref={passwordInput}
            value={password}
            error={shown('password')}
            onChange={(event) => setPassword(event.target.value)}
            onBlur={() => {
              if (touchedOnBlur(password)) touch('password');
            }}
          />
          <p className="auth-aside">
            <a href={localePath('/forget-password')} onClick={() => carryMobileNo(mobileNo)}>
              {m.account_forget_password()}
            </a>
          </p>
        </>
      )}
      <div className="auth-actions">
        <button className="button" type="submit" disabled={!hydrated || busy}>
          {busy ? m.account_please_wait() : askPassword ? m.account_sign_in() : m.account_verify()}
        </button>
      </div>
      <Notices />
    </form>
  );
}
