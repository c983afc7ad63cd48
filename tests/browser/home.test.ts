// The home page's islands in a real browser: the filter bar (panels, chips, the 'All filters'
// modal) with its state in the URL, the 'All offers' list (skeletons, Load more, empty and failed
// loads), the recently viewed strips and the bank carousel (src/islands/home/,
// src/islands/RecentlyViewed.tsx); and what the page shows without JavaScript.
import type { Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { meanDifference } from '../support/pixels.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferData } from '../../src/contract/index.ts';
import { LOAD_FAILURE_ID } from '../../src/lib/after-paint.ts';
import { interestsFirst } from '../../src/lib/interests-first.ts';
import { FILTER_CHIPS_SHOWN, RECENT_SHOWN } from '../../src/lib/constants.ts';
import { OFFERS_PAGE_SIZE } from '../../src/lib/constants.ts';
import { bankPagePath, offerCanonicalPath } from '../../src/lib/site-urls.ts';
import { RECENT_OFFERS_STORAGE_KEY } from '../../src/stores/recently-viewed.ts';
import {
  createSignedInAccount,
  DESKTOP,
  PHONE,
  offerListSettled,
  startBrowserSite,
  withPage,
  withSignedInPage,
  type BrowserSite,
  seriousViolations,
  startUsingOfferList,
} from './harness.ts';

const FILTERED_LIST = '**/api/get/offers/filter/multiple/**';
const UNFILTERED_LIST = '**/api/get/offers/by/page/**';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(async () => {
  await site?.close();
});

const withJs = <T>(fn: (page: Page) => Promise<T>, width = DESKTOP) => withPage(site, { javaScript: true, width }, fn);
const matching = (bankIds: number[], categoryIds: number[]) =>
  site.listed.filter(
    (offer) =>
      (bankIds.length === 0 || bankIds.includes(offer.bankId)) &&
      (categoryIds.length === 0 || categoryIds.includes(offer.categoryId)),
  );
const bankName = (bankId: number) => site.banks.find((bank) => bank.bankId === bankId)!.bankName;
const categoryName = (categoryId: number) =>
  site.categories.find((category) => category.categoryId === categoryId)!.categoryName;

/** A listed offer's bank and category: a filter by both has at least that offer. */
const someOffer = (n = 0) => site.listed[n]!;
/** A category with more than one page of offers but few pages: Load more reaches its end quickly. */
function categoryWithFewPages() {
  const category = site.categories.find((c) => {
    const count = matching([], [c.categoryId]).length;
    return count > OFFERS_PAGE_SIZE && count <= 3 * OFFERS_PAGE_SIZE;
  });
  if (!category) throw new Error('the demo data has no category with 11 to 30 listed offers');
  return category;
}
/** A bank and a category with no listed offer together. */
function emptyPair() {
  for (const bank of site.banks) {
    const category = site.categories.find((c) => matching([bank.bankId], [c.categoryId]).length === 0);
    if (category) return { bankId: bank.bankId, categoryId: category.categoryId };
  }
  throw new Error('every bank has offers in every category');
}

/** Home (or home with a query), once the 'All offers' island has hydrated. */
async function openHome(page: Page, query = '') {
  await page.goto(`/${query}`);
  await startUsingOfferList(page);
}

const cards = (page: Page) => page.locator('.offer-browser article.offer-card');
const cardOffers = (page: Page) =>
  cards(page).evaluateAll((articles) => articles.map((article) => Number(article.getAttribute('data-offer-id'))));
const offersOf = (ids: number[]) => ids.map((id) => site.offers.find((offer) => offer.offerId === id)!);
const chipNames = (page: Page) => page.locator('.filter-chip > span').allTextContents();
const filterButton = (page: Page) => page.getByRole('button', { name: /^Filter(, \d+ chosen)?$/ });
const loadMoreButton = (page: Page) => page.getByRole('button', { name: /^Load more offers \(\d+\)$/ });
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const skeletons = (page: Page) => page.locator('.offer-browser .offer-card-skeleton');

/** Waits until the list shows (only) the first page of the offers matching the filter. */
async function expectFirstPageOf(page: Page, bankIds: number[], categoryIds: number[]) {
  const expected = matching(bankIds, categoryIds);
  await expect
    .poll(async () => (await offerListSettled(page)) && (await cardOffers(page)).length, { timeout: 10_000 })
    .toBe(Math.min(OFFERS_PAGE_SIZE, expected.length));
  for (const offer of offersOf(await cardOffers(page))) {
    expect(
      expected.map((o) => o.offerId),
      `offer ${offer.offerId} (bank ${offer.bankId}, category ${offer.categoryId})`,
    ).toContain(offer.offerId);
  }
}

/** Answers to the filtered list (or another) wait until `release` is called: the loading state can be looked at. */
async function holdFilteredAnswers(page: Page, list = FILTERED_LIST) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(list, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('without JavaScript', () => {
  it('home lists the first 10 offers as links, the bank carousel as links to the bank pages, and no filter controls', () =>
    withPage(site, { javaScript: false, width: PHONE }, async (page) => {
      await page.goto('/');
      const hrefs = await page
        .locator('[data-offer-list] article.offer-card .offer-card-title a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual(site.listed.slice(0, OFFERS_PAGE_SIZE).map(offerCanonicalPath));
      expect(await page.locator('[data-load-more]').textContent()).toContain(
        `Showing ${OFFERS_PAGE_SIZE} of ${site.listed.length} offers.`,
      );
      expect(await loadMoreButton(page).count()).toBe(0);
      // Controls that need JavaScript are not offered.
      expect(await page.locator('.filter-bar').isVisible()).toBe(false);
      expect(await page.locator('.bank-carousel-controls').isVisible()).toBe(false);
      const carousel = page.getByRole('region', { name: 'Offers from every bank' });
      expect(await carousel.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
        [...site.banks].sort((a, b) => a.bankName.localeCompare(b.bankName)).map((bank) => bankPagePath(bank)),
      );
      // The carousel's row scrolls sideways by itself: the page does not.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE);
      expect(await page.locator('.recently-viewed').count()).toBe(0);
    }));
});

describe('the first paint', () => {
  it('on a wide screen, the banks have their width before the ad beside them is parsed: nothing moves when it comes', () =>
    withPage(site, { javaScript: false, width: DESKTOP }, async (page) => {
      await page.goto('/');
      const banksWidth = () => page.locator('.home-banks').evaluate((banks) => banks.getBoundingClientRect().width);
      const withAd = await banksWidth();
      expect(withAd).toBeLessThan(DESKTOP - 300);
      // The page as a first paint may see it, its HTML parsed up to the banks: the ad not there yet.
      await page.locator('.home-ad').evaluate((ad) => ad.remove());
      expect(await banksWidth()).toBe(withAd);
    }));
});

describe("the banks' logos", () => {
  /** A screenshot as raw RGBA. */
  const pixels = (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer();

  for (const width of [PHONE, DESKTOP])
    it(`at ${width}px, each tile shows its bank's own logo, drawn from the build's one image: no request for a logo of its own`, () =>
      withPage(site, { javaScript: true, width }, async (page) => {
        const images: string[] = [];
        page.on('request', (request) => {
          if (request.resourceType() === 'image') images.push(new URL(request.url()).pathname);
        });
        await page.goto('/');
        await page.waitForLoadState('networkidle');
        expect(images.filter((path) => path.startsWith('/api/images/bank-'))).toEqual([]);
        expect(images.filter((path) => path.startsWith('/logos/'))).toHaveLength(1);

        const tiles = page.locator('section[aria-labelledby="banks-heading"] > .bank-grid .bank-tile');
        const shown = Math.min(await tiles.count(), 4);
        const drawn: Buffer[] = [];
        const expected: Buffer[] = [];
        for (let i = 0; i < shown; i++) {
          const logo = tiles.nth(i).locator('.bank-logo');
          drawn.push(await pixels(await logo.screenshot()));
          // The bank's own logo as an <img> of the same size, in its place.
          const href = await tiles.nth(i).getAttribute('href');
          const bank = site.banks.find((b) => bankPagePath(b) === href)!;
          await logo.evaluate(async (span, src) => {
            const image = new Image(span.clientWidth, span.clientHeight);
            image.className = 'own-logo';
            image.src = src;
            await image.decode();
            span.replaceWith(image);
          }, bank.logoURL);
          expected.push(await pixels(await tiles.nth(i).locator('img.own-logo').screenshot()));
        }
        for (let i = 0; i < shown; i++) {
          const own = meanDifference(drawn[i]!, expected[i]!);
          expect(own, `tile ${i + 1}`).toBeLessThan(8);
          // Another bank's logo differs far more: the tile shows its own bank's cell.
          expect(meanDifference(drawn[i]!, expected[(i + 1) % shown]!), `tile ${i + 1}`).toBeGreaterThan(own * 2);
        }
      }));
});

describe("the list's code, on the first sign of use (client:intent)", () => {
  const REACT_FILE = /\/_astro\/react\.[\w-]+\.js$/;
  /** The page's requests for React, counted from the first. */
  const reactRequests = (page: Page) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (REACT_FILE.test(request.url())) requested.push(request.url());
    });
    return requested;
  };

  /** React's file comes only once the returned function is called: a press lands before the list has hydrated. */
  const holdBackReact = async (page: Page) => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(REACT_FILE, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  };

  it('a visitor who only reads loads no React; the first scroll hydrates the list, the filter bar shown all along', () =>
    withJs(async (page) => {
      const react = reactRequests(page);
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      expect(react).toEqual([]);
      expect(await page.locator('astro-island[ssr] .offer-browser').count()).toBe(1);
      expect(await page.locator('.filter-bar').isVisible()).toBe(true);
      await page.mouse.wheel(0, 200);
      await page.locator('astro-island:not([ssr]) .offer-browser[data-hydrated]').waitFor();
      expect(react.length).toBe(1);
    }, PHONE));

  it('a filtered link, or a signed-in visitor, hydrates the list at once', async () => {
    await withJs(async (page) => {
      await page.goto(`/?bank=${someOffer().bankId}`);
      await page.locator('astro-island:not([ssr]) .offer-browser[data-hydrated]').waitFor();
      await expect.poll(() => chipNames(page)).toEqual([bankName(someOffer().bankId)]);
    });
    const account = await createSignedInAccount(site);
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      await page.goto('/');
      await page.locator('astro-island:not([ssr]) .offer-browser[data-hydrated]').waitFor();
    });
  });

  it('a press on the Filter button before the code is in shows busy, is held, and opens All filters once it is', () =>
    withJs(async (page) => {
      const releaseReact = await holdBackReact(page);
      await page.goto('/');
      await filterButton(page).click();
      expect(await filterButton(page).getAttribute('aria-busy')).toBe('true');
      expect(await page.getByRole('dialog', { name: 'All filters' }).count()).toBe(0);
      releaseReact();
      await page.getByRole('dialog', { name: 'All filters' }).waitFor();
      expect(await filterButton(page).getAttribute('aria-busy')).toBeNull();
    }, PHONE));

  it('a sort chosen before the code is in is applied once it is', () =>
    withJs(async (page) => {
      const releaseReact = await holdBackReact(page);
      await page.goto('/');
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption('biggestDiscount');
      releaseReact();
      await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('biggest-discount');
      expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('biggestDiscount');
    }));
});

describe('filter bar', () => {
  it("'Filter by Bank' applies the bank: a chip, only its offers, ?bank= in the URL, kept on reload; Back steps through the filters", () =>
    withJs(async (page) => {
      const { bankId, categoryId } = someOffer();
      await openHome(page);
      const firstPage = await cardOffers(page);
      expect(firstPage).toEqual(site.listed.slice(0, OFFERS_PAGE_SIZE).map((offer) => offer.offerId));

      // Closed, a panel holds no options: the page does not carry them until one is opened.
      const options = page.locator('.filter-option');
      expect(await options.count()).toBe(0);
      await page.getByRole('button', { name: 'Filter by Bank' }).click();
      const panel = page.getByRole('group', { name: 'Filter by Bank' });
      expect(await panel.isVisible()).toBe(true);
      expect(await options.count()).toBe(site.banks.length);
      await panel.getByRole('button', { name: bankName(bankId), exact: true }).click();
      expect(await panel.isVisible(), 'choosing closes the panel').toBe(false);
      expect(
        await page
          .getByRole('button', { name: 'Filter by Bank' })
          .evaluate((button) => button === document.activeElement),
      ).toBe(true);
      expect(await chipNames(page)).toEqual([bankName(bankId)]);
      expect(await filterButton(page).textContent()).toContain('1');
      expect(query(page)).toEqual({ bank: String(bankId) });
      await expectFirstPageOf(page, [bankId], []);
      expect(offersOf(await cardOffers(page)).every((offer) => offer.bankId === bankId)).toBe(true);

      // A category as well: both chips, offers of that bank in that category.
      await page.getByRole('button', { name: 'Filter by Category' }).click();
      await page
        .getByRole('group', { name: 'Filter by Category' })
        .getByRole('button', { name: categoryName(categoryId), exact: true })
        .click();
      expect(await chipNames(page)).toEqual([bankName(bankId), categoryName(categoryId)]);
      expect(query(page)).toEqual({ bank: String(bankId), category: String(categoryId) });
      await expectFirstPageOf(page, [bankId], [categoryId]);

      // Back: the bank alone again (the same page, from the history entry).
      await page.goBack();
      expect(query(page)).toEqual({ bank: String(bankId) });
      await expectFirstPageOf(page, [bankId], []);
      expect(await chipNames(page)).toEqual([bankName(bankId)]);

      // A reload (or the shared link) shows the same filtered list.
      await page.reload();
      await startUsingOfferList(page);
      await expect.poll(() => chipNames(page)).toEqual([bankName(bankId)]);
      await expectFirstPageOf(page, [bankId], []);

      await page.goBack();
      await startUsingOfferList(page);
      expect(new URL(page.url()).search).toBe('');
      await expect.poll(() => cardOffers(page)).toEqual(firstPage);
      expect(await chipNames(page)).toEqual([]);
    }));

  it('a panel closes with Escape, returning focus to its button, and choosing a chosen option removes it', () =>
    withJs(async (page) => {
      const { bankId } = someOffer(1);
      await openHome(page, `?bank=${bankId}`);
      await expectFirstPageOf(page, [bankId], []);
      const button = page.getByRole('button', { name: 'Filter by Bank' });
      await button.click();
      const option = page
        .getByRole('group', { name: 'Filter by Bank' })
        .getByRole('button', { name: bankName(bankId), exact: true });
      expect(await option.getAttribute('aria-pressed')).toBe('true');
      await option.focus();
      await page.keyboard.press('Escape');
      expect(await page.getByRole('group', { name: 'Filter by Bank' }).isVisible()).toBe(false);
      expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await button.getAttribute('aria-expanded')).toBe('false');

      await button.click();
      await option.click();
      expect(new URL(page.url()).search).toBe('');
      expect(await chipNames(page)).toEqual([]);
      await expectFirstPageOf(page, [], []);
    }));

  it('a chip\'s × removes that filter; more than 4 chips fold behind "+N more"; Clear all removes them all', () =>
    withJs(async (page) => {
      const banks = site.banks.slice(0, FILTER_CHIPS_SHOWN + 1).map((bank) => bank.bankId);
      const { categoryId } = someOffer();
      await openHome(page, `?bank=${banks.join(',')}&category=${categoryId}`);
      const names = [...banks.map(bankName), categoryName(categoryId)];
      await expect.poll(() => chipNames(page)).toEqual(names.slice(0, FILTER_CHIPS_SHOWN));
      expect(await filterButton(page).textContent()).toContain(String(names.length));
      const more = page.getByRole('button', { name: `+${names.length - FILTER_CHIPS_SHOWN} more` });
      await more.click();
      expect(await chipNames(page)).toEqual(names);
      expect(await page.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');

      await page.getByRole('button', { name: `Remove ${bankName(banks[0]!)}` }).click();
      await expect.poll(() => query(page)).toEqual({ bank: banks.slice(1).join(','), category: String(categoryId) });
      expect(await chipNames(page)).toEqual(names.slice(1));
      await expectFirstPageOf(page, banks.slice(1), [categoryId]);
      // Focus moves to the chip that took the removed one's place.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe(`Remove ${names[1]}`);

      await page.getByRole('button', { name: `Remove ${categoryName(categoryId)}` }).click();
      await expect.poll(() => query(page)).toEqual({ bank: banks.slice(1).join(',') });
      await expectFirstPageOf(page, banks.slice(1), []);

      await page.locator('.filter-chips-row').getByRole('button', { name: 'Clear all' }).click();
      expect(new URL(page.url()).search).toBe('');
      expect(await chipNames(page)).toEqual([]);
      expect(await filterButton(page).evaluate((element) => element === document.activeElement)).toBe(true);
      await expectFirstPageOf(page, [], []);
    }));

  it("the 'All filters' modal: Bank and Category tabs, a case-insensitive search, chosen first, Clear all and View results", () =>
    withJs(async (page) => {
      const offer = someOffer(2);
      await openHome(page, `?bank=${offer.bankId}`);
      await expectFirstPageOf(page, [offer.bankId], []);
      const opener = filterButton(page);
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'All filters' });
      await dialog.waitFor();
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog[open]'))).toBe(true);
      const bankTab = dialog.getByRole('tab', { name: /^Bank/ });
      const categoryTab = dialog.getByRole('tab', { name: /^Category/ });
      expect(await bankTab.getAttribute('aria-selected')).toBe('true');
      const options = () =>
        dialog.getByRole('checkbox').evaluateAll((boxes) =>
          boxes.map((box) => ({
            name: box.closest('label')!.textContent!.trim(),
            checked: (box as HTMLInputElement).checked,
          })),
        );

      // The chosen bank first, then the others by name.
      const others = site.banks
        .filter((bank) => bank.bankId !== offer.bankId)
        .map((bank) => bank.bankName)
        .sort((a, b) => a.localeCompare(b));
      expect(await options()).toEqual([
        { name: bankName(offer.bankId), checked: true },
        ...others.map((name) => ({ name, checked: false })),
      ]);

      // Search: any part of the name, in any case.
      // Four letters inside the name's longest word: no space at either end, which the search trims.
      const longestWord = bankName(offer.bankId)
        .split(' ')
        .reduce((a, b) => (b.length > a.length ? b : a));
      const part = longestWord.slice(1, 5);
      const search = dialog.getByRole('searchbox', { name: 'Search banks' });
      await search.fill(part.toUpperCase());
      const found = site.banks
        .filter((bank) => bank.bankName.toLowerCase().includes(part.toLowerCase()))
        .map((bank) => bank.bankName);
      // The list follows the search once React has rendered it.
      await expect.poll(async () => (await options()).map((o) => o.name).sort()).toEqual(found.sort());
      await search.fill('zzzz');
      await expect.poll(options).toEqual([]);
      expect(await dialog.getByRole('status').textContent()).toContain('No bank matches');
      await search.fill('');

      // The Category tab (arrow keys move between tabs): tick a category; the count on the tab follows.
      await bankTab.focus();
      await page.keyboard.press('ArrowRight');
      expect(await categoryTab.getAttribute('aria-selected')).toBe('true');
      expect(await categoryTab.evaluate((tab) => tab === document.activeElement)).toBe(true);
      await dialog
        .getByRole('searchbox', { name: 'Search categories' })
        .fill(categoryName(offer.categoryId).toLowerCase());
      await dialog.getByRole('checkbox', { name: categoryName(offer.categoryId), exact: true }).check();
      expect(await categoryTab.textContent()).toContain('1');

      // Tab stays inside the dialog, both ways.
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => !!document.activeElement?.closest('dialog[open]'))).toBe(true);
      }
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Shift+Tab');
        expect(await page.evaluate(() => !!document.activeElement?.closest('dialog[open]'))).toBe(true);
      }
      expect(await seriousViolations(page, '.all-filters')).toEqual([]);

      // Escape closes without applying the draft; focus goes back to the Filter button.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(query(page)).toEqual({ bank: String(offer.bankId) });

      // View results applies the ticks.
      await opener.click();
      await dialog.getByRole('tab', { name: /^Category/ }).click();
      await dialog.getByRole('checkbox', { name: categoryName(offer.categoryId), exact: true }).check();
      await dialog.getByRole('button', { name: 'View results' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(query(page)).toEqual({ bank: String(offer.bankId), category: String(offer.categoryId) });
      expect(await chipNames(page)).toEqual([bankName(offer.bankId), categoryName(offer.categoryId)]);
      await expectFirstPageOf(page, [offer.bankId], [offer.categoryId]);

      // Reopened, the chosen category comes first in its tab; Clear all then View results shows every offer.
      await opener.click();
      await dialog.getByRole('tab', { name: /^Category/ }).click();
      expect((await options())[0]).toEqual({ name: categoryName(offer.categoryId), checked: true });
      await dialog.getByRole('button', { name: 'Clear all' }).click();
      expect((await options()).every((o) => !o.checked)).toBe(true);
      await dialog.getByRole('button', { name: 'View results' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).search).toBe('');
      expect(await chipNames(page)).toEqual([]);
      await expectFirstPageOf(page, [], []);
    }, PHONE));

  it('the filter bar, an open panel and the chips have no serious accessibility violation', () =>
    withJs(async (page) => {
      const offer = someOffer();
      await openHome(page, `?bank=${offer.bankId}&category=${offer.categoryId}`);
      await expectFirstPageOf(page, [offer.bankId], [offer.categoryId]);
      await page.getByRole('button', { name: 'Filter by Category' }).click();
      expect(await seriousViolations(page, '.offer-browser')).toEqual([]);
    }, PHONE));
});

describe("'All offers' list", () => {
  it('three skeleton cards replace the list while a filter loads', () =>
    withJs(async (page) => {
      const { bankId } = someOffer(3);
      await openHome(page);
      const release = await holdFilteredAnswers(page);
      await page.getByRole('button', { name: 'Filter by Bank' }).click();
      await page
        .getByRole('group', { name: 'Filter by Bank' })
        .getByRole('button', { name: bankName(bankId), exact: true })
        .click();
      await expect.poll(() => skeletons(page).count()).toBe(3);
      expect(await cards(page).count()).toBe(0);
      expect(await page.locator('[data-offer-list]').getAttribute('aria-busy')).toBe('true');
      expect(await loadMoreButton(page).count(), 'no Load more while loading').toBe(0);
      release();
      await expectFirstPageOf(page, [bankId], []);
      expect(await page.locator('[data-offer-list]').getAttribute('aria-busy')).toBeNull();
    }));

  it("'Load more offers (N)' appends the next pages until none remain, then goes", () =>
    withJs(async (page) => {
      const category = categoryWithFewPages();
      const expected = matching([], [category.categoryId]).map((offer) => offer.offerId);
      await openHome(page, `?category=${category.categoryId}`);
      await expectFirstPageOf(page, [], [category.categoryId]);
      let shown = await cardOffers(page);
      while (shown.length < expected.length) {
        const button = loadMoreButton(page);
        expect(await button.textContent()).toBe(`Load more offers (${expected.length - shown.length})`);
        await button.click();
        const before = shown;
        await expect
          .poll(async () => (await offerListSettled(page)) && (await cardOffers(page)).length)
          .toBe(Math.min(before.length + OFFERS_PAGE_SIZE, expected.length));
        shown = await cardOffers(page);
        expect(shown.slice(0, before.length), 'the cards shown stay, the new ones come after').toEqual(before);
        // Focus moves on to the first new card rather than being lost with the button.
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.closest('article')?.getAttribute('data-offer-id')))
          .toBe(String(shown[before.length]));
      }
      expect([...shown].sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
      expect(await loadMoreButton(page).count()).toBe(0);
    }));

  it('Load more answers its press within the frame: the button turns busy, and the skeletons follow once that has painted', () =>
    withJs(async (page) => {
      const category = categoryWithFewPages();
      await openHome(page, `?category=${category.categoryId}`);
      await expectFirstPageOf(page, [], [category.categoryId]);
      const release = await holdFilteredAnswers(page);
      // What the press's frame paints: read in that frame's animation callbacks, after React's render.
      const atPress = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const button = [...document.querySelectorAll<HTMLButtonElement>('.offer-browser-more button')].find((b) =>
              b.textContent?.startsWith('Load more'),
            )!;
            button.click();
            requestAnimationFrame(() =>
              resolve({
                disabled: button.isConnected && button.disabled,
                busy: button.getAttribute('aria-busy'),
                skeletons: document.querySelectorAll('.offer-browser .offer-card-skeleton').length,
              }),
            );
          }),
      );
      expect(atPress).toEqual({ disabled: true, busy: 'true', skeletons: 0 });
      await expect.poll(() => skeletons(page).count()).toBe(3);
      expect(await loadMoreButton(page).count(), 'no Load more while the skeletons show').toBe(0);
      release();
      await expect.poll(() => skeletons(page).count()).toBe(0);
    }));

  it("a chip's × answers within the frame: the chip is hidden in its place and nothing moves; the filter, the address, the busy list and its skeletons follow once that has painted", () =>
    withJs(async (page) => {
      const { bankId } = someOffer(3);
      await openHome(page, `?bank=${bankId}`);
      await expectFirstPageOf(page, [bankId], []);
      const shown = await cardOffers(page);
      const release = await holdFilteredAnswers(page, UNFILTERED_LIST);
      // What the press's frame paints: read in that frame's animation callbacks, after React's render.
      const atPress = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const list = document.querySelector('[data-offer-list]')!;
            const listTop = list.getBoundingClientRect().top;
            const chip = document.querySelector('.filter-chip')!;
            chip.querySelector('button')!.click();
            requestAnimationFrame(() =>
              resolve({
                chipHidden: chip.isConnected && getComputedStyle(chip).visibility === 'hidden',
                listMoved: list.getBoundingClientRect().top !== listTop,
                search: location.search,
                busy: list.getAttribute('aria-busy'),
                cards: [...document.querySelectorAll('.offer-browser article.offer-card')].map((card) =>
                  Number(card.getAttribute('data-offer-id')),
                ),
                skeletons: document.querySelectorAll('.offer-browser .offer-card-skeleton').length,
              }),
            );
          }),
      );
      expect(atPress).toEqual({
        chipHidden: true,
        listMoved: false,
        search: `?bank=${bankId}`,
        busy: null,
        cards: shown,
        skeletons: 0,
      });
      await expect.poll(() => skeletons(page).count()).toBe(3);
      expect(query(page)).toEqual({});
      expect(await page.locator('.filter-chip').count()).toBe(0);
      expect(await cards(page).count()).toBe(0);
      release();
      await expectFirstPageOf(page, [], []);
    }));

  it('without a filter, Load more counts down from every listed offer', () =>
    withJs(async (page) => {
      await openHome(page);
      expect(await loadMoreButton(page).textContent()).toBe(
        `Load more offers (${site.listed.length - OFFERS_PAGE_SIZE})`,
      );
      await loadMoreButton(page).click();
      await expect.poll(() => cards(page).count()).toBe(2 * OFFERS_PAGE_SIZE);
      expect(await loadMoreButton(page).textContent()).toBe(
        `Load more offers (${site.listed.length - 2 * OFFERS_PAGE_SIZE})`,
      );
      expect(await cardOffers(page)).toEqual(site.listed.slice(0, 2 * OFFERS_PAGE_SIZE).map((offer) => offer.offerId));
    }));

  it("the build's first page of cards is never hydrated by React: Load more draws only the new cards, a filter the whole list", () =>
    withJs(async (page) => {
      // React marks each element it hydrated or drew with a __reactFiber… property.
      const drawnByReact = () =>
        cards(page).evaluateAll((articles) =>
          articles.map((article) => Object.keys(article).some((key) => key.startsWith('__reactFiber'))),
        );
      await openHome(page);
      expect(await drawnByReact()).toEqual(Array(OFFERS_PAGE_SIZE).fill(false));
      await loadMoreButton(page).click();
      await expect.poll(() => cards(page).count()).toBe(2 * OFFERS_PAGE_SIZE);
      expect(await drawnByReact()).toEqual([
        ...Array(OFFERS_PAGE_SIZE).fill(false),
        ...Array(OFFERS_PAGE_SIZE).fill(true),
      ]);

      await page.getByRole('button', { name: 'Filter by Bank' }).click();
      await page
        .getByRole('group', { name: 'Filter by Bank' })
        .getByRole('button', { name: bankName(someOffer().bankId), exact: true })
        .click();
      await expectFirstPageOf(page, [someOffer().bankId], []);
      expect((await drawnByReact()).every(Boolean)).toBe(true);
    }));

  it('a filter with no offers says so and offers to clear the filters', () =>
    withJs(async (page) => {
      const { bankId, categoryId } = emptyPair();
      await openHome(page, `?bank=${bankId}&category=${categoryId}`);
      const empty = page.locator('.offer-browser-problem').filter({ hasText: 'No offers match the chosen filters.' });
      await empty.waitFor();
      expect(await cards(page).count()).toBe(0);
      expect(await loadMoreButton(page).count()).toBe(0);
      await empty.getByRole('button', { name: 'Clear filters' }).click();
      await expectFirstPageOf(page, [], []);
      expect(new URL(page.url()).search).toBe('');
    }));

  it("the Filter button says so when the 'All filters' code does not load, and opens nothing", () =>
    withJs(async (page) => {
      await openHome(page);
      await page.route('**/_astro/AllFiltersDialog.*', (route) => route.abort('connectionrefused'));
      await filterButton(page).click();
      const alert = page.locator(`#${LOAD_FAILURE_ID}[role="alert"]`);
      await expect
        .poll(() => alert.textContent())
        .toBe('We could not reach OfferLanka. Check your connection and try again.');
      expect(await page.getByRole('dialog', { name: 'All filters' }).count()).toBe(0);
      // Pressed, it goes.
      await alert.click();
      expect(await alert.count()).toBe(0);
    }));

  it('a failed load shows the message and Try again loads it', () =>
    withJs(async (page) => {
      const { bankId } = someOffer(4);
      await openHome(page);
      await page.route(FILTERED_LIST, (route) => route.abort('connectionrefused'));
      await page.getByRole('button', { name: 'Filter by Bank' }).click();
      await page
        .getByRole('group', { name: 'Filter by Bank' })
        .getByRole('button', { name: bankName(bankId), exact: true })
        .click();
      const alert = page.locator('.offer-browser [role="alert"]');
      await alert.waitFor();
      expect((await alert.textContent())?.length).toBeGreaterThan('Try again'.length);
      await page.unroute(FILTERED_LIST);
      await alert.getByRole('button', { name: 'Try again' }).click();
      await expectFirstPageOf(page, [bankId], []);
      expect(await alert.count()).toBe(0);
    }));
});

describe('recently viewed', () => {
  /** Offers no other test opens (they take the first ones of the lists, or the middle ones). */
  const viewedOffers = (): OfferData[] => {
    const offers = site.listed;
    return offers.slice(Math.floor(offers.length * 0.8), Math.floor(offers.length * 0.8) + RECENT_SHOWN + 1);
  };

  async function viewOffers(page: Page, offers: OfferData[]) {
    for (const offer of offers) {
      await page.goto(offerCanonicalPath(offer));
      await page.waitForFunction(([key, id]) => JSON.parse(localStorage.getItem(key) ?? '[]')[0]?.offerId === id, [
        RECENT_OFFERS_STORAGE_KEY,
        offer.offerId,
      ] as const);
    }
  }
  const stripLinks = (page: Page, name: string) =>
    page
      .getByRole('region', { name })
      .locator('.recent-strip-item a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));

  it('the offers and banks opened show newest first, 3 until View all, all until View less', () =>
    withJs(async (page) => {
      const offers = viewedOffers();
      await page.goto('/');
      await startUsingOfferList(page);
      expect(await page.locator('.recently-viewed').count(), 'nothing viewed yet: no strip').toBe(0);

      await viewOffers(page, offers);
      await page.goto('/');
      const region = page.getByRole('region', { name: 'Your recently viewed offers' });
      await region.waitFor();
      const newestFirst = [...offers].reverse().map(offerCanonicalPath);
      expect(await stripLinks(page, 'Your recently viewed offers')).toEqual(newestFirst.slice(0, RECENT_SHOWN));
      const viewAll = region.getByRole('button', { name: 'View all' });
      expect(await viewAll.getAttribute('aria-expanded')).toBe('false');
      await viewAll.click();
      expect(await stripLinks(page, 'Your recently viewed offers')).toEqual(newestFirst);
      await region.getByRole('button', { name: 'View less' }).click();
      expect(await stripLinks(page, 'Your recently viewed offers')).toEqual(newestFirst.slice(0, RECENT_SHOWN));

      const banks = [...new Set([...offers].reverse().map((offer) => offer.bankId))];
      const bankPaths = banks.map((bankId) => bankPagePath(site.banks.find((bank) => bank.bankId === bankId)!));
      expect(await stripLinks(page, 'Your recently viewed banks')).toEqual(bankPaths.slice(0, RECENT_SHOWN));
      expect(await seriousViolations(page, '.recently-viewed')).toEqual([]);
    }));

  it('under 768px the strip is a slider of one card at a time', () =>
    withJs(async (page) => {
      const offers = viewedOffers();
      await viewOffers(page, offers);
      await page.goto('/');
      const region = page.getByRole('region', { name: 'Your recently viewed offers' });
      await region.waitFor();
      const inView = () =>
        region.locator('.recent-strip-item').evaluateAll((items) =>
          items.map((item) => {
            const box = item.getBoundingClientRect();
            return box.left >= 0 && box.right <= window.innerWidth;
          }),
        );
      await expect.poll(inView).toEqual([true, false, false]);
      await region.getByRole('button', { name: /^Next/ }).click();
      await expect.poll(inView).toEqual([false, true, false]);
      expect(await region.getByText(`2 of ${RECENT_SHOWN}`).isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE);
    }, PHONE));
});

describe('bank carousel', () => {
  /** The label ('3 of 14') of the slide at the carousel's left edge. */
  const firstInView = (page: Page) =>
    page.locator('.bank-carousel-slide').evaluateAll((slides) => {
      const left = slides[0]!.parentElement!.getBoundingClientRect().left;
      return slides
        .map((slide) => ({ label: slide.getAttribute('aria-label'), left: slide.getBoundingClientRect().left }))
        .filter((slide) => Math.abs(slide.left - left) < 2)
        .map((slide) => slide.label)[0];
    });
  /** Home, scrolled to the carousel (below the offers): it hydrates when it comes into view. */
  const openCarousel = async (page: Page) => {
    await page.goto('/');
    await page.getByRole('region', { name: 'Offers from every bank' }).scrollIntoViewIfNeeded();
  };

  it('moves by itself, and Previous / Next move it; Pause stops it', () =>
    withJs(async (page) => {
      await openCarousel(page);
      const pause = page.getByRole('button', { name: 'Pause the bank carousel' });
      await pause.waitFor();
      const slideNumber = async () => Number((await firstInView(page))?.split(' of ')[0]);
      const total = site.banks.length;
      const after = (n: number, step: number) => ((n - 1 + step + total) % total) + 1;
      /** The slide at the left edge once the carousel is still (mid-move no slide is at the edge). */
      const stillAt = async () => {
        let number = NaN;
        await expect.poll(async () => (number = await slideNumber())).not.toBeNaN();
        return number;
      };
      // Autoplay: the next bank slides in after a few seconds.
      const start = await stillAt();
      await expect.poll(slideNumber, { timeout: 10_000 }).toBe(after(start, 1));

      await pause.click();
      const paused = await stillAt();
      await page.getByRole('button', { name: 'Next banks' }).click();
      await expect.poll(slideNumber).toBe(after(paused, 1));
      await page.getByRole('button', { name: 'Previous banks' }).click();
      await expect.poll(slideNumber).toBe(paused);
      expect(await page.getByRole('button', { name: 'Play the bank carousel' }).isVisible()).toBe(true);
    }));

  it('starts paused for visitors who ask for reduced motion', () =>
    withJs(async (page) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openCarousel(page);
      await page.getByRole('button', { name: 'Play the bank carousel' }).waitFor();
      expect(await firstInView(page)).toBe(`1 of ${site.banks.length}`);
    }, PHONE));
});

describe('home for a signed-in visitor with interests', () => {
  it("puts the build's cards in the interest categories first once hydrated, without a hydration error", async () => {
    const buildOffers: OfferData[] = await withJs(async (page) => {
      await page.goto('/');
      return JSON.parse((await page.locator('.offer-browser script[data-card-offers]').textContent()) ?? '[]');
    });
    // A category the build shows late, and not first: its cards move up. (The newest offers come
    // first, and an earlier file's published offers may share a category with the last card.)
    const interest = buildOffers.findLast((offer) => offer.categoryId !== buildOffers[0]!.categoryId)!.categoryId;
    const expected = interestsFirst(buildOffers, [interest]).map((offer) => offer.offerId);
    expect(expected).not.toEqual(buildOffers.map((offer) => offer.offerId));

    const account = await createSignedInAccount(site, 'Dilani');
    const saved = await fetch(`${site.url}/api/user/tag/update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
      body: JSON.stringify({ tags: [interest] }),
    });
    expect(saved.status).toBe(200);
    const errors: string[] = [];
    await withSignedInPage(site, { ...account, user: { ...account.user, tags: [interest] } }, DESKTOP, async (page) => {
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await openHome(page);
      await expect.poll(() => cardOffers(page)).toEqual(expected);
    });
    expect(errors.filter((text) => /hydrat|did not match|#418|#423|#425/i.test(text))).toEqual([]);
  });
});
