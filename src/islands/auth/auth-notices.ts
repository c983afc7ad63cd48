// Notices of the account flows (spec §4, §8) that end a flow: a blocked account, or a number whose
// code sending is blocked. Both send the visitor home; the move waits a moment so that the notice
// can be read (notices live in the page and do not survive a page change).
import type { Refusal } from '../../client/accounts.ts';
import { ERROR_CODES } from '../../contract/error-codes.ts';
import { contractText, contractTextsLoaded } from '../../lib/form-errors.ts';
import { localePath } from '../../lib/locale-path.ts';
import { m } from '../../paraglide/messages.js';
import { showNotice, type NewNotice } from '../../stores/notices.ts';

export const HOME_AFTER_NOTICE_MS = 4_000;

/**
 * 'Account blocked!' / 'Your account blocked.' for a team block; 'Account blocked' with the server's
 * message for blocked code sending (the reset flow passes 'Account blocked!' for both, spec §4).
 * Then home.
 */
export function showRefusalAndGoHome(refusal: Refusal, codesBlockedTitle = m.account_codes_blocked_title()): void {
  showNotice(refusalNotice(refusal, codesBlockedTitle));
  setTimeout(() => location.assign(localePath('/')), HOME_AFTER_NOTICE_MS);
}

/**
 * 'Invalid mobile number' over the form, for a press on its button with a number it cannot take:
 * in the page's language once its texts are in (a press on a slow phone can come first).
 */
export async function showInvalidMobileNotice(): Promise<void> {
  await contractTextsLoaded();
  showNotice({
    kind: 'info',
    title: contractText(ERROR_CODES.invalid_mobile_title),
    text: contractText(ERROR_CODES.enter_valid_mobile),
    placement: 'top-center',
  });
}

/** The danger notice of a refusal, as above. */
export function refusalNotice(refusal: Refusal, codesBlockedTitle = m.account_codes_blocked_title()): NewNotice {
  return refusal.kind === 'account-blocked'
    ? { kind: 'danger', title: m.account_account_blocked_title(), text: contractText(ERROR_CODES.account_blocked) }
    : { kind: 'danger', title: codesBlockedTitle, text: refusal.message };
}
