// The team console's API, {API}/team/...: the review queue and the offers, accounts and the audit
// log. Every route needs a team account's sign-in (401 for guests, 403 for customers and merchants)
// and is rate limited per team account.
import { Hono } from 'hono';
import * as v from 'valibot';
import { Id } from '../../../contract/index.ts';
import {
  AccountTypeRequest, AuditList, AuditQuery, BlockRequest, BulkDecisionRequest, BulkDecisionResponse, OfferActionRequest,
  OfferDecisionRequest, TeamAccountList, TeamAccountQuery, TeamAccountResponse, TeamOfferList, TeamOfferQuery, TeamOfferResponse,
  TeamOverview,
} from '../../../contract/team.ts';
import { requireTeam, type AppEnv, type ServerDeps } from '../../context.ts';
import { listAudit } from '../../domain/audit.ts';
import { decideOffer, decideOffers, findTeamOffer, listTeamOffers, withdrawOrEndOffer } from '../../domain/review.ts';
import { blockAccount, changeAccountType, findAccount, liftCodeBlock, listAccounts, toTeamAccount, unblockAccount } from '../../domain/team-accounts.ts';
import { findTeamOverview } from '../../domain/team-overview.ts';
import { answer } from '../../http/answer.ts';
import { parseJsonBody, parseParams, parseQuery } from '../../validate.ts';

const OfferIdParam = v.object({ offerId: Id });
const UserIdParam = v.object({ userId: Id });

export function teamRoutes(deps: ServerDeps) {
  const { db, sms, limiter, cache } = deps;
  const app = new Hono<AppEnv>();
  app.use('/team/*', requireTeam(deps), async (c, next) => {
    await limiter.check(c.req.method === 'GET' ? 'teamReadPerUser' : 'teamWritePerUser', String(c.get('user').userId));
    await next();
  });
  /** After a change to what is public: lists and offer answers are served fresh. */
  const publicChanged = () => cache.clear();

  app.get('/team/overview', async (c) => answer(c, TeamOverview, { status: true, data: await findTeamOverview(db) }));

  // ---------- offers and review ----------

  app.get('/team/offers', async (c) => {
    const { pageNo, pageSize, reported, ...filter } = parseQuery(c, TeamOfferQuery);
    const page = await listTeamOffers(db, { ...filter, reported: reported === 'true' }, pageNo, pageSize);
    return answer(c, TeamOfferList, { status: true, ...page, pageNo, pageSize });
  });

  app.get('/team/offers/:offerId', async (c) => {
    const { offerId } = parseParams(c, OfferIdParam);
    return answer(c, TeamOfferResponse, { status: true, data: await findTeamOffer(db, offerId) });
  });

  app.post('/team/offers/:offerId/decision', async (c) => {
    const { offerId } = parseParams(c, OfferIdParam);
    const { decision, reason } = await parseJsonBody(c, OfferDecisionRequest);
    const offer = await decideOffer(db, sms, c.get('user').userId, offerId, decision, reason);
    if (decision === 'accept') publicChanged();
    return answer(c, TeamOfferResponse, { status: true, data: offer });
  });

  app.post('/team/offers/decisions', async (c) => {
    const { offerIds, decision, reason } = await parseJsonBody(c, BulkDecisionRequest);
    const result = await decideOffers(db, sms, c.get('user').userId, offerIds, decision, reason);
    if (decision === 'accept' && result.decided.length) publicChanged();
    return answer(c, BulkDecisionResponse, { status: true, ...result });
  });

  for (const action of ['withdraw', 'end'] as const) {
    app.post(`/team/offers/:offerId/${action}`, async (c) => {
      const { offerId } = parseParams(c, OfferIdParam);
      const { reason } = await parseJsonBody(c, OfferActionRequest);
      const offer = await withdrawOrEndOffer(db, c.get('user').userId, offerId, action, reason);
      publicChanged();
      return answer(c, TeamOfferResponse, { status: true, data: offer });
    });
  }

  // ---------- accounts ----------

  app.get('/team/accounts', async (c) => {
    const { pageNo, pageSize, q, userType, blocked } = parseQuery(c, TeamAccountQuery);
    const filter = { q, userType: userType === 'all' ? undefined : Number(userType), blocked: blocked === 'all' ? undefined : blocked === 'true' };
    return answer(c, TeamAccountList, { status: true, ...(await listAccounts(db, filter, pageNo, pageSize)), pageNo, pageSize });
  });

  app.get('/team/accounts/:userId', async (c) => {
    const { userId } = parseParams(c, UserIdParam);
    return answer(c, TeamAccountResponse, { status: true, data: toTeamAccount(await findAccount(db, userId)) });
  });

  const accountAction = (path: string, run: (actor: number, userId: number, reason: string) => Promise<ReturnType<typeof toTeamAccount>>) =>
    app.post(`/team/accounts/:userId/${path}`, async (c) => {
      const { userId } = parseParams(c, UserIdParam);
      const { reason } = await parseJsonBody(c, BlockRequest);
      return answer(c, TeamAccountResponse, { status: true, data: await run(c.get('user').userId, userId, reason) });
    });
  accountAction('block', (actor, userId, reason) => blockAccount(db, actor, userId, reason));
  accountAction('unblock', (actor, userId, reason) => unblockAccount(db, actor, userId, reason));
  accountAction('lift-code-block', (actor, userId, reason) => liftCodeBlock(db, actor, userId, reason));

  app.post('/team/accounts/:userId/type', async (c) => {
    const { userId } = parseParams(c, UserIdParam);
    const { userType, reason } = await parseJsonBody(c, AccountTypeRequest);
    return answer(c, TeamAccountResponse, { status: true, data: await changeAccountType(db, c.get('user').userId, userId, userType, reason) });
  });

  // ---------- audit ----------

  app.get('/team/audit', async (c) => {
    const { pageNo, pageSize, ...filter } = parseQuery(c, AuditQuery);
    return answer(c, AuditList, { status: true, ...(await listAudit(db, filter, pageNo, pageSize)), pageNo, pageSize });
  });

  return app;
}
