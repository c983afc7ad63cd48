import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { bankIssues, cardName, coveredCards, Eligibility, type EligibilityData } from '../../src/contract/eligibility.ts';
import { OFFER_DATE_TYPES, OFFER_HEADER_MAX, OFFER_TYPES } from '../../src/contract/limits.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import * as schema from '../../src/server/db/schema.ts';
import { buildDemoData, seedDemoData, seedIfEmpty, type SeedSummary } from '../../src/server/seed/index.ts';

const DAY = 86_400_000;
const NOW = new Date('2025-06-15T06:30:00.000Z');
const OFFERS = 600;

let first: DatabaseHandle;
let summary: SeedSummary;

beforeAll(async () => {
  first = await openDatabase({ kind: 'pglite' });
  const seeded = await seedIfEmpty(first.db, { offers: OFFERS, now: NOW });
  expect(seeded).toBe(true);
  summary = await seedDemoData(first.db, { offers: OFFERS, now: NOW });
}, 60_000);

afterAll(async () => {
  await first?.close();
});

describe('seedDemoData', () => {
  it('loads the expected counts', async () => {
    const { db } = first;
    const banks = await db.select().from(schema.banks);
    const categories = await db.select().from(schema.categories);
    const merchants = await db.select().from(schema.merchants);
    const offers = await db.select({ id: schema.offers.offerId }).from(schema.offers);
    const locations = await db.select().from(schema.locations);
    const terms = await db.select().from(schema.termsConditions);
    const ads = await db.select().from(schema.houseAds);

    expect(banks.length).toBeGreaterThanOrEqual(12);
    expect(banks.length).toBeLessThanOrEqual(16);
    expect(categories.length).toBeGreaterThanOrEqual(14);
    expect(merchants.length).toBeGreaterThanOrEqual(140);
    expect(merchants.length).toBeLessThanOrEqual(160);
    expect(offers).toHaveLength(OFFERS);
    expect(locations.length).toBeGreaterThanOrEqual(35);
    expect(ads.length).toBeGreaterThanOrEqual(3);
    expect(ads.length).toBeLessThanOrEqual(5);
    expect(ads.every((a) => a.placement === 'inner' && a.adSpace === 'right' && a.linkUrl.startsWith('/'))).toBe(true);

    expect(summary).toMatchObject({
      banks: banks.length, categories: categories.length, merchants: merchants.length, offers: OFFERS,
      locations: locations.length, terms: terms.length,
    });
    expect(terms.filter((t) => t.bankId === null).length).toBeGreaterThanOrEqual(3);
    for (const bank of banks) {
      const own = terms.filter((t) => t.bankId === bank.bankId).length;
      expect(own).toBeGreaterThanOrEqual(2);
      expect(own).toBeLessThanOrEqual(4);
    }
    // Ids start at 1 after a re-seed.
    expect(Math.min(...banks.map((b) => b.bankId))).toBe(1);
    expect(Math.min(...offers.map((o) => o.id))).toBe(1);
    expect(Math.max(...offers.map((o) => o.id))).toBe(OFFERS);

    const meta = await db.select().from(schema.siteMeta).where(eq(schema.siteMeta.key, 'dataset'));
    expect(meta).toEqual([{ key: 'dataset', value: 'demo' }]);
  });

  it('covers every offer type, date type, bank and category with consistent rows', async () => {
    const { db } = first;
    const offers = await db.select().from(schema.offers);
    const banks = await db.select().from(schema.banks);
    const categories = await db.select().from(schema.categories);
    const merchants = await db.select().from(schema.merchants);
    const locationNames = new Set((await db.select().from(schema.locations)).map((l) => l.locationName));

    expect(new Set(offers.map((o) => o.offerType))).toEqual(new Set(OFFER_TYPES));
    expect(new Set(offers.map((o) => o.offerDateType))).toEqual(new Set(OFFER_DATE_TYPES));
    expect(new Set(offers.map((o) => o.bankId))).toEqual(new Set(banks.map((b) => b.bankId)));
    expect(new Set(offers.map((o) => o.categoryId))).toEqual(new Set(categories.map((c) => c.categoryId)));
    expect(merchants.every((m) => m.logoUrl && m.contactNo && /^0\d{9}$/.test(m.contactNo))).toBe(true);

    const bankCards = new Map(banks.map((b) => [b.bankId, new Set(b.cardTypes)]));
    const merchantCategory = new Map<number, number>();
    for (const o of offers) {
      if (o.reviewStatus === 'accepted') expect(o.header.length).toBeLessThanOrEqual(OFFER_HEADER_MAX);
      expect(o.label.length).toBeGreaterThan(0);
      expect(o.cardTypes.length).toBeGreaterThan(0);
      for (const card of o.cardTypes) expect(bankCards.get(o.bankId)!.has(card)).toBe(true);
      expect(o.location.length).toBeGreaterThanOrEqual(1);
      expect(o.location.length).toBeLessThanOrEqual(5);
      expect(o.location.some((l) => l.isActive)).toBe(true);
      for (const l of o.location) expect(locationNames.has(l.value)).toBe(true);
      expect(o.hotLine.mobileNo.length).toBeGreaterThan(0);
      expect(o.description).not.toMatch(/<script|style=|on\w+=/i);
      expect(o.description.startsWith('<p>')).toBe(true);
      expect(o.views).toBeGreaterThanOrEqual(0);
      expect(o.views).toBeLessThanOrEqual(5000);
      expect(['accepted', 'pending', 'rejected']).toContain(o.reviewStatus);
      if (o.offerType === 'customize') expect(o.offerRate).toMatch(/\D/);
      else expect(o.offerRate).toMatch(/^\d+$/);
      // A merchant has one main category.
      const known = merchantCategory.get(o.merchantId);
      if (known !== undefined) expect(o.categoryId).toBe(known);
      else merchantCategory.set(o.merchantId, o.categoryId);

      switch (o.offerDateType) {
        case 'fromTo':
          expect(o.offerStart).not.toBeNull();
          expect(o.offerEnd).not.toBeNull();
          expect(o.offerStart!.getTime()).toBeLessThan(o.offerEnd!.getTime());
          break;
        case 'until':
        case 'till':
          expect(o.offerEnd).not.toBeNull();
          break;
        case 'on': {
          expect(o.offerStart).not.toBeNull();
          expect(o.offerEnd!.getTime() - o.offerStart!.getTime()).toBe(DAY - 1000);
          break;
        }
        default:
          expect(o.offerEnd).toBeNull();
          expect(o.validTimeDateDescription).toBeTruthy();
      }
      if (o.offerEnd) expect(o.createdAt.getTime()).toBeLessThan(o.offerEnd.getTime());
    }

    const now = NOW.getTime();
    const expired = offers.filter((o) => o.offerEnd && o.offerEnd.getTime() < now).length;
    const endingSoon = offers.filter((o) => o.offerEnd && o.offerEnd.getTime() >= now && o.offerEnd.getTime() - now <= 7 * DAY).length;
    const recent = offers.filter((o) => now - o.createdAt.getTime() <= 7 * DAY).length;
    const accepted = offers.filter((o) => o.reviewStatus === 'accepted').length;
    const promo = offers.filter((o) => o.promoCode).length;
    for (const share of [expired, endingSoon, recent]) {
      expect(share).toBeGreaterThan(OFFERS * 0.04);
      expect(share).toBeLessThan(OFFERS * 0.14);
    }
    expect(accepted / OFFERS).toBeGreaterThan(0.9);
    expect(accepted).toBeLessThan(OFFERS);
    expect(promo / OFFERS).toBeGreaterThan(0.25);
    expect(promo / OFFERS).toBeLessThan(0.42);
    expect(offers.every((o) => now - o.createdAt.getTime() <= 90 * DAY && o.createdAt.getTime() <= now)).toBe(true);
    expect(offers.some((o) => o.bannerImageUrl === null)).toBe(true);
  });

  it('gives banks slugs by the slug rule and card types', async () => {
    const banks = await first.db.select().from(schema.banks);
    for (const bank of banks) {
      const expected = bank.bankName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
      expect(bank.slug).toBe(expected);
      expect(bank.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(bank.cardTypes.length).toBeGreaterThanOrEqual(3);
      expect(bank.cardTypes.length).toBeLessThanOrEqual(10);
      expect(bank.color).toMatch(/^#[0-9a-f]{6}$/i);
    }
    expect(banks.map((b) => b.slug)).toContain('people-s-bank');
  });

  it('gives offers typed eligibility that the contract accepts, in a realistic mix, with card names from it', async () => {
    const { db } = first;
    const banks = new Map((await db.select().from(schema.banks)).map((bank) => [bank.bankId, bank]));
    const tiers = new Set((await db.select().from(schema.cardTiers)).map((tier) => tier.tierName));
    for (const bank of banks.values()) {
      expect(bank.issuedCards.some((card) => card.kind === 'credit')).toBe(true);
      expect(bank.issuedCards.some((card) => card.kind === 'debit')).toBe(true);
      for (const card of bank.issuedCards) if (card.tier) expect(tiers.has(card.tier)).toBe(true);
      expect(bank.cardTypes).toEqual(bank.issuedCards.map(cardName));
    }
    const offers = await db.select().from(schema.offers);
    for (const offer of offers) {
      expect(v.parse(Eligibility, offer.eligibility)).toEqual(offer.eligibility);
      const issued = banks.get(offer.bankId)!.issuedCards;
      for (const card of offer.eligibility.cards) expect(bankIssues(issued, card)).toBe(true);
      expect(offer.cardTypes).toEqual(coveredCards(issued, offer.eligibility).map(cardName));
    }
    const share = (test: (e: EligibilityData) => boolean) => offers.filter((offer) => test(offer.eligibility)).length / offers.length;
    for (const scope of ['all', 'credit', 'listed'] as const) expect(share((e) => e.cardScope === scope)).toBeGreaterThan(0.03);
    expect(share((e) => e.cards.some((card) => card.tier === null))).toBeGreaterThan(0.03);
    expect(share((e) => e.days.length > 0)).toBeGreaterThan(0.2);
    expect(share((e) => e.days.length === 0)).toBeGreaterThan(0.4);
    expect(share((e) => e.timeFrom !== null)).toBeGreaterThan(0.01);
    expect(share((e) => e.minBill !== null)).toBeGreaterThan(0.2);
    expect(share((e) => e.maxDiscount !== null)).toBeGreaterThan(0.2);
    for (const channel of ['inStore', 'online', 'both'] as const) expect(share((e) => e.channel === channel)).toBeGreaterThan(0.01);
    expect(offers.every((offer) => (offer.eligibility.channel === 'inStore') === (offer.eligibility.website === null))).toBe(true);
  });

  it('points every logo, banner and ad URL at a stored SVG image', async () => {
    const { db } = first;
    const urls = new Set<string>();
    for (const b of await db.select().from(schema.banks)) urls.add(b.logoUrl).add(b.thumbnailUrl);
    for (const m of await db.select().from(schema.merchants)) urls.add(m.logoUrl!);
    for (const a of await db.select().from(schema.houseAds)) urls.add(a.imageUrl);
    for (const o of await db.select({ url: schema.offers.bannerImageUrl }).from(schema.offers)) if (o.url) urls.add(o.url);
    const names = [...urls].map((url) => {
      expect(url).toMatch(/^\/api\/images\/[a-z0-9-]+\.svg$/);
      return url.slice('/api/images/'.length);
    });
    for (const c of await db.select().from(schema.categories)) names.push(`icon-${c.iconName}.svg`);

    const images = await db.select().from(schema.images).where(inArray(schema.images.name, names));
    expect(images.map((i) => i.name).sort()).toEqual([...new Set(names)].sort());
    for (const image of images) {
      expect(image.contentType).toBe('image/svg+xml');
      expect(image.ownerUserId).toBeNull();
      const text = Buffer.from(image.bytes).toString('utf8');
      expect(text.startsWith('<svg')).toBe(true);
      expect(text).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(text).toContain('viewBox=');
      expect(text.endsWith('</svg>')).toBe(true);
      // Text is escaped: no raw '&' that is not an entity.
      expect(text).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;|#\d+;)/);
      // The demo's names are Latin: every word is drawn as outlines, none left for the browser to lay out.
      expect(text).not.toContain('<text');
    }
    const icon = images.find((i) => i.name === 'icon-dining.svg')!;
    expect(Buffer.from(icon.bytes).toString('utf8')).toContain('viewBox="0 0 24 24"');
    expect(Buffer.from(icon.bytes).toString('utf8')).toContain('stroke="currentColor"');
  });

  it('is deterministic: the same now gives the same offers in another database', async () => {
    const second = await openDatabase({ kind: 'pglite' });
    try {
      await seedDemoData(second.db, { offers: OFFERS, now: NOW });
      const a = await first.db.select().from(schema.offers).orderBy(asc(schema.offers.offerId));
      const b = await second.db.select().from(schema.offers).orderBy(asc(schema.offers.offerId));
      expect(b).toEqual(a);
      const banksA = await first.db.select().from(schema.banks).orderBy(asc(schema.banks.bankId));
      const banksB = await second.db.select().from(schema.banks).orderBy(asc(schema.banks.bankId));
      expect(banksB).toEqual(banksA);
    } finally {
      await second.close();
    }
    // A different now shifts the dates but keeps the rest of the catalogue.
    const later = buildDemoData({ offers: 20, now: new Date(NOW.getTime() + 30 * DAY) });
    const base = buildDemoData({ offers: 20, now: NOW });
    expect(later.merchants).toEqual(base.merchants);
    expect(later.offers.map((o) => o.header)).toEqual(base.offers.map((o) => o.header));
  }, 30_000);

  it('keeps users on a re-seed and replaces only the catalogue', async () => {
    const { db } = first;
    const [user] = await db.insert(schema.users).values({
      userType: 1, firstName: 'Nimal', mobileNo: '771234567', passwordHash: 'not-a-real-hash',
    }).returning();
    await db.insert(schema.favorites).values({ userId: user!.userId, offerId: 1 });
    await db.insert(schema.images).values({
      name: 'upload-test.png', contentType: 'image/png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47]), ownerUserId: user!.userId,
    });
    await db.insert(schema.subscriptions).values({ email: 'nimal@example.com' });

    expect(await seedIfEmpty(db, { offers: OFFERS, now: NOW })).toBe(false);
    const again = await seedDemoData(db, { offers: 50, now: NOW });
    expect(again.offers).toBe(50);

    const users = await db.select().from(schema.users);
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ userId: user!.userId, firstName: 'Nimal', mobileNo: '771234567' });
    expect(await db.select().from(schema.favorites)).toHaveLength(0);
    expect(await db.select().from(schema.subscriptions)).toHaveLength(1);
    expect(await db.select({ n: schema.images.name }).from(schema.images).where(eq(schema.images.name, 'upload-test.png'))).toHaveLength(1);
    const offers = await db.select({ id: schema.offers.offerId }).from(schema.offers).orderBy(asc(schema.offers.offerId));
    expect(offers.map((o) => o.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));

    // The sequences continue after the seeded ids.
    const [merchant] = await db.insert(schema.merchants).values({ merchantName: 'New Merchant' }).returning();
    expect(merchant!.merchantId).toBe(again.merchants + 1);
  });

  it('rejects an invalid offer count', async () => {
    await expect(seedDemoData(first.db, { offers: 0 })).rejects.toThrow(RangeError);
    await expect(seedDemoData(first.db, { offers: 1.5 })).rejects.toThrow(RangeError);
    expect(await first.db.select({ id: schema.offers.offerId }).from(schema.offers)).not.toHaveLength(0);
  });
});
