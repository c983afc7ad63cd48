// The wizard's form state (src/islands/console/offer-form.ts): messages by field and step from the
// contract alone, the values sent for each validity, server issues back to fields, date typing.
import { describe, expect, it } from 'vitest';
import { NO_ELIGIBILITY } from '../../src/contract/eligibility.ts';
import { type OfferData } from '../../src/contract/index.ts';
import { documentDownloadName } from '../../src/contract/team.ts';
import {
  checkOfferForm,
  emptyEligibilityForm,
  emptyOfferForm,
  firstStepWithError,
  issuesToErrors,
  offerFormValues,
  STEP_FIELDS,
  STEP_NAMES,
  stepOfField,
  submittedEligibility,
  submittedValues,
  typedFormDate,
  type OfferFormValues,
} from '../../src/islands/console/offer-form.ts';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';

const filled = (): OfferFormValues => ({
  ...emptyOfferForm(),
  offerCategory: '3',
  bankInfo: '1',
  offerTitle: 'Weekend dining',
  offerHeader: 'Dinner for less',
  fromDate: '01/01/2099',
  toDate: '31/12/2099',
  offerRate: '15',
  termsAccepted: true,
});

describe('the wizard form', () => {
  it('starts empty with validity From … to … and type off', () => {
    expect(emptyOfferForm()).toMatchObject({
      offerValidity: 'fromTo',
      offerType: 'off',
      locations: [],
      termsAccepted: false,
    });
  });

  it('has the five wizard steps in the spec order', () => {
    expect(STEP_NAMES.map((name) => name())).toEqual([
      'Select Category',
      'Select Bank',
      'Offer Details',
      'Valid Location',
      'terms & conditions',
    ]);
  });

  it('has every field in one step, one list per wizard step', () => {
    expect(STEP_FIELDS).toHaveLength(STEP_NAMES.length);
    expect(STEP_FIELDS.flat().sort()).toEqual(Object.keys(emptyOfferForm()).sort());
    expect(stepOfField('bankInfo')).toBe(1);
    expect(stepOfField('termsAccepted')).toBe(4);
  });

  it("an empty form: each required field's message, and step 1 first", () => {
    const { errors, data } = checkOfferForm(emptyOfferForm());
    expect(data).toBeUndefined();
    expect(errors).toEqual({
      offerCategory: ERROR_CODES.required,
      bankInfo: ERROR_CODES.required,
      offerTitle: ERROR_CODES.required,
      offerHeader: ERROR_CODES.required,
      fromDate: ERROR_CODES.required,
      toDate: ERROR_CODES.required,
      offerRate: ERROR_CODES.required,
      termsAccepted: ERROR_CODES.accept_offer_terms,
    });
    expect(firstStepWithError(errors)).toBe(0);
  });

  it('a whole form gives the body to send', () => {
    const { errors, data } = checkOfferForm(filled());
    expect(errors).toEqual({});
    expect(data).toMatchObject({
      offerCategory: 3,
      bankInfo: 1,
      offerValidity: 'fromTo',
      fromDate: '01/01/2099',
      toDate: '31/12/2099',
    });
    expect(firstStepWithError(errors)).toBeUndefined();
  });

  it('leaves out the dates and description the validity does not use, keeping them in the form', () => {
    const values = {
      ...filled(),
      offerValidity: 'until' as const,
      fromDate: '31/02/2099',
      validTimeDateDescription: 'Weekends',
    };
    expect(submittedValues(values)).toMatchObject({ fromDate: '', toDate: '31/12/2099', validTimeDateDescription: '' });
    expect(checkOfferForm(values).errors).toEqual({}); // the bad start date is not used
    expect(checkOfferForm({ ...values, offerValidity: 'fromTo' }).errors).toEqual({
      fromDate: ERROR_CODES.invalid_form_date,
    });
    expect(submittedValues({ ...values, offerValidity: 'other' })).toMatchObject({
      fromDate: '',
      toDate: '',
      validTimeDateDescription: 'Weekends',
    });
  });

  it('puts each message at its step', () => {
    expect(firstStepWithError(checkOfferForm({ ...filled(), offerHeader: 'x'.repeat(91) }).errors)).toBe(2);
    expect(firstStepWithError(checkOfferForm({ ...filled(), termsAccepted: false }).errors)).toBe(4);
    expect(checkOfferForm({ ...filled(), locations: ['Kandy', ' '] }).errors).toEqual({
      locations: ERROR_CODES.required,
    });
  });

  it("maps the server's issues to the form's fields, the first of each", () => {
    const errors = issuesToErrors([
      { path: 'offerHeader', message: ERROR_CODES.offer_header_too_long },
      { path: 'offerHeader', message: 'second' },
      { path: 'locations.3', message: 'At most 80 characters.' },
      { path: 'merchantId', message: 'not a field' },
    ]);
    expect(errors).toEqual({ offerHeader: ERROR_CODES.offer_header_too_long, locations: 'At most 80 characters.' });
    expect(firstStepWithError(errors)).toBe(2);
    expect(firstStepWithError(issuesToErrors([{ path: 'bankInfo', message: 'Unknown bank' }]))).toBe(1);
  });

  it('types dates as DD/MM/YYYY from digits, with or without slashes', () => {
    expect(typedFormDate('1')).toBe('1');
    expect(typedFormDate('120')).toBe('12/0');
    expect(typedFormDate('1203')).toBe('12/03');
    expect(typedFormDate('12032026')).toBe('12/03/2026');
    expect(typedFormDate('12/03/2026')).toBe('12/03/2026');
    expect(typedFormDate('12/03/20261')).toBe('12/03/2026');
    expect(typedFormDate('ab')).toBe('');
  });
});

describe('documentDownloadName', () => {
  it("keeps the merchant's name, made safe, with the extension the bytes say", () => {
    const doc = (fileName: string, contentType = 'application/pdf') =>
      documentDownloadName({ documentId: 7, fileName, contentType });
    expect(doc('Business registration.pdf')).toBe('Business registration.pdf');
    expect(doc('page.html')).toBe('page.pdf');
    expect(doc('../../evil.pdf.exe', 'image/png')).toBe('evil pdf.png');
    expect(doc('"quoted";.jpg', 'image/jpeg')).toBe('quoted.jpg');
    expect(doc('....', 'image/jpeg')).toBe('document-7.jpg');
  });
});

describe('submittedEligibility', () => {
  it('sends empty fields as null, rupees as typed with separators, the website only for online use', () => {
    const form = {
      ...emptyEligibilityForm(),
      minBill: 'Rs. 5,000',
      maxDiscount: ' 2500 ',
      timeFrom: '18:00',
      timeTo: '22:00',
      channel: 'inStore' as const,
      website: 'https://x.example',
    };
    expect(submittedEligibility(form)).toEqual({
      cardScope: 'all',
      cards: [],
      days: [],
      timeFrom: '18:00',
      timeTo: '22:00',
      minBill: 5000,
      maxDiscount: 2500,
      channel: 'inStore',
      website: null,
      registerFirst: false,
      convertWithinDays: null,
      promoCodeRequired: false,
    });
    expect(submittedEligibility({ ...form, registerFirst: true, convertWithinDays: ' 30 ' })).toMatchObject({
      registerFirst: true,
      convertWithinDays: 30,
    });
    expect(submittedEligibility({ ...form, convertWithinDays: 'a month' }).convertWithinDays).toBeNaN();
    expect(submittedEligibility({ ...form, channel: 'online' }).website).toBe('https://x.example');
    expect(submittedEligibility({ ...form, minBill: '5k' }).minBill).toBeNaN();
  });

  it("gives the contract's message for eligibility the form cannot send, at the eligibility field of step 3", () => {
    const values = { ...filled(), eligibility: { ...emptyEligibilityForm(), minBill: 'five thousand' } };
    expect(checkOfferForm(values).errors).toEqual({ eligibility: ERROR_CODES.invalid_rupees });
    expect(stepOfField('eligibility')).toBe(2);
    expect(
      checkOfferForm({ ...values, eligibility: { ...emptyEligibilityForm(), cardScope: 'listed' } }).errors,
    ).toEqual({ eligibility: ERROR_CODES.listed_needs_cards });
  });
});

describe('the banner and the own terms', () => {
  it("sends a chosen banner and the own terms; no banner chosen sends none, so an edit keeps the offer's", () => {
    expect(submittedValues(filled()).bannerImage).toBeUndefined();
    const banner = 'data:image/png;base64,iVBORw0KGgo=';
    expect(submittedValues({ ...filled(), bannerImage: banner, offerTerms: 'Dine-in only.' })).toMatchObject({
      bannerImage: banner,
      offerTerms: 'Dine-in only.',
    });
    expect(stepOfField('bannerImage')).toBe(2);
    expect(stepOfField('offerTerms')).toBe(4);
  });
});

describe('offerFormValues', () => {
  it('fills the form from an offer, dates as Sri Lanka days, so that an unchanged edit passes the same checks', () => {
    const values = offerFormValues({
      offerId: 3,
      label: 'Weekday lunch',
      header: '20% off lunch',
      description: '<p>x</p>',
      bannerImageURL: null,
      offerType: 'off',
      offerRate: '20',
      offerDateType: 'fromTo',
      offerStart: '2099-01-09T18:30:00.000Z',
      offerEnd: '2099-02-01T18:29:59.000Z',
      validTimeDateDescription: null,
      promoCode: null,
      hotLine: { mobileNo: [], email: [] },
      cardTypes: [],
      status: 'pending',
      withdrawn: false,
      location: [{ value: 'Kandy', isActive: true }],
      views: 0,
      interest: 0,
      createAt: '2026-01-01T00:00:00.000Z',
      bankId: 2,
      categoryId: 5,
      translations: { ta: { header: 'மதிய உணவுக்கு 20% தள்ளுபடி' } },
      eligibility: {
        ...NO_ELIGIBILITY,
        cardScope: 'credit',
        days: ['sat', 'sun'],
        minBill: 5000,
        timeFrom: '18:00',
        timeTo: '22:00',
      },
    } as unknown as OfferData);
    expect(values).toMatchObject({
      offerCategory: '5',
      bankInfo: '2',
      fromDate: '10/01/2099',
      toDate: '01/02/2099',
      locations: ['Kandy'],
      termsAccepted: false,
    });
    expect(values).toMatchObject({
      'translations.ta.offerHeader': 'மதிய உணவுக்கு 20% தள்ளுபடி',
      'translations.ta.offerTitle': '',
      'translations.si.offerHeader': '',
    });
    expect(values.eligibility).toEqual({
      cardScope: 'credit',
      cards: [],
      days: ['sat', 'sun'],
      timeFrom: '18:00',
      timeTo: '22:00',
      minBill: '5000',
      maxDiscount: '',
      channel: '',
      website: '',
      registerFirst: false,
      convertWithinDays: '',
      promoCodeRequired: false,
    });
    expect(checkOfferForm({ ...values, termsAccepted: true }).errors).toEqual({});
  });

  it('sends the Sinhala and Tamil texts nested by language, checked with the English limits at their own fields in step 3', () => {
    const values = {
      ...filled(),
      'translations.si.offerHeader': 'රාත්‍රී ආහාරය අඩුවට',
      'translations.ta.offerDescription': 'வார இறுதியில்',
    };
    const sent = submittedValues(values);
    expect(sent.translations).toEqual({
      si: { offerTitle: '', offerHeader: 'රාත්‍රී ආහාරය අඩුවට', offerDescription: '' },
      ta: { offerTitle: '', offerHeader: '', offerDescription: 'வார இறுதியில்' },
    });
    expect(Object.keys(sent).some((name) => name.startsWith('translations.'))).toBe(false);
    expect(checkOfferForm(values).data?.translations.si?.offerHeader).toBe('රාත්‍රී ආහාරය අඩුවට');

    const { errors } = checkOfferForm({ ...values, 'translations.ta.offerHeader': 'அ'.repeat(91) });
    expect(Object.keys(errors)).toEqual(['translations.ta.offerHeader']);
    expect(firstStepWithError(errors)).toBe(2);
    expect(issuesToErrors([{ path: 'translations.si.offerTitle', message: 'At most 60 characters.' }])).toEqual({
      'translations.si.offerTitle': 'At most 60 characters.',
    });
  });
});
