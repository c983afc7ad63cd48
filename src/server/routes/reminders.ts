// Expiry reminders (docs/api.md "Expiry reminders"): the signed-in user's setting, the mark that the
// first favourite's line was shown, and the stop link of every reminder SMS, which works without
// signing in: a GET (an SMS link is opened in a phone's browser), answering a small page to a
// browser and JSON to a program. Turning reminders off is all it can do, and it can be undone.
import { Hono, type Context } from 'hono';
import {
  REMINDER_MESSAGES,
  ReminderSettingChangedResponse,
  ReminderSettingRequest,
  ReminderSettingResponse,
  ReminderStopQuery,
  ReminderStopResponse,
} from '../../contract/reminders.ts';
import { requireSession, type AppEnv, type ServerDeps } from '../context.ts';
import { revokeOptOutLinks } from '../domain/opt-out-links.ts';
import { findReminderSetting, markReminderOfferShown, setReminderDays, stopReminders } from '../domain/reminders.ts';
import { HttpFailure } from '../errors.ts';
import { answer } from '../http/answer.ts';
import { escapeHtml, linkPage, linkPageLocale, wantsPage } from '../http/link-page.ts';
import { errorText } from '../../lib/error-text.ts';
import { localePath } from '../../lib/locale-path.ts';
import { m } from '../../paraglide/messages.js';
import { parseJsonBody, parseQuery } from '../validate.ts';
import type { Locale } from '../../paraglide/runtime.js';

/** The customer's profile on the site, where reminders are turned on again. */
const PROFILE_PATH = '/console/customer/profile';

export function reminderRoutes(deps: ServerDeps, options: { siteUrl?: string } = {}) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const session = requireSession(deps);
  const siteUrl = options.siteUrl?.replace(/\/$/, '');
  /** The stop link's page, in the link's language, with a link to the profile on the site. */
  const page = (c: Context, title: (locale: Locale) => string, text: string, status: 200 | 400 = 200) => {
    const locale = linkPageLocale(c);
    const profile = siteUrl
      ? `<p><a href="${escapeHtml(siteUrl + localePath(PROFILE_PATH, locale))}">${escapeHtml(m.notify_page_your_profile({}, { locale }))}</a></p>`
      : '';
    return linkPage(
      c,
      locale,
      title(locale),
      `<p>${escapeHtml(errorText(text, undefined, undefined, locale))}</p>${profile}`,
      { status, siteUrl },
    );
  };

  app.get('/user/reminders', session, async (c) =>
    answer(c, ReminderSettingResponse, { status: true, data: await findReminderSetting(db, c.get('user').userId) }),
  );

  app.put('/user/reminders', session, async (c) => {
    const { daysBefore } = await parseJsonBody(c, ReminderSettingRequest);
    const data = await setReminderDays(db, c.get('user').userId, daysBefore);
    return answer(c, ReminderSettingChangedResponse, {
      status: true,
      message: daysBefore === null ? REMINDER_MESSAGES.turnedOff : REMINDER_MESSAGES.turnedOn(daysBefore),
      data,
    });
  });

  app.post('/user/reminders/offer-shown', session, async (c) =>
    answer(c, ReminderSettingChangedResponse, {
      status: true,
      message: REMINDER_MESSAGES.offerMarked,
      data: await markReminderOfferShown(db, c.get('user').userId),
    }),
  );

  app.get('/reminders/stop', async (c) => {
    const html = wantsPage(c);
    try {
      const { token } = parseQuery(c, ReminderStopQuery);
      await stopReminders(db, token);
    } catch (error) {
      // Broken, expired or revoked: the failure's own text ("This link has expired. ...").
      if (html && error instanceof HttpFailure && error.httpStatus === 400) {
        const text = error.message.replace(/^token: /, '');
        return page(c, (locale) => m.notify_page_link_broken({}, { locale }), text, 400);
      }
      throw error;
    }
    if (html) return page(c, (locale) => m.notify_page_reminders_off({}, { locale }), REMINDER_MESSAGES.stopped);
    return answer(c, ReminderStopResponse, { status: true, message: REMINDER_MESSAGES.stopped });
  });

  // "Revoke my links": every stop and unsubscribe link sent to the account so far stops working.
  app.post('/user/links/revoke', session, async (c) => {
    await revokeOptOutLinks(db, c.get('user').userId);
    return answer(c, ReminderStopResponse, { status: true, message: REMINDER_MESSAGES.linksRevoked });
  });

  return app;
}
