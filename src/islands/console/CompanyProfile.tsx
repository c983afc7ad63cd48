// /console/merchant/profile, Company Profile (spec §2 'Merchant console'): the company's details,
// read-only, and the company's review in three steps (spec §4 'Merchant profile review flow'),
// marked up to the step the team has reached, with the registration documents the merchant
// uploads for it (PDF, PNG or JPEG; the server checks the bytes). The user is the session's,
// refreshed from the API at each load (src/page-scripts/signed-in.ts).
import { useStore } from '@nanostores/react';
import { useId, useState, type ChangeEvent } from 'react';
import { fetchCompanyReview, uploadCompanyDocument } from '../../client/console.ts';
import { failureText } from '../../client/http.ts';
import { UPLOAD_BYTES_MAX } from '../../contract/limits.ts';
import { MERCHANT_STEPS, type MerchantStep } from '../../contract/team.ts';
import { m } from '../../paraglide/messages.js';
import { sessionApi } from '../../stores/session-calls.ts';
import { $user } from '../../stores/session.ts';
import { useLoaded } from '../ui/use-loaded.ts';
import { readAsDataUrl } from '../ui/read-file.ts';
import LoadState from './offer-steps/LoadState.tsx';
import './console.css';

const DOCUMENT_TYPES = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';
const UPLOAD_MB = UPLOAD_BYTES_MAX / 1024 / 1024;

/** The company profile's read-only fields (spec §2 'Merchant console'), in the order shown. */
const COMPANY_FIELDS = [
  { key: 'businessName', label: m.console_field_business_name },
  { key: 'companyEmail', label: m.console_field_company_email },
  { key: 'contactNo', label: m.console_field_contact_no },
  { key: 'BRno', label: m.console_field_br_no },
  { key: 'addressNo', label: m.console_field_address_no },
  { key: 'streetName', label: m.console_field_street_name },
  { key: 'city', label: m.console_field_city },
] as const;

/** The review's steps (spec §4 'Merchant profile review flow'), in the merchant's words. */
const STEP_LABELS: Record<MerchantStep, () => string> = {
  documentSubmitted: m.console_merchant_step_document_submitted,
  registrationReview: m.console_merchant_step_registration_review,
  activated: m.console_merchant_step_activated,
};

export default function CompanyProfile() {
  const user = useStore($user);
  if (!user) return null;
  return (
    <div className="company-profile">
      <section className="card console-card" aria-labelledby="company-details-title">
        <h2 id="company-details-title">{m.console_company_details()}</h2>
        <dl className="company-fields">
          {COMPANY_FIELDS.map(({ key, label }) => {
            const value = user[key]?.trim();
            return (
              <div key={key} data-company-field={key}>
                <dt>{label()}</dt>
                <dd className={value ? undefined : 'is-empty'}>{value || m.console_not_given()}</dd>
              </div>
            );
          })}
        </dl>
      </section>
      <CompanyReview />
    </div>
  );
}

function CompanyReview() {
  const inputId = useId();
  const review = useLoaded(() => fetchCompanyReview(sessionApi), failureText);
  const [status, setStatus] = useState<{ failed: boolean; text: string }>();
  const [busy, setBusy] = useState(false);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setStatus(undefined);
    if (file.size > UPLOAD_BYTES_MAX) {
      setStatus({ failed: true, text: m.console_document_too_large({ mb: UPLOAD_MB }) });
      input.value = '';
      return;
    }
    setBusy(true);
    try {
      await uploadCompanyDocument(file.name, await readAsDataUrl(file), sessionApi);
      setStatus({ failed: false, text: m.console_document_uploaded() });
      review.reload();
    } catch (error) {
      setStatus({ failed: true, text: failureText(error) });
    }
    input.value = '';
    setBusy(false);
  }

  const reached =
    review.state === 'ready' && review.data.merchantStep ? MERCHANT_STEPS.indexOf(review.data.merchantStep) : -1;
  return (
    <section className="card console-card" aria-labelledby="company-review-title">
      <h2 id="company-review-title">{m.console_account_status()}</h2>
      <p>
        {reached === MERCHANT_STEPS.length - 1 ? m.console_merchant_activated() : m.console_merchant_review_intro()}
      </p>
      <ol className="review-steps">
        {MERCHANT_STEPS.map((step, index) => (
          <li key={step} data-review-step={step} data-done={String(index <= reached)}>
            <span className="review-step-marker" aria-hidden="true">
              {index <= reached ? '✓' : index + 1}
            </span>
            <span>
              {STEP_LABELS[step]()}
              <span className="visually-hidden">
                {' '}
                {index <= reached ? m.console_step_done() : m.console_step_not_done()}
              </span>
            </span>
          </li>
        ))}
      </ol>
      <h3 className="company-documents-title">{m.console_documents_title()}</h3>
      {review.state !== 'ready' ? (
        <LoadState loaded={review} what={m.console_what_documents()} onRetry={review.reload} />
      ) : review.data.data.length === 0 ? (
        <p className="company-documents-empty">{m.console_documents_empty()}</p>
      ) : (
        <ul className="company-documents">
          {review.data.data.map((document) => (
            <li key={document.documentId} data-document>
              {document.fileName} <span>{m.console_document_size({ size: Math.ceil(document.size / 1024) })}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="company-upload">
        <label htmlFor={inputId} className="button secondary">
          {busy ? m.console_uploading() : m.console_document_upload_label({ mb: UPLOAD_MB })}
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept={DOCUMENT_TYPES}
          disabled={busy}
          onChange={(event) => void upload(event)}
        />
      </div>
      {status && (
        <p className={`console-status${status.failed ? ' is-failed' : ''}`} role={status.failed ? 'alert' : 'status'}>
          {status.text}
        </p>
      )}
    </section>
  );
}
