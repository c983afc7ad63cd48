// Opens the guest's sign-in prompt (src/components/SignInPrompt.astro, in every page), its SignIn
// link leading back to `returnTo` after signing in.
import { localePath } from '../../lib/locale-path.ts';
import { signInPath } from '../../lib/site-urls.ts';

export function openSignInPrompt(returnTo = location.pathname + location.search): void {
  const dialog = document.getElementById('sign-in-prompt');
  if (!(dialog instanceof HTMLDialogElement)) {
    location.assign(localePath(signInPath(returnTo))); // a page without the prompt: sign in directly
    return;
  }
  dialog
    .querySelector<HTMLAnchorElement>('[data-sign-in-link]')
    ?.setAttribute('href', localePath(signInPath(returnTo)));
  if (!dialog.open) dialog.showModal();
}
