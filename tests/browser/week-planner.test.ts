// A week planner in Chromium (/week-planner/{slug}): a known weekday offer in its day's column,
// "Only my cards" narrowing the grid once a card is saved in My Cards, a cell's Add to calendar
// downloading a weekly event, the page without JavaScript, and axe at both widths in each language.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferData } from '../../src/contract/index.ts';
import { PLANNER_CATEGORIES, inPlanner } from '../../src/build/week-planner-view.ts';
import { localePath } from '../../src/lib/locale-path.ts';
import { weekPlannerPath } from '../../src/lib/site-urls.ts';
import { MY_CARDS_STORAGE_KEY } from '../../src/stores/my-cards.ts';
import { DESKTOP, PHONE, startBrowserSite, withPage, type BrowserSite, expectAccessibleAt } from './harness.ts';

const DAY = 86_400_000;
const supermarkets = PLANNER_CATEGORIES.find((planner) => planner.slug === 'supermarkets')!;
const path = weekPlannerPath(supermarkets);

let site: BrowserSite;
/** A live supermarket offer of one weekday, valid all the coming week; and another bank's offer in the same grid. */
let known: OfferData;
let otherBank: OfferData;

beforeAll(async () => {
  site = await startBrowserSite();
  const week = site.listed.filter(
    (offer) =>
      inPlanner(supermarkets, offer) &&
      (offer.offerStart === null || Date.parse(offer.offerStart) <= Date.now()) &&
      (offer.offerEnd === null || Date.parse(offer.offerEnd) > Date.now() + 8 * DAY),
  );
  known = week.find((offer) => offer.eligibility.days.length === 1)!;
  otherBank = week.find((offer) => offer.bankId !== known.bankId)!;
  if (!known || !otherBank) throw new Error('the demo data has no weekday supermarket offer, or one bank only');
});
afterAll(async () => {
  await site?.close();
});

const day = () => known.eligibility.days[0]!;
const entryOf = (page: Page, offer: OfferData) =>
  page.locator(`tr[data-planner-row="${offer.merchantId}"] li[data-offer-id="${offer.offerId}"]`);
const visibleEntries = (page: Page, offer: OfferData) =>
  entryOf(page, offer).evaluateAll((items) => items.filter((item) => !(item as HTMLElement).hidden).length);

describe('a week planner', () => {
  it("shows a weekday offer in its day's column only, with its bank and a link to its merchant", () =>
    withPage(site, { javaScript: true, width: DESKTOP }, async (page) => {
      await page.goto(path);
      expect(await page.locator('h1').textContent()).toBe('Week planner: Supermarkets');
      const entries = entryOf(page, known);
      expect(await entries.count()).toBe(1);
      expect(await entries.first().evaluate((item) => item.closest('td')!.dataset.weekday)).toBe(day());
      // The column's header names the same day as the cell.
      const column = await entries.first().evaluate((item) => (item.closest('td') as HTMLTableCellElement).cellIndex);
      const weekdayNames = {
        mon: 'Monday',
        tue: 'Tuesday',
        wed: 'Wednesday',
        thu: 'Thursday',
        fri: 'Friday',
        sat: 'Saturday',
        sun: 'Sunday',
      };
      expect(await page.locator('thead th').nth(column).textContent()).toContain(weekdayNames[day()]);
      const row = page.locator(`tr[data-planner-row="${known.merchantId}"] th a`);
      expect(await row.textContent()).toBe(known.merchant.merchantName);
      expect(await row.getAttribute('href')).toBe(`/merchants/${known.merchant.slug}`);
    }));

  it('says how to add cards without My Cards, and "Only my cards" narrows the grid to a saved card', () =>
    withPage(site, { javaScript: true, width: PHONE }, async (page) => {
      await page.goto(path);
      const toggle = page.getByLabel('Only my cards');
      await expect.poll(() => toggle.isVisible()).toBe(true);
      expect(await toggle.isDisabled()).toBe(true);
      expect(await page.locator('[data-planner-no-cards]').textContent()).toContain('Save your cards in My Cards');
      // "Add your cards" opens My Cards: any card of the known offer's bank is saved there.
      await page.locator('[data-planner-add-cards]').click();
      const dialog = page.getByRole('dialog', { name: /My cards/ });
      await dialog.getByLabel('Bank', { exact: true }).selectOption({ label: known.bank.bankName });
      await dialog.getByLabel('Card', { exact: true }).selectOption('any');
      await dialog.getByRole('button', { name: 'Add card' }).click();
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => toggle.isEnabled()).toBe(true);
      expect(await page.locator('[data-planner-no-cards]').isVisible()).toBe(false);
      expect(await visibleEntries(page, otherBank)).toBeGreaterThan(0);
      await toggle.check();
      await expect.poll(() => visibleEntries(page, otherBank)).toBe(0);
      expect(await visibleEntries(page, known)).toBe(1);
      expect(await entryOf(page, known).getAttribute('data-your-card')).toBe('');
      // Off again: every bank's offers are back.
      await toggle.uncheck();
      await expect.poll(() => visibleEntries(page, otherBank)).toBeGreaterThan(0);
    }));

  it('starts with a card saved earlier, and hides the merchants none of its offers can serve', () =>
    withPage(site, { javaScript: true, width: DESKTOP }, async (page) => {
      await page.addInitScript(([key, cards]) => localStorage.setItem(key, cards), [
        MY_CARDS_STORAGE_KEY,
        JSON.stringify([{ bankId: known.bankId, network: null, kind: null, tier: null }]),
      ] as const);
      await page.goto(path);
      const toggle = page.getByLabel('Only my cards');
      await expect.poll(() => toggle.isEnabled()).toBe(true);
      await toggle.check();
      const rowsShown = () =>
        page
          .locator('tr[data-planner-row]')
          .evaluateAll((rows) => rows.filter((row) => !(row as HTMLElement).hidden).length);
      const merchantsOfBank = new Set(
        site.listed.filter((o) => inPlanner(supermarkets, o) && o.bankId === known.bankId).map((o) => o.merchantId),
      );
      await expect.poll(rowsShown).toBeLessThanOrEqual(merchantsOfBank.size);
      expect(await page.locator(`tr[data-planner-row="${known.merchantId}"]`).isVisible()).toBe(true);
    }));

  it("a cell's Add to calendar downloads the offer as a weekly event on that day", () =>
    withPage(site, { javaScript: true, width: DESKTOP }, async (page) => {
      await page.goto(path);
      const link = entryOf(page, known).locator('a.calendar');
      expect(await link.getAttribute('href')).toBe(`/api/offers/${known.offerId}/calendar.ics?weekday=${day()}`);
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toBe(`offerlanka-offer-${known.offerId}-${day()}.ics`);
      const ics = (await readFile((await download.path())!, 'utf8')).replace(/\r\n[ \t]/g, '');
      const byDay = day().slice(0, 2).toUpperCase();
      expect(ics).toMatch(new RegExp(`^RRULE:FREQ=WEEKLY;BYDAY=${byDay}(;UNTIL=\\d{8})?\\r$`, 'm'));
      expect(ics).toContain(`UID:offer-${known.offerId}-${day()}@`);
      expect(ics).toMatch(/^DTSTART;VALUE=DATE:\d{8}\r$/m);
    }));

  it('works without JavaScript: the whole grid and its links, and no toggle that could not work', () =>
    withPage(site, { javaScript: false, width: PHONE }, async (page) => {
      await page.goto(path);
      expect(await page.locator('[data-planner-tools]').isVisible()).toBe(false);
      expect(await entryOf(page, known).isVisible()).toBe(true);
      expect(await entryOf(page, known).locator('a.calendar').isVisible()).toBe(true);
      // Every planner is linked from the others, and the footer links the first.
      for (const planner of PLANNER_CATEGORIES)
        expect(await page.locator(`nav.planners a[href="${weekPlannerPath(planner)}"]`).count()).toBe(1);
      expect(await page.locator(`footer a[href="${path}"]`).count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE);
    }));
});

describe('a week planner for everyone', () => {
  for (const locale of ['en', 'si', 'ta'] as const) {
    for (const width of [PHONE, DESKTOP]) {
      it(`passes axe at ${width}px in ${locale}, with nothing wider than the window`, () =>
        withPage(site, { javaScript: true, width }, async (page) => {
          await page.goto(localePath(path, locale));
          await expect.poll(() => page.locator('[data-planner-tools]').isVisible()).toBe(true);
          await expectAccessibleAt(page, width);
        }));
    }
  }
});
