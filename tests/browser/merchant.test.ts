// A merchant's page in Chromium: the savings answer as a visitor types a bill (every bank's cards,
// bank by bank; then only their own cards from My Cards), the week strip, the page without
// JavaScript, and axe at both widths in each language.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferData } from '../../src/contract/index.ts';
import { localePath } from '../../src/lib/locale-path.ts';
import { merchantPagePath, offerCanonicalPath } from '../../src/lib/site-urls.ts';
import { MY_CARDS_STORAGE_KEY } from '../../src/stores/my-cards.ts';
import { DESKTOP, PHONE, startBrowserSite, withPage, type BrowserSite, expectAccessibleAt } from './harness.ts';

let site: BrowserSite;
let merchant: { slug: string; offers: OfferData[]; bankIds: number[] };

beforeAll(async () => {
  site = await startBrowserSite();
  // A merchant whose live offers come from two banks or more, at least one a plain percentage off.
  const live = site.listed.filter((offer) => offer.offerStart === null || Date.parse(offer.offerStart) <= Date.now());
  const byMerchant = Map.groupBy(live, (offer) => offer.merchantId);
  const [, offers] = [...byMerchant].find(
    ([, offers]) =>
      new Set(offers.map((offer) => offer.bankId)).size >= 2 &&
      offers.some(
        (offer) => offer.offerType === 'off' && offer.eligibility.minBill === null && !offer.eligibility.days.length,
      ),
  )!;
  merchant = {
    slug: offers[0]!.merchant.slug!,
    offers,
    bankIds: [...new Set(site.listed.filter((o) => o.merchantId === offers[0]!.merchantId).map((o) => o.bankId))],
  };
});
afterAll(async () => {
  await site?.close();
});

const path = () => merchantPagePath(merchant);
/** The rupees each answer saves, in the order shown (null where it saves none). */
const savingsShown = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((items) =>
    items.map((item) => {
      const match = item.textContent?.match(/saves Rs\. ([\d,]+)/);
      return match ? Number(match[1]!.replace(/,/g, '')) : null;
    }),
  );

describe("a merchant's savings answer", () => {
  it('answers as a bill is typed: every bank with an offer here, bank by bank, the best first', () =>
    withPage(site, { javaScript: true, width: DESKTOP }, async (page) => {
      await page.goto(path());
      const answer = page.locator('[data-savings-answer]');
      await expect.poll(() => answer.isVisible()).toBe(true);
      await expect
        .poll(() => page.locator('[data-savings-answer] .savings-note').textContent())
        .toContain("Every bank's cards");
      await page.getByLabel('Bill (Rs.)').fill('10000');
      await expect
        .poll(() => savingsShown(page, '.saving-bank .saving').then((s) => s.some((v) => v !== null)))
        .toBe(true);
      expect(await page.locator('.saving-bank').count()).toBe(merchant.bankIds.length);
      // Each bank's best card (the first in its group; the others are in its details), in the order shown, saves no more than the one before it.
      const best = (await savingsShown(page, '.saving-bank > ul > .saving')).map((v) => v ?? -1);
      expect(best).toHaveLength(merchant.bankIds.length);
      expect(best).toEqual([...best].sort((a, b) => b - a));
      // The day: today first, then the next six days.
      const days = await page.locator('select[name="date"] option').allTextContents();
      expect(days).toHaveLength(7);
      expect(days[0]).toBe('Today');
    }));

  it("paints with every bank's answer in its HTML, and nothing on the page moves when its script takes over", () =>
    withPage(site, { javaScript: true, width: PHONE }, async (page) => {
      // Every layout shift not caused by the visitor, with the page's parts it moved.
      await page.addInitScript(() => {
        const shifts: { value: number; moved: string[] }[] = [];
        Object.assign(window, { unpromptedShifts: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const shift = entry as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node }[] };
            if (shift.hadRecentInput) continue;
            const moved = shift.sources.map((source) =>
              source.node instanceof Element ? source.node.className || source.node.tagName : '?',
            );
            shifts.push({ value: shift.value, moved });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const response = await page.goto(path());
      const html = await response!.text();
      expect(html.match(/class="saving-bank"/g)).toHaveLength(merchant.bankIds.length);
      expect(html).toMatch(/class="savings-note">Every bank(&#39;|')s cards/);
      // The script has taken over once a bill gets an answer; only what came before the bill counts.
      await page.getByLabel('Bill (Rs.)').fill('10000');
      await expect
        .poll(() => savingsShown(page, '.saving-bank .saving').then((s) => s.some((v) => v !== null)))
        .toBe(true);
      const shifts = await page.evaluate(
        () => (window as unknown as { unpromptedShifts: { value: number; moved: string[] }[] }).unpromptedShifts,
      );
      const pageShifts = shifts.filter(({ moved }) => moved.some((name) => /week|savings|saving-/.test(name)));
      expect(pageShifts).toEqual([]);
      expect(shifts.reduce((sum, { value }) => sum + value, 0)).toBeLessThan(0.01);
    }));

  it("lists only the visitor's own cards from My Cards, one of a bank without an offer here saying so", async () => {
    const withOffer = merchant.bankIds[0]!;
    const without = site.banks.find((bank) => !merchant.bankIds.includes(bank.bankId))!.bankId;
    await withPage(site, { javaScript: true, width: PHONE }, async (page) => {
      await page.addInitScript(([key, cards]) => localStorage.setItem(key, cards), [
        MY_CARDS_STORAGE_KEY,
        JSON.stringify([
          { bankId: withOffer, network: null, kind: null, tier: null },
          { bankId: without, network: null, kind: null, tier: null },
        ]),
      ] as const);
      await page.goto(path());
      await expect
        .poll(() => page.locator('[data-savings-answer] .savings-note').textContent())
        .toContain('Your cards');
      await page.getByLabel('Bill (Rs.)').fill('5000');
      const items = page.locator('[data-savings-answer] .savings-results > .saving');
      await expect.poll(() => items.count()).toBe(2);
      expect(await page.locator('.saving-bank').count()).toBe(0);
      expect(await items.nth(1).textContent()).toContain('no offer here for this card');
      expect(await items.nth(0).getAttribute('class')).toContain('qualifies');
    });
  });

  it("on an offer's page and in the offer modal, answers for every offer at the merchant", () =>
    withPage(site, { javaScript: true, width: DESKTOP }, async (page) => {
      const offer = merchant.offers[0]!;
      await page.goto(offerCanonicalPath(offer));
      const answer = page.locator('[data-savings-answer]');
      await expect.poll(() => answer.isVisible()).toBe(true);
      await answer.getByLabel('Bill (Rs.)').fill('10000');
      await expect.poll(() => answer.locator('.saving-bank').count()).toBe(merchant.bankIds.length);

      // The merchant's page: a card opens in the modal, which answers for the same merchant.
      await page.goto(path(), { waitUntil: 'load' }); // its modules ran: the modal's loader listens
      await page.locator(`article[data-offer-id="${offer.offerId}"] .offer-card-title a`).click();
      const inModal = page.getByRole('dialog').locator('[data-savings-answer]');
      await expect.poll(() => inModal.isVisible()).toBe(true);
      expect(await inModal.getByRole('heading', { level: 3 }).textContent()).toBe(
        'Which of your cards saves the most here?',
      );
      await inModal.getByLabel('Bill (Rs.)').fill('10000');
      await expect.poll(() => inModal.locator('.saving-bank').count()).toBe(merchant.bankIds.length);
      // Its heading's id is its own: the page's answer has another.
      const ids = await page
        .locator('[data-savings-answer] h2, [data-savings-answer] h3')
        .evaluateAll((hs) => hs.map((h) => h.id));
      expect(new Set(ids).size).toBe(ids.length);
    }));

  it("on a phone, an offer's page asks for the answer's code and data only as the visitor nears it", () =>
    withPage(site, { javaScript: true, width: PHONE }, async (page) => {
      const asked: string[] = [];
      page.on('request', (request) => {
        if (/\/savings\/\d+\.json$|savings-answer\.[\w-]+\.js$/.test(request.url())) asked.push(request.url());
      });
      await page.goto(offerCanonicalPath(merchant.offers[0]!), { waitUntil: 'load' });
      await page.waitForTimeout(1_000);
      const answer = page.locator('[data-savings-answer]');
      expect(await answer.isVisible()).toBe(false);
      expect(asked).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => answer.isVisible()).toBe(true);
      expect(asked.some((url) => url.endsWith('.json'))).toBe(true);
      await answer.getByLabel('Bill (Rs.)').fill('10000');
      await expect.poll(() => answer.locator('.saving-bank').count()).toBe(merchant.bankIds.length);
    }));

  it("marks the week strip's offers that the visitor's cards can use", async () => {
    const mine = merchant.offers[0]!.bankId;
    await withPage(site, { javaScript: true, width: DESKTOP }, async (page) => {
      await page.addInitScript(([key, cards]) => localStorage.setItem(key, cards), [
        MY_CARDS_STORAGE_KEY,
        JSON.stringify([{ bankId: mine, network: null, kind: null, tier: null }]),
      ] as const);
      await page.goto(path());
      const marked = page.locator('.week-entry[data-your-card]');
      await expect.poll(() => marked.count()).toBeGreaterThan(0);
      const banksOf = (selector: string) => page.locator(`${selector} .week-bank`).allTextContents();
      const markedBanks = new Set(await banksOf('.week-entry[data-your-card]'));
      expect(markedBanks.size).toBe(1);
      const unmarked = await banksOf('.week-entry:not([data-your-card])');
      expect(unmarked.length).toBeGreaterThan(0);
      for (const bank of unmarked) expect(markedBanks.has(bank)).toBe(false);
    });
  });

  it('without JavaScript shows the week strip, and no form that could not answer', () =>
    withPage(site, { javaScript: false, width: DESKTOP }, async (page) => {
      await page.goto(path());
      expect(await page.locator('[data-savings-answer]').isVisible()).toBe(false);
      expect(await page.locator('[data-weekday]').count()).toBe(7);
      expect(await page.locator('h1').textContent()).toBe(`${merchant.offers[0]!.merchant.merchantName} card offers`);
    }));
});

describe('the header search', () => {
  it("finds a merchant's page by the merchant's name, first", () =>
    withPage(site, { javaScript: true, width: DESKTOP }, async (page) => {
      const { merchantName } = merchant.offers[0]!.merchant;
      await page.goto('/');
      await page.getByRole('button', { name: 'Search offers' }).click();
      await page.locator('[data-search-ui] input').fill(merchantName);
      const links = page.locator('.pagefind-ui__result-link');
      // Pagefind loads its WebAssembly and the language's index on first use: slow on a busy machine.
      await expect.poll(() => links.count(), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(await links.first().getAttribute('href')).toBe(path());
      expect(await links.first().textContent()).toBe(`${merchantName} card offers`);
    }));
});

describe("a merchant's page for everyone", () => {
  for (const locale of ['en', 'si', 'ta'] as const) {
    for (const width of [PHONE, DESKTOP]) {
      it(`passes axe at ${width}px in ${locale}, with nothing wider than the window`, () =>
        withPage(site, { javaScript: true, width }, async (page) => {
          await page.goto(localePath(path(), locale));
          await expect.poll(() => page.locator('[data-savings-answer]').isVisible()).toBe(true);
          await page.locator('input[name="bill"]').fill('12000');
          await expectAccessibleAt(page, width);
        }));
    }
  }
});
