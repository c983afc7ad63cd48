// Every console page, after its inline guard let the page show (src/pages/[...locale]/console/_components/
// ConsoleLayout.astro): the stored session is checked with the server. A session the server
// refuses ends, and the visitor goes to sign in and back here (spec §4: an invalid session on a
// restricted route goes to /login); a session of the other user type goes to its own console.
// A session that ends later while the page is open (logout here or in another tab) hides the
// console and offers to sign in again, without moving the page: a logout here goes home itself.
import { checkSession } from '../../client/session.ts';
import { $session, endSession } from '../../stores/session.ts';
import { consoleGuardTarget, GUARD_CONFIG } from './console-routes.ts';

const here = () => ({ pathname: location.pathname, search: location.search, hash: location.hash });

function showSignedOut(signedOut: boolean): void {
  document.documentElement.toggleAttribute('data-console-signed-out', signedOut);
}

async function guardConsole(): Promise<void> {
  const session = $session.get();
  // The stored text passed the inline guard but not the store's whole check: no session after all.
  const early = consoleGuardTarget(session ? { userType: session.user.userType } : null, here(), GUARD_CONFIG);
  if (early) return location.replace(early);

  $session.listen((current) => showSignedOut(!current));
  const check = await checkSession(session!.token);
  if (check.kind === 'ended') {
    if ($session.get()?.token === session!.token) endSession();
    location.replace(consoleGuardTarget(null, here(), GUARD_CONFIG)!);
  } else if (check.kind === 'valid') {
    const target = consoleGuardTarget({ userType: check.userType }, here(), GUARD_CONFIG);
    if (target) location.replace(target);
  }
}

void guardConsole();
