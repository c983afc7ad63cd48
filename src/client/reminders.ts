// Expiry reminders (docs/api.md "Expiry reminders"): the signed-in user's setting, read and set
// with the session's token, and the mark that the first favourite's line was shown. Loaded with
// the profile's Reminders block, or on demand after a favourite is added: never in a guest's JS.
import type { KyInstance } from 'ky';
import {
  ReminderSettingChangedResponse,
  ReminderSettingResponse,
  ReminderStopResponse,
  type ReminderDays,
} from '../contract/reminders.ts';
import { readAnswer } from './http.ts';

const SETTING = 'user/reminders';
export interface ReminderSetting {
  daysBefore: ReminderDays | null;
  offerShown: boolean;
}

export async function fetchReminderSetting(api: KyInstance): Promise<ReminderSetting> {
  return (await readAnswer(ReminderSettingResponse, api.get(SETTING))).data;
}

/** daysBefore null turns reminders off. */
export async function saveReminderDays(
  api: KyInstance,
  daysBefore: ReminderDays | null,
): Promise<{ message: string; setting: ReminderSetting }> {
  const answer = await readAnswer(ReminderSettingChangedResponse, api.put(SETTING, { json: { daysBefore } }));
  return { message: answer.message, setting: answer.data };
}

export async function markReminderOfferShown(api: KyInstance): Promise<void> {
  await readAnswer(ReminderSettingChangedResponse, api.post(`${SETTING}/offer-shown`));
}

/** "Revoke my links": every stop and unsubscribe link sent to the account so far stops working. */
export async function revokeOptOutLinks(api: KyInstance): Promise<{ message: string }> {
  return { message: (await readAnswer(ReminderStopResponse, api.post('user/links/revoke'))).message };
}
