// "I'll use this" (docs/api.md §7d), with the session's token. Loaded on first use by the plan's
// dialog and the console's list.
import type { KyInstance } from 'ky';
import { UsePlanChangedResponse, UsePlansResponse, type UsePlanChannel } from '../contract/use-plans.ts';
import { mainApi, readAnswer } from './http.ts';
import { withBearerToken, type SessionLink } from './session.ts';

export { failureText } from './http.ts';

export const fetchUsePlans = (session: SessionLink, api: KyInstance = mainApi) =>
  readAnswer(UsePlansResponse, withBearerToken(api, session).get('user/use-plans'));

export const saveUsePlan = (
  offerId: number,
  plan: { usedOn: string; channel: UsePlanChannel },
  session: SessionLink,
  api: KyInstance = mainApi,
) =>
  readAnswer(UsePlanChangedResponse, withBearerToken(api, session).post(`offers/${offerId}/use-plan`, { json: plan }));

export const cancelUsePlan = (offerId: number, session: SessionLink, api: KyInstance = mainApi) =>
  readAnswer(UsePlanChangedResponse, withBearerToken(api, session).delete(`offers/${offerId}/use-plan`));
