// The installable, offline site in a real browser (issue 17 'Never miss an offer'): the manifest and
// Chromium's install criteria, the service worker's headers, offer pages and a signed-in user's
// favourites and the recently viewed strips offline, the offline page for a page never opened, a new build's worker taking over
// on the next visit, and logout clearing the user's cached answers.
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SITE_NAME } from '../../src/lib/constants.ts';
import { bankPagePath, offerCanonicalPath } from '../../src/lib/site-urls.ts';
import { APP_ICONS, BACKGROUND_COLOR, SERVICE_WORKER_DELAY_MS, THEME_COLOR } from '../../src/lib/web-app.ts';
import { buildInfo, markBuildDone } from '../../src/server/site/builds-dir.ts';
import { compressedCopies } from '../../src/server/site/precompress.ts';
import { writeServiceWorker } from '../../src/server/site/service-worker.ts';
import { PAGES_CACHE, PERSONAL_CACHE_PREFIX } from '../../src/lib/offline-caches.ts';
import { RECENT_OFFERS_STORAGE_KEY } from '../../src/stores/recently-viewed.ts';
import { SESSION_STORAGE_KEY } from '../../src/stores/session.ts';
import {
  createSignedInAccount,
  DESKTOP,
  launchPersistentBrowser,
  PHONE,
  startBrowserSite,
  withPage,
  withSignedInPage,
  type BrowserSite,
  type TestAccount,
} from './harness.ts';
import { m } from '../../src/paraglide/messages.js';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(async () => {
  await site?.close();
});

/** How long a new worker may take to install and take over: its precache is fetched first, slowly on a busy machine. */
const WORKER_TAKEOVER = { timeout: 20_000, interval: 250 };

/** Waits until the service worker controls the page and holds the page itself (it keeps the pages open when it starts). */
async function workerReady(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true)); // (the registration itself does not cross to Node)
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), WORKER_TAKEOVER).toBe(true);
  await expect
    .poll(
      () =>
        page.evaluate(
          async (cacheName) => Boolean(await (await caches.open(cacheName)).match(location.href)),
          PAGES_CACHE,
        ),
      WORKER_TAKEOVER,
    )
    .toBe(true);
}

/** The build the controlling worker came from (its answer to OFFERLANKA_BUILD); '' when no worker
 * answers within a second (one being replaced may never answer). */
const workerBuild = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data as string);
        setTimeout(() => resolve(''), 1000);
        navigator.serviceWorker.controller?.postMessage({ type: 'OFFERLANKA_BUILD' }, [channel.port2]);
      }),
  );

const personalCaches = (page: Page) =>
  page.evaluate(
    async (prefix) => (await caches.keys()).filter((name) => name.startsWith(prefix)),
    PERSONAL_CACHE_PREFIX,
  );

async function addFavoriteByApi(account: TestAccount, offerIndex: number) {
  const offer = site.listed[offerIndex]!;
  const response = await fetch(`${site.url}/api/add/user/favorite/offer`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
    body: JSON.stringify({
      offerId: offer.offerId,
      categoryId: offer.categoryId,
      merchantId: offer.merchantId,
      bankId: offer.bankId,
    }),
  });
  expect(response.status).toBe(200);
  return offer;
}

describe('installable', () => {
  it('the manifest has what an installed app needs, and Chromium finds no installability error', async () => {
    const response = await fetch(`${site.url}/manifest.webmanifest`);
    expect(response.headers.get('content-type')).toBe('application/manifest+json');
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      short_name: SITE_NAME,
      start_url: '/',
      display: 'standalone',
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
    });
    expect(manifest.name).toContain(SITE_NAME);
    expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of APP_ICONS) {
      const image = await fetch(`${site.url}${icon.src}`);
      expect(image.headers.get('content-type'), icon.src).toBe('image/png');
      const bytes = Buffer.from(await image.arrayBuffer());
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], icon.src).toEqual([icon.size, icon.size]); // the PNG's IHDR width and height
    }

    // A profile on disk: Chromium never offers to install from an incognito context (Playwright's usual one).
    const profile = mkdtempSync(join(tmpdir(), 'offerlanka-install-'));
    const context = await launchPersistentBrowser(profile, { baseURL: site.url });
    try {
      const page = await context.newPage();
      await page.goto('/');
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
      await workerReady(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const { errors } = await cdp.send('Page.getAppManifest');
      expect(errors).toEqual([]);

      // The offer page's manifest link gets its href from the after-paint loader, with its scripts.
      await page.goto(offerCanonicalPath(site.listed[0]!));
      await page.locator('link[rel="manifest"][href="/manifest.webmanifest"]').waitFor({ state: 'attached' });
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
      expect((await cdp.send('Page.getAppManifest')).url).toBe(`${site.url}/manifest.webmanifest`);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('sw.js is checked on every visit, and the site policy allows the worker and the manifest', async () => {
    const worker = await fetch(`${site.url}/sw.js`, { headers: { 'accept-encoding': 'br' } });
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    const policy = worker.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
  });
});

describe('offline', () => {
  it("registers the service worker only SERVICE_WORKER_DELAY_MS after the page's load, out of the page's own start", () =>
    withPage(site, { javaScript: true, width: PHONE, serviceWorker: true }, async (page) => {
      await page.goto(offerCanonicalPath(site.listed[0]!));
      // In the page: when a registration first shows, against the load event's end, both on the page's clock.
      const { loadEnd, registeredAt } = await page.evaluate(async () => {
        while (!performance.getEntriesByType('navigation')[0]?.toJSON().loadEventEnd)
          await new Promise((resolve) => setTimeout(resolve, 20));
        const loadEnd = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd;
        while (!(await navigator.serviceWorker.getRegistration()))
          await new Promise((resolve) => setTimeout(resolve, 20));
        return { loadEnd, registeredAt: performance.now() };
      });
      expect(registeredAt - loadEnd).toBeGreaterThanOrEqual(SERVICE_WORKER_DELAY_MS);
      await workerReady(page);
    }));

  it("a guest's offer page opened before still shows offline; a page never opened shows the offline page", async () => {
    const [visited, neverVisited] = [site.listed[0]!, site.listed[1]!];
    for (const width of [PHONE, DESKTOP]) {
      await withPage(site, { javaScript: true, width, serviceWorker: true }, async (page) => {
        await page.goto(offerCanonicalPath(visited));
        await workerReady(page);
        await page.context().setOffline(true);
        await page.reload();
        expect(await page.locator('h1').first().innerText()).toContain(visited.header);

        await page.goto(offerCanonicalPath(neverVisited));
        expect(await page.locator('h1').innerText()).toBe(m.pages_offline_heading({}, { locale: 'en' }));
        expect(await page.getByText(m.pages_offline_text({}, { locale: 'en' })).isVisible()).toBe(true);
        await page.screenshot({ path: `tmp/offline-page-${width}.png`, fullPage: true });
        // Back to the page opened before, from the offline page's own link to home (never opened: offline page again).
        await page.goBack();
        expect(await page.locator('h1').first().innerText()).toContain(visited.header);
        await page.context().setOffline(false);
      });
    }
  });

  it('the recently viewed strips of home and a bank page opened before show offline the offers viewed since', async () => {
    const viewed = site.listed[4]!;
    await withPage(site, { javaScript: true, width: DESKTOP, serviceWorker: true }, async (page) => {
      // Home and the bank page are opened before any offer is viewed: neither has drawn a strip yet.
      await page.goto('/');
      await workerReady(page);
      await page.goto(bankPagePath(viewed.bank));
      // The worker fetches the strips' code: the offer's page itself loads none of it.
      const stripsCodeLoadedByPage: string[] = [];
      page.on('request', (request) => {
        if (/\/_astro\/(mount-recent-strips|mount-bank-strips|RecentStrips|react)\./.test(request.url()))
          stripsCodeLoadedByPage.push(request.url());
      });
      await page.goto(offerCanonicalPath(viewed));
      await expect
        .poll(() =>
          page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]')[0]?.offerId, RECENT_OFFERS_STORAGE_KEY),
        )
        .toBe(viewed.offerId);
      await page.waitForLoadState('networkidle');
      expect(stripsCodeLoadedByPage).toEqual([]);

      await page.context().setOffline(true);
      for (const path of ['/', bankPagePath(viewed.bank)]) {
        await page.goto(path);
        const strip = page.getByRole('region', { name: m.browse_recent_offers({}, { locale: 'en' }) });
        await expect
          .poll(() => strip.getByRole('link', { name: viewed.header }).count(), { timeout: 10_000 })
          .toBeGreaterThan(0);
      }
      await page.screenshot({ path: 'tmp/offline-recent-bank-1280.png' });
      await page.context().setOffline(false);
    });
  });

  it('the recently viewed strips whose code cannot load say they will show online, rather than failing', async () => {
    const viewed = site.listed[5]!;
    await withPage(site, { javaScript: true, width: PHONE }, async (page) => {
      await page.goto(offerCanonicalPath(viewed));
      await expect
        .poll(() =>
          page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]')[0]?.offerId, RECENT_OFFERS_STORAGE_KEY),
        )
        .toBe(viewed.offerId);
      // As offline before the worker kept them: the strips' code does not load.
      await page.route(/\/_astro\/(mount-recent-strips|mount-bank-strips|RecentStrips)[^/]*\.js$/, (route) =>
        route.abort('internetdisconnected'),
      );
      for (const path of ['/', bankPagePath(viewed.bank)]) {
        await page.goto(path);
        await page.getByText(m.browse_recent_offline({}, { locale: 'en' })).waitFor();
      }
      await page.screenshot({ path: 'tmp/offline-recent-note-375.png' });
    });
  });

  it('a page never opened in Sinhala or Tamil shows the offline page in that language', async () => {
    await withPage(site, { javaScript: true, width: PHONE, serviceWorker: true }, async (page) => {
      await page.goto('/si/');
      await workerReady(page);
      await page.context().setOffline(true);
      for (const locale of ['si', 'ta'] as const) {
        await page.goto(`/${locale}${offerCanonicalPath(site.listed[2]!)}`);
        expect(await page.locator('html').getAttribute('lang')).toBe(locale);
        expect(await page.locator('h1').innerText()).toBe(m.pages_offline_heading({}, { locale }));
        await page.screenshot({ path: `tmp/offline-page-${locale}-375.png`, fullPage: true });
      }
      await page.goto(offerCanonicalPath(site.listed[3]!));
      expect(await page.locator('h1').innerText()).toBe(m.pages_offline_heading({}, { locale: 'en' }));
      await page.context().setOffline(false);
    });
  });

  it("a signed-in user's favourites show offline; logout clears them, and the next user on the browser never sees them", async () => {
    const first = await createSignedInAccount(site, 'Anoma');
    const favourite = await addFavoriteByApi(first, 2);
    const second = await createSignedInAccount(site, 'Bandula');
    await withSignedInPage(
      site,
      first,
      DESKTOP,
      async (page) => {
        const favouritesButton = page.getByRole('button', { name: /^Favourites/ });
        const drawer = page.getByRole('dialog', { name: new RegExp(`^${m.account_favorites_drawer_title()}`) });
        await page.goto('/about-us');
        await workerReady(page);
        await page.reload(); // now through the worker: the favourites' answer is kept for this session
        await expect.poll(() => page.locator('[data-favorites-count]').textContent()).toBe('1');
        await expect.poll(() => personalCaches(page)).toHaveLength(1);

        await page.context().setOffline(true);
        await page.reload();
        await expect.poll(() => page.locator('[data-favorites-count]').textContent()).toBe('1');
        await favouritesButton.click();
        await drawer.waitFor();
        expect(await drawer.locator('li').getByRole('link').innerText()).toContain(favourite.header);
        await page.screenshot({ path: 'tmp/offline-favourites-1280.png' });
        await page.keyboard.press('Escape');

        await page.context().setOffline(false);
        await page.getByRole('button', { name: 'Hi, Anoma' }).click();
        await page.getByRole('menu').getByRole('menuitem', { name: 'Logout' }).click();
        await page.waitForURL(`${site.url}/`);
        await expect.poll(() => personalCaches(page)).toEqual([]);

        // The next person signs in on the same browser, and goes offline before their favourites load.
        await page.evaluate(
          ([key, value]) => localStorage.setItem(key, value),
          [SESSION_STORAGE_KEY, JSON.stringify({ token: second.token, user: second.user })],
        );
        await page.context().setOffline(true);
        await page.goto('/about-us');
        await page.getByRole('button', { name: 'Hi, Bandula' }).waitFor();
        await favouritesButton.click();
        await drawer.waitFor();
        expect(await drawer.innerText()).not.toContain(favourite.header);
        await page.context().setOffline(false);
      },
      { serviceWorker: true },
    );
  });
});

describe('updates', () => {
  it("a new build's pages show at once, and its worker takes over on the next visit", async () => {
    const served = realpathSync(inject('siteDir'));
    const files = ['sw.js', join('about-us', 'index.html')].flatMap((file) =>
      ['', '.gz', '.br'].map((suffix) => join(served, `${file}${suffix}`)),
    );
    const originals = new Map(files.map((file) => [file, readFileSync(file)]));
    /** A file of the served build replaced, with its compressed copies, as a build would write it. */
    const replace = (file: string, bytes: Buffer) => {
      writeFileSync(join(served, file), bytes);
      const copies = compressedCopies(bytes)!;
      for (const [suffix, data] of Object.entries(copies)) writeFileSync(join(served, `${file}${suffix}`), data);
    };
    /** Tells the server of the changed files as a publish does, and waits until it answers with them. */
    const publish = async (heading: string) => {
      markBuildDone(served, { ...buildInfo(served), publishedAt: new Date().toISOString() });
      const showsHeading = async () =>
        (await (await fetch(`${site.url}/about-us`, { headers: { 'accept-encoding': 'br, gzip' } })).text()).includes(
          `${heading}</h1>`,
        );
      await expect.poll(showsHeading, { timeout: 15_000, interval: 500 }).toBe(true);
    };
    let heading = '';
    try {
      await withPage(site, { javaScript: true, width: DESKTOP, serviceWorker: true }, async (page) => {
        await page.goto('/about-us');
        await workerReady(page);
        expect(await workerBuild(page)).toBe(basename(served));
        heading = await page.locator('h1').innerText();

        // The next build: the page changed, and a new worker.
        const page_ = join('about-us', 'index.html');
        replace(page_, Buffer.from(readFileSync(join(served, page_), 'utf8').replace('</h1>', ' (next build)</h1>')));
        await writeServiceWorker(served, 'next-build');
        replace('sw.js', readFileSync(join(served, 'sw.js')));
        await publish(`${heading} (next build)`);

        await page.reload();
        expect(await page.locator('h1').innerText()).toBe(`${heading} (next build)`); // not the copy in the worker's cache
        // The reload asked Chromium to look for a new worker; should that check have come too early, ask again.
        await expect
          .poll(async () => {
            const build = await workerBuild(page);
            if (build !== 'next-build')
              await page
                .evaluate(() =>
                  navigator.serviceWorker.getRegistration().then((registration) => registration?.update()),
                )
                .catch(() => {});
            return build;
          }, WORKER_TAKEOVER)
          .toBe('next-build');
        // Offline, the page is the new build's.
        await page.context().setOffline(true);
        await page.reload();
        expect(await page.locator('h1').innerText()).toBe(`${heading} (next build)`);
        await page.context().setOffline(false);
      });
    } finally {
      for (const [file, bytes] of originals) writeFileSync(file, bytes);
      if (heading) await publish(heading);
    }
  });
});
