// The browser suite's site: the real server (PGlite in a temp folder, demo data seeded on start)
// serving a fresh build of the site beside its API on one port, and Debian's Chromium driven by
// playwright-core. A build takes a while and each test file would start its own, so the suite
// keeps to one test file (site.test.ts) that starts one site for all its tests.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { BankData, OfferData } from '../../src/contract/index.ts';
import type { TermsByBank } from '../../src/lib/catalogue-source.ts';
import { readEnv } from '../../src/server/env.ts';
import { startServer } from '../../src/server/server.ts';
import { buildSite } from '../../src/server/site-build.ts';

export interface BrowserSite {
  url: string;
  browser: Browser;
  /** Every public offer (listed and expired), as the build read them. */
  offers: OfferData[];
  banks: BankData[];
  /** The terms shown on offer pages: general ones, and each bank's by bank id. */
  terms: TermsByBank;
  close(): Promise<void>;
}

// The machines have no internet: these flags keep Chromium from waiting on services it cannot reach.
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Debian's Chromium, as scripts/test-services.sh found or installed it. Missing: fail, never skip. */
function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH;
  if (!path || !existsSync(path)) {
    throw new Error(`Chromium not found (CHROMIUM_PATH=${path ?? 'unset'}): run \`bash scripts/test-services.sh up\`, which installs Debian's chromium and writes CHROMIUM_PATH to tmp/test-services.env`);
  }
  return path;
}

export async function startBrowserSite(): Promise<BrowserSite> {
  const executablePath = chromiumPath(); // first, so a missing browser fails before a long build
  const work = mkdtempSync(join(tmpdir(), 'offerlanka-browser-'));
  const siteDir = join(work, 'dist');
  const env = readEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(work, 'data'), SITE_DIR: siteDir, RATE_LIMITS: '0' });
  const server = await startServer({ env, log: () => {} });
  let browser: Browser | undefined;
  try {
    await buildSite({ apiUrl: `${server.url}/api`, siteDir, siteUrl: server.url, buildsDir: join(work, 'builds'), log: () => {} });
    const data = async (path: string) => (await (await fetch(`${server.url}/api${path}`)).json()).data;
    const [offers, banks, terms] = await Promise.all([data('/site/offers/1'), data('/get/all/banks'), data('/site/terms')]);
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    return {
      url: server.url, browser, offers, banks, terms,
      async close() {
        await browser?.close();
        await server.close();
        rmSync(work, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await browser?.close();
    await server.close();
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}

/** Runs fn on a page of a fresh browser context (own cookies, viewport, JavaScript on or off), then closes it. */
export async function withPage<T>(
  site: BrowserSite,
  options: { javaScript: boolean; width: number },
  fn: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await site.browser.newContext({
    baseURL: site.url,
    javaScriptEnabled: options.javaScript,
    viewport: { width: options.width, height: options.width < 640 ? 812 : 800 },
  });
  try {
    return await fn(await context.newPage());
  } finally {
    await context.close();
  }
}
