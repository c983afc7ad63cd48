// Step 5 of the wizard, terms & conditions: the terms the offer's page will show (the general ones
// and the chosen bank's, from GET /api/site/terms), the merchant's own terms of this offer (free
// text, optional), and the required 'I accept' checkbox.
import type { TermItem, TermsData } from '../../../contract/index.ts';
import type * as v from 'valibot';
import type { Loaded } from '../../ui/use-loaded.ts';
import { m } from '../../../paraglide/messages.js';
import { TextAreaField } from '../../ui/Field.tsx';
import LoadState from './LoadState.tsx';
import { fieldId, type StepProps } from './step-props.ts';

interface Props extends StepProps {
  terms: Loaded<TermsData>;
  onRetry: () => void;
  /** The bank chosen in step 2, whose own terms apply too. */
  bank?: { bankId: number; bankName: string };
}

export default function TermsStep({ terms, onRetry, bank, values, set, shown, touch }: Props) {
  const error = shown('termsAccepted');
  const id = fieldId('termsAccepted');
  return (
    <div className="offer-terms">
      {terms.state === 'ready' ? (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is reached by the keyboard to scroll it
        <div className="offer-terms-text" tabIndex={0} role="region" aria-label={m.console_terms_region()}>
          <TermList title={m.console_general_terms()} items={terms.data.general} />
          {bank && (
            <TermList
              title={m.console_bank_terms({ bank: bank.bankName })}
              items={terms.data.byBank[String(bank.bankId)] ?? []}
            />
          )}
        </div>
      ) : (
        <LoadState loaded={terms} what={m.console_what_terms()} onRetry={onRetry} />
      )}
      <TextAreaField
        id={fieldId('offerTerms')}
        name="offerTerms"
        value={values.offerTerms}
        error={shown('offerTerms')}
        onBlur={() => touch('offerTerms')}
        label={m.console_own_terms()}
        hint={m.console_own_terms_hint()}
        rows={4}
        onChange={(event) => set('offerTerms', event.target.value)}
      />
      <div className="auth-field">
        <label className="auth-check" htmlFor={id}>
          <input
            type="checkbox"
            id={id}
            checked={values.termsAccepted}
            onChange={(event) => set('termsAccepted', event.target.checked)}
            onBlur={() => touch('termsAccepted')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <span>{m.console_accept_terms()}</span>
        </label>
        {error && (
          <p className="auth-error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

function TermList({ title, items }: { title: string; items: readonly v.InferOutput<typeof TermItem>[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <h4>{title}</h4>
      <ol>
        {items.map((item) => (
          <li key={item.id}>{item.value}</li>
        ))}
      </ol>
    </>
  );
}
