// Expiry reminders (docs/api.md "Expiry reminders"): the signed-in user's setting, the mark that the
// first favourite's line was shown, and the stop link of every reminder SMS, which works without
// signing in: a GET (an SMS link is opened in a phone's browser), answering a small page to a
// browser and JSON to a program. Turning reminders off is all it can do, and it can be undone.
import { Hono, type Context } from 'hono';
import {
  REMINDER_MESSAGES, ReminderSettingChangedResponse, ReminderSettingRequest, ReminderSettingResponse, ReminderStopQuery, ReminderStopResponse,
} from '../../../contract/reminders.ts';
import { requireSession, type AppEnv, type ServerDeps } from '../../context.ts';
import { findReminderSetting, markReminderOfferShown, setReminderDays, stopReminders } from '../../domain/reminders.ts';
import { HttpFailure } from '../../errors.ts';
import { answer } from '../../http/answer.ts';
import { parseJsonBody, parseQuery } from '../../validate.ts';

const wantsPage = (c: Context) => /text\/html/i.test(c.req.header('accept') ?? '');
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** A plain page of its own (no site script or style), under the API's strict policy plus its inline style. */
function page(c: Context, title: string, text: string, profileUrl: string | undefined, status: 200 | 400 = 200) {
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
  const link = profileUrl ? `<p><a href="${escapeHtml(profileUrl)}">Your profile</a></p>` : '';
  return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · OfferLanka</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b}a{color:#0b5fff}</style></head>
<body><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${link}</body></html>`, status);
}

export function reminderRoutes(deps: ServerDeps, options: { siteUrl?: string } = {}) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const session = requireSession(deps);
  const profileUrl = options.siteUrl ? `${options.siteUrl.replace(/\/$/, '')}/console/customer/profile` : undefined;

  app.get('/user/reminders', session, async (c) =>
    answer(c, ReminderSettingResponse, { status: true, data: await findReminderSetting(db, c.get('user').userId) }));

  app.put('/user/reminders', session, async (c) => {
    const { daysBefore } = await parseJsonBody(c, ReminderSettingRequest);
    const data = await setReminderDays(db, c.get('user').userId, daysBefore);
    return answer(c, ReminderSettingChangedResponse, { status: true, message: daysBefore === null ? REMINDER_MESSAGES.turnedOff : REMINDER_MESSAGES.turnedOn(daysBefore), data });
  });

  app.post('/user/reminders/offer-shown', session, async (c) =>
    answer(c, ReminderSettingChangedResponse, { status: true, message: REMINDER_MESSAGES.offerMarked, data: await markReminderOfferShown(db, c.get('user').userId) }));

  app.get('/reminders/stop', async (c) => {
    const html = wantsPage(c);
    try {
      const { token } = parseQuery(c, ReminderStopQuery);
      await stopReminders(db, token);
    } catch (error) {
      if (html && error instanceof HttpFailure && error.httpStatus === 400) return page(c, 'This link does not work', REMINDER_MESSAGES.badStopLink, profileUrl, 400);
      throw error;
    }
    if (html) return page(c, 'Reminders are off', REMINDER_MESSAGES.stopped, profileUrl);
    return answer(c, ReminderStopResponse, { status: true, message: REMINDER_MESSAGES.stopped });
  });

  return app;
}
