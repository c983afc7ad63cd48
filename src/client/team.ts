// The team console's calls ({API}/team/...; docs/api.md §13b), made with an api carrying the team
// member's session (teamCalls(sessionApi): src/islands/team/team-calls.ts), each answer checked
// against src/contract/team.ts. Lists take their query as the contract names it; empty values are
// left out of the query string.
import type { KyInstance } from 'ky';
import type { CreateOfferData } from '../contract/offer-form.ts';
import {
  CardTiersResponse,
  TeamBankResponse,
  TeamCardTierResponse,
  TeamCategoryResponse,
  TeamLocationResponse,
  type BankInput,
  type CategoryInput,
} from '../contract/team-catalogue.ts';
import {
  AuditList,
  BulkDecisionResponse,
  DoneResponse,
  TeamAccountList,
  TeamAccountResponse,
  TeamFeedbackList,
  TeamFeedbackResponse,
  TeamMerchantResponse,
  TeamOfferList,
  TeamOfferResponse,
  TeamOverview,
  TeamReportList,
  TeamReportResponse,
  TeamSubscriberList,
  documentDownloadName,
  SUBSCRIBERS_CSV_NAME,
  type MerchantDocumentData,
  type MerchantStep,
} from '../contract/team.ts';
import {
  CategoryKeywordList,
  ImportSourceDetail,
  ImportSourceList,
  ImportSourceResponse,
  RevisionList,
  RunQueuedResponse,
} from '../contract/team-importers.ts';
import { readAnswer, readFile } from './http.ts';

export type ListQuery = Record<string, string | number | undefined>;

/** The query without its empty values, as URLSearchParams. */
const searchOf = (query: ListQuery) =>
  new URLSearchParams(
    Object.entries(query).flatMap(([name, value]) =>
      value === undefined || value === '' ? [] : [[name, String(value)]],
    ),
  );

export type Decision = 'accept' | 'reject';
export type AccountAction = 'block' | 'unblock' | 'lift-code-block';

/** The team console's calls, made with `api` (one carrying the team member's session). */
export function teamCalls(api: KyInstance) {
  const get = (path: string, query: ListQuery = {}) => api.get(`team/${path}`, { searchParams: searchOf(query) });
  const post = (path: string, json: unknown = {}) => api.post(`team/${path}`, { json });
  /** A file the API sends only with the session (a merchant's document, the subscribers' CSV), saved through a temporary link. */
  const download = async (path: string, fileName: string) => {
    const url = URL.createObjectURL(await readFile(get(path)));
    Object.assign(document.createElement('a'), { href: url, download: fileName }).click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  /** Adds a bank, category or location (no id), or changes the one with this id. */
  const save = (path: string, id: number | undefined, json: unknown) =>
    id === undefined ? api.post(`team/${path}`, { json }) : api.put(`team/${path}/${id}`, { json });

  return {
    fetchOverview: async () => (await readAnswer(TeamOverview, get('overview'))).data,

    // ---------- offers ----------
    fetchTeamOffers: (query: ListQuery) => readAnswer(TeamOfferList, get('offers', query)),
    decideOffer: async (offerId: number, decision: Decision, reason?: string) =>
      (await readAnswer(TeamOfferResponse, post(`offers/${offerId}/decision`, { decision, reason }))).data,
    decideOffers: (offerIds: number[], decision: Decision, reason?: string) =>
      readAnswer(BulkDecisionResponse, post('offers/decisions', { offerIds, decision, reason })),
    withdrawOrEndOffer: async (offerId: number, action: 'withdraw' | 'end', reason: string) =>
      (await readAnswer(TeamOfferResponse, post(`offers/${offerId}/${action}`, { reason }))).data,
    editTeamOffer: async (offerId: number, form: CreateOfferData) =>
      (await readAnswer(TeamOfferResponse, api.put(`team/offers/${offerId}`, { json: form }))).data,

    // ---------- accounts ----------
    fetchAccounts: (query: ListQuery) => readAnswer(TeamAccountList, get('accounts', query)),
    changeAccount: async (userId: number, action: AccountAction, reason: string) =>
      (await readAnswer(TeamAccountResponse, post(`accounts/${userId}/${action}`, { reason }))).data,
    changeAccountType: async (userId: number, userType: number, reason: string) =>
      (await readAnswer(TeamAccountResponse, post(`accounts/${userId}/type`, { userType, reason }))).data,

    // ---------- merchants ----------
    fetchMerchants: (query: ListQuery) => readAnswer(TeamAccountList, get('merchants', query)),
    fetchMerchant: async (userId: number) => (await readAnswer(TeamMerchantResponse, get(`merchants/${userId}`))).data,
    moveMerchantStep: async (userId: number, step: MerchantStep, note: string) =>
      (await readAnswer(TeamMerchantResponse, post(`merchants/${userId}/step`, { step, note }))).data,
    /** Creates a merchant account, or makes the account with that number a merchant. */
    createMerchant: async (fields: Record<string, string>) =>
      (await readAnswer(TeamMerchantResponse, post('merchants', fields))).data,

    /** Saved under a name made safe from the merchant's (documentDownloadName), with the extension its bytes say. */
    downloadDocument: (userId: number, document: MerchantDocumentData) =>
      download(`merchants/${userId}/documents/${document.documentId}`, documentDownloadName(document)),

    // ---------- what visitors send ----------
    fetchReports: (query: ListQuery) => readAnswer(TeamReportList, get('reports', query)),
    closeReport: async (reportId: number, outcome: 'resolved' | 'dismissed', note = '') =>
      (await readAnswer(TeamReportResponse, post(`reports/${reportId}/close`, { outcome, note }))).data,
    fetchFeedback: (query: ListQuery) => readAnswer(TeamFeedbackList, get('feedback', query)),
    markFeedbackHandled: async (feedbackId: number) =>
      (await readAnswer(TeamFeedbackResponse, post(`feedback/${feedbackId}/handled`))).data,
    fetchSubscribers: (query: ListQuery) => readAnswer(TeamSubscriberList, get('subscribers', query)),
    removeSubscriber: (subscriptionId: number, reason: string) =>
      readAnswer(DoneResponse, post(`subscribers/${subscriptionId}/remove`, { reason })),
    downloadSubscribers: () => download('subscribers/export', SUBSCRIBERS_CSV_NAME),

    // ---------- audit ----------
    fetchAudit: (query: ListQuery) => readAnswer(AuditList, get('audit', query)),

    // ---------- catalogue ----------
    saveBank: async (bankId: number | undefined, bank: BankInput) =>
      (await readAnswer(TeamBankResponse, save('banks', bankId, bank))).data,
    saveCategory: async (categoryId: number | undefined, category: CategoryInput) =>
      (await readAnswer(TeamCategoryResponse, save('categories', categoryId, category))).data,
    saveLocation: async (locationId: number | undefined, locationName: string) =>
      (await readAnswer(TeamLocationResponse, save('locations', locationId, { locationName }))).data,
    // ---------- importers ----------
    fetchImportSources: async () => (await readAnswer(ImportSourceList, get('import-sources'))).data,
    fetchImportSource: async (sourceKey: string) =>
      (await readAnswer(ImportSourceDetail, get(`import-sources/${encodeURIComponent(sourceKey)}`))).data,
    changeImportSource: async (sourceKey: string, change: { enabled: boolean; trusted: boolean }) =>
      (
        await readAnswer(
          ImportSourceResponse,
          api.put(`team/import-sources/${encodeURIComponent(sourceKey)}`, { json: change }),
        )
      ).data,
    runImportSource: async (sourceKey: string) =>
      readAnswer(RunQueuedResponse, post(`import-sources/${encodeURIComponent(sourceKey)}/run`)),
    fetchCategoryKeywords: async () => (await readAnswer(CategoryKeywordList, get('category-keywords'))).data,
    saveCategoryKeywords: async (keywords: { keyword: string; categoryId: number }[]) =>
      (await readAnswer(CategoryKeywordList, api.put('team/category-keywords', { json: { keywords } }))).data,
    fetchRevisions: async (query: ListQuery) => readAnswer(RevisionList, get('revisions', query)),
    decideRevision: async (revisionId: number, decision: 'accept' | 'reject') =>
      readAnswer(DoneResponse, post(`revisions/${revisionId}/decision`, { decision })),
    fetchCardTiers: async () => (await readAnswer(CardTiersResponse, get('card-tiers'))).data,
    saveCardTier: async (tierId: number | undefined, tierName: string) =>
      (await readAnswer(TeamCardTierResponse, save('card-tiers', tierId, { tierName }))).data,
  };
}
