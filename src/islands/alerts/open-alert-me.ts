// "Alert me" on a filtered list (the home filter bar, the bank page): a guest gets the sign-in
// prompt; a signed-in user the Alert me dialog, its code loaded on the first press so that no
// page carries it at load.
import { openAfterPaint } from '../../lib/after-paint.ts';
import type { OfferFilter } from '../../stores/offer-filters.ts';
import { $isSignedIn } from '../../stores/session.ts';
import { openSignInPrompt } from '../ui/sign-in-prompt.ts';

/** The list to follow: its filter as the filter bar holds it, and its name in words. */
export interface AlertMeList {
  label: string;
  filter: OfferFilter;
}

export function openAlertMe(list: AlertMeList): void {
  if (!$isSignedIn.get()) {
    openSignInPrompt();
    return;
  }
  openAfterPaint(
    () => import('./mount-alert-me.tsx'),
    ({ showAlertMe }) => showAlertMe(list),
  );
}
