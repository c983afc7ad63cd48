// The team console's API, {API}/team/...: the overview, the review queue and the offers, accounts,
// merchant companies, what visitors send (reports, feedback, subscribers) and the audit log. Every
// route needs a team account's sign-in (401 for guests, 403 for customers and merchants) and is
// rate limited per team account.
import { Hono } from 'hono';
import * as v from 'valibot';
import { Id } from '../../../contract/index.ts';
import { CreateOfferRequest } from '../../../contract/offer-form.ts';
import {
  AccountTypeRequest,
  AuditList,
  AuditQuery,
  BulkDecisionRequest,
  BulkDecisionResponse,
  CloseReportRequest,
  DoneResponse,
  FeedbackQuery,
  MerchantStepRequest,
  OfferDecisionRequest,
  ReasonRequest,
  ReportQuery,
  SubscriberQuery,
  TeamAccountList,
  TeamAccountQuery,
  TeamAccountResponse,
  TeamFeedbackList,
  TeamFeedbackResponse,
  TeamMerchantQuery,
  TeamMerchantResponse,
  TeamOfferList,
  TeamOfferQuery,
  TeamOfferResponse,
  TeamOverview,
  TeamReportList,
  TeamReportResponse,
  TeamSubscriberList,
  DOCUMENT_EXTENSIONS,
  SUBSCRIBERS_CSV_NAME,
} from '../../../contract/team.ts';
import { requireTeam, type AppEnv, type ServerDeps } from '../../context.ts';
import { listAudit } from '../../domain/audit.ts';
import {
  closeReport,
  listFeedback,
  listReports,
  listSubscribers,
  markFeedbackHandled,
  removeSubscriber,
  subscribersCsv,
} from '../../domain/inbox.ts';
import {
  findDocument,
  findTeamMerchant,
  listMerchants,
  makeMerchantFromConsole,
  moveMerchantStep,
} from '../../domain/merchant-review.ts';
import {
  decideOffer,
  decideOffers,
  editOffer,
  findTeamOffer,
  listTeamOffers,
  withdrawOrEndOffer,
} from '../../domain/review.ts';
import {
  blockAccount,
  changeAccountType,
  findAccount,
  liftCodeBlock,
  listAccounts,
  toTeamAccount,
  unblockAccount,
} from '../../domain/team-accounts.ts';
import { findTeamOverview } from '../../domain/team-overview.ts';
import { answer } from '../../http/answer.ts';
import { REMINDER_JOB } from '../../jobs/reminders.ts';
import { parseJsonBody, parseParams, parseQuery } from '../../validate.ts';
import { mountTeamCatalogueRoutes } from './catalogue.ts';
import { mountTeamImporterRoutes } from './importers.ts';

const OfferIdParam = v.object({ offerId: Id });
const UserIdParam = v.object({ userId: Id });

export function teamRoutes(deps: ServerDeps) {
  const { db, sms, limiter, publicChanged } = deps;
  const app = new Hono<AppEnv>();
  app.use('/team/*', requireTeam(deps), async (c, next) => {
    await limiter.check(c.req.method === 'GET' ? 'teamReadPerUser' : 'teamWritePerUser', String(c.get('user').userId));
    await next();
  });
  mountTeamCatalogueRoutes(app, deps); // banks, categories, locations (catalogue.ts), behind the middleware above
  mountTeamImporterRoutes(app, deps); // import sources, category keywords, sources' changes in Review (importers.ts)

  app.get('/team/overview', async (c) =>
    answer(c, TeamOverview, { status: true, data: await findTeamOverview(db, limiter.storeState(), REMINDER_JOB) }),
  );

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

  // The reviewer's edit: the offer-creation form, any field, the review status kept.
  app.put('/team/offers/:offerId', async (c) => {
    const { offerId } = parseParams(c, OfferIdParam);
    const form = await parseJsonBody(c, CreateOfferRequest);
    const offer = await editOffer(db, c.get('user').userId, offerId, form);
    publicChanged();
    return answer(c, TeamOfferResponse, { status: true, data: offer });
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
      const { reason } = await parseJsonBody(c, ReasonRequest);
      const offer = await withdrawOrEndOffer(db, c.get('user').userId, offerId, action, reason);
      publicChanged();
      return answer(c, TeamOfferResponse, { status: true, data: offer });
    });
  }

  // ---------- accounts ----------

  app.get('/team/accounts', async (c) => {
    const { pageNo, pageSize, q, userType, blocked } = parseQuery(c, TeamAccountQuery);
    const filter = {
      q,
      userType: userType === 'all' ? undefined : Number(userType),
      blocked: blocked === 'all' ? undefined : blocked === 'true',
    };
    return answer(c, TeamAccountList, {
      status: true,
      ...(await listAccounts(db, filter, pageNo, pageSize)),
      pageNo,
      pageSize,
    });
  });

  app.get('/team/accounts/:userId', async (c) => {
    const { userId } = parseParams(c, UserIdParam);
    return answer(c, TeamAccountResponse, { status: true, data: toTeamAccount(await findAccount(db, userId)) });
  });

  const accountAction = (
    path: string,
    run: (actor: number, userId: number, reason: string) => Promise<ReturnType<typeof toTeamAccount>>,
  ) =>
    app.post(`/team/accounts/:userId/${path}`, async (c) => {
      const { userId } = parseParams(c, UserIdParam);
      const { reason } = await parseJsonBody(c, ReasonRequest);
      return answer(c, TeamAccountResponse, { status: true, data: await run(c.get('user').userId, userId, reason) });
    });
  accountAction('block', (actor, userId, reason) => blockAccount(db, actor, userId, reason));
  accountAction('unblock', (actor, userId, reason) => unblockAccount(db, actor, userId, reason));
  accountAction('lift-code-block', (actor, userId, reason) => liftCodeBlock(db, actor, userId, reason));

  app.post('/team/accounts/:userId/type', async (c) => {
    const { userId } = parseParams(c, UserIdParam);
    const { userType, reason } = await parseJsonBody(c, AccountTypeRequest);
    return answer(c, TeamAccountResponse, {
      status: true,
      data: await changeAccountType(db, c.get('user').userId, userId, userType, reason),
    });
  });

  // ---------- merchants ----------

  app.get('/team/merchants', async (c) => {
    const { pageNo, pageSize, q, step } = parseQuery(c, TeamMerchantQuery);
    return answer(c, TeamAccountList, {
      status: true,
      ...(await listMerchants(db, { q, step }, pageNo, pageSize)),
      pageNo,
      pageSize,
    });
  });

  app.post('/team/merchants', async (c) => {
    const body = await parseJsonBody(c, v.record(v.string(), v.unknown()));
    const { merchant, created } = await makeMerchantFromConsole(db, c.get('user').userId, body);
    return answer(c, TeamMerchantResponse, { status: true, data: merchant }, created ? 201 : 200);
  });

  app.get('/team/merchants/:userId', async (c) => {
    const { userId } = parseParams(c, UserIdParam);
    return answer(c, TeamMerchantResponse, { status: true, data: await findTeamMerchant(db, userId) });
  });

  app.get('/team/merchants/:userId/documents/:documentId', async (c) => {
    const { userId, documentId } = parseParams(c, v.object({ userId: Id, documentId: Id }));
    const document = await findDocument(db, userId, documentId);
    c.header(
      'content-disposition',
      `attachment; filename="document-${document.documentId}${DOCUMENT_EXTENSIONS[document.contentType] ?? ''}"`,
    );
    c.header('cache-control', 'no-store');
    c.header('x-content-type-options', 'nosniff');
    return c.body(new Uint8Array(document.bytes), 200, { 'content-type': document.contentType });
  });

  app.post('/team/merchants/:userId/step', async (c) => {
    const { userId } = parseParams(c, UserIdParam);
    const { step, note } = await parseJsonBody(c, MerchantStepRequest);
    return answer(c, TeamMerchantResponse, {
      status: true,
      data: await moveMerchantStep(db, sms, c.get('user').userId, userId, step, note),
    });
  });

  // ---------- what visitors send ----------

  app.get('/team/reports', async (c) => {
    const { pageNo, pageSize, status } = parseQuery(c, ReportQuery);
    return answer(c, TeamReportList, {
      status: true,
      ...(await listReports(db, status, pageNo, pageSize)),
      pageNo,
      pageSize,
    });
  });

  app.post('/team/reports/:reportId/close', async (c) => {
    const { reportId } = parseParams(c, v.object({ reportId: Id }));
    const { outcome, note } = await parseJsonBody(c, CloseReportRequest);
    return answer(c, TeamReportResponse, {
      status: true,
      data: await closeReport(db, c.get('user').userId, reportId, outcome, note),
    });
  });

  app.get('/team/feedback', async (c) => {
    const { pageNo, pageSize, handled } = parseQuery(c, FeedbackQuery);
    const page = await listFeedback(db, handled === 'all' ? undefined : handled === 'true', pageNo, pageSize);
    return answer(c, TeamFeedbackList, { status: true, ...page, pageNo, pageSize });
  });

  app.post('/team/feedback/:feedbackId/handled', async (c) => {
    const { feedbackId } = parseParams(c, v.object({ feedbackId: Id }));
    return answer(c, TeamFeedbackResponse, {
      status: true,
      data: await markFeedbackHandled(db, c.get('user').userId, feedbackId),
    });
  });

  app.get('/team/subscribers', async (c) => {
    const { pageNo, pageSize, q } = parseQuery(c, SubscriberQuery);
    return answer(c, TeamSubscriberList, {
      status: true,
      ...(await listSubscribers(db, q, pageNo, pageSize)),
      pageNo,
      pageSize,
    });
  });

  app.get('/team/subscribers/export', async (c) => {
    c.header('content-disposition', `attachment; filename="${SUBSCRIBERS_CSV_NAME}"`);
    c.header('cache-control', 'no-store');
    return c.body(await subscribersCsv(db), 200, { 'content-type': 'text/csv; charset=utf-8' });
  });

  app.post('/team/subscribers/:subscriptionId/remove', async (c) => {
    const { subscriptionId } = parseParams(c, v.object({ subscriptionId: Id }));
    const { reason } = await parseJsonBody(c, ReasonRequest);
    await removeSubscriber(db, c.get('user').userId, subscriptionId, reason);
    return answer(c, DoneResponse, { status: true, message: 'The subscriber was removed.' });
  });

  // ---------- audit ----------

  app.get('/team/audit', async (c) => {
    const { pageNo, pageSize, ...filter } = parseQuery(c, AuditQuery);
    return answer(c, AuditList, { status: true, ...(await listAudit(db, filter, pageNo, pageSize)), pageNo, pageSize });
  });

  return app;
}
