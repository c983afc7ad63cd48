// Every page: a guest's page stays as the build wrote it, and loads nothing more. With a stored
// session (signed in here or in another tab) the signed-in part loads: it checks the session,
// loads the favourites and puts the account menu in the header (src/scripts/signed-in.ts).
import { $session } from '../stores/session.ts';

let started = false;
function startWhenSignedIn() {
  if (started || !$session.get()) return;
  started = true;
  void import('./signed-in.ts').then(({ startSignedIn }) => startSignedIn());
}

startWhenSignedIn();
$session.listen(startWhenSignedIn);
