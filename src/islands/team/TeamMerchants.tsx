// /console/team/merchants: the merchant companies and their review, in the spec's three steps
// (Document Submitted, Business Registration review, Activation). The team opens a company, reads
// its registration documents, and moves it to a step with a note; only an activated company can
// send offers. New merchant accounts are made here too, or a customer's account becomes one.
import { useState, type FormEvent } from 'react';
import { ApiError, failureText } from '../../client/http.ts';
import {
  MERCHANT_STEPS,
  REASON_MAX,
  REASON_REQUIRED,
  type MerchantDocumentData,
  type MerchantStep,
  type TeamAccountData,
} from '../../contract/team.ts';
import { m } from '../../paraglide/messages.js';
import LoadState from '../console/offer-steps/LoadState.tsx';
import { SelectField, TextAreaField, TextField } from '../ui/Field.tsx';
import TitledDialog from '../ui/TitledDialog.tsx';
import { useLoaded } from '../ui/use-loaded.ts';
import { ChoiceSelect, Filters, PagedList, StatusLine, type Status } from './list-parts.tsx';
import { createMerchant, downloadDocument, fetchMerchant, fetchMerchants, moveMerchantStep } from './team-calls.ts';
import { dateTimeText } from './team-format.ts';
import { merchantStepChoices, merchantStepLabel as stepLabel, type Choices } from './texts.ts';
import { usePaged } from './use-paged.ts';

const stepChoices = (): Choices => [['all', m.team_all()], ['none', stepLabel(null)], ...merchantStepChoices()];

export default function TeamMerchants() {
  const list = usePaged(fetchMerchants, { q: '', step: 'all' });
  const [open, setOpen] = useState<number>();
  return (
    <div className="team-page">
      <NewMerchant
        onMade={(userId) => {
          list.reload();
          setOpen(userId);
        }}
      />
      <Filters
        label={m.team_merchants_filters()}
        search={{ label: m.team_merchants_search(), onSearch: (q) => list.setQuery({ q }) }}
      >
        <ChoiceSelect
          label={m.team_merchants_step()}
          value={list.query.step}
          onChange={(step) => list.setQuery({ step })}
          choices={stepChoices()}
        />
      </Filters>
      <h2 className="visually-hidden">{m.team_merchants_found()}</h2>
      <PagedList
        list={list}
        name={m.team_merchants_name()}
        empty={m.team_merchants_empty()}
        row={(merchant) => (
          <MerchantRow key={merchant.userId} merchant={merchant} onOpen={() => setOpen(merchant.userId)} />
        )}
      />
      <TitledDialog
        open={open !== undefined}
        onClose={() => setOpen(undefined)}
        className="team-dialog"
        title={m.team_merchants_review_title()}
      >
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
          <span
            className={`badge ${merchant.merchantStep === 'activated' ? 'accepted' : 'pending'}`}
            data-merchant-step
          >
            {stepLabel(merchant.merchantStep)}
          </span>
        </p>
        <p className="team-muted">
          {merchant.firstName} · {merchant.mobileNo} ·{' '}
          {m.team_merchants_since({ date: dateTimeText(merchant.createdAt) })}
        </p>
      </div>
      <div className="team-actions">
        <button type="button" className="button secondary" onClick={onOpen} aria-haspopup="dialog">
          {m.team_merchants_review()}
          <span className="visually-hidden"> {merchant.businessName || merchant.firstName}</span>
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

  if (merchant.state !== 'ready')
    return <LoadState loaded={merchant} what={m.team_merchants_loading()} onRetry={merchant.reload} />;
  const company = merchant.data;
  const chosen =
    step ??
    MERCHANT_STEPS[
      Math.min(MERCHANT_STEPS.length - 1, company.merchantStep ? MERCHANT_STEPS.indexOf(company.merchantStep) + 1 : 0)
    ]!;

  async function move(event: FormEvent) {
    event.preventDefault();
    if (!note.trim()) return setNoteError(REASON_REQUIRED);
    setBusy(true);
    setStatus(undefined);
    try {
      const moved = await moveMerchantStep(userId, chosen, note.trim());
      setStatus({ failed: false, text: m.team_merchants_moved({ step: stepLabel(moved.merchantStep) }) });
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
        <dt>{m.team_merchants_company()}</dt>
        <dd>{company.businessName || '—'}</dd>
        <dt>{m.team_merchants_person()}</dt>
        <dd>
          {company.firstName} · {company.mobileNo}
        </dd>
        <dt>{m.team_merchants_br_no()}</dt>
        <dd>{company.brNo || '—'}</dd>
        <dt>{m.team_merchants_company_email()}</dt>
        <dd>{company.companyEmail || '—'}</dd>
        <dt>{m.team_merchants_contact_no()}</dt>
        <dd>{company.contactNo || '—'}</dd>
        <dt>{m.team_merchants_address()}</dt>
        <dd>{company.address || '—'}</dd>
        <dt>{m.team_merchants_step()}</dt>
        <dd data-merchant-step>{stepLabel(company.merchantStep)}</dd>
      </dl>
      <h3>{m.team_merchants_documents()}</h3>
      {company.documents.length === 0 ? (
        <p>{m.team_merchants_no_documents()}</p>
      ) : (
        <ul className="team-documents">
          {company.documents.map((document) => (
            <li key={document.documentId}>
              <span>
                {document.fileName} ({Math.ceil(document.size / 1024)} KB, {dateTimeText(document.createdAt)})
              </span>
              <button type="button" className="button secondary" onClick={() => void download(document)}>
                {m.team_download()}
                <span className="visually-hidden"> {document.fileName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="auth-form" onSubmit={(event) => void move(event)} noValidate aria-busy={busy}>
        <SelectField
          id={`merchant-step-${userId}`}
          label={m.team_merchants_move_to()}
          value={chosen}
          onChange={(event) => setStep(event.target.value as MerchantStep)}
        >
          {merchantStepChoices().map(([item, label]) => (
            <option key={item} value={item}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          id={`merchant-note-${userId}`}
          label={m.team_note()}
          rows={3}
          maxLength={REASON_MAX}
          value={note}
          error={noteError}
          onChange={(event) => {
            setNote(event.target.value);
            setNoteError(undefined);
          }}
        />
        <StatusLine status={status} />
        <div className="auth-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? m.team_saving() : m.team_merchants_move()}
          </button>
        </div>
      </form>
    </div>
  );
}

const NEW_MERCHANT_FIELDS = [
  ['mobileNo', m.team_merchants_new_mobile, 'tel'],
  ['firstName', m.team_merchants_new_first_name, 'text'],
  ['businessName', m.team_merchants_new_business_name, 'text'],
  ['password', m.team_merchants_new_password, 'password'],
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
      setStatus({
        failed: false,
        text: m.team_merchants_made({ name: made.businessName || made.firstName, mobile: made.mobileNo }),
      });
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
      <summary>{m.team_merchants_new()}</summary>
      <p>{m.team_merchants_new_hint()}</p>
      <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
        {NEW_MERCHANT_FIELDS.map(([name, label, type]) => (
          <TextField
            key={name}
            id={`new-merchant-${name}`}
            label={label()}
            type={type}
            value={fields[name] ?? ''}
            error={errors[name]}
            autoComplete={type === 'password' ? 'new-password' : 'off'}
            onChange={(event) => setFields((current) => ({ ...current, [name]: event.target.value }))}
          />
        ))}
        <StatusLine status={status} />
        <div className="auth-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? m.team_saving() : m.team_merchants_make()}
          </button>
        </div>
      </form>
    </details>
  );
}
