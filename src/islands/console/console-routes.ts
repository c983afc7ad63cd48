// The consoles' routes (spec §2 'Merchant console', 'Customer console'; DECISIONS.md '/console/...
// need a session'; the team console): each user type's pages and side menu, and the guard every
// console page runs before it shows anything: a guest goes to sign-in and back (signInPath), a user
// of another type to the same page of their own console.
import { USER_TYPES } from '../../contract/limits.ts';
import { signInPath } from '../../lib/site-urls.ts';
import { m } from '../../paraglide/messages.js';
import { messageTexts } from './texts.ts';

export const CONSOLE_KINDS = ['customer', 'merchant', 'team'] as const;
export type ConsoleKind = (typeof CONSOLE_KINDS)[number];
/** Each console's pages; the first is where a visitor of that type lands from another console's page it does not have. */
export const CONSOLE_PAGES = {
  customer: ['profile', 'dashboard', 'offer', 'subscription', 'alerts'],
  merchant: ['profile', 'dashboard', 'offer', 'subscription'],
  team: [
    'review',
    'overview',
    'offers',
    'merchants',
    'accounts',
    'catalogue',
    'importers',
    'reports',
    'feedback',
    'subscribers',
    'audit',
    'profile',
  ],
} as const;
export type ConsoleSection<K extends ConsoleKind = ConsoleKind> = (typeof CONSOLE_PAGES)[K][number];
/** The customer's and merchant's pages (both consoles have these four; the customer also has 'alerts'). */
export const CONSOLE_SECTIONS = CONSOLE_PAGES.merchant;

export const consolePath = <K extends ConsoleKind>(kind: K, section: ConsoleSection<K>) =>
  `/console/${kind}/${section}`;
/** Where a merchant opens the offer-creation wizard directly (the header's Create Offer link may add it). */
export const CREATE_OFFER_HASH = '#create';
export const CREATE_OFFER_QUERY = 'create';

/** Each page's heading; the menu uses the same words. */
export const SECTION_TITLES: { [K in ConsoleKind]: Readonly<Record<ConsoleSection<K>, string>> } = {
  customer: messageTexts({
    profile: m.console_title_customer_profile,
    offer: m.console_title_my_offers,
    dashboard: m.console_title_dashboard,
    subscription: m.console_title_subscription,
    alerts: m.console_title_alerts,
  }),
  merchant: messageTexts({
    profile: m.console_title_company_profile,
    dashboard: m.console_title_dashboard,
    offer: m.console_title_offer,
    subscription: m.console_title_subscription_plan,
  }),
  team: messageTexts({
    overview: m.console_title_overview,
    review: m.console_title_review,
    offers: m.console_title_offers,
    merchants: m.console_title_merchants,
    accounts: m.console_title_accounts,
    catalogue: m.console_title_catalogue,
    importers: m.console_title_importers,
    reports: m.console_title_reports,
    feedback: m.console_title_feedback,
    subscribers: m.console_title_subscribers,
    audit: m.console_title_audit_log,
    profile: m.console_title_profile,
  }),
};
/** The side menu (spec §2): customers see their profile and offers; merchants all four pages; the team its whole console. */
export const CONSOLE_MENUS: { [K in ConsoleKind]: readonly ConsoleSection<K>[] } = {
  customer: ['profile', 'offer', 'alerts'],
  merchant: ['profile', 'dashboard', 'offer', 'subscription'],
  team: [
    'overview',
    'review',
    'offers',
    'merchants',
    'accounts',
    'catalogue',
    'importers',
    'reports',
    'feedback',
    'subscribers',
    'audit',
    'profile',
  ],
};
/** The menu's name for screen readers. */
export const CONSOLE_NAMES: Readonly<Record<ConsoleKind, string>> = messageTexts({
  customer: m.console_name_customer,
  merchant: m.console_name_merchant,
  team: m.console_name_team,
});

/** What the guard needs to know; passed in so that the guard's own code names no module's values. */
export interface GuardConfig {
  signInPrefix: string;
  /** The console of each user type; any other type has the customer's. */
  kindOfUserType: Record<number, ConsoleKind>;
  pages: Record<ConsoleKind, readonly string[]>;
}
/** signInPrefix: the sign-in path before the return path, e.g. '/login?returnTo='. */
export const GUARD_CONFIG: GuardConfig = {
  signInPrefix: signInPath(''),
  kindOfUserType: { [USER_TYPES.customer]: 'customer', [USER_TYPES.merchant]: 'merchant', [USER_TYPES.team]: 'team' },
  pages: CONSOLE_PAGES,
};

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
    return user && typeof user.userId === 'number' && typeof user.userType === 'number'
      ? { userType: user.userType }
      : null;
  } catch {
    return null;
  }
}

/**
 * Where a console page sends this visitor: sign-in for a guest; for a user of another type, the
 * same page of their own console, or its first page when it has no such page; null to stay.
 */
export function consoleGuardTarget(
  user: { userType: number } | null,
  here: { pathname: string; search: string; hash: string },
  config: GuardConfig,
): string | null {
  if (!user) return config.signInPrefix + encodeURIComponent(here.pathname + here.search + here.hash);
  const own = config.kindOfUserType[user.userType] || 'customer';
  const match = /^\/console\/([a-z]+)(?:\/([^/?#]*))?/.exec(here.pathname);
  if (!match || match[1] === own) return null;
  const pages = config.pages[own];
  const page = pages.indexOf(match[2] || '') >= 0 ? match[2] : pages[0];
  return '/console/' + own + '/' + page + here.search + here.hash;
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
