// 'Report a problem' on an offer (docs/api.md §10, POST /api/offers/{offerId}/reports), guests too.
// Its own module, not client/engagement.ts: the newsletter box and the feedback form share that
// one's chunk, and would then carry the report's contract (contract/reports.ts) on every page.
import type * as v from 'valibot';
import { ReportResponse, type ReportRequest } from '../contract/reports.ts';
import { mainApi, readAnswer } from './http.ts';

/** A visitor's report of a problem with a public offer (`api` with a session records who sent it). */
export const reportOffer = (offerId: number, request: v.InferOutput<typeof ReportRequest>, api = mainApi) =>
  readAnswer(ReportResponse, api.post(`offers/${offerId}/reports`, { json: request }));
