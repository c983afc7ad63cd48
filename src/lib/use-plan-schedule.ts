// When a plan's reminders go ("I'll use this", docs/api.md §7d): one rule for the server's job and
// for the dialog that tells the user what will come. Days are Sri Lanka days (YYYY-MM-DD); a
// reminder goes on its day from 08:00 (outside the quiet hours), or later that day, and not after
// its last day: a reminder that can no longer help is not sent.
// - register first: the day before the offer starts, or at once if it starts sooner (or started);
// - call within N days to convert: the morning after the day of use, naming the last day to call;
// - promo code: on the day of use.
import type { EligibilityData } from '../contract/eligibility.ts';
import type { UsePlanStep } from '../contract/use-plans.ts';
import { sriLankaDay } from './valid-today.ts';

type Steps = Pick<EligibilityData, 'registerFirst' | 'convertWithinDays' | 'promoCodeRequired'>;

export interface ScheduledReminder {
  step: UsePlanStep;
  /** The Sri Lanka day it goes. */
  day: string;
  /** The last day it is still sent. */
  lastDay: string;
  /** For 'convert': the last day to call the bank. */
  deadline?: string;
}

/** The steps an offer needs, in the order their reminders come; none: nothing to plan. */
export function offerSteps(eligibility: Steps): UsePlanStep[] {
  return [
    ...(eligibility.registerFirst ? (['register'] as const) : []),
    ...(eligibility.convertWithinDays !== null ? (['convert'] as const) : []),
    ...(eligibility.promoCodeRequired ? (['promo'] as const) : []),
  ];
}

/** The day `days` after a YYYY-MM-DD day. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * A plan's reminders: made on `plannedOn`, for use on `usedOn`, of an offer starting at `offerStart`.
 * A step whose moment has passed when the plan is made (registering before a use already made, the
 * code of a past day, a call whose window has closed) has no reminder.
 */
export function planReminders(
  eligibility: Steps,
  offerStart: Date | string | null,
  usedOn: string,
  plannedOn: string,
): ScheduledReminder[] {
  const reminders: ScheduledReminder[] = [];
  if (eligibility.registerFirst && usedOn >= plannedOn) {
    const beforeStart = offerStart === null ? plannedOn : addDays(sriLankaDay(new Date(offerStart)).date, -1);
    reminders.push({ step: 'register', day: later(plannedOn, earlier(beforeStart, usedOn)), lastDay: usedOn });
  }
  if (eligibility.convertWithinDays !== null) {
    const deadline = addDays(usedOn, eligibility.convertWithinDays);
    if (deadline >= plannedOn)
      reminders.push({ step: 'convert', day: later(plannedOn, addDays(usedOn, 1)), lastDay: deadline, deadline });
  }
  if (eligibility.promoCodeRequired && usedOn >= plannedOn)
    reminders.push({ step: 'promo', day: usedOn, lastDay: usedOn });
  return reminders;
}
