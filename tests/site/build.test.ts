// The static site built from the demo data through the real API, served beside it.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankData, OfferData } from '../../src/contract/index.ts';
import { ABOVE_FOLD_CARDS, PRODUCT_SLUG } from '../../src/lib/constants.ts';
import { eligibilityText } from '../../src/lib/format-eligibility.ts';
import { bankPagePath, bankShortPath, offerAliasPaths, offerCanonicalPath } from '../../src/lib/site-urls.ts';
import { slugify } from '../../src/lib/slugify.ts';
import { readEnv } from '../../src/server/env.ts';
import { API_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../../src/server/http/security-headers.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { buildSite } from '../../src/server/site/build.ts';
import { buildInfo, markBuildDone } from '../../src/server/site/builds-dir.ts';
import { parseSiteHeaders } from '../../src/server/site/headers.ts';
import { recentStripsCode } from '../../src/server/site/service-worker.ts';
import { locales } from '../../src/paraglide/runtime.js';
import { m } from '../../src/paraglide/messages.js';
import { eq, sql } from 'drizzle-orm';
import { merchants } from '../../src/server/db/schema.ts';
import { assignMerchantSlug } from '../../src/server/db/merchant-slugs.ts';
import { queryRows } from '../../src/server/db/execute.ts';
import { staticImports } from '../../scripts/bench/shipped-bytes.ts';
import { SITE_TEST_OFFERS } from '../support/site-catalogue.ts';
import { meanDifference } from '../support/pixels.ts';
import { NO_DELAY_SHEDDING } from '../support/server-env.ts';

const SITE_URL = 'https://offers.example.lk';
const work = mkdtempSync(join(tmpdir(), 'offerlanka-site-'));
const siteDir = join(work, 'dist');
let server: RunningServer;
let offers: OfferData[];
/** The attribute Astro adds to elements its scoped styles apply to, if any. */
const SCOPE = '(?: data-astro-cid-\\w+)?';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The listed offer given a Sinhala title, header and description before the build. */
let sinhalaOfferId: number;
const SINHALA_OFFER = {
  header: 'රාත්‍රී ආහාරයට 20% වට්ටම්',
  label: 'සති අන්ත රාත්‍රී ආහාරය',
  description: '<p>සෑම සිකුරාදාවකම</p>',
};

const RENAMED_MERCHANT = 'Renamed Test Merchant';
let oldMerchantSlug: string;
const page = (path: string) => readFileSync(join(siteDir, path, 'index.html'), 'utf8');
/** A request to the server; asked again once if its connection was reset (a kept-alive one the server closed meanwhile). */
const get = (path: string) =>
  fetch(server.url + path, { redirect: 'manual' }).catch(() => fetch(server.url + path, { redirect: 'manual' }));

beforeAll(async () => {
  const env = readEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: join(work, 'data'),
    SITE_DIR: siteDir,
    RATE_LIMITS: '0',
    ...NO_DELAY_SHEDDING,
  });
  server = await startServer({ env, seedWhenEmpty: { offers: SITE_TEST_OFFERS }, log: () => {} });
  const [translated] = await queryRows<{ offer_id: number }>(
    server.handle.db,
    sql`update offers set translations = ${JSON.stringify({ si: SINHALA_OFFER })}::jsonb
    where offer_id = (select min(offer_id) from offers where review_status = 'accepted' and withdrawn_at is null and offer_end > now() + interval '7 days') returning offer_id`,
  );
  sinhalaOfferId = translated!.offer_id;
  // A merchant with listed offers renamed before the build: its old slug answers with a 301.
  const [renamed] = await queryRows<{ merchant_id: number; slug: string }>(
    server.handle.db,
    sql`select merchant_id, slug from merchants m where exists (select 1 from offers o where o.merchant_id = m.merchant_id
    and o.review_status = 'accepted' and o.withdrawn_at is null and o.offer_end > now()) order by merchant_id limit 1`,
  );
  oldMerchantSlug = renamed!.slug;
  await server.handle.db
    .update(merchants)
    .set({ merchantName: RENAMED_MERCHANT })
    .where(eq(merchants.merchantId, renamed!.merchant_id));
  await assignMerchantSlug(server.handle.db, renamed!.merchant_id, RENAMED_MERCHANT);
  await buildSite({
    apiUrl: `${server.url}/api`,
    siteDir,
    siteUrl: SITE_URL,
    buildsDir: join(work, 'builds'),
    log: () => {},
    locales,
  });
  await server.site?.reload(); // as the rebuilder tells it after a build
  offers = (await (await fetch(`${server.url}/api/site/offers/1`)).json()).data;
}, 600_000); // three languages: three astro builds

afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('offer pages', () => {
  it('has one page per public offer, at its canonical path', () => {
    const offerDirs = readdirSync(siteDir)
      .filter((name) => name.endsWith(`-${PRODUCT_SLUG}`))
      .flatMap((bank) =>
        readdirSync(join(siteDir, bank)).flatMap((category) =>
          readdirSync(join(siteDir, bank, category)).map((id) => `/${bank}/${category}/${id}`),
        ),
      );
    expect(offerDirs.sort()).toEqual(offers.map(offerCanonicalPath).sort());
  });

  it('gives every offer page its canonical link, JSON-LD and sitemap entry', () => {
    const sitemap = readFileSync(join(siteDir, 'sitemap-en.xml'), 'utf8');
    for (const offer of offers) {
      const url = `${SITE_URL}${offerCanonicalPath(offer)}`;
      const html = page(offerCanonicalPath(offer));
      expect(html).toContain(`<link rel="canonical" href="${url}">`);
      // Link previews need a raster image: never an SVG.
      expect(html).toMatch(/<meta property="og:image" content="[^"]+\.(png|jpe?g|webp|gif)">/);
      const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
        JSON.parse(m[1]!),
      );
      const offerLd = ld.find((item) => item['@type'] === 'Offer');
      expect(offerLd).toMatchObject({ url, name: offer.header, seller: { name: offer.merchant.merchantName } });
      if (offer.offerEnd) expect(offerLd.validThrough).toBe(offer.offerEnd);
      // schema.org's own fields for the typed eligibility: the minimum bill, and where it is used.
      if (offer.eligibility.minBill !== null) {
        expect(offerLd.eligibleTransactionVolume).toEqual({
          '@type': 'PriceSpecification',
          minPrice: offer.eligibility.minBill,
          priceCurrency: 'LKR',
        });
      } else expect(offerLd.eligibleTransactionVolume).toBeUndefined();
      const towns = offer.location.filter((l) => l.isActive).map((l) => `${offer.merchant.merchantName}, ${l.value}`);
      if (offer.eligibility.channel !== 'online' && towns.length)
        expect(offerLd.availableAtOrFrom.map((place: { name: string }) => place.name)).toEqual(towns);
      // The eligibility block reads the offer's typed eligibility as one line.
      const line = html.match(/<p class="eligibility" data-eligibility[^>]*>(.*?)<\/p>/)?.[1]?.replace(/<[^>]+>/g, '');
      expect(line).toBe(
        eligibilityText(offer.eligibility, offer.bank.bankName).replace(/&/g, '&amp;').replace(/'/g, '&#39;'),
      );
      expect(ld.some((item) => item['@type'] === 'BreadcrumbList')).toBe(true);
      expect(sitemap).toContain(`<loc>${url}</loc>`);
    }
  });

  it('inlines its own styles, and none of the code loaded on demand (the signed-in header, the profile, the dialogs, the strips)', () => {
    const html = page(offerCanonicalPath(offers[0]!));
    const css = [...html.matchAll(/<style[^>]*>(.*?)<\/style>/gs)].map((match) => match[1]).join('');
    for (const selector of ['.offer-card', '.top-picks']) expect(css, selector).toContain(selector);
    for (const selector of [
      '.recently-viewed',
      '.favorites-strip',
      '.account-menu',
      '.profile-panel',
      '.my-cards-dialog',
      '.report-dialog',
      '.alert-me',
      '.reactEasyCrop',
      '.auth-field',
    ]) {
      expect(css, selector).not.toContain(selector);
    }
  });

  it("ships React's production build, though built under a test runner's NODE_ENV", () => {
    const react = readdirSync(join(siteDir, '_astro')).find((name) => /^react\.[\w-]+\.js$/.test(name));
    expect(react).toBeDefined();
    // React's development build carries its warnings, such as the DevTools hint; the production one none.
    expect(process.env.NODE_ENV).toBe('test');
    expect(readFileSync(join(siteDir, '_astro', react!), 'utf8')).not.toContain('react-devtools');
  });

  it('gives the islands their first HTML: a favourite control leading to sign-in, and four Top Picks', () => {
    const listed = offers.filter((offer) => offer.status !== 'expired');
    const mostViewed = [...listed].sort((a, b) => b.views - a.views || a.offerId - b.offerId);
    for (const offer of offers.slice(0, 25)) {
      const path = offerCanonicalPath(offer);
      const html = page(path);
      expect(html).toContain(`href="/login?returnTo=${encodeURIComponent(path)}"`);
      const picks = html.match(/<section class="top-picks"[\s\S]*?<\/section>/)?.[0] ?? '';
      const pickPaths = [
        ...new Set([...picks.matchAll(/<a class="offer-card-cover" href="([^"]+)"/g)].map((m) => m[1])),
      ];
      const expected = mostViewed
        .filter((other) => other.offerId !== offer.offerId)
        .slice(0, 4)
        .map(offerCanonicalPath);
      expect(pickPaths).toEqual(expected);
    }
  });

  it('starts its module scripts after the first paint, from the loader, and preloads its banner; home keeps its scripts in place', () => {
    const offer = offers.find((candidate) => candidate.bannerImageURL)!;
    const html = page(offerCanonicalPath(offer));
    expect(html).not.toMatch(/<script type="module" src=/);
    const listed = JSON.parse(html.match(/<script data-after-paint-scripts='([^']*)'>/)?.[1] ?? '[]') as string[];
    expect(
      listed.some((src) => /^\/_astro\/_offerId_\.astro_astro_type_script_index_0_lang\.[\w-]+\.js$/.test(src)),
      listed.join(),
    ).toBe(true);
    for (const src of listed) expect(readdirSync(join(siteDir, '_astro'))).toContain(src.replace('/_astro/', ''));
    expect(html).toMatch(/<link rel="preload" as="image" href="[^"]+" fetchpriority="high">/);
    // The banner is the page's one high-priority image: its small logos must not be raised beside it.
    expect(html.match(/<img [^>]*fetchpriority="high"[^>]*>/g) ?? [], html).toHaveLength(1);
    expect(html.match(/<img class="merchant-logo"[^>]*>/)?.[0]).toContain('fetchpriority="low"');
    // The header's logo is inline SVG: not an image the browser builds a document for.
    expect(html).not.toContain('<img src="/favicon.svg"');
    expect(html).toMatch(/<a class="logo"[^>]*><svg width="32" height="32" aria-hidden="true"[^>]*>/);
    // The tab's icon is inline, the favicon's own picture: no request of its own after the page loads.
    expect(html).toContain(
      `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(readFileSync('public/favicon.svg', 'utf8').trim())}" type="image/svg+xml">`,
    );
    const home = page('');
    expect(home).toMatch(/<script type="module" src="\/_astro\/[^"]+\.js"><\/script>/);
    expect(home).not.toContain('<script data-after-paint-scripts');
  });

  /** The offer page's scripts at load, as the loader lists them, by path. */
  function offerPageEntries(): string[] {
    const html = page(offerCanonicalPath(offers[0]!));
    return JSON.parse(html.match(/<script data-after-paint-scripts='([^']*)'>/)?.[1] ?? '[]') as string[];
  }

  /** The offer page's scripts at load and every script they import, by path. */
  const offerPageScripts = () => scriptsFrom(offerPageEntries());

  /** The paths a script imports statically. */
  const importsOf = (src: string, code: string) =>
    staticImports(code).map((specifier) => new URL(specifier, `https://x${src}`).pathname);

  /** These scripts and every script they import statically, by path. */
  function scriptsFrom(queue: string[]): Map<string, string> {
    const loaded = new Map<string, string>();
    for (let src = queue.shift(); src; src = queue.shift()) {
      if (loaded.has(src)) continue;
      const code = readFileSync(join(siteDir, src), 'utf8');
      loaded.set(src, code);
      queue.push(...importsOf(src, code));
    }
    return loaded;
  }

  it("loads only the messages its code calls: none of the team console's", () => {
    // The build bundles the messages a module apiece (astro.config.mjs): bundled a language apiece,
    // every message any script calls would share one file, which every page loads.
    const englishTexts = (path: string) =>
      Object.entries(JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>)
        .filter(([key]) => key !== '$schema')
        .map(([, text]) => text);
    const elsewhere = readdirSync('messages', { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('en.json') && path !== join('team', 'en.json'))
      .flatMap((path) => englishTexts(join('messages', path)));
    const consoleOnly = englishTexts('messages/team/en.json').filter(
      (text) => text.length >= 16 && !text.includes('{') && !elsewhere.some((other) => other.includes(text)),
    );
    expect(consoleOnly.length).toBeGreaterThan(50);
    const loaded = offerPageScripts();
    expect(loaded.size).toBeGreaterThan(1);
    for (const [src, code] of loaded)
      expect(
        consoleOnly.filter((text) => code.includes(text)),
        src,
      ).toEqual([]);
  });

  it('loads only the error texts its schemas name, not the whole error catalogue', () => {
    // The catalogue's texts one by one in the schemas; whole only in error-codes.ts, which loads
    // with a form's error (astro.config.mjs, errorCatalogueWhole).
    const catalogue = Object.entries(
      JSON.parse(readFileSync('messages/errors/en.json', 'utf8')) as Record<string, string>,
    )
      .filter(([key, text]) => key.startsWith('error_') && text.length >= 16 && !/[{"'`\\]/.test(text))
      .map(([, text]) => text);
    expect(catalogue.length).toBeGreaterThan(100);
    const code = [...offerPageScripts().values()].join('\n');
    const carried = catalogue.filter((text) => code.includes(text));
    expect(carried.length, carried.join('\n')).toBeLessThan(catalogue.length / 3);
  });

  it("brings no React with the savings answer's code to the merchant's and the offer's pages", () => {
    // It shares its dates in words with the offer cards (astro.config.mjs, the 'dates' group).
    const answers = readdirSync(join(siteDir, '_astro')).filter((file) => /^savings-answer\.[\w-]+\.js$/.test(file));
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) {
      const loaded = [...scriptsFrom([`/_astro/${answer}`]).keys()];
      expect(loaded.length, answer).toBeGreaterThan(1);
      expect(
        loaded.filter((src) => /\/react\.[\w-]+\.js$/.test(src)),
        answer,
      ).toEqual([]);
    }
  });

  it("reaches all the offer page's code within two imports of its scripts: each step of a chain is a round trip", () => {
    // astro.config.mjs's 'site', 'api' and 'eligibility' groups; Rolldown alone made a chain of five steps.
    const loaded = offerPageScripts();
    let step = offerPageEntries();
    const reached = new Set(step);
    for (let depth = 1; depth <= 2; depth++) {
      step = step.flatMap((src) => importsOf(src, loaded.get(src)!)).filter((src) => !reached.has(src));
      for (const src of step) reached.add(src);
    }
    expect(reached.size).toBeGreaterThan(offerPageEntries().length);
    expect([...loaded.keys()].filter((src) => !reached.has(src))).toEqual([]);
  });

  it("brings not the whole API client with the savings answer's code, only the card rules' checks", () => {
    const answers = readdirSync(join(siteDir, '_astro')).filter((file) => /^savings-answer\.[\w-]+\.js$/.test(file));
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) {
      const loaded = [...scriptsFrom([`/_astro/${answer}`]).keys()];
      expect(
        loaded.some((src) => /\/eligibility\.[\w-]+\.js$/.test(src)),
        answer,
      ).toBe(true);
      expect(
        loaded.filter((src) => /\/api\.[\w-]+\.js$/.test(src)),
        answer,
      ).toEqual([]);
    }
  });

  it('lists only canonical URLs in the sitemap', () => {
    const locs = [...readFileSync(join(siteDir, 'sitemap-en.xml'), 'utf8').matchAll(/<loc>(.*?)<\/loc>/g)].map(
      (m) => m[1]!,
    );
    expect(new Set(locs).size).toBe(locs.length);
    for (const offer of offers.slice(0, 20))
      for (const alias of offerAliasPaths(offer)) expect(locs).not.toContain(`${SITE_URL}${alias}`);
  });
});

describe('served beside the API', () => {
  it('sends every other offer URL form to the canonical one with a 301', async () => {
    for (const offer of offers.slice(0, 15)) {
      for (const alias of offerAliasPaths(offer)) {
        const response = await get(alias);
        expect(response.status, alias).toBe(301);
        expect(new URL(response.headers.get('location')!, server.url).pathname).toBe(offerCanonicalPath(offer));
      }
      expect((await get(offerCanonicalPath(offer))).status).toBe(200);
    }
  });

  it('sends a bank page URL with other slugs (a renamed bank or category) to the current one with a 301, by its ids', async () => {
    const offer = offers.find((listed) => listed.status !== 'expired')!;
    const [bankPage, categoryPage] = [bankPagePath(offer.bank), bankPagePath(offer.bank, offer.category)];
    const bankSlug = bankPage.split('/')[2];
    for (const [old, current] of [
      [`/${PRODUCT_SLUG}/old-bank-name/${offer.bankId}/all/all`, bankPage],
      [`/${PRODUCT_SLUG}/old-bank-name/${offer.bankId}/old-category-name/${offer.categoryId}`, categoryPage],
      [`/${PRODUCT_SLUG}/${bankSlug}/${offer.bankId}/old-category-name/${offer.categoryId}/`, categoryPage],
    ]) {
      const response = await get(old!);
      expect(response.status, old).toBe(301);
      expect(new URL(response.headers.get('location')!, server.url).pathname).toBe(current);
    }
    for (const path of [bankPage, categoryPage, `${bankPage}/`]) expect((await get(path)).status, path).toBe(200);
    expect((await get(`/${PRODUCT_SLUG}/old-bank-name/99999999/all/all`)).status).toBe(404);
    // The build's map holds exactly the bank pages it made, the ones the sitemap lists, by their ids;
    // the short bank URLs (keyed by their paths) lead to those pages too.
    const bankPaths: Record<string, string> = JSON.parse(readFileSync(join(siteDir, 'bank-paths.json'), 'utf8'));
    const listed = [...readFileSync(join(siteDir, 'sitemap-en.xml'), 'utf8').matchAll(/<loc>([^<]*)<\/loc>/g)]
      .map((m) => new URL(m[1]!).pathname)
      .filter((path) => path.startsWith(`/${PRODUCT_SLUG}/`));
    const byId = Object.entries(bankPaths).filter(([key]) => !key.startsWith('/'));
    expect(byId.map(([, path]) => path).sort()).toEqual(listed.sort());
    expect(new Set(Object.values(bankPaths))).toEqual(new Set(listed));
    const short = bankShortPath(slugify(offer.bank.bankName));
    expect(bankPaths[short]).toBe(bankPage);
    const response = await get(short);
    expect(response.status, short).toBe(301);
    expect(new URL(response.headers.get('location')!, server.url).pathname).toBe(bankPage);
    expect((await get(bankShortPath('no-such-bank'))).status).toBe(404);
  });

  it('sends pages compressed, as the browser accepts, with caching fit for each kind of file', async () => {
    const path = offerCanonicalPath(offers[0]!);
    const plain = await (await get(path)).text();
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(server.url + path, { headers: { 'accept-encoding': encoding } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(await response.text()).toBe(plain); // fetch decodes it: the same page
    }
    const identity = await fetch(server.url + path, { headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers.get('content-encoding')).toBeNull();

    const asset = readdirSync(join(siteDir, '_astro')).find((name) => name.endsWith('.js'))!;
    expect((await get(`/_astro/${asset}`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/favicon.svg')).headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it("has a page checked back at once though its path holds a folder's name that is cached for a year ('/merchants/og/')", async () => {
    const dir = join(realpathSync(siteDir), 'merchants', 'og');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>og</title>');
    try {
      expect((await get('/merchants/og/')).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it('answers a page again from memory, with the same bytes and headers, until the served build changes', async () => {
    const file = join(siteDir, 'about-us', 'index.html');
    const original = readFileSync(file, 'utf8');
    const plain = () => fetch(`${server.url}/about-us`, { headers: { 'accept-encoding': 'identity' } });
    const withoutDate = (response: Response) => [...response.headers].filter(([name]) => name !== 'date');
    try {
      const first = await plain();
      const firstBody = await first.text();
      expect(firstBody).toBe(original);
      const again = await plain();
      expect(withoutDate(again)).toEqual(withoutDate(first));
      expect(await again.text()).toBe(firstBody);

      writeFileSync(file, `${original}<!-- changed -->`);
      expect(await (await plain()).text()).toBe(original); // the kept answer: the file is read once per build
      await server.site?.reload(); // as after a publish or a new build
      expect(await (await plain()).text()).toBe(`${original}<!-- changed -->`);
      // A query does not make another page, and Brotli is kept apart from the plain answer.
      expect(
        await (
          await fetch(`${server.url}/about-us?from=footer`, { headers: { 'accept-encoding': 'identity' } })
        ).text(),
      ).toBe(`${original}<!-- changed -->`);
      expect(
        (await fetch(`${server.url}/about-us`, { headers: { 'accept-encoding': 'br' } })).headers.get(
          'content-encoding',
        ),
      ).toBe('br');
    } finally {
      writeFileSync(file, original);
      await server.site?.reload();
    }
  });

  it('notices a publish by another process within seconds, and answers with the published page', async () => {
    const served = realpathSync(siteDir);
    const file = join(served, 'about-us', 'index.html');
    const original = readFileSync(file, 'utf8');
    const plain = async () =>
      (await fetch(`${server.url}/about-us`, { headers: { 'accept-encoding': 'identity' } })).text();
    try {
      expect(await plain()).toBe(original); // kept in memory now
      writeFileSync(file, `${original}<!-- published -->`);
      markBuildDone(served, { ...buildInfo(served), publishedAt: new Date().toISOString() }); // as publishPages() ends
      await expect.poll(plain, { timeout: 15_000, interval: 500 }).toBe(`${original}<!-- published -->`);
    } finally {
      writeFileSync(file, original);
      await server.site?.reload();
    }
  });

  it('answers unknown pages with the not-found page and status 404', async () => {
    const response = await get('/no/such/page/here');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Oops! Page Not Found');
    expect((await get('/credit-card-offers/99999999')).status).toBe(404);
  });

  it('serves nothing outside the build, and answers HEAD with the headers alone', async () => {
    for (const path of [
      '/%2e%2e/package.json',
      '/..%2fpackage.json',
      '/%2e%2e%2f%2e%2e/etc/passwd',
      '/_astro/..%5c..%5cpackage.json',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
    const head = await fetch(`${server.url}/about-us`, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect([head.status, head.headers.get('content-encoding'), head.headers.get('content-type')]).toEqual([
      200,
      'br',
      'text/html; charset=utf-8',
    ]);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await head.text()).toBe('');
  });
});

/** A policy's directives, each with its set of sources. */
const directivesOf = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, new Set(sources)]),
  );
const metaPolicy = (html: string) => html.match(/<meta http-equiv="content-security-policy" content="([^"]*)"/)?.[1];
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const htmlFiles = () =>
  readdirSync(siteDir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.html'));

describe('Content-Security-Policy and security headers', () => {
  // The pages are read without blocking: the server under test shares this process, and its
  // connections' timers must keep running (a blocked loop let a closed keep-alive connection be reused).
  it('gives every page a policy that allows exactly its own inline code: no unsafe-inline, no style or event attributes', async () => {
    const pages = htmlFiles();
    expect(pages.length).toBeGreaterThan(100);
    for (const name of pages) {
      const html = await readFile(join(siteDir, name), 'utf8');
      const policy = directivesOf(metaPolicy(html) ?? '');
      expect([...(policy.get('default-src') ?? [])], name).toEqual(["'self'"]);
      expect(policy.get('object-src'), name).toEqual(new Set(["'none'"]));
      expect(policy.get('base-uri'), name).toEqual(new Set(["'self'"]));
      expect(policy.get('form-action'), name).toEqual(new Set(["'self'"]));
      for (const directive of ['script-src', 'style-src']) {
        expect(policy.get(directive)?.has("'self'"), name).toBe(true);
        expect(policy.get(directive)?.has("'unsafe-inline'"), name).toBe(false);
      }
      // Data blocks (JSON-LD, the offer's JSON) do not run; every other inline script and style is
      // hashed, and the policy names no other hash (Astro's own list is the whole build's).
      const ownHashes = { script: new Set<string>(), style: new Set<string>() };
      for (const [, tag, attributes, body] of html.matchAll(/<(script|style)(\s[^>]*)?>([\s\S]*?)<\/\1>/g)) {
        if (!body || /\ssrc=|type="application\/(ld\+)?json"/.test(attributes ?? '')) continue;
        ownHashes[tag as 'script' | 'style'].add(sha256(body));
      }
      for (const tag of ['script', 'style'] as const) {
        const hashes = [...(policy.get(`${tag}-src`) ?? [])].filter((source) => source.startsWith("'sha"));
        expect(new Set(hashes), `${name}: ${tag}-src`).toEqual(ownHashes[tag]);
      }
      expect(html, name).not.toMatch(/<[^>]+\s(style|on[a-z]+)="/);
    }
  });

  it("writes _headers and nginx-headers.conf: the union of the pages' policies but their hashes, with frame-ancestors, and the security headers", async () => {
    const cdn = readFileSync(join(siteDir, '_headers'), 'utf8');
    const lines = cdn.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(lines[0]).toBe('/*');
    const allPathsEnd = lines.findIndex((line, index) => index > 0 && !line.startsWith(' '));
    const headers = Object.fromEntries(
      lines.slice(1, allPathsEnd).map((line) =>
        line
          .trim()
          .split(/:\s(.*)/)
          .slice(0, 2),
      ),
    );
    // The service worker's own headers, for a CDN serving the build (routes.ts sends the same).
    expect(lines.slice(allPathsEnd)).toEqual([
      '/sw.js',
      '  Cache-Control: no-cache',
      ...['/manifest.webmanifest', '/si/manifest.webmanifest', '/ta/manifest.webmanifest'].flatMap((path) => [
        path,
        '  Content-Type: application/manifest+json',
      ]),
    ]);
    expect(headers).toEqual({
      'Content-Security-Policy': expect.any(String),
      ...SECURITY_HEADERS,
      'Strict-Transport-Security': 'max-age=31536000',
    });
    const sitePolicy = directivesOf(headers['Content-Security-Policy']);
    expect(sitePolicy.get('frame-ancestors')).toEqual(new Set(["'none'"]));
    // The hashes are each page's own, in its <meta>: the header, sent with every script and image too, names none.
    expect(headers['Content-Security-Policy']).not.toMatch(/sha256-/);
    for (const directive of ['default-src', 'script-src', 'style-src']) expect(sitePolicy.has(directive)).toBe(false);
    for (const name of htmlFiles()) {
      for (const [directive, sources] of directivesOf(metaPolicy(await readFile(join(siteDir, name), 'utf8'))!)) {
        if (['default-src', 'script-src', 'style-src'].includes(directive)) continue;
        for (const source of sources)
          expect(sitePolicy.get(directive)?.has(source), `${name}: ${directive} ${source}`).toBe(true);
      }
    }
    const nginx = readFileSync(join(siteDir, 'nginx-headers.conf'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(nginx).toEqual(Object.entries(headers).map(([name, value]) => `add_header ${name} "${value}" always;`));
  });

  it("serves every page, file and not-found answer with the build's headers, and the API with its own policy", async () => {
    const expected = parseSiteHeaders(readFileSync(join(siteDir, '_headers'), 'utf8')); // the '/*' block
    const asset = readdirSync(join(siteDir, '_astro')).find((name) => name.endsWith('.js'))!;
    for (const path of ['/', offerCanonicalPath(offers[0]!), `/_astro/${asset}`, '/no/such/page', '/login']) {
      const response = await get(path);
      for (const [name, value] of Object.entries(expected))
        expect(response.headers.get(name), `${path} ${name}`).toBe(value);
    }
    expect((await get('/_headers')).status).toBe(404);
    expect((await get('/nginx-headers.conf')).status).toBe(404);
    const apiAnswer = await get('/api/get/all/banks');
    expect(apiAnswer.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
    expect(apiAnswer.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

/**
 * Each language's message texts (messages/…, every area), for finding which languages a file holds.
 * Not the API's error texts: their English is the contract's own, which forms validate with in every language.
 */
function messageTexts(locale: string): string[] {
  const settings = JSON.parse(readFileSync('project.inlang/settings.json', 'utf8')) as {
    'plugin.inlang.messageFormat': { pathPattern: string[] };
  };
  return settings['plugin.inlang.messageFormat'].pathPattern.flatMap((pattern) => {
    const { $schema: _schema, ...messages } = JSON.parse(
      readFileSync(pattern.replace('{locale}', locale), 'utf8'),
    ) as Record<string, string>;
    return Object.entries(messages)
      .filter(([key]) => !key.startsWith('error_'))
      .map(([, text]) => text);
  });
}

describe('languages', () => {
  const englishPages = () => htmlFiles().filter((name) => !/^(si|ta)\//.test(name));

  it('has every page in Sinhala under /si and in Tamil under /ta, each in its language', () => {
    const pages = englishPages();
    for (const locale of ['si', 'ta']) {
      const translated = new Set(
        htmlFiles()
          .filter((name) => name.startsWith(`${locale}/`))
          .map((name) => name.slice(3)),
      );
      // English's not-found page is the build's 404.html; the others' are pages of their own.
      expect(new Set(pages.map((name) => (name === '404.html' ? join('404', 'index.html') : name)))).toEqual(
        translated,
      );
      for (const name of [...translated].slice(0, 200))
        expect(readFileSync(join(siteDir, locale, name), 'utf8'), name).toContain(`<html lang="${locale}"`);
    }
    expect(page('/')).toContain('<html lang="en"');
  });

  it("names no typeface but its own web fonts before the device's (system-ui): each other would be a lookup before the first layout", () => {
    for (const path of ['/', '/si/', '/ta/']) {
      const css = [...page(path).matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('');
      const webFonts = new Set([...css.matchAll(/@font-face\{font-family:'([^']+)'/g)].map((match) => match[1]));
      expect(css, path).toMatch(/:root\{[^}]*font-family:system-ui,sans-serif[;}]/);
      const stacks = [...css.replace(/@font-face\{[^}]*\}/g, '').matchAll(/font-family:([^;}]+)/g)].map((match) =>
        match[1]!.trim(),
      );
      expect(stacks.length, path).toBeGreaterThan(1);
      for (const stack of stacks) {
        const families = stack.split(',').map((family) => family.trim().replace(/^'(.*)'$/, '$1'));
        const firstSystem = families.findIndex((family) => !webFonts.has(family));
        // The page's web fonts, then the site's stack (or the parent's), and nothing else.
        expect(families.slice(firstSystem).join(','), `${path}: font-family:${stack}`).toMatch(
          /^(system-ui,sans-serif|inherit)$/,
        );
      }
    }
    // A Sinhala page draws its text in its own font first.
    expect(page('/si/')).toContain("body{font-family:'Noto Sans Sinhala',system-ui,sans-serif}");
  });

  it('links each page to itself in every language (hreflang and x-default), its canonical URL in its own language', () => {
    const path = offerCanonicalPath(offers[0]!);
    for (const [locale, localized] of [
      ['en', path],
      ['si', `/si${path}`],
      ['ta', `/ta${path}`],
    ] as const) {
      const html = page(localized);
      expect(html).toContain(`<link rel="canonical" href="${SITE_URL}${localized}">`);
      const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [
        m[1],
        m[2],
      ]);
      expect(alternates, locale).toEqual([
        ['en', `${SITE_URL}${path}`],
        ['si', `${SITE_URL}/si${path}`],
        ['ta', `${SITE_URL}/ta${path}`],
        ['x-default', `${SITE_URL}${path}`],
      ]);
      // The switcher leads to the same page in the other languages.
      for (const other of ['si', 'ta'].filter((code) => code !== locale))
        expect(html).toContain(`href="/${other}${path}" hreflang="${other}"`);
    }
  });

  it('has a web app manifest per language, each page linking its own, and the service worker keeps all three', () => {
    for (const [prefix, locale] of [
      ['', 'en'],
      ['/si', 'si'],
      ['/ta', 'ta'],
    ] as const) {
      const manifest = JSON.parse(readFileSync(join(siteDir, `.${prefix}/manifest.webmanifest`), 'utf8'));
      const home = prefix || '/'; // the language's home page, as its links name it
      expect(manifest, locale).toMatchObject({
        id: home,
        start_url: home,
        scope: home,
        lang: locale,
        short_name: 'OfferLanka',
      });
      expect(manifest.name, locale).toBe(m.pages_manifest_name({ siteName: 'OfferLanka' }, { locale }));
      expect(manifest.description, locale).toBe(m.pages_manifest_description({}, { locale }));
      expect(page(`${prefix}/`), locale).toContain(
        `<link rel="manifest" href="${prefix}/manifest.webmanifest" crossorigin="use-credentials">`,
      );
    }
    const worker = readFileSync(join(siteDir, 'sw.js'), 'utf8');
    for (const path of ['/manifest.webmanifest', '/si/manifest.webmanifest', '/ta/manifest.webmanifest'])
      expect(worker).toContain(`"${path}"`);
  });

  it("gives the service worker each language's recently-viewed strips' code, to keep once an offer is viewed", async () => {
    const code = await recentStripsCode(siteDir);
    const worker = readFileSync(join(siteDir, 'sw.js'), 'utf8');
    expect(Object.keys(code).sort()).toEqual([...locales].sort());
    for (const locale of locales) {
      const files = code[locale]!;
      for (const name of ['mount-recent-strips', 'mount-bank-strips', 'RecentStrips', 'keen-slider', 'react'])
        expect(
          files.some((file) => file.startsWith(`/_astro/${name}.`)),
          `${locale} ${name}`,
        ).toBe(true);
      expect(files.some((file) => file.endsWith('.css'))).toBe(true);
      for (const file of files) {
        expect(existsSync(join(siteDir, file)), file).toBe(true);
        expect(worker).toContain(`"${file}"`);
      }
      // The strips' code of the language itself: its texts are in it.
      const texts = files.map((file) => readFileSync(join(siteDir, file), 'utf8')).join('\n');
      expect(texts, locale).toContain(m.browse_recent_offers({}, { locale }));
      // Only what draws the strips: not the code of dialogs they open on a press.
      expect(files.some((file) => file.startsWith('/_astro/mount-my-cards.'))).toBe(false);
    }
  });

  it("lists every language's pages in its own sitemap, under one index, with their alternates", () => {
    const index = readFileSync(join(siteDir, 'sitemap.xml'), 'utf8');
    expect([...index.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1])).toEqual(
      ['en', 'si', 'ta'].map((locale) => `${SITE_URL}/sitemap-${locale}.xml`),
    );
    const locsOf = (locale: string) =>
      [...readFileSync(join(siteDir, `sitemap-${locale}.xml`), 'utf8').matchAll(/<loc>(.*?)<\/loc>/g)].map(
        (m) => m[1]!,
      );
    const english = locsOf('en');
    for (const locale of ['si', 'ta'])
      expect(locsOf(locale)).toEqual(
        english.map((url) => url.replace(SITE_URL, `${SITE_URL}/${locale}`).replace(/\/$/, '')),
      );
    const entry = readFileSync(join(siteDir, 'sitemap-ta.xml'), 'utf8').match(
      /<url><loc>[^<]*\/about-us<\/loc>.*?<\/url>/,
    )![0];
    for (const [hreflang, url] of [
      ['en', '/about-us'],
      ['si', '/si/about-us'],
      ['ta', '/ta/about-us'],
      ['x-default', '/about-us'],
    ]) {
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="${hreflang}" href="${SITE_URL}${url}"/>`);
    }
    expect(readFileSync(join(siteDir, 'robots.txt'), 'utf8')).toContain(
      'Disallow: /si/console/\nDisallow: /ta/console/',
    );
  });

  it("gives each language's scripts its own messages and no other language's", async () => {
    const texts = Object.fromEntries(
      ['en', 'si', 'ta'].map((locale) => [
        locale,
        messageTexts(locale).filter((text) => text.length >= 12 && !text.includes('{')),
      ]),
    );
    // Texts all three languages share (a name, say) tell nothing, nor does English the contract
    // also holds: its schemas and their texts, with the error catalogue's English that it imports,
    // are in every language's scripts, for validation.
    const contract = [
      ...readdirSync('src/contract').map((name) => join('src/contract', name)),
      'messages/errors/en.json',
    ]
      .map((path) => readFileSync(path, 'utf8'))
      .join('\n');
    const textSets = Object.entries(texts).map(([locale, list]) => [locale, new Set(list)] as const);
    // Worked out once per language: the scripts are many.
    const telling = Object.fromEntries(
      Object.keys(texts).map((locale) => [
        locale,
        texts[locale]!.filter((text) => textSets.every(([other, set]) => other === locale || !set.has(text)))
          .filter((text) => locale !== 'en' || !contract.includes(text))
          .flatMap((text) => [...new Set([text, JSON.stringify(text).slice(1, -1)])]),
      ]),
    );
    const scripts = readdirSync(join(siteDir, '_astro')).filter((name) => name.endsWith('.js'));
    const found = new Set<string>();
    for (const name of scripts) {
      const code = await readFile(join(siteDir, '_astro', name), 'utf8'); // the server's timers run between files
      const languages = ['en', 'si', 'ta'].filter((locale) => telling[locale]!.some((text) => code.includes(text)));
      expect(languages.length, `${name} holds ${languages.join(', ')}`).toBeLessThanOrEqual(1);
      languages.forEach((locale) => found.add(locale));
    }
    expect([...found].sort()).toEqual(['en', 'si', 'ta']);
  });

  it('shows an offer\'s Sinhala texts on its Sinhala page and cards, and the English marked lang="en" where there are none', () => {
    const offer = offers.find((listed) => listed.offerId === sinhalaOfferId)!;
    const path = offerCanonicalPath(offer);
    const sinhala = page(`/si${path}`);
    expect(sinhala).toMatch(new RegExp(`<h1 data-pagefind-meta="title"${SCOPE}>${SINHALA_OFFER.header}</h1>`));
    expect(sinhala).toContain(SINHALA_OFFER.label);
    expect(sinhala).toMatch(/<section class="description"[^>]*><p>සෑම සිකුරාදාවකම<\/p><\/section>/);
    expect(sinhala).toContain(`<title>${SINHALA_OFFER.header} |`);
    const offerLd = [...sinhala.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!))
      .find((item) => item['@type'] === 'Offer');
    expect(offerLd).toMatchObject({ name: SINHALA_OFFER.header, url: `${SITE_URL}/si${path}` });
    // Tamil has none: the English, marked as such.
    const tamil = page(`/ta${path}`);
    expect(tamil).toMatch(
      new RegExp(
        `<h1 data-pagefind-meta="title" lang="en"${SCOPE}>${escapeRegExp(offer.header.replace(/&/g, '&amp;'))}</h1>`,
      ),
    );
    // Nowhere on the others, their scripts' data included.
    expect(tamil).not.toContain(SINHALA_OFFER.header);
    expect(page(path)).not.toContain(SINHALA_OFFER.header);
    // Its card on the Sinhala page of its bank and category.
    const categoryPage = bankPagePath(offer.bank, offer.category);
    expect(page(`/si${categoryPage}`)).toContain(`data-offer-link="true">${SINHALA_OFFER.header}</a>`);
    expect(page(`/ta${categoryPage}`)).toMatch(
      new RegExp(`href="/ta${path}" title="[^"]*" lang="en" data-offer-link="true">`),
    );
  });

  it("names the categories in the page's language", () => {
    const offer = offers.find((listed) => listed.offerId === sinhalaOfferId)!;
    const names = offer.category.translations;
    expect(names.si?.categoryName && names.ta?.categoryName).toBeTruthy();
    for (const locale of ['si', 'ta'] as const) {
      const html = page(`/${locale}${bankPagePath(offer.bank)}`);
      expect(html).toContain(`>${names[locale]!.categoryName}</a>`); // its chip
      expect(html).toContain(`<span class="offer-card-category">${names[locale]!.categoryName}</span>`);
      const offerPage = page(`/${locale}${offerCanonicalPath(offer)}`);
      // Pagefind's filters are named in the language too: its dialog shows the names as headings.
      expect(offerPage).toMatch(
        new RegExp(
          `data-pagefind-filter="${m.browse_category({}, { locale })}"${SCOPE}>${names[locale]!.categoryName}</a>`,
        ),
      );
      expect(offerPage).toContain(
        `data-pagefind-filter="${m.browse_bank({}, { locale })}:${offer.bank.bankName.replace(/&/g, '&amp;')}"`,
      );
    }
    expect(page(bankPagePath(offer.bank))).toContain(
      `<span class="offer-card-category">${offer.category.categoryName.replace(/&/g, '&amp;')}</span>`,
    );
    expect(page(offerCanonicalPath(offer))).toContain(
      `data-pagefind-filter="bank:${offer.bank.bankName.replace(/&/g, '&amp;')}"`,
    );
  });

  it("serves each language's redirects and not-found page", async () => {
    const offer = offers.find((listed) => listed.status !== 'expired')!;
    const [alias] = offerAliasPaths(offer);
    for (const locale of ['si', 'ta']) {
      const moved = await get(`/${locale}${alias}`);
      expect([moved.status, moved.headers.get('location')]).toEqual([301, `/${locale}${offerCanonicalPath(offer)}`]);
      const short = await get(`/${locale}${bankShortPath(slugify(offer.bank.bankName))}`);
      expect([short.status, short.headers.get('location')]).toEqual([301, `/${locale}${bankPagePath(offer.bank)}`]);
      const login = await get(`/${locale}/login?returnTo=%2F`);
      expect([login.status, login.headers.get('location')]).toEqual([302, `/${locale}/sign-in?returnTo=%2F`]);
      const missing = await get(`/${locale}/no/such/page`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain(`<html lang="${locale}"`);
      expect((await get(`/${locale}`)).status).toBe(200);
    }
  });
});

describe("the files the site's code asks for", () => {
  /** Every file under dir, as paths relative to it. */
  const filesUnder = (dir: string): string[] =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
  const ASSET = String.raw`[\w.~-]+\.(?:js|css)`;

  it('exist: scripts, stylesheets and modulepreloads in the pages, and the chunks their code imports or loads', () => {
    const root = realpathSync(siteDir);
    const files = new Set(filesUnder(root));
    const wanted = new Map<string, string>(); // file → the first file asking for it
    const want = (path: string, from: string) => {
      if (!wanted.has(path)) wanted.set(path, from);
    };
    for (const file of files) {
      if (file.endsWith('.html')) {
        const html = readFileSync(join(root, file), 'utf8');
        // <script src>, <link href> (stylesheet, modulepreload, preload), and inline scripts' imports.
        for (const [, url] of html.matchAll(
          /<(?:script|link)\b[^>]*?\b(?:src|href)="(\/[^"?#]+\.(?:js|css|mjs))(?:[?#][^"]*)?"/g,
        ))
          want(url!.slice(1), file);
        for (const [, url] of html.matchAll(new RegExp(String.raw`["'\x60](\/_astro\/${ASSET})["'\x60]`, 'g')))
          want(url!.slice(1), file);
      } else if (file.startsWith('_astro/') && file.endsWith('.js')) {
        const code = readFileSync(join(root, file), 'utf8');
        // Static and dynamic imports between chunks (./x.js), __vite__mapDeps' list (_astro/x.js,
        // relative to the base) and URLs written whole (a stylesheet imported with ?url).
        for (const [, name] of code.matchAll(new RegExp(String.raw`["'\x60]\.\/(${ASSET})["'\x60]`, 'g')))
          want(`_astro/${name}`, file);
        for (const [, path] of code.matchAll(new RegExp(String.raw`["'\x60]\/?(_astro\/${ASSET})["'\x60]`, 'g')))
          want(path!, file);
      }
    }
    expect(wanted.size).toBeGreaterThan(10);
    const missing = [...wanted]
      .filter(([path]) => !files.has(path))
      .map(([path, from]) => `${path} (asked for by ${from})`);
    expect(missing).toEqual([]);
  });
});

describe('expired offers', () => {
  it('are absent from the lists, while their own page says Expired', async () => {
    const expired = offers.filter((offer) => offer.status === 'expired');
    expect(expired.length).toBeGreaterThan(0);
    const home = readFileSync(join(siteDir, 'index.html'), 'utf8');
    for (const offer of expired) {
      const path = offerCanonicalPath(offer);
      expect(home).not.toContain(`href="${path}"`);
      const bankPage = page(
        `/credit-card-offers/${path.split('/')[1]!.replace(`-${PRODUCT_SLUG}`, '')}/${offer.bankId}/all/all`,
      );
      expect(bankPage).not.toContain(`href="${path}"`);
      expect(page(path)).toMatch(/<span class="badge expired"[^>]*>Expired<\/span>/);
    }
  });
});

describe('the footer', () => {
  it("links the cookie policy beside the other legal pages on every page, in the page's language", () => {
    const htmlFiles = (readdirSync(siteDir, { recursive: true }) as string[]).filter((name) => name.endsWith('.html'));
    expect(htmlFiles.length).toBeGreaterThan(10);
    for (const file of htmlFiles) {
      const html = readFileSync(join(siteDir, file), 'utf8');
      const footer = /<footer class="site-footer"[\s\S]*?<\/footer>/.exec(html)?.[0];
      if (!footer) continue; // no layout: the offline page's shell and the like
      const locale = file.startsWith('si/') ? 'si' : file.startsWith('ta/') ? 'ta' : 'en';
      const href = locale === 'en' ? '/cookie-policy' : `/${locale}/cookie-policy`;
      expect(footer, file).toMatch(
        new RegExp(`<a href="${escapeRegExp(href)}"${SCOPE}>${escapeRegExp(m.footer_cookies({}, { locale }))}</a>`),
      );
      expect(footer, file).toContain('/privacy-policy"');
    }
  });
});

describe('the built cards', () => {
  it("carry each card's offer as the card draws it, without the offer page's own texts", () => {
    const offer = offers.find((o) => o.merchant.slug && o.description)!;
    for (const path of ['/', bankPagePath(offer.bank), `/merchants/${offer.merchant.slug}`]) {
      const html = page(path);
      const json = html.match(/<script type="application\/json" data-card-offers>(.*?)<\/script>/s)![1]!;
      expect(json, path).not.toContain('<');
      const cardOffers: OfferData[] = JSON.parse(json);
      const cardIds = new Set(
        [...html.matchAll(/<article class="offer-card[^"]*"[^>]*data-offer-id="(\d+)"/g)].map((m) => Number(m[1])),
      );
      expect(new Set(cardOffers.map((o) => o.offerId)), path).toEqual(cardIds);
      for (const cardOffer of cardOffers) {
        const full = offers.find((o) => o.offerId === cardOffer.offerId);
        // What the cards and their controls read is kept...
        if (full) {
          expect(cardOffer.header).toEqual(full.header);
          expect(cardOffer.eligibility).toEqual(full.eligibility);
          expect(cardOffer.bank.logoURL).toBe(full.bank.logoURL);
        }
        // ...and the texts and lists only the offer's own page shows are not.
        expect(cardOffer.description, path).toBe('');
        expect(cardOffer.location).toEqual([]);
        expect(cardOffer.bank.cardTypes).toEqual([]);
      }
    }
  });

  it("have the first one's banner preloaded and raised on home and a bank page, the page's largest paint most likely, and the rest of the first row's loaded at once at the browser's priority", () => {
    const preloaded: string[] = [];
    let firstRowsSeen = 0;
    for (const path of ['/', ...new Set(offers.map((offer) => bankPagePath(offer.bank)))]) {
      const html = page(path);
      const coversIn = (part: string) =>
        [...part.matchAll(/<a class="offer-card-cover"[^>]*>(<img [^>]*>|<span)/g)].map((match) => match[1]!);
      const [cover, ...rest] = coversIn(html);
      // A bank page's first row is its first category's (the other categories' cards are lazy).
      const firstList = path === '/' ? html : html.split('<section class="category-group"')[1]!;
      const banner = cover!.match(/^<img src="([^"]+)"/)?.[1];
      const preload = html.match(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/)?.[1];
      // A first card with its category's icon for a cover has nothing worth raising.
      expect(preload, path).toBe(banner);
      // React writes fetchPriority; HTML names have no case.
      for (const other of rest) expect(other, path).not.toMatch(/ fetchpriority="high"/i);
      const restOfFirstRow = coversIn(firstList)
        .slice(1, ABOVE_FOLD_CARDS)
        .filter((other) => other.startsWith('<img'));
      for (const other of restOfFirstRow) expect(other, path).toContain('loading="eager"');
      if (restOfFirstRow.length) firstRowsSeen++;
      if (!banner) continue;
      expect(cover, path).toContain('loading="eager"');
      expect(cover, path).toMatch(/ fetchpriority="high"/i);
      preloaded.push(path);
    }
    expect(preloaded).toContain('/');
    expect(firstRowsSeen).toBeGreaterThan(0);
  });
});

describe("home's bank logos", () => {
  /** A logo drawn as the sprite's cells are, on white (a transparent pixel's colour is anything), as raw RGB. */
  const drawnLogo = async (bytes: ArrayBuffer, side: number) =>
    sharp(Buffer.from(bytes))
      .resize(side, side, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer();

  it("come from one image of the build, each bank's cell its own logo, cached for a year; no logo of its own on the grid, the carousel or the build's cards", async () => {
    const html = page('');
    // Each an <img> of low priority, as the logos were: the strip must not compete with the first banner.
    const spriteImages = html.match(/<img [^>]*src="\/logos\/banks-[0-9a-f]{16}\.webp"[^>]*>/g) ?? [];
    expect(spriteImages.length).toBeGreaterThan(0);
    for (const image of spriteImages) expect(image).toMatch(/ loading="lazy"[^>]* fetchPriority="low"/i);
    const spritePath = spriteImages[0]!.match(/src="([^"]+)"/)?.[1];
    expect(new Set(spriteImages.map((image) => image.match(/src="([^"]+)"/)?.[1]))).toEqual(new Set([spritePath]));
    const served = await get(spritePath!);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const sprite = sharp(Buffer.from(await served.arrayBuffer()));
    const { width: side, height } = await sprite.metadata();

    const banks = ((await (await get('/api/get/all/banks')).json()) as { data: BankData[] }).data;
    expect(height).toBe(side! * banks.length);
    const logos = await Promise.all(
      banks.map(async (bank) => drawnLogo(await (await get(bank.logoURL)).arrayBuffer(), side!)),
    );
    for (const bank of banks) {
      const tile = html.match(
        new RegExp(
          `<a class="bank-tile card"${SCOPE} href="${escapeRegExp(bankPagePath(bank))}"${SCOPE}><span class="bank-logo" data-bank-logo="(\\d+)"`,
        ),
      );
      expect(tile, bank.bankName).not.toBeNull();
      const cell = await sprite
        .clone()
        .extract({ left: 0, top: Number(tile![1]) * side!, width: side!, height: side! })
        .flatten({ background: '#ffffff' })
        .raw()
        .toBuffer();
      // Its own logo, up to the image's lossy compression, and no other bank's.
      const differences = logos.map((logo) => meanDifference(cell, logo));
      expect(differences[banks.indexOf(bank)], bank.bankName).toBeLessThan(4);
      expect(Math.min(...differences)).toBe(differences[banks.indexOf(bank)]);
    }
    expect(html).not.toMatch(/<img [^>]*src="[^"]*\/api\/images\/bank-[^"]*"[^>]*(width="(56|48|28)")/);
  });
});

describe('merchant pages', () => {
  /** The merchants with a public offer, each with its offers. */
  const merchantsWithOffers = () => {
    const byId = new Map<number, { slug: string; name: string; offers: OfferData[] }>();
    for (const offer of offers) {
      const entry = byId.get(offer.merchantId) ?? {
        slug: offer.merchant.slug!,
        name: offer.merchant.merchantName,
        offers: [],
      };
      entry.offers.push(offer);
      byId.set(offer.merchantId, entry);
    }
    return [...byId.values()];
  };
  const jsonLdOf = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));

  it('has one page per merchant with a public offer, in each language, in the sitemaps with its alternates', () => {
    const merchants = merchantsWithOffers();
    expect(merchants.length).toBeGreaterThan(5);
    const sitemap = readFileSync(join(siteDir, 'sitemap-en.xml'), 'utf8');
    for (const merchant of merchants) {
      expect(merchant.slug, merchant.name).toMatch(/^[a-z0-9-]+$/);
      const path = `/merchants/${merchant.slug}`;
      expect(page(path)).toContain('<h1');
      for (const locale of ['si', 'ta'])
        expect(existsSync(join(siteDir, locale, path, 'index.html')), `${locale}${path}`).toBe(true);
      expect(sitemap).toContain(`<loc>${SITE_URL}${path}</loc>`);
      expect(sitemap).toContain(`hreflang="ta" href="${SITE_URL}/ta${path}"`);
    }
  });

  it("lists the merchant's live offers, each linking to its page, with JSON-LD naming them and their banks", () => {
    const merchant = merchantsWithOffers()
      .filter((m) => m.offers.some((o) => o.status !== 'expired'))
      .sort((a, b) => b.offers.length - a.offers.length)[0]!;
    const html = page(`/merchants/${merchant.slug}`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${escapeRegExp(`${merchant.name} card offers`)}</h1>`));
    const live = merchant.offers.filter(
      (o) => o.status !== 'expired' && (o.offerStart === null || Date.parse(o.offerStart) <= Date.now()),
    );
    for (const offer of live) expect(html).toContain(`href="${offerCanonicalPath(offer)}"`);
    const organisation = jsonLdOf(html).find((item) => item['@type'] === 'Organization');
    expect(organisation).toMatchObject({ name: merchant.name, url: `${SITE_URL}/merchants/${merchant.slug}` });
    expect(organisation.makesOffer.map((o: { url: string }) => o.url).sort()).toEqual(
      live.map((o) => `${SITE_URL}${offerCanonicalPath(o)}`).sort(),
    );
    expect(organisation.makesOffer[0].offeredBy['@type']).toBe('BankOrCreditUnion');
  });

  it('shows each weekday with the offers that run on it: an offer for some days under those days only', () => {
    const withDays = offers.find(
      (o) =>
        o.status !== 'expired' && o.eligibility.days.length > 0 && o.eligibility.days.length < 7 && o.merchant.slug,
    );
    expect(withDays, 'the demo data needs a listed offer for some weekdays').toBeDefined();
    const html = page(`/merchants/${withDays!.merchant.slug}`);
    const days = [
      ...html.matchAll(/<li[^>]*data-weekday="(\w+)"[^>]*>(.*?)<\/li>\s*(?=<li[^>]*data-weekday|<\/ol>)/gs),
    ];
    expect(days.map((d) => d[1])).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
    for (const [, day, cell] of days) {
      expect(cell!.includes(`href="${offerCanonicalPath(withDays!)}"`), day).toBe(
        withDays!.eligibility.days.includes(day as never),
      );
    }
  });

  it("links an offer's page to its merchant's page", () => {
    const offer = offers.find((o) => o.status !== 'expired')!;
    expect(page(offerCanonicalPath(offer))).toContain(`href="/merchants/${offer.merchant.slug}"`);
  });

  it("writes each merchant's savings data for the offer page and modal: its offers now and coming, and their banks' cards", async () => {
    const merchant = merchantsWithOffers().find((m) => m.offers.some((o) => o.status !== 'expired'))!;
    const offerPage = page(offerCanonicalPath(merchant.offers.find((o) => o.status !== 'expired')!));
    const { merchantId } = merchant.offers[0]!;
    expect(offerPage).toContain(`data-savings-src="/savings/${merchantId}.json"`);
    const res = await get(`/savings/${merchantId}.json`);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/json']);
    const data = (await res.json()) as { offers: { offerId: number; bankId: number }[]; banks: { bankId: number }[] };
    expect(data.offers.map((o) => o.offerId).sort()).toEqual(
      merchant.offers
        .filter((o) => o.status !== 'expired')
        .map((o) => o.offerId)
        .sort(),
    );
    expect(data.banks.map((b) => b.bankId).sort()).toEqual([...new Set(data.offers.map((o) => o.bankId))].sort());
  });

  it("answers a renamed merchant's old slug with a 301 to its page, in each language", async () => {
    for (const prefix of ['', '/si']) {
      const res = await get(`${prefix}/merchants/${oldMerchantSlug}`);
      expect(res.status, prefix).toBe(301);
      expect(res.headers.get('location')).toBe(`${prefix}/merchants/renamed-test-merchant`);
    }
    expect((await get('/merchants/renamed-test-merchant')).status).toBe(200);
    expect((await get('/merchants/no-such-merchant-here')).status).toBe(404);
  });
});
