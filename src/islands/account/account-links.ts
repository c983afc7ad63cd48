// Where the signed-in header's profile entries lead (spec §2 Header, DECISIONS.md 'Profile
// dropdown'): Setting and Profile for everyone, Console and Create Offer for merchants too. The
// account issue fills the console pages in.
import type { UserData } from '../../contract/index.ts';
import { USER_TYPES } from '../../contract/limits.ts';
import { signOut } from '../../lib/session-api.ts';

export interface AccountLink { label: string; href: string }

export function accountLinks(user: Pick<UserData, 'userType'>): AccountLink[] {
  const merchant = user.userType === USER_TYPES.merchant;
  const base = merchant ? '/console/merchant' : '/console/customer';
  const links = [
    { label: 'Setting', href: `${base}/profile#settings` },
    { label: 'Profile', href: `${base}/profile` },
  ];
  if (merchant) links.push({ label: 'Console', href: `${base}/dashboard` }, { label: 'Create Offer', href: `${base}/offer` });
  return links;
}

/** Logout (spec §4): the session ends (here and in the other tabs), then home. */
export async function logOutAndGoHome(): Promise<void> {
  await signOut();
  location.assign('/');
}
