// Step 3 of the wizard, Offer Details (spec §3 'Offer-creation form'): title, header with its live
// 'n/90' count, description, validity (From … to … by default) with the dates it needs in
// DD/MM/YYYY or its description, offer type (off by default) and rate ('%' for a percentage, free
// text for customize), promo code, the banner image (BannerField), who can use it and when (EligibilityFields), and a preview of how
// the offer's tags, validity and eligibility will read.
import * as v from 'valibot';
import { Eligibility } from '../../../contract/eligibility.ts';
import {
  OFFER_DATE_TYPES,
  OFFER_HEADER_MAX,
  OFFER_TYPES,
  TRANSLATED_LOCALES,
  type BankData,
} from '../../../contract/index.ts';
import { datesNeeded, parseFormDate, TRANSLATED_OFFER_FIELDS } from '../../../contract/offer-form.ts';
import { LANGUAGE_NAMES } from '../../../lib/languages.ts';
import { eligibilityText } from '../../../lib/format-eligibility.ts';
import { offerTags } from '../../../lib/format-offer.ts';
import { offerValidity } from '../../../lib/offer-dates.ts';
import { m } from '../../../paraglide/messages.js';
import { SelectField, TextAreaField, TextField } from '../../ui/Field.tsx';
import {
  isPercentRate,
  submittedEligibility,
  translationField,
  typedFormDate,
  type OfferField,
  type OfferFormValues,
} from '../offer-form.ts';
import { OFFER_TYPE_LABELS, OFFER_VALIDITY_LABELS } from '../texts.ts';
import BannerField from './BannerField.tsx';
import EligibilityFields from './EligibilityFields.tsx';
import { fieldId, type StepProps } from './step-props.ts';

type TextName = Exclude<
  OfferField,
  'locations' | 'termsAccepted' | 'offerValidity' | 'offerType' | 'eligibility' | 'bannerImage' | 'offerTerms'
>;

export default function DetailsStep({ values, set, shown, touch, bank }: StepProps & { bank: BankData | undefined }) {
  const needed = datesNeeded(values.offerValidity);
  const percent = isPercentRate(values.offerType);
  /** A header's live 'n/90' count. */
  const headerCount = (header: string) => {
    const length = header.trim().length;
    return (
      <span className={length > OFFER_HEADER_MAX ? 'offer-count is-over' : 'offer-count'}>
        {length}/{OFFER_HEADER_MAX}
        <span className="visually-hidden"> {m.console_characters()}</span>
      </span>
    );
  };
  // The Sinhala and Tamil texts fold away until one is given or has a message.
  const translationNames = TRANSLATED_LOCALES.flatMap((locale) =>
    TRANSLATED_OFFER_FIELDS.map((field) => translationField(locale, field)),
  );
  const translationsOpen = translationNames.some((name) => values[name] !== '' || shown(name) !== undefined);
  /** The props every text input shares: its id, value, message, and touched when left. */
  const text = (name: TextName) => ({
    id: fieldId(name),
    name,
    value: values[name],
    error: shown(name),
    onBlur: () => touch(name),
  });
  const dateField = (name: 'fromDate' | 'toDate', label: string) => (
    <TextField
      {...text(name)}
      label={label}
      placeholder={m.console_date_placeholder()}
      inputMode="numeric"
      autoComplete="off"
      hint={m.console_date_hint({ format: m.console_date_placeholder() })}
      onChange={(event) => set(name, typedFormDate(event.target.value))}
    />
  );

  return (
    <div className="offer-details">
      <TextField
        {...text('offerTitle')}
        label={m.console_offer_title()}
        autoComplete="off"
        hint={m.console_offer_title_hint()}
        onChange={(event) => set('offerTitle', event.target.value)}
      />
      <TextField
        {...text('offerHeader')}
        label={m.console_offer_header()}
        autoComplete="off"
        hint={headerCount(values.offerHeader)}
        onChange={(event) => set('offerHeader', event.target.value)}
      />
      <TextAreaField
        {...text('offerDescription')}
        label={m.console_description_optional()}
        rows={4}
        onChange={(event) => set('offerDescription', event.target.value)}
      />

      <details className="offer-translations" open={translationsOpen || undefined}>
        <summary>{m.console_translations_title()}</summary>
        <p className="auth-hint">{m.console_translations_hint()}</p>
        {TRANSLATED_LOCALES.map((locale) => {
          const name = (field: (typeof TRANSLATED_OFFER_FIELDS)[number]) => translationField(locale, field);
          // Each field named with its language, apart from the English one of the same name.
          const inLanguage = (label: string) =>
            m.console_field_in_language({ label, language: LANGUAGE_NAMES[locale] });
          return (
            <fieldset key={locale} className="offer-translation">
              <legend lang={locale}>{LANGUAGE_NAMES[locale]}</legend>
              <TextField
                {...text(name('offerTitle'))}
                lang={locale}
                label={inLanguage(m.console_offer_title())}
                autoComplete="off"
                onChange={(event) => set(name('offerTitle'), event.target.value)}
              />
              <TextField
                {...text(name('offerHeader'))}
                lang={locale}
                label={inLanguage(m.console_offer_header())}
                autoComplete="off"
                hint={headerCount(values[name('offerHeader')])}
                onChange={(event) => set(name('offerHeader'), event.target.value)}
              />
              <TextAreaField
                {...text(name('offerDescription'))}
                lang={locale}
                label={inLanguage(m.console_description_optional())}
                rows={3}
                onChange={(event) => set(name('offerDescription'), event.target.value)}
              />
            </fieldset>
          );
        })}
      </details>

      <div className="offer-row">
        <SelectField
          id={fieldId('offerValidity')}
          name="offerValidity"
          label={m.console_validity()}
          value={values.offerValidity}
          error={shown('offerValidity')}
          onChange={(event) => set('offerValidity', event.target.value as OfferFormValues['offerValidity'])}
        >
          {OFFER_DATE_TYPES.map((type) => (
            <option key={type} value={type}>
              {OFFER_VALIDITY_LABELS[type]}
            </option>
          ))}
        </SelectField>
        {needed.from &&
          dateField('fromDate', values.offerValidity === 'on' ? m.console_offer_date() : m.console_start_date())}
        {needed.to && dateField('toDate', m.console_end_date())}
      </div>
      {needed.description && (
        <TextAreaField
          {...text('validTimeDateDescription')}
          label={m.console_valid_when()}
          rows={2}
          hint={m.console_valid_when_hint()}
          onChange={(event) => set('validTimeDateDescription', event.target.value)}
        />
      )}

      <div className="offer-row">
        <SelectField
          id={fieldId('offerType')}
          name="offerType"
          label={m.console_offer_type()}
          value={values.offerType}
          error={shown('offerType')}
          onChange={(event) => set('offerType', event.target.value as OfferFormValues['offerType'])}
        >
          {OFFER_TYPES.map((type) => (
            <option key={type} value={type}>
              {OFFER_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <TextField
          {...text('offerRate')}
          label={m.console_offer_rate()}
          autoComplete="off"
          inputMode={percent ? 'decimal' : 'text'}
          hint={
            values.offerType === 'instalment'
              ? m.console_rate_interest_hint()
              : percent
                ? m.console_rate_percent_hint()
                : m.console_rate_custom_hint()
          }
          after={
            percent ? (
              <span className="offer-unit" aria-hidden="true">
                %
              </span>
            ) : undefined
          }
          onChange={(event) => set('offerRate', event.target.value)}
        />
        {values.offerType === 'instalment' && (
          <TextField
            {...text('instalmentMonths')}
            label={m.console_instalment_months()}
            autoComplete="off"
            inputMode="numeric"
            onChange={(event) => set('instalmentMonths', event.target.value)}
          />
        )}
      </div>
      <TextField
        {...text('promoCode')}
        label={m.console_promo_code()}
        autoComplete="off"
        autoCapitalize="characters"
        onChange={(event) => set('promoCode', event.target.value)}
      />
      <BannerField values={values} set={set} shown={shown} touch={touch} />

      <EligibilityFields values={values} set={set} shown={shown} touch={touch} bank={bank} />

      <OfferPreview values={values} bankName={bank?.bankName} />
    </div>
  );
}

/** How the offer's tag and validity will read on its card and page, with the site's own wording. */
function OfferPreview({ values, bankName }: { values: OfferFormValues; bankName: string | undefined }) {
  const isoDate = (text: string) => parseFormDate(text)?.toISOString() ?? null;
  const needed = datesNeeded(values.offerValidity);
  const tags = offerTags({
    offerType: values.offerType,
    offerRate: values.offerRate,
    instalmentMonths: Number(values.instalmentMonths) || null,
  });
  const validity = offerValidity({
    offerDateType: values.offerValidity,
    offerStart: needed.from ? isoDate(values.fromDate) : null,
    offerEnd: needed.to ? isoDate(values.toDate) : null,
    validTimeDateDescription: needed.description ? values.validTimeDateDescription : null,
  });
  // Shown once the eligibility reads as the contract wants it; until then its message says what is wrong.
  const checked = v.safeParse(Eligibility, submittedEligibility(values.eligibility));
  const eligibility = checked.success && bankName ? eligibilityText(checked.output, bankName) : '';
  return (
    <section className="offer-preview" aria-labelledby="offer-preview-title">
      <h4 id="offer-preview-title">{m.console_preview()}</h4>
      <p className="offer-preview-tags" data-offer-preview-tags>
        {tags.length ? (
          tags.map((tag) => (
            <span className="tag" key={tag}>
              {tag}
            </span>
          ))
        ) : (
          <span className="offer-preview-empty">{m.console_preview_empty()}</span>
        )}
      </p>
      {validity && <p className="offer-preview-validity">{validity}</p>}
      {eligibility && <p className="offer-preview-eligibility">{eligibility}</p>}
    </section>
  );
}
