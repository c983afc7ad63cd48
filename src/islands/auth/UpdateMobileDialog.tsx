// The Update Mobile Number modal (spec §2, §4 'Update mobile', §8; docs/api.md §14.4): one field,
// 'New Mobile No' (+94 and 9 digits), and 'Send Verification Code'. Two uses:
// - guest, from 'Change' on /forget-password: the number is looked up. A registered one gets a code
//   and the reset goes on with it at the code step (onNumberChosen); an unknown one gets the inline
//   message with a sign-up link carrying the number; a blocked one the flow's notice (onRefused).
// - account, from the profile's Contact No 'Change': the code goes to the new number, the six boxes
//   take it, and the answer's new session replaces the stored one (the server ended the older
//   tokens, this tab's included). The user's own number, and a number another account uses, are
//   said under the field; nothing is texted to another account's number.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  confirmMobileChange,
  createCode,
  findExistingUser,
  requestMobileChange,
  type CodeSent,
  type Refusal,
  type SignedIn,
} from '../../client/accounts.ts';
import { ApiError, failureText } from '../../client/http.ts';
import { ERROR_CODES } from '../../contract/error-codes.ts';
import { CODE_DIGITS, COUNTRY_CODES } from '../../contract/index.ts';
import { CLIENT_RESEND_LIMIT, DIALOG_RESEND_COUNTDOWN_SECONDS } from '../../lib/constants.ts';
import { localePath } from '../../lib/locale-path.ts';
import { m } from '../../paraglide/messages.js';
import { showNotice, type NewNotice } from '../../stores/notices.ts';
import { showInvalidMobileNotice } from './auth-notices.ts';
import { sessionApi } from '../../stores/session-calls.ts';
import { startSession } from '../../stores/session.ts';
import { messageParts, slot } from '../ui/message-parts.tsx';
import Notices from '../Notices.tsx';
import { focusFirstInvalid, TextField } from '../ui/Field.tsx';
import TitledDialog from '../ui/TitledDialog.tsx';
import { carryMobileNo, mobileErrors, touchedOnBlur, validMobileNo } from './account-forms.ts';
import OneTimeCode from './OneTimeCode.tsx';
import authCss from '../ui/auth.css?url';
import Stylesheets from '../ui/Stylesheets.tsx';

type Mode =
  /** Signed in: changes the account's number. */
  | { mode: 'account'; onNumberChosen?: undefined; onRefused?: undefined }
  /** A guest resetting a password: picks the registered number the reset goes on with. */
  | {
      mode: 'guest';
      /** A code went to `mobileNo`, a registered number: the caller moves on to its code step. */
      onNumberChosen: (mobileNo: string, sent: CodeSent) => void;
      /** The number's account is blocked by the team, or its code sending is (the caller's notice and home). */
      onRefused: (refusal: Refusal) => void;
    };

export type UpdateMobileDialogProps = Mode & { open: boolean; onClose: () => void };

export default function UpdateMobileDialog(props: UpdateMobileDialogProps) {
  const { open, onClose } = props;
  // A notice to show once the dialog has closed: shown while it is open, it would stay inside it.
  const [noticeAfterClose, setNoticeAfterClose] = useState<NewNotice>();
  // Runs after the Dialog's own effect has closed the <dialog> (a child's effects run first).
  useEffect(() => {
    if (open || !noticeAfterClose) return;
    showNotice(noticeAfterClose);
    setNoticeAfterClose(undefined);
  }, [open, noticeAfterClose]);

  function closeWith(notice: NewNotice) {
    setNoticeAfterClose(notice);
    onClose();
  }

  return (
    <TitledDialog open={open} onClose={onClose} className="auth-dialog" title={m.account_update_mobile_title()}>
      <Stylesheets hrefs={[authCss]} />
      {/* Mounted at each opening, so that every opening starts from an empty number. */}
      {open && <UpdateMobileForm {...props} closeWith={closeWith} />}
      <Notices />
    </TitledDialog>
  );
}

type FormProps = UpdateMobileDialogProps & { closeWith: (notice: NewNotice) => void };

/** What the number step says under the field: the server's refusal of that number, or a note with a link. */
type Answer = { kind: 'field-error'; text: string } | { kind: 'not-registered'; mobileNo: string };

function UpdateMobileForm(props: FormProps) {
  const form = useRef<HTMLFormElement>(null);
  /** The number as typed; the API gets its 9 digits (`mobileNo`). */
  const [typedMobileNo, setTypedMobileNo] = useState('');
  const mobileNo = validMobileNo(typedMobileNo) ?? typedMobileNo;
  const [touched, setTouched] = useState(false);
  const [answer, setAnswer] = useState<Answer>();
  const [busy, setBusy] = useState(false);
  /** Account mode, once a code went to the new number. */
  const [codeSentTo, setCodeSentTo] = useState<string>();
  const changedMessage = useRef('');

  useEffect(() => {
    if (codeSentTo !== undefined) return; // the code boxes take focus themselves
    // After showModal (in the Dialog's effect, which runs after this one) has placed its own focus.
    const frame = requestAnimationFrame(() => form.current?.querySelector('input')?.focus());
    return () => cancelAnimationFrame(frame);
  }, [codeSentTo]);

  const fieldError = touched
    ? (mobileErrors({ mobileNo: typedMobileNo }).mobileNo ?? (answer?.kind === 'field-error' ? answer.text : undefined))
    : undefined;

  async function chooseForReset(
    onNumberChosen: (mobileNo: string, sent: CodeSent) => void,
    onRefused: (refusal: Refusal) => void,
  ) {
    const found = await findExistingUser(mobileNo);
    if (!found.found) return setAnswer({ kind: 'not-registered', mobileNo });
    if (found.isAccountBlock) return onRefused({ kind: 'account-blocked', message: ERROR_CODES.account_blocked });
    const sent = await createCode(mobileNo, found.userId);
    if (sent.kind === 'sent') onNumberChosen(mobileNo, sent);
    else onRefused(sent);
  }

  async function requestChange() {
    const sent = await requestMobileChange(mobileNo, sessionApi);
    if (sent.kind === 'sent') setCodeSentTo(mobileNo);
    else props.closeWith({ kind: 'danger', title: m.account_codes_blocked_title(), text: sent.message });
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (mobileErrors({ mobileNo: typedMobileNo }).mobileNo) {
      await showInvalidMobileNotice();
      return focusFirstInvalid(form.current);
    }
    setBusy(true);
    setAnswer(undefined);
    try {
      await (props.mode === 'guest' ? chooseForReset(props.onNumberChosen, props.onRefused) : requestChange());
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 404) setAnswer({ kind: 'not-registered', mobileNo });
      // 'This is already your mobile number.', another account's number (409), or the server's
      // reading of the number: the field's message.
      else if (failure instanceof ApiError && (failure.status === 400 || failure.status === 409)) {
        setAnswer({ kind: 'field-error', text: failure.message });
        focusFirstInvalid(form.current);
      } else showFailure(failure);
    }
    setBusy(false);
  }

  function showFailure(failure: unknown) {
    showNotice({ kind: 'danger', title: m.account_update_mobile_title(), text: failureText(failure) });
  }

  function changed({ token, user }: SignedIn) {
    startSession(token, user);
    props.closeWith({ kind: 'success', title: m.account_update_mobile_title(), text: changedMessage.current });
  }

  if (codeSentTo !== undefined) {
    return (
      <div className="auth-stack">
        <p className="auth-aside">
          {messageParts(m.account_number_changes_to({ mobileNo: slot(0) }), [
            <strong>
              {COUNTRY_CODES[0]} {codeSentTo}
            </strong>,
          ])}{' '}
          <button type="button" className="auth-link-button" onClick={() => setCodeSentTo(undefined)}>
            {m.account_use_another_number()}
          </button>
        </p>
        <OneTimeCode
          idPrefix="update-mobile"
          submitLabel={m.account_verify()}
          mobileNo={codeSentTo}
          resendLimit={CLIENT_RESEND_LIMIT}
          countdownSeconds={DIALOG_RESEND_COUNTDOWN_SECONDS}
          calls={{
            verify: async (code) => {
              const result = await confirmMobileChange(code, sessionApi);
              changedMessage.current = result.message;
              return result;
            },
            resend: () => requestMobileChange(codeSentTo, sessionApi),
          }}
          onVerified={changed}
          onRefused={(refusal) =>
            props.closeWith({ kind: 'danger', title: m.account_codes_blocked_title(), text: refusal.message })
          }
        />
      </div>
    );
  }

  return (
    <form ref={form} className="auth-form" onSubmit={(event) => void send(event)} noValidate aria-busy={busy}>
      <TextField
        id="update-mobile-number"
        label={m.account_new_mobile_label()}
        name="mobileNo"
        type="tel"
        autoComplete="tel-national"
        placeholder="7xx xxx xxx"
        value={typedMobileNo}
        error={fieldError}
        hint={`${props.mode === 'guest' ? `${m.account_signed_up_number()} ` : ''}${m.account_mobile_hint()} ${m.account_code_will_be_texted({ digits: CODE_DIGITS })}`}
        before={<span className="auth-prefix">{COUNTRY_CODES[0]}</span>}
        onChange={(event) => {
          setTypedMobileNo(event.target.value);
          setAnswer(undefined);
        }}
        onBlur={() => {
          if (touchedOnBlur(typedMobileNo)) setTouched(true);
        }}
      />
      {answer?.kind === 'not-registered' && (
        <p className="auth-inline-message" role="status">
          {m.error_mobile_not_registered()}{' '}
          <a href={localePath('/sign-up')} onClick={() => carryMobileNo(answer.mobileNo)}>
            {m.account_sign_up()}
          </a>
        </p>
      )}
      <div className="auth-actions">
        <button className="button" type="submit" disabled={busy}>
          {busy ? m.account_sending() : m.account_send_verification_code()}
        </button>
      </div>
    </form>
  );
}
