// The sign-up wizard (spec §2, §4; docs/api.md §14.1). Steps: Account Type (customers only; the
// merchant choice is disabled, 'coming soon..'), Basic Details (first name, mobile number: a number
// already registered gets the inline message with a sign-in link), Security (password with the
// zxcvbn meter, confirmation, terms: Next creates the account and texts a code), then the six-box
// code: 'Done' verifies, signs in and goes home. Back and Next move between steps 1 to 3.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { createUser, findExistingUser, type Refusal, type SignedIn } from '../../client/accounts.ts';
import { ApiError, failureText } from '../../client/http.ts';
import { COUNTRY_CODES, FIRST_NAME_MAX, USER_TYPES } from '../../contract/index.ts';
import { CLIENT_RESEND_LIMIT } from '../../lib/constants.ts';
import { localePath } from '../../lib/locale-path.ts';
import { m } from '../../paraglide/messages.js';
import { showNotice } from '../../stores/notices.ts';
import { startSession } from '../../stores/session.ts';
import { messageParts, slot } from '../ui/message-parts.tsx';
import Notices from '../Notices.tsx';
import { focusFirstInvalid, TextField } from '../ui/Field.tsx';
import StepHeader from '../ui/StepHeader.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';
import {
  basicDetailsErrors,
  carryMobileNo,
  newPasswordErrors,
  takeCarriedMobileNo,
  termsError,
  touchedOnBlur,
  validMobileNo,
  type Errors,
} from './account-forms.ts';
import { showRefusalAndGoHome } from './auth-notices.ts';
import { GoingHome } from './fields.tsx';
import NewPasswordFields from './NewPasswordFields.tsx';
import OneTimeCode from './OneTimeCode.tsx';
import { passwordScore, useStrength } from './strength.ts';
import '../ui/auth.css';

type Field = 'firstName' | 'mobileNo' | 'password' | 'confirmPassword' | 'terms';
/** `mobileNo` is the number as typed; the API gets its 9 digits (validMobileNo). */
type Values = {
  firstName: string;
  countryCode: string;
  mobileNo: string;
  password: string;
  confirmPassword: string;
  terms: boolean;
};
const [ACCOUNT_TYPE, BASIC_DETAILS, SECURITY, VERIFY] = [0, 1, 2, 3] as const;

/** The account the Security step created: its verify token for the code step. */
interface Created {
  token: string;
  userId: number;
}

export default function SignUpWizard() {
  const hydrated = useHydrated();
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const movedStep = useRef(false);
  const [step, setStep] = useState<number>(ACCOUNT_TYPE);
  // The country code is for the visitor's orientation: accounts hold the 9-digit national number.
  const [values, setValues] = useState<Values>({
    firstName: '',
    countryCode: COUNTRY_CODES[0],
    mobileNo: '',
    password: '',
    confirmPassword: '',
    terms: true,
  });
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [registered, setRegistered] = useState(false);
  const [created, setCreated] = useState<Created>();
  const [busy, setBusy] = useState(false);
  const [goingHome, setGoingHome] = useState(false);

  // A number carried by 'Join now' (sign-in, reset) or the Update Mobile Number modal's 'Sign up':
  // Basic Details starts with it.
  useEffect(() => {
    const carried = takeCarriedMobileNo();
    if (carried) setValues((current) => ({ ...current, mobileNo: carried }));
  }, []);
  // Each new step's heading takes focus, so that a screen reader starts reading there (the code
  // step's first box takes it instead, src/islands/auth/OneTimeCode.tsx).
  useEffect(() => {
    if (movedStep.current && step !== VERIFY) heading.current?.focus();
    movedStep.current = true;
  }, [step]);

  const set = <K extends keyof Values>(name: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [name]: value }));
  const touch = (...names: Field[]) => setTouched((current) => new Set([...current, ...names]));
  /** Leaving a field: touched unless it was left empty before anything was typed in it. */
  const touchOnBlur = (name: Field) => {
    if (name === 'terms' || touchedOnBlur(values[name])) touch(name);
  };
  const mobileNo = validMobileNo(values.mobileNo) ?? values.mobileNo;
  const shownOf = (errors: Errors<Field>) => (name: Field) => (touched.has(name) ? errors[name] : undefined);
  const go = (next: number) => setStep(next);

  function refuse(refusal: Refusal) {
    setGoingHome(true);
    showRefusalAndGoHome(refusal);
  }

  async function submitBasicDetails() {
    touch('firstName', 'mobileNo');
    if (Object.keys(basicDetailsErrors(values)).length) return focusFirstInvalid(form.current);
    const found = await findExistingUser(mobileNo);
    setRegistered(found.found);
    if (!found.found) go(SECURITY);
  }

  async function submitSecurity() {
    touch('password', 'confirmPassword', 'terms');
    const score = await passwordScore(values.password, [values.firstName, mobileNo]);
    if (Object.keys(newPasswordErrors(values, score)).length || termsError(values.terms))
      return focusFirstInvalid(form.current);
    const answer = await createUser({
      firstName: values.firstName,
      businessName: null,
      BRno: null,
      mobileNo,
      userType: USER_TYPES.customer,
      favoriteArea: [],
      termsAndCondition: true,
      password: values.password,
    }).catch((failure: unknown) => {
      // Taken since step 2 (another tab, another visitor): back to the number, with the message.
      if (failure instanceof ApiError && failure.status === 409) {
        setRegistered(true);
        go(BASIC_DETAILS);
        return undefined;
      }
      throw failure;
    });
    if (!answer) return;
    if (answer.kind !== 'created') return refuse(answer);
    setCreated({ token: answer.token, userId: answer.user.userId });
    go(VERIFY);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step === ACCOUNT_TYPE) return go(BASIC_DETAILS);
    setBusy(true);
    try {
      await (step === BASIC_DETAILS ? submitBasicDetails() : submitSecurity());
    } catch (failure) {
      showNotice({ kind: 'danger', title: m.account_sign_up_title(), text: failureText(failure) });
    }
    setBusy(false);
  }

  function verified({ token, user }: SignedIn) {
    startSession(token, user);
    location.assign(localePath('/'));
  }

  if (goingHome)
    return (
      <>
        <GoingHome />
        <Notices />
      </>
    );
  return (
    <div className="auth-wizard">
      <StepHeader
        steps={[
          m.account_step_account_type(),
          m.account_step_basic_details(),
          m.account_step_security(),
          m.account_step_verify(),
        ]}
        current={step}
        heading="h2"
        headingRef={heading}
        classPrefix="auth"
      />
      {step === VERIFY && created ? (
        <OneTimeCode
          idPrefix="sign-up"
          submitLabel={m.account_done()}
          resendLimit={CLIENT_RESEND_LIMIT}
          mobileNo={mobileNo}
          userId={created.userId}
          token={created.token}
          onVerified={verified}
          onRefused={refuse}
        />
      ) : (
        <form ref={form} className="auth-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
          {step === ACCOUNT_TYPE && (
            <fieldset className="auth-choices">
              <legend>{m.account_sign_up_question()}</legend>
              <label className="auth-choice">
                <input type="radio" name="userType" value={USER_TYPES.customer} defaultChecked />
                <span>{m.account_see_offers_choice()}</span>
              </label>
              <label className="auth-choice is-disabled">
                <input
                  type="radio"
                  name="userType"
                  value={USER_TYPES.merchant}
                  disabled
                  aria-describedby="sign-up-merchant-hint"
                />
                <span>
                  {m.account_publish_offers_choice()}{' '}
                  <span className="auth-soon" id="sign-up-merchant-hint">
                    {m.account_coming_soon()}
                  </span>
                </span>
              </label>
            </fieldset>
          )}
          {step === BASIC_DETAILS && (
            <BasicDetails
              values={values}
              shown={shownOf(basicDetailsErrors(values))}
              registered={registered}
              onChange={(name, value) => {
                set(name, value);
                if (name === 'mobileNo') setRegistered(false);
              }}
              onBlur={touchOnBlur}
            />
          )}
          {step === SECURITY && <Security values={values} touched={touched} onChange={set} onBlur={touchOnBlur} />}
          <div className="auth-actions">
            {step > ACCOUNT_TYPE && (
              <button className="button secondary" type="button" disabled={busy} onClick={() => go(step - 1)}>
                {m.account_back()}
              </button>
            )}
            <button className="button" type="submit" disabled={!hydrated || busy}>
              {busy ? m.account_please_wait() : m.account_next()}
            </button>
          </div>
        </form>
      )}
      <Notices />
    </div>
  );
}

interface BasicDetailsProps {
  values: Values;
  shown: (name: Field) => string | undefined;
  registered: boolean;
  onChange: (name: 'firstName' | 'countryCode' | 'mobileNo', value: string) => void;
  onBlur: (name: Field) => void;
}

function BasicDetails({ values, shown, registered, onChange, onBlur }: BasicDetailsProps) {
  return (
    <>
      <TextField
        id="sign-up-first-name"
        label={m.account_first_name()}
        name="firstName"
        autoComplete="given-name"
        maxLength={FIRST_NAME_MAX}
        hint={m.account_first_name_hint()}
        value={values.firstName}
        error={shown('firstName')}
        onChange={(event) => onChange('firstName', event.target.value)}
        onBlur={() => onBlur('firstName')}
      />
      <TextField
        id="sign-up-mobile"
        label={m.account_mobile_label()}
        name="mobileNo"
        type="tel"
        autoComplete="tel-national"
        placeholder="7xx xxx xxx"
        hint={m.account_mobile_hint()}
        value={values.mobileNo}
        error={shown('mobileNo')}
        onChange={(event) => onChange('mobileNo', event.target.value)}
        onBlur={() => onBlur('mobileNo')}
        before={
          <select
            className="auth-country"
            aria-label={m.account_country_code()}
            name="countryCode"
            value={values.countryCode}
            onChange={(event) => onChange('countryCode', event.target.value)}
          >
            {COUNTRY_CODES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        }
      />
      {registered && (
        <p className="auth-inline-message" role="status">
          {m.error_already_registered()}{' '}
          <a href={localePath('/sign-in')} onClick={() => carryMobileNo(values.mobileNo)}>
            {m.account_sign_in()}
          </a>
        </p>
      )}
    </>
  );
}

interface SecurityProps {
  values: Values;
  touched: ReadonlySet<Field>;
  onChange: <K extends 'password' | 'confirmPassword' | 'terms'>(name: K, value: Values[K]) => void;
  onBlur: (name: Field) => void;
}

/** Its own component so that zxcvbn loads when this step opens, not with the wizard. */
function Security({ values, touched, onChange, onBlur }: SecurityProps) {
  const score = useStrength(values.password, [values.firstName, validMobileNo(values.mobileNo) ?? values.mobileNo]);
  const errors: Errors<Field> = { ...newPasswordErrors(values, score), terms: termsError(values.terms) };
  const shown = (name: Field) => (touched.has(name) ? errors[name] : undefined);
  return (
    <>
      <NewPasswordFields
        idPrefix="sign-up"
        values={values}
        score={score}
        errors={{ password: shown('password'), confirmPassword: shown('confirmPassword') }}
        onChange={onChange}
        onBlur={onBlur}
      />
      <div className="auth-field">
        <label className="auth-check">
          <input
            type="checkbox"
            name="terms"
            checked={values.terms}
            aria-invalid={shown('terms') ? true : undefined}
            aria-describedby={shown('terms') ? 'sign-up-terms-error' : undefined}
            onChange={(event) => onChange('terms', event.target.checked)}
            onBlur={() => onBlur('terms')}
          />
          <span>
            {messageParts(m.account_accept_terms({ terms: slot(0) }), [
              <a href={localePath('/terms')} target="_blank" rel="noopener">
                {m.account_terms_link()}
              </a>,
            ])}
          </span>
        </label>
        {shown('terms') && (
          <p className="auth-error" id="sign-up-terms-error">
            {shown('terms')}
          </p>
        )}
      </div>
    </>
  );
}
