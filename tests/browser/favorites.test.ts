// Favourites and the signed-in header in a real browser (spec §2 Header, Home, §4 'Favourite
// toggle', 'Session'): the guest's sign-in prompt, a signed-in toggle on a bank page's card with its
// notice, count and drawer, the rollback when the server refuses, the mobile overlays, and logout
// (here and in another tab). Each test signs up its own customer, so favourites start empty.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type OfferData } from '../../src/contract/index.ts';
import { maskMobile } from '../../src/lib/format-offer.ts';
import { localePath } from '../../src/lib/locale-path.ts';
import { bankPagePath, offerCanonicalPath, signInPath } from '../../src/lib/site-urls.ts';
import { localText } from '../../src/lib/translated.ts';
import { SESSION_STORAGE_KEY } from '../../src/stores/session.ts';
import {
  DESKTOP,
  PHONE,
  createSignedInAccount,
  startBrowserSite,
  withPage,
  withSignedInPage,
  type BrowserSite,
  type TestAccount,
  seriousViolations,
} from './harness.ts';
import { m } from '../../src/paraglide/messages.js';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(async () => {
  await site?.close();
});

/** A bank with listed offers, and the first of them its page shows (the newest of its first category). */
function bankPageWithOffers() {
  const bank = site.banks.find((b) => site.listed.some((offer) => offer.bankId === b.bankId));
  if (!bank) throw new Error('no bank has listed offers');
  return { bank, path: bankPagePath(bank), offers: site.listed.filter((offer) => offer.bankId === bank.bankId) };
}

/** Opens a bank page and waits until its cards' favourite controls work (src/page-scripts/static-cards.ts). */
async function openBankPage(page: Page) {
  const { path, offers } = bankPageWithOffers();
  await page.goto(path);
  await page.locator('.category-groups[data-cards-live]').waitFor();
  // The groups' first card (not one of 'Your favourites' above them).
  const card = page.locator('.category-groups article.offer-card').first();
  const offerId = Number(await card.getAttribute('data-offer-id'));
  const offer = offers.find((o) => o.offerId === offerId);
  if (!offer) throw new Error(`the first card (${offerId}) is not one of the bank's listed offers`);
  return { card, offer };
}

/** Adds a favourite straight through the API, as another device of the same user would. */
async function addFavoriteByApi(account: TestAccount, offer: OfferData) {
  const response = await fetch(`${site.url}/api/add/user/favorite/offer`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
    body: JSON.stringify({
      offerId: offer.offerId,
      categoryId: offer.categoryId,
      merchantId: offer.merchantId,
      bankId: offer.bankId,
    }),
  });
  expect(response.status).toBe(200);
}

const notice = (page: Page, text: string) =>
  page.locator('.notice-stack-bottom-left [aria-live] .notice-card').filter({ hasText: text });
const favoritesButton = (page: Page) => page.getByRole('button', { name: /^Favourites/ });
const headerCount = (page: Page) => page.locator('[data-favorites-count]');
const interestOf = async (card: Locator) => Number.parseInt(await card.locator('[data-interest]').innerText(), 10);
const drawer = (page: Page) => page.getByRole('dialog', { name: new RegExp(`^${m.account_favorites_drawer_title()}`) });
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
/** The signed-in header is there and the favourites have loaded. */
async function signedInHeader(page: Page, favourites: number) {
  await expect.poll(() => headerCount(page).textContent()).toBe(String(favourites));
}

describe('a guest', () => {
  it("pressing a card's favourite control on a bank page gets the sign-in prompt, SignIn leading back to the offer", () =>
    withPage(site, { javaScript: true, width: DESKTOP }, async (page) => {
      const { card, offer } = await openBankPage(page);
      const before = page.url();
      await card.locator('[data-favorite-offer]').click();

      const prompt = page.getByRole('dialog', { name: ERROR_CODES.not_signed_in_title });
      await prompt.waitFor();
      expect(await prompt.innerText()).toContain(ERROR_CODES.not_signed_in_text);
      expect(await prompt.getByRole('link', { name: 'SignIn' }).getAttribute('href')).toBe(
        signInPath(offerCanonicalPath(offer)),
      );
      expect(await prompt.getByRole('link', { name: 'SignUp' }).getAttribute('href')).toBe('/sign-up');
      expect(page.url()).toBe(before);
      expect(await favoritesButton(page).count()).toBe(0);
      expect(await page.locator('.favorites-strip').count()).toBe(0); // no 'Your favourites' for a guest
    }));
});

describe('a signed-in user', () => {
  it("toggles a card's favourite: pressed, count +1, the notice, the drawer lists it, and it is still there after a reload", async () => {
    const account = await createSignedInAccount(site);
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      const { card, offer } = await openBankPage(page);
      await signedInHeader(page, 0);
      const toggle = card.getByRole('button', { name: `Save to favourites: ${offer.header}` });
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      const interest = await interestOf(card);

      await toggle.click();
      const pressed = card.locator('button[data-favorite-offer]');
      await expect.poll(() => pressed.getAttribute('aria-pressed')).toBe('true');
      expect(await pressed.getAttribute('aria-label')).toBe(`Remove from favourites: ${offer.header}`);
      expect(await interestOf(card)).toBe(interest + 1);
      await notice(page, MESSAGES.favoriteAdded).waitFor();
      await signedInHeader(page, 1);
      // 'Your favourites' on the bank page shows it too.
      await page.locator('.favorites-strip article.offer-card').first().waitFor();
      expect(await page.locator('.favorites-strip article.offer-card').getAttribute('data-offer-id')).toBe(
        String(offer.offerId),
      );

      await favoritesButton(page).click();
      await drawer(page).waitFor();
      expect(await drawer(page).getByRole('heading').innerText()).toBe(`${m.account_favorites_drawer_title()} (1)`);
      const entries = drawer(page).locator('li');
      expect(await entries.count()).toBe(1);
      expect(await entries.getByRole('link').getAttribute('href')).toBe(offerCanonicalPath(offer));
      expect(await entries.getByRole('link').innerText()).toContain(offer.header);
      expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);

      await page.reload();
      await signedInHeader(page, 1);
      await page.locator('.category-groups[data-cards-live]').waitFor();
      await expect
        .poll(() =>
          page
            .locator(
              `.category-groups article.offer-card[data-offer-id="${offer.offerId}"] button[data-favorite-offer]`,
            )
            .first()
            .getAttribute('aria-pressed'),
        )
        .toBe('true');
      await favoritesButton(page).click();
      // The entry's own link: just after a reload its heart may still be the guest's link to sign-in.
      expect(await drawer(page).locator('li a.account-favorite-link').getAttribute('href')).toBe(
        offerCanonicalPath(offer),
      );
    });
  });

  it('the drawer: focus moves in, Tab stays inside, Escape closes it and focus returns to the button', async () => {
    const account = await createSignedInAccount(site);
    await addFavoriteByApi(account, site.listed[0]!);
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      await page.goto('/');
      await signedInHeader(page, 1);
      await favoritesButton(page).focus();
      await page.keyboard.press('Enter');
      await drawer(page).waitFor();
      expect(await drawer(page).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        expect(
          await drawer(page).evaluate((dialog) => dialog.contains(document.activeElement)),
          `after ${i + 1} Tab`,
        ).toBe(true);
      }
      await page.keyboard.press('Escape');
      await drawer(page).waitFor({ state: 'hidden' });
      expect(await isFocused(favoritesButton(page))).toBe(true);
    });
  });

  it('removing an offer from the drawer empties it: the empty state, the notice, the count, and the card unpressed', async () => {
    const account = await createSignedInAccount(site);
    const { offers } = bankPageWithOffers();
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      const { card, offer } = await openBankPage(page);
      expect(offers).toContainEqual(expect.objectContaining({ offerId: offer.offerId }));
      await addFavoriteByApi(account, offer);
      await page.reload();
      await signedInHeader(page, 1);
      await favoritesButton(page).click();
      const remove = drawer(page).getByRole('button', { name: `Remove from favourites: ${offer.header}` });
      await remove.click();

      await drawer(page).getByText(m.account_favorites_empty_title()).waitFor();
      expect(await drawer(page).getByText(m.account_favorites_empty_text()).isVisible()).toBe(true);
      expect(await drawer(page).getByRole('heading').innerText()).toBe(`${m.account_favorites_drawer_title()} (0)`);
      // The removed entry's button took the focus with it: it goes to the empty state, still in the drawer.
      expect(await drawer(page).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
      await notice(page, MESSAGES.favoriteRemoved).waitFor();
      await signedInHeader(page, 0);
      await page.keyboard.press('Escape');
      await page.locator('.category-groups[data-cards-live]').waitFor();
      expect(await card.locator('button[data-favorite-offer]').getAttribute('aria-pressed')).toBe('false');

      await page.reload();
      await signedInHeader(page, 0);
      await favoritesButton(page).click();
      await drawer(page).getByText(m.account_favorites_empty_title()).waitFor();
    });
  });

  it("a refused toggle shows at once, then rolls back with the server's message", async () => {
    const account = await createSignedInAccount(site);
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      const { card } = await openBankPage(page);
      await signedInHeader(page, 0);
      const refusal = 'Offer not found.';
      let answer!: () => void;
      const held = new Promise<void>((resolve) => {
        answer = resolve;
      });
      await page.route('**/api/add/user/favorite/offer', async (route) => {
        await held;
        await route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: JSON.stringify({ status: false, message: refusal }),
        });
      });
      const toggle = card.locator('button[data-favorite-offer]');
      const interest = await interestOf(card);

      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
      expect(await interestOf(card)).toBe(interest + 1);
      await signedInHeader(page, 1);

      answer();
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
      expect(await interestOf(card)).toBe(interest);
      await signedInHeader(page, 0);
      const message = notice(page, refusal);
      await message.waitFor();
      expect(await message.evaluate((node) => node.closest('[aria-live]')?.getAttribute('aria-live'))).toBe(
        'assertive',
      );
      expect(await notice(page, MESSAGES.favoriteAdded).count()).toBe(0);
    });
  });

  it("on a Tamil bank page says it in Tamil: the control's label, with the offer's Tamil title where it has one, and the notice", async () => {
    const account = await createSignedInAccount(site);
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      const { path, offers } = bankPageWithOffers();
      await page.goto(localePath(path, 'ta'));
      await page.locator('.category-groups[data-cards-live]').waitFor();
      await signedInHeader(page, 0);
      const card = page.locator('.category-groups article.offer-card').first();
      const offerId = Number(await card.getAttribute('data-offer-id'));
      const title = localText(
        offers.find((offer) => offer.offerId === offerId)!,
        'header',
        'ta',
      ).text;
      await card.getByRole('button', { name: m.browse_save_to_favourites({ title }, { locale: 'ta' }) }).click();
      const shown = notice(page, m.error_favorite_added({}, { locale: 'ta' }));
      await shown.waitFor();
      expect(await shown.innerText()).toContain(m.account_favourites({}, { locale: 'ta' }));
      await expect
        .poll(() => card.locator('button[data-favorite-offer]').getAttribute('aria-label'))
        .toBe(m.browse_remove_from_favourites({ title }, { locale: 'ta' }));
    });
  });

  it(`at ${PHONE}px the menu icon opens the profile overlay; its Favourites opens 'My Favorite List', whose Refresh reloads it`, async () => {
    const account = await createSignedInAccount(site, 'Kamala');
    const [first, second] = site.listed;
    await addFavoriteByApi(account, first!);
    await withSignedInPage(site, account, PHONE, async (page) => {
      await page.goto('/');
      expect(await favoritesButton(page).isVisible()).toBe(false); // the wide header's button gives way to the menu icon
      const menuIcon = page.getByRole('button', { name: 'Account menu' });
      await menuIcon.click();
      const profile = page.getByRole('dialog', { name: 'Hi, Kamala' });
      await profile.waitFor();
      expect(await profile.innerText()).toContain(maskMobile(account.mobileNo));
      expect(await profile.getByText('verified').count()).toBe(1);
      expect(await profile.getByRole('link', { name: 'Setting' }).getAttribute('href')).toBe(
        '/console/customer/profile#settings',
      );
      expect(await profile.getByRole('button', { name: 'Profile' }).isVisible()).toBe(true); // opens the Profile View
      expect(await profile.getByRole('link', { name: 'Create Offer' }).count()).toBe(0); // merchants only

      const entry = profile.getByRole('button', { name: /^Favourites/ });
      await expect.poll(() => entry.innerText()).toMatch(/1$/);
      await entry.click();
      const list = page.getByRole('dialog', { name: new RegExp(`^${m.account_favorites_overlay_title()}`) });
      await list.waitFor();
      expect(await list.getByRole('heading').innerText()).toBe(`${m.account_favorites_overlay_title()} (1)`);
      expect(await list.locator('li a').getAttribute('href')).toBe(offerCanonicalPath(first!));

      await addFavoriteByApi(account, second!); // saved elsewhere: Refresh brings it in
      const loaded = page.waitForResponse((response) => response.url().includes('/api/get/offer/favorite/by/'));
      await list.getByRole('button', { name: 'Refresh' }).click();
      expect((await loaded).status()).toBe(200);
      await expect.poll(() => list.getByRole('heading').innerText()).toBe(`${m.account_favorites_overlay_title()} (2)`);
      expect(await list.locator('li a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
        expect.arrayContaining([offerCanonicalPath(first!), offerCanonicalPath(second!)]),
      );
      expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);

      // Back returns to the profile overlay, Escape closes that too, and focus is back on the icon.
      await list.getByRole('button', { name: 'Back' }).click();
      await list.waitFor({ state: 'hidden' });
      expect(await isFocused(entry)).toBe(true);
      await page.keyboard.press('Escape');
      await profile.waitFor({ state: 'hidden' });
      expect(await isFocused(menuIcon)).toBe(true);
    });
  });

  it(`at ${PHONE}px a user without favourites gets the empty state in 'My Favorite List'`, async () => {
    const account = await createSignedInAccount(site);
    await withSignedInPage(site, account, PHONE, async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^Favourites/ })
        .click();
      const list = page.getByRole('dialog', { name: new RegExp(`^${m.account_favorites_overlay_title()}`) });
      await list.getByText(m.account_favorites_empty_title()).waitFor();
      expect(await list.getByText(m.account_favorites_empty_text()).isVisible()).toBe(true);
      expect(await list.getByRole('heading').innerText()).toBe(`${m.account_favorites_overlay_title()} (0)`);
    });
  });

  it('the profile menu opens with the keyboard; Logout goes home, revokes the session, empties favourites and brings back the guest links', async () => {
    const account = await createSignedInAccount(site, 'Sunil');
    await addFavoriteByApi(account, site.listed[0]!);
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      const { path } = bankPageWithOffers();
      await page.goto(path);
      await signedInHeader(page, 1);
      const menuButton = page.getByRole('button', { name: 'Hi, Sunil' });
      expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
      await menuButton.focus();
      await page.keyboard.press('ArrowDown');
      const menu = page.getByRole('menu');
      await menu.waitFor();
      expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
      expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Setting', 'Profile', 'Logout']);
      expect(await isFocused(menu.getByRole('menuitem', { name: 'Setting' }))).toBe(true);
      await page.keyboard.press('ArrowUp'); // wraps to the last item
      expect(await isFocused(menu.getByRole('menuitem', { name: 'Logout' }))).toBe(true);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      expect(await isFocused(menuButton)).toBe(true);

      await menuButton.click();
      await menu.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL(`${site.url}/`);
      await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign in' }).waitFor();
      expect(await favoritesButton(page).count()).toBe(0);
      expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull();
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-signed-in'))).toBe(false);
      const validate = await fetch(`${site.url}/api/session/validate/${encodeURIComponent(account.token)}`);
      expect(validate.status).toBe(401);
      // Favourites are gone with the session: the cards' controls are the guest's again.
      await page.goto(path);
      await page.locator('.category-groups[data-cards-live]').waitFor();
      expect(await page.locator('article.offer-card button[data-favorite-offer]').count()).toBe(0);
      expect(await page.locator('.favorites-strip').count()).toBe(0);
    });
  });

  it('logout in one tab reaches another tab of the same browser', async () => {
    const account = await createSignedInAccount(site, 'Ruwan');
    await withSignedInPage(site, account, DESKTOP, async (first) => {
      const second = await first.context().newPage();
      await Promise.all([first.goto('/'), second.goto(bankPageWithOffers().path)]);
      await Promise.all([signedInHeader(first, 0), signedInHeader(second, 0)]);

      await first.getByRole('button', { name: 'Hi, Ruwan' }).click();
      await first.getByRole('menuitem', { name: 'Logout' }).click();
      await expect
        .poll(() => second.evaluate(() => document.documentElement.hasAttribute('data-signed-in')))
        .toBe(false);
      expect(
        await second.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign in' }).isVisible(),
      ).toBe(true);
      expect(await favoritesButton(second).count()).toBe(0);
      expect(await second.getByRole('button', { name: 'Hi, Ruwan' }).count()).toBe(0);
    });
  });
});
