// A merchant's new offer: the offer-creation wizard's form (src/contract/offer-form.ts), checked
// again here, saved as 'pending'. Pending offers are public nowhere (offer-queries.ts lists only
// accepted ones); the owner sees them in GET /get/offers/by/user/{userId} with a token.
import { eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { SRI_LANKA_UTC_OFFSET_MS, USER_TYPES } from '../../../contract/index.ts';
import { CreateOfferRequest, datesNeeded, OFFER_MESSAGES, parseFormDate, type CreateOfferData } from '../../../contract/offer-form.ts';
import { sanitizeDescription } from '../../../lib/sanitize-description.ts';
import { requireSession, type AppEnv, type ServerDeps } from '../../context.ts';
import { banks, categories, locations, offers, type OfferLocation } from '../../db/schema.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { toOffer, type OfferJoinedRow, type UserRow } from '../../serialize.ts';
import { localPhoneNumber, merchantIdForOffer } from '../../services/merchant-accounts.ts';
import { parseJsonBody } from '../../validate.ts';
import { selectJoinedOffers } from './offer-queries.ts';

// Offer dates are whole days in Sri Lanka time, as the seed's are: from the first to the last
// second of the day the form names.
const DAY_MS = 86_400_000;
const dayStart = (utcMidnight: Date) => new Date(utcMidnight.getTime() - SRI_LANKA_UTC_OFFSET_MS);
const dayEnd = (utcMidnight: Date) => new Date(utcMidnight.getTime() - SRI_LANKA_UTC_OFFSET_MS + DAY_MS - 1000);

/** offerStart and offerEnd for the validity type: fromTo both, on that one day, until/till an end, other/customize none. */
export function offerPeriod(form: Pick<CreateOfferData, 'offerValidity' | 'fromDate' | 'toDate'>) {
  const needed = datesNeeded(form.offerValidity);
  const from = needed.from ? parseFormDate(form.fromDate) : undefined;
  const to = needed.to ? parseFormDate(form.toDate) : undefined;
  if (form.offerValidity === 'on') return { offerStart: from ? dayStart(from) : null, offerEnd: from ? dayEnd(from) : null };
  return { offerStart: from ? dayStart(from) : null, offerEnd: to ? dayEnd(to) : null };
}

const one = (path: string, message: string) => badRequest(message, { issues: [{ path, message }] });

export function createOfferRoutes(deps: ServerDeps) {
  const { db, limiter } = deps;
  const app = new Hono<AppEnv>();

  app.post('/create/new/offer', requireSession(deps), async (c) => {
    const user: UserRow = c.get('user');
    if (user.userType !== USER_TYPES.merchant) throw forbidden(OFFER_MESSAGES.merchantsOnly);
    const form = await parseJsonBody(c, CreateOfferRequest);
    await limiter.check('offerCreatePerUser', String(user.userId));

    const [[bank], [category]] = await Promise.all([
      db.select().from(banks).where(eq(banks.bankId, form.bankInfo)).limit(1),
      db.select({ categoryId: categories.categoryId }).from(categories).where(eq(categories.categoryId, form.offerCategory)).limit(1),
    ]);
    if (!category) throw one('offerCategory', OFFER_MESSAGES.unknownCategoryId);
    if (!bank) throw one('bankInfo', OFFER_MESSAGES.unknownBankId);

    const names = [...new Set(form.locations)];
    const known = new Set(names.length
      ? (await db.select({ name: locations.locationName }).from(locations).where(inArray(locations.locationName, names))).map((row) => row.name)
      : []);
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
    const [row] = await selectJoinedOffers(db).where(eq(offers.offerId, inserted!.offerId)).limit(1);
    return c.json({ status: true, message: OFFER_MESSAGES.offerSentForReview, data: toOffer(row as OfferJoinedRow) }, 201);
  });

  return app;
}
