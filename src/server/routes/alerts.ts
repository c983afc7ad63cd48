// "Alert me" and the e-mail it needs (docs/api.md §4c): the signed-in user's alerts and address,
// and the two links e-mails carry, which work without signing in: confirm the address, and
// unsubscribe (GET shows a page with a button, POST unsubscribes: a mail scanner that opens the
// link unsubscribes nobody; POST is also RFC 8058's one-click List-Unsubscribe-Post).
import { Hono, type Context } from 'hono';
import {
  AlertChangedResponse,
  ALERT_MESSAGES,
  AlertIdParams,
  AlertsResponse,
  EmailLinkResponse,
  EmailRequest,
  EmailResponse,
  EmailTokenQuery,
  NewAlertRequest,
} from '../../contract/alerts.ts';
import { requireSession, requestIp, type AppEnv, type ServerDeps } from '../context.ts';
import {
  alertsOf,
  CONSOLE_ALERTS_PATH,
  createAlert,
  deleteAlert,
  setEmail,
  unsubscribe,
  unsubscribeUser,
  verifyEmail,
} from '../domain/alerts.ts';
import { failure, HttpFailure } from '../errors.ts';
import { answer } from '../http/answer.ts';
import { escapeHtml, linkPage, linkPageLocale, wantsPage } from '../http/link-page.ts';
import { errorText } from '../../lib/error-text.ts';
import { localePath } from '../../lib/locale-path.ts';
import { m } from '../../paraglide/messages.js';
import type { Locale } from '../../paraglide/runtime.js';
import { parseJsonBody, parseParams, parseQuery } from '../validate.ts';

export function alertRoutes(deps: ServerDeps) {
  const { db, limiter } = deps;
  const app = new Hono<AppEnv>();
  const session = requireSession(deps);
  /** A link's page in its language: a title, a contract text (shown in the language), and a link to the alerts console unless told not to. */
  const page = (
    c: Context,
    title: (locale: Locale) => string,
    text: string,
    options: { status?: 200 | 400; consoleLink?: boolean } = {},
  ) => {
    const locale = linkPageLocale(c);
    const consoleLink =
      options.consoleLink === false
        ? ''
        : `<p><a href="${escapeHtml((deps.mail?.siteUrl ?? '') + localePath(CONSOLE_ALERTS_PATH, locale))}">${escapeHtml(m.notify_page_your_alerts({}, { locale }))}</a></p>`;
    return linkPage(
      c,
      locale,
      title(locale),
      `<p>${escapeHtml(errorText(text, undefined, undefined, locale))}</p>${consoleLink}`,
      { status: options.status, siteUrl: deps.mail?.siteUrl },
    );
  };
  const linkBroken = (locale: Locale) => m.notify_page_link_broken({}, { locale });

  app.get('/user/alerts', session, async (c) =>
    answer(c, AlertsResponse, { status: true, ...(await alertsOf(db, c.get('user'))) }),
  );

  app.post('/user/alerts', session, async (c) => {
    const { label, filter } = await parseJsonBody(c, NewAlertRequest);
    await createAlert(db, c.get('user').userId, label, filter);
    return answer(
      c,
      AlertChangedResponse,
      { status: true, message: ALERT_MESSAGES.created, ...(await alertsOf(db, c.get('user'))) },
      201,
    );
  });

  app.delete('/user/alerts/:alertId', session, async (c) => {
    const { alertId } = parseParams(c, AlertIdParams);
    await deleteAlert(db, c.get('user').userId, alertId);
    return answer(c, AlertChangedResponse, {
      status: true,
      message: ALERT_MESSAGES.deleted,
      ...(await alertsOf(db, c.get('user'))),
    });
  });

  app.post('/user/email', session, async (c) => {
    const { email } = await parseJsonBody(c, EmailRequest);
    if (!deps.mail) throw failure(503, 'email_off');
    const user = c.get('user');
    // Each link mails an address: capped per account, per address (a stranger's inbox) and per connection.
    await limiter.check('emailLinkPerUser', String(user.userId));
    await limiter.check('emailLinkPerAddress', email.toLowerCase());
    await limiter.check('emailLinkPerIp', requestIp(deps, c));
    const { user: updated, sent } = await setEmail(db, deps.mail, user, email);
    return answer(c, EmailResponse, {
      status: true,
      message: sent ? ALERT_MESSAGES.emailSent : ALERT_MESSAGES.emailAlreadyVerified,
      email: updated.email!,
      emailVerified: Boolean(updated.emailVerifiedAt),
    });
  });

  app.get('/email/verify', async (c) => {
    const html = wantsPage(c);
    try {
      const { token } = parseQuery(c, EmailTokenQuery);
      await verifyEmail(db, token);
    } catch (error) {
      if (html && error instanceof HttpFailure && error.httpStatus === 400)
        return page(c, linkBroken, error.message, { status: 400 });
      throw error;
    }
    if (html) return page(c, (locale) => m.notify_page_address_confirmed({}, { locale }), ALERT_MESSAGES.emailVerified);
    return answer(c, EmailLinkResponse, { status: true, message: ALERT_MESSAGES.emailVerified });
  });

  app.get('/email/unsubscribe', async (c) => {
    const html = wantsPage(c);
    try {
      const { token } = parseQuery(c, EmailTokenQuery);
      await unsubscribeUser(db, token);
    } catch (error) {
      if (html && error instanceof HttpFailure && error.httpStatus === 400)
        return page(c, linkBroken, error.message, { status: 400 });
      throw error;
    }
    if (html) {
      const locale = linkPageLocale(c);
      return linkPage(
        c,
        locale,
        m.notify_page_unsubscribe_title({}, { locale }),
        `<p>${escapeHtml(m.notify_page_unsubscribe_text({}, { locale }))}</p>
<form method="post"><button class="button" type="submit">${escapeHtml(m.notify_page_unsubscribe_button({}, { locale }))}</button></form>`,
        { siteUrl: deps.mail?.siteUrl },
      );
    }
    return answer(c, EmailLinkResponse, { status: true, message: 'POST to this address to unsubscribe.' });
  });

  app.post('/email/unsubscribe', async (c) => {
    const html = wantsPage(c);
    try {
      const { token } = parseQuery(c, EmailTokenQuery);
      await unsubscribe(db, token);
    } catch (error) {
      if (html && error instanceof HttpFailure && error.httpStatus === 400)
        return page(c, linkBroken, error.message, { status: 400, consoleLink: false });
      throw error;
    }
    if (html)
      return page(c, (locale) => m.notify_page_unsubscribed({}, { locale }), ALERT_MESSAGES.unsubscribed, {
        consoleLink: false,
      });
    return answer(c, EmailLinkResponse, { status: true, message: ALERT_MESSAGES.unsubscribed });
  });

  return app;
}
