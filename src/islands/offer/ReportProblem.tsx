// 'Report a problem' on an offer, guests too (the offer page and the offer modal): a dialog with
// the four reasons and a message (required with 'Something else'), checked with the contract's
// ReportRequest and sent to POST /api/offers/{offerId}/reports. Refusals (too many reports, an
// offer no longer public, no connection) show in the dialog; once sent it thanks the visitor.
// Loaded only when a visitor presses 'Report a problem' (src/page-scripts/offer-page.ts through
// mount-report-problem.tsx, ReportProblemButton.tsx in the modal): no page carries the form, its
// schema or the call at load.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { reportOffer } from '../../client/reports.ts';
import { ApiError, failureText } from '../../client/http.ts';
import { REPORT_MESSAGE_MAX, REPORT_REASONS, ReportRequest, type ReportReason } from '../../contract/reports.ts';
import { fieldErrors, issuesByField } from '../../lib/form-errors.ts';
import { sessionApi } from '../../stores/session-calls.ts';
import { $isSignedIn } from '../../stores/session.ts';
import { currentInsightId } from '../../stores/visitor.ts';
import { focusFirstInvalid, TextAreaField } from '../ui/Field.tsx';
import TitledDialog from '../ui/TitledDialog.tsx';
import { m } from '../../paraglide/messages.js';
import { REPORT_REASON_TEXTS, reportMessageCount, reportProblemText } from './report-texts.ts';
// The account forms' field, choice and dialog styles (ui/Field.tsx is drawn with them).
import authCss from '../ui/auth.css?url';
import reportCss from './ReportProblem.css?url';
import Stylesheets from '../ui/Stylesheets.tsx';

interface Props {
  offerId: number;
  open: boolean;
  onClose: () => void;
}

export default function ReportProblem({ offerId, open, onClose }: Props) {
  return (
    <TitledDialog open={open} onClose={onClose} className="auth-dialog report-dialog" title={reportProblemText()}>
      <Stylesheets hrefs={[authCss, reportCss]} />
      {/* Mounted at each opening, so that every opening starts from an empty form. */}
      {open && <ReportForm offerId={offerId} onClose={onClose} />}
    </TitledDialog>
  );
}

const FIELDS = ['reason', 'message'] as const;
type FieldName = (typeof FIELDS)[number];
type Errors = Partial<Record<FieldName, string>>;
/** The contract's messages: 'Choose what is wrong.', and a message required with 'Something else'. */
const checkFields = (values: Record<FieldName, string>): Errors => fieldErrors<FieldName>(ReportRequest, values, []);

function ReportForm({ offerId, onClose }: Omit<Props, 'open'>) {
  const body = useRef<HTMLDivElement>(null);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [message, setMessage] = useState('');
  /** Set by the first Send: from then on the messages follow what the visitor changes. */
  const [tried, setTried] = useState(false);
  /** The server's reading of the fields (400), until the visitor changes them. */
  const [serverErrors, setServerErrors] = useState<Errors>({});
  /** Why the last Send failed (too many reports, the offer is gone, no connection). */
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string>();

  const values = { reason, message };
  const errors: Errors = { ...serverErrors, ...(tried ? checkFields(values) : {}) };
  const reasonErrorId = 'report-reason-error';

  // Focus goes to the first reason once showModal (the Dialog's effect, after this one) has placed its own.
  useEffect(() => {
    const frame = requestAnimationFrame(() => body.current?.querySelector<HTMLElement>('input')?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  // Once sent the form is gone: focus goes to Close, below the thank-you.
  useEffect(() => {
    if (sent) body.current?.querySelector<HTMLElement>('.report-sent-close')?.focus();
  }, [sent]);

  function change(update: () => void) {
    update();
    setServerErrors({});
    setFailure(undefined);
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setTried(true);
    const found = checkFields(values);
    if (found.reason || found.message) return focusFirstInvalid(event.currentTarget);
    const request = v.parse(ReportRequest, { ...values, insightId: currentInsightId() });
    setSending(true);
    setFailure(undefined);
    try {
      // A signed-in visitor's report carries who sent it; a guest's goes without a token.
      const answer = await reportOffer(offerId, request, $isSignedIn.get() ? sessionApi : undefined);
      setSent(answer.message); // the API's thank-you, in the page's language (readAnswer)
    } catch (error) {
      if (error instanceof ApiError) setServerErrors(issuesByField(error.issues, FIELDS));
      setFailure(failureText(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <div ref={body} className="report-body">
      {/* Always in the page, so that screen readers announce the thank-you when it appears. */}
      <p className="report-sent" role="status">
        {sent}
      </p>
      {sent ? (
        <div className="auth-actions">
          <button type="button" className="button report-sent-close" onClick={onClose}>
            {m.browse_close()}
          </button>
        </div>
      ) : (
        <form className="auth-form" onSubmit={(event) => void send(event)} noValidate aria-busy={sending}>
          <fieldset className="auth-choices" aria-describedby={errors.reason ? reasonErrorId : undefined}>
            <legend>{m.browse_report_reason_legend()}</legend>
            {REPORT_REASONS.map((value) => (
              <label key={value} className="auth-choice">
                {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- with none chosen, each choice is the field in error and says so */}
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  aria-invalid={errors.reason ? true : undefined}
                  onChange={() => change(() => setReason(value))}
                />
                <span>{REPORT_REASON_TEXTS[value]()}</span>
              </label>
            ))}
            {errors.reason && (
              <p className="auth-error" id={reasonErrorId}>
                {errors.reason}
              </p>
            )}
          </fieldset>
          <TextAreaField
            id="report-message"
            name="message"
            label={reason === 'other' ? m.browse_report_message() : m.browse_report_message_optional()}
            rows={4}
            maxLength={REPORT_MESSAGE_MAX}
            value={message}
            error={errors.message}
            hint={reportMessageCount(message.length, REPORT_MESSAGE_MAX)}
            onChange={(event) => change(() => setMessage(event.target.value))}
          />
          {failure && (
            <p className="report-failure" role="alert">
              {failure}
            </p>
          )}
          <div className="auth-actions">
            <button type="submit" className="button" disabled={sending}>
              {sending ? m.browse_sending() : m.browse_send()}
            </button>
            <button type="button" className="button secondary" onClick={onClose}>
              {m.browse_cancel()}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
