// The consoles' texts (spec §2 'Merchant console', 'Customer console', 'Static pages and modals'),
// defined once for the pages, the islands and the tests. Field messages are MESSAGES
// (src/contract/limits.ts) and OFFER_MESSAGES, beside the wizard's step names OFFER_WIZARD_STEPS
// (src/contract/offer-form.ts).
import { type OFFER_DATE_TYPES, type OFFER_TYPES, UPLOAD_BYTES_MAX } from '../../contract/limits.ts';
import { OFFER_MESSAGES } from '../../contract/offer-form.ts';

/** What Dashboard and Subscription show for now (the spec names an 'under review' placeholder, not its words). */
export const UNDER_REVIEW_TEXT = 'This section is under review and will be available soon.';
/** Above the merchant's offers: why a new offer is not listed at once. */
export const OFFERS_REVIEW_NOTE = 'Offers you create are under review by our team before they are listed on OfferLanka.';

/** A merchant's review (spec §2, §4 'Merchant profile review flow'); the steps' names are MERCHANT_STEP_LABELS. */
export const MERCHANT_REVIEW_INTRO = 'Our team reviews your company profile before your account is activated. Upload your business registration documents to start.';
export const MERCHANT_ACTIVATED_TEXT = 'Your company is activated: you can send offers.';
export const DOCUMENTS_TITLE = 'Registration documents';
export const DOCUMENTS_EMPTY = 'No documents uploaded yet.';
export const DOCUMENT_UPLOAD_LABEL = `Upload a document (PDF, PNG or JPEG, at most ${UPLOAD_BYTES_MAX / 1024 / 1024} MB)`;
export const DOCUMENT_UPLOADED = 'Your document was uploaded. Our team will review it.';

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
export const OFFERS_EMPTY_NOT_ACTIVATED_TEXT = 'Once your company is activated, you can send your first offer for review here.';
/** A customer does not publish offers (only merchants do): My Offers points to the ones they can keep. */
export const OFFERS_EMPTY_CUSTOMER_TEXT = 'Offers on OfferLanka come from banks and merchants. Press the heart on any offer to keep it in your Favourites, in the header.';
export const BROWSE_OFFERS = 'Browse offers';
export const OFFERS_LOAD_FAILED = 'Your offers could not be loaded.';
/** An offer's review state in its owner's list; listed offers show their public badge instead. */
export const REVIEW_STATUS_LABELS = { pending: 'Pending review', rejected: 'Rejected', accepted: 'Listed' } as const;

/** A rejected offer in its owner's list, and its edit. */
export const REJECTION_REASON_LABEL = 'Why it was not accepted:';
export const EDIT_AND_RESEND = 'Edit and send again';
/** Beside the not-activated message: where the merchant uploads the documents the team reviews. */
export const UPLOAD_DOCUMENTS_LINK = 'Upload your registration documents';
export const RESEND_SUBMIT = 'Send again';
export const OFFER_RESENT_TITLE = 'Offer sent again';
export const OFFER_RESENT_TEXT = `${OFFER_MESSAGES.offerSentAgain} It will be listed once it is accepted.`;

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
