// The offer's live parts in a real browser: the offer page's impression (one per view), live
// counts and favourite control (src/page-scripts/offer-page.ts), Top Picks from the insight service
// (src/islands/offer/TopPicks.tsx), and the offer modal over the home and bank pages
// (src/islands/offer/OfferModalHost.tsx, mounted by src/page-scripts/offer-modal.ts on the first card click).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAINTED_ATTRIBUTE } from '../../src/build/after-paint-scripts.ts';
import { MESSAGES, type OfferData } from '../../src/contract/index.ts';
import { OFFERS_PAGE_SIZE, TOP_PICKS_PAGE_SIZE } from '../../src/lib/constants.ts';
import { eligibilityText } from '../../src/lib/format-eligibility.ts';
import { bankPagePath, offerCanonicalPath, offerIdFromPath } from '../../src/lib/site-urls.ts';
import { RECENT_OFFERS_STORAGE_KEY } from '../../src/stores/recently-viewed.ts';
import { INSIGHT_ID_STORAGE_KEY } from '../../src/stores/visitor.ts';
import {
  DESKTOP,
  PHONE,
  createSignedInAccount,
  offerPageStarted,
  startBrowserSite,
  withPage,
  withSignedInPage,
  type BrowserSite,
  seriousViolations,
} from './harness.ts';
import { favouritesText as countOfFavourites, viewsText as countOfViews } from '../../src/lib/format-offer.ts';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(async () => {
  await site?.close();
});

const withJs = <T>(fn: (page: Page) => Promise<T>, width = DESKTOP) => withPage(site, { javaScript: true, width }, fn);
/**
 * A listed offer no other test file opens (they take the first ones of the lists): counts read
 * before and after a view here change only by what this file does. `n` picks another one.
 */
const quietOffer = (n: number) => {
  const offers = site.listed;
  return offers[Math.floor(offers.length / 2) + n]!;
};

/** The offer's counts now: the by-id list is not in the API's response cache, unlike GET /get/offer/by/{id}. */
async function countsOf(offerId: number): Promise<{ views: number; interest: number }> {
  const response = await fetch(`${site.url}/api/get/offer/multiple`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offerIds: [offerId] }),
  });
  const [offer] = (await response.json()).data as OfferData[];
  return { views: offer!.views, interest: offer!.interest };
}

/** This browser's views of the offer, as the insight service counts them (0 before the first). */
async function visitorViews(page: Page, offerId: number): Promise<number> {
  const insightId = await page.evaluate((key) => localStorage.getItem(key), INSIGHT_ID_STORAGE_KEY);
  if (!insightId) return 0;
  const answer = await (await fetch(`${site.url}/insight/get/offers/${insightId}/top-10-most-viewed`)).json();
  return (answer.data as { offer_id: number; count: number }[]).find((entry) => entry.offer_id === offerId)?.count ?? 0;
}

const viewsText = (page: Page) => page.locator('[data-offer-views]').textContent();
const favouritesText = (page: Page) => page.locator('[data-offer-favourites]').textContent();
describe('offer page', () => {
  it('records one impression per view and shows the views counted, and the offer in recently viewed', () =>
    withJs(async (page) => {
      const offer = quietOffer(0);
      const before = await countsOf(offer.offerId);

      await page.goto(offerCanonicalPath(offer));
      await expect.poll(() => viewsText(page)).toBe(countOfViews(before.views + 1));
      expect((await countsOf(offer.offerId)).views).toBe(before.views + 1);
      expect(await visitorViews(page, offer.offerId)).toBe(1);
      const recent = JSON.parse(
        await page.evaluate((key) => localStorage.getItem(key) ?? '[]', RECENT_OFFERS_STORAGE_KEY),
      );
      expect(recent[0]).toMatchObject({
        offerId: offer.offerId,
        header: offer.header,
        path: offerCanonicalPath(offer),
      });

      // Another view, another impression: one, not one per script run.
      await page.reload();
      await expect.poll(() => viewsText(page)).toBe(countOfViews(before.views + 2));
      expect((await countsOf(offer.offerId)).views).toBe(before.views + 2);
      expect(await visitorViews(page, offer.offerId)).toBe(2);
    }));

  it('fetches its scripts only once the page is parsed and painting, and they still start its live parts', () =>
    withJs(async (page) => {
      await page.goto(offerCanonicalPath(quietOffer(3)));
      await expect.poll(() => offerPageStarted(page)).toBe(true);
      const timing = await page.evaluate(() => {
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const scripts = performance
          .getEntriesByType('resource')
          .filter((entry) => /\/_astro\/_offerId_\.astro_astro_type_script/.test(entry.name));
        return { parsed: navigation.domContentLoadedEventEnd, fetched: scripts.map((entry) => entry.startTime) };
      });
      expect(timing.fetched).toHaveLength(1);
      expect(timing.fetched[0]).toBeGreaterThan(timing.parsed);
    }));

  it('gives a guest pressing Save the sign-in prompt, whose SignIn leads back to the offer', () =>
    withJs(async (page) => {
      const offer = quietOffer(1);
      const path = offerCanonicalPath(offer);
      await page.goto(path);
      await expect.poll(() => offerPageStarted(page)).toBe(true);
      await page.locator('[data-favourite-offer]').click();

      const prompt = page.getByRole('dialog', { name: ERROR_CODES.not_signed_in_title });
      await prompt.waitFor();
      expect(await prompt.getByText(ERROR_CODES.not_signed_in_text).isVisible()).toBe(true);
      expect(new URL(page.url()).pathname).toBe(path); // the press did not navigate
      expect(await prompt.getByRole('link', { name: 'SignUp' }).getAttribute('href')).toBe('/sign-up');
      const signIn = prompt.getByRole('link', { name: 'SignIn' });
      expect(await signIn.getAttribute('href')).toBe(`/login?returnTo=${encodeURIComponent(path)}`);
      await signIn.click();
      await page.waitForURL((url) => url.pathname !== path);
      expect(new URL(page.url()).searchParams.get('returnTo')).toBe(path);
    }));

  it("holds a guest's press on Save made before the page's scripts have run, and gives the sign-in prompt once they have, not the sign-in page", () =>
    withJs(async (page) => {
      const path = offerCanonicalPath(quietOffer(2));
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const scriptsAsked: string[] = [];
      await page.route('**/_astro/*.js', async (route) => {
        scriptsAsked.push(route.request().url());
        await released;
        await route.continue();
      });
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await page.locator(`html[${PAINTED_ATTRIBUTE}]`).waitFor({ state: 'attached' }); // the loader has asked for the scripts
      await page.evaluate(() => {
        (window as { sameDocument?: boolean }).sameDocument = true;
      });
      await page.locator('[data-favourite-offer]').click(); // still the build's link to sign-in
      expect(scriptsAsked.length).toBeGreaterThan(0);
      release();
      await page.getByRole('dialog', { name: ERROR_CODES.not_signed_in_title }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    }));

  it('lets a signed-in user save and remove the offer, with the count and notices, kept across a reload', async () => {
    const account = await createSignedInAccount(site);
    const offer = quietOffer(2);
    const path = offerCanonicalPath(offer);
    const before = await countsOf(offer.offerId);
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      await page.goto(path);
      const save = page.getByRole('button', { name: 'Save', exact: true });
      await save.waitFor();
      expect(await save.getAttribute('aria-pressed')).toBe('false');
      expect(await seriousViolations(page, '.offer')).toEqual([]);

      await save.click();
      const saved = page.getByRole('button', { name: 'Saved', exact: true });
      await saved.waitFor();
      expect(await saved.getAttribute('aria-pressed')).toBe('true');
      await page.getByText(MESSAGES.favoriteAdded).waitFor();
      await expect.poll(() => favouritesText(page)).toBe(countOfFavourites(before.interest + 1));
      expect((await countsOf(offer.offerId)).interest).toBe(before.interest + 1);

      await page.reload();
      await page.getByRole('button', { name: 'Saved', exact: true }).waitFor(); // once the favourites load
      expect(await page.getByRole('button', { name: 'Saved', exact: true }).getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => favouritesText(page)).toBe(countOfFavourites(before.interest + 1));

      await page.getByRole('button', { name: 'Saved', exact: true }).click();
      await page.getByText(MESSAGES.favoriteRemoved).waitFor();
      expect(await page.getByRole('button', { name: 'Save', exact: true }).getAttribute('aria-pressed')).toBe('false');
      await expect.poll(() => favouritesText(page)).toBe(countOfFavourites(before.interest));
      expect((await countsOf(offer.offerId)).interest).toBe(before.interest);
    });
  });
});

describe('Top Picks for You', () => {
  /** The offer ids of the Top Picks cards, once this visitor's picks have replaced the build's. */
  async function topPicks(page: Page): Promise<number[]> {
    const section = page.locator('section.top-picks');
    await section.scrollIntoViewIfNeeded(); // it hydrates when visible
    await section.getByRole('button', { name: 'View more' }).waitFor(); // shown once the service answered
    return section
      .locator('article.offer-card')
      .evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-offer-id'))));
  }
  const categoryOf = (offerId: number) => site.offers.find((offer) => offer.offerId === offerId)!.categoryId;

  it("fetches its cards' images only once the visitor scrolls near it, not with the offer, on a slow phone connection (375px)", () =>
    withJs(async (page) => {
      // On a 3G connection Chromium fetches lazy images 2,500 px ahead, about where Top Picks sits on a phone.
      const network = await page.context().newCDPSession(page);
      await network.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 300,
        downloadThroughput: 80_000,
        uploadThroughput: 40_000,
        connectionType: 'cellular3g',
      });
      const fetched: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'image') fetched.push(new URL(request.url()).pathname);
      });
      await page.goto(offerCanonicalPath(quietOffer(5)), { waitUntil: 'load' });
      const pickBanners = () =>
        page
          .locator('section.top-picks .offer-card-cover img')
          .evaluateAll((images) => images.map((image) => new URL((image as HTMLImageElement).src).pathname));
      // A pick of the offer's own merchant may share its banner, which the offer itself shows: not a pick's fetch.
      const shownOutside = await page
        .locator('img')
        .evaluateAll((images) =>
          images
            .filter((image) => !image.closest('section.top-picks'))
            .map((image) => new URL((image as HTMLImageElement).src, location.href).pathname),
        );
      const banners = (await pickBanners()).filter((path) => !shownOutside.includes(path));
      expect(banners.length).toBeGreaterThan(0);
      expect(fetched.filter((path) => banners.includes(path))).toEqual([]);

      await network.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await page.locator('section.top-picks').scrollIntoViewIfNeeded();
      await expect.poll(async () => (await pickBanners()).every((path) => fetched.includes(path))).toBe(true);
    }, PHONE));

  it('puts first the category this visitor viewed, unlike a new visitor, and View more appends four', async () => {
    // Three offers of one category from three banks, then an offer of another category and bank:
    // the category viewed three times weighs most (docs/api.md §9).
    const byCategory = Map.groupBy(site.listed, (offer) => offer.categoryId);
    const [categoryId, ofCategory] = [...byCategory]
      .sort((a, b) => a[1].length - b[1].length)
      .find(
        ([, offers]) =>
          new Set(offers.map((offer) => offer.bankId)).size >= 3 && offers.length >= 3 + TOP_PICKS_PAGE_SIZE,
      )!;
    const viewed = [...Map.groupBy(ofCategory, (offer) => offer.bankId).values()]
      .slice(0, 3)
      .map((offers) => offers[0]!);
    const viewedBanks = new Set(viewed.map((offer) => offer.bankId));
    const other = site.listed.find(
      (offer) =>
        offer.categoryId !== categoryId &&
        !viewedBanks.has(offer.bankId) &&
        byCategory.get(offer.categoryId)!.length > TOP_PICKS_PAGE_SIZE,
    )!;

    const newVisitorPicks = await withJs(async (page) => {
      await page.goto(offerCanonicalPath(other));
      return topPicks(page);
    });
    expect(newVisitorPicks.slice(0, TOP_PICKS_PAGE_SIZE).every((id) => categoryOf(id) === categoryId)).toBe(false);

    await withJs(async (page) => {
      for (const offer of viewed) {
        await page.goto(offerCanonicalPath(offer));
        await expect.poll(() => visitorViews(page, offer.offerId)).toBe(1);
      }
      await page.goto(offerCanonicalPath(other));
      const picks = await topPicks(page);
      expect(picks).toHaveLength(TOP_PICKS_PAGE_SIZE);
      expect(picks.map(categoryOf)).toEqual(picks.map(() => categoryId));
      expect(picks).not.toEqual(newVisitorPicks.slice(0, TOP_PICKS_PAGE_SIZE));
      // Neither the offer on screen nor those already viewed.
      for (const offer of [other, ...viewed]) expect(picks).not.toContain(offer.offerId);

      await page.getByRole('button', { name: 'View more' }).click();
      const cards = page.locator('section.top-picks article.offer-card');
      await expect.poll(() => cards.count()).toBe(2 * TOP_PICKS_PAGE_SIZE);
      const all = await cards.evaluateAll((elements) =>
        elements.map((card) => Number(card.getAttribute('data-offer-id'))),
      );
      expect(all.slice(0, TOP_PICKS_PAGE_SIZE)).toEqual(picks);
      expect(new Set(all).size).toBe(all.length);
      expect(all).not.toContain(other.offerId);
    });
  });
});

describe('offer modal over the home and bank pages', () => {
  /** A list page, loaded: its modules ran, so the modal's loader listens for the first card click. */
  async function home(page: Page, path = '/') {
    await page.goto(path, { waitUntil: 'load' });
  }
  const homeOffers = () => site.listed.slice(0, OFFERS_PAGE_SIZE);
  const titleLink = (page: Page, offer: OfferData) =>
    page.locator(`article[data-offer-id="${offer.offerId}"] .offer-card-title a`);
  const pathOf = (page: Page) => new URL(page.url()).pathname;
  const focusedHref = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('href'));

  it('opens a card as a dialog at its canonical URL, with a shimmer while loading; Escape closes it and focus returns', () =>
    withJs(async (page) => {
      await home(page);
      const offer = homeOffers()[1]!;
      // The offer's answer waits until the shimmer has been seen.
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(`**/api/get/offer/by/${offer.offerId}`, async (route) => {
        await released;
        await route.continue();
      });

      await titleLink(page, offer).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(pathOf(page)).toBe(offerCanonicalPath(offer));
      await dialog.locator('.offer-modal-shimmer').waitFor();
      release();
      await dialog.getByRole('heading', { name: offer.header }).waitFor();
      expect(await page.getByRole('dialog', { name: offer.header }).isVisible()).toBe(true);
      // The bank and merchant line under the banner (the savings answer below names banks too).
      const meta = dialog.locator('.offer-modal-meta');
      expect(await meta.getByText(offer.bank.bankName, { exact: true }).isVisible()).toBe(true);
      expect(await meta.getByText(offer.merchant.merchantName, { exact: true }).isVisible()).toBe(true);
      expect(await dialog.getByRole('link', { name: 'Open offer page' }).getAttribute('href')).toBe(
        offerCanonicalPath(offer),
      );
      // Who can use it and when, in one line.
      expect(await dialog.locator('[data-eligibility]').textContent()).toBe(
        eligibilityText(offer.eligibility, offer.bank.bankName),
      );
      expect(await seriousViolations(page, '.offer-modal')).toEqual([]);
      // One impression for the opening, and the offer first in recently viewed.
      await expect.poll(() => visitorViews(page, offer.offerId)).toBe(1);
      const recent = JSON.parse(
        await page.evaluate((key) => localStorage.getItem(key) ?? '[]', RECENT_OFFERS_STORAGE_KEY),
      );
      expect(recent[0]?.offerId).toBe(offer.offerId);

      // Tab goes round inside the dialog.
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))).toBe(true);
      }

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => pathOf(page)).toBe('/');
      expect(await focusedHref(page)).toBe(offerCanonicalPath(offer));
      expect(await visitorViews(page, offer.offerId)).toBe(1);
    }));

  it('closes with Back, opens again with Forward, and shows the offer of the URL', () =>
    withJs(async (page) => {
      await home(page);
      const [first, second] = [homeOffers()[2]!, homeOffers()[3]!];
      const dialog = page.getByRole('dialog');

      await titleLink(page, first).click();
      await dialog.getByRole('heading', { name: first.header }).waitFor();
      await page.goBack();
      await dialog.waitFor({ state: 'hidden' });
      expect(pathOf(page)).toBe('/');
      expect(await focusedHref(page)).toBe(offerCanonicalPath(first));

      await page.goForward();
      await dialog.getByRole('heading', { name: first.header }).waitFor();
      expect(pathOf(page)).toBe(offerCanonicalPath(first));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => pathOf(page)).toBe('/');

      // The cover opens the offer too; focus then returns to the card's title link.
      await page.locator(`article[data-offer-id="${second.offerId}"] a.offer-card-cover`).click();
      await dialog.getByRole('heading', { name: second.header }).waitFor();
      expect(pathOf(page)).toBe(offerCanonicalPath(second));
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => pathOf(page)).toBe('/');
      expect(await focusedHref(page)).toBe(offerCanonicalPath(second));

      // Forward now leads to the second offer's URL: the dialog follows it.
      await page.goForward();
      await dialog.getByRole('heading', { name: second.header }).waitFor();
      expect(pathOf(page)).toBe(offerCanonicalPath(second));
    }));

  it('leaves clicks with a modifier key to the browser, and shows a guest the sign-in prompt from the dialog', () =>
    withJs(async (page) => {
      await home(page);
      const offer = homeOffers()[4]!;
      // Ctrl+click opens a new tab: this page stays as it is. The tab is left to close with the
      // context: closing it while it still loads waited past the test's time on a busy machine.
      const opened = page.context().waitForEvent('page');
      await titleLink(page, offer).click({ modifiers: ['Control'] });
      await opened;
      expect(pathOf(page)).toBe('/');
      expect(await page.getByRole('dialog').count()).toBe(0);

      await titleLink(page, offer).click();
      const dialog = page.getByRole('dialog', { name: offer.header });
      await dialog.waitFor();
      await dialog.getByRole('link', { name: 'Save' }).click();
      await page.getByRole('dialog', { name: ERROR_CODES.not_signed_in_title }).waitFor();
    }));

  it('opens over a bank page too, and closing returns to its URL', () =>
    withJs(async (page) => {
      const bankPath = bankPagePath(site.listed[0]!.bank);
      await home(page, bankPath);
      const link = page.locator('article.offer-card .offer-card-title a').first();
      const offerPath = (await link.getAttribute('href'))!;
      const offer = site.offers.find((o) => o.offerId === offerIdFromPath(offerPath))!;
      await link.click();
      const dialog = page.getByRole('dialog', { name: offer.header });
      await dialog.waitFor();
      expect(pathOf(page)).toBe(offerCanonicalPath(offer));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => pathOf(page)).toBe(bankPath);
      expect(await focusedHref(page)).toBe(offerPath);
    }));

  it('fits a phone screen', () =>
    withJs(async (page) => {
      await home(page);
      const offer = homeOffers()[0]!;
      await titleLink(page, offer).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: offer.header }).waitFor();
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE);
      expect(await dialog.getByRole('link', { name: 'Open offer page' }).isVisible()).toBe(true);
    }, PHONE));
});
