// Where the signed-in header's profile entries lead (spec §2 Header, DECISIONS.md 'Profile
// dropdown'): Setting and Profile for everyone, Console and Create Offer for merchants too, Console
// (the review queue) for the team. The dropdown's Profile opens the Profile View modal instead of
// leaving the page.
import type { UserData } from '../../contract/index.ts';
import { USER_TYPES } from '../../contract/limits.ts';
import { localePath } from '../../lib/locale-path.ts';
import { m } from '../../paraglide/messages.js';
import { signOut } from '../../stores/session-calls.ts';

export interface AccountLink {
  label: string;
  href: string;
  /** Profile: the dropdown and the mobile overlay open the Profile View modal instead of the page. */
  profileView?: true;
}

const isMerchant = (user: Pick<UserData, 'userType'>) => user.userType === USER_TYPES.merchant;
const isTeam = (user: Pick<UserData, 'userType'>) => user.userType === USER_TYPES.team;
const consoleBase = (user: Pick<UserData, 'userType'>) =>
  localePath(`/console/${isMerchant(user) ? 'merchant' : isTeam(user) ? 'team' : 'customer'}`);

/** The merchant's Create Offer: the console's offer page, opening the offer-creation wizard. */
export const createOfferHref = (user: Pick<UserData, 'userType'>) =>
  isMerchant(user) ? `${consoleBase(user)}/offer#create` : undefined;

export function accountLinks(user: Pick<UserData, 'userType'>): AccountLink[] {
  const base = consoleBase(user);
  const links: AccountLink[] = [
    { label: m.account_link_setting(), href: `${base}/profile#settings` },
    { label: m.account_link_profile(), href: `${base}/profile`, profileView: true },
  ];
  if (isMerchant(user))
    links.push(
      { label: m.account_link_console(), href: `${base}/dashboard` },
      { label: m.account_create_offer(), href: createOfferHref(user)! },
    );
  if (isTeam(user)) links.push({ label: m.account_link_console(), href: `${base}/review` });
  return links;
}

/** Logout (spec §4): the session ends (here and in the other tabs), then home. */
export async function logOutAndGoHome(): Promise<void> {
  await signOut();
  location.assign(localePath('/'));
}
