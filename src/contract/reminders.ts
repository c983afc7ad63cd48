// Expiry reminders (issue 17, docs/api.md "Expiry reminders"): one SMS the chosen number of days
// before favourites end. The setting's request and answer, the limits and the API's texts (the
// profile's block and the first favourite's line are messages, account_reminders_…). Imported
// directly (not through index.ts), so that only the profile's Reminders block and the first
// favourite's line (loaded on demand) carry it.
import * as v from 'valibot';
import { error_bad_days, error_bad_stop_link, error_invalid } from '../../messages/errors/en.json';

/** The days before a favourite's end that its reminder may go. */
export const REMINDER_DAY_CHOICES = [1, 2, 3] as const;
export type ReminderDays = (typeof REMINDER_DAY_CHOICES)[number];
/** What the profile proposes when reminders are off. */
export const REMINDER_DEFAULT_DAYS: ReminderDays = 2;
/** No reminder goes from this hour (Sri Lanka's time) until REMINDER_QUIET_UNTIL_HOUR. */
export const REMINDER_QUIET_FROM_HOUR = 21;
export const REMINDER_QUIET_UNTIL_HOUR = 8;
/** Offers named in one SMS; the rest are "and N more", so the message stays short. */
export const REMINDER_OFFERS_NAMED = 2;
/** An offer's name is cut to this many characters in the SMS. */
export const REMINDER_OFFER_NAME_MAX = 40;

/** The answers' success texts; the refusals' are their codes' (error-codes.ts: bad_days, bad_stop_link, …). */
export const REMINDER_MESSAGES = {
  turnedOn: (days: number) =>
    `Reminders on: we text you ${days} day${days === 1 ? '' : 's'} before your favourites end.`,
  turnedOff: 'Reminders off: we will not text you about your favourites.',
  offerMarked: 'Noted.',
  linksRevoked:
    'Done: no stop or unsubscribe link sent to you before now works any more. Newer texts and e-mails carry new ones.',
  stopped:
    'Reminders are off. You will get no more texts about your favourites ending or the offers you planned to use. You can turn them on again in your profile.',
} as const;

const DaysBefore = v.nullable(v.picklist(REMINDER_DAY_CHOICES, error_bad_days));

/** PUT /user/reminders */
export const ReminderSettingRequest = v.object({ daysBefore: DaysBefore }, error_bad_days);

/** offerShown: the first favourite's line has been shown to this account (it shows once). */
export const ReminderSettingData = v.object({ daysBefore: DaysBefore, offerShown: v.boolean() });
export const ReminderSettingResponse = v.object({ status: v.literal(true), data: ReminderSettingData });
export const ReminderSettingChangedResponse = v.object({
  status: v.literal(true),
  message: v.string(),
  data: ReminderSettingData,
});

/** GET /reminders/stop?token=: the signed link every reminder carries. */
export const ReminderStopQuery = v.object(
  {
    token: v.pipe(
      v.string(error_bad_stop_link),
      v.nonEmpty(error_bad_stop_link),
      v.maxLength(500, error_bad_stop_link),
    ),
  },
  error_bad_stop_link,
);
export const ReminderStopResponse = v.object({ status: v.literal(true), message: v.string() });

/** POST /dev/reminders/run?at=: development only, one reminder run now, or as if at `at` (ISO 8601), as `npm run reminders -- --now --at` does. */
export const ReminderRunQuery = v.object({
  at: v.optional(
    v.pipe(
      v.string(error_invalid),
      v.maxLength(40, error_invalid),
      v.check((at) => !Number.isNaN(Date.parse(at)), error_invalid),
    ),
  ),
});
export const ReminderRunResponse = v.object({
  status: v.literal(true),
  data: v.object({ sent: v.number(), skipped: v.number(), failed: v.number(), quiet: v.boolean() }),
});
