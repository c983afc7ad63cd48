// "Alert me" and the e-mail it needs (docs/api.md §4c): the signed-in user's alerts and address,
// and the two links e-mails carry, which work without signing in: confirm the address, and
// unsubscribe (GET shows a page with a button, POST unsubscribes: a mail scanner that opens the
// link unsubscribes nobody; POST is also RFC 8058's one-click List-Unsubscribe-Post).
import { Hono, type Context } from 'hono';
import { API_MESSAGES } from '../../../contract/api-messages.ts';
import { AlertChangedResponse, ALERT_MESSAGES, AlertIdParams, AlertsResponse, EmailLinkResponse, EmailRequest, EmailResponse, EmailTokenQuery, NewAlertRequest } from '../../../contract/alerts.ts';
import { requireSession, requestIp, type AppEnv, type ServerDeps } from '../../context.ts';
import { alertsOf, CONSOLE_ALERTS_PATH, createAlert, deleteAlert, setEmail, unsubscribe, unsubscribeUser, verifyEmail } from '../../domain/alerts.ts';
import { HttpFailure } from '../../errors.ts';
import { answer } from '../../http/answer.ts';
import { parseJsonBody, parseParams, parseQuery } from '../../validate.ts';

/** A person opening the link in a browser gets a page; a program gets JSON. */
const wantsPage = (c: Context) => /text\/html/i.test(c.req.header('accept') ?? '');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** A plain page of its own (no site script or style): the API's strict policy, plus its inline style and the form posting back here. */
function page(c: Context, title: string, body: string, status: 200 | 400 = 200) {
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
  return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · OfferLanka</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b}button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#0b5fff;color:#fff;cursor:pointer}a{color:#0b5fff}</style></head>
<body><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</body></html>`, status);
}

export function alertRoutes(deps: ServerDeps) {
  const { db, limiter } = deps;
  const app = new Hono<AppEnv>();
  const session = requireSession(deps);
  const consoleLink = () => `<p><a href="${escapeHtml((deps.mail?.siteUrl ?? '') + CONSOLE_ALERTS_PATH)}">Your alerts</a></p>`;

  app.get('/user/alerts', session, async (c) => answer(c, AlertsResponse, { status: true, ...(await alertsOf(db, c.get('user'))) }));

  app.post('/user/alerts', session, async (c) => {
    const { label, filter } = await parseJsonBody(c, NewAlertRequest);
    await createAlert(db, c.get('user').userId, label, filter);
    return answer(c, AlertChangedResponse, { status: true, message: ALERT_MESSAGES.created, ...(await alertsOf(db, c.get('user'))) }, 201);
  });

  app.delete('/user/alerts/:alertId', session, async (c) => {
    const { alertId } = parseParams(c, AlertIdParams);
    await deleteAlert(db, c.get('user').userId, alertId);
    return answer(c, AlertChangedResponse, { status: true, message: ALERT_MESSAGES.deleted, ...(await alertsOf(db, c.get('user'))) });
  });

  app.post('/user/email', session, async (c) => {
    const { email } = await parseJsonBody(c, EmailRequest);
    if (!deps.mail) throw new HttpFailure(503, API_MESSAGES.emailOff);
    const user = c.get('user');
    // Each link mails an address: capped per account, per address (a stranger's inbox) and per connection.
    await limiter.check('emailLinkPerUser', String(user.userId));
    await limiter.check('emailLinkPerAddress', email.toLowerCase());
    await limiter.check('emailLinkPerIp', requestIp(deps, c));
    const { user: updated, sent } = await setEmail(db, deps.mail, user, email);
    return answer(c, EmailResponse, {
      status: true, message: sent ? ALERT_MESSAGES.emailSent : ALERT_MESSAGES.emailAlreadyVerified,
      email: updated.email!, emailVerified: Boolean(updated.emailVerifiedAt),
    });
  });

  app.get('/email/verify', async (c) => {
    const html = wantsPage(c);
    try {
      const { token } = parseQuery(c, EmailTokenQuery);
      await verifyEmail(db, token);
    } catch (error) {
      if (html && error instanceof HttpFailure && error.httpStatus === 400) return page(c, 'This link does not work', `<p>${escapeHtml(error.message)}</p>${consoleLink()}`, 400);
      throw error;
    }
    if (html) return page(c, 'Address confirmed', `<p>${escapeHtml(ALERT_MESSAGES.emailVerified)}</p>${consoleLink()}`);
    return answer(c, EmailLinkResponse, { status: true, message: ALERT_MESSAGES.emailVerified });
  });

  app.get('/email/unsubscribe', async (c) => {
    const html = wantsPage(c);
    try {
      const { token } = parseQuery(c, EmailTokenQuery);
      await unsubscribeUser(db, token);
    } catch (error) {
      if (html && error instanceof HttpFailure && error.httpStatus === 400) return page(c, 'This link does not work', `<p>${escapeHtml(error.message)}</p>${consoleLink()}`, 400);
      throw error;
    }
    if (html) {
      return page(c, 'Unsubscribe from alert e-mails?', `<p>You will get no more weekly offer e-mails, and your alerts will be deleted.</p>
<form method="post"><button type="submit">Unsubscribe</button></form>`);
    }
    return answer(c, EmailLinkResponse, { status: true, message: 'POST to this address to unsubscribe.' });
  });

  app.post('/email/unsubscribe', async (c) => {
    const html = wantsPage(c);
    try {
      const { token } = parseQuery(c, EmailTokenQuery);
      await unsubscribe(db, token);
    } catch (error) {
      if (html && error instanceof HttpFailure && error.httpStatus === 400) return page(c, 'This link does not work', `<p>${escapeHtml(error.message)}</p>`, 400);
      throw error;
    }
    if (html) return page(c, 'Unsubscribed', `<p>${escapeHtml(ALERT_MESSAGES.unsubscribed)}</p>`);
    return answer(c, EmailLinkResponse, { status: true, message: ALERT_MESSAGES.unsubscribed });
  });

  return app;
}
