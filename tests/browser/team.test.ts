// The team console in a real browser against the served build, its API and the site rebuilder (as
// `npm start` runs them): a new merchant uploads its registration document, the team activates it,
// its offer is accepted, published on its own page, then withdrawn; another offer is rejected with
// a reason that its merchant reads, edits and sends again. Each action leaves its audit row.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerCanonicalPath } from '../../src/lib/site-urls.ts';
import { COMMON_REJECT_REASONS } from '../../src/contract/team.ts';
import { OFFER_MESSAGES } from '../../src/contract/offer-form.ts';
import { m } from '../../src/paraglide/messages.js';
import { SECTION_TITLES } from '../../src/islands/console/console-routes.ts';
import {
  createSignedInAccount,
  DESKTOP,
  PHONE,
  signInTeam,
  startBrowserSite,
  withPage,
  withSignedInPage,
  type BrowserSite,
  type TestAccount,
  axeViolations,
  violationText,
  gotoConsole,
} from './harness.ts';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';

let site: BrowserSite;
let team: TestAccount;
let merchant: TestAccount;

const MERCHANT = {
  mobileNo: '703334455',
  password: 'Ella-Rock-Morning-28',
  firstName: 'Sunil',
  businessName: 'Sunil Hardware',
};
/** How long the rebuilder may take to publish a page on a busy two-core machine. */
const PUBLISH_TIMEOUT_MS = 240_000;

async function call(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${site.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function signIn(mobileNo: string, password: string): Promise<TestAccount> {
  const { status, body } = await call('POST', '/user/authentication', undefined, { mobileNo, password });
  expect(status, JSON.stringify(body)).toBe(200);
  return { mobileNo, password, token: body.token, user: body.data };
}

/** The offer form as the wizard sends it. */
const offerForm = (header: string) => ({
  offerCategory: site.categories[0]!.categoryId,
  bankInfo: site.banks[0]!.bankId,
  offerTitle: 'Hardware week',
  offerHeader: header,
  offerDescription: '<p>Tools and paint.</p>',
  offerValidity: 'until',
  toDate: '31/12/2099',
  offerType: 'off',
  offerRate: '15',
  locations: [],
  termsAccepted: true,
});

/** The audit log's entries for a target, as the team API answers them. */
const auditOf = async (targetType: string, targetId: number) =>
  (await call('GET', `/team/audit?targetType=${targetType}&targetId=${targetId}&pageSize=100`, team.token)).body
    .data as { action: string; actorUserId: number; note: string | null; before: unknown; after: unknown }[];

async function expectNoAxeViolations(page: Page, selector: string) {
  expect((await axeViolations(page, selector)).map(violationText)).toEqual([]);
}

async function pollPage(path: string, contains: string) {
  await expect
    .poll(
      async () => {
        const response = await fetch(`${site.url}${path}`);
        return response.status === 200 ? await response.text() : `status ${response.status}`;
      },
      { timeout: PUBLISH_TIMEOUT_MS, interval: 1_000 },
    )
    .toContain(contains);
}

beforeAll(async () => {
  site = await startBrowserSite();
  team = await signInTeam(site);
  const made = await call('POST', '/team/merchants', team.token, MERCHANT);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  merchant = await signIn(MERCHANT.mobileNo, MERCHANT.password);
});
afterAll(async () => {
  await site?.close();
});

describe('a new merchant, from documents to a published offer', () => {
  let offerId: number;

  it('cannot send offers before the team activates it, and uploads its registration document', () =>
    withSignedInPage(site, merchant, PHONE, async (page) => {
      await gotoConsole(page, '/console/merchant/offer');
      await expect.poll(() => page.locator('[data-not-activated]').innerText()).toContain(ERROR_CODES.not_activated);
      expect(await page.getByRole('button', { name: 'Create Offer' }).count()).toBe(0);

      await page.getByRole('link', { name: 'Upload your registration documents' }).click();
      await page.waitForURL('**/console/merchant/profile');
      await page.locator('html[data-console-ready]').waitFor({ state: 'attached' });
      await page.locator('.company-upload input[type="file"]').setInputFiles({
        name: 'Business registration.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.7\n%%EOF\n'),
      });
      await expect
        .poll(() => page.locator('[data-document]').allInnerTexts())
        .toEqual([expect.stringContaining('Business registration.pdf')]);
      expect(await page.locator('[data-review-step][data-done="true"]').count()).toBe(1);
    }));

  it('the team reads the document and activates the company, with a note', () =>
    withSignedInPage(site, team, DESKTOP, async (page) => {
      await gotoConsole(page, '/console/team/merchants');
      await page.getByLabel('Company, name or mobile number').fill(MERCHANT.mobileNo);
      await page.locator('main').getByRole('button', { name: 'Search', exact: true }).click();
      const row = page.locator('[data-team-merchant]', { hasText: MERCHANT.businessName });
      await expect
        .poll(() => row.locator('[data-merchant-step]').innerText())
        .toBe(m.team_merchant_step_document_submitted());
      await row.getByRole('button', { name: 'Review' }).click();
      const dialog = page.getByRole('dialog', { name: 'Merchant review' });
      await dialog.getByRole('button', { name: 'Download Business registration.pdf' }).waitFor();
      await expectNoAxeViolations(page, '.team-dialog');
      const download = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Download Business registration.pdf' }).click();
      expect((await download).suggestedFilename()).toBe('Business registration.pdf');
      await dialog.getByLabel('Move to step').selectOption('activated');
      await dialog.getByLabel('Note').fill('Registration checked with the registrar.');
      await dialog.getByRole('button', { name: 'Move' }).click();
      await dialog.getByText(m.team_merchants_moved({ step: m.team_merchant_step_activated() })).waitFor();
      expect((await auditOf('merchant', merchant.user.userId)).map((entry) => entry.action)).toEqual([
        'merchant.step',
        'merchant.create',
      ]);
    }));

  it(
    'the activated merchant sends an offer; the team accepts it; it is public and its page is published',
    { timeout: PUBLISH_TIMEOUT_MS + 60_000 },
    async () => {
      await withSignedInPage(site, merchant, PHONE, async (page) => {
        await gotoConsole(page, '/console/merchant/offer');
        await page.getByRole('button', { name: 'Create Offer' }).waitFor();
      });
      const sent = await call('POST', '/create/new/offer', merchant.token, offerForm('15% off every paint brand'));
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      offerId = sent.body.data.offerId;

      await withSignedInPage(site, team, PHONE, async (page) => {
        await gotoConsole(page, '/console/team/review');
        await page.getByLabel(m.team_search_offers_label()).fill(String(offerId));
        await page.locator('main').getByRole('button', { name: 'Search', exact: true }).click();
        const item = page.locator(`[data-team-offer="${offerId}"]`);
        await item.getByRole('heading', { name: '15% off every paint brand' }).waitFor();
        expect(await item.getByText('Sunil Hardware').count()).toBeGreaterThan(0);
        await item.getByRole('button', { name: 'Accept' }).click();
        await page.getByRole('status').filter({ hasText: 'Accepted: 15% off every paint brand' }).waitFor();
      });
      const publicView = await call('GET', `/get/offer/by/${offerId}`);
      expect(publicView.status).toBe(200);
      const bankList = (await call('GET', `/get/offers/by/bank/${site.banks[0]!.bankId}?pageSize=100`)).body.data as {
        offerId: number;
      }[];
      expect(bankList.map((offer) => offer.offerId)).toContain(offerId);
      await pollPage(offerCanonicalPath(publicView.body.data[0]), '15% off every paint brand');
      expect((await auditOf('offer', offerId)).map((entry) => entry.action)).toEqual(['offer.accept']);
    },
  );

  it(
    'the team withdraws it: it leaves the lists and its page says it is no longer available',
    { timeout: PUBLISH_TIMEOUT_MS + 60_000 },
    async () => {
      await withSignedInPage(site, team, DESKTOP, async (page) => {
        await gotoConsole(page, '/console/team/offers');
        await page.getByLabel(m.team_search_offers_label()).fill(String(offerId));
        await page.locator('main').getByRole('button', { name: 'Search', exact: true }).click();
        const item = page.locator(`[data-team-offer="${offerId}"]`);
        await expect.poll(() => item.locator('[data-team-status]').innerText()).toBe('Listed');
        await item.getByRole('button', { name: 'Withdraw' }).click();
        const dialog = page.getByRole('dialog', { name: 'Withdraw' });
        await dialog.getByRole('button', { name: 'Withdraw' }).click();
        await dialog.getByText('Give a reason.').waitFor();
        await dialog.getByLabel('Reason').fill('The shop has closed for renovation.');
        await dialog.getByRole('button', { name: 'Withdraw' }).click();
        await expect.poll(() => item.locator('[data-team-status]').innerText()).toBe('Withdrawn');
      });
      const ids = (body: { data: { offerId: number }[] }) => body.data.map((offer) => offer.offerId);
      expect(ids((await call('GET', '/get/offers/by/page/1/100')).body)).not.toContain(offerId);
      // Its bank's list held it while it was listed; now it does not.
      expect(ids((await call('GET', `/get/offers/by/bank/${site.banks[0]!.bankId}?pageSize=100`)).body)).not.toContain(
        offerId,
      );
      const publicView = await call('GET', `/get/offer/by/${offerId}`);
      expect(publicView.body.data[0]).toMatchObject({ withdrawn: true });
      await pollPage(offerCanonicalPath(publicView.body.data[0]), m.pages_offer_status_withdrawn());
      const audit = await auditOf('offer', offerId);
      expect(audit[0]).toMatchObject({
        action: 'offer.withdraw',
        actorUserId: team.user.userId,
        note: 'The shop has closed for renovation.',
      });
    },
  );
});

describe('a rejected offer', () => {
  it('is rejected with a reason, which the merchant reads; edited and sent again, it is pending again', async () => {
    const sent = await call('POST', '/create/new/offer', merchant.token, offerForm('Buy two tins, get a brush'));
    const offerId = sent.body.data.offerId as number;
    const reason = COMMON_REJECT_REASONS[0];

    await withSignedInPage(site, team, DESKTOP, async (page) => {
      await gotoConsole(page, '/console/team/review');
      await page.getByLabel(m.team_search_offers_label()).fill('Buy two tins');
      await page.locator('main').getByRole('button', { name: 'Search', exact: true }).click();
      const item = page.locator(`[data-team-offer="${offerId}"]`);
      await item.getByRole('button', { name: 'Reject' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reject' });
      await expectNoAxeViolations(page, '.team-dialog');
      await dialog.getByLabel(reason).check();
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await page.getByRole('status').filter({ hasText: 'Rejected: Buy two tins, get a brush' }).waitFor();
    });

    await withSignedInPage(site, merchant, PHONE, async (page) => {
      await gotoConsole(page, '/console/merchant/offer');
      const own = page.locator(`[data-own-offer="${offerId}"]`);
      await expect.poll(() => own.locator('.own-offer-reason').innerText()).toContain(reason);
      await own.getByRole('button', { name: m.console_edit_and_resend() }).click();
      const dialog = page.getByRole('dialog', { name: m.console_edit_and_resend() });
      const next = dialog.getByRole('button', { name: 'Next' });
      await dialog.locator('input[name="offerCategory"]:checked').waitFor();
      await next.click();
      await dialog.locator('input[name="bankInfo"]:checked').waitFor();
      await next.click();
      expect(await dialog.getByLabel('Offer header', { exact: true }).inputValue()).toBe('Buy two tins, get a brush');
      await dialog.getByLabel('End date').fill('30/11/2099');
      await dialog.getByLabel('Offer header', { exact: true }).fill('Buy two tins of paint, get a brush free');
      await next.click();
      await next.click();
      await dialog.getByLabel('I accept the terms & conditions').check();
      await dialog.getByRole('button', { name: 'Send again' }).click();
      await dialog.getByText(OFFER_MESSAGES.offerSentAgain).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await expect.poll(() => own.locator('.own-offer-status').innerText()).toBe(m.console_status_pending());
      expect(await own.locator('.own-offer-reason').count()).toBe(0);
    });

    const queued = await call('GET', `/team/offers/${offerId}`, team.token);
    expect(queued.body.data).toMatchObject({
      header: 'Buy two tins of paint, get a brush free',
      reviewStatus: 'pending',
      reviewReason: null,
    });
    expect((await auditOf('offer', offerId))[0]).toMatchObject({ action: 'offer.reject', note: reason });
  });
});

describe('the review queue', () => {
  it('a reviewer edits an offer before deciding, then accepts several at once', async () => {
    const ids: number[] = [];
    for (const header of ['Bulk one: 10% off tiles', 'Bulk two: 12% off taps']) {
      const sent = await call('POST', '/create/new/offer', merchant.token, offerForm(header));
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      ids.push(sent.body.data.offerId);
    }
    await withSignedInPage(site, team, DESKTOP, async (page) => {
      await gotoConsole(page, '/console/team/review');
      await page.getByLabel(m.team_search_offers_label()).fill('Bulk');
      await page.locator('main').getByRole('button', { name: 'Search', exact: true }).click();
      const first = page.locator(`[data-team-offer="${ids[0]}"]`);
      await first.getByRole('button', { name: /^Edit offer/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit offer' });
      await dialog.locator('input[name="offerCategory"]:checked').waitFor();
      await expectNoAxeViolations(page, '.console-dialog');
      const next = dialog.getByRole('button', { name: 'Next' });
      await next.click();
      await next.click();
      await dialog.getByLabel('Offer header', { exact: true }).fill('Bulk one: 15% off tiles');
      await next.click();
      await next.click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('The offer was saved.').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await first.getByRole('heading', { name: 'Bulk one: 15% off tiles' }).waitFor();

      await page.getByLabel('Select all on this page').check();
      await page.getByRole('button', { name: 'Accept selected (2)' }).click();
      await page.getByRole('status').filter({ hasText: 'Accepted 2 offers.' }).waitFor();
    });
    for (const offerId of ids)
      expect((await call('GET', `/team/offers/${offerId}`, team.token)).body.data.reviewStatus).toBe('accepted');
    const audit = await auditOf('offer', ids[0]!);
    expect(audit.map((entry) => entry.action)).toEqual(['offer.accept', 'offer.edit']);
    expect(audit[1]).toMatchObject({
      before: { header: 'Bulk one: 10% off tiles' },
      after: { header: 'Bulk one: 15% off tiles' },
    });
  });
});

describe('accounts', () => {
  it("blocking a customer ends the customer's open session at once; the block is in the audit log", () =>
    withSignedInPage(site, team, PHONE, async (teamPage) => {
      const customer = await createSignedInAccount(site, 'Ruwani');
      await withSignedInPage(site, customer, PHONE, async (customerPage) => {
        await gotoConsole(customerPage, '/console/customer/profile');

        await gotoConsole(teamPage, '/console/team/accounts');
        await teamPage.getByLabel('Mobile number or name').fill(customer.mobileNo);
        await teamPage.locator('main').getByRole('button', { name: 'Search', exact: true }).click();
        const row = teamPage.locator('li.team-item', { hasText: customer.mobileNo });
        await row.getByRole('button', { name: 'Block Ruwani' }).click();
        const dialog = teamPage.getByRole('dialog', { name: 'Block account' });
        await dialog.getByLabel('Reason').fill('Sent abusive reports.');
        await dialog.getByRole('button', { name: 'Block' }).click();
        await row.getByRole('button', { name: 'Unblock Ruwani' }).waitFor();
        expect(await row.innerText()).toContain('Sent abusive reports.');

        // The customer's session is gone: the next page they open sends them to sign in, which refuses them.
        expect((await call('GET', `/session/validate/${customer.token}`)).status).not.toBe(200);
        await customerPage.reload();
        await customerPage.waitForURL((url) => url.pathname === '/sign-in');
        const signIn = await call('POST', '/user/authentication', undefined, {
          mobileNo: customer.mobileNo,
          password: customer.password,
        });
        expect(signIn.status).toBe(403);
      });
      expect((await auditOf('account', customer.user.userId))[0]).toMatchObject({
        action: 'account.block',
        note: 'Sent abusive reports.',
      });
    }));
});

describe('what visitors send', () => {
  it('a guest report shows in Reports and is resolved, with its audit row', () =>
    withSignedInPage(site, team, DESKTOP, async (page) => {
      const offer = site.listed[0]!;
      const sent = await call('POST', `/offers/${offer.offerId}/reports`, undefined, {
        reason: 'brokenLink',
        message: 'The booking link opens a 404 page.',
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      await gotoConsole(page, '/console/team/reports');
      const row = page.locator('li.team-item', { hasText: 'The booking link opens a 404 page.' });
      await row.waitFor();
      expect(await row.innerText()).toContain(offer.header);
      await row.getByRole('button', { name: /^Resolve/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Resolve the report' });
      await dialog.getByLabel('Note (optional)').fill('Asked the merchant for the new link.');
      await dialog.getByRole('button', { name: /^Resolve/ }).click();
      await expect.poll(() => row.locator('.badge').innerText()).toBe('Resolved');
      expect(await row.getByRole('button', { name: /^Resolve/ }).count()).toBe(0);
      const reports = (await call('GET', '/team/reports?status=resolved&pageSize=100', team.token)).body.data as {
        reportId: number;
        message: string;
      }[];
      const resolved = reports.find((report) => report.message === 'The booking link opens a 404 page.')!;
      expect((await auditOf('report', resolved.reportId))[0]).toMatchObject({
        action: 'report.resolve',
        note: 'Asked the merchant for the new link.',
      });
    }));
});

describe('the importers page', () => {
  it('lists the seeded bank sources, off; one turned on is still on after a reload', () =>
    withSignedInPage(site, team, PHONE, async (page) => {
      await gotoConsole(page, '/console/team/importers');
      const names = page.locator('[data-import-source] .team-item-title');
      await expect
        .poll(() => names.allInnerTexts())
        .toEqual(
          expect.arrayContaining([
            'Commercial Bank card offers',
            'HNB card offers',
            'NDB Bank card offers',
            'Seylan Bank card offers',
          ]),
        );
      for (const sourceKey of ['combank', 'hnb', 'ndb', 'seylan']) {
        expect(await page.locator(`[data-import-source="${sourceKey}"] [data-source-state]`).innerText()).toBe('Off');
      }

      const row = page.locator('[data-import-source="ndb"]');
      await row.getByLabel('On', { exact: true }).check();
      await page
        .getByRole('status')
        .filter({ hasText: 'Saved: NDB Bank card offers is on and not trusted.' })
        .waitFor();
      await page.reload();
      await page.locator('html[data-console-ready]').waitFor({ state: 'attached' });
      await expect.poll(() => row.locator('[data-source-state]').innerText()).toBe('On');
      expect(await row.getByLabel('On', { exact: true }).isChecked()).toBe(true);

      // Off again, as seeded: the site's scheduled imports leave it alone.
      await row.getByLabel('On', { exact: true }).uncheck();
      await page
        .getByRole('status')
        .filter({ hasText: 'Saved: NDB Bank card offers is off and not trusted.' })
        .waitFor();
      const audit = (
        await call('GET', '/team/audit?action=importSource.update&targetType=importSource&pageSize=100', team.token)
      ).body.data as { targetId: string; after: unknown }[];
      expect(audit.filter((entry) => entry.targetId === 'ndb').map((entry) => entry.after)).toEqual([
        { enabled: false, trusted: false },
        { enabled: true, trusted: false },
      ]);
    }));
});

describe('the audit log page', () => {
  it("lists the journeys' actions, filterable, with no way to change them", () =>
    withSignedInPage(site, team, DESKTOP, async (page) => {
      await gotoConsole(page, '/console/team/audit');
      await page.getByLabel('Action').selectOption('offer.withdraw');
      await expect
        .poll(() => page.locator('li.team-item').allInnerTexts())
        .toContainEqual(expect.stringContaining('The shop has closed for renovation.'));
      expect(
        await page
          .locator('main')
          .getByRole('button', { name: /delete|edit/i })
          .count(),
      ).toBe(0);
    }));
});

describe('every team console page', () => {
  const PAGES = [
    'overview',
    'review',
    'offers',
    'merchants',
    'accounts',
    'catalogue',
    'importers',
    'reports',
    'feedback',
    'subscribers',
    'audit',
    'profile',
  ] as const;

  for (const width of [PHONE, DESKTOP]) {
    it(`is marked noindex, has its heading and passes axe at ${width}px`, { timeout: 180_000 }, () =>
      withSignedInPage(site, team, width, async (page) => {
        for (const section of PAGES) {
          await gotoConsole(page, `/console/team/${section}`);
          expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
          expect(await page.locator('.console-content > h1').innerText()).toBe(SECTION_TITLES.team[section]);
          // Its lists have come: no 'Loading …' left.
          await page.waitForFunction(
            () => !/Loading/.test(document.querySelector('.console-content')?.textContent ?? 'Loading'),
          );
          expect(
            (await axeViolations(page, 'main')).map(
              (violation) =>
                `${section}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
            ),
          ).toEqual([]);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${section} scrolls sideways`).toBeLessThanOrEqual(0);
        }
      }),
    );
  }

  it("is reached from the profile menu's Console, which opens Review", () =>
    withSignedInPage(site, team, DESKTOP, async (page) => {
      await page.goto('/');
      const menuButton = page.getByRole('button', { name: `Hi, ${team.user.firstName}` });
      await menuButton.click();
      const menu = page.getByRole('menu');
      expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Setting', 'Profile', 'Console', 'Logout']);
      await menu.getByRole('menuitem', { name: 'Console' }).click();
      await page.waitForURL('**/console/team/review');
      await page.locator('html[data-console-ready]').waitFor({ state: 'attached' });
      expect(await page.locator('.console-content > h1').innerText()).toBe(SECTION_TITLES.team.review);
    }));

  it('is closed to guests, customers and merchants', () =>
    withPage(site, { javaScript: true, width: PHONE }, async (page) => {
      await page.goto('/console/team/review');
      await page.waitForURL((url) => url.pathname === '/sign-in');
      expect((await call('GET', '/team/overview', merchant.token)).status).toBe(403);
    }));
});
