// Newsletter and feedback calls (spec §7, docs/api.md §10). Requests are the contract's parsed
// shapes, so an island validates before it sends; answers are checked against the contract.
import type * as v from 'valibot';
import { FeedbackResponse, SubscribeResponse, type FeedbackRequest, type SubscribeRequest } from '../contract/index.ts';
import { mainApi, readAnswer } from './http.ts';

export const subscribeToNewsletter = (request: v.InferOutput<typeof SubscribeRequest>, api = mainApi) =>
  readAnswer(SubscribeResponse, api.post('new/subscribe', { json: request }));

export const sendFeedback = (request: v.InferOutput<typeof FeedbackRequest>, api = mainApi) =>
  readAnswer(FeedbackResponse, api.post('add/new/feedback', { json: request }));
