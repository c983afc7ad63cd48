// The wizard's select and multi-line fields, drawn like the account forms' TextField
// (src/islands/auth/fields.tsx, whose styles these share): a label, the control, an optional hint
// and the field's message, tied to the control by aria-describedby.
import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { describedBy } from '../auth/fields.tsx';

interface FieldFrame { id: string; label: string; hint?: ReactNode; error?: string }

function Frame({ id, label, hint, error, children }: FieldFrame & { children: ReactNode }) {
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <div className="auth-input-row">{children}</div>
      {hint && <p className="auth-hint" id={`${id}-hint`}>{hint}</p>}
      {error && <p className="auth-error" id={`${id}-error`}>{error}</p>}
    </div>
  );
}

export function SelectField({ id, label, hint, error, children, ...select }: FieldFrame & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, Boolean(hint), Boolean(error))} {...select}>{children}</select>
    </Frame>
  );
}

export function TextAreaField({ id, label, hint, error, ...textarea }: FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, Boolean(hint), Boolean(error))} {...textarea} />
    </Frame>
  );
}
