// createApp(): the three services (main API, insight, demo) on one Hono app, with one error shape.
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { englishText } from '../contract/error-codes.ts';
import { UPLOAD_BYTES_MAX } from '../contract/index.ts';
import { CodedErrorResponse, FailureResponse, InternalErrorResponse } from '../contract/site-responses.ts';
import type { AppEnv, ServerDeps } from './context.ts';
import { errorBody, HttpFailure } from './errors.ts';
import { answer, noSuchRoute } from './http/answer.ts';
import { apiCors } from './http/cors.ts';
import { LINK_PAGE_STYLESHEET_PATH, serveLinkPageStylesheet } from './http/link-page.ts';
import { loadShedding, type LoadSheddingOptions } from './http/load-shedding.ts';
import { redactSecrets, requestLogger } from './http/request-log.ts';
import { readBodyFirst } from './http/request-body.ts';
import { apiAnswerHeaders, securityHeaders } from './http/security-headers.ts';
import { accountRoutes, demoRoutes } from './routes/accounts.ts';
import { calendarRoutes } from './routes/calendar.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { devOutboxRoutes } from './routes/dev/index.ts';
import { devMailOutboxRoutes } from './routes/dev/mail-outbox.ts';
import { alertRoutes } from './routes/alerts.ts';
import { reminderRoutes } from './routes/reminders.ts';
import { devReminderRunRoutes } from './routes/dev/reminder-run.ts';
import { usePlanRoutes } from './routes/use-plans.ts';
import { engagementRoutes } from './routes/engagement.ts';
import { favoriteRoutes } from './routes/favorites.ts';
import { myCardRoutes } from './routes/my-cards.ts';
import { insightRecordingRoutes, insightServiceRoutes } from './routes/insights.ts';
import { mediaRoutes } from './routes/media.ts';
import { merchantRoutes } from './routes/merchants.ts';
import { createOfferRoutes } from './routes/offers/create-offer.ts';
import { offerRoutes } from './routes/offers/index.ts';
import { savingsRoutes } from './routes/savings.ts';
import { siteExportRoutes } from './routes/site.ts';
import { teamRoutes } from './routes/team/index.ts';

export interface AppOptions {
  apiBase: string;
  insightBase: string;
  demoBase: string;
  logRequests?: boolean;
  /** Where the request log's lines go; console.log when absent. */
  logLine?: (line: string) => void;
  /** The site's public URL: answers carry HSTS when it is https. */
  siteUrl?: string;
  /** Origins whose pages may call the services (CORS); none when absent. */
  corsOrigins?: readonly string[];
  /** Answer 503 with Retry-After when overloaded (API routes only); no shedding when absent. */
  loadShedding?: LoadSheddingOptions;
}

export const DEFAULT_BASES = { apiBase: '/api', insightBase: '/insight', demoBase: '/demo' } as const;
/** Base64 of the largest upload plus room for the JSON around it. */
const BODY_BYTES_MAX = Math.ceil((UPLOAD_BYTES_MAX * 4) / 3) + 64 * 1024;

export function createApp(deps: ServerDeps, options: AppOptions = DEFAULT_BASES): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  if (options.logRequests) app.use('*', requestLogger(options.logLine));
  app.use('*', securityHeaders(options.siteUrl));
  // Bodies are capped, and read whole before shedding counts the request: a body that trickles in
  // holds no place among the requests in flight.
  const bodyFirst = readBodyFirst({
    maxBytes: BODY_BYTES_MAX,
    tooLarge: (c: Context) =>
      answer(c, CodedErrorResponse, errorBody(413, englishText('payload_too_large'), 'payload_too_large'), 413),
    unreadable: (c: Context) =>
      answer(c, CodedErrorResponse, errorBody(400, englishText('bad_request'), 'bad_request'), 400),
  });
  const withBody = ['POST', 'PUT', 'PATCH'];
  // Shedding comes after CORS and the answer headers, so that a page on another origin can read the 503.
  const shedding = options.loadShedding ? loadShedding(options.loadShedding) : undefined;
  for (const base of [options.apiBase, options.insightBase, options.demoBase]) {
    // gzip, outermost so that every answer is covered, errors included: a page of 20 offers is about
    // 53 KB of JSON, 7 KB gzipped, on a phone's network. The site's files come precompressed.
    app.use(`${base}/*`, compress({ encoding: 'gzip' }), apiCors(options.corsOrigins ?? []), apiAnswerHeaders);
    app.on(withBody, `${base}/*`, bodyFirst);
    if (shedding) app.use(`${base}/*`, shedding);
  }
  app.on(withBody, '*', bodyFirst); // every other path's bodies (read once where the above ran)

  const api = new Hono<AppEnv>();
  for (const routes of [
    offerRoutes,
    createOfferRoutes,
    catalogueRoutes,
    accountRoutes,
    favoriteRoutes,
    myCardRoutes,
    engagementRoutes,
    insightRecordingRoutes,
    mediaRoutes,
    merchantRoutes,
    siteExportRoutes,
    savingsRoutes,
    teamRoutes,
  ]) {
    api.route('/', routes(deps));
  }
  api.get(LINK_PAGE_STYLESHEET_PATH, serveLinkPageStylesheet);
  api.route('/', calendarRoutes(deps, { siteUrl: options.siteUrl }));
  if (deps.sms.outbox) api.route('/', devOutboxRoutes(deps.sms as Parameters<typeof devOutboxRoutes>[0]));
  api.route('/', alertRoutes(deps));
  api.route('/', reminderRoutes(deps, { siteUrl: options.siteUrl }));
  api.route('/', usePlanRoutes(deps));
  if (deps.sms.outbox) {
    const siteUrl = (options.siteUrl ?? '').replace(/\/$/, '');
    api.route('/', devReminderRunRoutes(deps, { siteUrl, apiUrl: siteUrl + options.apiBase }));
  }
  if (deps.mail?.provider.outbox)
    api.route('/', devMailOutboxRoutes(deps.mail.provider as Parameters<typeof devMailOutboxRoutes>[0]));

  app.route(options.apiBase, api);
  app.route(options.insightBase, insightServiceRoutes(deps));
  app.route(options.demoBase, demoRoutes(deps));

  app.notFound(noSuchRoute);
  app.onError((error, c) => {
    if (error instanceof HttpFailure) {
      if (error.httpStatus === 429 && typeof error.extra.retryAfterSeconds === 'number')
        c.header('retry-after', String(error.extra.retryAfterSeconds));
      return answer(
        c,
        FailureResponse,
        errorBody(error.httpStatus, error.message, error.code, error.extra, error.params),
        error.httpStatus,
      );
    }
    if (error instanceof HTTPException)
      return answer(
        c,
        CodedErrorResponse,
        errorBody(error.status, error.message || englishText('bad_request')),
        error.status,
      );
    // The id ties the answer the user saw to the logged error.
    const requestId = randomUUID();
    console.error(`[api] ${c.req.method} ${redactSecrets(c.req.path)} failed (request ${requestId}):`, error);
    return answer(
      c,
      InternalErrorResponse,
      { ...errorBody(500, englishText('server_error'), 'server_error'), requestId },
      500,
    );
  });
  return app;
}
