// The account forms' own pieces beside src/islands/ui/Field.tsx's fields: the password field with
// its show/hide toggle, the strength meter, and the note of a blocked flow going home.
import { useState, type ComponentProps } from 'react';
import { localePath } from '../../lib/locale-path.ts';
import { m } from '../../paraglide/messages.js';
import { messageParts, slot } from '../ui/message-parts.tsx';
import { TextField } from '../ui/Field.tsx';
import { strengthLabel, strengthLevel } from './account-forms.ts';

/** A password field with a show/hide toggle (spec §2 Sign-in). */
export function PasswordField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'after'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="none"
      after={
        <button
          type="button"
          className="auth-toggle"
          aria-controls={props.id}
          aria-pressed={visible}
          onClick={() => setVisible(!visible)}
        >
          {visible ? m.account_hide() : m.account_show()}
          <span className="visually-hidden"> {m.account_password_toggle_target()}</span>
        </button>
      }
    />
  );
}

/**
 * The zxcvbn strength meter (spec §5: scale 0-4, labels weak / medium / high). `score` is undefined
 * while zxcvbn loads or the field is empty. The label says it in words; the four bars only show it.
 */
export function StrengthMeter({ id, score }: { id: string; score: number | undefined }) {
  const label = score === undefined ? '…' : strengthLabel(score);
  return (
    <div className="auth-strength" id={id} data-strength={score === undefined ? undefined : strengthLevel(score)}>
      <span className="auth-strength-bars" aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <span key={bar} className={score !== undefined && bar <= Math.max(score, 1) ? 'is-on' : undefined} />
        ))}
      </span>
      <span>{messageParts(m.account_password_strength({ level: slot(0) }), [<strong>{label}</strong>])}</span>
    </div>
  );
}

/** Shown while a blocked flow waits to go home (src/islands/auth/auth-notices.ts). */
export function GoingHome() {
  return (
    <p className="auth-status" role="status">
      {m.account_going_home()} <a href={localePath('/')}>{m.account_go_now()}</a>
    </p>
  );
}
