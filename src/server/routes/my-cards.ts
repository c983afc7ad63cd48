// My Cards (docs/api.md §4b): the signed-in user's own cards, read and replaced as a whole.
import { Hono } from 'hono';
import { MyCardsRequest, MyCardsResponse } from '../../contract/offer-search.ts';
import { requireSession, type AppEnv, type ServerDeps } from '../context.ts';
import { findMyCards, saveMyCards } from '../domain/my-cards.ts';
import { answer } from '../http/answer.ts';
import { parseJsonBody } from '../validate.ts';

export function myCardRoutes(deps: ServerDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const session = requireSession(deps);

  app.get('/user/cards', session, async (c) =>
    answer(c, MyCardsResponse, { status: true, data: await findMyCards(db, c.get('user').userId) }),
  );

  app.put('/user/cards', session, async (c) => {
    const { cards } = await parseJsonBody(c, MyCardsRequest);
    return answer(c, MyCardsResponse, { status: true, data: await saveMyCards(db, c.get('user').userId, cards) });
  });

  return app;
}
