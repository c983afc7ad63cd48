// The bank page in a real browser (spec §2 'Bank offers page', §4 'Bank page', 'Top Picks'): the
// bank switcher and its search, the category chips (close icon, 'Clear all' restoring the previous
// category, the slider), per-category 'Load more offers (n)', the visit remembered for the
// recently-viewed strips, and the same page without JavaScript.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankData, CategoryData, OfferData } from '../../src/contract/index.ts';
import { CATEGORY_GROUP_PAGE_SIZE } from '../../src/lib/constants.ts';
import { bankPagePath } from '../../src/lib/site-urls.ts';
import { CATEGORY_CHIPS_BEFORE_SLIDER } from '../../src/lib/constants.ts';
import { RECENT_BANKS_STORAGE_KEY } from '../../src/stores/recently-viewed.ts';
import { DESKTOP, PHONE, startBrowserSite, withPage, type BrowserSite } from './harness.ts';


let site: BrowserSite;
beforeAll(async () => { site = await startBrowserSite(); });
afterAll(async () => { await site?.close(); });

const pathOf = (page: Page) => new URL(page.url()).pathname;
const withJs = <T>(fn: (page: Page) => Promise<T>, width = DESKTOP) => withPage(site, { javaScript: true, width }, fn);
const noJs = <T>(fn: (page: Page) => Promise<T>, width = DESKTOP) => withPage(site, { javaScript: false, width }, fn);

/** A bank's categories with listed offers, as its page orders its chips (by name). */
function categoriesOf(bank: BankData): CategoryData[] {
  const ids = new Set(site.listed.filter((offer) => offer.bankId === bank.bankId).map((offer) => offer.categoryId));
  return site.categories.filter((category) => ids.has(category.categoryId)).sort((a, b) => a.categoryName.localeCompare(b.categoryName));
}
/** The bank with the most categories: its chip row is a slider. */
function bankWithManyCategories() {
  const bank = [...site.banks].sort((a, b) => categoriesOf(b).length - categoriesOf(a).length)[0]!;
  const categories = categoriesOf(bank);
  expect(categories.length, 'the demo data needs a bank with a chip slider').toBeGreaterThan(CATEGORY_CHIPS_BEFORE_SLIDER);
  return { bank, categories };
}
/** The largest bank × category group: more than one page of offers. */
function largestGroup(): { bank: BankData; category: CategoryData; offers: OfferData[] } {
  let best: { bank: BankData; category: CategoryData; offers: OfferData[] } | undefined;
  for (const bank of site.banks) {
    for (const category of categoriesOf(bank)) {
      const offers = site.listed.filter((offer) => offer.bankId === bank.bankId && offer.categoryId === category.categoryId);
      if (!best || offers.length > best.offers.length) best = { bank, category, offers };
    }
  }
  expect(best!.offers.length, 'the demo data needs a group longer than one page').toBeGreaterThan(CATEGORY_GROUP_PAGE_SIZE);
  return best!;
}
const hydrated = (page: Page, selector: string) => page.locator(`astro-island:not([ssr]) ${selector}`).waitFor();

describe('the bank switcher', () => {
  it('searches case-insensitively, and choosing a bank opens its page', () => withJs(async (page) => {
    const { bank } = bankWithManyCategories();
    await page.goto(bankPagePath(bank));
    await hydrated(page, '.bank-switcher');
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
    const expected = site.banks.filter((b) => b.bankName.toLowerCase().includes(word.toLowerCase())).map((b) => b.bankName);
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

  it('Enter in the search opens the first bank found', () => withJs(async (page) => {
    const { bank } = bankWithManyCategories();
    const target = site.banks.find((b) => b.bankId !== bank.bankId)!;
    await page.goto(bankPagePath(bank));
    await hydrated(page, '.bank-switcher');
    await page.locator('.bank-switcher summary').click();
    await page.getByRole('searchbox', { name: 'Search banks' }).fill(target.bankName.toUpperCase());
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${bankPagePath(target)}`);
  }));
});

describe('category chips', () => {
  it("the selected chip's close icon goes back to all categories; 'Clear all' restores the previous category", () => withJs(async (page) => {
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
    expect(await chips.getByRole('link', { name: second.categoryName, exact: true }).getAttribute('aria-current')).toBe('page');
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

  it(`more than ${CATEGORY_CHIPS_BEFORE_SLIDER} categories make the row a slider, moved by its arrows`, () => withJs(async (page) => {
    const { bank, categories } = bankWithManyCategories();
    await page.goto(bankPagePath(bank));
    const next = page.getByRole('button', { name: 'More categories' });
    const previous = page.getByRole('button', { name: 'Previous categories' });
    await next.waitFor();
    expect(await previous.isDisabled()).toBe(true);
    const firstChip = page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: categories[0]!.categoryName, exact: true });
    const before = (await firstChip.boundingBox())!.x;
    await next.click();
    await expect.poll(async () => (await firstChip.boundingBox())!.x).toBeLessThan(before);
    await expect.poll(() => previous.isDisabled()).toBe(false);
    // The page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(DESKTOP);
  }));
});

describe('per-category groups', () => {
  it("'Load more offers (n)' appends the next 6 of the group, n going down, until the group is complete", () => withJs(async (page) => {
    const { bank, category, offers } = largestGroup();
    // Lists show the newest first: page p of the group is this order's p-th run of 6.
    const order = [...offers].sort((a, b) => b.createAt.localeCompare(a.createAt) || b.offerId - a.offerId).map((offer) => offer.offerId);
    await page.goto(bankPagePath(bank));
    await hydrated(page, '.category-groups');
    const group = page.locator(`section[data-category-group="${category.categoryId}"]`);
    const cards = group.locator('article.offer-card');
    const shownIds = () => cards.evaluateAll((articles) => articles.map((article) => Number(article.getAttribute('data-offer-id'))));
    expect(await group.getByRole('heading', { level: 2 }).innerText()).toBe(`${category.categoryName} (${offers.length})`);
    expect(await shownIds()).toEqual(order.slice(0, CATEGORY_GROUP_PAGE_SIZE));

    for (let shown = CATEGORY_GROUP_PAGE_SIZE; shown < offers.length; shown += CATEGORY_GROUP_PAGE_SIZE) {
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/get/offer/bank/category/multiple'));
      await group.getByRole('button', { name: `Load more offers (${offers.length - shown})` }).click();
      expect((await answer).status()).toBe(200);
      // The next page (loaded/6 + 1), appended after the cards already shown.
      await expect.poll(shownIds).toEqual(order.slice(0, shown + CATEGORY_GROUP_PAGE_SIZE));
      // Focus moves to the first card added, so that the keyboard continues there.
      expect(await cards.nth(shown).locator('.offer-card-title a').evaluate((link) => link === document.activeElement)).toBe(true);
    }
    expect(await group.getByRole('button', { name: /^Load more offers/ }).count()).toBe(0);
  }));

  it('opening a bank page remembers the bank for the recently-viewed strips', () => withJs(async (page) => {
    const { bank } = bankWithManyCategories();
    await page.goto(bankPagePath(bank));
    await expect.poll(() => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]')[0]?.bankId, RECENT_BANKS_STORAGE_KEY)).toBe(bank.bankId);
  }));

  for (const width of [PHONE, DESKTOP]) {
    it(`at ${width}px, with the switcher open, the page has no serious accessibility violation and no sideways scroll`, () => withJs(async (page) => {
      const { bank, categories } = bankWithManyCategories();
      await page.goto(bankPagePath(bank, categories[1]), { waitUntil: 'networkidle' });
      await hydrated(page, '.bank-switcher');
      await page.locator('.bank-switcher summary').click();
      await page.getByRole('searchbox', { name: 'Search banks' }).waitFor();
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    }, width));
  }
});

describe('without JavaScript', () => {
  it("the bank page lists its offers by category, each longer group linking to its category's page with all of them", () => noJs(async (page) => {
    const { bank, category, offers } = largestGroup();
    await page.goto(bankPagePath(bank));
    const group = page.locator(`section[data-category-group="${category.categoryId}"]`);
    const links = await group.locator('article.offer-card .offer-card-title a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links).toHaveLength(CATEGORY_GROUP_PAGE_SIZE);
    expect(await group.getByRole('button').filter({ hasText: 'Load more' }).count()).toBe(0);
    const seeAll = group.getByRole('link', { name: `See all ${offers.length} ${category.categoryName.toLowerCase()} offers` });
    await seeAll.click();
    await page.waitForURL(`**${bankPagePath(bank, category)}`);
    expect(await page.locator('article.offer-card').count()).toBe(offers.length);
    // 'Clear all' and the close icon are plain links to all categories.
    expect(await page.getByRole('link', { name: 'Clear all' }).getAttribute('href')).toBe(bankPagePath(bank));
    expect(await page.getByRole('link', { name: `Remove ${category.categoryName}: show all categories` }).getAttribute('href')).toBe(bankPagePath(bank));
  }));

  it('the bank switcher opens to a plain list of every bank\'s page', () => noJs(async (page) => {
    const { bank } = bankWithManyCategories();
    await page.goto(bankPagePath(bank));
    const switcher = page.locator('details.bank-switcher');
    await switcher.locator('summary').click();
    const hrefs = await switcher.getByRole('link').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(hrefs.sort()).toEqual(site.banks.map((b) => bankPagePath(b)).sort());
    const other = site.banks.find((b) => b.bankId !== bank.bankId)!;
    await switcher.getByRole('link', { name: other.bankName }).click();
    await page.waitForURL(`**${bankPagePath(other)}`);
    expect(pathOf(page)).toBe(bankPagePath(other));
  }, PHONE));
});
