// The site's Content-Security-Policy in a real browser: code that was not built into the page does
// not run, code the build inlined does, and the suite's harness (withPage) fails a test on any
// violation (here on purpose).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AD_WIDTH } from '../../src/lib/constants.ts';
import { DESKTOP, startBrowserSite, withPage, type BrowserSite, startUsingOfferList } from './harness.ts';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(async () => {
  await site?.close();
});

it('refuses an injected inline script and style attribute, and the harness fails the test for it', async () => {
  let outcome: { injected: boolean; width: number } | undefined;
  const run = withPage(site, { javaScript: true, width: DESKTOP }, async (page) => {
    await page.goto('/');
    outcome = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true;';
      document.body.append(script);
      const box = document.createElement('div');
      box.setAttribute('style', 'width: 123px');
      document.body.append(box);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return {
        injected: (window as { injected?: boolean }).injected ?? false,
        width: box.getBoundingClientRect().width,
      };
    });
  });
  await expect(run).rejects.toThrow(/Content-Security-Policy violations:[\s\S]*script-src-elem[\s\S]*style-src-attr/);
  expect(outcome?.injected).toBe(false);
  expect(outcome?.width).not.toBe(123);
});

it('runs what the build inlined: the islands hydrate and the ad slot gets its size, with no violation', () =>
  withPage(site, { javaScript: true, width: DESKTOP }, async (page) => {
    await page.goto('/');
    // Astro's island loader is an inline script; the ad slot's size an inline style element.
    await startUsingOfferList(page);
    expect(
      await page
        .locator('.ad-frame')
        .first()
        .evaluate((frame) => getComputedStyle(frame).getPropertyValue('--ad-width').trim()),
    ).toBe(`${AD_WIDTH}px`);
  }));
