// Opens the guest's sign-in prompt (src/components/SignInPrompt.astro, in every page), its SignIn
// link leading back to `returnTo` after signing in.
import { SIGN_IN_RETURN_PARAM } from './constants.ts';

export const signInPath = (returnTo: string) => `/login?${new URLSearchParams({ [SIGN_IN_RETURN_PARAM]: returnTo })}`;

export function openSignInPrompt(returnTo = location.pathname + location.search): void {
  const dialog = document.getElementById('sign-in-prompt');
  if (!(dialog instanceof HTMLDialogElement)) {
    location.assign(signInPath(returnTo)); // a page without the prompt: sign in directly
    return;
  }
  dialog.querySelector<HTMLAnchorElement>('[data-sign-in-link]')?.setAttribute('href', signInPath(returnTo));
  if (!dialog.open) dialog.showModal();
}
