// /console/merchant/profile, Company Profile (spec §2 'Merchant console'): the company's details,
// read-only, and the company's review in three steps (spec §4 'Merchant profile review flow'),
// marked up to the step the team has reached, with the registration documents the merchant
// uploads for it (PDF, PNG or JPEG; the server checks the bytes). The user is the session's,
// refreshed from the API at each load (src/scripts/signed-in.ts).
import { useStore } from '@nanostores/react';
import { useId, useState, type ChangeEvent } from 'react';
import { fetchCompanyReview, uploadCompanyDocument } from '../../client/console.ts';
import { failureText } from '../../client/http.ts';
import { UPLOAD_BYTES_MAX } from '../../contract/limits.ts';
import { DOCUMENT_TOO_LARGE, MERCHANT_STEP_LABELS, MERCHANT_STEPS } from '../../contract/team.ts';
import { sessionApi } from '../../stores/session-calls.ts';
import { $user } from '../../stores/session.ts';
import { useLoaded } from '../ui/use-loaded.ts';
import { readAsDataUrl } from '../ui/read-file.ts';
import LoadState from './offer-steps/LoadState.tsx';
import {
  COMPANY_FIELDS, DOCUMENT_UPLOAD_LABEL, DOCUMENT_UPLOADED, DOCUMENTS_EMPTY, DOCUMENTS_TITLE, MERCHANT_ACTIVATED_TEXT, MERCHANT_REVIEW_INTRO, NOT_GIVEN,
} from './texts.ts';
import './console.css';

const DOCUMENT_TYPES = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

export default function CompanyProfile() {
  const user = useStore($user);
  if (!user) return null;
  return (
    <div className="company-profile">
      <section className="card console-card" aria-labelledby="company-details-title">
        <h2 id="company-details-title">Company details</h2>
        <dl className="company-fields">
          {COMPANY_FIELDS.map(({ key, label }) => {
            const value = user[key]?.trim();
            return (
              <div key={key} data-company-field={key}>
                <dt>{label}</dt>
                <dd className={value ? undefined : 'is-empty'}>{value || NOT_GIVEN}</dd>
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
      setStatus({ failed: true, text: DOCUMENT_TOO_LARGE });
      input.value = '';
      return;
    }
    setBusy(true);
    try {
      await uploadCompanyDocument(file.name, await readAsDataUrl(file), sessionApi);
      setStatus({ failed: false, text: DOCUMENT_UPLOADED });
      review.reload();
    } catch (error) {
      setStatus({ failed: true, text: failureText(error) });
    }
    input.value = '';
    setBusy(false);
  }

  const reached = review.state === 'ready' && review.data.merchantStep ? MERCHANT_STEPS.indexOf(review.data.merchantStep) : -1;
  return (
    <section className="card console-card" aria-labelledby="company-review-title">
      <h2 id="company-review-title">Account status</h2>
      <p>{reached === MERCHANT_STEPS.length - 1 ? MERCHANT_ACTIVATED_TEXT : MERCHANT_REVIEW_INTRO}</p>
      <ol className="review-steps">
        {MERCHANT_STEPS.map((step, index) => (
          <li key={step} data-review-step={step} data-done={String(index <= reached)}>
            <span className="review-step-marker" aria-hidden="true">{index <= reached ? '✓' : index + 1}</span>
            <span>{MERCHANT_STEP_LABELS[step]}<span className="visually-hidden">{index <= reached ? ' (done)' : ' (not done yet)'}</span></span>
          </li>
        ))}
      </ol>
      <h3 className="company-documents-title">{DOCUMENTS_TITLE}</h3>
      {review.state !== 'ready' ? <LoadState loaded={review} what="your documents" onRetry={review.reload} /> : (
        review.data.data.length === 0 ? <p className="company-documents-empty">{DOCUMENTS_EMPTY}</p> : (
          <ul className="company-documents">
            {review.data.data.map((document) => (
              <li key={document.documentId} data-document>{document.fileName} <span>({Math.ceil(document.size / 1024)} KB)</span></li>
            ))}
          </ul>
        )
      )}
      <div className="company-upload">
        <label htmlFor={inputId} className="button secondary">{busy ? 'Uploading…' : DOCUMENT_UPLOAD_LABEL}</label>
        <input id={inputId} className="visually-hidden" type="file" accept={DOCUMENT_TYPES} disabled={busy} onChange={(event) => void upload(event)} />
      </div>
      {status && <p className={`console-status${status.failed ? ' is-failed' : ''}`} role={status.failed ? 'alert' : 'status'}>{status.text}</p>}
    </section>
  );
}
