// The words of a plan's reminders, shared by the plan's dialog and the console's list.
import type { UsePlanReminderData } from '../../contract/use-plans.ts';
import { intlLocale } from '../../lib/intl-locale.ts';
import { m } from '../../paraglide/messages.js';
import { getLocale } from '../../paraglide/runtime.js';

/** A Sri Lanka day (YYYY-MM-DD) as people say it: 'Thursday, 6 March'. */
export const dayWords = (day: string) =>
  new Intl.DateTimeFormat(intlLocale(getLocale()), {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(new Date(`${day}T00:00:00Z`));

export function reminderWords(reminder: Pick<UsePlanReminderData, 'step' | 'day' | 'deadline'>): string {
  const day = dayWords(reminder.day);
  switch (reminder.step) {
    case 'register':
      return m.plans_reminder_register({ day });
    case 'convert':
      return m.plans_reminder_convert({ day, deadline: dayWords(reminder.deadline!) });
    case 'promo':
      return m.plans_reminder_promo({ day });
  }
}
