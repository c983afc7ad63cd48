// The bank page in a real browser (spec §2 'Bank offers page', §4 'Bank page'): the bank switcher
// and its search, the category chips (close icon, 'Clear all' restoring the previous category, the
// slider), each category's first page and 'Load more offers (n)', the bank card's live favourites count, the
// visit remembered for the recently-viewed strips, the short and old bank URLs, and the same page
// without JavaScript.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankData, CategoryData, OfferData } from '../../src/contract/index.ts';
import { bankNames } from '../../src/lib/bank-names.ts';
import { CATEGORY_PAGE_SIZE } from '../../src/contract/limits.ts';
import { CATEGORY_CHIPS_BEFORE_SLIDER } from '../../src/lib/constants.ts';
import { favouritesText } from '../../src/lib/format-offer.ts';
import { bankPagePath, bankShortPath } from '../../src/lib/site-urls.ts';
import { RECENT_BANKS_STORAGE_KEY } from '../../src/stores/recently-viewed.ts';
import { measurePage, sum } from '../../scripts/bench/shipped-bytes.ts';
import {
  DESKTOP,
  PHONE,
  createSignedInAccount,
  startBrowserSite,
  withPage,
  withSignedInPage,
  type BrowserSite,
  expectAccessibleAt,
} from './harness.ts';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(async () => {
  await site?.close();
});

const pathOf = (page: Page) => new URL(page.url()).pathname;
const withJs = <T>(fn: (page: Page) => Promise<T>, width = DESKTOP) => withPage(site, { javaScript: true, width }, fn);
const noJs = <T>(fn: (page: Page) => Promise<T>, width = DESKTOP) => withPage(site, { javaScript: false, width }, fn);

/** A bank's categories with listed offers, as its page orders its chips (by name). */
function categoriesOf(bank: BankData): CategoryData[] {
  const ids = new Set(site.listed.filter((offer) => offer.bankId === bank.bankId).map((offer) => offer.categoryId));
  return site.categories
    .filter((category) => ids.has(category.categoryId))
    .sort((a, b) => a.categoryName.localeCompare(b.categoryName));
}
/** The bank with the most categories: its chip row is a slider. */
function bankWithManyCategories() {
  const bank = [...site.banks].sort((a, b) => categoriesOf(b).length - categoriesOf(a).length)[0]!;
  const categories = categoriesOf(bank);
  expect(categories.length, 'the demo data needs a bank with a chip slider').toBeGreaterThan(
    CATEGORY_CHIPS_BEFORE_SLIDER,
  );
  return { bank, categories };
}
/** The largest bank × category group: more than two pages of offers. */
function largestGroup(): { bank: BankData; category: CategoryData; offers: OfferData[] } {
  let best: { bank: BankData; category: CategoryData; offers: OfferData[] } | undefined;
  for (const bank of site.banks) {
    for (const category of categoriesOf(bank)) {
      const offers = site.listed.filter(
        (offer) => offer.bankId === bank.bankId && offer.categoryId === category.categoryId,
      );
      if (!best || offers.length > best.offers.length) best = { bank, category, offers };
    }
  }
  expect(best!.offers.length, 'the demo data needs a group of more than two pages').toBeGreaterThan(
    2 * CATEGORY_PAGE_SIZE,
  );
  return best!;
}
/** The bank switcher's script has run: its search field is out (src/page-scripts/bank-switcher.ts). */
const switcherReady = (page: Page) =>
  page.locator('.bank-switcher [data-bank-search-box]:not([hidden])').waitFor({ state: 'attached' });
/** Lists show the newest first. */
const newestFirst = (offers: OfferData[]) =>
  [...offers].sort((a, b) => b.createAt.localeCompare(a.createAt) || b.offerId - a.offerId);

describe('the bank switcher', () => {
  it('searches case-insensitively, and choosing a bank opens its page', () =>
    withJs(async (page) => {
      const { bank } = bankWithManyCategories();
      await page.goto(bankPagePath(bank));
      await switcherReady(page);
      const switcher = page.locator('.bank-switcher');
      const button = switcher.locator('summary');
      expect(await button.innerText()).toContain(bank.bankName);
      await button.click();
      const search = switcher.getByRole('searchbox', { name: 'Search banks' });
      await search.waitFor();
      expect(await search.evaluate((input) => input === document.activeElement)).toBe(true);
      const names = () => switcher.getByRole('list', { name: 'Banks' }).getByRole('link').allInnerTexts();
      expect((await names()).sort()).toEqual(site.banks.map((b) => b.bankName).sort());

      // A word in odd case: every bank whose name contains it, whatever its case, and no other.
      const other = site.banks.find((b) => b.bankId !== bank.bankId && b.bankName.includes(' '))!;
      const word = other.bankName.split(' ')[0]!;
      const typed = [...word].map((char, i) => (i % 2 ? char.toLowerCase() : char.toUpperCase())).join('');
      await search.fill(typed);
      const expected = site.banks
        .filter((b) => b.bankName.toLowerCase().includes(word.toLowerCase()))
        .map((b) => b.bankName);
      await expect.poll(async () => (await names()).sort()).toEqual(expected.sort());
      await search.fill('no bank is called this');
      await expect.poll(names).toEqual([]);
      expect(await switcher.getByText('No bank matches').isVisible()).toBe(true);

      // Escape closes and gives focus back to the button.
      await page.keyboard.press('Escape');
      await expect.poll(() => switcher.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
      expect(await button.evaluate((summary) => summary === document.activeElement)).toBe(true);

      await button.click();
      await search.fill(typed);
      await switcher.getByRole('link', { name: other.bankName }).click();
      await page.waitForURL(`**${bankPagePath(other)}`);
      expect(await page.locator('h1').innerText()).toBe(`${other.bankName} credit card offers`);
    }));

  it('Enter in the search opens the first bank found', () =>
    withJs(async (page) => {
      const { bank } = bankWithManyCategories();
      const target = site.banks.find((b) => b.bankId !== bank.bankId)!;
      await page.goto(bankPagePath(bank));
      await switcherReady(page);
      await page.locator('.bank-switcher summary').click();
      await page.getByRole('searchbox', { name: 'Search banks' }).fill(target.bankName.toUpperCase());
      await page.keyboard.press('Enter');
      await page.waitForURL(`**${bankPagePath(target)}`);
    }));
});

describe('category chips', () => {
  it("the selected chip's close icon goes back to all categories; 'Clear all' restores the previous category", () =>
    withJs(async (page) => {
      const { bank, categories } = bankWithManyCategories();
      const [first, second] = categories as [CategoryData, CategoryData];
      await page.goto(bankPagePath(bank));
      const chips = page.getByRole('navigation', { name: 'Categories' });
      expect(await chips.getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');
      expect(await page.getByRole('link', { name: 'Clear all' }).count()).toBe(0); // nothing chosen, nothing to clear

      await chips.getByRole('link', { name: first.categoryName, exact: true }).click();
      await page.waitForURL(`**${bankPagePath(bank, first)}`);
      await chips.getByRole('link', { name: second.categoryName, exact: true }).click();
      await page.waitForURL(`**${bankPagePath(bank, second)}`);
      expect(
        await chips.getByRole('link', { name: second.categoryName, exact: true }).getAttribute('aria-current'),
      ).toBe('page');
      expect(await page.locator('h1').innerText()).toBe(`${bank.bankName} ${second.categoryName.toLowerCase()} offers`);

      // Clear all: back to the category chosen before this one.
      const clearAll = page.getByRole('link', { name: 'Clear all' });
      await expect.poll(() => clearAll.getAttribute('href')).toBe(bankPagePath(bank, first));
      await clearAll.click();
      await page.waitForURL(`**${bankPagePath(bank, first)}`);

      // The close icon of the selected chip: all categories.
      const close = chips.getByRole('link', { name: `Remove ${first.categoryName}: show all categories` });
      expect(await close.innerText()).toBe('×');
      await close.click();
      await page.waitForURL(`**${bankPagePath(bank)}`);
      expect(await page.locator('h1').innerText()).toBe(`${bank.bankName} credit card offers`);
    }));

  it(`more than ${CATEGORY_CHIPS_BEFORE_SLIDER} categories make the row a slider, moved by its arrows`, () =>
    withJs(async (page) => {
      const { bank, categories } = bankWithManyCategories();
      await page.goto(bankPagePath(bank));
      const next = page.getByRole('button', { name: 'More categories' });
      const previous = page.getByRole('button', { name: 'Previous categories' });
      await next.waitFor();
      expect(await previous.isDisabled()).toBe(true);
      const firstChip = page
        .getByRole('navigation', { name: 'Categories' })
        .getByRole('link', { name: categories[0]!.categoryName, exact: true });
      const before = (await firstChip.boundingBox())!.x;
      await next.click();
      await expect.poll(async () => (await firstChip.boundingBox())!.x).toBeLessThan(before);
      await expect.poll(() => previous.isDisabled()).toBe(false);
      // The page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(DESKTOP);
    }));
});

describe('per-category lists', () => {
  for (const allCategories of [true, false]) {
    it(`${allCategories ? 'all categories' : 'one category'}: each category shows its newest ${CATEGORY_PAGE_SIZE} offers, and 'Load more offers (n)' appends ${CATEGORY_PAGE_SIZE} more until none is left`, () =>
      withJs(async (page) => {
        const { bank, category, offers } = largestGroup();
        await page.goto(allCategories ? bankPagePath(bank) : bankPagePath(bank, category));
        const group = page.locator(`section[data-category-group="${category.categoryId}"]`);
        const shownIds = () =>
          group
            .locator('article.offer-card')
            .evaluateAll((articles) => articles.map((article) => Number(article.getAttribute('data-offer-id'))));
        const expected = newestFirst(offers).map((offer) => offer.offerId);
        expect(await group.getByRole('heading', { level: 2 }).innerText()).toBe(
          `${category.categoryName} (${offers.length})`,
        );
        expect(await shownIds()).toEqual(expected.slice(0, CATEGORY_PAGE_SIZE));
        await page.locator('.category-groups[data-cards-live]').waitFor({ state: 'attached' });
        const loadMore = group.getByRole('button', { name: /^Load more offers/ });
        for (let shown = CATEGORY_PAGE_SIZE; shown < offers.length; shown += CATEGORY_PAGE_SIZE) {
          expect(await loadMore.innerText()).toBe(`Load more offers (${offers.length - shown})`);
          await loadMore.click();
          await expect.poll(shownIds).toEqual(expected.slice(0, shown + CATEGORY_PAGE_SIZE));
          // Focus moves on to the first card added.
          await expect
            .poll(() => page.evaluate(() => document.activeElement?.closest('article')?.getAttribute('data-offer-id')))
            .toBe(String(expected[shown]));
        }
        expect(await loadMore.count()).toBe(0);
        expect(await page.getByRole('link', { name: /^See all/ }).count()).toBe(0);
      }));
  }

  it('opening a bank page remembers the bank for the recently-viewed strips', () =>
    withJs(async (page) => {
      const { bank } = bankWithManyCategories();
      await page.goto(bankPagePath(bank));
      await expect
        .poll(() =>
          page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]')[0]?.bankId, RECENT_BANKS_STORAGE_KEY),
        )
        .toBe(bank.bankId);
    }));

  for (const width of [PHONE, DESKTOP]) {
    it(`at ${width}px, with the switcher open, the page has no serious accessibility violation and no sideways scroll`, () =>
      withJs(async (page) => {
        const { bank, categories } = bankWithManyCategories();
        await page.goto(bankPagePath(bank, categories[1]), { waitUntil: 'networkidle' });
        await switcherReady(page);
        await page.locator('.bank-switcher summary').click();
        await page.getByRole('searchbox', { name: 'Search banks' }).waitFor();
        await expectAccessibleAt(page, width);
      }, width));
  }
});

describe('without JavaScript', () => {
  it(`the bank page lists each category's newest ${CATEGORY_PAGE_SIZE} offers as links; 'Clear all' and the close icon are links`, () =>
    noJs(async (page) => {
      const { bank, category, offers } = largestGroup();
      await page.goto(bankPagePath(bank));
      const group = page.locator(`section[data-category-group="${category.categoryId}"]`);
      const links = await group
        .locator('article.offer-card .offer-card-title a')
        .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
      expect(links).toHaveLength(CATEGORY_PAGE_SIZE);
      expect(
        await group.getByRole('button', { name: `Load more offers (${offers.length - CATEGORY_PAGE_SIZE})` }).count(),
      ).toBe(1);
      await page
        .getByRole('navigation', { name: 'Categories' })
        .getByRole('link', { name: category.categoryName, exact: true })
        .click();
      await page.waitForURL(`**${bankPagePath(bank, category)}`);
      expect(await page.locator('article.offer-card').count()).toBe(CATEGORY_PAGE_SIZE);
      // 'Clear all' and the close icon are plain links to all categories.
      expect(await page.getByRole('link', { name: 'Clear all' }).getAttribute('href')).toBe(bankPagePath(bank));
      expect(
        await page
          .getByRole('link', { name: `Remove ${category.categoryName}: show all categories` })
          .getAttribute('href'),
      ).toBe(bankPagePath(bank));
    }));

  it("the bank switcher opens to a plain list of every bank's page", () =>
    noJs(async (page) => {
      const { bank } = bankWithManyCategories();
      await page.goto(bankPagePath(bank));
      const switcher = page.locator('details.bank-switcher');
      await switcher.locator('summary').click();
      const hrefs = await switcher
        .getByRole('link')
        .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
      expect(hrefs.sort()).toEqual(site.banks.map((b) => bankPagePath(b)).sort());
      const other = site.banks.find((b) => b.bankId !== bank.bankId)!;
      await switcher.getByRole('link', { name: other.bankName }).click();
      await page.waitForURL(`**${bankPagePath(other)}`);
      expect(pathOf(page)).toBe(bankPagePath(other));
    }, PHONE));
});

describe("the bank card's favourites count", () => {
  /** Answers GET /api/get/bank/by/{id} with the real bank and `count()` favourites. */
  async function answerCount(page: Page, count: () => number) {
    await page.route(
      (url) => /\/api\/get\/bank\/by\/\d+$/.test(url.pathname),
      async (route) => {
        // The page may close at any step of this (the test has seen what it needed): nothing to answer then.
        // Any other failure leaves the request unanswered, and the test's poll fails on it.
        try {
          const real = await route.fetch();
          const body = await real.json();
          await route.fulfill({ response: real, json: { ...body, data: { ...body.data, favoriteCount: count() } } });
        } catch {
          return;
        }
      },
    );
  }

  it("shows the API's count once the page has loaded, not the build's", () =>
    withJs(async (page) => {
      const { bank } = bankWithManyCategories();
      await answerCount(page, () => 1234);
      await page.goto(bankPagePath(bank));
      await expect
        .poll(() => page.locator(`[data-bank-summary] [data-bank-favourites="${bank.bankId}"]`).innerText())
        .toBe(favouritesText(1234));
    }));

  it('follows a favourite saved on the page', async () => {
    const account = await createSignedInAccount(site);
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      const { bank } = bankWithManyCategories();
      let saved = 0;
      page.on('response', (response) => {
        if (response.url().endsWith('/api/add/user/favorite/offer') && response.ok()) saved++;
      });
      await answerCount(page, () => 500 + saved);
      await page.goto(bankPagePath(bank));
      const count = page.locator(`[data-bank-summary] [data-bank-favourites="${bank.bankId}"]`);
      await expect.poll(() => count.innerText()).toBe(favouritesText(500));
      await page.locator('.category-groups[data-cards-live]').waitFor();
      await page.locator('.category-groups article.offer-card button[data-favorite-offer]').first().click();
      await expect.poll(() => count.innerText()).toBe(favouritesText(501));
    });
  });
});

describe('JavaScript at load', () => {
  it('a bank page ships under 90 KB of gzipped JavaScript at load (as bench:site counts it), and hydrates no island', async () => {
    const { bank, categories } = bankWithManyCategories();
    for (const path of [bankPagePath(bank), bankPagePath(bank, categories[0])]) {
      const weight = await measurePage(`${site.url}${path}`);
      const bytes = sum(weight.inlineJs) + sum(weight.js);
      console.log(`${path}: ${(bytes / 1024).toFixed(1)} KB of JavaScript at load`);
      expect(bytes, path).toBeLessThan(90 * 1024);
      const html = await (await fetch(`${site.url}${path}`)).text();
      expect(html, path).not.toMatch(/<astro-island\b[^>]*client="(load|idle|only)"/);
    }
  });
});

describe('bank URLs', () => {
  const answer = async (path: string) => {
    const response = await fetch(`${site.url}${path}`, { redirect: 'manual' });
    await response.arrayBuffer();
    return { status: response.status, location: response.headers.get('location') };
  };
  const moved = (to: string) => ({ status: 301, location: to });

  it("a bank page URL with a wrong slug but a known id answers 301 to the bank's page, as an offer URL does", async () => {
    const { bank, categories } = bankWithManyCategories();
    const category = categories[0]!;
    expect(await answer(`/credit-card-offers/no-such-name/${bank.bankId}/all/all`)).toEqual(moved(bankPagePath(bank)));
    expect(await answer(`/credit-card-offers/no-such-name/${bank.bankId}/old-name/${category.categoryId}`)).toEqual(
      moved(bankPagePath(bank, category)),
    );
    expect(await answer(`/credit-card-offers/anything/${bank.bankId}`)).toEqual(moved(bankPagePath(bank)));
    const offer = site.listed[0]!;
    expect((await answer(`/wrong-bank-credit-card-offers/credit-card-offers-for-wrong/${offer.offerId}`)).status).toBe(
      301,
    );
    expect((await answer('/credit-card-offers/no-such-name/999999/all/all')).status).toBe(404);
  });

  it("the short form /{bank}-credit-card-offers answers 301 for the bank's slug or short name (HNB), 404 for anything else", async () => {
    const names = bankNames(site.banks);
    const hnb = site.banks.find((bank) => names.get(bank.bankId)!.shortNames.includes('HNB'))!;
    const category = categoriesOf(hnb)[0]!;
    for (const slug of names.get(hnb.bankId)!.slugs) {
      expect(await answer(bankShortPath(slug)), slug).toEqual(moved(bankPagePath(hnb)));
      expect(await answer(bankShortPath(slug, category)), slug).toEqual(moved(bankPagePath(hnb, category)));
    }
    expect(await answer('/HNB-credit-card-offers/')).toEqual(moved(bankPagePath(hnb)));
    expect((await answer(bankShortPath('no-such-bank'))).status).toBe(404);
    expect((await answer(bankShortPath('hnb', { categoryName: 'No such category' }))).status).toBe(404);
    // A name two banks share (Cargills Bank and Commercial Bank are both CB) leads to neither.
    expect((await answer(bankShortPath('cb'))).status).toBe(404);
  });
});
