// Where imported offers come from, as a visitor sees it: the "Checked … at …" line on an imported
// offer's card, page and modal (none on a merchant's own offer), and the footer's "Our sources" link
// to the sources page, which lists the sources offers come from (src/pages/[...locale]/sources.astro).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferData } from '../../src/contract/index.ts';
import { OFFERS_PAGE_SIZE } from '../../src/lib/constants.ts';
import { sourceCheckedText } from '../../src/lib/offer-dates.ts';
import { offerCanonicalPath } from '../../src/lib/site-urls.ts';
import { DESKTOP, PHONE, startBrowserSite, withPage, type BrowserSite } from './harness.ts';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(async () => {
  await site?.close();
});

const withJs = <T>(fn: (page: Page) => Promise<T>, width = DESKTOP) => withPage(site, { javaScript: true, width }, fn);
const homeOffers = () => site.listed.slice(0, OFFERS_PAGE_SIZE);
const imported = (offers: OfferData[]) => offers.find((offer) => offer.source?.lastVerifiedAt)!;
const merchantOwn = (offers: OfferData[]) => offers.find((offer) => offer.source === null)!;
const card = (page: Page, offer: OfferData) => page.locator(`article[data-offer-id="${offer.offerId}"]`);
/** The line's box lies within the page's width: nothing runs off a phone's screen. */
const fitsWidth = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.left >= 0 && box.right <= document.documentElement.clientWidth;
    });

describe('when an imported offer was last checked at its source', () => {
  it("shows on its page in one line that fits a phone, and not on a merchant's own offer", () =>
    withJs(async (page) => {
      const offer = imported(site.listed);
      expect(offer, 'the demo data has imported offers').toBeDefined();
      await page.goto(offerCanonicalPath(offer));
      const line = page.locator('.offer [data-source-checked]');
      expect(await line.textContent()).toBe(sourceCheckedText(offer.source, 'en'));
      expect(await line.textContent()).toMatch(/^Checked \d{1,2} [A-Z][a-z]{2} at .+$/);
      expect(await fitsWidth(page, '.offer [data-source-checked]')).toBe(true);

      await page.goto(offerCanonicalPath(merchantOwn(site.listed)));
      expect(await page.locator('.offer [data-source-checked]').count()).toBe(0);
    }, PHONE));

  it("shows on home's cards and in the offer modal opened from one", () =>
    withJs(async (page) => {
      const offer = imported(homeOffers());
      const own = merchantOwn(homeOffers());
      expect(offer, "home's first page holds an imported offer").toBeDefined();
      await page.goto('/', { waitUntil: 'load' });
      const expected = sourceCheckedText(offer.source, 'en');
      expect(await card(page, offer).locator('[data-source-checked]').textContent()).toBe(expected);
      expect(await card(page, own).locator('[data-source-checked]').count()).toBe(0);

      await card(page, offer).locator('.offer-card-title a').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: offer.header }).waitFor();
      expect(await dialog.locator('[data-source-checked]').textContent()).toBe(expected);
    }));
});

describe('Our sources', () => {
  it('is linked from the footer and lists the source an offer names, with its listed offers', () =>
    withJs(async (page) => {
      const offer = imported(site.listed);
      await page.goto(offerCanonicalPath(offer));
      await page.locator('footer').getByRole('link', { name: 'Our sources' }).click();
      await page.waitForURL('**/sources');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Our sources');
      const entry = page
        .locator('[data-source]')
        .filter({ has: page.locator('.name', { hasText: offer.source!.name }) });
      expect(await entry.count()).toBe(1);
      const facts = await entry.locator('.facts').textContent();
      expect(facts).toMatch(/Last read: \d{1,2} [A-Z][a-z]{2}/);
      expect(facts).toMatch(/\d+ offers? listed/);
      expect(await entry.getByRole('link', { name: offer.bank.bankName }).count()).toBe(1);
      // Nothing of a source's address reaches the page.
      expect(await page.locator('main').innerHTML()).not.toContain(new URL(offer.source!.url!).host);
    }, PHONE));

  it('is there in Sinhala and Tamil, linked from their footers', () =>
    withJs(async (page) => {
      for (const [locale, linkText] of [
        ['si', 'අපගේ මූලාශ්‍ර'],
        ['ta', 'எங்கள் மூலங்கள்'],
      ] as const) {
        await page.goto(`/${locale}/about-us`);
        await page.locator('footer').getByRole('link', { name: linkText }).click();
        await page.waitForURL(`**/${locale}/sources`);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(linkText);
        expect(await page.locator('[data-source]').count()).toBeGreaterThan(0);
      }
    }));
});
