// The consoles' routes (spec §2 'Merchant console', 'Customer console'; DECISIONS.md '/console/...
// need a session'): each user type's pages and side menu, and the guard every console page runs
// before it shows anything: a guest goes to sign-in and back (signInPath), a user of the other type
// to the same page of their own console.
import { USER_TYPES } from '../../contract/limits.ts';
import { signInPath } from '../../lib/site-urls.ts';

export const CONSOLE_KINDS = ['customer', 'merchant'] as const;
export type ConsoleKind = (typeof CONSOLE_KINDS)[number];
export const CONSOLE_SECTIONS = ['profile', 'dashboard', 'offer', 'subscription'] as const;
export type ConsoleSection = (typeof CONSOLE_SECTIONS)[number];

export const consolePath = (kind: ConsoleKind, section: ConsoleSection) => `/console/${kind}/${section}`;
/** Where a merchant opens the offer-creation wizard directly (the header's Create Offer link may add it). */
export const CREATE_OFFER_HASH = '#create';
export const CREATE_OFFER_QUERY = 'create';

/** Each page's heading; the menu uses the same words. */
export const SECTION_TITLES: Record<ConsoleKind, Record<ConsoleSection, string>> = {
  customer: { profile: 'Customer Profile', offer: 'My Offers', dashboard: 'Dashboard', subscription: 'Subscription' },
  merchant: { profile: 'Company Profile', dashboard: 'Dashboard', offer: 'Offer', subscription: 'Subscription Plan' },
};
/** The side menu (spec §2): customers see their profile and offers; merchants all four pages. */
export const CONSOLE_MENUS: Record<ConsoleKind, readonly ConsoleSection[]> = {
  customer: ['profile', 'offer'],
  merchant: ['profile', 'dashboard', 'offer', 'subscription'],
};

/** What the guard needs to know; passed in so that the guard's own code names no module's values. */
export interface GuardConfig { signInPrefix: string; merchantType: number }
/** signInPrefix: the sign-in path before the return path, e.g. '/login?returnTo='. */
export const GUARD_CONFIG: GuardConfig = { signInPrefix: signInPath(''), merchantType: USER_TYPES.merchant };

/**
 * The user of a stored session (localStorage text), or null for a guest. The same test as the
 * session store's: a token and a user with userId and userType.
 *
 * This and consoleGuardTarget also run as the page's first inline script (consoleGuardScript copies
 * their source into it), so they use nothing but their arguments and the browser's built-ins.
 */
export function storedConsoleUser(stored: string | null): { userType: number } | null {
  try {
    const session = JSON.parse(stored || 'null');
    const user = session && typeof session.token === 'string' && session.token !== '' ? session.user : null;
    return user && typeof user.userId === 'number' && typeof user.userType === 'number' ? { userType: user.userType } : null;
  } catch {
    return null;
  }
}

/** Where a console page sends this visitor: sign-in for a guest, the own console for the other type; null to stay. */
export function consoleGuardTarget(
  user: { userType: number } | null,
  here: { pathname: string; search: string; hash: string },
  config: GuardConfig,
): string | null {
  if (!user) return config.signInPrefix + encodeURIComponent(here.pathname + here.search + here.hash);
  const own = user.userType === config.merchantType ? 'merchant' : 'customer';
  const match = /^\/console\/(customer|merchant)(\/[^/?#]*)?/.exec(here.pathname);
  if (!match || match[1] === own) return null;
  return '/console/' + own + (match[2] || '/profile') + here.search + here.hash;
}

/**
 * The inline script every console page runs first, before the rest of the page is parsed: it
 * replaces the page with where the guard sends the visitor, or lets the page show
 * (html[data-console-ready]). Storage that cannot be read counts as a guest.
 */
export function consoleGuardScript(storageKey: string): string {
  return `(function () {
  var stored = null;
  try { stored = localStorage.getItem(${JSON.stringify(storageKey)}); } catch (e) { stored = null; }
  var to = (${consoleGuardTarget.toString()})((${storedConsoleUser.toString()})(stored), location, ${JSON.stringify(GUARD_CONFIG)});
  if (to) location.replace(to);
  else document.documentElement.setAttribute('data-console-ready', '');
})();`;
}
