// A form field (the account forms, the offer wizard): the label, the control's row (with anything
// shown before or after the control), an optional hint and the field's message, tied to the
// control with aria-describedby (spec §5: a message shows once the field was touched, which the
// form decides by passing `error` or not). Styled by src/islands/ui/auth.css (.auth-field and
// the rest), with the wizard's select and textarea in src/islands/console/console.css.
import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

interface FrameProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Shown before the control in the same row (the country code). */
  before?: ReactNode;
  /** Shown after the control in the same row (the show/hide button, a unit). */
  after?: ReactNode;
}

/** What ties a control to its frame: its id, whether it is invalid, and what describes it. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The frame, drawing its control with `children` from the attributes that tie it to the frame. */
export default function Field({
  id,
  label,
  hint,
  error,
  before,
  after,
  children,
}: FrameProps & { children: (control: ControlProps) => ReactNode }) {
  const control: ControlProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
  };
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <div className="auth-input-row">
        {before}
        {children(control)}
        {after}
      </div>
      {hint && (
        <p className="auth-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="auth-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

type WithFrame<Attributes> = FrameProps & Omit<Attributes, 'id'>;

export function TextField({
  id,
  label,
  hint,
  error,
  before,
  after,
  ...input
}: WithFrame<InputHTMLAttributes<HTMLInputElement>> & { ref?: Ref<HTMLInputElement> }) {
  return <Field {...{ id, label, hint, error, before, after }}>{(control) => <input {...control} {...input} />}</Field>;
}

export function SelectField({
  id,
  label,
  hint,
  error,
  before,
  after,
  ...select
}: WithFrame<SelectHTMLAttributes<HTMLSelectElement>>) {
  return (
    <Field {...{ id, label, hint, error, before, after }}>{(control) => <select {...control} {...select} />}</Field>
  );
}

export function TextAreaField({
  id,
  label,
  hint,
  error,
  before,
  after,
  ...textarea
}: WithFrame<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <Field {...{ id, label, hint, error, before, after }}>{(control) => <textarea {...control} {...textarea} />}</Field>
  );
}

/** After a refused submit: the first field with a message takes focus once the messages have rendered. */
export const focusFirstInvalid = (form: HTMLFormElement | null) =>
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
