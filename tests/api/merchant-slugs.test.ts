// Merchants' page slugs (db/merchant-slugs.ts): the demo data's, a merchant account's across a
// rename (the old slug kept for its 301), a shared name, a name without letters, an importer's new
// merchant, and the migration's backfill, which must give what the code gives.
import { readFileSync } from 'node:fs';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantSlugChoices, slugify } from '../../src/lib/slugify.ts';
import { merchants, merchantSlugs } from '../../src/server/db/schema.ts';
import { createOrPromoteMerchant } from '../../src/server/domain/merchant-accounts.ts';
import { assignMerchantSlug } from '../../src/server/db/merchant-slugs.ts';
import { createTestApi, freshMobile, STRONG_PASSWORD, type TestApi } from './harness.ts';
import { expectOk } from './expectations.ts';
import { SiteMerchantSlugsResponse } from '../../src/contract/site-responses.ts';

let api: TestApi;
const db = () => api.handle.db;

beforeAll(async () => {
  api = await createTestApi({ offers: 20 });
});
afterAll(async () => {
  await api?.close();
});

const slugsOf = async (merchantId: number) =>
  (
    await db()
      .select({ slug: merchantSlugs.slug })
      .from(merchantSlugs)
      .where(eq(merchantSlugs.merchantId, merchantId))
      .orderBy(asc(merchantSlugs.createdAt), asc(merchantSlugs.slug))
  ).map((row) => row.slug);
const currentSlug = async (merchantId: number) =>
  (await db().select({ slug: merchants.slug }).from(merchants).where(eq(merchants.merchantId, merchantId)))[0]!.slug;

/** A new merchants row, slugged as the code does after an insert. */
async function newMerchant(name: string) {
  const [row] = await db().insert(merchants).values({ merchantName: name }).returning();
  await assignMerchantSlug(db(), row!.merchantId, name);
  return row!.merchantId;
}

describe("merchants' page slugs", () => {
  it("gives every demo merchant its name's slug, each unique and recorded", async () => {
    const rows = await db().select().from(merchants);
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(row.slug, row.merchantName).toBe(slugify(row.merchantName));
    expect(new Set(rows.map((row) => row.slug)).size).toBe(rows.length);
    const recorded = await db().select().from(merchantSlugs);
    expect(recorded.map((row) => [row.slug, row.merchantId]).sort()).toEqual(
      rows.map((row) => [row.slug, row.merchantId]).sort(),
    );
  });

  it("moves a merchant account's slug with its business name, keeping the old one for its 301", async () => {
    const account = {
      mobileNo: freshMobile(),
      firstName: 'Nimali',
      password: STRONG_PASSWORD,
      businessName: 'Galle Face Bakers',
    };
    const { merchantId } = await createOrPromoteMerchant(db(), account);
    expect(await currentSlug(merchantId)).toBe('galle-face-bakers');
    // Again for the same number: the account is updated (its password kept, so not given).
    const { password: _, ...again } = account;
    await createOrPromoteMerchant(db(), { ...again, businessName: 'Galle Face Bakery & Cafe' });
    expect(await currentSlug(merchantId)).toBe('galle-face-bakery-cafe');
    expect(await slugsOf(merchantId)).toEqual(['galle-face-bakers', 'galle-face-bakery-cafe']);
    // Back to the first name: its slug is this merchant's still.
    await createOrPromoteMerchant(db(), again);
    expect(await currentSlug(merchantId)).toBe('galle-face-bakers');
    expect(await slugsOf(merchantId)).toHaveLength(2);
    // The build reads them all, each with the current one, for the old ones' 301s.
    const res = await api.call('GET', '/api/site/merchant-slugs');
    expectOk(res, SiteMerchantSlugsResponse);
    expect(res.body.data).toEqual(
      expect.arrayContaining([
        { slug: 'galle-face-bakers', currentSlug: 'galle-face-bakers' },
        { slug: 'galle-face-bakery-cafe', currentSlug: 'galle-face-bakers' },
      ]),
    );
  });

  it('adds --{id} for a name another merchant has or had, and never hands an old slug to another', async () => {
    const first = await newMerchant('Kandy Spice Corner');
    const second = await newMerchant('Kandy Spice  Corner!');
    expect(await currentSlug(first)).toBe('kandy-spice-corner');
    expect(await currentSlug(second)).toBe(`kandy-spice-corner--${second}`);
    // The first is renamed away: its old slug stays its own, so a third of that name gets --{id} too.
    await db().update(merchants).set({ merchantName: 'Kandy Spice House' }).where(eq(merchants.merchantId, first));
    await assignMerchantSlug(db(), first, 'Kandy Spice House');
    const third = await newMerchant('Kandy Spice Corner');
    expect(await currentSlug(third)).toBe(`kandy-spice-corner--${third}`);
  });

  it('gives a name without letters or digits merchant--{id}', async () => {
    const id = await newMerchant('කීල්ස්');
    expect(await currentSlug(id)).toBe(`merchant--${id}`);
    expect(merchantSlugChoices('කීල්ස්', id)).toEqual([`merchant--${id}`]);
  });

  it("the migration's backfill gives each merchant without a slug what the code would", async () => {
    const names = ['Odel', 'ODEL', 'Barista & Co.', '!!!', 'Odel'];
    const ids: number[] = [];
    for (const name of names) {
      const [row] = await db().insert(merchants).values({ merchantName: name }).returning();
      ids.push(row!.merchantId);
    }
    // Every other merchant keeps its slug out of the backfill's way: the migration ran on merchants without any.
    const others = await db().select().from(merchants).where(isNull(merchants.slug));
    expect(others.map((row) => row.merchantId).sort()).toEqual([...ids].sort());
    await db().update(merchants).set({ slug: null });
    const migration = readFileSync('migrations/0013_merchant_slugs.sql', 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((part) => part.includes('UPDATE "merchants"'))!;
    await db().execute(sql.raw(backfill.replace(/^--.*$/gm, '')));
    const rows = await db().select().from(merchants).orderBy(asc(merchants.merchantId));
    const taken = new Set<string>();
    for (const row of rows) {
      const expected = merchantSlugChoices(row.merchantName, row.merchantId).find((slug) => !taken.has(slug))!;
      taken.add(expected);
      expect(row.slug, row.merchantName).toBe(expected);
    }
  });
});
