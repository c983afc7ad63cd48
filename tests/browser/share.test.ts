// Share and Add to calendar (issue 17) in Chromium against the served build: the offer page's
// Share (the browser's share sheet when navigator.share exists, stubbed here; otherwise the
// WhatsApp / Facebook / X / Copy link menu), the cards' share buttons (home, built bank page), the
// offer modal's, the .ics download, and the profile's calendar feed block.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferData } from '../../src/contract/index.ts';
import { offerHasCalendar, offerShareText, shareSubjectOf, SHARE_TEXTS } from '../../src/lib/offer-share.ts';
import { bankPagePath, offerCanonicalPath } from '../../src/lib/site-urls.ts';
import {
  createSignedInAccount,
  DESKTOP,
  PHONE,
  startBrowserSite,
  withPage,
  withSignedInPage,
  type BrowserSite,
  seriousViolations,
} from './harness.ts';
import { m } from '../../src/paraglide/messages.js';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(async () => {
  await site?.close();
});

const SHOTS = 'tmp/share-shots';
const withJs = <T>(fn: (page: Page) => Promise<T>, width = DESKTOP) => withPage(site, { javaScript: true, width }, fn);
const canonicalUrl = (offer: OfferData) => new URL(offerCanonicalPath(offer), site.url).toString();
/** A listed offer that ends: it has Add to calendar. */
const endingOffer = () => site.listed.find((offer) => offerHasCalendar(offer))!;

/** Chromium on Linux has no Web Share API; made sure of, whatever the build. */
const withoutWebShare = (page: Page) =>
  page.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
    delete (Navigator.prototype as { canShare?: unknown }).canShare;
  });
/** A share sheet that records what it was given. */
const withStubbedWebShare = (page: Page) =>
  page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        (window as unknown as { shared: ShareData[] }).shared = [
          ...((window as unknown as { shared?: ShareData[] }).shared ?? []),
          data,
        ];
      },
    });
  });
const shared = (page: Page) => page.evaluate(() => (window as unknown as { shared?: ShareData[] }).shared ?? []);
/** Whether the share code (its own chunk) has been requested by the page. */
const shareCodeLoaded = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByType('resource').some((entry) => /\/share-menu\.[^/]*\.js$/.test(entry.name)),
  );

async function expectShareLinks(page: Page, menuName: string, url: string, text: string) {
  const menu = page.getByRole('group', { name: menuName });
  await menu.waitFor();
  const href = async (name: string) =>
    new URL((await menu.getByRole('link', { name, exact: true }).getAttribute('href'))!);
  const whatsapp = await href('WhatsApp');
  expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/');
  expect(whatsapp.searchParams.get('text')).toBe(`${text} ${url}`);
  expect((await href('Facebook')).searchParams.get('u')).toBe(url);
  const x = await href('X');
  expect([x.searchParams.get('text'), x.searchParams.get('url')]).toEqual([text, url]);
  expect(await menu.getByRole('link', { name: 'WhatsApp' }).getAttribute('target')).toBe('_blank');
  return menu;
}

describe('Share on the offer page', () => {
  it('without the Web Share API: a menu of WhatsApp, Facebook, X and Copy link with the canonical URL; Escape closes it', () =>
    withJs(async (page) => {
      const offer = site.listed[2]!;
      await withoutWebShare(page);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
      await page.goto(offerCanonicalPath(offer), { waitUntil: 'load' });
      const button = page.getByRole('button', { name: SHARE_TEXTS.share, exact: true });
      await expect.poll(() => button.isEnabled()).toBe(true);
      expect(await shareCodeLoaded(page)).toBe(false); // loaded on the first press, not with the page
      expect(await button.getAttribute('aria-expanded')).toBe('false');

      await button.click();
      const menu = await expectShareLinks(
        page,
        `${SHARE_TEXTS.share}: ${offer.header}`,
        canonicalUrl(offer),
        offerShareText(shareSubjectOf(offer)),
      );
      expect(await shareCodeLoaded(page)).toBe(true);
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      await page.screenshot({ path: `${SHOTS}/offer-page-menu-1280.png` });
      expect(await seriousViolations(page, '.share-menu')).toEqual([]);
      expect(await seriousViolations(page, '.share-actions')).toEqual([]);

      await menu.getByRole('button', { name: SHARE_TEXTS.copyLink }).click();
      await expect.poll(() => menu.getByRole('status').innerText()).toBe(SHARE_TEXTS.copied);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonicalUrl(offer));

      await page.keyboard.press('Escape');
      await expect.poll(() => menu.isVisible()).toBe(false);
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
      expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
      // Pressed again, it opens again (and a press on it while open closes it).
      await button.click();
      await menu.waitFor();
      await button.click();
      await expect.poll(() => menu.isVisible()).toBe(false);
    }));

  it('with the Web Share API: the share sheet gets the title, text and canonical URL, and no menu opens', () =>
    withJs(async (page) => {
      const offer = site.listed[4]!;
      await withStubbedWebShare(page);
      await page.goto(offerCanonicalPath(offer), { waitUntil: 'load' });
      const button = page.getByRole('button', { name: SHARE_TEXTS.share, exact: true });
      await expect.poll(() => button.isEnabled()).toBe(true);
      await button.click();
      await expect
        .poll(() => shared(page))
        .toEqual([{ title: offer.header, text: offerShareText(shareSubjectOf(offer)), url: canonicalUrl(offer) }]);
      expect(await page.locator('.share-menu').count()).toBe(0);
    }));

  it('Add to calendar downloads the offer’s .ics', () =>
    withJs(async (page) => {
      const offer = endingOffer();
      await page.goto(offerCanonicalPath(offer), { waitUntil: 'load' });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: SHARE_TEXTS.addToCalendar }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`offerlanka-offer-${offer.offerId}.ics`);
      const { readFile } = await import('node:fs/promises');
      const ics = await readFile((await download.path())!, 'utf8');
      // The server's SITE_URL makes the links and the UID's host (this suite's server has none of its own: localhost and port 0).
      expect(ics).toContain(`UID:offer-${offer.offerId}@`);
      expect(ics.replace(/\r\n[ \t]/g, '')).toContain(offerCanonicalPath(offer));
      expect(ics).toMatch(/DTSTART;VALUE=DATE:\d{8}/);
      expect(ics).toContain('BEGIN:VALARM');
    }));

  it("a Tamil page's Add to calendar downloads the .ics in Tamil, linking the Tamil page", () =>
    withJs(async (page) => {
      const offer = endingOffer();
      await page.goto(`/ta${offerCanonicalPath(offer)}`, { waitUntil: 'load' });
      const link = page.getByRole('link', { name: m.pages_share_add_to_calendar({}, { locale: 'ta' }) });
      expect(await link.getAttribute('href')).toBe(`/api/offers/${offer.offerId}/calendar.ics?lang=ta`);
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      const { readFile } = await import('node:fs/promises');
      const ics = (await readFile((await download.path())!, 'utf8')).replace(/\r\n[ \t]/g, '');
      expect(ics).toContain(`/ta${offerCanonicalPath(offer)}`);
      expect(ics).toContain(`DESCRIPTION:${m.pages_calendar_ends_tomorrow({ offer: '' }, { locale: 'ta' })}`);
    }));

  it('an offer without an end date has no Add to calendar', () =>
    withJs(async (page) => {
      const open = site.offers.find((offer) => offer.offerEnd === null);
      if (!open) throw new Error('the demo data has no offer without an end date');
      await page.goto(offerCanonicalPath(open), { waitUntil: 'load' });
      await page.getByRole('button', { name: SHARE_TEXTS.share, exact: true }).waitFor();
      expect(await page.getByRole('link', { name: SHARE_TEXTS.addToCalendar }).count()).toBe(0);
    }));
});

describe("The cards' share buttons", () => {
  for (const width of [PHONE, DESKTOP]) {
    it(`at ${width}px on home: a card's button opens its menu with the card's canonical URL`, () =>
      withJs(async (page) => {
        await withoutWebShare(page);
        await page.goto('/', { waitUntil: 'load' });
        const card = page.locator('.offer-card[data-offer-id]').first();
        await card.waitFor();
        const offerId = Number(await card.getAttribute('data-offer-id'));
        const offer = site.offers.find((o) => o.offerId === offerId)!;
        await page.screenshot({ path: `${SHOTS}/home-cards-${width}.png` });
        const button = card.getByRole('button', { name: `Share ${offer.header}` });
        expect(await button.getAttribute('aria-expanded')).toBe('false');
        await button.click();
        await expectShareLinks(
          page,
          `${SHARE_TEXTS.share}: ${offer.header}`,
          canonicalUrl(offer),
          offerShareText(shareSubjectOf(offer)),
        );
        expect(await button.getAttribute('aria-expanded')).toBe('true');
        await page.screenshot({ path: `${SHOTS}/home-card-menu-${width}.png` });
        // The menu is inside the window, by its button (4px under it, or over it near the window's
        // bottom; the hovered card lifts by 2px), and stays there as the page scrolls.
        const menuBox = async () => (await page.locator('.share-menu').boundingBox())!;
        const byButton = async () => {
          const [menu, own] = [await menuBox(), (await button.boundingBox())!];
          return (
            Math.min(Math.abs(menu.y - (own.y + own.height) - 4), Math.abs(own.y - (menu.y + menu.height) - 4)) <= 3
          );
        };
        const box = await menuBox();
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        await expect.poll(byButton).toBe(true);
        await page.mouse.wheel(0, 60);
        await expect.poll(byButton).toBe(true);
        // The card's link was not followed and the modal did not open.
        expect(new URL(page.url()).pathname).toBe('/');
        await page.keyboard.press('Escape');
        await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
      }, width));
  }

  it('on a bank page (cards built as plain HTML) with the Web Share API stubbed', () =>
    withJs(async (page) => {
      await withStubbedWebShare(page);
      const offer = site.listed[0]!;
      await page.goto(bankPagePath(offer.bank), { waitUntil: 'load' });
      const card = page.locator('.offer-card[data-offer-id]').first();
      const offerId = Number(await card.getAttribute('data-offer-id'));
      const shown = site.offers.find((o) => o.offerId === offerId)!;
      await card.getByRole('button', { name: `Share ${shown.header}` }).click();
      await expect
        .poll(() => shared(page))
        .toEqual([{ title: shown.header, text: offerShareText(shareSubjectOf(shown)), url: canonicalUrl(shown) }]);
    }));
});

describe('Share and Add to calendar in the offer modal', () => {
  it('the modal shares the offer by the menu and links its .ics', () =>
    withJs(async (page) => {
      await withoutWebShare(page);
      await page.goto('/', { waitUntil: 'load' });
      const card = page.locator('.offer-card[data-offer-id]').first();
      const offerId = Number(await card.getAttribute('data-offer-id'));
      const offer = site.offers.find((o) => o.offerId === offerId)!;
      await card.locator('.offer-card-title a').click();
      const dialog = page.getByRole('dialog', { name: offer.header });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: SHARE_TEXTS.share, exact: true }).click();
      const menu = await expectShareLinks(
        page,
        `${SHARE_TEXTS.share}: ${offer.header}`,
        canonicalUrl(offer),
        offerShareText(shareSubjectOf(offer)),
      );
      // Inside the dialog: the page outside a modal dialog is inert.
      expect(await menu.evaluate((element) => element.closest('dialog') !== null)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/modal-menu-1280.png` });
      await page.keyboard.press('Escape'); // closes the menu, not the dialog
      expect(await dialog.isVisible()).toBe(true);
      const calendar = dialog.getByRole('link', { name: SHARE_TEXTS.addToCalendar });
      if (offerHasCalendar(offer))
        expect(await calendar.getAttribute('href')).toBe(`/api/offers/${offer.offerId}/calendar.ics`);
      else expect(await calendar.count()).toBe(0);
    }));
});

describe("The profile's calendar feed", () => {
  it('makes a link, makes a new one (the old answers 404) and turns it off', async () => {
    const account = await createSignedInAccount(site, 'Feed');
    await fetch(`${site.url}/api/add/user/favorite/offer`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
      body: JSON.stringify({ offerId: endingOffer().offerId }),
    });
    await withSignedInPage(site, account, PHONE, async (page) => {
      await page.goto('/console/customer/profile', { waitUntil: 'load' });
      const block = page.getByRole('region', { name: m.account_calendar_title() });
      await block.getByRole('button', { name: m.account_calendar_turn_on() }).click();
      const input = block.getByRole('textbox', { name: 'Your private calendar link' });
      await input.waitFor();
      const first = await input.inputValue();
      expect(first).toMatch(new RegExp(`^${site.url}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
      const feed = await fetch(first);
      expect(feed.status).toBe(200);
      expect(await feed.text()).toContain(`UID:offer-${endingOffer().offerId}@`);
      expect(await block.getByRole('link', { name: m.account_calendar_subscribe() }).getAttribute('href')).toBe(
        first.replace(/^http:/, 'webcal:'),
      );
      await block.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/profile-feed-375.png`, fullPage: true });

      await block.getByRole('button', { name: m.account_calendar_remake() }).click();
      await expect.poll(() => input.inputValue()).not.toBe(first);
      const second = await input.inputValue();
      expect((await fetch(first)).status).toBe(404);
      expect((await fetch(second)).status).toBe(200);

      // The link shows once: on the next visit the block says it is on, and a new link shows a new URL.
      await page.reload({ waitUntil: 'load' });
      await block.getByText(m.account_calendar_on_hidden()).waitFor();
      expect(await input.count()).toBe(0);
      await block.getByRole('button', { name: m.account_calendar_remake() }).click();
      await input.waitFor();
      const third = await input.inputValue();
      expect(third).not.toBe(second);
      expect((await fetch(second)).status).toBe(404);
      expect((await fetch(third)).status).toBe(200);

      await block.getByRole('button', { name: m.account_calendar_turn_off() }).click();
      await block.getByRole('button', { name: m.account_calendar_turn_on() }).waitFor();
      expect((await fetch(third)).status).toBe(404);
    });
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      await page.goto('/console/customer/profile', { waitUntil: 'load' });
      const block = page.getByRole('region', { name: m.account_calendar_title() });
      await block.getByRole('button', { name: m.account_calendar_turn_on() }).click();
      await block.getByRole('textbox', { name: 'Your private calendar link' }).waitFor();
      expect(await seriousViolations(page, '.calendar-feed')).toEqual([]);
      await block.screenshot({ path: `${SHOTS}/profile-feed-1280.png` });
    });
  });
});
