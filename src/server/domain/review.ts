// The team's review of offers: the queue and the offers search, Accept and Reject (one or many),
// Withdraw and End now. Each decision changes the offer and writes its audit row in one
// transaction; the offer's merchant is told by SMS afterwards. Accepting, withdrawing and ending
// change what is public: the caller clears the response cache, and the site rebuilder publishes the
// changed pages (it watches the public offers).
import dayjs from 'dayjs';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { CreateOfferData } from '../../contract/offer-form.ts';
import type { TeamOfferData } from '../../contract/team.ts';
import { PUBLIC_REVIEW_STATUS, SITE_NAME } from '../../lib/constants.ts';
import { m } from '../../paraglide/messages.js';
import { baseLocale, type Locale } from '../../paraglide/runtime.js';
import type { Database } from '../db/client.ts';
import { containsPattern, pageOf } from '../db/execute.ts';
import { banks, categories, merchants, offerReports, offers, users } from '../db/schema.ts';
import { failure, HttpFailure } from '../errors.ts';
import type { SmsProvider } from '../services/sms.ts';
import { recordAudit } from './audit.ts';
import { offerColumnsOfForm } from './new-offers.ts';
import { isListed, isListedRow, joinedOfferColumns } from './offers.ts';
import { toOffer, type OfferJoinedRow } from '../serialize.ts';

const openReports =
  sql<number>`(select count(*)::int from ${offerReports} r where r.offer_id = ${offers.offerId} and r.status = 'open')`.as(
    'open_reports',
  );

export interface TeamOfferFilter {
  q: string;
  status: 'accepted' | 'pending' | 'rejected' | 'withdrawn' | 'all';
  bankId?: number;
  categoryId?: number;
  reported: boolean;
  sort: 'oldest' | 'newest';
  ending: 'any' | 'week';
}

const WEEK_DAYS = 7;

/** Listed offers that end within the next 7 days (the overview's figure, and the Offers filter). */
export function endingThisWeek(now = new Date()): SQL {
  return and(isListed(now), lte(offers.offerEnd, dayjs(now).add(WEEK_DAYS, 'day').toDate()))!;
}

/** `matchingMerchants`: the ids of the merchants whose name holds the search text. */
function teamOfferWhere(filter: TeamOfferFilter, matchingMerchants: number[]): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.status === 'withdrawn') parts.push(isNotNull(offers.withdrawnAt));
  else if (filter.status === PUBLIC_REVIEW_STATUS)
    parts.push(eq(offers.reviewStatus, PUBLIC_REVIEW_STATUS), isNull(offers.withdrawnAt));
  else if (filter.status !== 'all') parts.push(eq(offers.reviewStatus, filter.status));
  if (filter.bankId !== undefined) parts.push(eq(offers.bankId, filter.bankId));
  if (filter.categoryId !== undefined) parts.push(eq(offers.categoryId, filter.categoryId));
  if (filter.q) {
    const text = containsPattern(filter.q);
    const byId = /^\d{1,9}$/.test(filter.q) ? [eq(offers.offerId, Number(filter.q))] : [];
    const byMerchant = matchingMerchants.length ? [inArray(offers.merchantId, matchingMerchants)] : [];
    parts.push(or(ilike(offers.header, text), ilike(offers.label, text), ...byMerchant, ...byId)!);
  }
  if (filter.ending === 'week') parts.push(endingThisWeek());
  if (filter.reported)
    parts.push(
      sql`exists (select 1 from ${offerReports} r where r.offer_id = ${offers.offerId} and r.status = 'open')`,
    );
  return parts.length ? and(...parts) : undefined;
}

type TeamOfferRow = OfferJoinedRow & { openReports: number };

const selectTeamOffers = (db: Database) =>
  db
    .select({ ...joinedOfferColumns, openReports })
    .from(offers)
    .innerJoin(banks, eq(banks.bankId, offers.bankId))
    .innerJoin(categories, eq(categories.categoryId, offers.categoryId))
    .innerJoin(merchants, eq(merchants.merchantId, offers.merchantId));

function toTeamOffer(row: TeamOfferRow): TeamOfferData {
  const { offer } = row;
  return {
    ...toOffer(row),
    reviewStatus: offer.reviewStatus as TeamOfferData['reviewStatus'],
    reviewReason: offer.reviewReason,
    reviewedAt: offer.reviewedAt?.toISOString() ?? null,
    withdrawnAt: offer.withdrawnAt?.toISOString() ?? null,
    ownerUserId: offer.ownerUserId,
    flyerDraft: offer.flyerDraft,
    openReports: Number(row.openReports),
  };
}

/** A page of offers for the team, with the total. The review queue is status pending, sort oldest. */
export async function listTeamOffers(db: Database, filter: TeamOfferFilter, pageNo: number, pageSize: number) {
  // The merchants are matched first, as a list of ids: the planner then knows how many offers the
  // search can match, and uses the trigram indexes (migration 0004) rather than walking every offer
  // in date order looking for 20 that match.
  const matchingMerchants = filter.q
    ? (
        await db
          .select({ id: merchants.merchantId })
          .from(merchants)
          .where(ilike(merchants.merchantName, containsPattern(filter.q)))
      ).map((row) => row.id)
    : [];
  const where = teamOfferWhere(filter, matchingMerchants);
  const order =
    filter.sort === 'oldest'
      ? [asc(offers.createdAt), asc(offers.offerId)]
      : [desc(offers.createdAt), desc(offers.offerId)];
  const { rows, totalCount } = await pageOf(
    selectTeamOffers(db)
      .where(where)
      .orderBy(...order),
    db
      .select({ n: count() })
      .from(offers)
      .innerJoin(merchants, eq(merchants.merchantId, offers.merchantId))
      .where(where),
    pageNo,
    pageSize,
  );
  return { data: rows.map((row) => toTeamOffer(row as TeamOfferRow)), totalCount };
}

/** Several offers as the team sees them, by id, in one query (ids not found are left out). */
export async function findTeamOffers(db: Database, offerIds: number[]): Promise<Map<number, TeamOfferData>> {
  if (offerIds.length === 0) return new Map();
  const rows = await selectTeamOffers(db).where(inArray(offers.offerId, offerIds));
  return new Map(rows.map((row) => [row.offer.offerId, toTeamOffer(row as TeamOfferRow)]));
}

export async function findTeamOffer(db: Database, offerId: number): Promise<TeamOfferData> {
  const [row] = await selectTeamOffers(db).where(eq(offers.offerId, offerId)).limit(1);
  if (!row) throw failure(404, 'offer_not_found');
  return toTeamOffer(row as TeamOfferRow);
}

/** The review fields the audit log keeps of an offer. */
const reviewState = (offer: typeof offers.$inferSelect) => ({
  reviewStatus: offer.reviewStatus,
  reviewReason: offer.reviewReason,
  withdrawnAt: offer.withdrawnAt?.toISOString() ?? null,
  offerEnd: offer.offerEnd?.toISOString() ?? null,
});

export type Decision = 'accept' | 'reject';

/**
 * Accepts or rejects a pending offer (409 for any other), with the audit row, in one transaction.
 * Returns who to tell: the owner's mobile number and language, if the offer has an owner.
 */
async function decideOne(
  db: Database,
  actorUserId: number,
  offerId: number,
  decision: Decision,
  reason: string | undefined,
) {
  return db.transaction(async (tx) => {
    const [offer] = await tx.select().from(offers).where(eq(offers.offerId, offerId)).for('update').limit(1);
    if (!offer) throw failure(404, 'offer_not_found');
    if (offer.reviewStatus !== 'pending') throw failure(409, 'offer_not_pending');
    if (decision === 'accept' && offer.flyerDraft) throw failure(409, 'flyer_draft_not_completed');
    const [after] = await tx
      .update(offers)
      .set({
        reviewStatus: decision === 'accept' ? PUBLIC_REVIEW_STATUS : 'rejected',
        reviewReason: decision === 'accept' ? null : (reason ?? null),
        reviewedAt: new Date(),
        reviewedBy: actorUserId,
      })
      .where(eq(offers.offerId, offerId))
      .returning();
    await recordAudit(tx, {
      actorUserId,
      action: decision === 'accept' ? 'offer.accept' : 'offer.reject',
      targetType: 'offer',
      targetId: offerId,
      before: reviewState(offer),
      after: reviewState(after!),
      note: reason ?? null,
    });
    const owner =
      offer.ownerUserId === null
        ? undefined
        : (
            await tx
              .select({ mobileNo: users.mobileNo, locale: users.locale })
              .from(users)
              .where(eq(users.userId, offer.ownerUserId))
              .limit(1)
          )[0];
    return { header: offer.header, owner };
  });
}

/** The SMS a merchant gets when their offer is decided, in the merchant account's language. */
export function decisionText(
  header: string,
  decision: Decision,
  reason: string | undefined,
  locale: Locale = baseLocale,
): string {
  return decision === 'accept'
    ? m.notify_review_accepted({ siteName: SITE_NAME, header }, { locale })
    : m.notify_review_rejected({ siteName: SITE_NAME, header, reason: reason ?? '' }, { locale });
}

/** Tells the merchant; a failing SMS gateway does not undo the decision, it is logged. */
async function tellMerchant(
  sms: SmsProvider,
  owner: { mobileNo: string; locale: Locale } | undefined,
  header: string,
  decision: Decision,
  reason?: string,
) {
  if (!owner) return;
  const { mobileNo } = owner;
  try {
    await sms.send({ mobileNo, message: decisionText(header, decision, reason, owner.locale) });
  } catch (error) {
    console.error(
      `[review] could not send the decision SMS to +94${mobileNo}:`,
      error instanceof Error ? error.message : error,
    );
  }
}

export async function decideOffer(
  db: Database,
  sms: SmsProvider,
  actorUserId: number,
  offerId: number,
  decision: Decision,
  reason?: string,
) {
  const { header, owner } = await decideOne(db, actorUserId, offerId, decision, reason);
  await tellMerchant(sms, owner, header, decision, reason);
  return findTeamOffer(db, offerId);
}

/** Decides each offer in turn; an offer that cannot be decided is skipped with the reason, the rest go on. */
export async function decideOffers(
  db: Database,
  sms: SmsProvider,
  actorUserId: number,
  offerIds: number[],
  decision: Decision,
  reason?: string,
) {
  const decided: number[] = [];
  const skipped: { offerId: number; message: string }[] = [];
  for (const offerId of [...new Set(offerIds)]) {
    try {
      const { header, owner } = await decideOne(db, actorUserId, offerId, decision, reason);
      decided.push(offerId);
      await tellMerchant(sms, owner, header, decision, reason);
    } catch (error) {
      if (!(error instanceof HttpFailure)) throw error;
      skipped.push({ offerId, message: error.message });
    }
  }
  return { decided, skipped };
}

/**
 * Withdraw (listed nowhere, its page says it is no longer available) or End now (its end is now:
 * it expires as any offer does). Only an accepted offer still listed; 409 otherwise.
 */
export async function withdrawOrEndOffer(
  db: Database,
  actorUserId: number,
  offerId: number,
  action: 'withdraw' | 'end',
  reason: string,
) {
  await db.transaction(async (tx) => {
    const [offer] = await tx.select().from(offers).where(eq(offers.offerId, offerId)).for('update').limit(1);
    if (!offer) throw failure(404, 'offer_not_found');
    const now = new Date();
    if (!isListedRow(offer, now)) throw failure(409, 'offer_not_listed');
    const [after] = await tx
      .update(offers)
      .set(action === 'withdraw' ? { withdrawnAt: now } : { offerEnd: now })
      .where(eq(offers.offerId, offerId))
      .returning();
    await recordAudit(tx, {
      actorUserId,
      action: action === 'withdraw' ? 'offer.withdraw' : 'offer.end',
      targetType: 'offer',
      targetId: offerId,
      before: reviewState(offer),
      after: reviewState(after!),
      note: reason,
    });
  });
  return findTeamOffer(db, offerId);
}

/**
 * The reviewer's edit of any field, before deciding or after: the offer keeps its review status;
 * the audit row holds the fields that changed, before and after. A listed offer's page follows
 * with the next publish, as an accepted one's does.
 */
export async function editOffer(db: Database, actorUserId: number, offerId: number, form: CreateOfferData) {
  // The reviewer's edit completes a flyer's draft.
  const columns = { ...(await offerColumnsOfForm(db, form, actorUserId)), flyerDraft: false };
  await db.transaction(async (tx) => {
    const [offer] = await tx.select().from(offers).where(eq(offers.offerId, offerId)).for('update').limit(1);
    if (!offer) throw failure(404, 'offer_not_found');
    const changed = (Object.keys(columns) as (keyof typeof columns)[]).filter(
      (key) => JSON.stringify(offer[key]) !== JSON.stringify(columns[key]),
    );
    if (changed.length === 0) return;
    await tx.update(offers).set(columns).where(eq(offers.offerId, offerId));
    await recordAudit(tx, {
      actorUserId,
      action: 'offer.edit',
      targetType: 'offer',
      targetId: offerId,
      note: null,
      before: Object.fromEntries(changed.map((key) => [key, offer[key]])),
      after: Object.fromEntries(changed.map((key) => [key, columns[key]])),
    });
  });
  return findTeamOffer(db, offerId);
}
