// The account flows' rough edges, in Chromium against the served build: mobile numbers typed as
// people write them (a leading 0, spaces, +94) in every number field, never cut; 'Forget password'
// reached with the first click; the number carried to the next account page; the verify page's 3
// resends after sign-in's own code; a customer's My Offers; the profile's one verified mobile number.
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';
import { m } from '../../src/paraglide/messages.js';
import { CLIENT_RESEND_LIMIT, RESEND_COUNTDOWN_SECONDS } from '../../src/lib/constants.ts';
import { SESSION_STORAGE_KEY } from '../../src/stores/session.ts';
import { accountCalls, freshMobile, PASSWORD } from './account-calls.ts';
import {
  createSignedInAccount,
  DESKTOP,
  PHONE,
  signInTeam,
  startBrowserSite,
  withPage,
  withSignedInPage,
  type BrowserSite,
} from './harness.ts';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(async () => {
  await site?.close();
});

const withJs = <T>(fn: (page: Page) => Promise<T>, width = DESKTOP) => withPage(site, { javaScript: true, width }, fn);
/** '771234567' as people write it: '077 123 4567' or '+94 77 123 4567'. */
const national = (mobileNo: string) => `0${mobileNo.slice(0, 2)} ${mobileNo.slice(2, 5)} ${mobileNo.slice(5)}`;
const international = (mobileNo: string) => `+94 ${mobileNo.slice(0, 2)} ${mobileNo.slice(2, 5)} ${mobileNo.slice(5)}`;

const { codesSent, codeNumber, unverifiedAccount } = accountCalls(() => site);

const notice = (page: Page, title: string) =>
  page.locator('.notice-card', { has: page.locator('.notice-title', { hasText: title }) });
const signedInUser = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.user, SESSION_STORAGE_KEY);
/**
 * Forgets the stored session from a page without scripts: on the page just signed in, the load's
 * session check could still write it back afterwards, and sign-in would then send the visitor home.
 */
async function forgetSession(page: Page) {
  await page.goto('/robots.txt');
  await page.evaluate((key) => localStorage.removeItem(key), SESSION_STORAGE_KEY);
}
/** Opens a page and waits until its client:load islands (the forms) have hydrated. */
async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr][client="load"]').length === 0);
}

describe('mobile numbers as people type them', () => {
  it('the contact form keeps 0771234567 whole and sends 771234567; a number with a digit missing is said to be wrong', () =>
    withJs(async (page) => {
      await page.goto('/contact-us');
      const form = page.getByRole('form', { name: 'Send us your feedback' });
      await form.scrollIntoViewIfNeeded(); // client:visible
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('.feedback-form button')?.disabled);
      const mobile = form.getByLabel('Mobile number');
      const mobileMessage = () =>
        mobile.evaluate((input) =>
          (input.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id))
            .filter((element) => element?.classList.contains('field-error'))
            .map((element) => element!.textContent)
            .join(''),
        );

      await form.getByLabel('First name').fill('Kamala');
      await mobile.fill('077123456'); // the old field cut 0771234567 to this, and sent it
      await mobile.blur();
      await expect.poll(mobileMessage).toBe(ERROR_CODES.invalid_mobile_no);

      for (const typed of ['0771234567', '077 123 4567', '+94 77 123 4567']) {
        await mobile.fill(typed);
        expect(await mobile.inputValue(), typed).toBe(typed); // nothing cut
        await mobile.blur();
        await expect.poll(mobileMessage).toBe('');
      }
      const email = `kamala-${randomInt(0, 1e9)}@example.lk`;
      await form.getByLabel('Email').fill(email);
      await form.getByRole('button', { name: 'Send Message' }).click();
      await page.locator('.notice-card', { hasText: 'Feedback' }).waitFor();
      // What the team reads in its inbox: the 9 digits, none lost.
      const team = await signInTeam(site);
      const inbox = await (
        await fetch(`${site.url}/api/team/feedback?handled=all&pageSize=50`, {
          headers: { authorization: `Bearer ${team.token}` },
        })
      ).json();
      expect(inbox.data.find((item: { email: string }) => item.email === email)).toMatchObject({
        mobileNo: '771234567',
      });
    }, PHONE));

  it('sign-up takes 077 123 4567 and makes the account of 771234567; sign-in and the reset take +94 and the leading 0', () =>
    withJs(async (page) => {
      const mobileNo = freshMobile();
      await gotoHydrated(page, '/sign-up');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('First name').fill('Amaya');
      await page.getByLabel('Mobile number').fill(national(mobileNo));
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('group', { name: 'Enter the 6-digit code' }).waitFor();
      await page.locator('#sign-up-digit-1').pressSequentially(await codeNumber(mobileNo, 1));
      await page.waitForURL((url) => url.pathname === '/');
      expect(await signedInUser(page)).toMatchObject({ mobileNo, isMobileVerification: true });
      await forgetSession(page);

      await gotoHydrated(page, '/sign-in');
      await page.getByLabel('Mobile number').fill(international(mobileNo));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.locator('html[data-signed-in]').waitFor({ state: 'attached' });
      await forgetSession(page);

      await gotoHydrated(page, '/forget-password');
      await page.getByLabel('Mobile number').fill(`0${mobileNo}`);
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByRole('group', { name: 'Enter the 6-digit code' }).waitFor();
      await codeNumber(mobileNo, 2);
    }));
});

describe("sign-in's 'Forget password'", () => {
  for (const width of [PHONE, DESKTOP]) {
    it(`at ${width}px: the first click goes to /forget-password, with the number filled in`, () =>
      withJs(async (page) => {
        const account = await createSignedInAccount(site);
        await gotoHydrated(page, '/sign-in');
        await page.getByLabel('Mobile number').fill(national(account.mobileNo));
        await page.getByRole('button', { name: 'Verify' }).click();
        const password = page.getByLabel('Password', { exact: true });
        await password.waitFor();
        await expect.poll(() => password.evaluate((input) => input === document.activeElement)).toBe(true);
        // Leaving the empty password must not push the link down under the pointer.
        await page.getByRole('link', { name: 'Forget password' }).click();
        await page.waitForURL((url) => url.pathname === '/forget-password', { timeout: 5_000 });
        await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr][client="load"]').length === 0);
        await expect.poll(() => page.getByLabel('Mobile number').inputValue()).toBe(account.mobileNo);
        expect(page.url()).not.toContain(account.mobileNo); // carried in this tab, not in the URL
      }, width));
  }
});

describe('the number carried to the next page', () => {
  it("sign-up's 'already registered… Sign in' opens sign-in with the number filled in", () =>
    withJs(async (page) => {
      const account = await createSignedInAccount(site);
      await gotoHydrated(page, '/sign-up');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('First name').fill('Amaya');
      await page.getByLabel('Mobile number').fill(account.mobileNo);
      await page.getByRole('button', { name: 'Next' }).click();
      const message = page.locator('.auth-inline-message');
      await message.waitFor();
      expect(await message.innerText()).toContain(ERROR_CODES.already_registered);
      await message.getByRole('link', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/sign-in');
      expect(page.url()).not.toContain(account.mobileNo);
      await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr][client="load"]').length === 0);
      await expect.poll(() => page.getByLabel('Mobile number').inputValue()).toBe(account.mobileNo);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByLabel('Password', { exact: true }).waitFor();
    }, PHONE));
});

describe('/verify-mobileNo after sign-in', () => {
  it(`sign-in's own code is not a resend: ${CLIENT_RESEND_LIMIT} resends work, no block, and the newest code verifies`, () =>
    withJs(async (page) => {
      await page.clock.install();
      const account = await unverifiedAccount(); // code 1, from sign-up
      await gotoHydrated(page, '/sign-in');
      await page.getByLabel('Mobile number').fill(account.mobileNo);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL((url) => url.pathname === '/verify-mobileNo');
      await codeNumber(account.mobileNo, 2); // sign-in's own code

      const resend = page.getByRole('button', { name: 'Resend' });
      for (let sent = 3; sent < 3 + CLIENT_RESEND_LIMIT; sent++) {
        await page.clock.fastForward(RESEND_COUNTDOWN_SECONDS * 1000 + 1000);
        await resend.click();
        await codeNumber(account.mobileNo, sent);
        await notice(page, m.account_one_time_password_title()).first().waitFor();
        expect(await notice(page, m.account_codes_blocked_title()).count(), `resend ${sent - 2}`).toBe(0);
      }
      await page.clock.fastForward(RESEND_COUNTDOWN_SECONDS * 1000 + 1000);
      await expect.poll(() => page.locator('.auth-resend').innerText()).toContain(`${CLIENT_RESEND_LIMIT} times`);
      expect(new URL(page.url()).pathname).toBe('/verify-mobileNo');

      await page.locator('#verify-digit-1').pressSequentially((await codesSent(account.mobileNo))[0]!);
      await page.waitForURL((url) => url.pathname === '/');
      expect(await signedInUser(page)).toMatchObject({ mobileNo: account.mobileNo, isMobileVerification: true });
    }));
});

describe("a customer's console", () => {
  it('My Offers does not speak of publishing: customers keep offers as favourites', async () => {
    const customer = await createSignedInAccount(site, 'Ishara');
    await withSignedInPage(site, customer, PHONE, async (page) => {
      await page.goto('/console/customer/offer');
      const empty = page.locator('[data-offers-empty]');
      await empty.waitFor();
      expect(await empty.innerText()).toContain(m.console_offers_empty_customer());
      expect(await empty.innerText()).not.toMatch(/you publish/i);
      expect(await empty.getByRole('link', { name: m.console_browse_offers() }).getAttribute('href')).toBe('/');
    });
  });

  it('the profile shows the mobile number once, verified, with no unverified contact number under it', async () => {
    const customer = await createSignedInAccount(site, 'Ishara');
    await withSignedInPage(site, customer, DESKTOP, async (page) => {
      await page.goto('/console/customer/profile');
      const panel = page.locator('.profile-panel');
      await panel.waitFor();
      expect(await panel.locator('.profile-mobile').count()).toBe(1);
      expect(await panel.locator('.profile-contact').getByText('verified', { exact: true }).count()).toBe(1);
      expect(await panel.getByText(/^Contact no$/i).count()).toBe(1); // the Account card's Contact No only
      expect(await panel.getByText('unverified', { exact: true }).count()).toBe(0);
    });
  });
});

describe('the footer of a signed-in visitor', () => {
  it('offers no Sign up or Sign in, which a guest still sees', async () => {
    const account = await createSignedInAccount(site, 'Ruwan');
    const footerLinks = (page: Page) => page.locator('.site-footer nav a:visible').allInnerTexts();
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      await page.goto('/about-us');
      await page.locator('html[data-signed-in]').waitFor({ state: 'attached' });
      const links = await footerLinks(page);
      expect(links).toContain('Careers');
      expect(links).not.toContain('Sign up');
      expect(links).not.toContain('Sign in');
    });
    await withJs(async (page) => {
      await page.goto('/about-us');
      expect(await footerLinks(page)).toEqual(expect.arrayContaining(['Sign up', 'Sign in']));
    });
  });
});
