// The reminders of "I'll use this" (issue 47 §5, docs/api.md §7d), sent by the hourly reminder run
// (reminders.ts) with its quiet hours and its stop link: register before the offer starts, call
// the bank within the window after the day of use, the promo code on the day of use
// (lib/use-plan-schedule.ts says which day each goes). By SMS, or by e-mail to a confirmed address
// (an address no longer confirmed gets the SMS). Never twice: the use_plan_sends row (plan, step)
// is claimed with ON CONFLICT DO NOTHING before the message goes. A cancelled plan is deleted; an
// offer that ended or was withdrawn is no longer listed: neither sends anything.
import { and, eq, inArray } from 'drizzle-orm';
import type { EligibilityData } from '../../contract/eligibility.ts';
import { SITE_NAME } from '../../lib/constants.ts';
import { intlLocale } from '../../lib/intl-locale.ts';
import { localePath, withLinkLocale } from '../../lib/locale-path.ts';
import { offerCanonicalPath } from '../../lib/site-urls.ts';
import { localText } from '../../lib/translated.ts';
import { planReminders, type ScheduledReminder } from '../../lib/use-plan-schedule.ts';
import { sriLankaDay } from '../../lib/valid-today.ts';
import { m } from '../../paraglide/messages.js';
import { baseLocale, type Locale } from '../../paraglide/runtime.js';
import type { Database } from '../db/client.ts';
import { banks, categories, offers, usePlans, usePlanSends, users } from '../db/schema.ts';
import { isListed } from '../domain/offers.ts';
import { reminderStopToken } from '../domain/reminders.ts';
import type { MailDeps } from '../services/mail.ts';
import type { SmsProvider } from '../services/sms.ts';

export interface UsePlanReminderDeps {
  db: Database;
  sms: SmsProvider;
  /** E-mail; without it, every plan's reminders go by SMS. */
  mail?: MailDeps;
  siteUrl: string;
  apiUrl: string;
}

/** What one run counts, added to the reminder run's totals. */
export interface UsePlanRunCounts {
  sent: number;
  failed: number;
  skip: (reason: string) => void;
  failures: string[];
}

/** A day in words, as the expiry reminder writes it: English en-GB ("Wednesday 5 Mar"), Sinhala and Tamil Sri Lanka's forms. */
const dayWords = (day: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === baseLocale ? 'en-GB' : intlLocale(locale), {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'short',
  }).format(new Date(`${day}T00:00:00Z`));

/** What a reminder says, in the user's language, with the offer's name. */
export function usePlanWhat(
  reminder: Pick<ScheduledReminder, 'step' | 'deadline'>,
  offer: { name: string; startDay: string | null; promoCode: string | null },
  today: string,
  locale: Locale,
): string {
  const { name } = offer;
  switch (reminder.step) {
    case 'register':
      return offer.startDay && offer.startDay > today
        ? m.notify_use_plan_register({ name, day: dayWords(offer.startDay, locale) }, { locale })
        : m.notify_use_plan_register_now({ name }, { locale });
    case 'convert':
      return m.notify_use_plan_convert({ name, deadline: dayWords(reminder.deadline!, locale) }, { locale });
    case 'promo':
      return offer.promoCode
        ? m.notify_use_plan_promo({ name, code: offer.promoCode }, { locale })
        : m.notify_use_plan_promo_on_page({ name }, { locale });
  }
}

/** Sends the plans' reminders due today (none in quiet hours: each is counted as skipped). */
export async function sendUsePlanReminders(
  deps: UsePlanReminderDeps,
  { now, today, quiet }: { now: Date; today: string; quiet: boolean },
  counts: UsePlanRunCounts,
): Promise<void> {
  const { db } = deps;
  const rows = await db
    .select({
      planId: usePlans.planId,
      userId: usePlans.userId,
      usedOn: usePlans.usedOn,
      plannedOn: usePlans.plannedOn,
      channel: usePlans.channel,
      mobileNo: users.mobileNo,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      locale: users.locale,
      offerId: offers.offerId,
      header: offers.header,
      translations: offers.translations,
      offerStart: offers.offerStart,
      promoCode: offers.promoCode,
      eligibility: offers.eligibility,
      bankName: banks.bankName,
      categoryName: categories.categoryName,
    })
    .from(usePlans)
    .innerJoin(users, eq(users.userId, usePlans.userId))
    .innerJoin(offers, eq(offers.offerId, usePlans.offerId))
    .innerJoin(banks, eq(banks.bankId, offers.bankId))
    .innerJoin(categories, eq(categories.categoryId, offers.categoryId))
    .where(and(eq(users.isAccountBlock, false), isListed(now)))
    .orderBy(usePlans.planId);
  const due = rows.flatMap((row) =>
    planReminders(row.eligibility as EligibilityData, row.offerStart, row.usedOn, row.plannedOn)
      .filter((reminder) => reminder.day <= today && today <= reminder.lastDay)
      .map((reminder) => ({ row, reminder })),
  );
  if (due.length === 0) return;
  const sent = await db
    .select({ planId: usePlanSends.planId, step: usePlanSends.step })
    .from(usePlanSends)
    .where(
      inArray(
        usePlanSends.planId,
        due.map(({ row }) => row.planId),
      ),
    );
  const sentKeys = new Set(sent.map((send) => `${send.planId}:${send.step}`));

  for (const { row, reminder } of due) {
    if (sentKeys.has(`${row.planId}:${reminder.step}`)) continue; // sent before: not counted again
    if (quiet) {
      counts.skip('quietHours');
      continue;
    }
    const locale = row.locale;
    const name = localText(row, 'header', locale).text.replace(/\s+/g, ' ').trim();
    const offerUrl = `${deps.siteUrl}${localePath(
      offerCanonicalPath({
        offerId: row.offerId,
        bank: { bankName: row.bankName },
        category: { categoryName: row.categoryName },
      }),
      locale,
    )}`;
    const stopUrl = withLinkLocale(
      `${deps.apiUrl}/reminders/stop?token=${await reminderStopToken(db, row.userId)}`,
      locale,
    );
    const startDay = row.offerStart ? sriLankaDay(row.offerStart).date : null;
    const what = usePlanWhat(reminder, { name, startDay, promoCode: row.promoCode }, today, locale);
    const byEmail = row.channel === 'email' && row.email !== null && row.emailVerifiedAt !== null && deps.mail;
    const message = m.notify_use_plan_sms({ siteName: SITE_NAME, what, offerUrl, stopUrl }, { locale });
    const claimed = await db
      .insert(usePlanSends)
      .values({ planId: row.planId, step: reminder.step, channel: byEmail ? 'email' : 'sms', message, sentAt: now })
      .onConflictDoNothing()
      .returning({ planId: usePlanSends.planId });
    if (claimed.length === 0) {
      counts.skip('alreadySent');
      continue;
    }
    try {
      if (byEmail)
        await deps.mail!.provider.send({
          to: row.email!,
          subject: m.notify_use_plan_subject({ siteName: SITE_NAME, name }, { locale }),
          text: [what, '', offerUrl, '', m.notify_use_plan_email_stop({ stopUrl }, { locale })].join('\n'),
          headers: { 'List-Unsubscribe': `<${stopUrl}>` },
        });
      else await deps.sms.send({ mobileNo: row.mobileNo, message });
    } catch (error) {
      // Not sent: the claim goes, so that the next hourly run tries again.
      await db
        .delete(usePlanSends)
        .where(and(eq(usePlanSends.planId, row.planId), eq(usePlanSends.step, reminder.step)));
      counts.failed += 1;
      counts.failures.push(
        `plan ${row.planId} ${reminder.step}: ${error instanceof Error ? error.message : String(error)}`,
      );
      continue;
    }
    counts.sent += 1;
  }
}
