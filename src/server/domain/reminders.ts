// Expiry reminders' setting (docs/api.md "Expiry reminders"): the days before a favourite's end,
// whether the first favourite's line has been shown, and the signed stop link every reminder SMS
// carries (works without signing in; made only for that purpose, so it can do nothing else; it
// expires and can be revoked: opt-out-links.ts).
import { eq, sql } from 'drizzle-orm';
import type { ReminderDays } from '../../contract/reminders.ts';
import type { Database } from '../db/client.ts';
import { usePlans, users } from '../db/schema.ts';
import { invalidField } from '../errors.ts';
import { checkOptOutLink, signOptOutLink } from './opt-out-links.ts';

/** The signed link's purpose: a token made for another purpose (e.g. e-mail unsubscribe) is refused. */
const STOP_PURPOSE = 'reminder-stop';

export interface ReminderSetting {
  daysBefore: ReminderDays | null;
  offerShown: boolean;
}

const settingOf = (row: { reminderDaysBefore: number | null; reminderOfferShownAt: Date | null }): ReminderSetting => ({
  daysBefore: row.reminderDaysBefore as ReminderDays | null,
  offerShown: row.reminderOfferShownAt !== null,
});
const columns = { reminderDaysBefore: users.reminderDaysBefore, reminderOfferShownAt: users.reminderOfferShownAt };

export async function findReminderSetting(db: Database, userId: number): Promise<ReminderSetting> {
  const [row] = await db.select(columns).from(users).where(eq(users.userId, userId));
  return settingOf(row!);
}

/** Sets the days (null: off). Choosing in the profile also counts as having seen the first favourite's line. */
export async function setReminderDays(
  db: Database,
  userId: number,
  daysBefore: ReminderDays | null,
  now = new Date(),
): Promise<ReminderSetting> {
  const [row] = await db
    .update(users)
    .set({
      reminderDaysBefore: daysBefore,
      reminderOfferShownAt: sql`coalesce(${users.reminderOfferShownAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(users.userId, userId))
    .returning(columns);
  return settingOf(row!);
}

/** The first favourite's line was shown: it shows once per account. */
export async function markReminderOfferShown(db: Database, userId: number, now = new Date()): Promise<ReminderSetting> {
  const [row] = await db
    .update(users)
    .set({ reminderOfferShownAt: sql`coalesce(${users.reminderOfferShownAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(users.userId, userId))
    .returning(columns);
  return settingOf(row!);
}

/** A stop link for one reminder SMS: issued now, so each message carries its own. */
export const reminderStopToken = (db: Database, userId: number, now = new Date()) =>
  signOptOutLink(db, STOP_PURPOSE, userId, now);

/**
 * Turns reminders off for the link's user; a link that is altered or of another purpose is a 400,
 * and so is one that expired or was revoked, with its own text.
 */
export async function stopReminders(db: Database, token: string, now = new Date()): Promise<void> {
  const link = await checkOptOutLink(db, STOP_PURPOSE, token, now);
  if (!link.ok) throw invalidField('token', link.reason === 'expired' ? 'expired_stop_link' : 'bad_stop_link');
  await db.update(users).set({ reminderDaysBefore: null }).where(eq(users.userId, link.userId));
  // The same link stops the reminders of the offers the user planned to use ("I'll use this").
  await db.delete(usePlans).where(eq(usePlans.userId, link.userId));
}
