// /console/team/merchants: the merchant companies and their review, in the spec's three steps
// (Document Submitted, Business Registration review, Activation). The team opens a company, reads
// its registration documents, and moves it to a step with a note; only an activated company can
// send offers. New merchant accounts are made here too, or a customer's account becomes one.
import { useState, type FormEvent } from 'react';
import { ApiError, failureText } from '../../client/http.ts';
import { MERCHANT_STEP_LABELS, MERCHANT_STEPS, REASON_MAX, REASON_REQUIRED, type MerchantDocumentData, type MerchantStep, type TeamAccountData } from '../../contract/team.ts';
import LoadState from '../console/offer-steps/LoadState.tsx';
import { SelectField, TextAreaField, TextField } from '../ui/Field.tsx';
import TitledDialog from '../ui/TitledDialog.tsx';
import { useLoaded } from '../ui/use-loaded.ts';
import { ChoiceSelect, Filters, PagedList, StatusLine, type Status } from './list-parts.tsx';
import { createMerchant, downloadDocument, fetchMerchant, fetchMerchants, moveMerchantStep } from './team-calls.ts';
import { dateTimeText } from './team-format.ts';
import type { Choices } from './texts.ts';
import { usePaged } from './use-paged.ts';

const NOT_STARTED = 'Not started';
const stepLabel = (step: MerchantStep | null) => (step ? MERCHANT_STEP_LABELS[step] : NOT_STARTED);
const STEP_CHOICES: Choices = [['all', 'All'], ['none', NOT_STARTED], ...MERCHANT_STEPS.map((step) => [step, MERCHANT_STEP_LABELS[step]] as const)];

export default function TeamMerchants() {
  const list = usePaged(fetchMerchants, { q: '', step: 'all' });
  const [open, setOpen] = useState<number>();
  return (
    <div className="team-page">
      <NewMerchant onMade={(userId) => { list.reload(); setOpen(userId); }} />
      <Filters label="Find merchants" search={{ label: 'Company, name or mobile number', onSearch: (q) => list.setQuery({ q }) }}>
        <ChoiceSelect label="Review step" value={list.query.step} onChange={(step) => list.setQuery({ step })} choices={STEP_CHOICES} />
      </Filters>
      <h2 className="visually-hidden">Merchants found</h2>
      <PagedList list={list} name="Merchants" empty="No merchants match." row={(merchant) => (
        <MerchantRow key={merchant.userId} merchant={merchant} onOpen={() => setOpen(merchant.userId)} />
      )} />
      <TitledDialog open={open !== undefined} onClose={() => setOpen(undefined)} className="team-dialog" title="Merchant review">
        {open !== undefined && <MerchantReview key={open} userId={open} onMoved={list.reload} />}
      </TitledDialog>
    </div>
  );
}

function MerchantRow({ merchant, onOpen }: { merchant: TeamAccountData; onOpen: () => void }) {
  return (
    <li className="team-item card" data-team-merchant={merchant.userId}>
      <div className="team-item-body">
        <p className="team-item-head">
          <span className="team-item-title">{merchant.businessName || merchant.firstName}</span>
          <span className={`badge ${merchant.merchantStep === 'activated' ? 'accepted' : 'pending'}`} data-merchant-step>{stepLabel(merchant.merchantStep)}</span>
        </p>
        <p className="team-muted">{merchant.firstName} · {merchant.mobileNo} · since {dateTimeText(merchant.createdAt)}</p>
      </div>
      <div className="team-actions">
        <button type="button" className="button secondary" onClick={onOpen} aria-haspopup="dialog">
          Review<span className="visually-hidden"> {merchant.businessName || merchant.firstName}</span>
        </button>
      </div>
    </li>
  );
}

/** One company: its details and documents, and the move to a step with the team's note. */
function MerchantReview({ userId, onMoved }: { userId: number; onMoved: () => void }) {
  const merchant = useLoaded(() => fetchMerchant(userId), failureText);
  const [step, setStep] = useState<MerchantStep>();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const [status, setStatus] = useState<Status>();
  const [busy, setBusy] = useState(false);

  if (merchant.state !== 'ready') return <LoadState loaded={merchant} what="the merchant" onRetry={merchant.reload} />;
  const company = merchant.data;
  const chosen = step ?? MERCHANT_STEPS[Math.min(MERCHANT_STEPS.length - 1, company.merchantStep ? MERCHANT_STEPS.indexOf(company.merchantStep) + 1 : 0)]!;

  async function move(event: FormEvent) {
    event.preventDefault();
    if (!note.trim()) return setNoteError(REASON_REQUIRED);
    setBusy(true);
    setStatus(undefined);
    try {
      const moved = await moveMerchantStep(userId, chosen, note.trim());
      setStatus({ failed: false, text: `Moved to ${stepLabel(moved.merchantStep)}.` });
      setNote('');
      setStep(undefined);
      merchant.reload();
      onMoved();
    } catch (error) {
      setStatus({ failed: true, text: failureText(error) });
    }
    setBusy(false);
  }

  async function download(document: MerchantDocumentData) {
    try {
      await downloadDocument(userId, document);
    } catch (error) {
      setStatus({ failed: true, text: failureText(error) });
    }
  }

  return (
    <div className="team-merchant-review">
      <dl className="team-fields">
        <dt>Company</dt><dd>{company.businessName || '—'}</dd>
        <dt>Person</dt><dd>{company.firstName} · {company.mobileNo}</dd>
        <dt>Registration no</dt><dd>{company.brNo || '—'}</dd>
        <dt>Company email</dt><dd>{company.companyEmail || '—'}</dd>
        <dt>Contact no</dt><dd>{company.contactNo || '—'}</dd>
        <dt>Address</dt><dd>{company.address || '—'}</dd>
        <dt>Review step</dt><dd data-merchant-step>{stepLabel(company.merchantStep)}</dd>
      </dl>
      <h3>Registration documents</h3>
      {company.documents.length === 0 ? <p>No documents uploaded yet.</p> : (
        <ul className="team-documents">
          {company.documents.map((document) => (
            <li key={document.documentId}>
              <span>{document.fileName} ({Math.ceil(document.size / 1024)} KB, {dateTimeText(document.createdAt)})</span>
              <button type="button" className="button secondary" onClick={() => void download(document)}>Download<span className="visually-hidden"> {document.fileName}</span></button>
            </li>
          ))}
        </ul>
      )}
      <form className="auth-form" onSubmit={(event) => void move(event)} noValidate aria-busy={busy}>
        <SelectField id={`merchant-step-${userId}`} label="Move to step" value={chosen} onChange={(event) => setStep(event.target.value as MerchantStep)}>
          {MERCHANT_STEPS.map((item) => <option key={item} value={item}>{MERCHANT_STEP_LABELS[item]}</option>)}
        </SelectField>
        <TextAreaField id={`merchant-note-${userId}`} label="Note" rows={3} maxLength={REASON_MAX} value={note} error={noteError}
          onChange={(event) => { setNote(event.target.value); setNoteError(undefined); }} />
        <StatusLine status={status} />
        <div className="auth-actions"><button type="submit" className="button" disabled={busy}>{busy ? 'Saving…' : 'Move'}</button></div>
      </form>
    </div>
  );
}

const NEW_MERCHANT_FIELDS = [
  ['mobileNo', 'Mobile number (9 digits)', 'tel'],
  ['firstName', 'First name (new account)', 'text'],
  ['businessName', 'Business name', 'text'],
  ['password', 'Password (new account)', 'password'],
] as const;

/** A new merchant account, or an existing account made a merchant (its number is enough then). */
function NewMerchant({ onMade }: { onMade: (userId: number) => void }) {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setStatus(undefined);
    setErrors({});
    try {
      const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== ''));
      const made = await createMerchant(given);
      setStatus({ failed: false, text: `${made.businessName || made.firstName} (${made.mobileNo}) is a merchant now.` });
      setFields({});
      onMade(made.userId);
    } catch (error) {
      const issues = error instanceof ApiError ? error.issues : [];
      setErrors(Object.fromEntries(issues.map((issue) => [issue.path, issue.message])));
      setStatus({ failed: true, text: failureText(error) });
    }
    setBusy(false);
  }

  return (
    <details className="card team-new-merchant">
      <summary>New merchant</summary>
      <p>Makes a verified merchant account, or makes the account with this number a merchant (then the number is enough).</p>
      <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
        {NEW_MERCHANT_FIELDS.map(([name, label, type]) => (
          <TextField key={name} id={`new-merchant-${name}`} label={label} type={type} value={fields[name] ?? ''} error={errors[name]}
            autoComplete={type === 'password' ? 'new-password' : 'off'}
            onChange={(event) => setFields((current) => ({ ...current, [name]: event.target.value }))} />
        ))}
        <StatusLine status={status} />
        <div className="auth-actions"><button type="submit" className="button" disabled={busy}>{busy ? 'Saving…' : 'Make merchant'}</button></div>
      </form>
    </details>
  );
}
