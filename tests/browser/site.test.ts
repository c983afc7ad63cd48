// The built site in a real browser (Debian's Chromium): journeys a visitor takes with JavaScript
// turned off, the islands with it on (newsletter, feedback, notices), and axe-core's accessibility
// check of the main page types on a phone and a desktop.
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';
import { MESSAGES, type OfferData } from '../../src/contract/index.ts';
import { COOKIE_POLICY, PRIVACY_POLICY, TERMS } from '../../src/content/legal.ts';
import { OFFERS_PAGE_SIZE, TERMS_SHOWN } from '../../src/lib/constants.ts';
import { offerValidity } from '../../src/lib/offer-dates.ts';
import { bankPagePath, offerAliasPaths, offerCanonicalPath } from '../../src/lib/site-urls.ts';
import {
  DESKTOP,
  PHONE,
  startBrowserSite,
  withPage,
  type BrowserSite,
  seriousViolations,
  axeViolations,
} from './harness.ts';

/** Banks the home page shows before 'View more' (src/pages/[...locale]/index.astro). */
const BANKS_SHOWN = 8;

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(async () => {
  await site?.close();
});

const noJs = <T>(fn: (page: Page) => Promise<T>, width = DESKTOP) => withPage(site, { javaScript: false, width }, fn);
const pathOf = (page: Page) => new URL(page.url()).pathname;
const termsOf = (offer: OfferData) =>
  [...(site.terms.byBank[offer.bankId] ?? []), ...site.terms.general].map((term) => term.value);
/** A listed offer whose page folds some terms under 'Show More'. */
const offerWithMoreTerms = () => {
  const offer = site.listed.find((o) => termsOf(o).length > TERMS_SHOWN);
  if (!offer) throw new Error(`the demo data has no listed offer with more than ${TERMS_SHOWN} terms`);
  return offer;
};
/** A bank with listed offers: its page has offer cards. */
const bankWithOffers = () => {
  const bank = site.banks.find((b) => site.listed.some((offer) => offer.bankId === b.bankId));
  if (!bank) throw new Error('no bank has listed offers');
  return bank;
};

describe('without JavaScript', () => {
  it('home shows the first offers as cards, each linking to its offer', () =>
    noJs(async (page) => {
      await page.goto('/');
      expect(await page.locator('h1').textContent()).toBe('Credit card offers in Sri Lanka');
      const cards = await page
        .locator('article.offer-card .offer-card-title a')
        .evaluateAll((links) => links.map((a) => ({ href: a.getAttribute('href'), title: a.getAttribute('title') })));
      expect(cards).toHaveLength(Math.min(OFFERS_PAGE_SIZE, site.listed.length));
      for (const card of cards) {
        const offer = site.listed.find((o) => offerCanonicalPath(o) === card.href);
        expect(offer?.header, card.href ?? '').toBe(card.title);
      }
    }));

  it("home shows the bank grid, and 'View more' / 'View less' fold the other banks (a <details>)", () =>
    noJs(async (page) => {
      expect(site.banks.length, 'the demo data needs more banks than the grid shows first').toBeGreaterThan(
        BANKS_SHOWN,
      );
      await page.goto('/');
      const shown = await page
        .locator('section[aria-labelledby="banks-heading"] > .bank-grid .bank-tile')
        .allTextContents();
      const folded = await page.locator('.more-banks .bank-tile').allTextContents();
      expect(shown).toHaveLength(BANKS_SHOWN);
      expect([...shown, ...folded].sort()).toEqual(site.banks.map((bank) => bank.bankName).sort());
      const toggle = page.locator('.more-banks > summary');
      const hiddenBank = page.locator('.more-banks .bank-tile').first();
      expect(await toggle.innerText()).toBe('View more');
      expect(await hiddenBank.isVisible()).toBe(false);

      await toggle.click();
      expect(await hiddenBank.isVisible()).toBe(true);
      expect(await toggle.innerText()).toBe('View less');

      await toggle.click();
      expect(await hiddenBank.isVisible()).toBe(false);
      expect(await toggle.innerText()).toBe('View more');
    }));

  it("following a bank tile reaches the bank's page with its offers", () =>
    noJs(async (page) => {
      await page.goto('/');
      // The first tile shown (before 'View more') whose bank has offers.
      const hrefs = await page
        .locator('section[aria-labelledby="banks-heading"] > .bank-grid .bank-tile')
        .evaluateAll((tiles) => tiles.map((a) => a.getAttribute('href')));
      const bank = site.banks.find(
        (b) => hrefs.includes(bankPagePath(b)) && site.listed.some((offer) => offer.bankId === b.bankId),
      );
      if (!bank) throw new Error('no bank shown on the home page has offers');
      await page.locator(`.bank-tile[href="${bankPagePath(bank)}"]`).click();
      await page.waitForURL(`**${bankPagePath(bank)}`);
      expect(await page.locator('h1').textContent()).toBe(`${bank.bankName} credit card offers`);
      // Every card on the page is one of this bank's offers (the card keeps the full bank name in title).
      const cardBanks = await page
        .locator('article.offer-card .offer-card-bank')
        .evaluateAll((spans) => spans.map((s) => s.getAttribute('title')));
      expect(cardBanks.length).toBeGreaterThan(0);
      expect(new Set(cardBanks)).toEqual(new Set([bank.bankName]));
    }));

  it('following an offer card reaches the offer page: title, validity and terms', () =>
    noJs(async (page) => {
      await page.goto('/');
      const hrefs = await page
        .locator('article.offer-card .offer-card-title a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
      // An offer with a validity line, so that the page has one to show.
      const offer = site.listed.find((o) => hrefs.includes(offerCanonicalPath(o)) && offerValidity(o) !== '');
      if (!offer) throw new Error('no offer on the home page has a validity');
      await page.locator(`article.offer-card .offer-card-title a[href="${offerCanonicalPath(offer)}"]`).click();
      await page.waitForURL(`**${offerCanonicalPath(offer)}`);

      expect(await page.locator('h1').textContent()).toBe(offer.header);
      expect(await page.locator('.facts dt:text-is("Validity") + dd').textContent()).toBe(offerValidity(offer));
      expect(await page.locator('#terms-heading').textContent()).toBe('Terms and conditions');
      const shown = await page.locator('section[aria-labelledby="terms-heading"] > ol.terms > li').allTextContents();
      expect(shown).toEqual(termsOf(offer).slice(0, TERMS_SHOWN));
    }));

  it("'Show More' unfolds the rest of an offer's terms and 'Show Less' folds them (a <details>)", () =>
    noJs(async (page) => {
      const offer = offerWithMoreTerms();
      await page.goto(offerCanonicalPath(offer));
      const toggle = page.locator('details.more-terms > summary');
      const rest = page.locator('details.more-terms ol.terms > li');
      expect(await toggle.innerText()).toBe('Show More');
      expect(await rest.first().isVisible()).toBe(false);

      await toggle.click();
      expect(await rest.allInnerTexts()).toEqual(termsOf(offer).slice(TERMS_SHOWN));
      expect(await rest.first().isVisible()).toBe(true);
      expect(await toggle.innerText()).toBe('Show Less');

      await toggle.click();
      expect(await rest.first().isVisible()).toBe(false);
    }));

  it("every alias URL of an offer ends at the offer's canonical URL", () =>
    noJs(async (page) => {
      const offer = site.listed[0]!;
      for (const alias of offerAliasPaths(offer)) {
        const response = await page.goto(alias);
        expect(response?.status(), alias).toBe(200);
        expect(pathOf(page), alias).toBe(offerCanonicalPath(offer));
        expect(response?.request().redirectedFrom()?.url(), alias).toBe(site.url + alias);
        expect(await page.locator('h1').textContent(), alias).toBe(offer.header);
      }
    }));

  it.each([
    ['/terms', TERMS],
    ['/privacy-policy', PRIVACY_POLICY],
    ['/cookie-policy', COOKIE_POLICY],
  ])('the legal page %s shows its document', (path, document) =>
    noJs(async (page) => {
      await page.goto(path);
      expect(await page.locator('article.legal h1').textContent()).toBe(document.title);
      expect(await page.locator('article.legal .updated').innerText()).toMatch(/^Last updated \d{1,2} \w+ \d{4}$/);
      expect(await page.locator('article.legal h2').allTextContents()).toEqual(
        document.sections.map((section) => section.heading),
      );
      const firstSection = document.sections[0]!;
      expect(await page.locator('article.legal h2 + p').first().textContent()).toBe(firstSection.paragraphs[0]);
    }),
  );

  it('an unknown URL shows the not-found page with status 404', () =>
    noJs(async (page) => {
      const response = await page.goto('/no/such/page/here');
      expect(response?.status()).toBe(404);
      expect(await page.title()).toBe('Page not found | OfferLanka');
      expect(await page.locator('h1').textContent()).toBe('Oops! Page Not Found');
      expect(await page.getByRole('link', { name: 'Go back to home' }).getAttribute('href')).toBe('/');
    }));

  it(`at ${PHONE}px the header menu (a <details>) opens to Sign in and Sign up`, () =>
    noJs(async (page) => {
      await page.goto('/');
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      expect(await page.getByRole('navigation', { name: 'Account' }).isVisible()).toBe(false);
      expect(await menu.isVisible()).toBe(false);

      await page.locator('.mobile-menu > summary').click();
      expect(await menu.isVisible()).toBe(true);
      const signIn = menu.getByRole('link', { name: 'Sign in' });
      const signUp = menu.getByRole('link', { name: 'Sign up' });
      expect(await signIn.isVisible()).toBe(true);
      expect(await signUp.isVisible()).toBe(true);
      expect(await signUp.getAttribute('href')).toBe('/sign-up');

      await signIn.click();
      await page.waitForURL('**/sign-in');
      expect(await page.locator('h1').textContent()).toBe('Sign in');
    }, PHONE));

  it('the sign-in page renders its shell, and says that signing in needs JavaScript', () =>
    noJs(async (page) => {
      const response = await page.goto('/sign-in');
      expect(response?.status()).toBe(200);
      expect(await page.locator('h1').textContent()).toBe('Sign in');
      expect(await page.locator('[data-auth="sign-in"]').count()).toBe(1); // where the island mounts
      // Playwright's text selectors skip <noscript>, so the notice is found by its class.
      const notice = page.locator('noscript .notice');
      expect(await notice.isVisible()).toBe(true);
      expect(await notice.innerText()).toContain('Signing in needs JavaScript');
      expect(await page.getByRole('link', { name: 'Join now' }).getAttribute('href')).toBe('/sign-up');
    }));

  it('the contact page shows the feedback form, its button disabled, and says that sending needs JavaScript', () =>
    noJs(async (page) => {
      await page.goto('/contact-us');
      const form = page.getByRole('form', { name: 'Send us your feedback' });
      for (const label of ['First name', 'Mobile number', 'Email', 'Message (optional)']) {
        expect(await form.getByLabel(label).isVisible(), label).toBe(true);
      }
      expect(await form.getAttribute('action')).toBeNull(); // never posts to a page that does not exist
      expect(await form.getByRole('button', { name: 'Send Message' }).isDisabled()).toBe(true);
      expect(await page.locator('noscript .notice').innerText()).toContain('Sending this form needs JavaScript');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBe(PHONE);
    }, PHONE));

  it("every page's footer has the newsletter box (the house ads' /#newsletter), Subscribe disabled", () =>
    noJs(async (page) => {
      await page.goto('/#newsletter');
      const box = page.locator('footer section#newsletter');
      expect(await box.getByRole('heading').textContent()).toBe('Get the best offers by email');
      expect(await box.getByLabel('Email address').isVisible()).toBe(true);
      expect(await box.getByRole('button', { name: 'Subscribe' }).isDisabled()).toBe(true);
      expect(await box.isVisible()).toBe(true);
    }));
});

const withJs = <T>(fn: (page: Page) => Promise<T>, width = DESKTOP) => withPage(site, { javaScript: true, width }, fn);
/** Scrolls to an island (they hydrate when visible) and waits until Astro has hydrated it. */
async function hydrate(page: Page, selector: string) {
  await page.locator(selector).scrollIntoViewIfNeeded();
  await page.locator(`astro-island:not([ssr]) ${selector}`).waitFor();
}
let emailCounter = 0;
const uniqueEmail = () => `reader.${Date.now().toString(36)}.${++emailCounter}@example.lk`;
const noticeIn = (page: Page, placement: 'top-center' | 'bottom-left', text: string) =>
  page.locator(`.notice-stack-${placement} [aria-live] .notice-card`).filter({ hasText: text });

describe('with JavaScript: newsletter, feedback and notices', () => {
  for (const width of [PHONE, DESKTOP]) {
    it(`at ${width}px an offer page loads no island code at load, and the newsletter's when its footer comes into view`, () =>
      withJs(async (page) => {
        const scripts: string[] = [];
        page.on('request', (request) => {
          if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
        });
        await page.goto(offerCanonicalPath(offerWithMoreTerms()), { waitUntil: 'networkidle' });
        const islandCode = (islands: Element[]) =>
          islands.flatMap((island) => [island.getAttribute('component-url'), island.getAttribute('renderer-url')]);
        const allIslandUrls = await page.locator('astro-island').evaluateAll(islandCode);
        expect(allIslandUrls.length).toBeGreaterThan(0);
        // The page's own plain script (src/page-scripts/offer-page.ts) loads; React and the islands do not.
        expect(
          scripts.filter((url) => allIslandUrls.includes(url)),
          'no island code at load',
        ).toEqual([]);

        await hydrate(page, '#newsletter');
        const newsletterUrls = await page.locator('astro-island:has(#newsletter)').evaluateAll(islandCode);
        expect(newsletterUrls.length).toBeGreaterThan(0);
        for (const url of newsletterUrls) expect(scripts).toContain(url);
      }, width));
  }

  it('Subscribe is disabled while the email is empty; a bad address gets the info notice, which its close button closes', () =>
    withJs(async (page) => {
      await page.goto('/');
      await hydrate(page, '#newsletter');
      const box = page.locator('#newsletter');
      const email = box.getByLabel('Email address');
      const subscribe = box.getByRole('button', { name: 'Subscribe' });
      expect(await subscribe.isDisabled()).toBe(true);
      await email.fill('   ');
      expect(await subscribe.isDisabled()).toBe(true);
      await email.fill('nimal@');
      expect(await subscribe.isEnabled()).toBe(true);

      await subscribe.click();
      const notice = noticeIn(page, 'top-center', ERROR_CODES.enter_email);
      await notice.waitFor();
      expect(await notice.locator('.notice-title').textContent()).toBe('Subscribe');
      expect(await notice.evaluate((node) => node.closest('[aria-live]')?.getAttribute('aria-live'))).toBe('polite');
      // Clicking again replaces the notice rather than stacking a second one.
      await subscribe.click();
      await page.waitForTimeout(100);
      expect(await noticeIn(page, 'top-center', ERROR_CODES.enter_email).count()).toBe(1);

      expect(await seriousViolations(page, '.notice-stack')).toEqual([]);

      await notice.getByRole('button', { name: 'Close notice' }).click();
      await notice.waitFor({ state: 'detached' });
      expect(await page.locator('.notice-card').count()).toBe(0);
      expect(await box.getByRole('button', { name: 'Subscribe' }).isVisible()).toBe(true); // the form stays for another try
    }));

  it('subscribing says so and swaps the box to "You\'re Subscribed!"; the same address again is already subscribed', async () => {
    const address = uniqueEmail();
    const subscribeOnce = (expected: string) =>
      withJs(async (page) => {
        await page.goto('/contact-us');
        await hydrate(page, '#newsletter');
        await page.locator('#newsletter').getByLabel('Email address').fill(address);
        const answer = page.waitForResponse((response) => response.url().endsWith('/api/new/subscribe'));
        await page.locator('#newsletter').getByRole('button', { name: 'Subscribe' }).click();
        expect((await answer).status()).toBe(200);
        const notice = noticeIn(page, 'top-center', expected);
        await notice.waitFor();
        expect(await notice.locator('.notice-title').textContent()).toBe('Subscribe');
        const thanks = page.locator('#newsletter h2');
        expect(await thanks.textContent()).toBe("You're Subscribed!");
        expect(await thanks.evaluate((heading) => heading === document.activeElement)).toBe(true);
        expect(await page.locator('#newsletter input').count()).toBe(0);
        // Two islands on this page (newsletter and feedback form): the notice is shown once.
        expect(await page.locator('.notice-card').count()).toBe(1);
      }, PHONE);
    await subscribeOnce(MESSAGES.subscribed);
    await subscribeOnce(MESSAGES.alreadySubscribed);
  });

  it("feedback: mistakes show the contract's messages inline; a valid form reaches the API, is confirmed and cleared", () =>
    withJs(async (page) => {
      await page.goto('/contact-us');
      await hydrate(page, '.feedback-form');
      const form = page.getByRole('form', { name: 'Send us your feedback' });
      const send = form.getByRole('button', { name: 'Send Message' });
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('.feedback-form button')?.disabled);

      const mobile = form.getByLabel('Mobile number');
      const email = form.getByLabel('Email');
      const firstName = form.getByLabel('First name');
      let requests = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/add/new/feedback')) requests++;
      });
      await firstName.fill('Kamala');
      await mobile.fill('71234');
      // Straight from the field to the button: the click must still land (and the form refuse to send).
      await send.click();
      expect(await page.locator('#feedback-mobile-error').textContent()).toBe(ERROR_CODES.invalid_mobile_no);
      expect(await page.locator('#feedback-email-error').textContent()).toBe(ERROR_CODES.required);
      expect(await mobile.getAttribute('aria-invalid')).toBe('true');
      expect((await mobile.getAttribute('aria-describedby'))?.split(' ')).toEqual([
        'feedback-mobile-hint',
        'feedback-mobile-error',
      ]);
      expect(await mobile.evaluate((input) => input === document.activeElement)).toBe(true); // the first field to fix
      expect(requests).toBe(0);

      await mobile.fill('712345678');
      await page.locator('#feedback-mobile-error').waitFor({ state: 'detached' }); // corrected: the message goes
      await email.fill('kamala@');
      expect(await page.locator('#feedback-email-error').textContent()).toBe(ERROR_CODES.invalid_email);
      await email.fill('kamala@example.lk');
      // A field is checked when it is left: emptied and left, the first name is required.
      await firstName.fill('');
      await firstName.blur();
      expect(await page.locator('#feedback-first-name-error').textContent()).toBe(ERROR_CODES.required);
      await firstName.fill('Kamala');
      await form.getByLabel('Message (optional)').fill('The Kandy offers page loads slowly.');
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/add/new/feedback'));
      await send.click();
      const response = await answer;
      expect(response.status()).toBe(201);
      expect(await response.json()).toEqual({ status: true, message: 'Thank you. Your message was sent.' });

      const notice = noticeIn(page, 'bottom-left', 'Thank you. Your message was sent.');
      await notice.waitFor();
      for (const label of ['First name', 'Mobile number', 'Email', 'Message (optional)']) {
        expect(await form.getByLabel(label).inputValue(), label).toBe('');
      }
      expect(await page.locator('.feedback-form .field-error').count()).toBe(0);
    }, PHONE));
});

const describeViolations = (violations: Result[]) =>
  violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n')}`)
    .join('\n');

describe('accessibility (axe-core, JavaScript on)', () => {
  // axe measures targets at one layout; this holds every footer link to 24px in each language's line height.
  it.each([
    ['English', ''],
    ['Sinhala', '/si'],
    ['Tamil', '/ta'],
  ])("the footer's links on the %s offer page are touch targets at least 24px tall", (_language, prefix) =>
    withPage(site, { javaScript: true, width: PHONE }, async (page) => {
      await page.goto(`${prefix}${offerCanonicalPath(offerWithMoreTerms())}`);
      const heights = await page
        .locator('footer li > a')
        .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height));
      expect(heights.length).toBeGreaterThan(10);
      expect(Math.min(...heights)).toBeGreaterThanOrEqual(24);
    }),
  );

  const pages: [string, () => string][] = [
    ['home', () => '/'],
    ['a bank page', () => bankPagePath(bankWithOffers())],
    ['an offer page', () => offerCanonicalPath(offerWithMoreTerms())],
    // Sinhala and Tamil set text in other fonts and line heights (the footer's touch targets among them).
    ['the Sinhala offer page', () => `/si${offerCanonicalPath(offerWithMoreTerms())}`],
    ['the Tamil offer page', () => `/ta${offerCanonicalPath(offerWithMoreTerms())}`],
    ['sign-in', () => '/sign-in'],
    ['contact us (feedback form)', () => '/contact-us'],
    ['the 404 page', () => '/no/such/page/here'],
  ];
  for (const width of [PHONE, DESKTOP]) {
    it.each(pages)(`%s at ${width}px has no serious or critical violation`, (_name, path) =>
      withPage(site, { javaScript: true, width }, async (page) => {
        // Wait for the islands (search, ads) to finish their requests, so axe sees the page they render.
        await page.goto(path(), { waitUntil: 'networkidle' });
        // target-size (WCAG 2.2) is off in axe-core by default and on in Lighthouse.
        const violations = await axeViolations(page, undefined, { rules: { 'target-size': { enabled: true } } });
        const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(
          serious.map((v) => v.id),
          `${path()} at ${width}px:\n${describeViolations(serious)}`,
        ).toEqual([]);
      }),
    );
  }
});
