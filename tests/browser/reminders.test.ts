// Expiry reminders in a real browser (issue 17): the one line offering them after a first favourite
// (once per account, its code loaded only then), and the profile's Reminders block turning them
// on, choosing the days and off, saved on the server, at both widths.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_MESSAGES } from '../../src/contract/reminders.ts';
import { bankPagePath } from '../../src/lib/site-urls.ts';
import { m } from '../../src/paraglide/messages.js';
import {
  createSignedInAccount,
  DESKTOP,
  PHONE,
  signInTeam,
  startBrowserSite,
  withSignedInPage,
  type BrowserSite,
  type TestAccount,
} from './harness.ts';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(async () => {
  await site?.close();
});

const setting = async (account: TestAccount) => {
  const response = await fetch(`${site.url}/api/user/reminders`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  return (await response.json()).data as { daysBefore: number | null; offerShown: boolean };
};
const notice = (page: Page, text: string) =>
  page.locator('.notice-stack-bottom-left [aria-live] .notice-card').filter({ hasText: text });
const loadedScripts = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));

/** A bank page whose cards' favourite controls work, and its first two cards' toggles. */
async function openBankPage(page: Page) {
  const bank = site.banks.find((b) => site.listed.filter((offer) => offer.bankId === b.bankId).length >= 2)!;
  await page.goto(bankPagePath(bank));
  await page.locator('.category-groups[data-cards-live]').waitFor();
  const cards = page.locator('.category-groups article.offer-card');
  return [cards.nth(0), cards.nth(1)].map((card) => card.locator('button[data-favorite-offer]'));
}

describe('the first favourite', () => {
  it('offers reminders in one line, once per account; the code for it loads only then', async () => {
    const account = await createSignedInAccount(site);
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      const [first] = await openBankPage(page);
      expect((await loadedScripts(page)).some((name) => /reminder-offer/.test(name))).toBe(false);
      await first!.click();
      await notice(page, m.account_reminders_first_favourite({ label: m.account_reminders_label() })).waitFor();
      expect((await loadedScripts(page)).some((name) => /reminder-offer/.test(name))).toBe(true);
      await expect.poll(async () => (await setting(account)).offerShown).toBe(true);
      expect((await setting(account)).daysBefore).toBeNull();
      await page.screenshot({ path: 'tmp/reminders-first-favourite-1280.png' });

      // Another favourite, here and after a reload: no second time.
      await page.reload();
      const [, again] = await openBankPage(page);
      await again!.click();
      await expect.poll(() => again!.getAttribute('aria-pressed')).toBe('true');
      await page.waitForTimeout(1_000);
      expect(
        await notice(page, m.account_reminders_first_favourite({ label: m.account_reminders_label() })).count(),
      ).toBe(0);
    });
  });
});

describe("the SMS's favourites link", () => {
  it('opens the favourites drawer at /#favourites, and a reload does not reopen it', async () => {
    const account = await createSignedInAccount(site);
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      await page.goto('/#favourites');
      const drawer = page.getByRole('dialog', { name: new RegExp(`^${m.account_favorites_drawer_title()}`) });
      await drawer.waitFor();
      expect(new URL(page.url()).hash).toBe('');
      await page.reload();
      await page.locator('[data-favorites-count]').waitFor();
      expect(await drawer.isVisible()).toBe(false);
    });
  });
});

describe("the profile's Reminders", () => {
  for (const width of [PHONE, DESKTOP]) {
    it(`turns reminders on (2 days), changes the days and turns them off, saved on the server (${width}px)`, async () => {
      const account = await createSignedInAccount(site);
      await withSignedInPage(site, account, width, async (page) => {
        await page.goto('/console/customer/profile');
        const block = page.locator('[data-reminders-setting]');
        const toggle = block.getByRole('checkbox', { name: m.account_reminders_label() });
        await toggle.waitFor();
        expect(await toggle.isChecked()).toBe(false);
        expect(await block.getByRole('combobox').count()).toBe(0);

        await toggle.check();
        await expect.poll(() => block.locator('[role="status"]').textContent()).toBe(REMINDER_MESSAGES.turnedOn(2));
        const days = block.getByRole('combobox', { name: m.account_reminders_days_label() });
        expect(await days.inputValue()).toBe('2');
        expect(await setting(account)).toEqual({ daysBefore: 2, offerShown: true });

        await days.selectOption('3');
        await expect.poll(async () => (await setting(account)).daysBefore).toBe(3);
        await block.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `tmp/reminders-profile-${width}.png`, fullPage: false });

        await page.reload();
        await toggle.waitFor();
        expect(await toggle.isChecked()).toBe(true);
        expect(await block.getByRole('combobox', { name: m.account_reminders_days_label() }).inputValue()).toBe('3');

        await toggle.uncheck();
        await expect.poll(() => block.locator('[role="status"]').textContent()).toBe(REMINDER_MESSAGES.turnedOff);
        expect((await setting(account)).daysBefore).toBeNull();
        expect(await block.getByRole('combobox').count()).toBe(0);
      });
    });
  }

  it('puts the box back and says so when the server refuses', async () => {
    const account = await createSignedInAccount(site);
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      await page.route('**/api/user/reminders', (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({
              status: 503,
              contentType: 'application/json',
              body: JSON.stringify({ status: false, message: 'Busy, try again.' }),
            })
          : route.fallback(),
      );
      await page.goto('/console/customer/profile');
      const block = page.locator('[data-reminders-setting]');
      const toggle = block.getByRole('checkbox', { name: m.account_reminders_label() });
      await toggle.waitFor();
      await toggle.click();
      await block.getByRole('alert').filter({ hasText: 'Busy, try again.' }).waitFor();
      expect(await toggle.isChecked()).toBe(false);
      expect((await setting(account)).daysBefore).toBeNull();
    });
  });
});

describe('the team Overview', () => {
  for (const width of [PHONE, DESKTOP]) {
    it(`shows the expiry reminders' last run (${width}px)`, async () => {
      const team = await signInTeam(site);
      await withSignedInPage(site, team, width, async (page) => {
        await page.goto('/console/team/overview');
        const block = page.locator('[data-reminder-run]');
        await block.getByRole('heading', { name: m.team_overview_last_reminder_run() }).waitFor();
        // The server's hourly run may or may not have come yet.
        await expect.poll(async () => /No reminder run yet|SMS sent/.test(await block.innerText())).toBe(true);
        await block.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `tmp/reminders-overview-${width}.png` });
      });
    });
  }
});
