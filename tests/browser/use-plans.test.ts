// "I'll use this" in a real browser (issue 47 §5): a guest is sent to sign in; a signed-in user
// plans an offer that needs a promo code from its page (today by default, the reminders that will
// come shown), sees it planned, then the reminder run (the development route, as `npm run
// reminders` runs it) texts the code, read from the SMS outbox; the console lists the plan and
// cancels it; the offer modal has the button too; axe on the dialog at both widths in each language.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferData } from '../../src/contract/index.ts';
import { localePath } from '../../src/lib/locale-path.ts';
import { offerCanonicalPath } from '../../src/lib/site-urls.ts';
import { offerSteps } from '../../src/lib/use-plan-schedule.ts';
import { OFFERS_PAGE_SIZE } from '../../src/lib/constants.ts';
import { sriLankaDay } from '../../src/lib/valid-today.ts';
import { m } from '../../src/paraglide/messages.js';
import {
  createSignedInAccount,
  DESKTOP,
  offerPageStarted,
  PHONE,
  startBrowserSite,
  withPage,
  withSignedInPage,
  type BrowserSite,
  expectAccessibleAt,
} from './harness.ts';

let site: BrowserSite;
let offer: OfferData;
beforeAll(async () => {
  site = await startBrowserSite();
  // The demo data's offers that need a promo code (seed/bank-terms.ts), started already.
  const found = site.listed.find(
    (o) =>
      o.eligibility.promoCodeRequired && o.promoCode && (o.offerStart === null || new Date(o.offerStart) <= new Date()),
  );
  if (!found) throw new Error('the demo data has no listed offer that needs a promo code');
  offer = found;
});
afterAll(async () => {
  await site?.close();
});

const planButton = (page: Page) => page.locator(`button[data-use-plan-offer="${offer.offerId}"]`);
const dialog = (page: Page) => page.getByRole('dialog', { name: m.plans_dialog_title() });
const outbox = async (mobileNo: string) =>
  ((await (await fetch(`${site.url}/api/dev/sms-outbox/${mobileNo}`)).json()).data as { message: string }[]).map(
    (entry) => entry.message,
  );

async function openOfferPage(page: Page, locale: 'en' | 'si' | 'ta' = 'en') {
  await page.goto(localePath(offerCanonicalPath(offer), locale));
  await expect.poll(() => offerPageStarted(page)).toBe(true);
  await expect.poll(() => planButton(page).isEnabled()).toBe(true);
}

describe("I'll use this", () => {
  it('sends a guest to sign in', async () => {
    await withPage(site, { javaScript: true, width: DESKTOP }, async (page) => {
      await openOfferPage(page);
      const loaded = () => page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
      expect((await loaded()).some((name) => /UsePlanDialog|mount-use-plan/.test(name))).toBe(false);
      await planButton(page).click();
      await expect
        .poll(() => page.locator('#sign-in-prompt').evaluate((d) => (d as HTMLDialogElement).open))
        .toBe(true);
    });
  });

  it('plans the offer for today, shows it planned, the run texts the code, the console cancels it', async () => {
    const account = await createSignedInAccount(site);
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      await openOfferPage(page);
      await planButton(page).click();
      const plan = dialog(page);
      await plan.waitFor();
      const today = sriLankaDay().date;
      expect(await plan.locator('input[name="usedOn"]').inputValue()).toBe(today);
      await expect.poll(() => plan.locator('[data-use-plan-reminders] li').count()).toBeGreaterThan(0);
      // E-mail needs a confirmed address, which this account has not.
      expect(await plan.getByRole('radio', { name: m.plans_channel_email() }).isDisabled()).toBe(true);
      await page.screenshot({ path: 'tmp/use-plan-dialog-1280.png' });
      await plan.getByRole('button', { name: m.plans_save() }).click();
      await plan.getByRole('status').filter({ hasText: m.error_use_plan_saved() }).waitFor();
      await plan.locator('[data-use-plan-planned]').waitFor();
      await expect.poll(() => planButton(page).getAttribute('aria-pressed')).toBe('true');
      await plan.getByRole('button', { name: m.account_done() }).click();

      // Pressed again after a reload: planned, with Cancel.
      await openOfferPage(page);
      await planButton(page).click();
      await dialog(page).locator('[data-use-plan-planned]').waitFor();
      expect(await dialog(page).getByRole('button', { name: m.plans_cancel_plan() }).isVisible()).toBe(true);

      // The reminder run, outside the quiet hours of today: the code comes by SMS, once.
      const run = (time: string) =>
        fetch(`${site.url}/api/dev/reminders/run?at=${encodeURIComponent(`${today}T${time}:00+05:30`)}`, {
          method: 'POST',
        }).then((response) => response.json());
      expect((await run('07:30')).data.quiet).toBe(true);
      expect((await outbox(account.mobileNo)).filter((text) => text.includes(offer.promoCode!))).toEqual([]);
      await run('10:00');
      await run('11:00');
      const texts = (await outbox(account.mobileNo)).filter((text) => text.includes(offer.promoCode!));
      expect(texts).toHaveLength(1);
      expect(texts[0]).toContain(`/${offer.offerId} `);
      expect(texts[0]).toMatch(/\/api\/reminders\/stop\?token=/);

      // The console lists it, its code marked sent, and cancels it.
      await page.goto('/console/customer/alerts');
      const list = page.locator('[data-use-plans]');
      const item = list.locator('li', { hasText: offer.header }).first();
      await item.waitFor();
      await expect.poll(() => item.textContent()).toContain(m.plans_sent());
      await page.screenshot({ path: 'tmp/use-plans-console-1280.png', fullPage: true });
      await item.getByRole('button', { name: new RegExp(`^${m.plans_cancel_plan()}`) }).click();
      await list.getByText(m.error_use_plan_cancelled()).waitFor();
      await list.getByText(m.plans_empty()).waitFor();
    });
  });

  it('is in the offer modal too, over the home page', async () => {
    // An offer of the home page's first page that needs a step (any of the three).
    const inModal = site.listed.slice(0, OFFERS_PAGE_SIZE).find((o) => offerSteps(o.eligibility).length > 0);
    if (!inModal) throw new Error("no offer with a step on the home page's first page");
    const account = await createSignedInAccount(site);
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      await page.goto('/', { waitUntil: 'load' });
      await page.locator(`article[data-offer-id="${inModal.offerId}"] .offer-card-title a`).click();
      const button = page.locator(`.offer-modal-actions button[data-use-plan-offer="${inModal.offerId}"]`);
      await button.click();
      const plan = dialog(page);
      await plan.locator('input[name="usedOn"]').waitFor();
      expect(await plan.getByText(inModal.header).first().isVisible()).toBe(true);
    });
  });

  for (const width of [PHONE, DESKTOP]) {
    for (const locale of ['en', 'si', 'ta'] as const) {
      it(`passes axe at ${width}px in ${locale} with the dialog open`, async () => {
        const account = await createSignedInAccount(site);
        await withSignedInPage(site, account, width, async (page) => {
          await openOfferPage(page, locale);
          await planButton(page).click();
          await page.locator('.use-plan-dialog input[name="usedOn"]').waitFor();
          if (width === PHONE && locale === 'si') await page.screenshot({ path: 'tmp/use-plan-dialog-375-si.png' });
          await expectAccessibleAt(page, width);
        });
      });
    }
  }
});
