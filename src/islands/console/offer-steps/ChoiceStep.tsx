// Steps 1 and 2 of the wizard, Select Category and Select Bank: one required choice from a list
// read from the API, each shown with its icon or logo.
import { apiImageSrc } from '../../../lib/api-images.ts';
import type { Loaded } from '../../ui/use-loaded.ts';
import type { OfferField } from '../offer-form.ts';
import LoadState from './LoadState.tsx';
import { fieldId, type StepProps } from './step-props.ts';

export interface Choice {
  value: string;
  label: string;
  imageUrl: string;
}

interface Props extends StepProps {
  name: Extract<OfferField, 'offerCategory' | 'bankInfo'>;
  legend: string;
  /** What the list is, for its loading text ('categories'). */
  what: string;
  choices: Loaded<Choice[]>;
  onRetry: () => void;
}

export default function ChoiceStep({ name, legend, what, choices, onRetry, values, set, shown, touch }: Props) {
  const error = shown(name);
  const errorId = `${fieldId(name)}-error`;
  if (choices.state !== 'ready') return <LoadState loaded={choices} what={what} onRetry={onRetry} />;
  return (
    <fieldset
      className="offer-choices"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) touch(name);
      }}
    >
      <legend>{legend}</legend>
      <div className="offer-choice-grid">
        {choices.data.map((choice, index) => (
          <label className="offer-choice" key={choice.value}>
            {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- with none chosen, each choice is the field in error and says so */}
            <input
              type="radio"
              name={name}
              value={choice.value}
              id={index === 0 ? fieldId(name) : undefined}
              checked={values[name] === choice.value}
              onChange={() => set(name, choice.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <img src={apiImageSrc(choice.imageUrl)} alt="" width={32} height={32} loading="lazy" />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p className="auth-error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
