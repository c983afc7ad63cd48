// Beside the schema, as listed.ts is: the merchant accounts (domain/) and the importers both make merchants.
// A merchant's page address, /merchants/{slug}: its name's slug, or with --{id} where another
// merchant has (or had) that one. A renamed merchant gets its new name's slug; every slug it had
// stays in merchant_slugs, so the site answers an old one with a 301 and never gives it to another.
import { eq, isNotNull } from 'drizzle-orm';
import { merchantSlugChoices } from '../../lib/slugify.ts';
import type { Database } from './client.ts';
import { merchants, merchantSlugs } from './schema.ts';

/** Gives the merchant the slug of its name (call it after an insert or a rename, in the same transaction). */
export async function assignMerchantSlug(db: Database, merchantId: number, name: string): Promise<string> {
  for (const slug of merchantSlugChoices(name, merchantId)) {
    const [claimed] = await db
      .insert(merchantSlugs)
      .values({ slug, merchantId })
      .onConflictDoNothing()
      .returning({ slug: merchantSlugs.slug });
    const [owner] = claimed
      ? [{ merchantId }]
      : await db
          .select({ merchantId: merchantSlugs.merchantId })
          .from(merchantSlugs)
          .where(eq(merchantSlugs.slug, slug));
    if (owner?.merchantId !== merchantId) continue;
    await db.update(merchants).set({ slug }).where(eq(merchants.merchantId, merchantId));
    return slug;
  }
  // The last choice holds this merchant's id, which no other slug can.
  throw new Error(`no slug for merchant ${merchantId}`);
}

/** Every slug a merchant has had, with its current one: the site build's redirects (merchant-paths.json). */
export async function listMerchantSlugs(db: Database): Promise<{ slug: string; currentSlug: string }[]> {
  const rows = await db
    .select({ slug: merchantSlugs.slug, currentSlug: merchants.slug })
    .from(merchantSlugs)
    .innerJoin(merchants, eq(merchants.merchantId, merchantSlugs.merchantId))
    .where(isNotNull(merchants.slug))
    .orderBy(merchantSlugs.slug);
  return rows.map((row) => ({ slug: row.slug, currentSlug: row.currentSlug! }));
}
