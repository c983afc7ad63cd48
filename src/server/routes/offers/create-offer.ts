// A merchant's new offer (domain/new-offers.ts): merchants only, rate limited per account.
import { Hono } from 'hono';
import { CreateOfferResponse, USER_TYPES } from '../../../contract/index.ts';
import { CreateOfferRequest, OFFER_MESSAGES } from '../../../contract/offer-form.ts';
import { requireSession, type AppEnv, type ServerDeps } from '../../context.ts';
import { submitOffer } from '../../domain/new-offers.ts';
import { forbidden } from '../../errors.ts';
import { answer } from '../../http/answer.ts';
import { parseJsonBody } from '../../validate.ts';

export function createOfferRoutes(deps: ServerDeps) {
  const { db, limiter } = deps;
  const app = new Hono<AppEnv>();

  app.post('/create/new/offer', requireSession(deps), async (c) => {
    const user = c.get('user');
    if (user.userType !== USER_TYPES.merchant) throw forbidden(OFFER_MESSAGES.merchantsOnly);
    const form = await parseJsonBody(c, CreateOfferRequest);
    await limiter.check('offerCreatePerUser', String(user.userId));
    const offer = await submitOffer(db, user, form);
    return answer(c, CreateOfferResponse, { status: true, message: OFFER_MESSAGES.offerSentForReview, data: offer }, 201);
  });

  return app;
}
