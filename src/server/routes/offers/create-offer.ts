// A merchant's new offer, and the edit that sends a pending or rejected one for review again
// (domain/new-offers.ts): activated merchants only, rate limited per account.
import { Hono } from 'hono';
import * as v from 'valibot';
import { CreateOfferResponse, Id } from '../../../contract/index.ts';
import { CreateOfferRequest, OFFER_MESSAGES } from '../../../contract/offer-form.ts';
import { requireSession, type AppEnv, type ServerDeps } from '../../context.ts';
import { requireActivatedMerchant, resendOwnOffer, submitOffer } from '../../domain/new-offers.ts';
import { answer } from '../../http/answer.ts';
import { parseJsonBody, parseParams } from '../../validate.ts';

export function createOfferRoutes(deps: ServerDeps) {
  const { db, limiter } = deps;
  const app = new Hono<AppEnv>();

  app.post('/create/new/offer', requireSession(deps), async (c) => {
    const user = c.get('user');
    requireActivatedMerchant(user);
    const form = await parseJsonBody(c, CreateOfferRequest);
    await limiter.check('offerCreatePerUser', String(user.userId));
    const offer = await submitOffer(db, user, form);
    return answer(
      c,
      CreateOfferResponse,
      { status: true, message: OFFER_MESSAGES.offerSentForReview, data: offer },
      201,
    );
  });

  app.put('/offers/:offerId', requireSession(deps), async (c) => {
    const user = c.get('user');
    requireActivatedMerchant(user);
    const { offerId } = parseParams(c, v.object({ offerId: Id }));
    const form = await parseJsonBody(c, CreateOfferRequest);
    await limiter.check('offerCreatePerUser', String(user.userId));
    const offer = await resendOwnOffer(db, user, offerId, form);
    return answer(c, CreateOfferResponse, { status: true, message: OFFER_MESSAGES.offerSentAgain, data: offer });
  });

  return app;
}
