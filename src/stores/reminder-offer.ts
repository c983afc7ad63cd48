// The one line that offers expiry reminders after a favourite is added (issue 17): shown once per
// account (the server keeps users.reminderOfferShownAt), and only while reminders are off. Loaded
// on demand by toggleFavorite, so a guest's page never carries it.
import { fetchReminderSetting, markReminderOfferShown } from '../client/reminders.ts';
import { m } from '../paraglide/messages.js';
import { showNotice } from './notices.ts';
import { sessionApi } from './session-calls.ts';

/** Accounts already asked in this page: later favourites ask the server nothing. */
const asked = new Set<number>();

export async function offerRemindersOnce(userId: number): Promise<void> {
  if (asked.has(userId)) return;
  asked.add(userId);
  const setting = await fetchReminderSetting(sessionApi);
  if (setting.offerShown) return;
  if (setting.daysBefore === null) {
    showNotice({
      kind: 'info',
      title: m.account_reminders_title(),
      text: m.account_reminders_first_favourite({ label: m.account_reminders_label() }),
    });
  }
  await markReminderOfferShown(sessionApi);
}
