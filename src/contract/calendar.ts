// Calendars (docs/api.md "Calendars"): an offer's .ics file, and the signed-in user's private feed of
// their favourites at a secret URL. Imported from here, not through the contract's index, so that
// only the profile's calendar block carries it.
import * as v from 'valibot';
import { Id } from './ids.ts';
import { WEEKDAYS } from './card-constants.ts';
import { error_invalid_day } from '../../messages/errors/en.json';

/** A feed token: 256 random bits in base64url (43 characters), the feed URL's only secret. */
export const CALENDAR_FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const FeedToken = v.pipe(v.string(), v.regex(CALENDAR_FEED_TOKEN_PATTERN, 'Not a calendar feed address.'));

/** GET {API}/calendar/{token}.ics: the path's last segment. */
export const CalendarFeedParams = v.object({
  feedFile: v.pipe(
    v.string(),
    v.regex(/^[^/]{43}\.ics$/, 'Not a calendar feed address.'),
    v.transform((file) => file.slice(0, -'.ics'.length)),
    FeedToken,
  ),
});

/** GET {API}/offers/{offerId}/calendar.ics */
export const OfferCalendarParams = v.object({ offerId: Id });
/** Its query: `weekday` (mon … sun) makes it that day's weekly event, the week planners' Add to calendar. */
export const OfferCalendarQuery = v.object({
  weekday: v.optional(v.picklist(WEEKDAYS, error_invalid_day)),
});

/**
 * The feed's state: whether it is on, and its token (the browser makes the URL of it) only in the
 * answer that made it: the server keeps the token's hash alone, so it is shown once.
 */
export const CalendarFeedData = v.object({ active: v.boolean(), token: v.nullable(FeedToken) });
export const CalendarFeedResponse = v.object({ status: v.literal(true), data: CalendarFeedData });
export const CalendarFeedChangedResponse = v.object({
  status: v.literal(true),
  message: v.string(),
  data: CalendarFeedData,
});

/** The answers' success texts; the refusals' are their codes' (error-codes.ts: feed_not_found, offer_has_no_end, offer_not_on_weekday). */
export const CALENDAR_MESSAGES = {
  feedCreated: 'Your calendar link is ready. Any link made before no longer works.',
  feedRemoved: 'Your calendar link is turned off.',
} as const;
