// "Alert me" and the e-mail address its digests go to (docs/api.md §4c), with the session's token.
// Loaded on first use by the Alert me dialog and the console's alerts page.
import type { KyInstance } from 'ky';
import { AlertChangedResponse, AlertsResponse, EmailResponse } from '../contract/alerts.ts';
import type { OfferSearchInput } from '../contract/offer-search.ts';
import { mainApi, readAnswer } from './http.ts';
import { withBearerToken, type SessionLink } from './session.ts';

export { failureText } from './http.ts';

export const fetchAlerts = (session: SessionLink, api: KyInstance = mainApi) =>
  readAnswer(AlertsResponse, withBearerToken(api, session).get('user/alerts'));

export const createAlert = (label: string, filter: OfferSearchInput, session: SessionLink, api: KyInstance = mainApi) =>
  readAnswer(AlertChangedResponse, withBearerToken(api, session).post('user/alerts', { json: { label, filter } }));

export const deleteAlert = (alertId: number, session: SessionLink, api: KyInstance = mainApi) =>
  readAnswer(AlertChangedResponse, withBearerToken(api, session).delete(`user/alerts/${alertId}`));

/** Sets the address and mails it a confirmation link. */
export const saveEmail = (email: string, session: SessionLink, api: KyInstance = mainApi) =>
  readAnswer(EmailResponse, withBearerToken(api, session).post('user/email', { json: { email } }));
