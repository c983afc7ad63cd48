// A merchant's new or edited offer: the offer-creation wizard's form (src/contract/offer-form.ts),
// checked against the catalogue, saved as 'pending'. Pending offers are public nowhere (offers.ts
// lists only accepted ones); the owner sees them in GET /get/offers/by/user/{userId} with a token,
// with the team's reason when one was rejected. The team's editor sets the same columns.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { and, eq, ne } from 'drizzle-orm';
import { bankIssues, cardName, coveredCards } from '../../contract/eligibility.ts';
import { SRI_LANKA_UTC_OFFSET_MS, USER_TYPES } from '../../contract/index.ts';
import type { MerchantStep, TranslatedLocale } from '../../contract/limits.ts';
import { datesNeeded, parseFormDate, type CreateOfferData } from '../../contract/offer-form.ts';
import type { OfferTranslationsData } from '../../contract/responses.ts';
import { sanitizeDescription } from '../../lib/sanitize-description.ts';
import type { Database } from '../db/client.ts';
import { images, offers, type OfferLocation } from '../db/schema.ts';
import { failure, fieldFailure, fieldIssue, HttpFailure } from '../errors.ts';
import type { UserRow } from '../serialize.ts';
import { decodeUploadedImage, imageUrl } from '../services/images.ts';
import { localPhoneNumber, merchantIdForOffer } from './merchant-accounts.ts';
import { categoryExists, findBank, knownLocationNames } from './catalogue.ts';
import { findOfferById } from './offers.ts';

dayjs.extend(utc);

// Offer dates are whole days in Sri Lanka time, as the seed's are: from the first to the last
// second of the day the form names. In UTC mode, so the server's own time zone (and its daylight
// saving) never shifts a day; dayjs's utcOffset(…, keepLocalTime) does, hence the subtraction.
const sriLankaDayStart = (utcMidnight: Date) => dayjs.utc(utcMidnight).subtract(SRI_LANKA_UTC_OFFSET_MS, 'ms');
const dayStart = (utcMidnight: Date) => sriLankaDayStart(utcMidnight).toDate();
const dayEnd = (utcMidnight: Date) => sriLankaDayStart(utcMidnight).add(1, 'day').subtract(1, 'second').toDate();

/** offerStart and offerEnd for the validity type: fromTo both, on that one day, until/till an end, other/customize none. */
function offerPeriod(form: Pick<CreateOfferData, 'offerValidity' | 'fromDate' | 'toDate'>) {
  const needed = datesNeeded(form.offerValidity);
  const from = needed.from ? parseFormDate(form.fromDate) : undefined;
  const to = needed.to ? parseFormDate(form.toDate) : undefined;
  if (form.offerValidity === 'on')
    return { offerStart: from ? dayStart(from) : null, offerEnd: from ? dayEnd(from) : null };
  return { offerStart: from ? dayStart(from) : null, offerEnd: to ? dayEnd(to) : null };
}

/** The form's Sinhala and Tamil texts as stored: only the fields given, only the languages with one. */
function offerTranslationsOfForm(translations: CreateOfferData['translations']): OfferTranslationsData {
  const stored: OfferTranslationsData = {};
  for (const [locale, texts] of Object.entries(translations) as [
    TranslatedLocale,
    (typeof translations)[TranslatedLocale],
  ][]) {
    if (!texts) continue;
    const given = Object.entries({
      label: texts.offerTitle,
      header: texts.offerHeader,
      description: sanitizeDescription(texts.offerDescription),
    }).filter(([, text]) => text !== '');
    if (given.length) stored[locale] = Object.fromEntries(given);
  }
  return stored;
}

/** A banner upload checked as every image upload (PNG or JPEG by its bytes, capped in size): its 400 names the field. */
function decodeBanner(base64: string) {
  try {
    return decodeUploadedImage(base64);
  } catch (error) {
    if (error instanceof HttpFailure) throw fieldFailure(400, 'bannerImage', error.code, error.params);
    throw error;
  }
}

/**
 * The offer columns a form sets, checked against the catalogue: 400 naming the category, bank or
 * locations the catalogue does not have. Shared by a new offer, an owner's edit and the team's edit.
 * A banner in the form is stored as an image of `uploaderUserId`; without one the offer keeps its banner.
 */
export async function offerColumnsOfForm(db: Database, form: CreateOfferData, uploaderUserId: number) {
  const banner = form.bannerImage === undefined ? undefined : decodeBanner(form.bannerImage);
  const [bank, hasCategory] = await Promise.all([findBank(db, form.bankInfo), categoryExists(db, form.offerCategory)]);
  if (!hasCategory) throw fieldFailure(400, 'offerCategory', 'unknown_category_id');
  if (!bank) throw fieldFailure(400, 'bankInfo', 'unknown_bank_id');

  const names = [...new Set(form.locations)];
  const known = await knownLocationNames(db, names);
  const unknown = form.locations.flatMap((name, i) =>
    known.has(name) ? [] : [fieldIssue(`locations.${i}`, 'unknown_location')],
  );
  if (unknown.length) {
    const unknownNames = names.filter((name) => !known.has(name)).join(', ');
    throw failure(400, 'unknown_locations', { names: unknownNames }, { issues: unknown.slice(0, 20) });
  }
  // Every chosen town is where the offer holds: all are active, so the page and the lists show them all.
  const location: OfferLocation[] = names.map((value) => ({ value, isActive: true }));
  // Listed cards' tiers as the bank's cards spell them.
  const eligibility = {
    ...form.eligibility,
    cards: form.eligibility.cards.map((card) => ({
      ...card,
      tier:
        card.tier &&
        (bank.issuedCards.find((own) => own.tier?.toLowerCase() === card.tier!.toLowerCase())?.tier ?? card.tier),
    })),
  };
  const notIssued = eligibility.cards.flatMap((card, i) => (bankIssues(bank.issuedCards, card) ? [] : [{ card, i }]));
  if (notIssued.length) {
    throw failure(
      400,
      'cards_not_issued',
      { bank: bank.bankName, cards: notIssued.map(({ card }) => cardName(card)).join(', ') },
      { issues: notIssued.map(({ i }) => fieldIssue(`eligibility.cards.${i}`, 'card_not_issued')) },
    );
  }
  if (banner)
    await db
      .insert(images)
      .values({ name: banner.name, contentType: banner.contentType, bytes: banner.bytes, ownerUserId: uploaderUserId });
  return {
    label: form.offerTitle,
    header: form.offerHeader,
    description: sanitizeDescription(form.offerDescription),
    translations: offerTranslationsOfForm(form.translations),
    offerType: form.offerType,
    offerRate: form.offerRate,
    // The contract holds months to plans: only an 'instalment' offer has any.
    instalmentMonths: form.offerType === 'instalment' ? form.instalmentMonths : null,
    offerDateType: form.offerValidity,
    ...offerPeriod(form),
    // Required for other/customize (what they show); kept for the others when given.
    validTimeDateDescription: form.validTimeDateDescription || null,
    promoCode: form.promoCode || null,
    cardTypes: coveredCards(bank.issuedCards, eligibility).map(cardName),
    location,
    eligibility,
    offerTerms: form.offerTerms,
    ...(banner ? { bannerImageUrl: imageUrl(banner.name) } : {}),
    bankId: bank.bankId,
    categoryId: form.offerCategory,
  };
}

/** Only an activated merchant sends offers (the team activates a company after its review). */
export function requireActivatedMerchant(user: UserRow): void {
  if (user.userType !== USER_TYPES.merchant) throw failure(403, 'merchants_only');
  if (user.merchantStep !== ('activated' satisfies MerchantStep)) throw failure(403, 'not_activated');
}

/** Saves the merchant's offer for review and returns it. */
export async function submitOffer(db: Database, user: UserRow, form: CreateOfferData) {
  const columns = await offerColumnsOfForm(db, form, user.userId);
  const merchantId = await merchantIdForOffer(db, user.userId);
  const [inserted] = await db
    .insert(offers)
    .values({
      ...columns,
      hotLine: {
        mobileNo: [localPhoneNumber(user.contactNo ?? user.mobileNo)],
        email: user.companyEmail ? [user.companyEmail] : [],
      },
      reviewStatus: 'pending',
      merchantId,
      ownerUserId: user.userId,
    })
    .returning({ offerId: offers.offerId });
  return (await findOfferById(db, inserted!.offerId))!;
}

/**
 * The owner's edit of an offer that is not listed (pending, or rejected with the team's reason):
 * it is saved and waits for review again, its earlier reason cleared. A listed offer is changed by
 * the team only; another user's offer is 403, an unknown one 404.
 */
export async function resendOwnOffer(db: Database, user: UserRow, offerId: number, form: CreateOfferData) {
  const [current] = await db
    .select({ ownerUserId: offers.ownerUserId, reviewStatus: offers.reviewStatus })
    .from(offers)
    .where(eq(offers.offerId, offerId))
    .limit(1);
  if (!current) throw failure(404, 'offer_not_found');
  if (current.ownerUserId !== user.userId) throw failure(403, 'not_your_offer');
  if (current.reviewStatus === 'accepted') throw failure(409, 'listed_offer_locked');
  const columns = await offerColumnsOfForm(db, form, user.userId);
  // The status in the condition: an offer the team accepted meanwhile is not sent back to review.
  const [updated] = await db
    .update(offers)
    .set({ ...columns, reviewStatus: 'pending', reviewReason: null, reviewedAt: null, reviewedBy: null })
    .where(and(eq(offers.offerId, offerId), ne(offers.reviewStatus, 'accepted')))
    .returning({ offerId: offers.offerId });
  if (!updated) throw failure(409, 'listed_offer_locked');
  return (await findOfferById(db, offerId))!;
}
