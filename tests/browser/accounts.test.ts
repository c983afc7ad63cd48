// The account flows in a real browser against the served build and its API (spec §2, §4, §5, §8):
// sign-up to home signed in, sign-in with a password or through a code, wrong password, unknown and
// blocked numbers, the resend limit, password reset and its Update Mobile Number modal, every
// validation message, the way back after sign-in, signed-in visitors sent away from the sign-in
// pages, and axe-core on the forms. Codes are read from the console SMS provider's dev outbox.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';
import { CONFIRM_PASSWORD_MIN } from '../../src/contract/index.ts';
import { CLIENT_RESEND_LIMIT, RESEND_COUNTDOWN_SECONDS } from '../../src/lib/constants.ts';
import { SESSION_STORAGE_KEY } from '../../src/stores/session.ts';
import { accountCalls, freshMobile, NEW_PASSWORD, PASSWORD } from './account-calls.ts';
import {
  DESKTOP,
  PHONE,
  createSignedInAccount,
  startBrowserSite,
  withPage,
  withSignedInPage,
  type BrowserSite,
  seriousViolations,
} from './harness.ts';
import { m } from '../../src/paraglide/messages.js';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(async () => {
  await site?.close();
});

const withJs = <T>(fn: (page: Page) => Promise<T>, width = DESKTOP) => withPage(site, { javaScript: true, width }, fn);
const pathOf = (page: Page) => new URL(page.url()).pathname;

const { api, codesSent, codeNumber, unverifiedAccount } = accountCalls(() => site);

const notice = (page: Page, title: string) =>
  page.locator('.notice-card', { has: page.locator('.notice-title', { hasText: title }) });
const signedInUser = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.user, SESSION_STORAGE_KEY);
async function expectSignedInAt(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path);
  await page.locator('html[data-signed-in]').waitFor({ state: 'attached' });
}
/** Pastes `text` into an element, as a clipboard paste would. */
const paste = (page: Page, selector: string, text: string) =>
  page.locator(selector).evaluate((element, pasted) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text', pasted);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, text);

/** Opens a page and waits until its client:load islands (the forms) have hydrated: typing into the build's HTML before then would be lost. */
async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr][client="load"]').length === 0);
}

/** The message tied to a field by aria-describedby, or '' when none shows. */
const messageOf = (page: Page, label: string, exact = false) =>
  page.getByLabel(label, { exact }).evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((element) => element?.classList.contains('auth-error'))
      .map((element) => element!.textContent)
      .join(''),
  );

/** /forget-password up to the code step for `mobileNo`. */
async function startReset(page: Page, mobileNo: string) {
  await gotoHydrated(page, '/forget-password');
  await page.getByLabel('Mobile number').fill(mobileNo);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('group', { name: 'Enter the 6-digit code' }).waitFor();
}

/** The code step's 'Change' link: the Update Mobile Number modal, its field focused. */
async function openUpdateMobile(page: Page) {
  await page.getByRole('button', { name: 'Change mobile number' }).click();
  const dialog = page.getByRole('dialog', { name: m.account_update_mobile_title() });
  await dialog.waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('update-mobile-number');
  return dialog;
}

async function startSignIn(page: Page, mobileNo: string, path = '/sign-in') {
  await gotoHydrated(page, path);
  await page.getByLabel('Mobile number').fill(mobileNo);
  await page.getByRole('button', { name: 'Verify' }).click();
}

describe('sign-up wizard', () => {
  it('goes from account type to home, signed in, with step markers and the code typed box by box', () =>
    withJs(async (page) => {
      const mobileNo = freshMobile();
      await gotoHydrated(page, '/sign-up');
      const steps = page.locator('.auth-steps li');
      expect(await steps.nth(0).getAttribute('aria-current')).toBe('step');
      expect(await page.getByLabel(m.account_see_offers_choice()).isChecked()).toBe(true);
      const merchant = page.getByLabel(m.account_publish_offers_choice());
      expect(await merchant.isDisabled()).toBe(true);
      expect(await page.locator('.auth-choice.is-disabled').innerText()).toContain(m.account_coming_soon());
      await page.getByRole('button', { name: 'Next' }).click();

      expect(await steps.nth(0).getAttribute('class')).toContain('is-done');
      expect(await steps.nth(1).getAttribute('aria-current')).toBe('step');
      expect(await page.getByLabel('Country code').inputValue()).toBe('+94');
      expect(await page.getByLabel('Country code').locator('option').allTextContents()).toEqual([
        '+94',
        '+91',
        '+44',
        '+61',
      ]);
      await page.getByLabel('First name').fill('Amaya');
      await page.getByLabel('Mobile number').fill(mobileNo);
      await page.getByRole('button', { name: 'Next' }).click();

      await page.getByRole('heading', { name: /Security/ }).waitFor();
      // Back keeps what was typed.
      await page.getByRole('button', { name: 'Back' }).click();
      expect(await page.getByLabel('First name').inputValue()).toBe('Amaya');
      await page.getByRole('button', { name: 'Next' }).click();

      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await expect.poll(() => page.locator('.auth-strength strong').innerText()).toBe('high');
      expect(await page.getByLabel('I accept the terms and conditions').isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Next' }).click();

      await page.getByRole('group', { name: 'Enter the 6-digit code' }).waitFor();
      expect(await steps.nth(3).getAttribute('aria-current')).toBe('step');
      expect(await page.locator('#sign-up-digit-1').getAttribute('autocomplete')).toBe('one-time-code');
      expect(await page.locator('#sign-up-digit-1').getAttribute('inputmode')).toBe('numeric');
      const code = await codeNumber(mobileNo, 1);
      await page.locator('#sign-up-digit-1').pressSequentially(code.slice(0, 3));
      // Backspace on an empty box clears the one before and moves back.
      await page.keyboard.press('Backspace');
      expect(await page.locator('#sign-up-digit-3').inputValue()).toBe('');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('sign-up-digit-3');
      await page.keyboard.type(code.slice(2)); // the six boxes submit when full
      await expectSignedInAt(page, '/');
      expect(await signedInUser(page)).toMatchObject({ firstName: 'Amaya', mobileNo, isMobileVerification: true });
    }));

  it('a registered number gets the inline message with a sign-in link', () =>
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
      expect(await message.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
      expect(await page.getByRole('heading', { name: /Basic Details/ }).isVisible()).toBe(true);
    }));

  it(`allows ${CLIENT_RESEND_LIMIT} resends after the ${RESEND_COUNTDOWN_SECONDS} s countdown, then no more; the newest code verifies`, () =>
    withJs(async (page) => {
      await page.clock.install();
      const mobileNo = freshMobile();
      await gotoHydrated(page, '/sign-up');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('First name').fill('Ruwan');
      await page.getByLabel('Mobile number').fill(mobileNo);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('group', { name: 'Enter the 6-digit code' }).waitFor();
      await codeNumber(mobileNo, 1);

      const resend = page.getByRole('button', { name: 'Resend' });
      for (let sent = 2; sent <= CLIENT_RESEND_LIMIT + 1; sent++) {
        // Counting down, from when the last send's answer came (it can come after the SMS is out).
        await expect.poll(() => page.locator('.auth-resend').innerText()).toMatch(/new code in \d+ s/);
        expect(await resend.count()).toBe(0);
        await page.clock.fastForward(RESEND_COUNTDOWN_SECONDS * 1000 + 1000);
        await resend.click();
        await codeNumber(mobileNo, sent);
      }
      await page.clock.fastForward(RESEND_COUNTDOWN_SECONDS * 1000 + 1000);
      await expect.poll(() => page.locator('.auth-resend').innerText()).toContain(`${CLIENT_RESEND_LIMIT} times`);
      expect(await resend.count()).toBe(0);

      const codes = await codesSent(mobileNo);
      await paste(page, '#sign-up-digit-4', codes[0]!); // a whole code pasted anywhere fills all six boxes
      await expectSignedInAt(page, '/');
    }));
});

describe('sign-in', () => {
  it('with the password, through /login and back to returnTo; the password shows and hides', () =>
    withJs(async (page) => {
      const account = await createSignedInAccount(site, 'Kasun');
      await gotoHydrated(page, '/login?returnTo=/about-us');
      await page.waitForURL((url) => url.pathname === '/sign-in');
      await page.getByLabel('Mobile number').fill(account.mobileNo);
      await page.getByRole('button', { name: 'Verify' }).click();
      const password = page.getByLabel('Password', { exact: true });
      await password.waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('sign-in-password');
      expect(await page.getByRole('link', { name: 'Forget password' }).getAttribute('href')).toBe('/forget-password');
      await password.fill(account.password);
      expect(await password.getAttribute('type')).toBe('password');
      await page.getByRole('button', { name: 'Show password' }).click();
      expect(await password.getAttribute('type')).toBe('text');
      await page.getByRole('button', { name: 'Hide password' }).click();
      expect(await password.getAttribute('type')).toBe('password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expectSignedInAt(page, '/about-us');
      expect(await signedInUser(page)).toMatchObject({ userId: account.user.userId, firstName: 'Kasun' });
    }));

  it('goes home without returnTo, and never to another site', () =>
    withJs(async (page) => {
      const account = await createSignedInAccount(site);
      await startSignIn(page, account.mobileNo, '/sign-in?returnTo=//example.com/x');
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expectSignedInAt(page, '/');
      expect(new URL(page.url()).origin).toBe(site.url);
    }));

  it('an unverified number gets a code and signs in on /verify-mobileNo', () =>
    withJs(async (page) => {
      const account = await unverifiedAccount();
      await startSignIn(page, account.mobileNo, '/sign-in?returnTo=/careers');
      await page.waitForURL((url) => url.pathname === '/verify-mobileNo');
      expect(page.url()).not.toContain('token');
      const code = await codeNumber(account.mobileNo, 2);
      // A wrong code first: the server's message under 'One time password', and the boxes empty again.
      const wrong = code === '000000' ? '111111' : '000000';
      await page.locator('#verify-digit-1').fill(wrong);
      await notice(page, m.account_one_time_password_title()).waitFor();
      expect(await notice(page, m.account_one_time_password_title()).innerText()).toContain(ERROR_CODES.wrong_code);
      expect(await page.locator('.auth-code .auth-error').innerText()).toContain(ERROR_CODES.wrong_code);
      await expect.poll(() => page.locator('#verify-digit-1').inputValue()).toBe('');
      await paste(page, '#verify-digit-1', code);
      await expectSignedInAt(page, '/careers');
      expect(await signedInUser(page)).toMatchObject({ mobileNo: account.mobileNo, isMobileVerification: true });
    }));

  it("a wrong password gets the 'Sign in' danger notice and stays", () =>
    withJs(async (page) => {
      const account = await createSignedInAccount(site);
      await startSignIn(page, account.mobileNo);
      await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      const shown = notice(page, m.account_sign_in_title());
      await shown.waitFor();
      expect(await shown.innerText()).toContain(ERROR_CODES.invalid_login);
      expect(await shown.getAttribute('class')).toContain('notice-card-danger');
      expect(pathOf(page)).toBe('/sign-in');
      expect(await signedInUser(page)).toBeUndefined();
    }));

  it("an unknown number gets the inline message with 'Join now', no alert", () =>
    withJs(async (page) => {
      let dialogs = 0;
      page.on('dialog', (dialog) => {
        dialogs++;
        void dialog.dismiss();
      });
      const mobileNo = freshMobile();
      await startSignIn(page, mobileNo);
      const message = page.locator('.auth-inline-message');
      await message.waitFor();
      expect(await message.innerText()).toContain('No account uses this mobile number.');
      expect(await message.getByRole('link', { name: 'Join now' }).getAttribute('href')).toBe('/sign-up'); // the number is not in the URL
      expect(dialogs).toBe(0);
      // 'Join now' carries the number into the wizard.
      await message.getByRole('link', { name: 'Join now' }).click();
      await page.waitForURL((url) => url.pathname === '/sign-up');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => page.getByLabel('Mobile number').inputValue()).toBe(mobileNo);
    }));

  it('a number whose code sending is blocked (its 4th resend) gets the danger notice and goes home', () =>
    withJs(async (page) => {
      const account = await unverifiedAccount();
      let token = account.token;
      for (let resend = 1; resend <= 4; resend++) {
        const sent = await api('POST', '/resend/verification/otp', {
          userId: account.userId,
          mobileNo: account.mobileNo,
          token,
        });
        expect(sent.status).toBe(resend < 4 ? 200 : 429);
        token = sent.body.token ?? token;
      }
      await startSignIn(page, account.mobileNo);
      const shown = notice(page, m.account_codes_blocked_title());
      await shown.waitFor();
      expect(await shown.innerText()).toContain('Code sending is blocked for 24 hours.');
      expect(await shown.getAttribute('class')).toContain('notice-card-danger');
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
      expect(await signedInUser(page)).toBeUndefined();
    }));
});

describe('password reset', () => {
  it("code first, then the new password and 'Update'; sign-in takes the new one only", () =>
    withJs(async (page) => {
      const account = await createSignedInAccount(site, 'Dilani');
      await startReset(page, account.mobileNo);
      const code = await codeNumber(account.mobileNo, 2); // sign-up, then the reset's
      await page.locator('#reset-digit-1').pressSequentially(code); // checked as soon as six digits are in

      const password = page.getByLabel('Password', { exact: true });
      await password.waitFor();
      await password.fill(NEW_PASSWORD);
      await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Update' }).click();
      await page.waitForURL((url) => url.pathname === '/sign-in');
      await notice(page, m.account_sign_in_title()).waitFor();
      expect(await signedInUser(page)).toBeUndefined();

      expect(
        (await api('POST', '/user/authentication', { mobileNo: account.mobileNo, password: account.password })).status,
      ).toBe(401);
      await page.getByLabel('Mobile number').fill(account.mobileNo);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expectSignedInAt(page, '/');
    }));

  it("'Change' opens Update Mobile Number: a registered number gets its code, and the reset goes on for it", () =>
    withJs(async (page) => {
      const first = await createSignedInAccount(site, 'Dilani');
      const second = await createSignedInAccount(site, 'Chamari');
      await startReset(page, first.mobileNo);
      let dialog = await openUpdateMobile(page);
      expect(await dialog.locator('.auth-prefix').innerText()).toBe('+94');
      // Escape closes it, and focus goes back to 'Change'.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Change mobile number');

      dialog = await openUpdateMobile(page);
      await dialog.getByLabel(m.account_new_mobile_label()).fill(second.mobileNo);
      await dialog.getByRole('button', { name: m.account_send_verification_code() }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => page.locator('.auth-code .auth-hint').innerText()).toContain(second.mobileNo);
      expect(await page.locator('.auth-aside').innerText()).toContain(second.mobileNo);
      expect(await page.locator('#reset-digit-1').inputValue()).toBe('');
      const code = await codeNumber(second.mobileNo, 2); // sign-up, then the changed number's
      await page.locator('#reset-digit-1').pressSequentially(code);

      // Step 2's messages: required, the rules, the strength, the confirmation's length and match.
      const password = page.getByLabel('Password', { exact: true });
      await password.waitFor();
      await password.press('Enter'); // submitting touches both fields
      await expect.poll(() => messageOf(page, 'Password', true)).toBe(ERROR_CODES.required);
      expect(await messageOf(page, 'Confirm password')).toBe(ERROR_CODES.required);
      await password.fill('short');
      await expect.poll(() => messageOf(page, 'Password', true)).toBe(ERROR_CODES.password_rules);
      await password.fill('Password1');
      await expect.poll(() => messageOf(page, 'Password', true)).toBe(ERROR_CODES.password_too_weak);
      await password.fill(NEW_PASSWORD);
      await expect.poll(() => messageOf(page, 'Password', true)).toBe('');
      const confirm = page.getByLabel('Confirm password');
      await confirm.fill('Sigi');
      expect(await messageOf(page, 'Confirm password')).toBe(
        m.account_confirm_password_too_short({ min: CONFIRM_PASSWORD_MIN }),
      );
      await confirm.fill('Sigiriya');
      expect(await messageOf(page, 'Confirm password')).toBe(ERROR_CODES.password_not_match);
      await confirm.fill(NEW_PASSWORD);
      expect(await messageOf(page, 'Confirm password')).toBe('');
      await page.getByRole('button', { name: 'Update' }).click();
      await page.waitForURL((url) => url.pathname === '/sign-in');

      // The second account's password changed; the first one's did not.
      expect(
        (await api('POST', '/user/authentication', { mobileNo: second.mobileNo, password: NEW_PASSWORD })).status,
      ).toBe(200);
      expect(
        (await api('POST', '/user/authentication', { mobileNo: first.mobileNo, password: first.password })).status,
      ).toBe(200);
    }));

  it('Update Mobile Number: its messages, and an unknown number offered sign-up with that number', () =>
    withJs(async (page) => {
      const account = await createSignedInAccount(site);
      await startReset(page, account.mobileNo);
      const dialog = await openUpdateMobile(page);
      const field = dialog.getByLabel(m.account_new_mobile_label());
      const send = dialog.getByRole('button', { name: m.account_send_verification_code() });
      expect(await messageOf(page, m.account_new_mobile_label())).toBe('');
      await send.click();
      await expect.poll(() => messageOf(page, m.account_new_mobile_label())).toBe(ERROR_CODES.required);
      const invalid = notice(page, ERROR_CODES.invalid_mobile_title);
      await invalid.waitFor();
      expect(await invalid.innerText()).toContain(ERROR_CODES.enter_valid_mobile);
      expect(await invalid.isVisible()).toBe(true); // shown in the modal, not behind it
      for (const wrong of ['77123456', '7712345678']) {
        await field.fill(wrong);
        expect(await messageOf(page, m.account_new_mobile_label()), wrong).toBe(ERROR_CODES.invalid_mobile_no);
      }
      await field.fill('77a12b3'); // kept as typed, and said to be wrong: nothing is dropped silently
      expect(await field.inputValue()).toBe('77a12b3');
      expect(await messageOf(page, m.account_new_mobile_label())).toBe(ERROR_CODES.invalid_mobile_no);

      const unknown = freshMobile();
      await field.fill(unknown);
      expect(await messageOf(page, m.account_new_mobile_label())).toBe('');
      await send.click();
      const message = dialog.locator('.auth-inline-message');
      await message.waitFor();
      expect(await message.innerText()).toContain(ERROR_CODES.mobile_not_registered);
      const signUp = message.getByRole('link', { name: 'Sign up' });
      expect(await signUp.getAttribute('href')).toBe('/sign-up'); // the number is not in the URL
      expect(await codesSent(unknown)).toEqual([]);
      await signUp.click();
      await page.waitForURL((url) => url.pathname === '/sign-up');
      await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr][client="load"]').length === 0);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => page.getByLabel('Mobile number').inputValue()).toBe(unknown);
    }));

  it("a number blocked from codes gets 'Account blocked!' and goes home", () =>
    withJs(async (page) => {
      const account = await unverifiedAccount();
      for (let resend = 1; resend <= 4; resend++) {
        expect(
          (
            await api('POST', '/resend/verification/otp', {
              userId: account.userId,
              mobileNo: account.mobileNo,
              token: null,
            })
          ).status,
        ).toBe(resend < 4 ? 200 : 429);
      }
      await gotoHydrated(page, '/forget-password');
      await page.getByLabel('Mobile number').fill(account.mobileNo);
      await page.getByRole('button', { name: 'Send code' }).click();
      const shown = notice(page, m.account_account_blocked_title());
      await shown.waitFor();
      expect(await shown.innerText()).toContain('Code sending is blocked for 24 hours.');
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    }));
});

describe('validation messages show once a field was touched', () => {
  it('sign-in: the number, the Verify notice, the password', () =>
    withJs(async (page) => {
      await gotoHydrated(page, '/sign-in');
      const mobile = page.getByLabel('Mobile number');
      await mobile.focus();
      expect(await messageOf(page, 'Mobile number')).toBe('');
      await mobile.blur(); // left empty before anything was typed: not touched yet (tests/browser/account-flows.test.ts)
      await mobile.fill('77123');
      await mobile.blur();
      await expect.poll(() => messageOf(page, 'Mobile number')).toBe(ERROR_CODES.invalid_mobile_no);
      await mobile.fill('');
      await expect.poll(() => messageOf(page, 'Mobile number')).toBe(ERROR_CODES.required);
      await mobile.fill('77123');
      expect(await messageOf(page, 'Mobile number')).toBe(ERROR_CODES.invalid_mobile_no);
      expect(await mobile.getAttribute('aria-invalid')).toBe('true');
      await page.getByRole('button', { name: 'Verify' }).click();
      const invalid = notice(page, ERROR_CODES.invalid_mobile_title);
      await invalid.waitFor();
      expect(await invalid.innerText()).toContain(ERROR_CODES.enter_valid_mobile);
      expect(await page.locator('.notice-stack-top-center .notice-card').count()).toBe(1);

      const account = await createSignedInAccount(site);
      await mobile.fill(account.mobileNo);
      expect(await messageOf(page, 'Mobile number')).toBe('');
      await page.getByRole('button', { name: 'Verify' }).click();
      const password = page.getByLabel('Password', { exact: true });
      await password.waitFor();
      expect(await messageOf(page, 'Password', true)).toBe('');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => messageOf(page, 'Password', true)).toBe(ERROR_CODES.required);
    }));

  it("reset: the number and the 'Invalid' notice of 'Send code'", () =>
    withJs(async (page) => {
      await gotoHydrated(page, '/forget-password');
      const mobile = page.getByLabel('Mobile number');
      expect(await messageOf(page, 'Mobile number')).toBe('');
      await page.getByRole('button', { name: 'Send code' }).click();
      await expect.poll(() => messageOf(page, 'Mobile number')).toBe(ERROR_CODES.required);
      const invalid = notice(page, ERROR_CODES.invalid_mobile_title);
      await invalid.waitFor();
      expect(await invalid.innerText()).toContain(ERROR_CODES.enter_valid_mobile);
      for (const wrong of ['77123456', '7712345678']) {
        await mobile.fill(wrong);
        expect(await messageOf(page, 'Mobile number'), wrong).toBe(ERROR_CODES.invalid_mobile_no);
      }
      await mobile.fill('771234567');
      expect(await messageOf(page, 'Mobile number')).toBe('');
    }));

  it('sign-up: first name, mobile number, password rules and strength, confirmation, terms', () =>
    withJs(async (page) => {
      await gotoHydrated(page, '/sign-up');
      await page.getByRole('button', { name: 'Next' }).click();
      const firstName = page.getByLabel('First name');
      await firstName.waitFor();
      expect(await messageOf(page, 'First name')).toBe('');
      await page.getByRole('button', { name: 'Next' }).click(); // Next touches every field of the step
      await expect.poll(() => messageOf(page, 'First name')).toBe(ERROR_CODES.required);
      expect(await messageOf(page, 'Mobile number')).toBe(ERROR_CODES.required);
      await firstName.fill('Amaya2');
      expect(await messageOf(page, 'First name')).toBe(ERROR_CODES.invalid_first_name);
      for (const wrong of ['12345', '77123456', '7712345678']) {
        await page.getByLabel('Mobile number').fill(wrong);
        expect(await messageOf(page, 'Mobile number'), wrong).toBe(ERROR_CODES.invalid_mobile_no);
      }
      await firstName.fill('Amaya');
      await page.getByLabel('Mobile number').fill(freshMobile());
      await page.getByRole('button', { name: 'Next' }).click();

      const password = page.getByLabel('Password', { exact: true });
      await password.waitFor();
      expect(await messageOf(page, 'Password', true)).toBe('');
      await page.getByRole('button', { name: 'Next' }).click(); // Next touches every field of the step
      await expect.poll(() => messageOf(page, 'Password', true)).toBe(ERROR_CODES.required);
      expect(await messageOf(page, 'Confirm password')).toBe(ERROR_CODES.required);
      await password.fill('short');
      await expect.poll(() => messageOf(page, 'Password', true)).toBe(ERROR_CODES.password_rules);
      await password.fill('Password1');
      await expect.poll(() => messageOf(page, 'Password', true)).toBe(ERROR_CODES.password_too_weak);
      expect(await page.locator('.auth-strength strong').innerText()).toMatch(/weak|medium/);
      await password.fill(PASSWORD);
      await expect.poll(() => messageOf(page, 'Password', true)).toBe('');
      const confirm = page.getByLabel('Confirm password');
      await confirm.fill('Gall');
      await confirm.blur();
      await expect
        .poll(() => messageOf(page, 'Confirm password'))
        .toBe(m.account_confirm_password_too_short({ min: CONFIRM_PASSWORD_MIN }));
      await confirm.fill('Galle');
      await expect.poll(() => messageOf(page, 'Confirm password')).toBe(ERROR_CODES.password_not_match);
      await confirm.fill(PASSWORD);
      expect(await messageOf(page, 'Confirm password')).toBe('');
      await page.getByLabel('I accept the terms and conditions').uncheck();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => page.locator('#sign-up-terms-error').innerText()).toContain('The terms must be accepted');
      expect(await page.getByRole('heading', { name: /Security/ }).isVisible()).toBe(true); // nothing was created
    }));
});

describe('signed-in visitors', () => {
  it('are sent away from /sign-in and /sign-up: to returnTo (of this site only), else home', async () => {
    const account = await createSignedInAccount(site, 'Ishara');
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      await page.goto('/sign-in');
      await expectSignedInAt(page, '/');
      await page.goto('/sign-in?returnTo=%2Fcareers%3Fteam%3Dweb');
      await expectSignedInAt(page, '/careers');
      expect(new URL(page.url()).search).toBe('?team=web');
      await page.goto('/login?returnTo=/about-us');
      await expectSignedInAt(page, '/about-us');
      await page.goto('/sign-in?returnTo=//example.com/x');
      await expectSignedInAt(page, '/');
      expect(new URL(page.url()).origin).toBe(site.url);
      await page.goto('/sign-up');
      await expectSignedInAt(page, '/');
      expect(await signedInUser(page)).toMatchObject({ userId: account.user.userId });
      // The sign-in pages were replaced, not kept in history: Back does not return to one.
      await page.goBack();
      expect(['/sign-in', '/sign-up']).not.toContain(pathOf(page));
    });
  });

  it('can still reset a password and verify a number', async () => {
    const account = await createSignedInAccount(site);
    await withSignedInPage(site, account, PHONE, async (page) => {
      await gotoHydrated(page, '/forget-password');
      expect(pathOf(page)).toBe('/forget-password');
      await page.getByLabel('Mobile number').waitFor();
      await gotoHydrated(page, '/verify-mobileNo');
      expect(pathOf(page)).toBe('/verify-mobileNo');
      await page.locator('.auth-inline-message').waitFor();
    });
  });

  it('with a stored session the site does not count (no userType) stay on /sign-in', () =>
    withJs(async (page) => {
      await page.goto('/about-us');
      await page.evaluate(({ key }) => localStorage.setItem(key, JSON.stringify({ token: 'x', user: { userId: 1 } })), {
        key: SESSION_STORAGE_KEY,
      });
      await gotoHydrated(page, '/sign-in');
      expect(pathOf(page)).toBe('/sign-in');
      expect(await page.getByLabel('Mobile number').isVisible()).toBe(true);
    }));
});

describe('accessibility of the account forms (axe-core)', () => {
  const serious = (page: Page) => seriousViolations(page);

  for (const width of [PHONE, DESKTOP]) {
    it(`sign-in with its password step, sign-up's security step, reset and verify at ${width}px`, () =>
      withJs(async (page) => {
        const account = await createSignedInAccount(site);
        await startSignIn(page, account.mobileNo);
        await page.getByLabel('Password', { exact: true }).waitFor();
        expect(await serious(page), 'sign-in').toEqual([]);

        await gotoHydrated(page, '/sign-up');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByLabel('First name').fill('Amaya');
        await page.getByLabel('Mobile number').fill(freshMobile());
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByLabel('Password', { exact: true }).fill('Password1');
        await page.getByLabel('Password', { exact: true }).blur();
        await page.locator('.auth-error').first().waitFor();
        expect(await serious(page), 'sign-up').toEqual([]);

        for (const path of ['/forget-password', '/verify-mobileNo']) {
          await gotoHydrated(page, path);
          await page.locator('.auth-form, .auth-inline-message').first().waitFor();
          expect(await serious(page), path).toEqual([]);
        }

        await startReset(page, account.mobileNo);
        const dialog = await openUpdateMobile(page);
        await dialog.getByRole('button', { name: m.account_send_verification_code() }).click();
        await dialog.locator('.auth-error').waitFor();
        expect(await serious(page), 'Update Mobile Number').toEqual([]);
      }, width));
  }
});
