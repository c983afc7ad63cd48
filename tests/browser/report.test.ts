// 'Report a problem' in a real browser, as a guest: on the offer page (src/page-scripts/offer-page.ts
// loads the form on the first press, src/islands/offer/ReportProblem.tsx) and in the offer modal
// over home (ReportProblemButton.tsx). Reports are read back through the team's API.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from '../../src/contract/reports.ts';
import type { ReportReason } from '../../src/contract/reports.ts';
import { REPORT_REASON_TEXTS } from '../../src/islands/offer/report-texts.ts';
import { CLIENT_ERROR_TEXTS, OFFERS_PAGE_SIZE } from '../../src/lib/constants.ts';
import { offerCanonicalPath } from '../../src/lib/site-urls.ts';
import { m } from '../../src/paraglide/messages.js';
import {
  DESKTOP,
  PHONE,
  signInTeam,
  startBrowserSite,
  withPage,
  type BrowserSite,
  seriousViolations,
} from './harness.ts';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';

let site: BrowserSite;
let teamToken: string;
beforeAll(async () => {
  site = await startBrowserSite();
  teamToken = (await signInTeam(site)).token;
});
afterAll(async () => {
  await site?.close();
});

const withJs = <T>(fn: (page: Page) => Promise<T>, width = DESKTOP) => withPage(site, { javaScript: true, width }, fn);

interface StoredReport {
  reportId: number;
  offerId: number;
  reason: ReportReason;
  message: string;
  status: string;
}

/** The open report with this message, as the team console reads it (newest first). */
async function storedReport(message: string): Promise<StoredReport | undefined> {
  const response = await fetch(`${site.url}/api/team/reports?status=open&pageSize=100`, {
    headers: { authorization: `Bearer ${teamToken}` },
  });
  if (!response.ok) throw new Error(`GET /api/team/reports: ${response.status}`);
  return ((await response.json()).data as StoredReport[]).find((report) => report.message === message);
}

/** A message no other test sends. */
const uniqueMessage = (what: string) => `${what} (${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)})`;

/** The element its aria-describedby names includes `text`. */
const describedBy = (control: Locator) =>
  control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

const reportDialog = (page: Page) => page.getByRole('dialog', { name: m.browse_report_problem() });
/** Whether the form's code (its own chunk) has been requested by the page. */
const formRequested = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByType('resource').some((entry) => /\/ReportProblem\.[^/]*\.js$/.test(entry.name)),
  );

describe('Report a problem on the offer page', () => {
  it('a guest chooses a reason and sends a message; the team sees the report', () =>
    withJs(async (page) => {
      const offer = site.listed[3]!;
      await page.goto(offerCanonicalPath(offer), { waitUntil: 'load' });
      const open = page.getByRole('button', { name: m.browse_report_problem() });
      await expect.poll(() => open.isEnabled()).toBe(true);
      expect(await formRequested(page)).toBe(false); // the form loads on the press, not with the page

      await open.click();
      const dialog = reportDialog(page);
      await dialog.waitFor();
      expect(await formRequested(page)).toBe(true);
      // Focus goes into the dialog, on the first reason.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('value'))).toBe('expired');
      expect(await page.getByRole('group', { name: 'What is wrong with this offer?' }).isVisible()).toBe(true);
      expect(await seriousViolations(page, '.report-dialog')).toEqual([]);

      // Nothing chosen: the reason's message, tied to the group, and nothing sent.
      await dialog.getByRole('button', { name: 'Send' }).click();
      const reasonError = dialog.getByText('Choose what is wrong.');
      await reasonError.waitFor();
      expect(await describedBy(dialog.getByRole('group'))).toContain('Choose what is wrong.');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('value'))).toBe('expired');

      // 'Something else' needs a message.
      await dialog.getByLabel(REPORT_REASON_TEXTS.other()).check();
      expect(await reasonError.count()).toBe(0);
      await dialog.getByRole('button', { name: 'Send' }).click();
      const messageBox = dialog.getByRole('textbox', { name: 'Tell us more' });
      await expect.poll(() => describedBy(messageBox)).toContain('Tell us what is wrong.');
      expect(await messageBox.getAttribute('aria-invalid')).toBe('true');
      expect(await seriousViolations(page, '.report-dialog')).toEqual([]);

      const message = uniqueMessage('The discount is 15%, not 20%');
      await dialog.getByLabel(REPORT_REASON_TEXTS.wrongDetails()).check();
      await dialog.getByRole('textbox', { name: 'Tell us more (optional)' }).fill(message);
      await dialog.getByRole('button', { name: 'Send' }).click();
      await dialog.getByRole('status').filter({ hasText: REPORT_MESSAGES.sent }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Close');
      expect(await storedReport(message)).toMatchObject({
        offerId: offer.offerId,
        reason: 'wrongDetails',
        message,
        status: 'open',
      });

      // Close, and focus is back on the button; a new press starts from an empty form.
      await dialog.locator('.report-sent-close').click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(m.browse_report_problem());
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      expect(await dialog.getByRole('radio', { checked: true }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }));

  it("speaks the page's language: on a Sinhala page its checks and its thank-you are in Sinhala", () =>
    withJs(async (page) => {
      const offer = site.listed[6]!;
      await page.goto(`/si${offerCanonicalPath(offer)}`, { waitUntil: 'load' });
      const si = { locale: 'si' } as const;
      const open = page.getByRole('button', { name: m.browse_report_problem({}, si) });
      await expect.poll(() => open.isEnabled()).toBe(true);
      await open.click();
      const dialog = page.getByRole('dialog', { name: m.browse_report_problem({}, si) });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: m.browse_send({}, si) }).click();
      await dialog.getByText(m.error_report_reason_required({}, si)).waitFor();
      expect(await dialog.getByText(ERROR_CODES.report_reason_required).count()).toBe(0);
      await dialog.getByLabel(m.browse_report_reason_other({}, si)).check();
      await dialog.getByRole('button', { name: m.browse_send({}, si) }).click();
      await expect
        .poll(() => describedBy(dialog.getByRole('textbox')))
        .toContain(m.error_report_message_required({}, si));

      const message = uniqueMessage('The shop has closed');
      await dialog.getByRole('textbox').fill(message);
      await dialog.getByRole('button', { name: m.browse_send({}, si) }).click();
      await dialog
        .getByRole('status')
        .filter({ hasText: m.error_report_sent({}, si) })
        .waitFor();
      expect(await storedReport(message)).toMatchObject({ offerId: offer.offerId, reason: 'other', message });
    }));

  it('works with the keyboard alone', () =>
    withJs(async (page) => {
      const offer = site.listed[4]!;
      await page.goto(offerCanonicalPath(offer), { waitUntil: 'load' });
      const open = page.getByRole('button', { name: m.browse_report_problem() });
      await expect.poll(() => open.isEnabled()).toBe(true);
      await open.focus();
      await page.keyboard.press('Enter');
      const dialog = reportDialog(page);
      await dialog.waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('value'))).toBe('expired');
      await page.keyboard.press('ArrowDown'); // the radio group: arrows choose
      expect(await dialog.getByLabel(REPORT_REASON_TEXTS.wrongDetails()).isChecked()).toBe(true);
      await page.keyboard.press('ArrowDown');
      expect(await dialog.getByLabel(REPORT_REASON_TEXTS.brokenLink()).isChecked()).toBe(true);
      const message = uniqueMessage('The booking link shows an error');
      await page.keyboard.press('Tab');
      await page.keyboard.type(message);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter'); // Send
      await dialog.getByRole('status').filter({ hasText: REPORT_MESSAGES.sent }).waitFor();
      expect(await storedReport(message)).toMatchObject({ offerId: offer.offerId, reason: 'brokenLink', message });
      await page.keyboard.press('Enter'); // Close, which has focus
      await dialog.waitFor({ state: 'hidden' });
    }));

  it('shows the refusals in the dialog: too many reports, an offer gone, no connection', () =>
    withJs(async (page) => {
      const offer = site.listed[5]!;
      await page.goto(offerCanonicalPath(offer), { waitUntil: 'load' });
      const answers = [
        {
          status: 429,
          body: {
            status: false,
            message: 'Too many requests. Please wait up to 60 minutes and try again.',
            retryAfterSeconds: 3600,
          },
        },
        { status: 404, body: { status: false, message: ERROR_CODES.offer_not_found } },
      ];
      let calls = 0;
      await page.route('**/api/offers/*/reports', async (route) => {
        const answer = answers[calls++];
        if (answer)
          await route.fulfill({
            status: answer.status,
            contentType: 'application/json',
            body: JSON.stringify(answer.body),
          });
        else await route.abort('internetdisconnected');
      });
      const open = page.getByRole('button', { name: m.browse_report_problem() });
      await expect.poll(() => open.isEnabled()).toBe(true);
      await open.click();
      const dialog = reportDialog(page);
      await dialog.getByLabel(REPORT_REASON_TEXTS.expired()).check();
      const send = dialog.getByRole('button', { name: 'Send' });
      const alert = dialog.getByRole('alert');

      await send.click();
      await alert.filter({ hasText: answers[0]!.body.message }).waitFor();
      await send.click();
      await alert.filter({ hasText: ERROR_CODES.offer_not_found }).waitFor();
      await send.click();
      await alert.filter({ hasText: CLIENT_ERROR_TEXTS.network }).waitFor();
      expect(calls).toBe(3);
      expect(await dialog.getByRole('status').textContent()).toBe(''); // never thanked
      expect(await seriousViolations(page, '.report-dialog')).toEqual([]);
      // A change to the form clears the refusal.
      await dialog.getByLabel(REPORT_REASON_TEXTS.wrongDetails()).check();
      expect(await alert.count()).toBe(0);
    }));

  it('fits a phone screen', () =>
    withJs(async (page) => {
      await page.goto(offerCanonicalPath(site.listed[6]!), { waitUntil: 'load' });
      const open = page.getByRole('button', { name: m.browse_report_problem() });
      await expect.poll(() => open.isEnabled()).toBe(true);
      await open.click();
      const dialog = reportDialog(page);
      await dialog.waitFor();
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE);
      expect(await dialog.getByRole('button', { name: 'Send' }).isVisible()).toBe(true);
    }, PHONE));

  it('hides the button without JavaScript (the form needs it)', () =>
    withPage(site, { javaScript: false, width: DESKTOP }, async (page) => {
      await page.goto(offerCanonicalPath(site.listed[6]!));
      const button = page.locator('[data-report-offer]');
      expect(await button.count()).toBe(1);
      expect(await button.isVisible()).toBe(false);
    }));
});

describe('Report a problem in the offer modal', () => {
  it('reports from the modal over home; Escape and Close leave the offer open', () =>
    withJs(async (page) => {
      const offer = site.listed.slice(0, OFFERS_PAGE_SIZE)[6]!;
      await page.goto('/', { waitUntil: 'load' });
      await page.locator(`article[data-offer-id="${offer.offerId}"] .offer-card-title a`).click();
      const modal = page.getByRole('dialog', { name: offer.header });
      const open = modal.getByRole('button', { name: m.browse_report_problem() });
      await open.waitFor();

      // Escape closes the report only; focus goes back to its button in the offer.
      await open.click();
      const dialog = reportDialog(page);
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await modal.isVisible()).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(m.browse_report_problem());

      await open.click();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Send' }).click();
      await dialog.getByText('Choose what is wrong.').waitFor();
      const message = uniqueMessage('This offer ended last week');
      await dialog.getByLabel(REPORT_REASON_TEXTS.expired()).check();
      await dialog.getByRole('textbox').fill(message);
      expect(await seriousViolations(page, '.report-dialog')).toEqual([]);
      await dialog.getByRole('button', { name: 'Send' }).click();
      await dialog.getByRole('status').filter({ hasText: REPORT_MESSAGES.sent }).waitFor();
      expect(await storedReport(message)).toMatchObject({ offerId: offer.offerId, reason: 'expired', message });

      await dialog.locator('.report-sent-close').click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await modal.isVisible()).toBe(true);
      expect(new URL(page.url()).pathname).toBe(offerCanonicalPath(offer));
    }));
});
