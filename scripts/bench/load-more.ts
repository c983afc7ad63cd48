// For bench:site: the time from a click on 'Load more offers (N)' on the home page to the new cards
// on screen, in Chromium. Measured in the page: from the click event to the first animation frame
// after the list has grown (the frame that paints the new cards).
import { chromium } from 'playwright-core';

/**
 * Runs in the page. Written as text: tsx compiles this file with esbuild, whose helpers (`__name`)
 * a function handed to page.evaluate would carry into the page, where they do not exist.
 */
const CLICK_AND_TIME = `new Promise((resolve, reject) => {
  const cards = () => document.querySelectorAll('article.offer-card').length;
  const before = cards();
  const load = [...document.querySelectorAll('button')].find((b) => b.textContent.startsWith('Load more offers'));
  if (!load) return reject(new Error('no Load more button'));
  let started = 0;
  const observer = new MutationObserver(() => {
    if (cards() <= before) return;
    observer.disconnect();
    requestAnimationFrame(() => resolve(performance.now() - started));
  });
  observer.observe(document.body, { childList: true, subtree: true });
  started = performance.now();
  load.click();
  setTimeout(() => { observer.disconnect(); reject(new Error('no new cards within 10 s')); }, 10000);
})`;

export interface LoadMoreTimes {
  clicks: number;
  millis: number[];
}

/** Clicks Load more up to `clicks` times on a fresh load of `homeUrl`, timing each click. */
export async function timeLoadMore(homeUrl: string, cdpPort: number, clicks = 5): Promise<LoadMoreTimes> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(homeUrl, { waitUntil: 'load' });
    // Scrolled to the list's end, as a visitor reaches the button: the scroll is also the list's
    // first sign of use, which hydrates it (client:intent).
    await page.locator('.offer-browser-more').scrollIntoViewIfNeeded();
    const button = page.getByRole('button', { name: /^Load more offers/ });
    const millis: number[] = [];
    for (let i = 0; i < clicks; i++) {
      // The button shows once the island has hydrated, and again after each page arrives.
      await button.waitFor({ state: 'visible', timeout: 15_000 }).catch(() => undefined);
      if (!(await button.isVisible())) break;
      millis.push((await page.evaluate(CLICK_AND_TIME)) as number);
    }
    return { clicks: millis.length, millis };
  } finally {
    await context.close();
    await browser.close();
  }
}
