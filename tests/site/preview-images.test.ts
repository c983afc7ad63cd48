// Each offer's link-preview image: a 1200×630 PNG per offer, in the offer page's og:image and
// twitter:image, rendered once per version of the offer (src/server/site/preview-images.ts).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewImageAlt, previewImageKey, previewImageSpec } from '../../src/lib/preview-image.ts';
import type { OfferData } from '../../src/contract/index.ts';
import { offerCanonicalPath } from '../../src/lib/site-urls.ts';
import { offers as offersTable } from '../../src/server/db/schema.ts';
import { readEnv } from '../../src/server/env.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { buildSite, publishPages } from '../../src/server/site/build.ts';
import { PREVIEW_KEYS_FILE } from '../../src/server/site/preview-images.ts';
import { renderPreviewPng } from '../../src/server/site/preview-render.ts';
import { NO_DELAY_SHEDDING } from '../support/server-env.ts';

const SITE_URL = 'https://offers.example.lk';
/**
 * Fewer offers than the other site tests build (SITE_TEST_OFFERS): each is an image to render in the
 * first build, and what this file checks needs only offers of more than one merchant and bank.
 */
const PREVIEW_TEST_OFFERS = 40;
const work = mkdtempSync(join(tmpdir(), 'offerlanka-preview-'));
const siteDir = join(work, 'dist');
const cacheDir = join(work, 'data', 'preview-images');
let server: RunningServer;
let offers: OfferData[];
let firstRendered: number;

const options = () => ({
  apiUrl: `${server.url}/api`,
  siteDir,
  siteUrl: SITE_URL,
  buildsDir: join(work, 'builds'),
  previewCacheDir: cacheDir,
  log: () => {},
});
const page = (offer: OfferData) => readFileSync(join(siteDir, offerCanonicalPath(offer), 'index.html'), 'utf8');
const meta = (html: string, attribute: 'property' | 'name', key: string) =>
  html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)">`))?.[1];
/** An attribute's text as written by Astro, read back. */
const decode = (text: string) =>
  text
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** The image path an offer page names in og:image. */
const imagePathOf = (offer: OfferData) => new URL(meta(page(offer), 'property', 'og:image')!).pathname;
const cacheMtimes = () => new Map(readdirSync(cacheDir).map((name) => [name, statSync(join(cacheDir, name)).mtimeMs]));

/** The PNG signature, then the IHDR chunk's width and height. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

beforeAll(async () => {
  const env = readEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: join(work, 'data'),
    SITE_DIR: siteDir,
    RATE_LIMITS: '0',
    ...NO_DELAY_SHEDDING,
  });
  server = await startServer({ env, seedWhenEmpty: { offers: PREVIEW_TEST_OFFERS }, log: () => {} });
  firstRendered = (await buildSite(options())).previewImagesRendered;
  await server.site?.reload();
  offers = (await (await fetch(`${server.url}/api/site/offers/1`)).json()).data;
}, 300_000);

afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('offer preview images', () => {
  it("names a 1200×630 PNG of its own in each offer page's Open Graph and Twitter tags", async () => {
    for (const offer of offers) {
      const html = page(offer);
      const image = meta(html, 'property', 'og:image')!;
      expect(image).toMatch(new RegExp(`^${SITE_URL}/og/[0-9a-f]{20}\\.png$`));
      expect(meta(html, 'name', 'twitter:image')).toBe(image);
      expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
      expect([
        meta(html, 'property', 'og:image:width'),
        meta(html, 'property', 'og:image:height'),
        meta(html, 'property', 'og:image:type'),
      ]).toEqual(['1200', '630', 'image/png']);
      const alt = meta(html, 'property', 'og:image:alt')!;
      expect(decode(alt)).toBe(previewImageAlt(previewImageSpec(offer)));
      expect(decode(alt)).toContain(offer.bank.bankName);
      expect(meta(html, 'name', 'twitter:image:alt')).toBe(alt);
      expect(pngSize(readFileSync(join(siteDir, new URL(image).pathname)))).toEqual({ width: 1200, height: 630 });
    }
    // Served as a PNG with a year's immutable cache: a new image comes at a new URL.
    const response = await fetch(server.url + imagePathOf(offers[0]!));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(pngSize(Buffer.from(await response.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    // The list of images the astro build wrote is not left for visitors.
    expect((await fetch(`${server.url}/preview-images.json`)).status).toBe(404);
    expect((await fetch(`${server.url}/${PREVIEW_KEYS_FILE}`)).status).toBe(404);
  });

  it('draws each offer its own image, and one image per version of an offer', () => {
    const [a, b] = offers
      .filter((offer, _, all) =>
        all.some((other) => other !== offer && other.merchant.merchantName !== offer.merchant.merchantName),
      )
      .slice(0, 2);
    const [pathA, pathB] = [imagePathOf(a!), imagePathOf(b!)];
    expect(pathA).not.toBe(pathB);
    expect(readFileSync(join(siteDir, pathA)).equals(readFileSync(join(siteDir, pathB)))).toBe(false);
    const keys = new Set(offers.map((offer) => previewImageKey(previewImageSpec(offer))));
    expect(firstRendered).toBe(keys.size);
    expect(readdirSync(join(siteDir, 'og')).sort()).toEqual([...keys].map((key) => `${key}.png`).sort());
  });

  it("renders no image in a rebuild where nothing changed, and only the changed offer's in a publish", async () => {
    const before = cacheMtimes();
    expect((await buildSite(options())).previewImagesRendered).toBe(0);
    await server.site?.reload();
    expect(cacheMtimes()).toEqual(before);

    const offer = offers.find((o) => o.status !== 'expired' && o.offerType !== 'customize')!;
    const other = offers.find((o) => o.offerId !== offer.offerId && o.bankId === offer.bankId)!;
    const [oldPath, otherPath] = [imagePathOf(offer), imagePathOf(other)];
    const otherMtime = statSync(join(siteDir, otherPath)).mtimeMs;
    await server.handle.db
      .update(offersTable)
      .set({ offerType: 'off', offerRate: '73' })
      .where(eq(offersTable.offerId, offer.offerId));
    server.deps.cache.clear();
    const result = await publishPages({
      ...options(),
      pages: { offerIds: [offer.offerId], bankIds: [offer.bankId], merchantIds: [offer.merchantId] },
    });
    expect(result.previewImagesRendered).toBe(1);
    const newPath = imagePathOf(offer);
    expect(newPath).not.toBe(oldPath);
    expect(pngSize(readFileSync(join(siteDir, newPath)))).toEqual({ width: 1200, height: 630 });
    expect(meta(page(offer), 'property', 'og:image:alt')).toContain('73% off');
    // The old image leaves the served build (a full build would not have it); the others stay as they were.
    expect(readdirSync(join(siteDir, 'og'))).not.toContain(oldPath.split('/').pop());
    expect(imagePathOf(other)).toBe(otherPath);
    expect(statSync(join(siteDir, otherPath)).mtimeMs).toBe(otherMtime);
  }, 300_000);
});

describe('the preview image renderer', () => {
  const spec = {
    bankName: 'Example Bank',
    bankColor: '#0057a8',
    bankLogoUrl: '/api/images/x.png',
    merchantName: 'Café Lanka',
    discount: '20% off',
    endText: 'Valid until January 10th 2027',
  };

  it("draws a PNG logo, and a monogram in the bank's colour for a logo it cannot read", async () => {
    const logo = await renderPreviewPng({ ...spec, bankColor: '#ffffff' });
    const withLogo = await renderPreviewPng(spec, `data:image/png;base64,${logo.toString('base64')}`);
    const broken = await renderPreviewPng(spec, 'data:image/png;base64,bm90IGFuIGltYWdl');
    const monogram = await renderPreviewPng(spec);
    for (const png of [withLogo, broken, monogram]) expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    expect(broken.equals(monogram)).toBe(true);
    expect(withLogo.equals(monogram)).toBe(false);
  });
});
