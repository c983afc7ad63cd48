// The contact page's feedback form (spec §2, §5, §7): first name, mobile number, email, an optional
// message and 'Send Message', sent to POST {API}/add/new/feedback. Fields are checked with the
// contract's FeedbackRequest and its messages, under each field once it was left or the form was
// sent. The build renders the form as HTML; until the island hydrates (and without JavaScript)
// its button stays disabled, so the form never posts anywhere, and the page's <noscript> says why.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { sendFeedback } from '../client/engagement.ts';
import { ApiError, failureText } from '../client/http.ts';
import { EMAIL_MAX, FEEDBACK_MESSAGE_MAX, FeedbackRequest, FIRST_NAME_MAX } from '../contract/index.ts';
import { fieldErrors, issuesByField } from '../lib/form-errors.ts';
import { m } from '../paraglide/messages.js';
import { showNotice } from '../stores/notices.ts';
import { currentInsightId } from '../stores/visitor.ts';
import Notices from './Notices.tsx';
import './FeedbackForm.css';

const FIELDS = ['firstName', 'mobileNo', 'email', 'message'] as const;
type FieldName = (typeof FIELDS)[number];
type Errors = Partial<Record<FieldName, string>>;
const REQUIRED: FieldName[] = ['firstName', 'mobileNo', 'email'];

const checkFields = (values: Record<FieldName, string>) => fieldErrors(FeedbackRequest, values, REQUIRED);

export default function FeedbackForm() {
  const form = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  useEffect(() => setHydrated(true), []);

  // Uncontrolled fields: what a visitor typed before the island hydrated is kept.
  const readValues = () => {
    const data = new FormData(form.current!);
    return Object.fromEntries(FIELDS.map((name) => [name, String(data.get(name) ?? '')])) as Record<FieldName, string>;
  };

  /** Checks one field when it is left, and again while a shown message is being corrected. */
  function checkField(name: FieldName, onlyIfShown: boolean) {
    if (onlyIfShown && !errors[name]) return;
    const message = checkFields(readValues())[name];
    setErrors((current) => {
      const next = { ...current };
      if (message) next[name] = message;
      else delete next[name];
      return next;
    });
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = readValues();
    const found = checkFields(values);
    setErrors(found);
    const firstInvalid = FIELDS.find((name) => found[name]);
    if (firstInvalid) {
      form.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    const request = v.parse(FeedbackRequest, { ...values, insightId: currentInsightId() });
    setSending(true);
    try {
      const answer = await sendFeedback(request);
      showNotice({ kind: 'success', title: m.browse_feedback(), text: answer.message });
      form.current?.reset();
    } catch (error) {
      if (error instanceof ApiError) setErrors(issuesByField(error.issues, FIELDS));
      showNotice({ kind: 'danger', title: m.browse_feedback(), text: failureText(error) });
    } finally {
      setSending(false);
    }
  }

  /** The props every field shares: its name, error state, and the hint and message it is described by. */
  const fieldProps = (name: FieldName, id: string, hasHint = false) => ({
    id,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': [hasHint && `${id}-hint`, errors[name] && `${id}-error`].filter(Boolean).join(' ') || undefined,
    onBlur: () => checkField(name, false),
    onInput: () => checkField(name, true),
  });
  const fieldError = (name: FieldName, id: string) =>
    errors[name] && (
      <p className="field-error" id={`${id}-error`}>
        {errors[name]}
      </p>
    );

  return (
    <form ref={form} className="feedback-form" onSubmit={send} noValidate aria-labelledby="feedback-heading">
      <div className="field">
        <label htmlFor="feedback-first-name">
          {m.browse_first_name()} <span aria-hidden="true">*</span>
        </label>
        <input
          {...fieldProps('firstName', 'feedback-first-name', true)}
          type="text"
          required
          maxLength={FIRST_NAME_MAX}
          autoComplete="given-name"
        />
        <p className="hint" id="feedback-first-name-hint">
          {m.browse_letters_only()}
        </p>
        {fieldError('firstName', 'feedback-first-name')}
      </div>
      <div className="field">
        <label htmlFor="feedback-mobile">
          {m.browse_mobile_number()} <span aria-hidden="true">*</span>
        </label>
        {/* No maxLength: a cut number would be sent as another one. FeedbackRequest reads '077 123 4567' or '+94 77 123 4567' as 771234567. */}
        <input
          {...fieldProps('mobileNo', 'feedback-mobile', true)}
          type="tel"
          required
          autoComplete="tel-national"
          placeholder="7xx xxx xxx"
        />
        <p className="hint" id="feedback-mobile-hint">
          {m.account_mobile_hint()}
        </p>
        {fieldError('mobileNo', 'feedback-mobile')}
      </div>
      <div className="field">
        <label htmlFor="feedback-email">
          {m.browse_email()} <span aria-hidden="true">*</span>
        </label>
        <input
          {...fieldProps('email', 'feedback-email')}
          type="email"
          required
          maxLength={EMAIL_MAX}
          autoComplete="email"
        />
        {fieldError('email', 'feedback-email')}
      </div>
      <div className="field">
        <label htmlFor="feedback-message">{m.browse_message_optional()}</label>
        <textarea {...fieldProps('message', 'feedback-message')} rows={5} maxLength={FEEDBACK_MESSAGE_MAX} />
        {fieldError('message', 'feedback-message')}
      </div>
      {/* A mouse press leaves focus in the field: its blur check would show a message above the
          button, push the button down, and the release would miss it (no click, nothing sent). */}
      <button
        className="button"
        type="submit"
        disabled={!hydrated || sending}
        onMouseDown={(event) => event.preventDefault()}
      >
        {sending ? m.browse_sending() : m.browse_send_message()}
      </button>
      <Notices />
    </form>
  );
}
