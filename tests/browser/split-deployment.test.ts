// The split deployment (docs/operations.md): the built site served alone on one origin, where a CDN
// would serve it, and the API alone on another (`--api-only`), the build pointed at it by
// PUBLIC_API_URL, PUBLIC_INSIGHT_URL and PUBLIC_DEMO_API_URL. In Chromium a visitor signs in, filters
// the offers and saves a favourite: every call crosses origins (CORS), under the site's policy; the
// API's images (bank logos, banners, icons, ads) load from the API's origin.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BankData, OfferData } from '../../src/contract/index.ts';
import { OFFERS_PAGE_SIZE } from '../../src/lib/constants.ts';
import { offerCanonicalPath } from '../../src/lib/site-urls.ts';
import type { AppEnv } from '../../src/server/context.ts';
import { readEnv } from '../../src/server/env.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { buildSite } from '../../src/server/site/build.ts';
import { mountSite } from '../../src/server/site/routes.ts';
import { SITE_TEST_OFFERS } from '../support/site-catalogue.ts';
import { createSignedInAccount, DESKTOP, launchBrowser, withPage, startUsingOfferList } from './harness.ts';
import { NO_DELAY_SHEDDING } from '../support/server-env.ts';

const work = mkdtempSync(join(tmpdir(), 'offerlanka-split-'));
const siteDir = join(work, 'dist');
let siteServer: ServerType;
let siteUrl: string;
let api: RunningServer;
let browser: Browser;
let offers: OfferData[];
let banks: BankData[];

beforeAll(async () => {
  // The site's server first: the API allows the site's origin, and the build needs the API's URL.
  const siteApp = new Hono<AppEnv>();
  const site = await mountSite(siteApp, siteDir, []);
  siteServer = await new Promise<ServerType>((resolve) => {
    const server = serve({ fetch: siteApp.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(server));
  });
  siteUrl = `http://127.0.0.1:${(siteServer.address() as AddressInfo).port}`;
  // CORS_ORIGINS left to its default: SITE_URL's origin.
  const env = readEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: join(work, 'data'),
    SITE_URL: siteUrl,
    RATE_LIMITS: '0',
    ...NO_DELAY_SHEDDING,
  });
  api = await startServer({ env, serveSite: false, seedWhenEmpty: { offers: SITE_TEST_OFFERS }, log: () => {} });
  await buildSite({
    apiUrl: `${api.url}/api`,
    siteDir,
    siteUrl,
    buildsDir: join(work, 'builds'),
    log: () => {},
    locales: ['en'], // the languages: site-setup.ts's build
    previewImages: false, // tests/site/preview-images.test.ts covers them
    env: {
      PUBLIC_API_URL: `${api.url}/api`,
      PUBLIC_INSIGHT_URL: `${api.url}/insight`,
      PUBLIC_DEMO_API_URL: `${api.url}/demo`,
    },
  });
  await site.reload(); // as the rebuilder tells it after a build
  const data = async (path: string) => (await (await fetch(`${api.url}/api${path}`)).json()).data;
  [offers, banks] = await Promise.all([data('/site/offers/1'), data('/get/all/banks')]);
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => siteServer?.close(resolve));
  await api?.close();
  rmSync(work, { recursive: true, force: true });
});

it('signs in, filters the offers and saves a favourite, the site on one origin and the API on another', () =>
  withPage({ browser, url: siteUrl }, { javaScript: true, width: DESKTOP }, async (page) => {
    expect(new URL(siteUrl).origin).not.toBe(new URL(api.url).origin);
    expect((await fetch(`${siteUrl}/api/get/all/banks`)).status, 'the site origin has no API').toBe(404);
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(api.url)) apiCalls.push(new URL(request.url()).pathname);
    });
    const account = await createSignedInAccount(api, 'Ruwan');

    await page.goto('/sign-in');
    await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr][client="load"]').length === 0);
    await page.getByLabel('Mobile number').fill(account.mobileNo);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // Signed in: the header's favourites, loaded from the API, count none yet.
    await expect.poll(() => page.locator('[data-favorites-count]').textContent()).toBe('0');

    const listed = offers.filter((offer) => offer.status !== 'expired');
    const bank = banks.find((b) => listed.filter((offer) => offer.bankId === b.bankId).length > 1)!;
    await startUsingOfferList(page);
    await page.getByRole('button', { name: 'Filter by Bank' }).click();
    await page
      .getByRole('group', { name: 'Filter by Bank' })
      .getByRole('button', { name: bank.bankName, exact: true })
      .click();
    const cards = page.locator('.offer-browser article.offer-card');
    const cardBanks = () =>
      cards
        .evaluateAll((articles) => articles.map((article) => Number(article.getAttribute('data-offer-id'))))
        .then((ids) => ids.map((id) => offers.find((offer) => offer.offerId === id)?.bankId));
    const expectedCount = Math.min(OFFERS_PAGE_SIZE, listed.filter((offer) => offer.bankId === bank.bankId).length);
    await expect.poll(cardBanks).toEqual(Array(expectedCount).fill(bank.bankId));

    const card = cards.first();
    const offerId = Number(await card.getAttribute('data-offer-id'));
    const offer = offers.find((o) => o.offerId === offerId)!;
    // The toggle shows at once; the API call settles after it.
    const favoriteSaved = page.waitForResponse(
      (response) =>
        response.url() === `${api.url}/api/add/user/favorite/offer` && response.request().method() === 'PUT',
    );
    await card.getByRole('button', { name: `Save to favourites: ${offer.header}` }).click();
    expect((await favoriteSaved).status()).toBe(200);
    await expect.poll(() => card.locator('button[data-favorite-offer]').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.locator('[data-favorites-count]').textContent()).toBe('1');
    const saved = await (
      await fetch(`${api.url}/api/get/offer/favorite/by/${account.user.userId}`, {
        headers: { authorization: `Bearer ${account.token}` },
      })
    ).json();
    expect(saved.data[0].favorites.map((favorite: { offerId: number }) => favorite.offerId)).toEqual([offer.offerId]);

    expect(apiCalls).toEqual(
      expect.arrayContaining([
        '/api/user/authentication',
        expect.stringMatching(/^\/api\/get\/offers\/filter\/multiple\//),
        '/api/add/user/favorite/offer',
      ]),
    );
  }));

/** Every image request of the page that failed or was answered with an error, as 'status url'. */
function watchImageFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('requestfailed', (request) => {
    if (request.resourceType() === 'image') failures.push(`${request.failure()?.errorText} ${request.url()}`);
  });
  page.on('response', (response) => {
    if (response.request().resourceType() === 'image' && response.status() >= 400)
      failures.push(`${response.status()} ${response.url()}`);
  });
  return failures;
}

/**
 * Scrolls the page from top to bottom, so that its lazy images load, waits until the images
 * `selector` finds have loaded (or failed), and answers their currentSrc.
 */
async function loadedSources(page: Page, selector: string): Promise<string[]> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  const images = page.locator(selector);
  await page.waitForFunction(
    (found) => found.every((image) => (image as HTMLImageElement).complete),
    await images.elementHandles(),
  );
  return images.evaluateAll((found) => found.map((image) => (image as HTMLImageElement).currentSrc));
}

/** Every image of the page whose URL is under the API's image route, but on the site's origin: none should be. */
const imagesOnSiteOrigin = (page: Page) =>
  page.evaluate(() =>
    [...document.images].map((image) => image.src).filter((src) => src.startsWith(`${location.origin}/api/`)),
  );

it("loads the API's images from the API's origin: home", () =>
  withPage({ browser, url: siteUrl }, { javaScript: true, width: DESKTOP }, async (page) => {
    const failures = watchImageFailures(page);
    const adsAnswer = page.waitForResponse((response) => response.url().startsWith(`${api.url}/api/ads?`));
    await page.goto('/');
    await startUsingOfferList(page);
    await adsAnswer;
    // 'View more' shows the other banks' tiles, so that their logos load too.
    if (await page.locator('.more-banks').count()) await page.locator('.more-banks summary').click();

    // The banks' logos on home are one image of the site's build (src/build/bank-logo-sprite.ts), made from the API's.
    const spriteUrls = new Set(await loadedSources(page, '.bank-tile .bank-logo img'));
    expect([...spriteUrls]).toEqual([expect.stringMatching(new RegExp(`^${siteUrl}/logos/banks-\\w+\\.webp$`))]);
    const banners = await loadedSources(page, '.offer-browser .offer-card-cover img');
    expect(banners.length).toBeGreaterThan(0);
    // House ads are text (AdFrame.astro): an ad's image only for the proxy's ads.
    for (const src of [
      ...banners,
      ...(await loadedSources(page, 'img.offer-card-logo, [data-ad-image]:not([hidden])')),
    ]) {
      expect(src.startsWith(`${api.url}/api/images/`), src).toBe(true);
    }
    expect(await imagesOnSiteOrigin(page)).toEqual([]);
    expect(failures).toEqual([]);
  }));

it("loads the API's images from the API's origin: an offer page", () =>
  withPage({ browser, url: siteUrl }, { javaScript: true, width: DESKTOP }, async (page) => {
    const offer = offers.find(
      (o) => o.bannerImageURL?.startsWith('/api/images/') && o.merchant.logoURL?.startsWith('/api/images/'),
    )!;
    const failures = watchImageFailures(page);
    const adsAnswer = page.waitForResponse((response) => response.url().startsWith(`${api.url}/api/ads?`));
    await page.goto(offerCanonicalPath(offer));
    await adsAnswer;

    const sources = await loadedSources(
      page,
      '.offer img.banner, .offer img.merchant-logo, .bank-card img, [data-ad-image]:not([hidden])',
    );
    expect(sources).toHaveLength(3); // the house ad is text
    for (const src of sources) expect(src.startsWith(`${api.url}/api/images/`), src).toBe(true);
    // The structured data's image is the banner's absolute URL, on the API's origin.
    const offerJsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
    );
    expect(offerJsonLd.image).toBe(`${api.url}${offer.bannerImageURL}`);
    expect(await imagesOnSiteOrigin(page)).toEqual([]);
    expect(failures).toEqual([]);
  }));
