// Every page: a guest's page stays as the build wrote it, and loads nothing more. With a stored
// session (signed in here or in another tab) the signed-in part loads: it checks the session,
// loads the favourites and puts the account menu in the header (src/page-scripts/signed-in.ts).
// <html> carries data-has-session while there is one (BaseLayout.astro sets it before the page is
// drawn): CSS hides what is for guests only, such as the sign-up ad. A logout that could not reach
// the server is sent again at load and when the browser is back online.
import { HAS_SESSION_ATTRIBUTE } from '../lib/constants.ts';
import { $session } from '../stores/session.ts';
import { revokeKeptTokensWhenOnline } from '../stores/tokens-to-revoke.ts';

let started = false;
function startWhenSignedIn() {
  document.documentElement.toggleAttribute(HAS_SESSION_ATTRIBUTE, Boolean($session.get()));
  if (started || !$session.get()) return;
  started = true;
  void import('./signed-in.ts').then(({ startSignedIn }) => startSignedIn());
}

startWhenSignedIn();
$session.listen(startWhenSignedIn);

// A logout made offline, here or in another tab, is sent to the server at the next chance.
revokeKeptTokensWhenOnline(() =>
  import('../stores/session-calls.ts').then(({ revokeKeptTokens }) => revokeKeptTokens()),
);
