// Password reset, /forget-password (spec §2, §4; docs/api.md §14.3): the mobile number gets a code;
// the code comes first (checked as soon as six digits are in), then the new password and 'Update'.
// The 'Change' link opens the Update Mobile Number modal (spec §4 'Update mobile'): a registered
// number gets a code and the code step goes on with it; an unknown one is offered sign-up. The
// server blocks code sending at its 4th resend (before the
// spec's "more than 4"), which shows 'Account blocked!' and goes home. The session token the code
// gives is used for the update only, then revoked; success goes to /sign-in with the number filled in.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { createCode, updatePassword, type Refusal, type SignedIn } from '../../client/accounts.ts';
import { ApiError, failureText } from '../../client/http.ts';
import { localePath } from '../../lib/locale-path.ts';
import { m } from '../../paraglide/messages.js';
import { showNotice } from '../../stores/notices.ts';
import { revokeOrKeep, signOut } from '../../stores/session-calls.ts';
import { messageParts, slot } from '../ui/message-parts.tsx';
import Notices from '../Notices.tsx';
import { focusFirstInvalid, TextField } from '../ui/Field.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';
import {
  carryMobileNo,
  mobileErrors,
  newPasswordErrors,
  PASSWORD_UPDATED_KEY,
  takeCarriedMobileNo,
  touchedOnBlur,
  validMobileNo,
} from './account-forms.ts';
import { showInvalidMobileNotice, showRefusalAndGoHome } from './auth-notices.ts';
import { GoingHome } from './fields.tsx';
import NewPasswordFields, { type NewPasswordField } from './NewPasswordFields.tsx';
import OneTimeCode from './OneTimeCode.tsx';
import UpdateMobileDialog from './UpdateMobileDialog.tsx';
import { passwordScore, useStrength } from './strength.ts';
import '../ui/auth.css';

type Stage = { name: 'mobile' } | { name: 'code'; token: string } | { name: 'password'; signedIn: SignedIn };

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
    // The number typed on sign-in before its 'Forget password'. Nothing carried: what the visitor
    // may have typed already stays.
    const carried = takeCarriedMobileNo();
    if (carried) setTypedMobileNo(carried);
  }, []);

  function refuse(refusal: Refusal) {
    setGoingHome(true);
    showRefusalAndGoHome(refusal, m.account_account_blocked_title());
  }

  async function sendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (mobileErrors({ mobileNo: typedMobileNo }).mobileNo) {
      const formElement = event.currentTarget; // gone from the event once it has been handled
      await showInvalidMobileNotice();
      return focusFirstInvalid(formElement);
    }
    setBusy(true);
    try {
      const sent = await createCode(mobileNo);
      if (sent.kind === 'sent') setStage({ name: 'code', token: sent.token });
      else refuse(sent);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 404) setUnknownNumber(failure.message);
      else showNotice({ kind: 'danger', title: m.account_reset_title(), text: failureText(failure) });
    }
    setBusy(false);
  }

  if (goingHome)
    return (
      <>
        <GoingHome />
        <Notices />
      </>
    );
  if (stage.name === 'password')
    return (
      <>
        <NewPassword signedIn={stage.signedIn} />
        <Notices />
      </>
    );
  if (stage.name === 'code') {
    return (
      <div className="auth-stack">
        <p className="auth-aside">
          {messageParts(m.account_resetting_for({ mobileNo: slot(0) }), [<strong>{mobileNo}</strong>])}{' '}
          <button type="button" className="auth-link-button" onClick={() => setChangingNumber(true)}>
            {m.account_change()}
            <span className="visually-hidden"> {m.account_mobile_number_target()}</span>
          </button>
        </p>
        {/* A new number's code starts a new entry: empty boxes, its own countdown and resends. */}
        <OneTimeCode
          key={stage.token}
          idPrefix="reset"
          submitLabel={m.account_verify()}
          mobileNo={mobileNo}
          userId={null}
          token={stage.token}
          onVerified={(signedIn) => setStage({ name: 'password', signedIn })}
          onRefused={refuse}
        />
        <UpdateMobileDialog
          mode="guest"
          open={changingNumber}
          onClose={() => setChangingNumber(false)}
          onRefused={refuse}
          onNumberChosen={(chosen, sent) => {
            setChangingNumber(false);
            setTypedMobileNo(chosen);
            setStage({ name: 'code', token: sent.token });
          }}
        />
        <Notices />
      </div>
    );
  }
  return (
    <form className="auth-form" onSubmit={(event) => void sendCode(event)} noValidate aria-busy={busy}>
      <TextField
        id="reset-mobile"
        label={m.account_mobile_label()}
        name="mobileNo"
        type="tel"
        autoComplete="tel-national"
        placeholder="7xx xxx xxx"
        hint={`${m.account_signed_up_number()} ${m.account_mobile_hint()}`}
        value={typedMobileNo}
        error={mobileError}
        onChange={(event) => {
          setTypedMobileNo(event.target.value);
          setUnknownNumber(undefined);
        }}
        onBlur={() => {
          if (touchedOnBlur(typedMobileNo)) setTouched(true);
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
      <div className="auth-actions">
        <button className="button" type="submit" disabled={!hydrated || busy}>
          {busy ? m.account_sending() : m.account_send_code()}
        </button>
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
    if (Object.keys(newPasswordErrors(values, await passwordScore(values.password, knownWords))).length)
      return focusFirstInvalid(form.current);
    setBusy(true);
    try {
      const message = await updatePassword(user.userId, values.password, token);
      await revokeOrKeep(token); // this tab does not keep the reset's session: the visitor signs in again
      // A stored session ends too: the server ended it if it was this account's, and sign-in (which
      // sends signed-in visitors away) comes next, for this account.
      await signOut();
      sessionStorage.setItem(PASSWORD_UPDATED_KEY, message);
      carryMobileNo(user.mobileNo);
      location.assign(localePath('/sign-in'));
    } catch (failure) {
      showNotice({ kind: 'danger', title: m.account_reset_title(), text: failureText(failure) });
      setBusy(false);
    }
  }

  return (
    <form ref={form} className="auth-form" onSubmit={(event) => void update(event)} noValidate aria-busy={busy}>
      <p className="auth-aside">{m.account_choose_new_password()}</p>
      <NewPasswordFields
        idPrefix="reset"
        values={values}
        score={score}
        errors={{
          password: touched.has('password') ? errors.password : undefined,
          confirmPassword: touched.has('confirmPassword') ? errors.confirmPassword : undefined,
        }}
        onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
        onBlur={(name) => setTouched((current) => new Set([...current, name]))}
      />
      <div className="auth-actions">
        <button className="button" type="submit" disabled={busy}>
          {busy ? m.account_updating() : m.account_update()}
        </button>
      </div>
    </form>
  );
}
