// The address the digests go to: asked for, then confirmed from the link it is sent (nothing is
// e-mailed before). Used by the Alert me dialog and the console's alerts page.
import { useId, useState } from 'react';
import { failureText, saveEmail } from '../../client/alerts.ts';
import { m } from '../../paraglide/messages.js';
import { sessionLink } from '../../stores/session.ts';

interface Props {
  /** The account's address, if it has one. */
  email: string | null;
  /** Told the address the link went to. */
  onSent: (email: string, message: string) => void;
  submitLabel?: string;
}

export default function EmailForm({ email, onSent, submitLabel = m.account_send_confirmation_link() }: Props) {
  const id = useId();
  const [value, setValue] = useState(email ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const answer = await saveEmail(value, sessionLink);
      onSent(answer.email, answer.message);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="alert-email-form" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-email`}>{m.account_your_email()}</label>
      <div className="alert-email-row">
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          required
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
        />
        <button type="submit" className="button" disabled={busy || value.trim() === ''}>
          {submitLabel}
        </button>
      </div>
      {error ? (
        <p className="alert-email-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : (
        <p className="alert-email-hint" id={`${id}-hint`}>
          {m.account_email_hint()}
        </p>
      )}
    </form>
  );
}
