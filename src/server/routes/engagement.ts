// Newsletter and feedback (spec §7), rate limited per IP, and per e-mail address or mobile number;
// reports of a problem with an offer, per IP.
import { Hono } from 'hono';
import {
  FeedbackRequest,
  FeedbackResponse,
  Id,
  MESSAGES,
  SubscribeRequest,
  SubscribeResponse,
} from '../../contract/index.ts';
import * as v from 'valibot';
import { REPORT_MESSAGES, ReportRequest, ReportResponse } from '../../contract/reports.ts';
import { bearerToken, requestIp, type AppEnv, type ServerDeps } from '../context.ts';
import { saveReport } from '../domain/inbox.ts';
import { sessionUserId } from '../domain/sessions.ts';
import { saveFeedback, subscribe } from '../domain/engagement.ts';
import { answer } from '../http/answer.ts';
import { parseJsonBody, parseParams } from '../validate.ts';

export function engagementRoutes(deps: ServerDeps) {
  const { db, limiter } = deps;
  const app = new Hono<AppEnv>();

  // isFound true means the address was already on the list.
  app.post('/new/subscribe', async (c) => {
    const { insightId, subscribeEmail } = await parseJsonBody(c, SubscribeRequest);
    const email = subscribeEmail.toLowerCase();
    await limiter.check('newsletterPerIp', requestIp(deps, c));
    // Per address too: whether an address is on the list must not be asked from many places.
    await limiter.check('newsletterPerEmail', email);
    const isFound = await subscribe(db, email, insightId);
    return answer(c, SubscribeResponse, {
      status: true,
      isFound,
      message: isFound ? MESSAGES.alreadySubscribed : MESSAGES.subscribed,
    });
  });

  app.post('/add/new/feedback', async (c) => {
    const input = await parseJsonBody(c, FeedbackRequest);
    await limiter.check('feedbackPerIp', requestIp(deps, c));
    await limiter.check('feedbackPerMobile', input.mobileNo);
    await saveFeedback(db, input);
    return answer(c, FeedbackResponse, { status: true, message: 'Thank you. Your message was sent.' }, 201);
  });

  // 'Report a problem' on an offer page or modal; guests too.
  app.post('/offers/:offerId/reports', async (c) => {
    const { offerId } = parseParams(c, v.object({ offerId: Id }));
    const { reason, message } = await parseJsonBody(c, ReportRequest);
    const ip = requestIp(deps, c);
    await limiter.check('reportPerIp', ip);
    await saveReport(db, offerId, { reason, message, reporterUserId: await sessionUserId(db, bearerToken(c)), ip });
    return answer(c, ReportResponse, { status: true, message: REPORT_MESSAGES.sent }, 201);
  });

  return app;
}
