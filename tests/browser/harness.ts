// The browser suite's site: the server and build that tests/browser/site-setup.ts started once for
// the whole suite, and Debian's Chromium driven by playwright-core, one per test file. The files
// share one database, so each test makes its own accounts, addresses and views.
import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import type { Result, RunOptions } from 'axe-core';
import { expect, inject } from 'vitest';
import type { BankData, CategoryData, OfferData, UserData } from '../../src/contract/index.ts';
import type { TermsData } from '../../src/contract/index.ts';
import { SESSION_STORAGE_KEY } from '../../src/stores/session.ts';
import { buildInfo, servedBuild } from '../../src/server/site/builds-dir.ts';
import type { CatalogueSnapshot } from '../../src/server/site/rebuilder.ts';
import { HYDRATED_ATTRIBUTE } from '../../src/islands/intent-directive.ts';

/** The two widths every page is checked at: a phone and a desktop. */
export const PHONE = 375;
export const DESKTOP = 1280;

/** Home's list has its answer: not busy (a press holds the list it had, busy, for a frame) and no skeletons. */
export const offerListSettled = async (page: Page) =>
  (await page.locator('[data-offer-list][aria-busy]').count()) === 0 &&
  (await page.locator('.offer-browser .offer-card-skeleton').count()) === 0;

/** The offer page's script has run (it enables Report a problem): its scripts load after the first paint,
 * and until then Save is the plain link to sign-in. */
export const offerPageStarted = (page: Page) => page.locator('[data-report-offer]').isEnabled();

export interface BrowserSite {
  url: string;
  browser: Browser;
  /** Every public offer (listed and expired), each shown by the served build when the file started. */
  offers: OfferData[];
  /** The offers lists show: those not expired. */
  listed: OfferData[];
  banks: BankData[];
  categories: CategoryData[];
  /** The terms shown on offer pages: general ones, and each bank's by bank id. */
  terms: TermsData;
  close(): Promise<void>;
}

// The machines have no internet: these flags keep Chromium from waiting on services it cannot reach.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A Chromium of Debian's, as scripts/test-services.sh found or installed it and named it in `variable`. Missing: fail, never skip. */
function chromiumPath(variable: 'CHROMIUM_PATH' | 'CHROMIUM_HEADLESS_SHELL_PATH'): string {
  const path = process.env[variable];
  if (!path || !existsSync(path)) {
    throw new Error(
      `Chromium not found (${variable}=${path ?? 'unset'}): run \`bash scripts/test-services.sh up\`, which installs Debian's chromium and chromium-headless-shell and writes their paths to tmp/test-services.env`,
    );
  }
  return path;
}

/**
 * Debian's Chromium headless shell, started for one test file: the same engine as the browser,
 * without its user interface, which made each new context and page cost several times the CPU.
 */
export const launchBrowser = () =>
  chromium.launch({ executablePath: chromiumPath('CHROMIUM_HEADLESS_SHELL_PATH'), args: CHROMIUM_ARGS });

/** The whole Chromium with a profile on disk: what some checks need of a real browser, such as installability (never in an incognito context). */
export const launchPersistentBrowser = (userDataDir: string, options: BrowserContextOptions = {}) =>
  chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath('CHROMIUM_PATH'),
    args: CHROMIUM_ARGS,
    ...options,
  });

/** How long a file waits for an earlier file's changes to be published before it starts. */
const PUBLISHED_WAIT_MS = 180_000;

/**
 * The public offers once the served build shows each of them and no other: an earlier file's change
 * is in the API at once, but on the pages and in the search only once its publish is done. The
 * build's done marker, written last, records the offers it shows (site/rebuilder.ts).
 */
async function offersAsServed(url: string): Promise<OfferData[]> {
  const siteDir = inject('siteDir');
  const deadline = Date.now() + PUBLISHED_WAIT_MS;
  for (;;) {
    const response = await fetch(`${url}/api/site/offers/1`);
    // A server busy with a build may shed a request (503, Retry-After): asked again below.
    const offers: OfferData[] = response.ok ? (await response.json()).data : [];
    const served = servedBuild(siteDir);
    const shown = Object.keys((served && (buildInfo(served)?.catalogue as CatalogueSnapshot)?.offers) ?? {});
    const ids = offers.map((offer) => String(offer.offerId));
    if (response.ok && shown.length === ids.length && ids.every((id) => shown.includes(id))) return offers;
    if (Date.now() > deadline)
      throw new Error(`the served build still shows other offers than the API after ${PUBLISHED_WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function startBrowserSite(): Promise<BrowserSite> {
  const url = inject('siteUrl');
  const data = async (path: string) => (await (await fetch(`${url}/api${path}`)).json()).data;
  const [offers, banks, categories, terms] = await Promise.all([
    offersAsServed(url),
    data('/get/all/banks'),
    data('/get/all/categories'),
    data('/site/terms'),
  ]);
  const browser = await launchBrowser();
  const listed = offers.filter((offer) => offer.status !== 'expired');
  return { url, browser, offers, listed, banks, categories, terms, close: () => browser.close() };
}

/**
 * Runs fn on a page of a fresh browser context, then closes it, failing when any page of the context
 * broke the site's Content-Security-Policy: each page reports its `securitypolicyviolation` events,
 * and Chromium's console reports (which also come from pages without JavaScript) count too.
 */
async function withContext<T>(
  browser: Browser,
  options: BrowserContextOptions,
  fn: (page: Page) => Promise<T>,
): Promise<T> {
  // No service worker unless a test asks for one: page.route() does not see what a worker fetches,
  // and a worker taking over mid-test would make such a test depend on timing.
  const context = await browser.newContext({ serviceWorkers: 'block', ...options });
  const violations = await watchPolicyViolations(context);
  try {
    const result = await fn(await context.newPage());
    if (violations.length) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
    return result;
  } finally {
    await context.close();
  }
}

async function watchPolicyViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('reportPolicyViolation', (_source, violation: string) => {
    violations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (violation: string) => void })
        .reportPolicyViolation;
      report(
        `${location.pathname}: ${event.effectiveDirective} refused ${event.blockedURI || 'inline code'} ${event.sample}`,
      );
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy'))
      violations.push(`${message.location().url}: ${message.text()}`);
  });
  return violations;
}

const viewport = (width: number) => ({ width, height: width < 640 ? 812 : 800 });

/** Runs fn on a page of a fresh browser context (own cookies, viewport, JavaScript on or off), then closes it. */
export async function withPage<T>(
  site: Pick<BrowserSite, 'browser' | 'url'>,
  options: {
    javaScript: boolean;
    width: number;
    serviceWorker?: boolean;
    /** The browser's language (navigator.languages, Accept-Language). */ locale?: string;
  },
  fn: (page: Page) => Promise<T>,
): Promise<T> {
  return withContext(
    site.browser,
    {
      baseURL: site.url,
      javaScriptEnabled: options.javaScript,
      viewport: viewport(options.width),
      ...(options.serviceWorker ? { serviceWorkers: 'allow' } : {}),
      ...(options.locale ? { locale: options.locale } : {}),
    },
    fn,
  );
}

export interface TestAccount {
  mobileNo: string;
  password: string;
  token: string;
  user: UserData;
}

const STRONG_PASSWORD = 'Kandy-Lake-Sunset-42';
/** A 9-digit number no other test (in any file of the suite) is likely to use. */
const freshMobile = () => `7${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/**
 * A verified customer, signed up through the API as the sign-up wizard would do it (the code read
 * from the console SMS provider's dev outbox), and signed in: a session token and the user.
 */
/**
 * Home's offer list, as a visitor starts using it: scrolled to and a pointer over its Filter button,
 * a first sign of use (client:intent); settles once the island has hydrated and its controls work.
 */
export async function startUsingOfferList(page: Page): Promise<void> {
  // From off the list first: after a reload the pointer may already rest where the hover goes, and a
  // move to the same place gives no pointerover once the page's code listens (the wait below then never ends).
  await page.mouse.move(0, 0);
  await page.locator('.offer-browser .filter-bar-main').hover();
  await page.locator(`astro-island:not([ssr]) .offer-browser[${HYDRATED_ATTRIBUTE}]`).waitFor();
}

export async function createSignedInAccount(site: Pick<BrowserSite, 'url'>, firstName = 'Nimal'): Promise<TestAccount> {
  const call = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${site.url}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const mobileNo = freshMobile();
  const created = await call('POST', '/create/new/user', {
    firstName,
    businessName: null,
    BRno: null,
    mobileNo,
    userType: 1,
    favoriteArea: [],
    termsAndCondition: true,
    password: STRONG_PASSWORD,
  });
  const outbox = await (await fetch(`${site.url}/api/dev/sms-outbox/${mobileNo}`)).json();
  const verified = await call('POST', '/verify/mobile', { otpCode: outbox.data[0].code, token: created.data.token });
  return { mobileNo, password: STRONG_PASSWORD, token: verified.token, user: verified.data };
}

/**
 * The suite's merchant account (userType 2, made once by site-setup.ts through the team's service),
 * signed in through POST /api/user/authentication: a new session token at each call, for
 * withSignedInPage. Every file shares this one account, so tests must not change its profile.
 */
export const signInMerchant = (site: BrowserSite): Promise<TestAccount> =>
  signIn(site, inject('merchantAccount'), 'merchant');

/** The suite's team account (userType 3, made once by site-setup.ts as `npm run team` does), signed in the same way: for the team's API (reports). */
export const signInTeam = (site: BrowserSite): Promise<TestAccount> => signIn(site, inject('teamAccount'), 'team');

async function signIn(
  site: BrowserSite,
  { mobileNo, password }: { mobileNo: string; password: string },
  who: string,
): Promise<TestAccount> {
  const response = await fetch(`${site.url}/api/user/authentication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobileNo, password }),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${who} sign-in: ${response.status} ${JSON.stringify(json)}`);
  return { mobileNo, password, token: json.token, user: json.data };
}

/** Like withPage, JavaScript on, with `account`'s session in the browser's storage when the first page loads (once: a logout stays a logout). */
export async function withSignedInPage<T>(
  site: BrowserSite,
  account: TestAccount,
  width: number,
  fn: (page: Page) => Promise<T>,
  { serviceWorker = false }: { serviceWorker?: boolean } = {},
): Promise<T> {
  return withContext(
    site.browser,
    {
      baseURL: site.url,
      ...(serviceWorker ? { serviceWorkers: 'allow' as const } : {}),
      viewport: viewport(width),
      storageState: {
        cookies: [],
        origins: [
          {
            origin: site.url,
            localStorage: [
              { name: SESSION_STORAGE_KEY, value: JSON.stringify({ token: account.token, user: account.user }) },
            ],
          },
        ],
      },
    },
    fn,
  );
}

/**
 * Axe's violations on the page, or on the part `include` selects. Axe keeps every node of its
 * violations and one of each other kind of result (resultTypes), and runs in the page itself
 * (legacy mode) rather than finishing in a blank page of its own, which only frames from other
 * origins need: the site has none. Gathering and sending every passing node made a bank page's
 * check cost three times the CPU.
 */
export async function axeViolations(page: Page, include?: string, options: RunOptions = {}): Promise<Result[]> {
  const axe = new AxeBuilder({ page }).options({ ...options, resultTypes: ['violations'] }).setLegacyMode(true);
  return (await (include ? axe.include(include) : axe).analyze()).violations;
}

/** A violation as 'rule: targets'. */
export const violationText = (violation: Result) =>
  `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`;

/** Axe's serious and critical violations on the page, or on the part `include` selects, each as 'rule: targets'. */
export async function seriousViolations(page: Page, include?: string, options: RunOptions = {}): Promise<string[]> {
  return (await axeViolations(page, include, options))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(violationText);
}

/** The page as shown passes axe (nothing serious or critical), and nothing on it is wider than the window. */
export async function expectAccessibleAt(page: Page, width: number): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
}

/** Opens a console page and waits until the guard let it show and its islands have mounted. */
export async function gotoConsole(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-console-ready]').waitFor({ state: 'attached' });
  // Not the footer's newsletter (client:visible): it hydrates only once it comes into view, and on a
  // phone the console's lists may push it out of the first screen before the browser has looked.
  const notHydrated = 'astro-island[ssr]:not([client="visible"])';
  await page
    .waitForFunction((selector) => document.querySelectorAll(selector).length === 0, notHydrated)
    .catch(async (error) => {
      // Which islands had not hydrated, to tell a slow machine from an island that never starts.
      const waiting = await page.evaluate(
        (selector) => [...document.querySelectorAll(selector)].map((island) => island.getAttribute('component-url')),
        notHydrated,
      );
      throw new Error(`${path}: islands not hydrated: ${waiting.join(', ')}`, { cause: error });
    });
}
