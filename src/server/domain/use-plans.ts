// "I'll use this" (issue 47 §5, docs/api.md §7d): a signed-in user's plan to use an offer that needs
// a step, with the day of use and the channel. The reminders themselves are sent by the hourly
// reminder job (jobs/use-plan-reminders.ts); when each goes is lib/use-plan-schedule.ts.
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  USE_PLAN_DAYS_AHEAD,
  USE_PLAN_DAYS_BACK,
  type UsePlanChannel,
  type UsePlanData,
} from '../../contract/use-plans.ts';
import { addDays, offerSteps, planReminders } from '../../lib/use-plan-schedule.ts';
import { sriLankaDay } from '../../lib/valid-today.ts';
import type { Database } from '../db/client.ts';
import { offers, usePlans, usePlanSends } from '../db/schema.ts';
import { failure, invalidField } from '../errors.ts';
import type { UserRow } from '../serialize.ts';
import { findOffersByIds, isListed } from './offers.ts';

const emailConfirmed = (user: Pick<UserRow, 'email' | 'emailVerifiedAt'>) =>
  Boolean(user.email && user.emailVerifiedAt);

/** The user's plans, newest first, each with its offer (while it is public) and its reminders. */
export async function listUsePlans(db: Database, userId: number): Promise<UsePlanData[]> {
  const plans = await db
    .select()
    .from(usePlans)
    .where(eq(usePlans.userId, userId))
    .orderBy(desc(usePlans.createdAt), desc(usePlans.planId));
  if (plans.length === 0) return [];
  const [found, sends] = await Promise.all([
    findOffersByIds(
      db,
      plans.map((plan) => plan.offerId),
    ),
    db
      .select({ planId: usePlanSends.planId, step: usePlanSends.step })
      .from(usePlanSends)
      .where(
        inArray(
          usePlanSends.planId,
          plans.map((plan) => plan.planId),
        ),
      ),
  ]);
  const byId = new Map(found.map((offer) => [offer.offerId, offer]));
  const sent = new Set(sends.map((send) => `${send.planId}:${send.step}`));
  return plans.flatMap((plan) => {
    const offer = byId.get(plan.offerId);
    if (!offer) return [];
    return [
      {
        offerId: plan.offerId,
        usedOn: plan.usedOn,
        channel: plan.channel as UsePlanChannel,
        createdAt: plan.createdAt.toISOString(),
        reminders: planReminders(offer.eligibility, offer.offerStart, plan.usedOn, plan.plannedOn).map(
          ({ step, day, deadline }) => ({
            step,
            day,
            ...(deadline ? { deadline } : {}),
            sent: sent.has(`${plan.planId}:${step}`),
          }),
        ),
        offer,
      },
    ];
  });
}

/** The plans with the state of the account's address, as every answer carries them. */
export async function usePlansOf(db: Database, user: UserRow) {
  return { data: await listUsePlans(db, user.userId), email: user.email, emailVerified: emailConfirmed(user) };
}

/**
 * Plans (or re-plans) the use of a listed offer with a step. Planning again changes the day and the
 * channel; a reminder already sent is not sent again.
 */
export async function saveUsePlan(
  db: Database,
  user: UserRow,
  offerId: number,
  request: { usedOn?: string; channel: UsePlanChannel },
  now = new Date(),
): Promise<void> {
  const today = sriLankaDay(now).date;
  const usedOn = request.usedOn ?? today;
  if (
    Number.isNaN(Date.parse(`${usedOn}T00:00:00Z`)) ||
    addDays(usedOn, 0) !== usedOn || // 2031-02-30 and the like
    usedOn < addDays(today, -USE_PLAN_DAYS_BACK) ||
    usedOn > addDays(today, USE_PLAN_DAYS_AHEAD)
  )
    throw invalidField('usedOn', 'bad_use_day');
  const [offer] = await db
    .select({ eligibility: offers.eligibility })
    .from(offers)
    .where(and(eq(offers.offerId, offerId), isListed(now)));
  if (!offer) throw failure(404, 'offer_not_found');
  if (offerSteps(offer.eligibility).length === 0) throw failure(409, 'no_offer_steps');
  if (request.channel === 'email' && !emailConfirmed(user)) throw failure(409, 'use_plan_email_needed');
  await db
    .insert(usePlans)
    .values({ userId: user.userId, offerId, usedOn, channel: request.channel, plannedOn: today, createdAt: now })
    .onConflictDoUpdate({
      target: [usePlans.userId, usePlans.offerId],
      set: { usedOn, channel: request.channel, plannedOn: today },
    });
}

/** Cancels the plan: no reminder of it goes any more. 404 when there is none. */
export async function cancelUsePlan(db: Database, userId: number, offerId: number): Promise<void> {
  const removed = await db
    .delete(usePlans)
    .where(and(eq(usePlans.userId, userId), eq(usePlans.offerId, offerId)))
    .returning({ planId: usePlans.planId });
  if (removed.length === 0) throw failure(404, 'no_such_use_plan');
}
