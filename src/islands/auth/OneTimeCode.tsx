// The six-box code entry of sign-up, verify mobile, reset and the mobile change (spec §4 'OTP'): it
// submits when all six digits are in, a paste fills the boxes, Backspace on an empty box moves back,
// the first box takes the phone's SMS autofill (autocomplete="one-time-code") and every box asks for
// a numeric keypad. Resend appears after the countdown, up to `resendLimit` times a visit; the server
// keeps its own limit and answers the resend past it with attempt 4, which ends the flow (onRefused).
import { useEffect, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { resendCode, verifyMobile, type Refusal, type SignedIn } from '../../client/accounts.ts';
import { failureText } from '../../client/http.ts';
import { CODE_DIGITS } from '../../contract/index.ts';
import { RESEND_COUNTDOWN_SECONDS } from '../../lib/constants.ts';
import { m } from '../../paraglide/messages.js';
import { showNotice } from '../../stores/notices.ts';
import { messageParts, slot } from '../ui/message-parts.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';
import { codeDigits } from './account-forms.ts';

/** How a code is checked and a new one asked for. A wrong code throws with the text to show. */
export interface CodeCalls {
  verify: (code: string) => Promise<SignedIn | Refusal>;
  resend: () => Promise<{ kind: 'sent'; message: string } | Refusal>;
}

/** Where the codes come from. */
type CodeSource =
  /** A verify token (sign-up, verify mobile, reset): verify/mobile and resend/verification/otp. */
  | {
      userId: number | null;
      /** The verify token of the last code sent. */
      token: string;
      /** A resend gave a new token (the verify page keeps it for a reload). */
      onResent?: (token: string) => void;
      calls?: undefined;
    }
  /** Any other code (the mobile change, whose session carries it). */
  | { calls: CodeCalls; userId?: undefined; token?: undefined; onResent?: undefined };

type OneTimeCodeProps = CodeSource & {
  idPrefix: string;
  /** The number the code went to: shown, and where a resend goes. */
  mobileNo: string;
  submitLabel: string;
  /** Resends allowed on this visit; undefined leaves the limit to the server. */
  resendLimit?: number;
  /** Seconds before Resend appears (spec §4: 20 in the account pages, 15 in the dialog). */
  countdownSeconds?: number;
  /** While the island does not know the number yet (before hydration): shown, not usable. */
  disabled?: boolean;
  onVerified: (signedIn: SignedIn) => void;
  onRefused: (refusal: Refusal) => void;
};

const EMPTY = Array<string>(CODE_DIGITS).fill('');

export default function OneTimeCode(props: OneTimeCodeProps) {
  const {
    idPrefix,
    mobileNo,
    submitLabel,
    resendLimit,
    countdownSeconds = RESEND_COUNTDOWN_SECONDS,
    disabled = false,
    onVerified,
    onRefused,
  } = props;
  const hydrated = useHydrated();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  // A resend's token replaces the one the parent passed, for as long as the parent still passes
  // that one. Read at call time, so the first code typed after the prop arrives already uses it.
  const resent = useRef<{ replaced: string | undefined; token: string }>(undefined);
  const currentToken = () =>
    resent.current && resent.current.replaced === props.token ? resent.current.token : (props.token ?? '');
  const [digits, setDigits] = useState<string[]>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [resends, setResends] = useState(0);
  // Set after mount (and after each resend), so that the build's HTML and the first render agree.
  const [resendAt, setResendAt] = useState<number>();
  const [now, setNow] = useState(0);

  const calls: CodeCalls = props.calls ?? {
    verify: (code) => verifyMobile(code, currentToken()),
    resend: async () => {
      const result = await resendCode(mobileNo, props.userId ?? null, currentToken());
      if (result.kind === 'sent') {
        resent.current = { replaced: props.token, token: result.token };
        props.onResent?.(result.token);
      }
      return result;
    },
  };

  // The countdown starts, and the first box takes focus, once the code entry can be used.
  useEffect(() => {
    if (disabled) return;
    setResendAt(Date.now() + countdownSeconds * 1000);
    boxes.current[0]?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once the entry can be used, not again when the countdown's length changes
  }, [disabled, hydrated]);
  useEffect(() => {
    if (resendAt === undefined) return;
    setNow(Date.now());
    const tick = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= resendAt) clearInterval(tick);
    }, 1000);
    return () => clearInterval(tick);
  }, [resendAt]);

  const secondsLeft = resendAt === undefined ? countdownSeconds : Math.max(0, Math.ceil((resendAt - now) / 1000));
  const resendsLeft = resendLimit === undefined || resends < resendLimit;
  const code = digits.join('');
  const usable = hydrated && !disabled && !busy;

  async function verify(entered: string) {
    if (busy || entered.length !== CODE_DIGITS) return;
    setBusy(true);
    setError(undefined);
    try {
      const result = await calls.verify(entered);
      if (result.kind === 'signed-in')
        onVerified(result); // the page moves on: stays busy
      else onRefused(result);
    } catch (failure) {
      const text = failureText(failure);
      setError(text);
      showNotice({ kind: 'danger', title: m.account_one_time_password_title(), text });
      setDigits(EMPTY);
      setBusy(false);
      requestAnimationFrame(() => boxes.current[0]?.focus());
    }
  }

  /** Puts `typed` into the boxes from `start` on, moves focus after it, and submits a full code. */
  function fill(start: number, typed: string) {
    const next = [...digits];
    for (let i = 0; i < typed.length && start + i < CODE_DIGITS; i++) next[start + i] = typed[i]!;
    setDigits(next);
    setError(undefined);
    const after = Math.min(start + typed.length, CODE_DIGITS - 1);
    boxes.current[after]?.focus();
    const full = next.join('');
    if (full.length === CODE_DIGITS) void verify(full);
  }

  function onBoxInput(index: number, value: string) {
    const typed = codeDigits(value);
    if (typed) fill(index, typed);
    else setDigits(digits.map((digit, i) => (i === index ? '' : digit)));
  }

  function onBoxKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      setDigits(digits.map((digit, i) => (i === index - 1 ? '' : digit)));
      boxes.current[index - 1]?.focus();
    } else if (event.key === 'ArrowLeft' && index > 0) {
      boxes.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight' && index < CODE_DIGITS - 1) {
      boxes.current[index + 1]?.focus();
    }
  }

  function onPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const pasted = codeDigits(event.clipboardData.getData('text'));
    // A whole code fills all six boxes wherever it was pasted.
    if (pasted) fill(pasted.length === CODE_DIGITS ? 0 : index, pasted);
  }

  async function resend() {
    setBusy(true);
    try {
      const result = await calls.resend();
      if (result.kind !== 'sent') {
        onRefused(result);
        return;
      }
      setResends(resends + 1);
      setResendAt(Date.now() + countdownSeconds * 1000);
      setDigits(EMPTY);
      setError(undefined);
      showNotice({ kind: 'success', title: m.account_one_time_password_title(), text: result.message });
      setBusy(false);
      boxes.current[0]?.focus();
    } catch (failure) {
      showNotice({ kind: 'danger', title: m.account_one_time_password_title(), text: failureText(failure) });
      setBusy(false);
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void verify(code);
  };

  const hintId = `${idPrefix}-code-hint`;
  const errorId = `${idPrefix}-code-error`;
  return (
    <form className="auth-form auth-code-form" onSubmit={submit} noValidate aria-busy={busy}>
      <fieldset className="auth-code" aria-describedby={[hintId, error && errorId].filter(Boolean).join(' ')}>
        <legend>{m.account_code_legend({ digits: CODE_DIGITS })}</legend>
        <p className="auth-hint" id={hintId}>
          {mobileNo
            ? messageParts(m.account_code_sent_to({ mobileNo: slot(0) }), [<strong>{mobileNo}</strong>])
            : m.account_code_sent()}{' '}
          {m.account_code_valid()}
        </p>
        <div className="auth-code-boxes">
          {digits.map((digit, index) => (
            <input
              key={index}
              ref={(box) => {
                boxes.current[index] = box;
              }}
              id={`${idPrefix}-digit-${index + 1}`}
              className="auth-code-box"
              aria-label={m.account_code_digit({ index: index + 1, total: CODE_DIGITS })}
              aria-invalid={error ? true : undefined}
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              value={digit}
              disabled={!hydrated || disabled}
              readOnly={busy}
              onChange={(event) => onBoxInput(index, event.target.value)}
              onKeyDown={(event) => onBoxKeyDown(index, event)}
              onPaste={(event) => onPaste(index, event)}
              onFocus={(event) => event.target.select()}
            />
          ))}
        </div>
        {error && (
          <p className="auth-error" id={errorId}>
            {error}
          </p>
        )}
      </fieldset>
      <div className="auth-resend">
        {!resendsLeft ? (
          <p className="auth-hint">{m.account_code_resend_limit({ count: resendLimit ?? 0 })}</p>
        ) : secondsLeft > 0 ? (
          <p className="auth-hint">{m.account_code_resend_in({ seconds: secondsLeft })}</p>
        ) : (
          <p className="auth-hint">
            {m.account_code_not_received()}{' '}
            <button type="button" className="auth-link-button" disabled={!usable} onClick={() => void resend()}>
              {m.account_resend()}
            </button>
          </p>
        )}
      </div>
      <div className="auth-actions">
        <button className="button" type="submit" disabled={!usable || code.length !== CODE_DIGITS}>
          {busy ? m.account_checking() : submitLabel}
        </button>
      </div>
    </form>
  );
}
