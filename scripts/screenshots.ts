// Screenshots of pages at phone and desktop widths, for looking at the site as a visitor does:
// npx tsx scripts/screenshots.ts http://localhost:4321 / /some/page ... (PNGs in tmp/screenshots/)
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const [base = 'http://localhost:4321', ...paths] = process.argv.slice(2);
const WIDTHS = [375, 1280];
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

mkdirSync('tmp/screenshots', { recursive: true });
const browser = await chromium.launch({
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  for (const path of paths.length ? paths : ['/']) {
    for (const width of WIDTHS) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(base + path, { waitUntil: 'networkidle' });
      const file = `tmp/screenshots/${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      await page.close();
    }
  }
} finally {
  await browser.close();
}
