// The team console's calls ({API}/team/...; docs/api.md §13b), each with the signed-in team
// member's session (sessionApi) and its answer checked against src/contract/team.ts. Lists take
// their query as the contract names it; empty values are left out of the query string.
import type { KyInstance } from 'ky';
import type { CreateOfferData } from '../contract/offer-form.ts';
import {
  AuditList, BulkDecisionResponse, DoneResponse, TeamAccountList, TeamAccountResponse, TeamFeedbackList, TeamFeedbackResponse,
  TeamMerchantResponse, TeamOfferList, TeamOfferResponse, TeamOverview, TeamReportList, TeamReportResponse, TeamSubscriberList,
  type MerchantStep,
} from '../contract/team.ts';
import { sessionApi } from '../stores/session-calls.ts';
import { readAnswer, readFile } from './http.ts';

export type ListQuery = Record<string, string | number | undefined>;

/** The query without its empty values, as URLSearchParams. */
const searchOf = (query: ListQuery) =>
  new URLSearchParams(Object.entries(query).flatMap(([name, value]) => (value === undefined || value === '' ? [] : [[name, String(value)]])));

const get = (path: string, query: ListQuery = {}, api: KyInstance = sessionApi) => api.get(`team/${path}`, { searchParams: searchOf(query) });
const post = (path: string, json: unknown = {}, api: KyInstance = sessionApi) => api.post(`team/${path}`, { json });

export const fetchOverview = async () => (await readAnswer(TeamOverview, get('overview'))).data;

// ---------- offers ----------
export type Decision = 'accept' | 'reject';
export const fetchTeamOffers = (query: ListQuery) => readAnswer(TeamOfferList, get('offers', query));
export const decideOffer = async (offerId: number, decision: Decision, reason?: string) =>
  (await readAnswer(TeamOfferResponse, post(`offers/${offerId}/decision`, { decision, reason }))).data;
export const decideOffers = (offerIds: number[], decision: Decision, reason?: string) =>
  readAnswer(BulkDecisionResponse, post('offers/decisions', { offerIds, decision, reason }));
export const withdrawOrEndOffer = async (offerId: number, action: 'withdraw' | 'end', reason: string) =>
  (await readAnswer(TeamOfferResponse, post(`offers/${offerId}/${action}`, { reason }))).data;
export const editTeamOffer = async (offerId: number, form: CreateOfferData) =>
  (await readAnswer(TeamOfferResponse, sessionApi.put(`team/offers/${offerId}`, { json: form }))).data;

// ---------- accounts ----------
export const fetchAccounts = (query: ListQuery) => readAnswer(TeamAccountList, get('accounts', query));
export type AccountAction = 'block' | 'unblock' | 'lift-code-block';
export const changeAccount = async (userId: number, action: AccountAction, reason: string) =>
  (await readAnswer(TeamAccountResponse, post(`accounts/${userId}/${action}`, { reason }))).data;
export const changeAccountType = async (userId: number, userType: number, reason: string) =>
  (await readAnswer(TeamAccountResponse, post(`accounts/${userId}/type`, { userType, reason }))).data;

// ---------- merchants ----------
export const fetchMerchants = (query: ListQuery) => readAnswer(TeamAccountList, get('merchants', query));
export const fetchMerchant = async (userId: number) => (await readAnswer(TeamMerchantResponse, get(`merchants/${userId}`))).data;
export const moveMerchantStep = async (userId: number, step: MerchantStep, note: string) =>
  (await readAnswer(TeamMerchantResponse, post(`merchants/${userId}/step`, { step, note }))).data;
/** Creates a merchant account, or makes the account with that number a merchant. */
export const createMerchant = async (fields: Record<string, string>) => (await readAnswer(TeamMerchantResponse, post('merchants', fields))).data;

/** A file the API sends only with the session (a merchant's document, the subscribers' CSV), saved through a temporary link. */
async function download(path: string, fileName: string) {
  const url = URL.createObjectURL(await readFile(get(path)));
  Object.assign(document.createElement('a'), { href: url, download: fileName }).click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
export const downloadDocument = (userId: number, documentId: number, fileName: string) =>
  download(`merchants/${userId}/documents/${documentId}`, fileName);

// ---------- what visitors send ----------
export const fetchReports = (query: ListQuery) => readAnswer(TeamReportList, get('reports', query));
export const closeReport = async (reportId: number, outcome: 'resolved' | 'dismissed', note = '') =>
  (await readAnswer(TeamReportResponse, post(`reports/${reportId}/close`, { outcome, note }))).data;
export const fetchFeedback = (query: ListQuery) => readAnswer(TeamFeedbackList, get('feedback', query));
export const markFeedbackHandled = async (feedbackId: number) => (await readAnswer(TeamFeedbackResponse, post(`feedback/${feedbackId}/handled`))).data;
export const fetchSubscribers = (query: ListQuery) => readAnswer(TeamSubscriberList, get('subscribers', query));
export const removeSubscriber = (subscriptionId: number, reason: string) => readAnswer(DoneResponse, post(`subscribers/${subscriptionId}/remove`, { reason }));
export const downloadSubscribers = () => download('subscribers/export', 'subscribers.csv');

// ---------- audit ----------
export const fetchAudit = (query: ListQuery) => readAnswer(AuditList, get('audit', query));
