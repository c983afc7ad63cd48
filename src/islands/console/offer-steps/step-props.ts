// What every step of the offer-creation wizard is given by src/islands/console/OfferWizard.tsx.
import type { OfferField, OfferFormValues } from '../offer-form.ts';

export interface StepProps {
  values: OfferFormValues;
  set: <K extends OfferField>(name: K, value: OfferFormValues[K]) => void;
  /** The field's message once it was touched (or the server's, after a refused submit). */
  shown: (name: OfferField) => string | undefined;
  touch: (name: OfferField) => void;
}

/** Each field's element id: the wizard focuses the first invalid one, and messages hang off it. */
export const fieldId = (name: OfferField) => `offer-${name}`;
