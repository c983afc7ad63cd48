// A merchant's new offer: the offer-creation wizard's form (src/contract/offer-form.ts), checked
// against the catalogue, saved as 'pending'. Pending offers are public nowhere (offers.ts lists
// only accepted ones); the owner sees them in GET /get/offers/by/user/{userId} with a token.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { SRI_LANKA_UTC_OFFSET_MS } from '../../contract/index.ts';
import { datesNeeded, OFFER_MESSAGES, parseFormDate, type CreateOfferData } from '../../contract/offer-form.ts';
import { sanitizeDescription } from '../../lib/sanitize-description.ts';
import type { Database } from '../db/client.ts';
import { offers, type OfferLocation } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import type { UserRow } from '../serialize.ts';
import { localPhoneNumber, merchantIdForOffer } from '../services/merchant-accounts.ts';
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
  if (form.offerValidity === 'on') return { offerStart: from ? dayStart(from) : null, offerEnd: from ? dayEnd(from) : null };
  return { offerStart: from ? dayStart(from) : null, offerEnd: to ? dayEnd(to) : null };
}

const one = (path: string, message: string) => badRequest(message, { issues: [{ path, message }] });

/** Saves the merchant's offer for review and returns it; 400 naming the category, bank or locations the catalogue does not have. */
export async function submitOffer(db: Database, user: UserRow, form: CreateOfferData) {
  const [bank, hasCategory] = await Promise.all([findBank(db, form.bankInfo), categoryExists(db, form.offerCategory)]);
  if (!hasCategory) throw one('offerCategory', OFFER_MESSAGES.unknownCategoryId);
  if (!bank) throw one('bankInfo', OFFER_MESSAGES.unknownBankId);

  const names = [...new Set(form.locations)];
  const known = await knownLocationNames(db, names);
  const unknown = form.locations.flatMap((name, i) => (known.has(name) ? [] : [{ path: `locations.${i}`, message: OFFER_MESSAGES.unknownLocation }]));
  if (unknown.length) {
    throw badRequest(`Unknown locations: ${[...new Set(form.locations.filter((name) => !known.has(name)))].join(', ')}`, { issues: unknown.slice(0, 20) });
  }

  const merchantId = await merchantIdForOffer(db, user.userId);
  const location: OfferLocation[] = names.map((value, i) => ({ value, isActive: i === 0 }));
  const [inserted] = await db.insert(offers).values({
    label: form.offerTitle,
    header: form.offerHeader,
    description: sanitizeDescription(form.offerDescription),
    offerType: form.offerType,
    offerRate: form.offerRate,
    offerDateType: form.offerValidity,
    ...offerPeriod(form),
    // Required for other/customize (what they show); kept for the others when given.
    validTimeDateDescription: form.validTimeDateDescription || null,
    promoCode: form.promoCode || null,
    hotLine: {
      mobileNo: [localPhoneNumber(user.contactNo ?? user.mobileNo)],
      email: user.companyEmail ? [user.companyEmail] : [],
    },
    cardTypes: bank.cardTypes,
    location,
    reviewStatus: 'pending',
    bankId: bank.bankId,
    categoryId: form.offerCategory,
    merchantId,
    ownerUserId: user.userId,
  }).returning({ offerId: offers.offerId });
  return (await findOfferById(db, inserted!.offerId))!;
}
