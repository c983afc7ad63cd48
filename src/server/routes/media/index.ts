// Images (served back and uploaded) and advertisement frames.
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { AdsQuery, ImageUploadRequest, type HouseAd } from '../../../contract/index.ts';
import { requireSession, type AppEnv, type ServerDeps } from '../../context.ts';
import { houseAds, images, merchants, users } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { safeUrl } from '../../../contract/safe-url.ts';
import { decodeUploadedImage, IMAGE_NAME_PATTERN, imageUrl } from '../../services/images.ts';
import { parseJsonBody, parseParams, parseQuery } from '../../validate.ts';

const AD_PROXY_TIMEOUT_MS = 2_000;

export function mediaRoutes(deps: ServerDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  app.get('/images/:name', async (c) => {
    const { name } = parseParams(c, v.object({ name: v.pipe(v.string(), v.regex(IMAGE_NAME_PATTERN, 'Unknown image name')) }));
    const [image] = await db.select().from(images).where(eq(images.name, name)).limit(1);
    if (!image) throw notFound('Image not found.');
    return c.body(new Uint8Array(image.bytes), 200, {
      'content-type': image.contentType,
      // Names are never reused, so the bytes behind one never change.
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
  });

  // The company logo: checked by its bytes, stored under a generated name, set on the profile.
  app.post('/temp/image/upload', requireSession(deps), async (c) => {
    const body = await parseJsonBody(c, ImageUploadRequest);
    const base64 = 'base64' in body ? body.base64 : body.data.base64;
    const { bytes, contentType, name } = decodeUploadedImage(base64);
    const user = c.get('user');
    await db.insert(images).values({ name, contentType, bytes, ownerUserId: user.userId });
    await db.update(users).set({ logoUrl: imageUrl(name) }).where(eq(users.userId, user.userId));
    // A merchant's logo is also its offers' merchant logo.
    if (user.merchantId !== null) await db.update(merchants).set({ logoUrl: imageUrl(name) }).where(eq(merchants.merchantId, user.merchantId));
    return c.json({ status: true, message: 'The image was uploaded.', data: { pictureName: name, url: imageUrl(name) } }, 201);
  });

  // Ad frames: from the configured ad proxy, else (or when it fails) our own house ads.
  app.get('/ads', async (c) => {
    const query = parseQuery(c, AdsQuery);
    if (deps.adProxyUrl) {
      const fromProxy = await fetchProxyAds(deps.adProxyUrl, query);
      if (fromProxy) return c.json({ status: true, source: 'proxy', data: fromProxy });
    }
    // An ad whose image or link is not http(s) or a site path is never shown.
    const rows = (await db.select().from(houseAds).where(eq(houseAds.isActive, true))).filter((ad) => safeUrl(ad.imageUrl) && safeUrl(ad.linkUrl));
    const shuffled = rows.map((ad) => ({ ad, key: Math.random() })).sort((a, b) => a.key - b.key).slice(0, query.count);
    const data: v.InferOutput<typeof HouseAd>[] = shuffled.map(({ ad }) => ({ adId: ad.adId, title: ad.title, body: ad.body, imageUrl: ad.imageUrl, linkUrl: ad.linkUrl }));
    return c.json({ status: true, source: 'house', data });
  });

  return app;
}

/** A proxy's ad is passed on unless its image or link URL is not http(s) or a site path. */
const hasSafeUrls = (ad: unknown) => ['imageUrl', 'linkUrl'].every((key) => {
  const url = (ad as Record<string, unknown> | null)?.[key];
  return typeof url !== 'string' || safeUrl(url) !== undefined;
});

async function fetchProxyAds(proxyUrl: string, query: { placement: string; ad_space: string; count: number }) {
  try {
    const url = new URL(proxyUrl);
    url.searchParams.set('placement', query.placement);
    url.searchParams.set('ad_space', query.ad_space);
    url.searchParams.set('count', String(query.count));
    const response = await fetch(url, { signal: AbortSignal.timeout(AD_PROXY_TIMEOUT_MS) });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { data?: unknown };
    return Array.isArray(body.data) ? body.data.filter(hasSafeUrls).slice(0, query.count) : undefined;
  } catch (error) {
    console.error('[ads] proxy failed, serving house ads:', error instanceof Error ? error.message : error);
    return undefined;
  }
}
