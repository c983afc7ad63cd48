// Images (uploaded logos and the seed's generated ones) and the house ads served when no ad proxy answers.
import { eq } from 'drizzle-orm';
import type { HouseAdData } from '../../contract/index.ts';
import { safeUrl } from '../../contract/safe-url.ts';
import type { Database } from '../db/client.ts';
import { houseAds, images, merchants, users } from '../db/schema.ts';
import { failure } from '../errors.ts';
import type { UserRow } from '../serialize.ts';
import { decodeUploadedImage, imageUrl } from '../services/images.ts';

export async function requireImage(db: Database, name: string) {
  const [image] = await db.select().from(images).where(eq(images.name, name)).limit(1);
  if (!image) throw failure(404, 'image_not_found');
  return image;
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
