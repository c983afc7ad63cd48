// The offer-creation wizard's form state and rules, apart from its components so that they can be
// unit-tested. The rules are the contract's CreateOfferRequest only (the body of POST
// /api/create/new/offer), checked on the whole form, so the wizard says exactly what the API would.
import * as v from 'valibot';
import type {
  CardScope,
  CardSpecData,
  Channel,
  EligibilityData,
  EligibilityInput,
  Weekday,
} from '../../contract/eligibility.ts';
import {
  SRI_LANKA_UTC_OFFSET_MS,
  TRANSLATED_LOCALES,
  type ApiIssue,
  type OFFER_DATE_TYPES,
  type OFFER_TYPES,
  type OfferData,
  type TranslatedLocale,
} from '../../contract/index.ts';
import {
  CreateOfferRequest,
  datesNeeded,
  OFFER_FORM_DEFAULTS,
  TRANSLATED_OFFER_FIELDS,
  type CreateOfferData,
} from '../../contract/offer-form.ts';
import { m } from '../../paraglide/messages.js';

type TranslatedOfferField = (typeof TRANSLATED_OFFER_FIELDS)[number];
/**
 * A Sinhala or Tamil text's form field, named by its path in the request ('translations.si.offerTitle'),
 * so that its message, the server's issue and its touched state all go by one name.
 */
export type TranslationFieldName = `translations.${TranslatedLocale}.${TranslatedOfferField}`;
export const translationField = (locale: TranslatedLocale, field: TranslatedOfferField): TranslationFieldName =>
  `translations.${locale}.${field}`;
const TRANSLATION_FIELDS = TRANSLATED_LOCALES.flatMap((locale) =>
  TRANSLATED_OFFER_FIELDS.map((field) => translationField(locale, field)),
);
/** Where each translated field is stored in an answer's `translations`. */
const STORED_FIELD = {
  offerTitle: 'label',
  offerHeader: 'header',
  offerDescription: 'description',
} as const satisfies Record<TranslatedOfferField, string>;

export interface OfferFormValues extends Record<TranslationFieldName, string> {
  /** Chosen ids as text ('' while none is chosen), as radio inputs hold them. */
  offerCategory: string;
  bankInfo: string;
  offerTitle: string;
  offerHeader: string;
  offerDescription: string;
  offerValidity: (typeof OFFER_DATE_TYPES)[number];
  fromDate: string;
  toDate: string;
  validTimeDateDescription: string;
  offerType: (typeof OFFER_TYPES)[number];
  offerRate: string;
  /** An instalment plan's months as typed ('' for none); sent only with offerType 'instalment'. */
  instalmentMonths: string;
  promoCode: string;
  /** A newly chosen banner as a data: URL; '' keeps the offer's banner (or none for a new offer). */
  bannerImage: string;
  locations: string[];
  eligibility: EligibilityFormValues;
  /** The merchant's own terms, free text. */
  offerTerms: string;
  termsAccepted: boolean;
}

/** Who can use the offer, as the form holds it: times, rupees and the website as typed ('' for none). */
export interface EligibilityFormValues {
  cardScope: CardScope;
  /** Chosen from the bank's cards; kept only with cardScope 'listed'. */
  cards: CardSpecData[];
  days: Weekday[];
  timeFrom: string;
  timeTo: string;
  minBill: string;
  maxDiscount: string;
  channel: Channel | '';
  website: string;
  registerFirst: boolean;
  /** Days to call and convert to instalments, as typed ('' for none). */
  convertWithinDays: string;
  promoCodeRequired: boolean;
}
export type OfferField = keyof OfferFormValues;
export type OfferFormErrors = Partial<Record<OfferField, string>>;

export const emptyOfferForm = (): OfferFormValues => ({
  ...translationValues(() => ''),
  offerCategory: '',
  bankInfo: '',
  offerTitle: '',
  offerHeader: '',
  offerDescription: '',
  offerValidity: OFFER_FORM_DEFAULTS.offerValidity,
  fromDate: '',
  toDate: '',
  validTimeDateDescription: '',
  offerType: OFFER_FORM_DEFAULTS.offerType,
  offerRate: '',
  instalmentMonths: '',
  promoCode: '',
  bannerImage: '',
  locations: [],
  eligibility: emptyEligibilityForm(),
  offerTerms: '',
  termsAccepted: false,
});

export const emptyEligibilityForm = (): EligibilityFormValues => ({
  cardScope: 'all',
  cards: [],
  days: [],
  timeFrom: '',
  timeTo: '',
  minBill: '',
  maxDiscount: '',
  channel: '',
  website: '',
  registerFirst: false,
  convertWithinDays: '',
  promoCodeRequired: false,
});

const eligibilityFormValues = (eligibility: EligibilityData): EligibilityFormValues => ({
  cardScope: eligibility.cardScope,
  cards: eligibility.cards,
  days: eligibility.days,
  timeFrom: eligibility.timeFrom ?? '',
  timeTo: eligibility.timeTo ?? '',
  minBill: eligibility.minBill === null ? '' : String(eligibility.minBill),
  maxDiscount: eligibility.maxDiscount === null ? '' : String(eligibility.maxDiscount),
  channel: eligibility.channel ?? '',
  website: eligibility.website ?? '',
  registerFirst: eligibility.registerFirst,
  convertWithinDays: eligibility.convertWithinDays === null ? '' : String(eligibility.convertWithinDays),
  promoCodeRequired: eligibility.promoCodeRequired,
});

/** Rupees as typed ('5,000', 'Rs. 5000'): a number, NaN for anything else (the contract refuses it), null for nothing. */
function typedRupees(text: string): number | null {
  const digits = text
    .trim()
    .replace(/^rs\.?\s*/i, '')
    .replace(/[,\s]/g, '');
  if (digits === '') return null;
  return /^\d{1,12}$/.test(digits) ? Number(digits) : Number.NaN;
}

/** A whole number as typed: a number, NaN for anything else (the contract refuses it), null for nothing. */
function typedWholeNumber(text: string): number | null {
  const digits = text.trim();
  if (digits === '') return null;
  return /^\d{1,6}$/.test(digits) ? Number(digits) : Number.NaN;
}

/** The eligibility the contract reads: empty fields as null, listed cards only when the offer lists them. */
export const submittedEligibility = (form: EligibilityFormValues): EligibilityInput => ({
  cardScope: form.cardScope,
  cards: form.cardScope === 'listed' ? form.cards : [],
  days: form.days,
  timeFrom: form.timeFrom || null,
  timeTo: form.timeTo || null,
  minBill: typedRupees(form.minBill),
  maxDiscount: typedRupees(form.maxDiscount),
  channel: form.channel || null,
  website: form.channel === 'online' || form.channel === 'both' ? form.website.trim() || null : null,
  registerFirst: form.registerFirst,
  convertWithinDays: typedWholeNumber(form.convertWithinDays),
  promoCodeRequired: form.promoCodeRequired,
});

/** A day as the form writes it, DD/MM/YYYY, in Sri Lanka time. */
function formDate(iso: string | null): string {
  if (!iso) return '';
  const there = new Date(Date.parse(iso) + SRI_LANKA_UTC_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(there.getUTCDate())}/${two(there.getUTCMonth() + 1)}/${there.getUTCFullYear()}`;
}

/** Every translated field, with the text `valueOf` gives it. */
const translationValues = (valueOf: (locale: TranslatedLocale, field: TranslatedOfferField) => string) =>
  Object.fromEntries(
    TRANSLATED_LOCALES.flatMap((locale) =>
      TRANSLATED_OFFER_FIELDS.map((field) => [translationField(locale, field), valueOf(locale, field)]),
    ),
  ) as Record<TranslationFieldName, string>;

/** The form as an existing offer fills it, for an edit; the terms are to be accepted again. */
export const offerFormValues = (offer: OfferData): OfferFormValues => ({
  ...translationValues((locale, field) => offer.translations[locale]?.[STORED_FIELD[field]] ?? ''),
  offerCategory: String(offer.categoryId),
  bankInfo: String(offer.bankId),
  offerTitle: offer.label,
  offerHeader: offer.header,
  offerDescription: offer.description,
  offerValidity: offer.offerDateType,
  fromDate: formDate(offer.offerStart),
  toDate: formDate(offer.offerEnd),
  validTimeDateDescription: offer.validTimeDateDescription ?? '',
  offerType: offer.offerType,
  offerRate: offer.offerRate ?? '',
  instalmentMonths: offer.instalmentMonths == null ? '' : String(offer.instalmentMonths),
  promoCode: offer.promoCode ?? '',
  bannerImage: '',
  locations: offer.location.map((location) => location.value),
  eligibility: eligibilityFormValues(offer.eligibility),
  offerTerms: offer.offerTerms,
  termsAccepted: false,
});

/**
 * The wizard's steps in the spec's order (§2 'Static pages and modals'): their names, message
 * functions called where a name shows, and the fields of each, in the order they are shown.
 */
export const STEP_NAMES: readonly (() => string)[] = [
  m.console_step_category,
  m.console_step_bank,
  m.console_step_details,
  m.console_step_location,
  m.console_step_terms,
];
export const STEP_FIELDS: readonly (readonly OfferField[])[] = [
  ['offerCategory'],
  ['bankInfo'],
  [
    'offerTitle',
    'offerHeader',
    'offerDescription',
    ...TRANSLATION_FIELDS,
    'offerValidity',
    'fromDate',
    'toDate',
    'validTimeDateDescription',
    'offerType',
    'offerRate',
    'instalmentMonths',
    'promoCode',
    'bannerImage',
    'eligibility',
  ],
  ['locations'],
  ['offerTerms', 'termsAccepted'],
];
if (STEP_FIELDS.length !== STEP_NAMES.length) throw new Error('STEP_FIELDS must have one entry per wizard step');

const FIELDS = STEP_FIELDS.flat();

/** The step that holds a field. */
export const stepOfField = (name: OfferField) => STEP_FIELDS.findIndex((fields) => fields.includes(name));

/** A rate is a percentage for every offer type but customize, whose rate is free text. */
export const isPercentRate = (offerType: OfferFormValues['offerType']) => offerType !== 'customize';

/**
 * What is sent: the dates and the description the chosen validity does not use are left out (they
 * stay in the form, so that switching back finds them), and so is nothing else.
 */
export function submittedValues(values: OfferFormValues): Omit<
  OfferFormValues,
  'eligibility' | 'bannerImage' | 'instalmentMonths' | TranslationFieldName
> & {
  instalmentMonths: number | null;
  eligibility: EligibilityInput;
  translations: Record<TranslatedLocale, Record<TranslatedOfferField, string>>;
  bannerImage?: string;
} {
  const needed = datesNeeded(values.offerValidity);
  const own = Object.fromEntries(
    Object.entries(values).filter(([name]) => !TRANSLATION_FIELDS.includes(name as TranslationFieldName)),
  ) as Omit<OfferFormValues, TranslationFieldName>;
  return {
    ...own,
    translations: Object.fromEntries(
      TRANSLATED_LOCALES.map((locale) => [
        locale,
        Object.fromEntries(TRANSLATED_OFFER_FIELDS.map((field) => [field, values[translationField(locale, field)]])),
      ]),
    ) as Record<TranslatedLocale, Record<TranslatedOfferField, string>>,
    fromDate: needed.from ? values.fromDate : '',
    toDate: needed.to ? values.toDate : '',
    validTimeDateDescription: needed.description ? values.validTimeDateDescription : '',
    eligibility: submittedEligibility(values.eligibility),
    bannerImage: values.bannerImage || undefined,
    // Months belong to plans alone; a number that is not one (NaN) is the contract's to refuse.
    instalmentMonths:
      values.offerType === 'instalment' && values.instalmentMonths.trim() !== ''
        ? Number(values.instalmentMonths.trim())
        : null,
  };
}

/** A form field's name from an issue path ('locations.2' is the locations field; a translated text is its whole path). */
const fieldOfPath = (path: string): OfferField | undefined =>
  FIELDS.find((name) => name === path) ?? FIELDS.find((name) => name === path.split('.')[0]);

/** Each field's first message under CreateOfferRequest, or the parsed body when there is none. */
export function checkOfferForm(values: OfferFormValues): { errors: OfferFormErrors; data?: CreateOfferData } {
  const result = v.safeParse(CreateOfferRequest, submittedValues(values));
  if (result.success) return { errors: {}, data: result.output };
  return {
    errors: issuesToErrors(
      Object.entries(v.flatten(result.issues).nested ?? {}).map(([path, messages]) => ({
        path,
        message: messages?.[0] ?? '',
      })),
    ),
  };
}

/** Issues by path (the contract's, or a 400's from the server) as one message per form field. */
export function issuesToErrors(issues: readonly ApiIssue[]): OfferFormErrors {
  const errors: OfferFormErrors = {};
  for (const issue of issues) {
    const name = fieldOfPath(issue.path);
    if (name && !errors[name] && issue.message) errors[name] = issue.message;
  }
  return errors;
}

/** The first step with a message, or undefined when every step is right. */
export function firstStepWithError(errors: OfferFormErrors): number | undefined {
  const steps = (Object.keys(errors) as OfferField[]).map(stepOfField).filter((step) => step >= 0);
  return steps.length ? Math.min(...steps) : undefined;
}

/**
 * A date field's text as it is typed: its digits, with the slashes put in ('12032026' and
 * '12/03/2026' both read '12/03/2026'), since a phone's number pad has no '/' key.
 */
export function typedFormDate(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}
