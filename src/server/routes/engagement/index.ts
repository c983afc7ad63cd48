// Newsletter and feedback (spec §7), rate limited per IP, and per e-mail address or mobile number.
import { Hono } from 'hono';
import { FeedbackRequest, MESSAGES, SubscribeRequest } from '../../../contract/index.ts';
import { requestIp, type AppEnv, type ServerDeps } from '../../context.ts';
import { feedback, subscriptions } from '../../db/schema.ts';
import { parseJsonBody } from '../../validate.ts';

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
    const inserted = await db.insert(subscriptions).values({ email, insightId: insightId || null })
      .onConflictDoNothing().returning({ id: subscriptions.subscriptionId });
    const isFound = inserted.length === 0;
    return c.json({ status: true, isFound, message: isFound ? MESSAGES.alreadySubscribed : MESSAGES.subscribed });
  });

  app.post('/add/new/feedback', async (c) => {
    const input = await parseJsonBody(c, FeedbackRequest);
    await limiter.check('feedbackPerIp', requestIp(deps, c));
    await limiter.check('feedbackPerMobile', input.mobileNo);
    await db.insert(feedback).values({ ...input, insightId: input.insightId || null });
    return c.json({ status: true, message: 'Thank you. Your message was sent.' }, 201);
  });

  return app;
}
