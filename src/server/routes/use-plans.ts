// "I'll use this" (docs/api.md §7d): the signed-in user's plans to use offers that need a step, each
// reminded by the hourly reminder run (jobs/use-plan-reminders.ts). Only the token's own user.
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { Id } from '../../contract/ids.ts';
import {
  USE_PLAN_MESSAGES,
  UsePlanChangedResponse,
  UsePlanRequest,
  UsePlansResponse,
} from '../../contract/use-plans.ts';
import { requireSession, type AppEnv, type ServerDeps } from '../context.ts';
import { cancelUsePlan, saveUsePlan, usePlansOf } from '../domain/use-plans.ts';
import { answer } from '../http/answer.ts';
import { parseJsonBody, parseParams } from '../validate.ts';

const OfferIdParam = v.object({ offerId: Id });

export function usePlanRoutes(deps: ServerDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const session = requireSession(deps);
  const changed = async (c: Context<AppEnv>, message: string, status: 200 | 201 = 200) =>
    answer(c, UsePlanChangedResponse, { status: true, message, ...(await usePlansOf(db, c.get('user'))) }, status);

  app.get('/user/use-plans', session, async (c) =>
    answer(c, UsePlansResponse, { status: true, ...(await usePlansOf(db, c.get('user'))) }),
  );

  // Planning again changes the day and the channel.
  app.post('/offers/:offerId/use-plan', session, async (c) => {
    const { offerId } = parseParams(c, OfferIdParam);
    const request = await parseJsonBody(c, UsePlanRequest);
    await saveUsePlan(db, c.get('user'), offerId, request);
    return changed(c, USE_PLAN_MESSAGES.saved, 201);
  });

  app.delete('/offers/:offerId/use-plan', session, async (c) => {
    const { offerId } = parseParams(c, OfferIdParam);
    await cancelUsePlan(db, c.get('user').userId, offerId);
    return changed(c, USE_PLAN_MESSAGES.cancelled);
  });

  return app;
}
