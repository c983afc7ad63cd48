// The console guard (src/islands/console/console-routes.ts; DECISIONS.md '/console/... need a
// session', '/login sends the visitor to /sign-in and then back'): a guest goes to sign in with the
// page as returnTo, a user of the other type to the same page of their own console; and the inline
// script the pages run first, evaluated as the browser would.
import { describe, expect, it } from 'vitest';
import { USER_TYPES } from '../../src/contract/index.ts';
import { safeReturnPath } from '../../src/islands/auth/account-forms.ts';
import {
  CONSOLE_MENUS,
  CONSOLE_PAGES,
  CONSOLE_SECTIONS,
  consoleGuardScript,
  consoleGuardTarget,
  consolePath,
  GUARD_CONFIG,
  SECTION_TITLES,
  storedConsoleUser,
} from '../../src/islands/console/console-routes.ts';
import { SESSION_STORAGE_KEY } from '../../src/stores/session.ts';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });
const customer = { userType: USER_TYPES.customer };
const merchant = { userType: USER_TYPES.merchant };
const team = { userType: USER_TYPES.team };
const session = (user: object, token = 'a-token') => JSON.stringify({ token, user });

describe('consoleGuardTarget', () => {
  it('sends a guest to /login with the whole page as returnTo, which sign-in accepts', () => {
    const target = consoleGuardTarget(null, at('/console/merchant/offer', '?create', '#top'), GUARD_CONFIG)!;
    expect(target).toBe('/login?returnTo=%2Fconsole%2Fmerchant%2Foffer%3Fcreate%23top');
    const returnTo = new URL(target, 'https://example.test').searchParams.get('returnTo');
    expect(safeReturnPath(returnTo)).toBe('/console/merchant/offer?create#top');
  });

  it('lets each type stay in its own console', () => {
    for (const section of CONSOLE_SECTIONS) {
      expect(consoleGuardTarget(customer, at(consolePath('customer', section)), GUARD_CONFIG)).toBeNull();
      expect(consoleGuardTarget(merchant, at(consolePath('merchant', section)), GUARD_CONFIG)).toBeNull();
    }
  });

  it('sends a user of the other type to the same page of their own console', () => {
    for (const section of CONSOLE_SECTIONS) {
      expect(consoleGuardTarget(customer, at(consolePath('merchant', section)), GUARD_CONFIG)).toBe(
        consolePath('customer', section),
      );
      expect(consoleGuardTarget(merchant, at(`${consolePath('customer', section)}/`), GUARD_CONFIG)).toBe(
        consolePath('merchant', section),
      );
    }
    expect(consoleGuardTarget(customer, at('/console/merchant/offer', '?create'), GUARD_CONFIG)).toBe(
      '/console/customer/offer?create',
    );
    expect(consoleGuardTarget(customer, at('/console/merchant'), GUARD_CONFIG)).toBe('/console/customer/profile');
  });

  it('keeps the team in its console, and everyone else out of it', () => {
    for (const section of CONSOLE_PAGES.team)
      expect(consoleGuardTarget(team, at(consolePath('team', section)), GUARD_CONFIG)).toBeNull();
    // A page the team console has too, or else its review queue.
    expect(consoleGuardTarget(team, at('/console/merchant/profile'), GUARD_CONFIG)).toBe('/console/team/profile');
    expect(consoleGuardTarget(team, at('/console/customer/offer', '?x=1'), GUARD_CONFIG)).toBe(
      '/console/team/review?x=1',
    );
    expect(consoleGuardTarget(customer, at('/console/team/review'), GUARD_CONFIG)).toBe('/console/customer/profile');
    expect(consoleGuardTarget(merchant, at('/console/team/audit'), GUARD_CONFIG)).toBe('/console/merchant/profile');
    expect(consoleGuardTarget(merchant, at('/console/team/profile'), GUARD_CONFIG)).toBe('/console/merchant/profile');
    // An unknown type is a customer.
    expect(consoleGuardTarget({ userType: 9 }, at('/console/team/review'), GUARD_CONFIG)).toBe(
      '/console/customer/profile',
    );
  });
});

describe('storedConsoleUser', () => {
  it('reads a session with a token, userId and userType', () => {
    expect(storedConsoleUser(session({ userId: 4, userType: 2 }))).toEqual({ userType: 2 });
  });

  it('reads anything else as a guest', () => {
    for (const stored of [
      null,
      '',
      'not json',
      'null',
      '{}',
      session({ userId: 4, userType: 2 }, ''),
      session({ userType: 1 }),
      session({ userId: 4 }),
      session({ userId: '4', userType: '1' }),
      JSON.stringify({ user: { userId: 4, userType: 1 } }),
    ]) {
      expect(storedConsoleUser(stored), String(stored)).toBeNull();
    }
  });
});

/** Runs the inline guard with `stored` in a storage, as a console page at `here` would. */
function runGuardScript(stored: string | null | Error, here = at('/console/customer/profile')) {
  const replaced: string[] = [];
  const attributes: string[] = [];
  const localStorage = {
    getItem: (key: string) => {
      if (stored instanceof Error) throw stored;
      return key === SESSION_STORAGE_KEY ? stored : null;
    },
  };
  const location = { ...here, replace: (to: string) => replaced.push(to) };
  const document = { documentElement: { setAttribute: (name: string) => attributes.push(name) } };
  new Function('localStorage', 'location', 'document', consoleGuardScript(SESSION_STORAGE_KEY))(
    localStorage,
    location,
    document,
  );
  return { replaced, attributes };
}

describe('the inline guard script', () => {
  it('lets a signed-in user of the page type see it', () => {
    expect(runGuardScript(session({ userId: 1, userType: 1 }))).toEqual({
      replaced: [],
      attributes: ['data-console-ready'],
    });
  });

  it('replaces the page for a guest, a broken session or storage that cannot be read', () => {
    for (const stored of [null, '{"token":', new Error('SecurityError')]) {
      expect(runGuardScript(stored)).toEqual({
        replaced: ['/login?returnTo=%2Fconsole%2Fcustomer%2Fprofile'],
        attributes: [],
      });
    }
  });

  it('replaces the page for the other type', () => {
    expect(runGuardScript(session({ userId: 1, userType: 2 }), at('/console/customer/offer'))).toEqual({
      replaced: ['/console/merchant/offer'],
      attributes: [],
    });
    expect(runGuardScript(session({ userId: 1, userType: 3 }), at('/console/merchant/offer'))).toEqual({
      replaced: ['/console/team/review'],
      attributes: [],
    });
    expect(runGuardScript(session({ userId: 1, userType: 3 }), at('/console/team/audit'))).toEqual({
      replaced: [],
      attributes: ['data-console-ready'],
    });
  });
});

describe('menus', () => {
  it('customers: Customer Profile, My Offers and Alerts; merchants: Company Profile, Dashboard, Offer, Subscription Plan', () => {
    expect(CONSOLE_MENUS.customer.map((section) => SECTION_TITLES.customer[section])).toEqual([
      'Customer Profile',
      'My Offers',
      'Alerts',
    ]);
    expect(CONSOLE_MENUS.merchant.map((section) => SECTION_TITLES.merchant[section])).toEqual([
      'Company Profile',
      'Dashboard',
      'Offer',
      'Subscription Plan',
    ]);
  });
});
