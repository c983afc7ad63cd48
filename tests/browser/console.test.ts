// The consoles in a real browser against the served build and its API (spec §2 'Merchant console',
// 'Customer console', offer-creation wizard; §3, §5; DECISIONS.md '/console/... need a session',
// '/login sends the visitor to /sign-in and then back'): the guard for guests, refused sessions and
// the other user type; My Offers; the company profile; the wizard's every message, step by step,
// then an offer sent for review that its merchant sees as pending and the public never sees.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFER_HEADER_MAX } from '../../src/contract/index.ts';
import { CONSOLE_MENUS, SECTION_TITLES } from '../../src/islands/console/console-routes.ts';
import { STEP_NAMES } from '../../src/islands/console/offer-form.ts';
import { m } from '../../src/paraglide/messages.js';
import { CLIENT_ERROR_TEXTS } from '../../src/lib/constants.ts';
import { offerCanonicalPath } from '../../src/lib/site-urls.ts';
import { SESSION_STORAGE_KEY } from '../../src/stores/session.ts';
import {
  DESKTOP,
  PHONE,
  createSignedInAccount,
  signInMerchant,
  signInTeam,
  startBrowserSite,
  withPage,
  withSignedInPage,
  type BrowserSite,
  type TestAccount,
  axeViolations,
  gotoConsole,
} from './harness.ts';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(async () => {
  await site?.close();
});

const api = async (path: string, token?: string) => {
  const response = await fetch(`${site.url}/api${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: await response.json() };
};

const menuItems = (page: Page) => page.getByRole('navigation', { name: /console/ }).getByRole('link');
const currentMenuItem = (page: Page) =>
  page.getByRole('navigation', { name: /console/ }).locator('[aria-current="page"]');

/** The message tied to a field by aria-describedby (its '-error' entry), or '' when it has none. */
async function messageOf(field: Locator): Promise<string> {
  const ids = (await field.getAttribute('aria-describedby'))?.split(' ').filter((id) => id.endsWith('-error')) ?? [];
  return ids.length ? (await field.page().locator(`[id="${ids[0]}"]`).innerText()).trim() : '';
}
/** 'Field is required. ' as the page shows it (innerText drops the trailing space). */
const REQUIRED = ERROR_CODES.required.trim();
/** Every shown field message of the open step, in order. */
const shownMessages = (page: Page) => page.locator('.offer-form .auth-error').allInnerTexts();

const SINHALA_HEADER = 'සෑම සති අන්තයකම දෙදෙනෙකුට රාත්‍රී ආහාරයට 20% වට්ටම්';

describe('the guard', () => {
  it('sends a guest to sign in and back to the console page after signing in through the form', () =>
    withPage(site, { javaScript: true, width: DESKTOP }, async (page) => {
      const account = await createSignedInAccount(site, 'Dilini');
      await page.goto('/console/customer/profile');
      await page.waitForURL((url) => url.pathname === '/sign-in');
      expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/console/customer/profile');
      await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr][client="load"]').length === 0);
      await page.getByLabel('Mobile number').fill(account.mobileNo);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/console/customer/profile');
      await page.locator('html[data-console-ready]').waitFor({ state: 'attached' });
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Customer Profile');
      expect(await currentMenuItem(page).innerText()).toBe('Customer Profile');
    }));

  it('keeps the page hidden from a guest and keeps its query through sign-in', () =>
    withPage(site, { javaScript: true, width: PHONE }, async (page) => {
      await page.goto('/console/merchant/offer?create');
      await page.waitForURL((url) => url.pathname === '/sign-in');
      expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/console/merchant/offer?create');
      // Without JavaScript's guard the console stays hidden and says why.
      await withPage(site, { javaScript: false, width: PHONE }, async (bare) => {
        await bare.goto('/console/customer/offer');
        expect(await bare.locator('.console').evaluate((element) => getComputedStyle(element).visibility)).toBe(
          'hidden',
        );
        expect(await bare.locator('.console-noscript').isVisible()).toBe(true);
      });
    }));

  it('sends a refused session to sign in, and ends it', async () => {
    const account = await createSignedInAccount(site, 'Sunil');
    const logout = await fetch(`${site.url}/api/user/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(logout.status).toBe(200);
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      await page.goto('/console/customer/offer');
      await page.waitForURL((url) => url.pathname === '/sign-in');
      expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/console/customer/offer');
      expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull();
    });
  });

  it('sends a customer on a merchant page to the same page of the customer console', async () => {
    const account = await createSignedInAccount(site, 'Kasun');
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      for (const section of ['offer', 'profile', 'dashboard', 'subscription']) {
        await page.goto(`/console/merchant/${section}`);
        await page.waitForURL((url) => url.pathname === `/console/customer/${section}`);
      }
    });
  });

  it('sends a merchant on a customer page to the merchant console', async () => {
    const merchant = await signInMerchant(site);
    await withSignedInPage(site, merchant, PHONE, async (page) => {
      await page.goto('/console/customer/offer');
      await page.waitForURL((url) => url.pathname === '/console/merchant/offer');
    });
  });
});

describe('customer console', () => {
  let customer: TestAccount;
  beforeAll(async () => {
    customer = await createSignedInAccount(site, 'Ishara');
  });

  it('My Offers: the menu of two with the page marked, and the empty state', () =>
    withSignedInPage(site, customer, PHONE, async (page) => {
      await gotoConsole(page, '/console/customer/offer');
      expect(await menuItems(page).allInnerTexts()).toEqual(
        CONSOLE_MENUS.customer.map((section) => SECTION_TITLES.customer[section]),
      );
      expect(await currentMenuItem(page).innerText()).toBe('My Offers');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('My Offers');
      await page.getByText(m.console_offers_empty_title()).waitFor();
      expect((await api(`/get/offers/by/user/${customer.user.userId}`, customer.token)).body.data).toEqual([]);
    }));

  it('Dashboard and Subscription show the placeholder', () =>
    withSignedInPage(site, customer, DESKTOP, async (page) => {
      for (const section of ['dashboard', 'subscription']) {
        await gotoConsole(page, `/console/customer/${section}`);
        expect(await page.locator('[data-under-review]').innerText()).toBe(m.console_under_review());
        expect(await currentMenuItem(page).count()).toBe(0);
      }
    }));

  it('hides the console when the session ends in another tab', () =>
    withSignedInPage(site, customer, DESKTOP, async (page) => {
      await gotoConsole(page, '/console/customer/offer');
      await page.getByText(m.console_offers_empty_title()).waitFor();
      const other = await page.context().newPage();
      await other.goto('/about-us');
      await other.evaluate((key) => localStorage.removeItem(key), SESSION_STORAGE_KEY);
      await page.locator('html[data-console-signed-out]').waitFor({ state: 'attached' });
      expect(await page.getByText(m.console_offers_empty_title()).isVisible()).toBe(false);
      expect(await page.locator('.console-signed-out a').getAttribute('href')).toBe(
        '/login?returnTo=%2Fconsole%2Fcustomer%2Foffer',
      );
    }));
});

describe('merchant console', () => {
  let merchant: TestAccount;
  beforeAll(async () => {
    merchant = await signInMerchant(site);
  });

  it('Company Profile: the company fields, read-only, and the three review steps, all done for an activated company', () =>
    withSignedInPage(site, merchant, PHONE, async (page) => {
      await gotoConsole(page, '/console/merchant/profile');
      expect(await menuItems(page).allInnerTexts()).toEqual([
        'Company Profile',
        'Dashboard',
        'Offer',
        'Subscription Plan',
      ]);
      expect(await currentMenuItem(page).innerText()).toBe('Company Profile');
      const field = (key: string) => page.locator(`[data-company-field="${key}"] dd`).innerText();
      const user = merchant.user;
      expect(user.businessName).toBeTruthy();
      for (const key of [
        'businessName',
        'companyEmail',
        'contactNo',
        'BRno',
        'addressNo',
        'streetName',
        'city',
      ] as const) {
        expect(await field(key), key).toBe(user[key]);
      }
      expect(await page.locator('[data-company-field] input, [data-company-field] textarea').count()).toBe(0);
      const steps = page.locator('[data-review-step]');
      await steps.first().and(page.locator('[data-done="true"]')).waitFor();
      const stepNames = [
        m.console_merchant_step_document_submitted(),
        m.console_merchant_step_registration_review(),
        m.console_merchant_step_activated(),
      ];
      expect(await steps.allInnerTexts()).toEqual(stepNames.map((name) => expect.stringContaining(name)));
      expect(await steps.evaluateAll((items) => items.map((item) => item.getAttribute('data-done')))).toEqual([
        'true',
        'true',
        'true',
      ]);
      expect((await axeViolations(page, 'main')).map((violation) => violation.id)).toEqual([]);
    }));

  it('Company Profile shows the company details once: the profile panel below does not repeat them', () =>
    withSignedInPage(site, merchant, DESKTOP, async (page) => {
      await gotoConsole(page, '/console/merchant/profile');
      await page.locator('.profile-panel').waitFor();
      await page.getByText(merchant.user.BRno!).first().waitFor(); // the company details come from the API after the panel
      const main = await page.locator('main').innerText();
      expect(main.split(merchant.user.BRno!).length - 1, 'the business registration no').toBe(1);
      expect(main.split(merchant.user.companyEmail!).length - 1, 'the company email').toBe(1);
      expect(await page.getByRole('heading', { name: 'Business details' }).count()).toBe(0);
    }));

  it('Dashboard and Subscription Plan show the placeholder', () =>
    withSignedInPage(site, merchant, DESKTOP, async (page) => {
      for (const [section, title] of [
        ['dashboard', 'Dashboard'],
        ['subscription', 'Subscription Plan'],
      ]) {
        await gotoConsole(page, `/console/merchant/${section}`);
        expect(await currentMenuItem(page).innerText()).toBe(title);
        expect(await page.locator('[data-under-review]').innerText()).toBe(m.console_under_review());
      }
    }));

  it('#create and ?create open the wizard at once', () =>
    withSignedInPage(site, merchant, PHONE, async (page) => {
      for (const path of ['/console/merchant/offer#create', '/console/merchant/offer?create']) {
        await gotoConsole(page, path);
        await page.getByRole('dialog', { name: m.console_create_offer() }).waitFor();
        expect(await page.locator('.offer-steps [aria-current="step"]').innerText()).toContain(
          m.console_step_category(),
        );
        await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
        expect(new URL(page.url()).search + new URL(page.url()).hash).toBe(''); // a reload does not open it again
      }
    }));

  it('the wizard shows every message of each step, keeps the form when sending fails, and sends the offer for review', () =>
    withSignedInPage(site, merchant, DESKTOP, async (page) => {
      const publicList = async () =>
        (await api('/get/offers/by/page/1/100')).body.data.map((offer: { offerId: number }) => offer.offerId);
      const acceptedCount = async () => (await api('/get/offer/count/accepted')).body.data[0].totalCount;
      const [listedBefore, countBefore] = [await publicList(), await acceptedCount()];

      await gotoConsole(page, '/console/merchant/offer');
      expect(await currentMenuItem(page).innerText()).toBe('Offer');
      await page.getByRole('button', { name: m.console_create_offer() }).click();
      const dialog = page.getByRole('dialog', { name: m.console_create_offer() });
      await dialog.waitFor();
      const next = dialog.getByRole('button', { name: 'Next' });
      const current = () => dialog.locator('.offer-steps [aria-current="step"]').innerText();

      // Step 1: the category is required; Next stays and focuses the choice.
      expect(await current()).toContain('Select Category');
      await dialog.locator('input[name="offerCategory"]').first().waitFor();
      await next.click();
      expect(await shownMessages(page)).toEqual([REQUIRED]);
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe('offerCategory');
      const category = site.categories[1]!;
      await dialog.getByLabel(category.categoryName, { exact: true }).check();
      expect(await shownMessages(page)).toEqual([]);
      await next.click();

      // Step 2: the bank, the same.
      expect(await current()).toContain('Select Bank');
      expect(await dialog.locator('.offer-steps li').first().getAttribute('class')).toContain('is-done');
      await dialog.locator('input[name="bankInfo"]').first().waitFor();
      await next.click();
      expect(await shownMessages(page)).toEqual([REQUIRED]);
      const bank = site.banks[2]!;
      await dialog.getByLabel(bank.bankName, { exact: true }).check();
      await next.click();

      // Step 3: Next with the fields empty shows each required field's message and focuses the first.
      expect(await current()).toContain('Offer Details');
      expect(await dialog.getByLabel('Validity').inputValue()).toBe('fromTo');
      expect(await dialog.getByLabel('Offer type').inputValue()).toBe('off');
      await next.click();
      // Exact: the Sinhala and Tamil texts have fields of the same names.
      const title = dialog.getByLabel('Offer title', { exact: true });
      const header = dialog.getByLabel('Offer header', { exact: true });
      const start = dialog.getByLabel('Start date');
      const end = dialog.getByLabel('End date');
      const rate = dialog.getByLabel('Offer rate');
      for (const field of [title, header, start, end, rate]) expect(await messageOf(field)).toBe(REQUIRED);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('offer-offerTitle');
      expect(await start.getAttribute('placeholder')).toBe('DD/MM/YYYY');
      expect(await start.getAttribute('inputmode')).toBe('numeric');

      await title.fill('Weekend dining');
      await header.fill('x'.repeat(OFFER_HEADER_MAX + 1));
      const headerCount = dialog.locator('#offer-offerHeader-hint');
      expect(await headerCount.innerText()).toContain(`${OFFER_HEADER_MAX + 1}/${OFFER_HEADER_MAX}`);
      expect(await messageOf(header)).toBe(ERROR_CODES.offer_header_too_long);
      await header.fill('20% off dinner for two every weekend');
      expect(await headerCount.innerText()).toContain(`36/${OFFER_HEADER_MAX}`);
      expect(await messageOf(header)).toBe('');

      // The Sinhala and Tamil texts fold away until opened; a Sinhala header has the English one's limit.
      const translations = dialog.locator('details.offer-translations');
      expect(await translations.getAttribute('open')).toBeNull();
      await translations.locator('summary').click();
      const sinhalaHeader = dialog.locator('[id="offer-translations.si.offerHeader"]');
      expect(await sinhalaHeader.getAttribute('lang')).toBe('si');
      await sinhalaHeader.fill('අ'.repeat(OFFER_HEADER_MAX + 1));
      await sinhalaHeader.blur();
      expect(await messageOf(sinhalaHeader)).toBe(`At most ${OFFER_HEADER_MAX} characters.`);
      await sinhalaHeader.fill(SINHALA_HEADER);
      expect(await messageOf(sinhalaHeader)).toBe('');

      await start.fill('31022099'); // typed on a number pad: the slashes come by themselves
      expect(await start.inputValue()).toBe('31/02/2099');
      expect(await messageOf(start)).toBe(ERROR_CODES.invalid_form_date);
      await start.fill('10/10/2099');
      await end.fill('01/10/2099');
      expect(await messageOf(start)).toBe('');
      expect(await messageOf(end)).toBe(ERROR_CODES.end_before_start);
      await start.fill('01/01/2020');
      await end.fill('02/01/2020');
      expect(await messageOf(end)).toBe(ERROR_CODES.end_date_passed);
      await start.fill('01/01/2099');
      await end.fill('31/12/2099');
      expect(await messageOf(end)).toBe('');

      for (const bad of ['0', '150', 'abc']) {
        await rate.fill(bad);
        expect(await messageOf(rate), bad).toBe(ERROR_CODES.invalid_offer_rate);
      }
      await rate.fill('25');
      expect(await messageOf(rate)).toBe('');
      const preview = dialog.locator('[data-offer-preview-tags]');
      expect(await preview.innerText()).toBe('25% off');
      await dialog.getByLabel('Offer type').selectOption('upto');
      expect(await preview.innerText()).toBe('upto 25% off');
      await dialog.getByLabel('Offer type').selectOption('customize');
      await rate.fill('Free dessert with every main');
      expect(await messageOf(rate)).toBe('');
      expect(await preview.innerText()).toBe('Free dessert with every main');
      await dialog.getByLabel('Offer type').selectOption('off');
      expect(await messageOf(rate)).toBe(ERROR_CODES.invalid_offer_rate);
      await rate.fill('25');

      // Validity 'other' needs its description instead of the dates.
      await dialog.getByLabel('Validity').selectOption('other');
      expect(await start.count()).toBe(0);
      await next.click();
      expect(await messageOf(dialog.getByLabel('When the offer is valid'))).toBe(REQUIRED);
      expect(await current()).toContain('Offer Details');
      await dialog.getByLabel('Validity').selectOption('fromTo');
      expect(await start.inputValue()).toBe('01/01/2099'); // kept while hidden
      await next.click();

      // Step 4: locations are optional; search narrows the list.
      expect(await current()).toContain('Valid Location');
      await dialog.getByLabel('Search locations').fill('kand');
      const towns = dialog.locator('.offer-town');
      expect((await towns.allInnerTexts()).every((town) => town.toLowerCase().includes('kand'))).toBe(true);
      const town = (await towns.first().innerText()).trim();
      await towns.first().locator('input').check();
      await dialog.locator('.offer-chip', { hasText: town }).waitFor();
      await next.click();

      // Step 5: the terms that apply, and the checkbox is required.
      expect(await current()).toContain('terms & conditions');
      await dialog.getByText(site.terms.general[0]!.value).waitFor();
      await dialog.getByText(`${bank.bankName} terms`).waitFor();
      const submit = dialog.getByRole('button', { name: 'Submit' });
      await submit.click();
      const accept = dialog.getByLabel(m.console_accept_terms());
      expect(await messageOf(accept)).toBe(ERROR_CODES.accept_offer_terms);
      await accept.check();
      expect(await messageOf(accept)).toBe('');

      // Sending fails (no connection): a notice, and nothing typed is lost.
      await page.route('**/api/create/new/offer', (route) => route.abort('internetdisconnected'));
      await submit.click();
      await page.locator('.notice-card', { hasText: CLIENT_ERROR_TEXTS.network }).waitFor();
      expect(await accept.isChecked()).toBe(true);
      await dialog.getByRole('button', { name: 'Back' }).click();
      await dialog.getByRole('button', { name: 'Back' }).click();
      expect(await header.inputValue()).toBe('20% off dinner for two every weekend');
      await page.unroute('**/api/create/new/offer');
      await next.click();
      await next.click();

      // Sent: the confirmation, then the list shows the offer pending review.
      await submit.click();
      await dialog.getByText(m.console_offer_sent_text()).waitFor();
      await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
      const row = page.locator('[data-own-offer]', { hasText: '20% off dinner for two every weekend' }).first();
      await row.waitFor();
      expect(await row.getAttribute('data-status')).toBe('pending');
      expect(await row.locator('.own-offer-status').innerText()).toBe(m.console_status_pending());
      expect(await row.innerText()).toContain(`${bank.bankName} · ${category.categoryName}`);
      const offerId = Number(await row.getAttribute('data-own-offer'));
      // Opened again, the wizard starts a new offer.
      await page.getByRole('button', { name: m.console_create_offer() }).click();
      expect(await current()).toContain('Select Category');
      expect(await dialog.locator('input[name="offerCategory"]:checked').count()).toBe(0);
      await dialog.getByRole('button', { name: 'Close' }).click();

      // Stored pending: the owner's list has it after a reload, the public never sees it.
      await gotoConsole(page, '/console/merchant/offer');
      await page.locator(`[data-own-offer="${offerId}"][data-status="pending"]`).waitFor();
      const own = (await api(`/get/offers/by/user/${merchant.user.userId}`, merchant.token)).body.data;
      expect(own.find((offer: { offerId: number }) => offer.offerId === offerId)).toMatchObject({
        status: 'pending',
        label: 'Weekend dining',
        offerType: 'off',
        offerRate: '25',
        offerDateType: 'fromTo',
        bankId: bank.bankId,
        categoryId: category.categoryId,
        location: [{ value: town, isActive: true }],
        translations: { si: { header: SINHALA_HEADER } },
      });
      expect(await publicList()).toEqual(listedBefore);
      expect(await publicList()).not.toContain(offerId);
      expect(await acceptedCount()).toBe(countBefore);
      expect((await api(`/get/offer/by/${offerId}`)).status).toBe(404);
      const asGuest = (await api(`/get/offers/by/user/${merchant.user.userId}`)).body.data;
      expect(asGuest.map((offer: { offerId: number }) => offer.offerId)).not.toContain(offerId);
    }));

  it('the wizard passes axe on each step at phone width', () =>
    withSignedInPage(site, merchant, PHONE, async (page) => {
      await gotoConsole(page, '/console/merchant/offer#create');
      const dialog = page.getByRole('dialog', { name: m.console_create_offer() });
      await dialog.locator('input[name="offerCategory"]').first().check();
      const checkStep = async () => {
        expect(
          (await axeViolations(page, 'dialog')).map(
            (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
          ),
        ).toEqual([]);
      };
      for (let step = 0; step < STEP_NAMES.length - 1; step++) {
        await checkStep();
        if (step === 1) await dialog.locator('input[name="bankInfo"]').first().check();
        if (step === 2) {
          await dialog.getByLabel('Offer title', { exact: true }).fill('Axe check');
          await dialog.getByLabel('Offer header', { exact: true }).fill('Axe check header');
          await dialog.getByLabel('Start date').fill('01/01/2099');
          await dialog.getByLabel('End date').fill('02/01/2099');
          await dialog.getByLabel('Offer rate').fill('10');
        }
        if (step === 3) await dialog.locator('.offer-town input').first().waitFor();
        await dialog.getByRole('button', { name: 'Next' }).click();
        await dialog
          .locator('.offer-steps li')
          .nth(step + 1)
          .and(page.locator('[aria-current="step"]'))
          .waitFor();
      }
      await dialog.getByText(site.terms.general[0]!.value).waitFor();
      await checkStep();
    }));

  it("the wizard sends a banner image and the merchant's own terms with the offer", () =>
    withSignedInPage(site, merchant, PHONE, async (page) => {
      await gotoConsole(page, '/console/merchant/offer#create');
      const dialog = page.getByRole('dialog', { name: m.console_create_offer() });
      const next = dialog.getByRole('button', { name: 'Next' });
      await dialog.locator('input[name="offerCategory"]').first().check();
      await next.click();
      await dialog.locator('input[name="bankInfo"]').first().check();
      await next.click();
      await dialog.getByLabel('Offer title', { exact: true }).fill('Banner check');
      await dialog.getByLabel('Offer header', { exact: true }).fill('Banner check 15% off');
      await dialog.getByLabel('Start date').fill('01/01/2099');
      await dialog.getByLabel('End date').fill('02/01/2099');
      await dialog.getByLabel('Offer rate').fill('15');
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      );
      await dialog
        .getByLabel(m.console_banner_image())
        .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png });
      await dialog.getByRole('img', { name: m.console_banner_preview() }).waitFor();
      await page.screenshot({ path: 'tmp/screenshots/wizard-banner-375.png', fullPage: true });
      await next.click();
      await dialog.locator('.offer-town input').first().waitFor();
      await next.click();
      await dialog.getByLabel(m.console_own_terms()).fill('Dine-in only.\nNot with other promotions.');
      await dialog.getByLabel('I accept the terms & conditions').check();
      await page.screenshot({ path: 'tmp/screenshots/wizard-own-terms-375.png', fullPage: true });
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.getByText(m.console_offer_sent_text()).waitFor();
      const own = (await api(`/get/offers/by/user/${merchant.user.userId}`, merchant.token)).body.data;
      expect(own.find((offer: { header: string }) => offer.header === 'Banner check 15% off')).toMatchObject({
        bannerImageURL: expect.stringMatching(/^\/api\/images\/upload-[\w-]+\.png$/),
        offerTerms: 'Dine-in only.\nNot with other promotions.',
      });
    }));

  it('an accepted offer reads Live, not New, and links to its public page', async () => {
    const send = async (method: string, path: string, token: string, body?: unknown) => {
      const response = await fetch(`${site.url}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    };
    const sent = await send('POST', '/create/new/offer', merchant.token, {
      offerCategory: 1,
      bankInfo: 1,
      offerTitle: 'Live check',
      offerHeader: 'Live check 10% off',
      offerDescription: '',
      offerValidity: 'until',
      toDate: '31/12/2099',
      offerType: 'off',
      offerRate: '10',
      locations: [],
      termsAccepted: true,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const offerId = sent.body.data.offerId as number;
    const team = await signInTeam(site);
    expect((await send('POST', `/team/offers/${offerId}/decision`, team.token, { decision: 'accept' })).status).toBe(
      200,
    );
    const offer = (await api(`/get/offer/by/${offerId}`)).body.data[0];
    for (const width of [PHONE, DESKTOP]) {
      await withSignedInPage(site, merchant, width, async (page) => {
        await gotoConsole(page, '/console/merchant/offer');
        const row = page.locator(`[data-own-offer="${offerId}"]`);
        await row.waitFor();
        expect(await row.getAttribute('data-status')).toBe('new'); // the public badge; the owner sees where it stands
        expect(await row.locator('.own-offer-status').innerText()).toBe(m.console_status_live());
        const link = row.getByRole('link', { name: m.console_view_public_page() });
        expect(await link.getAttribute('href')).toBe(offerCanonicalPath(offer));
        await page.screenshot({ path: `tmp/screenshots/own-offer-live-${width}.png`, fullPage: true });
      });
    }
  });
});
