// Password reset, /forget-password (spec §2, §4; docs/api.md §14.3): the mobile number gets a code;
// the code comes first (checked as soon as six digits are in), then the new password and 'Update'.
// The 'Change' link opens the Update Mobile Number modal (spec §4 'Update mobile'): a registered
// number gets a code and the code step goes on with it; an unknown one is offered sign-up. The
// profile's Update Mobile Number, given another account's number, opens this page at that number's
// code step (takeResetHandover). The server blocks code sending at its 4th resend (before the
// spec's "more than 4"), which shows 'Account blocked!' and goes home. The session token the code
// gives is used for the update only, then revoked; success goes to /sign-in with the number filled in.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { createCode, updatePassword, type Refusal, type SignedIn } from '../../client/accounts.ts';
import { ApiError, failureText } from '../../client/http.ts';
import { revokeToken } from '../../client/session.ts';
import { ACCOUNT_MESSAGES } from '../../contract/account-messages.ts';
import { showNotice } from '../../stores/notices.ts';
import { signOut } from '../../stores/session-calls.ts';
import Notices from '../Notices.tsx';
import { focusFirstInvalid, TextField } from '../ui/Field.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';
import {
  carryMobileNo, mobileErrors, newPasswordErrors, PASSWORD_UPDATED_KEY, takeCarriedMobileNo, takeResetHandover, touchedOnBlur, validMobileNo,
} from './account-forms.ts';
import { showRefusalAndGoHome } from './auth-notices.ts';
import { GoingHome } from './fields.tsx';
import NewPasswordFields, { type NewPasswordField } from './NewPasswordFields.tsx';
import OneTimeCode from './OneTimeCode.tsx';
import UpdateMobileDialog from './UpdateMobileDialog.tsx';
import { passwordScore, useStrength } from './strength.ts';
import { ACCOUNT_BLOCKED_TITLE, MOBILE_NO_HINT, RESET_OTHER_ACCOUNT_NOTE } from './texts.ts';
import './auth.css';

const NOTICE_TITLE = 'Reset password';

/** `note`: why the code step opened by itself (the profile's Update Mobile Number). */
type Stage = { name: 'mobile' } | { name: 'code'; token: string; note?: string } | { name: 'password'; signedIn: SignedIn };

export default function ForgetPassword() {
  const hydrated = useHydrated();
  const [stage, setStage] = useState<Stage>({ name: 'mobile' });
  /** The number as typed; the API gets its 9 digits (`mobileNo`). */
  const [typedMobileNo, setTypedMobileNo] = useState('');
  const mobileNo = validMobileNo(typedMobileNo) ?? typedMobileNo;
  const [touched, setTouched] = useState(false);
  const [unknownNumber, setUnknownNumber] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [goingHome, setGoingHome] = useState(false);
  const [changingNumber, setChangingNumber] = useState(false);

  const mobileError = touched ? mobileErrors({ mobileNo: typedMobileNo }).mobileNo : undefined;

  useEffect(() => {
    const handover = takeResetHandover();
    if (handover) {
      setTypedMobileNo(handover.mobileNo);
      setStage({ name: 'code', token: handover.token, note: RESET_OTHER_ACCOUNT_NOTE });
    } else {
      // The number typed on sign-in before its 'Forget password'. Nothing carried: what the visitor
      // may have typed already stays.
      const carried = takeCarriedMobileNo();
      if (carried) setTypedMobileNo(carried);
    }
  }, []);

  function refuse(refusal: Refusal) {
    setGoingHome(true);
    showRefusalAndGoHome(refusal, ACCOUNT_BLOCKED_TITLE);
  }

  async function sendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (mobileErrors({ mobileNo: typedMobileNo }).mobileNo) {
      showNotice({ kind: 'info', title: ACCOUNT_MESSAGES.invalidMobileTitle, text: ACCOUNT_MESSAGES.enterValidMobile, placement: 'top-center' });
      return focusFirstInvalid(event.currentTarget);
    }
    setBusy(true);
    try {
      const sent = await createCode(mobileNo);
      if (sent.kind === 'sent') setStage({ name: 'code', token: sent.token });
      else refuse(sent);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 404) setUnknownNumber(failure.message);
      else showNotice({ kind: 'danger', title: NOTICE_TITLE, text: failureText(failure) });
    }
    setBusy(false);
  }

  if (goingHome) return <><GoingHome /><Notices /></>;
  if (stage.name === 'password') return <><NewPassword signedIn={stage.signedIn} /><Notices /></>;
  if (stage.name === 'code') {
    return (
      <div className="auth-stack">
        {stage.note && <p className="auth-inline-message" role="status">{stage.note}</p>}
        <p className="auth-aside">
          Resetting the password of <strong>{mobileNo}</strong>.{' '}
          <button type="button" className="auth-link-button" onClick={() => setChangingNumber(true)}>Change<span className="visually-hidden"> mobile number</span></button>
        </p>
        {/* A new number's code starts a new entry: empty boxes, its own countdown and resends. */}
        <OneTimeCode key={stage.token} idPrefix="reset" submitLabel="Verify" mobileNo={mobileNo} userId={null} token={stage.token}
          onVerified={(signedIn) => setStage({ name: 'password', signedIn })} onRefused={refuse} />
        <UpdateMobileDialog mode="guest" open={changingNumber} onClose={() => setChangingNumber(false)} onRefused={refuse}
          onNumberChosen={(chosen, sent) => {
            setChangingNumber(false);
            setTypedMobileNo(chosen);
            setStage({ name: 'code', token: sent.token });
          }} />
        <Notices />
      </div>
    );
  }
  return (
    <form className="auth-form" onSubmit={(event) => void sendCode(event)} noValidate aria-busy={busy}>
      <TextField id="reset-mobile" label="Mobile number" name="mobileNo" type="tel" autoComplete="tel-national"
        placeholder="7xx xxx xxx" hint={`The number you signed up with. ${MOBILE_NO_HINT}`} value={typedMobileNo} error={mobileError}
        onChange={(event) => { setTypedMobileNo(event.target.value); setUnknownNumber(undefined); }}
        onBlur={() => { if (touchedOnBlur(typedMobileNo)) setTouched(true); }} />
      {unknownNumber && (
        <p className="auth-inline-message" role="status">
          {unknownNumber} <a href="/sign-up" onClick={() => carryMobileNo(mobileNo)}>Join now</a>
        </p>
      )}
      <div className="auth-actions">
        <button className="button" type="submit" disabled={!hydrated || busy}>{busy ? 'Sending…' : 'Send code'}</button>
      </div>
      <Notices />
    </form>
  );
}

/** Step 2: its own component so that zxcvbn loads only once the code was right. */
function NewPassword({ signedIn: { token, user } }: { signedIn: SignedIn }) {
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<NewPasswordField, string>>({ password: '', confirmPassword: '' });
  const [touched, setTouched] = useState<ReadonlySet<NewPasswordField>>(new Set());
  const [busy, setBusy] = useState(false);
  const knownWords = [user.firstName, user.mobileNo];
  const score = useStrength(values.password, knownWords);
  const errors = newPasswordErrors(values, score);
  useEffect(() => form.current?.querySelector('input')?.focus(), []); // the code boxes it replaces had focus

  async function update(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(new Set(['password', 'confirmPassword']));
    if (Object.keys(newPasswordErrors(values, await passwordScore(values.password, knownWords))).length) return focusFirstInvalid(form.current);
    setBusy(true);
    try {
      const message = await updatePassword(user.userId, values.password, token);
      await revokeToken(token); // this tab does not keep the reset's session: the visitor signs in again
      // A stored session ends too: the server ended it if it was this account's, and sign-in (which
      // sends signed-in visitors away) comes next, for this account.
      await signOut();
      sessionStorage.setItem(PASSWORD_UPDATED_KEY, message);
      carryMobileNo(user.mobileNo);
      location.assign('/sign-in');
    } catch (failure) {
      showNotice({ kind: 'danger', title: NOTICE_TITLE, text: failureText(failure) });
      setBusy(false);
    }
  }

  return (
    <form ref={form} className="auth-form" onSubmit={(event) => void update(event)} noValidate aria-busy={busy}>
      <p className="auth-aside">Your number is verified. Choose a new password.</p>
      <NewPasswordFields idPrefix="reset" values={values} score={score}
        errors={{ password: touched.has('password') ? errors.password : undefined, confirmPassword: touched.has('confirmPassword') ? errors.confirmPassword : undefined }}
        onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
        onBlur={(name) => setTouched((current) => new Set([...current, name]))} />
      <div className="auth-actions">
        <button className="button" type="submit" disabled={busy}>{busy ? 'Updating…' : 'Update'}</button>
      </div>
    </form>
  );
}
