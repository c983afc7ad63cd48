// "I'll use this": a guest gets the sign-in prompt (as the favourite control does), a signed-in user
// the plan's dialog, its code loaded on the first press so that no page carries it at load.
import type { OfferData } from '../../contract/responses.ts';
import { showLoadFailure } from '../../lib/after-paint.ts';
import { localePath } from '../../lib/locale-path.ts';
import { offerCanonicalPath } from '../../lib/site-urls.ts';
import { $isSignedIn } from '../../stores/session.ts';
import { openSignInPrompt } from '../ui/sign-in-prompt.ts';

export function openUsePlan(offer: OfferData, onPlanned?: (planned: boolean) => void): void {
  if (!$isSignedIn.get()) {
    openSignInPrompt(localePath(offerCanonicalPath(offer)));
    return;
  }
  import('./mount-use-plan.tsx').then(({ showUsePlan }) => showUsePlan(offer, onPlanned), showLoadFailure);
}
