// Builds the demo catalogue in memory, without touching the database. Pure and deterministic:
// the same offer count and the same `now` give exactly the same rows.
import {
  AD_PLACEMENT,
  AD_SPACE,
  OFFER_DATE_TYPES,
  OFFER_HEADER_MAX,
  OFFER_TYPES,
  SRI_LANKA_UTC_OFFSET_MS,
} from '../../contract/limits.ts';
import {
  cardName,
  coveredCards,
  type CardNetwork,
  type CardSpecData,
  type EligibilityData,
  type Weekday,
} from '../../contract/eligibility.ts';
import { ENDING_SOON_DAYS, NEW_OFFER_DAYS } from '../../lib/constants.ts';
import { CATEGORY_PAGE_SIZE } from '../../contract/limits.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import type * as schema from '../db/schema.ts';
import {
  BANK_TERM_TEMPLATES,
  BANKS,
  CARD_TIERS,
  CATEGORIES,
  GENERAL_TERMS,
  HOUSE_ADS,
  LOCATIONS,
  TIME_DESCRIPTIONS,
  type BankSeed,
  type CategorySeed,
} from './data.ts';
import { merchantSlugChoices, slugify } from '../../lib/slugify.ts';
import { imageUrl } from '../services/images.ts';
import { createRandom, type Random } from './random.ts';
import { bankTerms, cardsWording, perkPlanMonths } from './bank-terms.ts';
import { categoryIconSvg, houseAdSvg, merchantBannerSvg, merchantLogoSvg } from '../images/svg.ts';
import { bankMonogramImages, categoryIconName, drawingSourceOf, svgImage, type ImageRow } from '../images/svg-image.ts';

export const DEFAULT_OFFER_COUNT = 600;
export const MAX_OFFER_COUNT = 200_000;
/** Fixed seed of the generator; change it and the whole demo catalogue changes. */
export const SEED = 0x0ff3_1a4c;
/** The stream of the banks' cadences and limits (bank-terms.ts), apart from the offers' own. */
const BANK_TERMS_STREAM = 'bank-terms';

/**
 * The types an offer is drawn as. Plans are not drawn: a customised offer whose perk is a 0% plan
 * ('0% instalments up to 12 months') is stored as one (offer type 'instalment').
 */
const DRAWN_TYPES = OFFER_TYPES.filter((type) => type !== 'instalment');
type OfferType = (typeof DRAWN_TYPES)[number];
type OfferDateType = (typeof OFFER_DATE_TYPES)[number];

export type BankRow = typeof schema.banks.$inferInsert & { bankId: number };
export type CategoryRow = typeof schema.categories.$inferInsert & { categoryId: number };
export type MerchantRow = typeof schema.merchants.$inferInsert & { merchantId: number };
export type LocationRow = typeof schema.locations.$inferInsert & { locationId: number };
export type OfferRow = typeof schema.offers.$inferInsert & { offerId: number };
export type TermRow = typeof schema.termsConditions.$inferInsert & { termId: number };
export type HouseAdRow = typeof schema.houseAds.$inferInsert & { adId: number };
export type CardTierRow = typeof schema.cardTiers.$inferInsert & { tierId: number };
export type CategoryKeywordRow = typeof schema.categoryKeywords.$inferInsert;

export interface DemoData {
  cardTiers: CardTierRow[];
  banks: BankRow[];
  categoryKeywords: CategoryKeywordRow[];
  categories: CategoryRow[];
  merchants: MerchantRow[];
  locations: LocationRow[];
  terms: TermRow[];
  houseAds: HouseAdRow[];
  offers: OfferRow[];
  images: ImageRow[];
}

export interface BuildOptions {
  offers?: number;
  now?: Date;
}

/** Lower case, every run of non-alphanumeric characters turned into one '-', trimmed of '-'. */

const bankImageBaseName = (slug: string) => `bank-${slug}`;
// The names pages show; each is drawn as an SVG row and rasterised by the API on its first request
// (drawingSourceOf): 300 merchants' banners drawn at seed would add seconds to every seed.
const merchantLogoName = (merchantId: number) => `merchant-${merchantId}.png`;
const merchantBannerName = (merchantId: number) => `banner-merchant-${merchantId}.webp`;
const houseAdImageName = (adId: number) => `ad-${adId}.webp`;

/** The SVG row that the image shown as `shownName` is drawn from. */
const drawing = (shownName: string, svg: string) => svgImage(drawingSourceOf(shownName)!.sourceName, svg);

// Offer dates are whole days in Sri Lanka time.
const SECOND = 1000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const dayIndex = (ms: number) => Math.floor((ms + SRI_LANKA_UTC_OFFSET_MS) / DAY);
const dayStart = (day: number) => new Date(day * DAY - SRI_LANKA_UTC_OFFSET_MS);
const dayEnd = (day: number) => new Date(day * DAY - SRI_LANKA_UTC_OFFSET_MS + DAY - SECOND);

export function validateOfferCount(value: number): number {
  if (!Number.isInteger(value) || value < 1 || value > MAX_OFFER_COUNT) {
    throw new RangeError(`offers must be a whole number from 1 to ${MAX_OFFER_COUNT}, got ${value}`);
  }
  return value;
}

interface MerchantInfo {
  row: MerchantRow;
  category: CategorySeed;
  categoryId: number;
  branches: string[];
  domain: string;
}

export function buildDemoData(options: BuildOptions = {}): DemoData {
  const offerCount = validateOfferCount(options.offers ?? DEFAULT_OFFER_COUNT);
  const now = options.now ?? new Date();
  if (Number.isNaN(now.getTime())) throw new RangeError('now is not a valid date');
  // Independent streams, so that the offer count never changes the banks, merchants or terms.
  const stream = (part: string) => createRandom(`${SEED}:${part}`);
  const images: ImageRow[] = [];

  const cardTiers: CardTierRow[] = CARD_TIERS.map((tierName, i) => ({ tierId: i + 1, tierName, position: i + 1 }));
  const banks: BankRow[] = BANKS.map((b, i) => {
    const slug = slugify(b.name);
    const issuedCards = issuedCardsOf(b);
    const monogram = bankMonogramImages(bankImageBaseName(slug), {
      name: b.name,
      letters: b.monogram,
      color: b.color,
      ink: b.ink,
    });
    images.push(monogram.logo, monogram.thumbnail);
    return {
      bankId: i + 1,
      bankName: b.name,
      slug,
      logoUrl: imageUrl(monogram.logo.name),
      thumbnailUrl: imageUrl(monogram.thumbnail.name),
      cardTypes: issuedCards.map(cardName),
      issuedCards,
      color: b.color,
    };
  });

  const categories: CategoryRow[] = CATEGORIES.map((c, i) => {
    images.push(svgImage(categoryIconName(c.iconName), categoryIconSvg(c.iconName, c.name)));
    const translations = Object.fromEntries(
      Object.entries(c.names).map(([locale, categoryName]) => [locale, { categoryName }]),
    );
    return { categoryId: i + 1, categoryName: c.name, slug: slugify(c.name), iconName: c.iconName, translations };
  });

  const categoryKeywords: CategoryKeywordRow[] = CATEGORIES.flatMap((c, i) =>
    c.keywords.map((keyword) => ({ keyword, categoryId: i + 1 })),
  );

  const locations: LocationRow[] = LOCATIONS.map((l, i) => ({ locationId: i + 1, locationName: l.name }));
  const areaCodes = new Map(LOCATIONS.map((l) => [l.name, l.areaCode]));

  const merchantRandom = stream('merchants');
  const merchantInfos: MerchantInfo[] = [];
  CATEGORIES.forEach((category, ci) => {
    for (const name of category.merchants) {
      const merchantId = merchantInfos.length + 1;
      const slug = slugify(name);
      const domain = `${slug}.example`;
      const branches = merchantRandom.sample(
        LOCATIONS.map((l) => l.name),
        merchantRandom.int(1, 5),
      );
      const home = merchantRandom.pick(branches);
      const contactNo =
        category.iconName === 'online' || merchantRandom.chance(0.15)
          ? `07${merchantRandom.pick(['0', '1', '2', '4', '5', '6', '7', '8'])}${merchantRandom.int(1_000_000, 9_999_999)}`
          : `${areaCodes.get(home) ?? '011'}${merchantRandom.int(2_000_000, 7_999_999)}`;
      images.push(drawing(merchantLogoName(merchantId), merchantLogoSvg(name, category.color)));
      images.push(drawing(merchantBannerName(merchantId), merchantBannerSvg(name, category.color, merchantId)));
      merchantInfos.push({
        row: {
          merchantId,
          merchantName: name,
          logoUrl: imageUrl(merchantLogoName(merchantId)),
          contactNo,
          webUrl: merchantRandom.chance(0.9) ? `https://www.${domain}` : null,
        },
        category,
        categoryId: ci + 1,
        branches,
        domain,
      });
    }
  });
  // Each page's slug, as db/merchant-slugs.ts gives them: the first free of the name's choices.
  const slugsTaken = new Set<string>();
  for (const { row } of merchantInfos) {
    row.slug = merchantSlugChoices(row.merchantName, row.merchantId).find((slug) => !slugsTaken.has(slug))!;
    slugsTaken.add(row.slug);
  }
  const merchants = merchantInfos.map((m) => m.row);
  const merchantsByCategory = CATEGORIES.map((_, ci) => merchantInfos.filter((m) => m.categoryId === ci + 1));

  const termRandom = stream('terms');
  const terms: TermRow[] = GENERAL_TERMS.map((value, i) => ({ termId: i + 1, bankId: null, position: i + 1, value }));
  banks.forEach((bank) => {
    const chosen = termRandom.sample(BANK_TERM_TEMPLATES, termRandom.int(2, 4));
    chosen.forEach((template, i) => {
      terms.push({
        termId: terms.length + 1,
        bankId: bank.bankId,
        position: i + 1,
        value: template.replaceAll('{bank}', bank.bankName),
      });
    });
  });

  const houseAds: HouseAdRow[] = HOUSE_ADS.map((ad, i) => {
    const adId = i + 1;
    images.push(drawing(houseAdImageName(adId), houseAdSvg(ad.title, ad.body, ad.cta, ad.color, adId)));
    return {
      adId,
      placement: AD_PLACEMENT,
      adSpace: AD_SPACE,
      title: ad.title,
      body: ad.body,
      imageUrl: imageUrl(houseAdImageName(adId)),
      linkUrl: ad.linkUrl,
      isActive: true,
    };
  });

  // Eligibility and the banks' terms draw from their own streams, so the rest of each offer is what
  // it was before they existed.
  const offers = buildOffers(
    stream('offers'),
    stream('eligibility'),
    stream(BANK_TERMS_STREAM),
    offerCount,
    now,
    banks,
    merchantsByCategory,
  );

  return { cardTiers, banks, categoryKeywords, categories, merchants, locations, terms, houseAds, offers, images };
}

type Bucket = 'expired' | 'soon' | 'running';

const OFFER_TYPE_WEIGHTS: Record<OfferType, number> = { off: 40, upto: 20, discount: 20, customize: 20 };
const DATE_TYPE_WEIGHTS: Record<OfferDateType, number> = {
  fromTo: 45,
  until: 20,
  till: 10,
  on: 7,
  other: 10,
  customize: 8,
};
const ENDING_DATE_TYPES: OfferDateType[] = ['fromTo', 'until', 'till', 'on'];
const RATES: Record<Exclude<OfferType, 'customize'>, number[]> = {
  off: [10, 15, 20, 25, 30, 35, 40, 50],
  upto: [20, 25, 30, 40, 50, 60, 70],
  discount: [5, 10, 12, 15, 20, 25],
};
/** The share of offers already expired, and of offers ending within ENDING_SOON_DAYS. */
const EXPIRED_SHARE = 0.08;
const ENDING_SOON_SHARE = 0.08;
/** The share of all offers created within NEW_OFFER_DAYS (expired ones are never new). */
const NEW_SHARE = 0.08;
const CREATED_WITHIN_DAYS = 90;

/** The first offers cover every offer type, date type, bank and category even for tiny counts. */
interface Plan {
  bucket?: Bucket;
  isNew?: boolean;
  dateType?: OfferDateType;
  offerType?: OfferType;
  bank?: number;
  category?: number;
}
const COVERAGE: Plan[] = [
  { bucket: 'expired', dateType: 'fromTo', isNew: false },
  { bucket: 'soon', dateType: 'until', isNew: false },
  { bucket: 'running', dateType: 'till', isNew: true },
  { bucket: 'running', dateType: 'on', isNew: false },
  { bucket: 'running', dateType: 'other', isNew: false },
  { bucket: 'running', dateType: 'customize', isNew: false },
];

/**
 * A bank's category with more than two pages of running offers on the bank page, so that a demo of
 * any size shows 'Load more offers' there more than once: the offers right after those that cover
 * every bank, category and type go to the first bank's first category. Their other draws are made
 * as for any offer, so the rest of the data set is the same as without them.
 */
const FULL_CATEGORY_OFFERS = 2 * CATEGORY_PAGE_SIZE + 1;

function buildOffers(
  random: Random,
  eligibilityRandom: Random,
  bankTermsRandom: Random,
  count: number,
  now: Date,
  banks: BankRow[],
  merchantsByCategory: MerchantInfo[][],
): OfferRow[] {
  const nowMs = now.getTime();
  const today = dayIndex(nowMs);
  const bankWeights = BANKS.map((b) => b.weight);
  const categoryWeights = CATEGORIES.map((c) => c.weight);
  const bankIndexes = BANKS.map((_, i) => i);
  const categoryIndexes = CATEGORIES.map((_, i) => i);
  const newShareOfLive = NEW_SHARE / (1 - EXPIRED_SHARE);
  const covered = Math.max(COVERAGE.length, DRAWN_TYPES.length, BANKS.length, CATEGORIES.length);

  const drafts: { createdMs: number; order: number; row: Omit<OfferRow, 'offerId'> }[] = [];
  for (let i = 0; i < count; i++) {
    const plan: Plan = { ...COVERAGE[i] };
    if (i < DRAWN_TYPES.length) plan.offerType = DRAWN_TYPES[i];
    if (i < BANKS.length) plan.bank = i;
    if (i < CATEGORIES.length) plan.category = i;

    const inFullCategory = i >= covered && i < covered + FULL_CATEGORY_OFFERS;
    let bucket = plan.bucket;
    if (!bucket) {
      const r = random.next();
      bucket = r < EXPIRED_SHARE ? 'expired' : r < EXPIRED_SHARE + ENDING_SOON_SHARE ? 'soon' : 'running';
    }
    if (inFullCategory) bucket = 'running';
    const dateType =
      plan.dateType ??
      (bucket === 'running'
        ? random.weighted(
            OFFER_DATE_TYPES,
            OFFER_DATE_TYPES.map((t) => DATE_TYPE_WEIGHTS[t]),
          )
        : random.weighted(
            ENDING_DATE_TYPES,
            ENDING_DATE_TYPES.map((t) => DATE_TYPE_WEIGHTS[t]),
          ));
    const offerType =
      plan.offerType ??
      random.weighted(
        DRAWN_TYPES,
        DRAWN_TYPES.map((t) => OFFER_TYPE_WEIGHTS[t]),
      );
    const drawnBank = plan.bank ?? random.weighted(bankIndexes, bankWeights);
    const bankSeed: BankSeed = BANKS[inFullCategory ? 0 : drawnBank]!;
    const bank = banks[BANKS.indexOf(bankSeed)]!;
    const drawnCategory = plan.category ?? random.weighted(categoryIndexes, categoryWeights);
    const categoryIndex = inFullCategory ? 0 : drawnCategory;
    const merchant = random.pick(merchantsByCategory[categoryIndex]!);
    const category = merchant.category;

    // Creation time, then the validity days, all relative to now.
    const isNew = bucket === 'expired' ? false : (plan.isNew ?? random.chance(newShareOfLive));
    const ageMs = isNew
      ? random.next() * (NEW_OFFER_DAYS * DAY - HOUR)
      : bucket === 'expired'
        ? (10 + random.next() * (CREATED_WITHIN_DAYS - 10)) * DAY
        : NEW_OFFER_DAYS * DAY + HOUR + random.next() * ((CREATED_WITHIN_DAYS - NEW_OFFER_DAYS) * DAY - HOUR);
    const createdMs = Math.floor((nowMs - ageMs) / SECOND) * SECOND;
    const createdDay = dayIndex(createdMs);
    let offerStart: Date | null = null;
    let offerEnd: Date | null = null;
    if (dateType === 'other' || dateType === 'customize') {
      if (random.chance(0.5)) offerStart = dayStart(Math.min(today, createdDay + random.int(0, 3)));
    } else {
      const endDay =
        bucket === 'expired'
          ? random.int(createdDay + 1, today - 1)
          : bucket === 'soon'
            ? today + random.int(0, ENDING_SOON_DAYS - 1)
            : today + random.int(ENDING_SOON_DAYS + 1, 180);
      offerEnd = dayEnd(endDay);
      if (dateType === 'on') offerStart = dayStart(endDay);
      else if (dateType === 'fromTo')
        offerStart = dayStart(random.int(createdDay, Math.min(endDay, today, createdDay + 14)));
    }

    // Rate, texts and extras.
    let offerRate: string;
    let tag: string;
    if (offerType === 'customize') {
      offerRate = random.pick(category.perks);
      tag = offerRate;
    } else {
      const rate = random.pick(RATES[offerType]);
      offerRate = String(rate);
      tag = offerType === 'off' ? `${rate}% off` : offerType === 'upto' ? `up to ${rate}% off` : `a ${rate}% discount`;
    }
    const thing = random.pick(category.things);
    const drawnHeader = offerHeader(random, offerType, offerRate, thing, merchant.row.merchantName, bank.bankName);
    const drawnLabel = random.pick(category.labels);
    const timeDescription =
      dateType === 'other' || dateType === 'customize' || random.chance(0.2) ? random.pick(TIME_DESCRIPTIONS) : null;
    const notes = random.sample(category.notes, random.int(2, Math.min(3, category.notes.length)));
    const promoCode = random.chance(1 / 3)
      ? `${bankSeed.monogram}${category.promo}${offerType === 'customize' ? random.int(10, 99) : offerRate}`
      : null;
    const mobileNo = [merchant.row.contactNo!];
    if (random.chance(0.3)) mobileNo.push(bankSeed.hotline);
    const email = random.chance(0.6)
      ? [`${random.pick(['offers', 'info', 'reservations', 'hello'])}@${merchant.domain}`]
      : [];
    const creditCards = bank.issuedCards!.filter((card) => card.kind === 'credit');
    const listed = random.chance(0.25) ? null : random.sample(creditCards, random.int(1, creditCards.length));
    const { eligibility, header, label, validity, terms } = bankTerms(bankTermsRandom, {
      category,
      bankName: bank.bankName,
      bankHotline: bankSeed.hotline,
      issuedCards: bank.issuedCards!,
      merchantName: merchant.row.merchantName,
      merchantWebsite: `https://${merchant.domain}`,
      thing,
      offerType,
      offerRate,
      header: drawnHeader,
      label: drawnLabel,
      validity: timeDescription,
      lastDay: offerEnd,
      promoCode,
      eligibility: demoEligibility(eligibilityRandom, listed, category, merchant.domain),
    });
    const cardTypes = coveredCards(bank.issuedCards!, eligibility).map(cardName);
    const where = `${escapeHtml(merchant.row.merchantName)} with your ${escapeHtml(bank.bankName)} ${escapeHtml(cardsWording(eligibility))}`;
    const points = [...terms, ...notesFor(notes)];
    const description =
      (offerType === 'customize'
        ? `<p><strong>${escapeHtml(tag)}</strong> at ${where}.</p>`
        : `<p>Enjoy <strong>${escapeHtml(tag)}</strong> on ${escapeHtml(thing)} at ${where}.</p>`) +
      (validity ? `<p>Valid: <strong>${escapeHtml(validity)}</strong>.</p>` : '') +
      (points.length ? `<ul>${points.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>` : '') +
      `<p>Call ${escapeHtml(merchant.row.contactNo ?? bankSeed.hotline)} for details.</p>`;

    const places = random.sample(merchant.branches, random.int(1, merchant.branches.length));
    const location = places.map((value) => ({ value, isActive: random.chance(0.85) }));
    if (!location.some((l) => l.isActive)) location[random.int(0, location.length - 1)]!.isActive = true;
    const reviewStatus =
      i < COVERAGE.length || random.chance(0.95) ? 'accepted' : random.chance(0.6) ? 'pending' : 'rejected';

    const planMonths = offerType === 'customize' ? perkPlanMonths(offerRate) : null;
    drafts.push({
      createdMs,
      order: i,
      row: {
        label,
        header,
        description,
        bannerImageUrl: random.chance(0.9) ? imageUrl(merchantBannerName(merchant.row.merchantId)) : null,
        ...(planMonths === null
          ? { offerType, offerRate }
          : { offerType: 'instalment', offerRate: '0', instalmentMonths: planMonths }),
        offerDateType: dateType,
        offerStart,
        offerEnd,
        validTimeDateDescription: validity,
        promoCode,
        hotLine: { mobileNo, email },
        cardTypes,
        location,
        eligibility,
        reviewStatus,
        views: random.int(0, 5000),
        bankId: bank.bankId,
        categoryId: merchant.categoryId,
        merchantId: merchant.row.merchantId,
        ownerUserId: null,
        createdAt: new Date(createdMs),
      },
    });
  }
  // Ids follow creation time, as they would on a live site.
  drafts.sort((a, b) => a.createdMs - b.createdMs || a.order - b.order);
  return drafts.map((d, i) => ({ offerId: i + 1, ...d.row }));
}

function offerHeader(
  random: Random,
  offerType: OfferType,
  rate: string,
  thing: string,
  merchant: string,
  bankName: string,
): string {
  const candidates: string[] = [];
  switch (offerType) {
    case 'off':
      candidates.push(
        random.pick([`${rate}% off on ${thing} at ${merchant}`, `Enjoy ${rate}% off on ${thing} at ${merchant}`]),
      );
      candidates.push(`${rate}% off at ${merchant}`);
      break;
    case 'upto':
      candidates.push(
        random.pick([
          `Up to ${rate}% off on ${thing} at ${merchant}`,
          `Save up to ${rate}% on ${thing} at ${merchant}`,
        ]),
      );
      candidates.push(`Up to ${rate}% off at ${merchant}`);
      break;
    case 'discount':
      candidates.push(
        random.pick([
          `${rate}% discount on ${thing} at ${merchant}`,
          `Enjoy a ${rate}% discount on ${thing} at ${merchant}`,
        ]),
      );
      candidates.push(`${rate}% discount at ${merchant}`);
      break;
    case 'customize':
      if (random.chance(0.4)) candidates.push(`${rate} at ${merchant} with ${bankName} cards`);
      candidates.push(`${rate} at ${merchant}`);
      candidates.push(rate);
      break;
  }
  const fitting = candidates.find((c) => c.length <= OFFER_HEADER_MAX);
  return fitting ?? candidates[candidates.length - 1]!.slice(0, OFFER_HEADER_MAX).trimEnd();
}

/**
 * The category's notes, less those that state a minimum bill, a cap, an instalment plan or a promo
 * code: the offer's own terms (bank-terms.ts) state those from its eligibility, and a note could
 * contradict them.
 */
const notesFor = (notes: string[]) =>
  notes.filter((note) => !/minimum (order|bill|spend)|maximum (discount|cashback)|instalment|promo code/i.test(note));

/** The bank's cards: its credit cards by name ('Visa Platinum'), and a debit card on each of its debit networks. */
function issuedCardsOf(bank: BankSeed): CardSpecData[] {
  const credit = bank.cardTypes.map((name): CardSpecData => {
    const [network, ...tier] = name.split(' ');
    return { network: SEED_NETWORKS[network!]!, kind: 'credit', tier: tier.join(' ') || null };
  });
  return [...credit, ...bank.debitNetworks.map((network): CardSpecData => ({ network, kind: 'debit', tier: null }))];
}
const SEED_NETWORKS: Record<string, CardNetwork> = { Visa: 'visa', Mastercard: 'mastercard', Amex: 'amex' };

const DAY_PLANS: { weight: number; days: Weekday[] }[] = [
  { weight: 60, days: [] },
  { weight: 12, days: ['sat', 'sun'] },
  { weight: 10, days: ['fri', 'sat'] },
  { weight: 8, days: ['mon', 'tue', 'wed', 'thu', 'fri'] },
  { weight: 10, days: ['wed'] },
];
const ONLINE_ICONS = new Set(['online']);
const BOTH_ICONS = new Set(['shopping', 'electronics', 'fashion', 'travel', 'hotels', 'education']);

/** A realistic mix: cards listed or all credit cards, some days and hours, spend floors and caps, in store or online. */
function demoEligibility(
  random: Random,
  listedCards: CardSpecData[] | null,
  category: CategorySeed,
  merchantDomain: string,
): EligibilityData {
  // Some offers name only the network: 'Visa credit cards'.
  const cards = listedCards
    ?.map((card) => (random.chance(0.2) ? { ...card, tier: null } : card))
    .filter(
      (card, i, all) =>
        all.findIndex(
          (other) => other.network === card.network && other.kind === card.kind && other.tier === card.tier,
        ) === i,
    );
  const days =
    DAY_PLANS[
      random.weighted(
        DAY_PLANS.map((_, i) => i),
        DAY_PLANS.map((plan) => plan.weight),
      )
    ]!.days;
  const evening = category.iconName === 'dining' && random.chance(0.25);
  const channel = ONLINE_ICONS.has(category.iconName)
    ? 'online'
    : BOTH_ICONS.has(category.iconName) && random.chance(0.35)
      ? 'both'
      : 'inStore';
  return {
    cardScope: cards ? 'listed' : random.chance(0.2) ? 'all' : 'credit',
    cards: cards ?? [],
    days: [...days],
    timeFrom: evening ? '18:00' : null,
    timeTo: evening ? '22:30' : null,
    minBill: random.chance(0.4) ? random.pick(category.minBills) : null,
    maxDiscount: random.chance(0.35) ? random.pick(category.caps) : null,
    channel,
    website: channel === 'inStore' ? null : `https://${merchantDomain}`,
    registerFirst: false,
    convertWithinDays: null,
    promoCodeRequired: false,
  };
}
