// Answers the browser does not read: the site build's bulk reads and the ad route, the server's
// own tools (the dev outbox), the insight host's answers no page calls, and the server's typing of
// answers the browser reads only through a looser shape (failures). Imported from this file, not
// through index.ts, so no page carries them.
import * as v from 'valibot';
import { BankDetail, CategoryWithCount, ErrorResponse, HouseAd, Issue, Offer, TopOffersResponse } from './responses.ts';

export const BankDetailResponse = v.object({ status: v.literal(true), data: BankDetail });
/** GET /api/site/offers/{pageNo}: every public offer, expired ones too, a page at a time. */
export const SiteOffersResponse = v.object({
  status: v.literal(true),
  data: v.array(Offer),
  totalCount: v.number(),
  pageSize: v.number(),
});
export const SiteMeta = v.object({ dataset: v.nullable(v.string()) });
export type SiteMetaData = v.InferOutput<typeof SiteMeta>;
export const SiteMetaResponse = v.object({ status: v.literal(true), data: SiteMeta });
/**
 * A source the site imports offers from, as the public sources page shows it: names, dates and
 * counts only (never its address or its runs' errors). lastGoodRunAt: when its last successful run
 * finished; failingSince: when the first of the failed runs since then started, null while its
 * latest run succeeded; listedOffers: the listed offers it holds.
 */
export const PublicSource = v.object({
  name: v.string(),
  bank: v.nullable(v.object({ bankId: v.number(), bankName: v.string() })),
  lastGoodRunAt: v.nullable(v.string()),
  failingSince: v.nullable(v.string()),
  listedOffers: v.number(),
});
export type PublicSourceData = v.InferOutput<typeof PublicSource>;
/** GET /api/site/sources: every enabled source, and any other that still holds listed offers, by name. */
export const SiteSourcesResponse = v.object({ status: v.literal(true), data: v.array(PublicSource) });
/** GET /api/site/merchant-slugs: every slug a merchant's page has had, with its current one (for the old ones' 301s). */
export const SiteMerchantSlugsResponse = v.object({
  status: v.literal(true),
  data: v.array(v.object({ slug: v.string(), currentSlug: v.string() })),
});
export type MerchantSlugData = v.InferOutput<typeof SiteMerchantSlugsResponse>['data'][number];
/** GET /api/ads: house ads, or what the ad proxy answered (any shape: readers keep the HouseAd ones). */
export const AdsResponse = v.object({
  status: v.literal(true),
  source: v.picklist(['house', 'proxy']),
  data: v.union([v.array(HouseAd), v.array(v.unknown())]),
});

/** GET /api/get/all/categories/with/offers/{bankId|all}: the categories with listed offers, and how many. */
export const CategoriesWithCountResponse = v.object({ status: v.literal(true), data: v.array(CategoryWithCount) });
/** POST /api/user/logout: the session token is revoked (the browser does not read the answer). */
export const SignedOutResponse = v.object({ status: v.literal(true), message: v.string() });
/** GET /api/dev/sms-outbox/{mobileNo}: the console SMS provider's messages to a number, newest first. */
/** A message in the development outbox; code when it carries a one-time code. */
export const SmsOutboxEntry = v.object({
  mobileNo: v.string(),
  message: v.string(),
  code: v.optional(v.string()),
  sentAt: v.string(),
});
export const SmsOutboxResponse = v.object({ status: v.literal(true), data: v.array(SmsOutboxEntry) });

// The insight host's answers no page reads.
/** GET top-offers-by-bank-insight: TopOffersResponse, with the bank's categories ranked for the visitor. */
export const TopOffersByBankResponse = v.object({ ...TopOffersResponse.entries, top_categories: v.array(v.number()) });
/** GET get/offers/{insightId}/top-10-most-viewed: the insight's most viewed offers, with their view counts. */
export const MostViewedOffersResponse = v.object({
  status: v.literal(true),
  data: v.array(v.object({ offer_id: v.number(), count: v.number() })),
});
/** GET bank/impression/{bankId}: every impression of the bank's offers, counted. */
export const BankImpressionResponse = v.object({ status: v.literal(true), total_impressions: v.number() });

// Failures, as the server types them (the browser reads every failure as an ErrorResponse).
/** Every error answer as the server sends it: with its code, and a code on each issue. */
export const CodedErrorResponse = v.object({
  ...ErrorResponse.entries,
  code: v.string(),
  issues: v.optional(v.array(v.object({ ...Issue.entries, code: v.string() }))),
});
/** A failure the API answers on purpose (HttpFailure): an error with the failure's own extra fields (isFound, attempt, retryAfterSeconds, ...). */
export const FailureResponse = v.looseObject(CodedErrorResponse.entries);
/** An unexpected error (500): the id under which it was logged. */
export const InternalErrorResponse = v.object({ ...CodedErrorResponse.entries, requestId: v.string() });
