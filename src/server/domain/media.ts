// Images (uploaded logos and the seed's generated ones) and the house ads served when no ad proxy answers.
import { and, eq, isNull } from 'drizzle-orm';
import type { HouseAdData } from '../../contract/index.ts';
import { safeUrl } from '../../contract/safe-url.ts';
import type { Database } from '../db/client.ts';
import { houseAds, images, merchants, users } from '../db/schema.ts';
import { failure } from '../errors.ts';
import { drawingSourceOf, rasteriseDrawing, SVG_CONTENT_TYPE } from '../images/svg-image.ts';
import type { UserRow } from '../serialize.ts';
import { decodeUploadedImage, imageUrl } from '../services/images.ts';

export async function requireImage(db: Database, name: string) {
  const [image] = await db.select().from(images).where(eq(images.name, name)).limit(1);
  if (image) return image;
  const drawn = await drawFromSource(db, name);
  if (!drawn) throw failure(404, 'image_not_found');
  return drawn;
}

/**
 * A drawing's PNG or WebP ('merchant-8.png' of 'merchant-8.svg'), made on its first request and kept
 * beside its SVG, so every API process serves the same bytes. Only drawings (no owner) have one: an
 * upload is PNG or JPEG already. Rows without an owner go with the catalogue on a re-seed.
 */
async function drawFromSource(db: Database, name: string) {
  const drawing = drawingSourceOf(name);
  if (!drawing) return undefined;
  const [source] = await db
    .select()
    .from(images)
    .where(and(eq(images.name, drawing.sourceName), isNull(images.ownerUserId)))
    .limit(1);
  if (!source || source.contentType !== SVG_CONTENT_TYPE) return undefined;
  const { bytes, contentType } = await rasteriseDrawing(Buffer.from(source.bytes), drawing.format);
  const row = { name, contentType, bytes, ownerUserId: null };
  // Two processes drawing it at once make the same bytes: the first kept is as good as the other.
  await db.insert(images).values(row).onConflictDoNothing({ target: images.name });
  return row;
}

/**
 * The company logo: checked by its bytes, stored under a generated name and set on the profile. A
 * merchant's logo is also its offers' merchant logo. Returns the stored image's name.
 */
export async function saveLogo(db: Database, user: UserRow, base64: string): Promise<string> {
  const { bytes, contentType, name } = decodeUploadedImage(base64);
  await db.insert(images).values({ name, contentType, bytes, ownerUserId: user.userId });
  await db
    .update(users)
    .set({ logoUrl: imageUrl(name) })
    .where(eq(users.userId, user.userId));
  if (user.merchantId !== null)
    await db
      .update(merchants)
      .set({ logoUrl: imageUrl(name) })
      .where(eq(merchants.merchantId, user.merchantId));
  return name;
}

/** Up to `count` active house ads in random order; an ad whose image or link is not http(s) or a site path is never shown. */
export async function pickHouseAds(db: Database, count: number): Promise<HouseAdData[]> {
  const rows = (await db.select().from(houseAds).where(eq(houseAds.isActive, true))).filter(
    (ad) => safeUrl(ad.imageUrl) && safeUrl(ad.linkUrl),
  );
  const shuffled = rows
    .map((ad) => ({ ad, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .slice(0, count);
  return shuffled.map(({ ad }) => ({
    adId: ad.adId,
    title: ad.title,
    body: ad.body,
    imageUrl: ad.imageUrl,
    linkUrl: ad.linkUrl,
  }));
}
