// The consoles' texts are messages (messages/console/, m.console_…). The texts here are the ones
// read in several places (the consoles, the team's islands, the console pages) as plain strings:
// each is read from its message when used, so in the language of the page being rendered.
import type { OFFER_DATE_TYPES, OFFER_TYPES } from '../../contract/limits.ts';
import { m } from '../../paraglide/messages.js';

/**
 * Texts read from their messages at each access: the build renders every language in one process,
 * so a text kept in a constant would stay in the first language rendered.
 */
export function messageTexts<K extends string>(messages: Record<K, () => string>): Readonly<Record<K, string>> {
  const texts = {} as Record<K, string>;
  for (const key of Object.keys(messages) as K[])
    Object.defineProperty(texts, key, { get: messages[key], enumerable: true });
  return texts;
}

/** An offer's review state, as the team's lists show it (its owner's list: own-offer-standing.ts). */
export const REVIEW_STATUS_LABELS = messageTexts({
  pending: m.console_status_pending,
  rejected: m.console_status_rejected,
  accepted: m.console_status_listed,
});
export const OFFER_VALIDITY_LABELS: Readonly<Record<(typeof OFFER_DATE_TYPES)[number], string>> = messageTexts({
  fromTo: m.console_validity_from_to,
  until: m.console_validity_until,
  till: m.console_validity_till,
  on: m.console_validity_on,
  other: m.console_validity_other,
  customize: m.console_validity_customize,
});
export const OFFER_TYPE_LABELS: Readonly<Record<(typeof OFFER_TYPES)[number], string>> = messageTexts({
  off: m.console_type_off,
  upto: m.console_type_upto,
  discount: m.console_type_discount,
  customize: m.console_type_customize,
  instalment: m.console_type_instalment,
});
