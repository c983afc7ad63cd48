// Calendars (docs/api.md "Calendars"): an offer's .ics file for Add to calendar, and the signed-in
// user's private favourites feed in the account's language, reached by its secret token alone (a
// phone's calendar subscribes without signing in), made, replaced and turned off from the profile.
// The token is in the answer that made it only (the server keeps its hash): the user as other routes
// show it (serialize.ts toUser) never carries it.
import { Hono, type Context } from 'hono';
import {
  CALENDAR_MESSAGES,
  CalendarFeedChangedResponse,
  CalendarFeedParams,
  CalendarFeedResponse,
  OfferCalendarParams,
  OfferCalendarQuery,
} from '../../contract/calendar.ts';
import { LINK_LANGUAGE_PARAM, linkLocaleOf } from '../../lib/locale-path.ts';
import { baseLocale } from '../../paraglide/runtime.js';
import { requireSession, type AppEnv, type ServerDeps } from '../context.ts';
import {
  findCalendarFeedOffers,
  hasCalendarFeed,
  removeCalendarFeedToken,
  replaceCalendarFeedToken,
} from '../domain/calendar-feed.ts';
import { findPublicOfferDetail } from '../domain/offers.ts';
import { failure } from '../errors.ts';
import { answer } from '../http/answer.ts';
import {
  CALENDAR_CONTENT_TYPE,
  favouritesCalendarFile,
  offerCalendarFile,
  offerWeekdayCalendarFile,
} from '../services/offer-calendar.ts';
import { parseParams, parseQuery } from '../validate.ts';

export interface CalendarRouteOptions {
  /** The site's public URL, for the events' offer links and UIDs; unset, the request's own origin. */
  siteUrl?: string;
}

export function calendarRoutes(deps: ServerDeps, options: CalendarRouteOptions = {}) {
  const { db, cache } = deps;
  const app = new Hono<AppEnv>();
  const session = requireSession(deps);
  const siteUrlOf = (c: Context) => options.siteUrl ?? new URL(c.req.url).origin;
  // Kept by no cache (the API's no-store): a replaced or turned-off feed must stop at once.
  const calendar = (c: Context, text: string, fileName: string) =>
    c.body(text, 200, {
      'content-type': CALENDAR_CONTENT_TYPE,
      'content-disposition': `attachment; filename="${fileName}"`,
    });

  // Public offers only, as their pages; cached as the offer's JSON is, so a change shows within the TTL.
  // In the language its link names (the page's), else English: a download follows its page, not the browser.
  // With ?weekday=, that day's weekly event (the week planners), with or without an end.
  app.get('/offers/:offerId/calendar.ics', async (c) => {
    const { offerId } = parseParams(c, OfferCalendarParams);
    const { weekday } = parseQuery(c, OfferCalendarQuery);
    const siteUrl = siteUrlOf(c);
    const locale = linkLocaleOf(c.req.query(LINK_LANGUAGE_PARAM)) ?? baseLocale;
    const text = await cache.remember(
      `offer-calendar:${offerId}:${weekday ?? 'all'}:${locale}:${siteUrl}`,
      async () => {
        const offer = await findPublicOfferDetail(db, offerId);
        const file = weekday
          ? offerWeekdayCalendarFile(offer, weekday, siteUrl, locale)
          : offerCalendarFile(offer, siteUrl, locale);
        return file ?? null;
      },
    );
    if (text === null) throw failure(404, weekday ? 'offer_not_on_weekday' : 'offer_has_no_end');
    return calendar(c, text, `offerlanka-offer-${offerId}${weekday ? `-${weekday}` : ''}.ics`);
  });

  app.get('/calendar/:feedFile', async (c) => {
    const { feedFile: token } = parseParams(c, CalendarFeedParams);
    const { offers, locale } = await findCalendarFeedOffers(db, token);
    const text = favouritesCalendarFile(offers, siteUrlOf(c), locale);
    return calendar(c, text, 'offerlanka-favourites.ics');
  });

  app.get('/user/calendar-feed', session, async (c) =>
    answer(c, CalendarFeedResponse, {
      status: true,
      data: { active: await hasCalendarFeed(db, c.get('user').userId), token: null },
    }),
  );

  // Makes the feed, or replaces it ("Make a new link"): the old URL stops working at once, and the
  // new one is in this answer only.
  app.post('/user/calendar-feed', session, async (c) => {
    const token = await replaceCalendarFeedToken(db, c.get('user').userId);
    return answer(c, CalendarFeedChangedResponse, {
      status: true,
      message: CALENDAR_MESSAGES.feedCreated,
      data: { active: true, token },
    });
  });

  app.delete('/user/calendar-feed', session, async (c) => {
    await removeCalendarFeedToken(db, c.get('user').userId);
    return answer(c, CalendarFeedChangedResponse, {
      status: true,
      message: CALENDAR_MESSAGES.feedRemoved,
      data: { active: false, token: null },
    });
  });

  return app;
}
