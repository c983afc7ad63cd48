// The site in Sinhala and Tamil in a real browser (issue 18, docs/i18n.md): each language's pages
// in their language and typeface (Noto Sans Sinhala, Noto Sans Tamil: vowel signs and conjuncts
// drawn by the font, seen in a 375px screenshot), English pages loading neither; the language
// switcher keeping the page and its query and remembering the choice; the one-line suggestion
// instead of any redirect; links staying in the language; the 375px header.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CHOICE_STORAGE_KEY, LANGUAGE_NAMES, LANGUAGE_SUGGESTIONS } from '../../src/lib/languages.ts';
import { LANGUAGE_NAMES_READY } from '../../src/build/locale-fonts.ts';
import { offerCanonicalPath } from '../../src/lib/site-urls.ts';
import { m } from '../../src/paraglide/messages.js';
import { DESKTOP, PHONE, startBrowserSite, withPage, type BrowserSite } from './harness.ts';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(async () => {
  await site?.close();
});

const SHOTS = 'tmp/language-shots';
const SCRIPTS = {
  si: { family: 'Noto Sans Sinhala', letters: /[\u0D80-\u0DFF]/, sample: 'ශ්‍රී ලංකාවේ කෝපි කඩේ' },
  ta: { family: 'Noto Sans Tamil', letters: /[\u0B80-\u0BFF]/, sample: 'ஸ்ரீ லங்கா க்ஷேத்திரம் கொடு' },
} as const;

/**
 * The typefaces Chromium used to draw an element's text (CDP CSS.getPlatformFontsForNode), each by
 * the name in its file; the page's own web fonts marked 'web', the machine's 'system'.
 */
async function fontsDrawing(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  return fonts
    .filter((font) => font.glyphCount > 0)
    .map((font) => `${font.familyName} (${font.isCustomFont ? 'web' : 'system'})`);
}

describe('each language in its own script and typeface', () => {
  for (const locale of ['si', 'ta'] as const) {
    it(`draws ${locale}'s pages in its Noto font, vowel signs and conjuncts included (375px screenshot)`, async () => {
      mkdirSync(SHOTS, { recursive: true });
      await withPage(site, { javaScript: true, width: PHONE }, async (page) => {
        await page.goto(`/${locale}`);
        expect(await page.getAttribute('html', 'lang')).toBe(locale);
        const heading = await page.locator('h1').innerText();
        expect(heading).toMatch(SCRIPTS[locale].letters);
        await page.evaluate(() => document.fonts.ready);
        expect(await fontsDrawing(page, 'h1')).toContain(`${SCRIPTS[locale].family} (web)`);
        // Buttons too: browsers give them the system's font unless told to inherit, and it may have no such script.
        expect(await fontsDrawing(page, 'footer button[type="submit"]')).toContain(`${SCRIPTS[locale].family} (web)`);
        // The footer's support hours in the language too, as the contact page has them.
        expect(await page.locator('footer').innerText()).toContain(
          m.footer_support({ hours: m.pages_support_hours({}, { locale }) }, { locale }),
        );

        // The same words in the page's font and in none of the machine's: the font draws what the fallback cannot.
        await page.evaluate(({ sample }) => {
          for (const [id, family] of [
            ['sample-font', ''],
            ['sample-fallback', 'monospace'],
          ] as const) {
            const line = document.createElement('p');
            line.id = id;
            line.textContent = sample;
            line.style.fontFamily = family; // CSSOM, which the page's policy allows
            document.querySelector('main')!.prepend(line);
          }
        }, SCRIPTS[locale]);
        // The font for these letters loaded (the page may not have needed all of them yet).
        await page.evaluate(({ family, sample }) => document.fonts.load(`16px "${family}"`, sample), SCRIPTS[locale]);
        expect(await fontsDrawing(page, '#sample-font')).toContain(`${SCRIPTS[locale].family} (web)`); // beside the spaces' font
        const drawn = await page.locator('#sample-font').screenshot({ path: `${SHOTS}/${locale}-sample-375.png` });
        const fallback = await page
          .locator('#sample-fallback')
          .screenshot({ path: `${SHOTS}/${locale}-fallback-375.png` });
        expect(drawn.equals(fallback)).toBe(false);
        await page.screenshot({ path: `${SHOTS}/${locale}-home-375.png` });
        // The header fits the phone: logo, search, My Cards and the menu.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE);
      });
    });
  }

  for (const javaScript of [true, false])
    it(`draws the switcher's Sinhala and Tamil names on an English page in their web fonts, not the machine's (JavaScript ${javaScript ? 'on' : 'off'})`, async () => {
      await withPage(site, { javaScript, width: DESKTOP }, async (page) => {
        await page.goto('/');
        // With JavaScript, the names take their fonts once the largest paint is on screen.
        if (javaScript) await page.waitForSelector(`html[${LANGUAGE_NAMES_READY}]`, { state: 'attached' });
        await page.waitForFunction(() => document.fonts.status === 'loaded');
        for (const locale of ['si', 'ta'] as const) {
          const fonts = await fontsDrawing(page, `footer .language-list a[lang="${locale}"]`);
          expect(fonts, locale).toContain(`${SCRIPTS[locale].family} (web)`);
          expect(
            fonts.filter((font) => font.endsWith('(system)')),
            locale,
          ).toEqual([]);
        }
      });
    });

  it("fetches the names' fonts only after the page's largest paint, which they would slow on a slow connection", async () => {
    for (const path of ['/', offerCanonicalPath(site.listed[0]!)])
      await withPage(site, { javaScript: true, width: PHONE }, async (page) => {
        await page.goto(path);
        await page.waitForSelector(`html[${LANGUAGE_NAMES_READY}]`, { state: 'attached' });
        await page.waitForFunction(() => document.fonts.status === 'loaded');
        const { largestPaint, fontStarts } = await page.evaluate(async () => ({
          largestPaint: await new Promise<number>((resolve) =>
            new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
              type: 'largest-contentful-paint',
              buffered: true,
            }),
          ),
          fontStarts: performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.endsWith('.woff2'))
            .map((entry) => entry.startTime),
        }));
        expect(fontStarts.length, path).toBeGreaterThan(0);
        for (const start of fontStarts) expect(start, path).toBeGreaterThanOrEqual(largestPaint);
      });
  });

  it("loads only the switcher's tiny name fonts on an English page, and only its own script's beside them on the others", async () => {
    await withPage(site, { javaScript: true, width: DESKTOP }, async (page) => {
      const fonts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
      });
      // The switcher's names alone: two fonts of just their letters.
      const isLanguageNames = (path: string) => /\/language-names-(si|ta)\.[\w-]+\.woff2$/.test(path);
      await page.goto('/', { waitUntil: 'networkidle' });
      expect(fonts.length).toBeLessThanOrEqual(2);
      expect(fonts.every(isLanguageNames), fonts.join(' ')).toBe(true);
      fonts.length = 0;
      await page.goto('/ta', { waitUntil: 'networkidle' });
      // Its regular and, for the headings, its bold: Tamil's subset alone, beside the switcher's names.
      const tamil = fonts.filter((font) => !isLanguageNames(font));
      expect(tamil.length).toBeGreaterThan(0);
      expect(tamil.length).toBeLessThanOrEqual(2);
      for (const font of tamil) expect(font).toMatch(/tamil-tamil-(400|700)/i);
    });
  });
});

describe('switching language', () => {
  it('keeps the page and its filters, remembers the choice, and is offered back on an English page', async () => {
    await withPage(site, { javaScript: true, width: DESKTOP }, async (page) => {
      const bankId = site.banks[0]!.bankId;
      await page.goto(`/?bank=${bankId}`);
      await page.locator('.language-menu summary').click();
      await page.locator('.language-menu').getByRole('link', { name: LANGUAGE_NAMES.si }).click();
      await page.waitForURL(`**/si?bank=${bankId}`);
      expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_CHOICE_STORAGE_KEY)).toBe('si');
      // Links lead on in Sinhala.
      expect(
        await page
          .locator('header')
          .getByRole('link', { name: m.nav_sign_in({}, { locale: 'si' }) })
          .first()
          .getAttribute('href'),
      ).toBe('/si/sign-in');

      // An English page (from a search engine, say) is not redirected: one line offers it in Sinhala.
      const offer = site.listed[0]!;
      await page.goto(offerCanonicalPath(offer));
      expect(new URL(page.url()).pathname).toBe(offerCanonicalPath(offer));
      const suggestion = page.getByRole('link', { name: LANGUAGE_SUGGESTIONS.si });
      await suggestion.waitFor();
      expect(await suggestion.getAttribute('href')).toBe(`/si${offerCanonicalPath(offer)}`);
      expect(await page.getByRole('link', { name: LANGUAGE_SUGGESTIONS.ta }).count()).toBe(0);
      // Closed, it keeps English from now on.
      await page
        .getByRole('complementary', { name: m.language_switcher_label() })
        .getByRole('button', { name: m.common_close() })
        .click();
      await expect.poll(() => suggestion.isVisible()).toBe(false);
      expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_CHOICE_STORAGE_KEY)).toBe('en');
      await page.goto('/about-us');
      await page.waitForLoadState('networkidle');
      expect(await page.locator('[data-language-suggestions]').isVisible()).toBe(false);
    });
  });

  it('offers a browser set to Tamil the Tamil page, once, and nothing on the Tamil page itself', async () => {
    await withPage(site, { javaScript: true, width: PHONE, locale: 'ta-LK' }, async (page) => {
      await page.goto('/about-us');
      const suggestion = page.getByRole('link', { name: LANGUAGE_SUGGESTIONS.ta });
      await suggestion.waitFor();
      await suggestion.click();
      await page.waitForURL('**/ta/about-us');
      expect(await page.getAttribute('html', 'lang')).toBe('ta');
      await page.waitForLoadState('networkidle');
      expect(await page.locator('[data-language-suggestions]').isVisible()).toBe(false);
      // At 375px the languages are in the menu.
      await page
        .getByRole('button', { name: m.header_menu({}, { locale: 'ta' }) })
        .or(page.locator('.mobile-menu summary'))
        .first()
        .click();
      expect(
        await page.locator('.menu-panel').getByRole('link', { name: LANGUAGE_NAMES.en }).getAttribute('href'),
      ).toBe('/about-us');
    });
  });

  it("writes the legal pages' 'last updated' date in the page's language, the document staying in English", async () => {
    await withPage(site, { javaScript: false, width: DESKTOP }, async (page) => {
      await page.goto('/ta/terms');
      const updated = page.locator('.updated time');
      const date = await updated.innerText();
      const day = new Date(`${await updated.getAttribute('datetime')}T12:00:00+05:30`);
      expect(date).toBe(
        new Intl.DateTimeFormat('ta-LK', {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          timeZone: 'Asia/Colombo',
        }).format(day),
      );
      expect(date).not.toMatch(/[A-Za-z]/);
      expect(await page.getAttribute('article.legal', 'lang')).toBe('en');
    });
  });

  it("gives sign-in's notice for a wrong number in Sinhala, though the press comes before the page's texts", async () => {
    await withPage(site, { javaScript: true, width: PHONE }, async (page) => {
      // The Sinhala texts come late, as on a slow phone: the press is made before they are in.
      await page.route(/\/error-text\.[\w-]+\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        await route.continue();
      });
      await page.goto('/si/sign-in');
      await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr][client="load"]').length === 0);
      const mobile = page.getByLabel(m.account_mobile_label({}, { locale: 'si' }));
      await mobile.fill('12345');
      await mobile.blur(); // its message shows first, as it does when the pointer leaves for the button
      await page.locator('.auth-form [aria-invalid="true"]').waitFor();
      await page.getByRole('button', { name: m.account_verify({}, { locale: 'si' }) }).click();
      const notice = page.locator('.notice-card', {
        has: page.locator('.notice-title', { hasText: m.error_invalid_mobile_title({}, { locale: 'si' }) }),
      });
      await notice.waitFor();
      expect(await notice.innerText()).toContain(m.error_enter_valid_mobile({}, { locale: 'si' }));
    });
  });

  it('works without JavaScript: the switcher is links', async () => {
    await withPage(site, { javaScript: false, width: DESKTOP }, async (page) => {
      await page.goto('/contact-us');
      const tamil = page.locator('footer').getByRole('link', { name: LANGUAGE_NAMES.ta });
      expect(await tamil.getAttribute('href')).toBe('/ta/contact-us');
      await tamil.click();
      expect(await page.getAttribute('html', 'lang')).toBe('ta');
      expect(await page.locator('footer [aria-current]').innerText()).toBe(LANGUAGE_NAMES.ta);
    });
  });
});
