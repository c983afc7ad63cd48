import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import {
  bankIssues,
  cardName,
  coveredCards,
  Eligibility,
  type EligibilityData,
} from '../../src/contract/eligibility.ts';
import { OFFER_DATE_TYPES, OFFER_HEADER_MAX, OFFER_TYPES } from '../../src/contract/limits.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import * as schema from '../../src/server/db/schema.ts';
import { buildDemoData, seedDemoData, seedIfEmpty, type SeedSummary } from '../../src/server/seed/index.ts';
import { drawingSourceOf } from '../../src/server/images/svg-image.ts';

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
}, 180_000); // two seeds of 600 offers on PGlite: over a minute while the browser lane runs beside it

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
      banks: banks.length,
      categories: categories.length,
      merchants: merchants.length,
      offers: OFFERS,
      locations: locations.length,
      terms: terms.length,
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
      expect(o.cardTypes!.length).toBeGreaterThan(0);
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
    const endingSoon = offers.filter(
      (o) => o.offerEnd && o.offerEnd.getTime() >= now && o.offerEnd.getTime() - now <= 7 * DAY,
    ).length;
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
      const expected = bank.bankName
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '');
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
    const share = (test: (e: EligibilityData) => boolean) =>
      offers.filter((offer) => test(offer.eligibility)).length / offers.length;
    for (const scope of ['all', 'credit', 'listed'] as const)
      expect(share((e) => e.cardScope === scope)).toBeGreaterThan(0.03);
    expect(share((e) => e.cards.some((card) => card.tier === null))).toBeGreaterThan(0.03);
    expect(share((e) => e.days.length > 0)).toBeGreaterThan(0.2);
    expect(share((e) => e.days.length === 0)).toBeGreaterThan(0.4);
    expect(share((e) => e.timeFrom !== null)).toBeGreaterThan(0.01);
    expect(share((e) => e.minBill !== null)).toBeGreaterThan(0.2);
    expect(share((e) => e.maxDiscount !== null)).toBeGreaterThan(0.2);
    for (const channel of ['inStore', 'online', 'both'] as const)
      expect(share((e) => e.channel === channel)).toBeGreaterThan(0.01);
    expect(
      offers.every((offer) => (offer.eligibility.channel === 'inStore') === (offer.eligibility.website === null)),
    ).toBe(true);
  });

  it('points every logo, banner and ad URL at a PNG or WebP: bank monograms stored, the rest drawn from stored SVG', async () => {
    const { db } = first;
    const urls = new Set<string>();
    for (const b of await db.select().from(schema.banks)) urls.add(b.logoUrl).add(b.thumbnailUrl);
    for (const m of await db.select().from(schema.merchants)) urls.add(m.logoUrl!);
    for (const a of await db.select().from(schema.houseAds)) urls.add(a.imageUrl);
    for (const o of await db.select({ url: schema.offers.bannerImageUrl }).from(schema.offers))
      if (o.url) urls.add(o.url);
    const bankImages = new Set((await db.select().from(schema.banks)).flatMap((b) => [b.logoUrl, b.thumbnailUrl]));
    const names = [...urls].map((url) => {
      expect(url).toMatch(/^\/api\/images\/[a-z0-9-]+\.(png|webp)$/);
      const name = url.slice('/api/images/'.length);
      // A bank's monogram is stored as PNG; a merchant's logo, a banner and an ad are drawn on request.
      return bankImages.has(url) ? name : drawingSourceOf(name)!.sourceName;
    });
    expect([...bankImages].every((url) => url.endsWith('.png'))).toBe(true);
    expect([...urls].some((url) => url.endsWith('.webp'))).toBe(true);
    for (const c of await db.select().from(schema.categories)) names.push(`icon-${c.iconName}.svg`);

    const images = await db.select().from(schema.images).where(inArray(schema.images.name, names));
    expect(images.map((i) => i.name).sort()).toEqual([...new Set(names)].sort());
    for (const image of images) {
      expect(image.ownerUserId).toBeNull();
      if (image.name.endsWith('.png')) {
        expect(image.contentType).toBe('image/png');
        expect(Buffer.from(image.bytes).subarray(1, 4).toString('latin1')).toBe('PNG');
        continue;
      }
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
  }, 120_000); // a third PGlite seeded with 600 offers, beside the browser lane

  it('keeps users on a re-seed and replaces only the catalogue', async () => {
    const { db } = first;
    const [user] = await db
      .insert(schema.users)
      .values({
        userType: 1,
        firstName: 'Nimal',
        mobileNo: '771234567',
        passwordHash: 'not-a-real-hash',
      })
      .returning();
    await db.insert(schema.favorites).values({ userId: user!.userId, offerId: 1 });
    await db.insert(schema.images).values({
      name: 'upload-test.png',
      contentType: 'image/png',
      bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      ownerUserId: user!.userId,
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
    expect(
      await db.select({ n: schema.images.name }).from(schema.images).where(eq(schema.images.name, 'upload-test.png')),
    ).toHaveLength(1);
    const offers = await db
      .select({ id: schema.offers.offerId })
      .from(schema.offers)
      .orderBy(asc(schema.offers.offerId));
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

describe('the banks’ cadences and limits in the demo offers', () => {
  const data = buildDemoData({ offers: OFFERS, now: NOW });
  const iconOf = new Map(data.categories.map((c) => [c.categoryId, c.iconName]));
  const bankOf = new Map(data.banks.map((b) => [b.bankId, b]));
  const offers = data.offers.map((o) => ({
    ...o,
    icon: iconOf.get(o.categoryId)!,
    e: o.eligibility as EligibilityData,
  }));
  const inCategory = (icon: string) => offers.filter((o) => o.icon === icon);
  // Written here as the banks write them, not taken from the generator.
  const DAY_NAMES = {
    mon: 'Monday',
    tue: 'Tuesday',
    wed: 'Wednesday',
    thu: 'Thursday',
    fri: 'Friday',
    sat: 'Saturday',
    sun: 'Sunday',
  } as const;
  const rs = (n: number) => `Rs. ${n.toLocaleString('en-US')}`;
  const planOf = (o: (typeof offers)[number]) =>
    /0% interest easy payment plan for up to (\d+) months/.exec(o.description!);
  const PREMIUM = new Set(['Platinum', 'Titanium', 'Signature', 'Infinite', 'World', 'World Elite']);

  it('still validates every offer against the contract’s Eligibility', () => {
    for (const o of offers) expect(v.parse(Eligibility, o.e)).toEqual(o.e);
  });

  it('runs most supermarket offers on one or two weekdays, with a minimum bill and a cap per card per day', () => {
    const supermarkets = inCategory('supermarkets');
    const cardDays = supermarkets.filter((o) => / every \w+day/.test(o.header));
    expect(cardDays.length / supermarkets.length).toBeGreaterThan(0.4);
    expect(
      cardDays.filter((o) => o.e.days.length === 1 && !['sat', 'sun'].includes(o.e.days[0]!)).length,
    ).toBeGreaterThan(10);
    for (const o of cardDays) {
      expect(o.e.days.length).toBeLessThanOrEqual(2);
      const names = o.e.days.map((day) => DAY_NAMES[day]).join(' and ');
      expect(o.header).toContain(`every ${names}`);
      expect(o.validTimeDateDescription).toBe(`Every ${names}`);
      expect(o.description).toContain(`Minimum bill value ${rs(o.e.minBill!)}`);
      // A fixed amount off has no cap; a rate has one, per card per day.
      if (o.offerType !== 'customize')
        expect(o.description).toContain(`Max. discount ${rs(o.e.maxDiscount!)} per card per day`);
    }
  });

  it('gives fuel stations weekend days with a cap', () => {
    const weekend = inCategory('fuel').filter(
      (o) => o.e.days.every((day) => day === 'sat' || day === 'sun') && o.e.days.length > 0,
    );
    expect(weekend.filter((o) => o.e.maxDiscount !== null).length).toBeGreaterThanOrEqual(3);
    expect(weekend.some((o) => o.header.endsWith('every weekend') && o.e.days.length === 2)).toBe(true);
  });

  it('fits minimum bills and caps to the category and to each other', () => {
    const capsOf = (icon: string) =>
      inCategory(icon).flatMap((o) => (o.e.maxDiscount === null ? [] : [o.e.maxDiscount]));
    for (const cap of capsOf('dining')) expect(cap >= 2_500 && cap <= 10_000, `dining cap ${cap}`).toBe(true);
    for (const cap of capsOf('supermarkets')) expect(cap >= 1_500 && cap <= 5_000, `supermarket cap ${cap}`).toBe(true);
    expect(capsOf('dining').length).toBeGreaterThan(10);
    for (const o of offers) {
      if (o.offerType === 'customize') expect(o.e.maxDiscount).toBeNull();
      // The rate on the minimum bill never runs into the cap.
      else if (o.e.minBill !== null && o.e.maxDiscount !== null)
        expect((o.e.minBill * Number(o.offerRate)) / 100).toBeLessThanOrEqual(o.e.maxDiscount);
    }
  });

  it('gives 0% instalment plans a minimum transaction and one way to convert, in the categories banks give them', () => {
    const plans = offers.filter((o) => planOf(o));
    expect(plans.length).toBeGreaterThan(20);
    for (const icon of ['electronics', 'education', 'travel', 'health'])
      expect(
        plans.some((o) => o.icon === icon),
        icon,
      ).toBe(true);
    for (const o of plans) {
      expect(o.e.minBill).toBeGreaterThanOrEqual(25_000);
      expect(o.description).toContain(`Minimum transaction ${rs(o.e.minBill!)}`);
      expect(o.e.days).toEqual([]);
      const ways = [o.e.convertWithinDays !== null, o.e.registerFirst, o.e.promoCodeRequired].filter(Boolean);
      expect(ways).toHaveLength(1);
      if (o.offerType !== 'customize') expect(o.header).toContain(`0% instalments up to ${planOf(o)![1]} months`);
    }
    const converted = plans.filter((o) => o.e.convertWithinDays !== null);
    expect(converted.some((o) => o.e.convertWithinDays === 7)).toBe(true);
    for (const o of converted)
      expect(o.description).toContain(`within ${o.e.convertWithinDays} days of the purchase to convert`);
    expect(plans.filter((o) => o.e.registerFirst).length).toBeGreaterThanOrEqual(3);
    for (const o of plans.filter((p) => p.e.promoCodeRequired)) expect(o.e.channel).toBe('online');
    expect(plans.some((o) => o.e.promoCodeRequired)).toBe(true);
    // Only plans take a call or a registration.
    for (const o of offers.filter((p) => !planOf(p)))
      expect([o.e.convertWithinDays, o.e.registerFirst]).toEqual([null, false]);
  });

  it('asks for a promo code only online, where the offer has one, and says so', () => {
    const coded = offers.filter((o) => o.e.promoCodeRequired);
    expect(coded.length).toBeGreaterThan(5);
    for (const o of coded) {
      expect(o.e.channel).toBe('online');
      expect(o.promoCode).toBeTruthy();
      expect(o.description).toContain(`promo code ${o.promoCode} at checkout`);
    }
  });

  it('gives hotels a booking period and a later stay period', () => {
    const MONTHS = [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ];
    const parse = (text: string) => {
      const [day, month, year] = text.split(' ');
      return Date.UTC(Number(year), MONTHS.indexOf(month!), Number(day));
    };
    const hotels = inCategory('hotels');
    const periods = hotels.flatMap((o) => {
      const match = /^Book by (\d+ \w+ \d{4}), stay until (\d+ \w+ \d{4})$/.exec(o.validTimeDateDescription ?? '');
      return match ? [{ o, bookBy: parse(match[1]!), stayUntil: parse(match[2]!) }] : [];
    });
    expect(periods.length / hotels.length).toBeGreaterThan(0.25);
    for (const { o, bookBy, stayUntil } of periods) {
      expect(stayUntil).toBeGreaterThan(bookBy);
      // The columns hold the booking period: its last day is the offer's, in Sri Lanka.
      const lastDay = new Date(o.offerEnd!.getTime() + 5.5 * 3_600_000);
      expect(bookBy).toBe(Date.UTC(lastDay.getUTCFullYear(), lastDay.getUTCMonth(), lastDay.getUTCDate()));
      expect(o.description).toContain('Stay period: till');
    }
  });

  it('makes some offers for premium cards only, naming the tiers; other listed offers name networks', () => {
    const tiered = offers.filter((o) => o.e.cardScope === 'listed' && o.e.cards.some((card) => card.tier !== null));
    expect(tiered.length / offers.length).toBeGreaterThan(0.04);
    for (const o of tiered) {
      for (const card of o.e.cards) expect(PREMIUM.has(card.tier!)).toBe(true);
      expect(o.description).toContain(`Exclusively for ${bankOf.get(o.bankId)!.bankName.replaceAll("'", '&#39;')}`);
      expect(o.cardTypes!.length).toBeGreaterThan(0);
    }
    expect(offers.some((o) => o.e.cardScope === 'listed' && o.e.cards.every((card) => card.tier === null))).toBe(true);
  });

  it('words days, minimum bills and caps exactly as the eligibility has them', () => {
    const dayWords = Object.values(DAY_NAMES).join('|');
    for (const o of offers) {
      const text = `${o.header} ${o.description} ${o.validTimeDateDescription ?? ''}`;
      const min = /Minimum (?:bill value|transaction) (Rs\. [\d,]+)/.exec(o.description!);
      expect(min?.[1] ?? null, `offer ${o.offerId}`).toBe(o.e.minBill === null ? null : rs(o.e.minBill));
      const cap = /Max\. discount (Rs\. [\d,]+)/.exec(o.description!);
      expect(cap?.[1] ?? null, `offer ${o.offerId}`).toBe(o.e.maxDiscount === null ? null : rs(o.e.maxDiscount));
      // No leftover note with another minimum or cap.
      expect(text).not.toMatch(/Minimum (order|spend)|Maximum (discount|cashback)/i);
      // A perk's own minimum is the offer's.
      const perkMin = /above (Rs\. [\d,]+)/.exec(o.header);
      if (perkMin) expect(rs(o.e.minBill ?? 0)).toBe(perkMin[1]);
      // Days a header names are the offer's days.
      const headerDays = new RegExp(`every ((?:${dayWords})(?: and (?:${dayWords}))*|weekend)\\b`).exec(o.header);
      if (headerDays) {
        const named =
          headerDays[1] === 'weekend'
            ? ['sat', 'sun']
            : headerDays[1]!.split(' and ').map((name) => Object.entries(DAY_NAMES).find(([, n]) => n === name)![0]);
        expect(o.e.days).toEqual(named);
      }
      // Each day of the offer is in its validity, unless a hotel's periods take its place.
      if (o.e.days.length > 0 && !o.validTimeDateDescription!.startsWith('Book by')) {
        const validity = o.validTimeDateDescription!;
        // A range ('Monday to Friday', with hours after it or not) names its first and last days only.
        if (!/^\w+day to \w+day\b/.test(validity))
          for (const day of o.e.days) expect(validity).toContain(DAY_NAMES[day]);
      }
      if (o.e.days.length === 0 && o.validTimeDateDescription)
        expect(o.validTimeDateDescription).not.toMatch(new RegExp(`${dayWords}|weekend`, 'i'));
      if (/weekend/i.test(o.label)) expect(o.e.days).toEqual(['sat', 'sun']);
    }
  });
});
