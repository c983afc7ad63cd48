// The offer-creation wizard (spec §2 'Static pages and modals', §3 'Offer-creation form', §5):
// Select Category, Select Bank, Offer Details, Valid Location, terms & conditions, with step
// markers, Back and Next, and Submit on the last step. The whole form is checked with the
// contract's CreateOfferRequest: a field's message shows once it was touched, and Next touches
// every field of its step and stays, focusing the first invalid one, while any has a message.
// Submit sends POST /api/create/new/offer; the server's 400 issues go back to their fields and
// step. A failed request keeps everything typed. A sent offer is pending review.
// With `edit`, the same steps change an existing offer: the form starts from it, and Submit sends
// it with edit.send (the merchant's resend of a rejected offer, the reviewer's edit).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { fetchBanks, fetchCategories } from '../../client/catalogue-lists.ts';
import { createOffer, fetchLocationNames, fetchOfferTerms } from '../../client/console.ts';
import { ApiError, failureText } from '../../client/http.ts';
import { type OfferData } from '../../contract/index.ts';
import type { CreateOfferData } from '../../contract/offer-form.ts';
import { categoryIconSrc } from '../../lib/api-images.ts';
import { m } from '../../paraglide/messages.js';
import { showNotice } from '../../stores/notices.ts';
import { sessionApi } from '../../stores/session-calls.ts';
import { focusFirstInvalid } from '../ui/Field.tsx';
import StepHeader from '../ui/StepHeader.tsx';
import { useLoaded } from '../ui/use-loaded.ts';
import ChoiceStep from './offer-steps/ChoiceStep.tsx';
import DetailsStep from './offer-steps/DetailsStep.tsx';
import LocationStep from './offer-steps/LocationStep.tsx';
import TermsStep from './offer-steps/TermsStep.tsx';
import type { StepProps } from './offer-steps/step-props.ts';
import {
  checkOfferForm,
  emptyOfferForm,
  firstStepWithError,
  issuesToErrors,
  offerFormValues,
  STEP_FIELDS,
  STEP_NAMES,
  type OfferField,
  type OfferFormErrors,
  type OfferFormValues,
} from './offer-form.ts';
import '../ui/auth.css';
import './console.css';
import { categoryName } from '../../lib/translated.ts';

/** A list the wizard could not load: what happened, with the server's or the network's words. */
const listFailure = (error: unknown) => `${m.console_catalogue_load_failed()} ${failureText(error)}`;
/** The steps' names in the page's language. */
const stepNames = () => STEP_NAMES.map((name) => name());
const [CATEGORY, BANK, DETAILS, LOCATION, TERMS] = [0, 1, 2, 3, 4] as const;
const LAST_STEP = STEP_NAMES.length - 1;

/** Editing an offer instead of creating one. */
export interface OfferEdit {
  offer: OfferData;
  send: (form: CreateOfferData) => Promise<OfferData>;
  submitLabel: string;
  sentTitle: string;
  sentText: string;
  /** The terms were accepted when the offer was first sent (the reviewer's edit). */
  termsAccepted?: boolean;
}

interface Props {
  /** Whether its dialog is open: once closed, the confirmation of a sent offer gives way to a new form. */
  open: boolean;
  /** A sent offer, for the list behind the wizard. */
  onCreated: (offer: OfferData) => void;
  onClose: () => void;
  edit?: OfferEdit;
}

export default function OfferWizard({ open, onCreated, onClose, edit }: Props) {
  const startValues = () =>
    edit ? { ...offerFormValues(edit.offer), termsAccepted: edit.termsAccepted ?? false } : emptyOfferForm();
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const movedStep = useRef(false);
  const [step, setStep] = useState<number>(CATEGORY);
  const [values, setValues] = useState<OfferFormValues>(startValues);
  const [touched, setTouched] = useState<ReadonlySet<OfferField>>(new Set());
  /** The server's messages from the last submit, each until its field changes. */
  const [serverErrors, setServerErrors] = useState<OfferFormErrors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const categories = useLoaded(
    async () =>
      (await fetchCategories()).map((category) => ({
        value: String(category.categoryId),
        label: categoryName(category),
        imageUrl: categoryIconSrc(category.iconName),
      })),
    listFailure,
  );
  const banks = useLoaded(fetchBanks, listFailure);
  const towns = useLoaded(fetchLocationNames, listFailure);
  const terms = useLoaded(fetchOfferTerms, listFailure);

  useEffect(() => {
    if (!open) setSent(false);
  }, [open]);
  // Each new step's heading takes focus, so that a screen reader starts reading there.
  useEffect(() => {
    if (movedStep.current) heading.current?.focus();
    movedStep.current = true;
  }, [step, sent]);

  const { errors } = checkOfferForm(values);
  const touch = (...names: OfferField[]) => setTouched((current) => new Set([...current, ...names]));
  const set: StepProps['set'] = (name, value) => {
    setValues((current) => ({
      ...current,
      [name]: value,
      // Listed cards are the bank's own: another bank starts with none ticked.
      ...(name === 'bankInfo' && value !== current.bankInfo
        ? { eligibility: { ...current.eligibility, cards: [] } }
        : {}),
    }));
    setServerErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  };
  const stepProps: StepProps = {
    values,
    set,
    touch,
    shown: (name) => (touched.has(name) ? (errors[name] ?? serverErrors[name]) : undefined),
  };
  const stepHasError = (index: number, found: OfferFormErrors) => STEP_FIELDS[index]!.some((name) => found[name]);

  /** Goes to `index` with every field of it touched, focusing its first invalid field. */
  function showStepErrors(index: number) {
    touch(...STEP_FIELDS[index]!);
    if (index === step) focusFirstInvalid(form.current);
    else setStep(index);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (step < LAST_STEP) {
      if (stepHasError(step, errors)) return showStepErrors(step);
      return setStep(step + 1);
    }
    const checked = checkOfferForm(values);
    const wrongStep = firstStepWithError(checked.errors);
    if (!checked.data || wrongStep !== undefined) return showStepErrors(wrongStep ?? step);
    setBusy(true);
    try {
      onCreated(edit ? await edit.send(checked.data) : (await createOffer(checked.data, sessionApi)).data);
      setSent(true);
      setValues(startValues());
      setTouched(new Set());
      setStep(CATEGORY);
    } catch (failure) {
      refused(failure);
    }
    setBusy(false);
  }

  /** A refused submit: the server's field messages at their fields (and step), anything else as a notice. */
  function refused(failure: unknown) {
    const fromServer = failure instanceof ApiError && failure.status === 400 ? issuesToErrors(failure.issues) : {};
    const wrongStep = firstStepWithError(fromServer);
    if (wrongStep === undefined) {
      // A customer's 403 says merchants_only's text; a network failure or a 429 says what to do.
      showNotice({ kind: 'danger', title: m.console_create_offer_notice(), text: failureText(failure) });
      return;
    }
    setServerErrors(fromServer);
    touch(...(Object.keys(fromServer) as OfferField[]));
    if (wrongStep === step) focusFirstInvalid(form.current);
    else setStep(wrongStep);
  }

  // A step reached by a refused Next or submit focuses its first invalid field rather than its heading.
  useEffect(() => {
    if (stepHasError(step, { ...errors, ...serverErrors }) && STEP_FIELDS[step]!.some((name) => touched.has(name)))
      focusFirstInvalid(form.current);
    // Only when the step changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [step]);

  if (sent) {
    return (
      <div className="offer-sent">
        <h3 ref={heading} tabIndex={-1}>
          {edit?.sentTitle ?? m.console_offer_sent_title()}
        </h3>
        <p role="status">{edit?.sentText ?? m.console_offer_sent_text()}</p>
        <div className="auth-actions">
          <button type="button" className="button" onClick={onClose}>
            {m.common_close()}
          </button>
          {!edit && (
            <button type="button" className="button secondary" onClick={() => setSent(false)}>
              {m.console_create_another()}
            </button>
          )}
        </div>
      </div>
    );
  }

  const bank =
    values.bankInfo && banks.state === 'ready'
      ? banks.data.find((item) => String(item.bankId) === values.bankInfo)
      : undefined;
  return (
    <div className="offer-wizard">
      <StepHeader steps={stepNames()} current={step} heading="h3" headingRef={heading} classPrefix="offer" />
      <form
        ref={form}
        className="auth-form offer-form"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-busy={busy}
      >
        {step === CATEGORY && (
          <ChoiceStep
            {...stepProps}
            name="offerCategory"
            legend={m.console_category_legend()}
            what={m.console_what_categories()}
            choices={categories}
            onRetry={categories.reload}
          />
        )}
        {step === BANK && (
          <ChoiceStep
            {...stepProps}
            name="bankInfo"
            legend={m.console_bank_legend()}
            what={m.console_what_banks()}
            choices={
              banks.state === 'ready'
                ? {
                    state: 'ready',
                    data: banks.data.map((item) => ({
                      value: String(item.bankId),
                      label: item.bankName,
                      imageUrl: item.logoURL,
                    })),
                  }
                : banks
            }
            onRetry={banks.reload}
          />
        )}
        {step === DETAILS && <DetailsStep {...stepProps} bank={bank} />}
        {step === LOCATION && <LocationStep {...stepProps} towns={towns} onRetry={towns.reload} />}
        {step === TERMS && <TermsStep {...stepProps} terms={terms} onRetry={terms.reload} bank={bank} />}
        <div className="auth-actions offer-actions">
          {step > CATEGORY && (
            <button type="button" className="button secondary" onClick={() => setStep(step - 1)} disabled={busy}>
              {m.console_back()}
            </button>
          )}
          <button type="submit" className="button" disabled={busy}>
            {step === LAST_STEP
              ? busy
                ? m.console_sending()
                : (edit?.submitLabel ?? m.console_submit())
              : m.console_next()}
          </button>
        </div>
      </form>
    </div>
  );
}
