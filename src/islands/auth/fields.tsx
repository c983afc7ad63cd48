// The account forms' fields: a label, the input, an optional hint and the field's message, tied to
// the input with aria-describedby (spec §5: a message shows once the field was touched, which the
// form decides by passing `error` or not).
import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { strengthLabel } from './account-forms.ts';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

interface FieldProps extends InputProps {
  id: string;
  ref?: Ref<HTMLInputElement>;
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Shown before the input in the same row (the country code). */
  before?: ReactNode;
  /** Shown after the input in the same row (the show/hide button). */
  after?: ReactNode;
}

export const describedBy = (id: string, hint: boolean, error: boolean) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

export function TextField({ id, label, hint, error, before, after, ...input }: FieldProps) {
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <div className="auth-input-row">
        {before}
        <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, Boolean(hint), Boolean(error))} {...input} />
        {after}
      </div>
      {hint && <p className="auth-hint" id={`${id}-hint`}>{hint}</p>}
      {error && <p className="auth-error" id={`${id}-error`}>{error}</p>}
    </div>
  );
}

/** A password field with a show/hide toggle (spec §2 Sign-in). */
export function PasswordField(props: Omit<FieldProps, 'type' | 'after'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField {...props} type={visible ? 'text' : 'password'} spellCheck={false} autoCapitalize="none"
      after={(
        <button type="button" className="auth-toggle" aria-controls={props.id} aria-pressed={visible} onClick={() => setVisible(!visible)}>
          {visible ? 'Hide' : 'Show'}<span className="visually-hidden"> password</span>
        </button>
      )} />
  );
}

/**
 * The zxcvbn strength meter (spec §5: scale 0-4, labels weak / medium / high). `score` is undefined
 * while zxcvbn loads or the field is empty. The label says it in words; the four bars only show it.
 */
export function StrengthMeter({ id, score }: { id: string; score: number | undefined }) {
  const label = score === undefined ? '…' : strengthLabel(score);
  return (
    <div className="auth-strength" id={id} data-strength={score === undefined ? undefined : label}>
      <span className="auth-strength-bars" aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => <span key={bar} className={score !== undefined && bar <= Math.max(score, 1) ? 'is-on' : undefined} />)}
      </span>
      <span>Password strength: <strong>{label}</strong></span>
    </div>
  );
}

/** Shown while a blocked flow waits to go home (src/islands/auth/auth-notices.ts). */
export function GoingHome() {
  return <p className="auth-status" role="status">Taking you to the home page… <a href="/">Go now</a></p>;
}

/** After a refused submit: the first field with a message takes focus once the messages have rendered. */
export const focusFirstInvalid = (form: HTMLFormElement | null) =>
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
