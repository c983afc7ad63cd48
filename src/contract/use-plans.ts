// "I'll use this" (issue 47 §5, docs/api.md §7d): a signed-in user's plan to use an offer that needs
// a step (register first, call within N days to convert, quote a promo code), and the reminders it
// brings by SMS or e-mail. The requests, answers and limits. Imported directly (not through
// index.ts), so that only the plan's dialog and the console's list carry it.
import * as v from 'valibot';
import {
  error_bad_use_channel,
  error_bad_use_day,
  error_not_json_object,
  error_use_plan_cancelled,
  error_use_plan_saved,
} from '../../messages/errors/en.json';
import { Offer } from './responses.ts';

/** The steps a plan reminds of, in the order they come. */
export const USE_PLAN_STEPS = ['register', 'convert', 'promo'] as const;
export type UsePlanStep = (typeof USE_PLAN_STEPS)[number];
/** How the reminders come: e-mail only to a confirmed address. */
export const USE_PLAN_CHANNELS = ['sms', 'email'] as const;
export type UsePlanChannel = (typeof USE_PLAN_CHANNELS)[number];
/** The day of use may be this many days before today (a purchase already made, to convert) … */
export const USE_PLAN_DAYS_BACK = 30;
/** … or this many after it. */
export const USE_PLAN_DAYS_AHEAD = 365;

/** The answers' success texts; the refusals' are their codes' (no_offer_steps, bad_use_day, …). */
export const USE_PLAN_MESSAGES = {
  saved: error_use_plan_saved,
  cancelled: error_use_plan_cancelled,
} as const;

const Day = v.pipe(v.string(error_bad_use_day), v.regex(/^\d{4}-\d{2}-\d{2}$/, error_bad_use_day));

/** POST /offers/{offerId}/use-plan: the day of use (default today in Sri Lanka) and how to be reminded. */
export const UsePlanRequest = v.object(
  {
    usedOn: v.optional(Day),
    channel: v.optional(v.picklist(USE_PLAN_CHANNELS, error_bad_use_channel), 'sms'),
  },
  error_not_json_object,
);
export type UsePlanRequestData = v.InferOutput<typeof UsePlanRequest>;

/** One reminder of a plan: its step, the Sri Lanka day it goes (from 08:00), and whether it went. */
export const UsePlanReminder = v.object({
  step: v.picklist(USE_PLAN_STEPS),
  day: v.string(),
  /** For 'convert': the last day to call the bank. */
  deadline: v.optional(v.string()),
  sent: v.boolean(),
});
export type UsePlanReminderData = v.InferOutput<typeof UsePlanReminder>;

export const UsePlan = v.object({
  offerId: v.number(),
  usedOn: v.string(),
  channel: v.picklist(USE_PLAN_CHANNELS),
  createdAt: v.string(),
  reminders: v.array(UsePlanReminder),
  offer: Offer,
});
export type UsePlanData = v.InferOutput<typeof UsePlan>;

/** The account's plans, newest first, with the state of its e-mail address (nothing is e-mailed before it is confirmed). */
export const UsePlansResponse = v.object({
  status: v.literal(true),
  data: v.array(UsePlan),
  email: v.nullable(v.string()),
  emailVerified: v.boolean(),
});
export type UsePlansAnswer = v.InferOutput<typeof UsePlansResponse>;
export const UsePlanChangedResponse = v.object({
  status: v.literal(true),
  message: v.string(),
  data: v.array(UsePlan),
  email: v.nullable(v.string()),
  emailVerified: v.boolean(),
});
