// The consoles' texts (spec §2 'Merchant console', 'Customer console', 'Static pages and modals'),
// defined once for the pages, the islands and the tests. Field messages are MESSAGES
// (src/contract/limits.ts) and OFFER_MESSAGES, beside the wizard's step names OFFER_WIZARD_STEPS
// (src/contract/offer-form.ts).
import { type OFFER_DATE_TYPES, type OFFER_TYPES } from '../../contract/limits.ts';
import { OFFER_MESSAGES } from '../../contract/offer-form.ts';

/** What Dashboard and Subscription show for now (the spec names an 'under review' placeholder, not its words). */
export const UNDER_REVIEW_TEXT = 'This section is under review and will be available soon.';
/** Above the merchant's offers: why a new offer is not listed at once. */
export const OFFERS_REVIEW_NOTE = 'Offers you create are under review by our team before they are listed on OfferLanka.';

/** A merchant's review status (spec §2, §4 'Merchant profile review flow'); none is marked done yet. */
export const MERCHANT_REVIEW_STEPS = ['Document Submitted', 'Business Registration review', 'Activation'] as const;
export const MERCHANT_REVIEW_INTRO = 'Our team reviews your company profile before your account is activated.';

/** The company profile's read-only fields (spec §2 'Merchant console'), in the order shown. */
export const COMPANY_FIELDS = [
  { key: 'businessName', label: 'Company name' },
  { key: 'companyEmail', label: 'Company email' },
  { key: 'contactNo', label: 'Contact no' },
  { key: 'BRno', label: 'Business registration no' },
  { key: 'addressNo', label: 'Address no' },
  { key: 'streetName', label: 'Street name' },
  { key: 'city', label: 'City' },
] as const;
export const NOT_GIVEN = 'Not given';

/** The offer lists (My Offers, the merchant's Offer page). */
export const OFFERS_EMPTY_TITLE = 'You have no offers yet.';
export const OFFERS_EMPTY_MERCHANT_TEXT = 'Press Create Offer to send your first offer for review.';
export const OFFERS_EMPTY_CUSTOMER_TEXT = 'Offers you publish on OfferLanka will be listed here.';
export const OFFERS_LOAD_FAILED = 'Your offers could not be loaded.';
/** An offer's review state in its owner's list; listed offers show their public badge instead. */
export const REVIEW_STATUS_LABELS = { pending: 'Pending review', rejected: 'Rejected', accepted: 'Listed' } as const;

/** The offer-creation wizard. */
export const CREATE_OFFER = 'Create Offer';
export const OFFER_SENT_TITLE = 'Offer sent';
export const OFFER_SENT_TEXT = `${OFFER_MESSAGES.offerSentForReview} It will be listed once it is accepted.`;
export const ACCEPT_TERMS_LABEL = 'I accept the terms & conditions';
export const DATE_PLACEHOLDER = 'DD/MM/YYYY';
export const OFFER_VALIDITY_LABELS: Record<(typeof OFFER_DATE_TYPES)[number], string> = {
  fromTo: 'From … to …', until: 'Valid until', till: 'Till', on: 'Valid on one day', other: 'Other', customize: 'Customize',
};
export const OFFER_TYPE_LABELS: Record<(typeof OFFER_TYPES)[number], string> = {
  off: 'Off (N% off)', upto: 'Up to (upto N% off)', discount: 'Discount (N % discount)', customize: 'Customize (your own text)',
};
/** Notice title for the wizard's failures. */
export const CREATE_OFFER_NOTICE_TITLE = 'Create offer';
export const CATALOGUE_LOAD_FAILED = 'This list could not be loaded.';

/** The signed-out state a console page falls back to when the session ends while it is open. */
export const SIGNED_OUT_TEXT = 'You are signed out.';
