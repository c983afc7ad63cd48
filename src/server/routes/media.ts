// Images (served back and uploaded) and advertisement frames.
import { Hono } from 'hono';
import { LRUCache } from 'lru-cache';
import * as v from 'valibot';
import { AdsQuery, ImageUploadRequest, ImageUploadResponse } from '../../contract/index.ts';
import { AdsResponse } from '../../contract/site-responses.ts';
import { requireSession, type AppEnv, type ServerDeps } from '../context.ts';
import { pickHouseAds, requireImage, saveLogo } from '../domain/media.ts';
import { answer } from '../http/answer.ts';
import { fetchProxyAds } from '../services/ad-proxy.ts';
import { IMAGE_NAME_PATTERN, imageUrl } from '../services/images.ts';
import { parseJsonBody, parseParams, parseQuery } from '../validate.ts';

/** What the served images kept in memory may weigh at most; the least recently asked for go first. */
const IMAGE_MEMORY_MAX_BYTES = 32 * 1024 * 1024;

type ServedImage = Awaited<ReturnType<typeof requireImage>>;

export function mediaRoutes(deps: ServerDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  // An image's name is never reused, so its bytes never change: each is read from the database
  // once. Read there, an image took 5 to 6 ms of CPU and a turn in PGlite's one-query-at-a-time
  // worker, and a page asks for several at once (its first banner among them). Concurrent first
  // requests share one read; an unknown name is not kept.
  const servedImages = new LRUCache<string, ServedImage>({
    maxSize: IMAGE_MEMORY_MAX_BYTES,
    sizeCalculation: (image) => Math.max(1, image.bytes.byteLength),
    fetchMethod: (name) => requireImage(db, name),
  });

  app.get('/images/:name', async (c) => {
    const { name } = parseParams(
      c,
      v.object({ name: v.pipe(v.string(), v.regex(IMAGE_NAME_PATTERN, 'Unknown image name')) }),
    );
    const image = (await servedImages.fetch(name))!;
    return c.body(new Uint8Array(image.bytes), 200, {
      'content-type': image.contentType,
      // Names are never reused, so the bytes behind one never change.
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
  });

  // The company logo (and a merchant's offers' merchant logo).
  app.post('/temp/image/upload', requireSession(deps), async (c) => {
    const body = await parseJsonBody(c, ImageUploadRequest);
    const name = await saveLogo(db, c.get('user'), 'base64' in body ? body.base64 : body.data.base64);
    return answer(
      c,
      ImageUploadResponse,
      { status: true, message: 'The image was uploaded.', data: { pictureName: name, url: imageUrl(name) } },
      201,
    );
  });

  // Ad frames: from the configured ad proxy, else (or when it fails) our own house ads.
  app.get('/ads', async (c) => {
    const query = parseQuery(c, AdsQuery);
    if (deps.adProxyUrl) {
      const fromProxy = await fetchProxyAds(deps.adProxyUrl, query);
      if (fromProxy) return answer(c, AdsResponse, { status: true, source: 'proxy', data: fromProxy });
    }
    return answer(c, AdsResponse, { status: true, source: 'house', data: await pickHouseAds(db, query.count) });
  });

  return app;
}
