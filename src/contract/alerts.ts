// "Alert me" on a filtered list and the weekly e-mail digest (docs/api.md §4c): the requests, the
// answers, the limits and the texts. Imported directly (not through index.ts), so that only the
// Alert me dialog's chunk and the console's alerts page carry it.
import * as v from 'valibot';
import { error_bad_link, error_label_required, error_too_long } from '../../messages/errors/en.json';
import { fillText, OTHER_WORDINGS } from './error-texts.ts';
import { EMAIL_MAX } from './limits.ts';
import { Id } from './ids.ts';
import { OfferSearchRequest } from './offer-search.ts';

/** How many alerts one account may keep. */
export const ALERTS_PER_USER_MAX = 20;
/** A label names the list in words (e.g. 'HNB · Dining · Valid today'). */
export const ALERT_LABEL_MAX = 120;
/** New offers listed per alert in one digest; the rest are behind the list's link. */
export const DIGEST_OFFERS_PER_ALERT = 10;
/** How long an e-mail verification link works. */
export const EMAIL_VERIFY_LINK_DAYS = 3;
/** How long a reminder's stop link and a digest's unsubscribe link work: each message carries a fresh one. */
export const OPT_OUT_LINK_DAYS = 90;

/** The answers' success texts; the refusals' are their codes' (error-codes.ts). */
export const ALERT_MESSAGES = {
  created: 'Alert saved. New offers on this list come in your weekly e-mail.',
  deleted: 'Alert deleted.',
  emailSent: 'We sent a link to your e-mail address. Open it to confirm the address.',
  emailAlreadyVerified: 'This address is already confirmed.',
  emailVerified: 'Your e-mail address is confirmed. Your alerts come in a weekly e-mail.',
  unsubscribed: 'You will get no more alert e-mails. Your alerts are deleted.',
} as const;

export const AlertLabel = v.pipe(
  v.string('label must be text'),
  v.trim(),
  v.nonEmpty(error_label_required),
  v.maxLength(ALERT_LABEL_MAX, fillText(error_too_long, { max: ALERT_LABEL_MAX })),
);
const invalidEmail = OTHER_WORDINGS.alertInvalidEmail;
export const EmailAddress = v.pipe(
  v.string(invalidEmail),
  v.trim(),
  v.nonEmpty(invalidEmail),
  v.maxLength(EMAIL_MAX, invalidEmail),
  v.email(invalidEmail),
);

/** POST /user/alerts: the list's search request (as the filter bar sends it) and its name. */
export const NewAlertRequest = v.object({ label: AlertLabel, filter: OfferSearchRequest });
export const AlertIdParams = v.object({ alertId: Id });
/** POST /user/email: the address to confirm (and send the digests to). */
export const EmailRequest = v.object({ email: EmailAddress });
/** ?token= of the e-mail links; a bad one is answered as a bad link, never a 500. */
export const EmailTokenQuery = v.object({
  token: v.pipe(v.string(error_bad_link), v.nonEmpty(error_bad_link), v.maxLength(2000, error_bad_link)),
});

export const Alert = v.object({
  alertId: v.number(),
  label: v.string(),
  filter: v.unknown(),
  /** Where the list is on the site: the home page with the filter in the query. */
  listPath: v.string(),
  createdAt: v.string(),
});
export type AlertData = v.InferOutput<typeof Alert>;

/** The account's alerts with the state of its e-mail address: nothing is sent before it is confirmed. */
export const AlertsResponse = v.object({
  status: v.literal(true),
  data: v.array(Alert),
  email: v.nullable(v.string()),
  emailVerified: v.boolean(),
});
export type AlertsAnswer = v.InferOutput<typeof AlertsResponse>;
export const AlertChangedResponse = v.object({
  status: v.literal(true),
  message: v.string(),
  data: v.array(Alert),
  email: v.nullable(v.string()),
  emailVerified: v.boolean(),
});
export const EmailResponse = v.object({
  status: v.literal(true),
  message: v.string(),
  email: v.string(),
  emailVerified: v.boolean(),
});
export const EmailLinkResponse = v.object({ status: v.literal(true), message: v.string() });
/** GET /dev/mail-outbox/{address}: the console provider's e-mails to an address, newest first (development only). */
export const MailOutboxResponse = v.object({
  status: v.literal(true),
  data: v.array(
    v.object({
      to: v.string(),
      subject: v.string(),
      text: v.string(),
      html: v.optional(v.string()),
      headers: v.optional(v.record(v.string(), v.string())),
      sentAt: v.string(),
    }),
  ),
});
