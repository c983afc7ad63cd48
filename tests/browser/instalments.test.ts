// Instalment plans (issue 47 §4) in Chromium: a plan reads "0% for N months" on its card and its
// page (in Sinhala and Tamil too), home's "Instalment plans" switch lists only plans, and the
// "Longest plan" order puts the most months first; both kept in the address. Axe on the filtered
// list at both widths in each language.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferData } from '../../src/contract/index.ts';
import { OFFERS_PAGE_SIZE } from '../../src/lib/constants.ts';
import { localePath } from '../../src/lib/locale-path.ts';
import { offerCanonicalPath } from '../../src/lib/site-urls.ts';
import {
  DESKTOP,
  offerListSettled,
  PHONE,
  startBrowserSite,
  withPage,
  type BrowserSite,
  seriousViolations,
  startUsingOfferList,
} from './harness.ts';

let site: BrowserSite;
let plans: OfferData[];

beforeAll(async () => {
  site = await startBrowserSite();
  plans = site.listed.filter((offer) => offer.offerType === 'instalment');
});
afterAll(async () => {
  await site?.close();
});

const withJs = <T>(fn: (page: Page) => Promise<T>, width = DESKTOP) => withPage(site, { javaScript: true, width }, fn);
async function openHome(page: Page, query = '', locale: 'en' | 'si' | 'ta' = 'en') {
  await page.goto(localePath(`/${query}`, locale));
  await startUsingOfferList(page);
}
const cardIds = (page: Page) =>
  page
    .locator('.offer-browser article.offer-card')
    .evaluateAll((articles) => articles.map((article) => Number(article.getAttribute('data-offer-id'))));
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const newestFirst = (a: OfferData, b: OfferData) => b.createAt.localeCompare(a.createAt) || b.offerId - a.offerId;
const planText = (offer: OfferData) => `${offer.offerRate}% for ${offer.instalmentMonths} months`;

describe('instalment plans', () => {
  it('has plans of several lengths in the demo data', () => {
    expect(plans.length).toBeGreaterThan(1);
    expect(new Set(plans.map((plan) => plan.instalmentMonths)).size).toBeGreaterThan(1);
  });

  it('reads "0% for N months" on its page, in every language, and never "% off"', () =>
    withPage(site, { javaScript: false, width: PHONE }, async (page) => {
      const plan = plans[0]!;
      const texts = {
        en: planText(plan),
        si: `මාස ${plan.instalmentMonths}ක් සඳහා 0%`,
        ta: `${plan.instalmentMonths} மாதங்களுக்கு 0%`,
      };
      for (const locale of ['en', 'si', 'ta'] as const) {
        await page.goto(localePath(offerCanonicalPath(plan), locale));
        expect(await page.locator('article.offer .tags .tag').allTextContents()).toEqual([texts[locale]]);
        // Site search (Pagefind) filters plans by it, under a name in the page's language.
        expect(await page.locator('article.offer .tags .tag').getAttribute('data-pagefind-filter')).toBe(
          { en: 'plan', si: 'වාරික ගෙවීමේ සැලසුම්', ta: 'தவணைத் திட்டங்கள்' }[locale],
        );
      }
      expect(await page.locator('article.offer .tags').textContent()).not.toContain('off');
    }));

  it('lists only plans with "Instalment plans", as a chip and in the address; a reload keeps it', () =>
    withJs(async (page) => {
      await openHome(page);
      // In All filters, on its 'Cards & more' tab.
      await page.getByRole('button', { name: /^Filter(, \d+ chosen)?$/ }).click();
      const dialog = page.getByRole('dialog', { name: 'All filters' });
      await dialog.getByRole('tab', { name: /^Cards & more/ }).click();
      await dialog.getByRole('checkbox', { name: 'Instalment plans', exact: true }).check();
      await dialog.getByRole('button', { name: 'View results' }).click();
      const expected = [...plans].sort(newestFirst).slice(0, OFFERS_PAGE_SIZE);
      await expect
        .poll(async () => (await offerListSettled(page)) && (await cardIds(page)).join(), { timeout: 15_000 })
        .toBe(expected.map((offer) => offer.offerId).join());
      expect(query(page)).toEqual({ plans: '1' });
      expect(await page.locator('.filter-chip > span').allTextContents()).toEqual(['Instalment plans']);
      // Each card reads as its plan.
      const tags = await page.locator('.offer-browser article.offer-card .offer-card-tags').allTextContents();
      expect(tags).toEqual(expected.map(planText));

      await page.reload();
      await startUsingOfferList(page);
      await expect.poll(() => page.locator('.filter-chip > span').allTextContents()).toEqual(['Instalment plans']);
    }));

  it('orders by "Longest plan": the most months first, the other offers after the plans', () =>
    withJs(async (page) => {
      await openHome(page);
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Longest plan' });
      await expect.poll(async () => (await offerListSettled(page)) && query(page).sort).toBe('longest-plan');
      const months = (id: number) => site.listed.find((offer) => offer.offerId === id)!.instalmentMonths ?? -1;
      await expect
        .poll(async () => (await cardIds(page)).slice(0, plans.length).map(months), { timeout: 15_000 })
        .toEqual(
          plans
            .map((plan) => plan.instalmentMonths!)
            .sort((a, b) => b - a)
            .slice(0, OFFERS_PAGE_SIZE),
        );
      const shown = (await cardIds(page)).map(months);
      expect(shown).toEqual([...shown].sort((a, b) => b - a));
      expect(await page.locator('.filter-chip > span').allTextContents()).toEqual(['Sorted: Longest plan']);
    }));

  for (const locale of ['en', 'si', 'ta'] as const) {
    for (const width of [PHONE, DESKTOP]) {
      it(`passes axe at ${width}px in ${locale} on the plans, longest first, with nothing wider than the window`, () =>
        withJs(async (page) => {
          await openHome(page, '?plans=1&sort=longest-plan', locale);
          await expect.poll(async () => (await offerListSettled(page)) && (await cardIds(page)).length > 0).toBe(true);
          expect(await seriousViolations(page, '.offer-browser')).toEqual([]);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        }, width));
    }
  }
});
