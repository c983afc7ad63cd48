// How the pages look, measured by element boxes in Chromium at a phone's and a desktop's width:
// whole titles clamped to two lines (DECISIONS.md), readable category pills on the banners, the
// bank name on one line beside the status badge, uncropped recently-viewed thumbnails, full rows in
// the card grids, the bank page's summary first and its height on a phone, the sign-up ad kept from
// signed-in visitors without moving anything, the not-found page's button and a footer that reaches
// the window's bottom, the static pages' back button, and the search (no expired offers, canonical
// links, banks by their short names).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferData } from '../../src/contract/index.ts';
import { bankShortNames } from '../../src/lib/bank-names.ts';
import { CATEGORY_PAGE_SIZE } from '../../src/contract/limits.ts';
import { GUEST_ONLY_AD_PATHS, OFFERS_PAGE_SIZE } from '../../src/lib/constants.ts';
import { bankPagePath, merchantPagePath, offerCanonicalPath } from '../../src/lib/site-urls.ts';
import { offerTags } from '../../src/lib/format-offer.ts';
import { offerValidity } from '../../src/lib/offer-dates.ts';
import { m } from '../../src/paraglide/messages.js';
import { RECENT_OFFERS_STORAGE_KEY } from '../../src/stores/recently-viewed.ts';
import { PAINTED_ATTRIBUTE } from '../../src/build/after-paint-scripts.ts';
import {
  DESKTOP,
  PHONE,
  createSignedInAccount,
  startBrowserSite,
  withPage,
  withSignedInPage,
  type BrowserSite,
} from './harness.ts';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(async () => {
  await site?.close();
});

const withJs = <T>(width: number, fn: (page: Page) => Promise<T>) => withPage(site, { javaScript: true, width }, fn);

/** Rendered lines of each element matching `selector`: its box's height over its line height. */
const lineCounts = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const style = getComputedStyle(element);
      return element.getBoundingClientRect().height / Number.parseFloat(style.lineHeight);
    }),
  );

/** WCAG contrast of two 'rgb(…)' / 'rgba(…)' colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = color
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((part) => {
        const c = Number(part) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

for (const width of [PHONE, DESKTOP]) {
  describe(`offer cards at ${width}px`, () => {
    it('show the whole title and merchant name, clamped to two lines by CSS, never cut at 20 characters', () =>
      withJs(width, async (page) => {
        await page.goto('/');
        const cards = page.locator('article.offer-card');
        await cards.first().waitFor();
        const shown = await cards.evaluateAll((articles) =>
          articles.map((article) => ({
            id: Number(article.getAttribute('data-offer-id')),
            title: article.querySelector('.offer-card-title a')?.textContent,
            merchant: article.querySelector('.offer-card-merchant-name')?.textContent,
          })),
        );
        const long = shown.filter(
          ({ id }) => (site.listed.find((offer) => offer.offerId === id)?.header.length ?? 0) > 20,
        );
        expect(long.length, 'the first page needs titles over 20 characters').toBeGreaterThan(0);
        for (const card of shown) {
          const offer = site.listed.find((o) => o.offerId === card.id)!;
          expect(card.title).toBe(offer.header);
          expect(card.merchant).toBe(offer.merchant.merchantName);
        }
        for (const lines of [
          ...(await lineCounts(page, 'article.offer-card .offer-card-title')),
          ...(await lineCounts(page, 'article.offer-card .offer-card-merchant-name')),
        ]) {
          expect(lines).toBeLessThanOrEqual(2.05);
        }
      }));

    it('show the category as a readable pill on the banner: at least 12px text, room around it, AA contrast', () =>
      withJs(width, async (page) => {
        await page.goto('/');
        const pills = await page.locator('article.offer-card').evaluateAll((articles) =>
          articles.map((article) => {
            const pill = article.querySelector<HTMLElement>('.offer-card-category')!;
            const cover = article.querySelector('.offer-card-cover')!.getBoundingClientRect();
            const box = pill.getBoundingClientRect();
            const style = getComputedStyle(pill);
            return {
              text: pill.textContent,
              fontSize: Number.parseFloat(style.fontSize),
              paddingX: Number.parseFloat(style.paddingLeft),
              paddingY: Number.parseFloat(style.paddingTop),
              color: style.color,
              background: style.backgroundColor,
              onCover:
                box.top >= cover.top &&
                box.bottom <= cover.bottom &&
                box.left >= cover.left &&
                box.right <= cover.right,
            };
          }),
        );
        expect(pills.length).toBeGreaterThan(0);
        for (const pill of pills) {
          expect(pill.fontSize, pill.text ?? '').toBeGreaterThanOrEqual(12);
          expect(pill.paddingX).toBeGreaterThanOrEqual(8);
          expect(pill.paddingY).toBeGreaterThanOrEqual(3);
          expect(Number(pill.background.match(/[\d.]+/g)![3] ?? 1), 'an almost opaque pill').toBeGreaterThanOrEqual(
            0.9,
          );
          expect(contrast(pill.color, pill.background)).toBeGreaterThanOrEqual(4.5);
          expect(pill.onCover).toBe(true);
        }
      }));

    it("keep the bank's name on one line beside the 'New' or 'Ending soon' badge", () =>
      withJs(width, async (page) => {
        await page.goto('/');
        await page.locator('article.offer-card').first().waitFor();
        const withBadge = 'article.offer-card:has(.badge) .offer-card-bank';
        expect(await page.locator(withBadge).count(), 'the first page needs cards with a status badge').toBeGreaterThan(
          0,
        );
        for (const lines of await lineCounts(page, withBadge)) expect(lines).toBeLessThan(1.5);
        // And the badge itself is whole, on one line too.
        for (const lines of await lineCounts(page, 'article.offer-card .badge')) expect(lines).toBeLessThan(1.5);
        // On the banner's bottom right corner: inside the banner, its foot in the banner's lower quarter.
        const placements = await page.locator('article.offer-card:has(.badge)').evaluateAll((cards) =>
          cards.map((card) => {
            const badge = card.querySelector('.badge')!.getBoundingClientRect();
            const cover = card.querySelector('.offer-card-cover')!.getBoundingClientRect();
            return {
              inside: badge.top >= cover.top && badge.bottom <= cover.bottom && badge.right <= cover.right,
              footAt: (badge.bottom - cover.top) / cover.height,
              rightGap: cover.right - badge.right,
            };
          }),
        );
        for (const placement of placements) {
          expect(placement.inside).toBe(true);
          expect(placement.footAt).toBeGreaterThan(0.75);
          expect(placement.rightGap).toBeLessThan(16);
        }
      }));

    it(`fill every row of the home list's first page (${OFFERS_PAGE_SIZE} cards)`, () =>
      withJs(width, async (page) => {
        await page.goto('/');
        const cards = page.locator('[data-offer-list] article.offer-card');
        await cards.first().waitFor();
        const lefts = await cards.evaluateAll((articles) =>
          articles.map((article) => Math.round(article.getBoundingClientRect().left)),
        );
        const columns = new Set(lefts).size;
        expect(lefts).toHaveLength(OFFERS_PAGE_SIZE);
        expect(columns).toBe(width === PHONE ? 1 : 5);
        expect(lefts.length % columns, `${lefts.length} cards in ${columns} columns`).toBe(0);
      }));
  });
}

describe('the recently viewed strip', () => {
  /** Offers with a banner and a long title, as the strip stores them once viewed. */
  function recentEntries(): unknown[] {
    const offers = site.listed.filter((offer) => offer.bannerImageURL && offer.header.length > 30).slice(0, 3);
    expect(offers).toHaveLength(3);
    return offers.map((offer: OfferData) => ({
      offerId: offer.offerId,
      header: offer.header,
      path: offerCanonicalPath(offer),
      bannerImageURL: offer.bannerImageURL,
      bankName: offer.bank.bankName,
      categoryName: offer.category.categoryName,
      merchantName: offer.merchant.merchantName,
      iconName: offer.category.iconName,
    }));
  }

  for (const width of [PHONE, DESKTOP]) {
    it(`at ${width}px shows each banner whole (at its 2:1 shape, contained) and the whole title in two lines at most`, () =>
      withJs(width, async (page) => {
        const entries = recentEntries();
        await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
          RECENT_OFFERS_STORAGE_KEY,
          JSON.stringify(entries),
        ] as const);
        await page.goto('/');
        const strip = page.getByRole('region', { name: 'Your recently viewed offers' });
        await strip.locator('img.recent-offer-cover').first().waitFor();
        const covers = await strip.locator('img.recent-offer-cover').evaluateAll((images) =>
          images.map((image) => {
            const box = image.getBoundingClientRect();
            return { ratio: box.width / box.height, fit: getComputedStyle(image).objectFit };
          }),
        );
        for (const cover of covers) {
          expect(cover.fit).toBe('contain');
          expect(cover.ratio).toBeCloseTo(2, 1);
        }
        const titles = await strip.locator('.recent-offer-title').allTextContents();
        expect(titles).toEqual((entries as { header: string }[]).map((entry) => entry.header));
        for (const lines of await lineCounts(page, '.recent-offer-title')) expect(lines).toBeLessThanOrEqual(2.05);
      }));
  }
});

/** How much of the first offer card home shows a phone at once: its banner's category and title. */
const FIRST_SCREEN_OFFER_PART = 120;

describe('home on a phone', () => {
  it(`at ${PHONE}px shows an offer in the first screen, the banks as a strip that does not push the offers down`, () =>
    withJs(PHONE, async (page) => {
      await page.goto('/');
      const firstOffer = await page.locator('article.offer-card').first().boundingBox();
      const viewportHeight = await page.evaluate(() => innerHeight);
      await page.screenshot({ path: 'tmp/home-375.png' });
      // Its top part (the banner with its category and title) is in the first screen.
      expect(firstOffer!.y + FIRST_SCREEN_OFFER_PART).toBeLessThan(viewportHeight);
    }));

  for (const [locale, letters] of [
    ['si', /[\u0D80-\u0DFF]/],
    ['ta', /[\u0B80-\u0BFF]/],
  ] as const) {
    it(`shows the house ad in the page's language (${locale})`, () =>
      withJs(PHONE, async (page) => {
        await page.goto(`/${locale}`, { waitUntil: 'networkidle' });
        const ad = page.locator('[data-ad-frame] [data-ad-link]').first();
        const text = await ad.innerText();
        expect(text).toMatch(letters);
        expect(text.replace('OfferLanka', '')).not.toMatch(/[A-Za-z]{3}/);
      }));
  }

  it(`at ${DESKTOP}px keeps the bank tiles above the offers`, () =>
    withJs(DESKTOP, async (page) => {
      await page.goto('/');
      const banks = await page.locator('.bank-grid').first().boundingBox();
      const firstOffer = await page.locator('article.offer-card').first().boundingBox();
      expect(banks!.y).toBeLessThan(firstOffer!.y);
      await page.screenshot({ path: 'tmp/home-1280.png' });
    }));
});

describe('the bank page', () => {
  /** The bank with the most listed offers: its page is the longest. */
  const biggestBank = () =>
    [...site.banks].sort(
      (a, b) =>
        site.listed.filter((o) => o.bankId === b.bankId).length -
        site.listed.filter((o) => o.bankId === a.bankId).length,
    )[0]!;

  it(`at ${PHONE}px puts the bank's summary first and keeps each category to one short row`, () =>
    withJs(PHONE, async (page) => {
      const bank = biggestBank();
      await page.goto(bankPagePath(bank), { waitUntil: 'load' });
      const summaryTop = (await page.locator('[data-bank-summary]').boundingBox())!.y;
      const firstRowTop = (await page.locator('section[data-category-group]').first().boundingBox())!.y;
      expect(summaryTop).toBeLessThan(firstRowTop);
      // Each category: its first CATEGORY_PAGE_SIZE cards side by side (one line of cards, scrolling sideways).
      const rows = await page
        .locator('section[data-category-group] [data-category-cards]')
        .evaluateAll((lists) =>
          lists.map((list) =>
            [...list.querySelectorAll('article.offer-card')].map((card) =>
              Math.round(card.getBoundingClientRect().top),
            ),
          ),
        );
      for (const tops of rows) {
        expect(tops.length).toBeLessThanOrEqual(CATEGORY_PAGE_SIZE);
        expect(new Set(tops).size).toBe(1);
      }
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      console.log(`bank page ${bankPagePath(bank)} at ${PHONE}px: ${height}px tall, ${rows.length} category rows`);
      // About 21,000 px before: every offer of every category, one under the other.
      expect(height).toBeLessThan(600 * rows.length + 2_000);
    }));

  it(`at ${DESKTOP}px shows each category's first ${CATEGORY_PAGE_SIZE} cards, three a line, beside the summary`, () =>
    withJs(DESKTOP, async (page) => {
      const bank = biggestBank();
      await page.goto(bankPagePath(bank));
      const rows = await page.locator('section[data-category-group]').evaluateAll((sections) =>
        sections.map((section) => ({
          total: Number(section.querySelector('.category-group-count')?.textContent?.replace(/\D/g, '')),
          boxes: [...section.querySelectorAll('article.offer-card')]
            .map((card) => card.getBoundingClientRect())
            .map((box) => ({ top: Math.round(box.top), width: Math.round(box.width) })),
        })),
      );
      for (const { total, boxes } of rows) {
        expect(boxes).toHaveLength(Math.min(total, CATEGORY_PAGE_SIZE));
        expect(new Set(boxes.map((box) => box.top)).size).toBe(Math.ceil(boxes.length / 3));
        // A short row keeps the cards' width: one card never stretches across the row.
        expect(Math.max(...boxes.map((box) => box.width))).toBeLessThan(320);
      }
    }));
});

describe('ads', () => {
  const houseAds = [
    {
      adId: 1,
      title: 'Save your favourite offers',
      body: 'Sign up',
      imageUrl: '/api/images/ad-1.svg',
      linkUrl: GUEST_ONLY_AD_PATHS[0]!,
    },
    {
      adId: 2,
      title: 'Never miss a deal',
      body: 'Subscribe',
      imageUrl: '/api/images/ad-2.svg',
      linkUrl: '/#newsletter',
    },
  ];
  const adFrameBox = (page: Page) => page.locator('[data-ad-frame] .ad-link').first().boundingBox();
  const adsCall = (url: URL) => url.pathname.endsWith('/api/ads');

  it("a signed-in visitor never sees the 'Sign up free' ad, even the build's, and the frame keeps its size", async () => {
    const account = await createSignedInAccount(site);
    const guestBox = await withJs(DESKTOP, async (page) => {
      await page.route(adsCall, (route) => route.abort()); // the build's ad stays
      await page.goto('/');
      return adFrameBox(page);
    });
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      let answer!: () => void;
      const held = new Promise<void>((resolve) => {
        answer = resolve;
      });
      await page.route(adsCall, async (route) => {
        await held;
        await route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ status: true, source: 'house', data: houseAds }),
        });
      });
      await page.goto('/');
      const link = page.locator('[data-ad-frame] .ad-link').first();
      // Before any ad arrives: the build's sign-up ad is there (home's frame starts with the first house
      // ad), but not shown, in a frame of the same size.
      expect(await link.getAttribute('href')).toBe(GUEST_ONLY_AD_PATHS[0]);
      expect(await link.getAttribute('data-for-guests')).not.toBeNull();
      expect(await link.evaluate((element) => getComputedStyle(element).visibility)).toBe('hidden');
      expect(await adFrameBox(page)).toEqual(guestBox);
      answer();
      // The API's ads: the first that is not for guests.
      await expect.poll(() => link.getAttribute('href')).toBe('/#newsletter');
      expect(await link.evaluate((element) => getComputedStyle(element).visibility)).toBe('visible');
      expect(await adFrameBox(page)).toEqual(guestBox);
    });
  });

  it("on a Tamil page, an ad from the API for one of the site's pages leads to its Tamil page", () =>
    withJs(DESKTOP, async (page) => {
      const aboutUs = { ...houseAds[1]!, title: 'About OfferLanka', linkUrl: '/about-us' };
      await page.route(adsCall, (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ status: true, source: 'house', data: [aboutUs] }),
        }),
      );
      await page.goto('/ta/');
      const link = page.locator('[data-ad-frame] .ad-link').first();
      // A house ad: its words in Tamil, the site's own (src/lib/house-ads.ts), not the API's English title.
      await expect.poll(() => link.innerText()).toContain(m.house_ad_phone_title({}, { locale: 'ta' }));
      expect(await link.getAttribute('href')).toBe('/ta/about-us');
    }));

  it("on an offer page, asks for its ad only once the page's scripts have started, the banner on screen", () =>
    withJs(PHONE, async (page) => {
      const offer = site.listed.find((candidate) => candidate.bannerImageURL)!;
      const paintedWhenAsked: boolean[] = [];
      await page.route(adsCall, async (route) => {
        paintedWhenAsked.push(
          await page.evaluate((attribute) => document.documentElement.hasAttribute(attribute), PAINTED_ATTRIBUTE),
        );
        await route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ status: true, source: 'house', data: [houseAds[1]] }),
        });
      });
      await page.goto(offerCanonicalPath(offer));
      await expect
        .poll(() => page.locator('[data-ad-frame] .ad-link').first().getAttribute('href'))
        .toBe('/#newsletter');
      expect(paintedWhenAsked).toEqual([true]);
    }));

  // On a wide screen the ad is in the first screen, beside the banks: its place must not move. On a
  // phone it comes after the offers, which may grow as the list hydrates: there it keeps its size.
  it('a guest sees it, in the same place as the build put it (wide), at the same size (phone)', async () => {
    for (const width of [DESKTOP, PHONE]) {
      await withJs(width, async (page) => {
        await page.route(adsCall, (route) =>
          route.fulfill({
            contentType: 'application/json',
            body: JSON.stringify({ status: true, source: 'house', data: [houseAds[0]] }),
          }),
        );
        await page.goto('/');
        const link = page.locator('[data-ad-frame] .ad-link').first();
        const before = (await adFrameBox(page))!;
        await page.waitForLoadState('load');
        await expect.poll(() => link.evaluate((element) => getComputedStyle(element).visibility)).toBe('visible');
        expect(await link.getAttribute('href')).toBe(GUEST_ONLY_AD_PATHS[0]);
        const after = (await adFrameBox(page))!;
        if (width === DESKTOP) expect(after).toEqual(before);
        else
          expect({ width: after.width, height: after.height }).toEqual({ width: before.width, height: before.height });
      });
    }
  });
});

describe('short pages', () => {
  for (const width of [PHONE, DESKTOP]) {
    it(`at ${width}px the not-found page has a 'Go back to home' button, and the footer reaches the window's bottom`, () =>
      withJs(width, async (page) => {
        const response = await page.goto('/no/such/page');
        expect(response?.status()).toBe(404);
        const button = page.getByRole('link', { name: 'Go back to home' });
        expect(await button.getAttribute('href')).toBe('/');
        const look = await button.evaluate((element) => {
          const style = getComputedStyle(element);
          return {
            background: style.backgroundColor,
            height: element.getBoundingClientRect().height,
            radius: Number.parseFloat(style.borderTopLeftRadius),
          };
        });
        expect(look.background).not.toBe('rgba(0, 0, 0, 0)');
        expect(look.height).toBeGreaterThanOrEqual(40);
        expect(look.radius).toBeGreaterThan(0);
        const { footerBottom, pageHeight, windowHeight } = await page.evaluate(() => ({
          footerBottom: document.querySelector('.site-footer')!.getBoundingClientRect().bottom + scrollY,
          pageHeight: document.documentElement.scrollHeight,
          windowHeight: innerHeight,
        }));
        expect(footerBottom).toBeGreaterThanOrEqual(windowHeight - 1);
        expect(Math.abs(pageHeight - footerBottom)).toBeLessThanOrEqual(1);
      }));
  }

  it('the static pages have a back button to home before their title (spec §2)', () =>
    withJs(PHONE, async (page) => {
      for (const path of ['/terms', '/privacy-policy', '/cookie-policy', '/careers', '/contact-us', '/about-us']) {
        await page.goto(path);
        const back = page.getByRole('link', { name: 'Back to home' });
        expect(await back.getAttribute('href'), path).toBe('/');
        const [backTop, titleTop] = [(await back.boundingBox())!.y, (await page.locator('h1').boundingBox())!.y];
        expect(backTop, path).toBeLessThan(titleTop);
      }
    }));
});

describe('the header search', () => {
  /**
   * The results' links once `shown` holds for them (by default, once there is one). Pagefind shows
   * each result as its fragment loads, after its WebAssembly and the language's index on first use:
   * slow on a busy machine.
   */
  async function search(
    page: Page,
    text: string,
    locale: 'en' | 'si' | 'ta' = 'en',
    shown = (hrefs: string[]) => hrefs.length > 0,
  ): Promise<string[]> {
    const readLinks = () =>
      page.locator('.pagefind-ui__result-link').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!));
    await page.getByRole('button', { name: m.search_open({}, { locale }) }).click();
    await page.locator('[data-search-ui] input').fill(text);
    await expect.poll(async () => shown(await readLinks()), { timeout: 20_000 }).toBe(true);
    return readLinks();
  }

  it('finds a bank by its short name (HNB), linking to canonical offer URLs', () =>
    withJs(DESKTOP, async (page) => {
      const hnb = site.banks.find((bank) => bankShortNames(bank.bankName).includes('HNB'));
      expect(hnb, 'the demo data has Hatton National Bank').toBeDefined();
      await page.goto('/');
      const hrefs = await search(page, 'HNB');
      const canonical = new Map(site.offers.map((offer) => [offerCanonicalPath(offer), offer]));
      for (const href of hrefs) {
        expect(canonical.has(href), href).toBe(true);
        expect(canonical.get(href)!.bankId).toBe(hnb!.bankId);
      }
    }));

  for (const locale of ['si', 'ta'] as const) {
    it(`names each result's bank, merchant, rate and dates in the page's language (${locale}), no raw data`, () =>
      withJs(DESKTOP, async (page) => {
        const offer = site.listed.find((o) => offerTags(o).length > 0 && offerValidity(o) !== '');
        expect(offer, 'the demo data needs a listed offer with a rate and dates').toBeDefined();
        await page.goto(`/${locale}`);
        const merchantHref = `/${locale}${merchantPagePath({ slug: offer!.merchant.slug! })}`;
        const listedOfferAt = (href: string) => site.listed.find((o) => `/${locale}${offerCanonicalPath(o)}` === href);
        // The merchant's page and an offer among the results, whichever of their fragments loads first.
        const hrefs = await search(
          page,
          offer!.merchant.merchantName,
          locale,
          (shown) => shown.includes(merchantHref) && shown.some(listedOfferAt),
        );
        // The merchant's own page is found too, with no offer's facts: the first offer's are read.
        expect(hrefs).toContain(merchantHref);
        const offerAt = hrefs.findIndex(listedOfferAt);
        const first = listedOfferAt(hrefs[offerAt]!)!;
        expect(first, hrefs.join(' ')).toBeDefined();
        const tags = await page
          .locator('.pagefind-ui__result')
          .nth(offerAt)
          .locator('.pagefind-ui__result-tag')
          .allInnerTexts();
        const label = (text: string) => text.replace(/^(\w)/, (letter) => letter.toLocaleUpperCase()); // as Pagefind UI shows a meta's name
        expect(tags).toEqual([
          `${label(m.search_result_bank({}, { locale }))}: ${first.bank.bankName}`,
          `${label(m.search_result_merchant({}, { locale }))}: ${first.merchant.merchantName}`,
          ...(offerTags(first, locale).length
            ? [`${label(m.search_result_rate({}, { locale }))}: ${offerTags(first, locale).join(', ')}`]
            : []),
          ...(offerValidity(first, locale)
            ? [`${label(m.search_result_dates({}, { locale }))}: ${offerValidity(first, locale)}`]
            : []),
        ]);
      }));
  }

  it('leaves expired offers out', () =>
    withJs(DESKTOP, async (page) => {
      const expired = site.offers.find(
        (offer) =>
          offer.status === 'expired' &&
          site.listed.some((other) => other.merchant.merchantName === offer.merchant.merchantName),
      );
      expect(expired, 'the demo data needs an expired offer of a merchant with listed ones').toBeDefined();
      await page.goto('/');
      const hrefs = await search(page, expired!.merchant.merchantName);
      expect(hrefs).not.toContain(offerCanonicalPath(expired!));
      // Listed offers, and the merchant's page.
      const found = new Set([
        ...site.listed.map(offerCanonicalPath),
        merchantPagePath({ slug: expired!.merchant.slug! }),
      ]);
      for (const href of hrefs) expect(found.has(href), href).toBe(true);
    }));
});
