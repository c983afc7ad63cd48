// Expiry reminders (issue 17, "Never miss an offer"): one SMS per user and end day, the user's
// chosen number of days (users.reminderDaysBefore) before favourites end, grouping every listed
// favourite that ends on that Sri Lanka day. Never sent in quiet hours (21:00 to 08:00 Sri Lanka's
// time): the job runs hourly and a quiet-hour run records why it sent nothing, so a process started
// at 22:00 sends at 08:00. Never twice: the reminder_sends row (user, end day) is claimed with
// ON CONFLICT DO NOTHING before the SMS goes, so of several runs or processes only one sends.
// Runs on pg-boss (startReminderQueue) or once with `npm run reminders -- --now`; each run is
// recorded in job_runs for the team's Overview. The same run sends the reminders of the offers users
// planned to use ("I'll use this", use-plan-reminders.ts), under the same quiet hours and stop link.
import { and, asc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import {
  REMINDER_OFFER_NAME_MAX,
  REMINDER_OFFERS_NAMED,
  REMINDER_QUIET_FROM_HOUR,
  REMINDER_QUIET_UNTIL_HOUR,
} from '../../contract/reminders.ts';
import { FAVOURITES_HASH, SITE_NAME, SITE_TIME_ZONE } from '../../lib/constants.ts';
import { intlLocale } from '../../lib/intl-locale.ts';
import { localePath, withLinkLocale } from '../../lib/locale-path.ts';
import { localText } from '../../lib/translated.ts';
import { sriLankaDay } from '../../lib/valid-today.ts';
import { m } from '../../paraglide/messages.js';
import { baseLocale, type Locale } from '../../paraglide/runtime.js';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { favorites, offers, reminderSends, users } from '../db/schema.ts';
import { startJobRun } from './job-runs.ts';
import { isListed } from '../domain/offers.ts';
import { reminderStopToken } from '../domain/reminders.ts';
import type { MailDeps } from '../services/mail.ts';
import type { SmsProvider } from '../services/sms.ts';
import { openJobQueue, IDLE_POLL_SECONDS, wakeWorkerFor } from './job-queue.ts';
import { sendUsePlanReminders } from './use-plan-reminders.ts';

export const REMINDER_JOB = 'reminders';
/** Where the SMS's link opens the user's favourites. */
export const FAVOURITES_LINK_PATH = `/${FAVOURITES_HASH}`;
const DAY_MS = 86_400_000;

export interface ReminderDeps {
  db: Database;
  sms: SmsProvider;
  /** The site's public URL (SITE_URL), for the favourites link. */
  siteUrl: string;
  /** The API's public URL (SITE_URL + API_BASE), for the stop link. */
  apiUrl: string;
  /** E-mail, for the plans ("I'll use this") whose reminders the user chose to get by e-mail. */
  mail?: MailDeps;
  log?: (line: string) => void;
}
export interface ReminderRunResult {
  sent: number;
  skipped: number;
  failed: number;
  quiet: boolean;
}

/** The hour (0-23) in Sri Lanka at `now`. */
const colomboHour = (now: Date) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: SITE_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(now));

/** Whether `now` is in the quiet hours, when no reminder goes (21:00 up to 08:00 Sri Lanka's time). */
export function inQuietHours(now: Date): boolean {
  const hour = colomboHour(now);
  return hour >= REMINDER_QUIET_FROM_HOUR || hour < REMINDER_QUIET_UNTIL_HOUR;
}

/** The Sri Lanka day `days` after today at `now` (Sri Lanka keeps no daylight saving: days are 24 hours). */
const dayAfter = (now: Date, days: number) =>
  sriLankaDay(new Date(sriLankaDay(now).start.getTime() + days * DAY_MS + DAY_MS / 2));

/** English keeps en-GB ("Wednesday 5 Mar"), as the SMS always had; Sinhala and Tamil take Sri Lanka's forms. */
const endDayWords = (endDay: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === baseLocale ? 'en-GB' : intlLocale(locale), {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'short',
  }).format(new Date(`${endDay}T00:00:00Z`));

/** An offer's name cut short, with three dots: '…' is not in the GSM alphabet and would halve what one SMS segment holds. */
const shortName = (name: string) => {
  const clean = name.replace(/\s+/g, ' ').trim();
  return clean.length > REMINDER_OFFER_NAME_MAX ? `${clean.slice(0, REMINDER_OFFER_NAME_MAX - 3).trimEnd()}...` : clean;
};

/**
 * The SMS in the user's language: how many end on which day, up to REMINDER_OFFERS_NAMED names then
 * "and N more", the favourites link and the stop link.
 */
export function reminderMessage(
  names: string[],
  endDay: string,
  favouritesUrl: string,
  stopUrl: string,
  locale: Locale = baseLocale,
): string {
  const named = names.slice(0, REMINDER_OFFERS_NAMED).map(shortName);
  const more = names.length - named.length;
  const list =
    more > 0
      ? m.notify_reminder_and_more({ names: named.join(', '), count: more }, { locale })
      : named.slice(1).reduce((first, second) => m.notify_reminder_and({ first, second }, { locale }), named[0] ?? '');
  const day = endDayWords(endDay, locale);
  const what =
    names.length === 1
      ? m.notify_reminder_ends_one({ day, list }, { locale })
      : m.notify_reminder_ends_other({ count: names.length, day, list }, { locale });
  return m.notify_reminder_sms({ siteName: SITE_NAME, what, favouritesUrl, stopUrl }, { locale });
}

/** One reminder run at `now`: each due user's SMS, at most once per user and end day, none in quiet hours. */
export async function runReminders(
  deps: ReminderDeps,
  { now = new Date() }: { now?: Date } = {},
): Promise<ReminderRunResult> {
  const { db } = deps;
  const log = deps.log ?? (() => {});
  const finishRun = await startJobRun(db, REMINDER_JOB, now);
  const result: ReminderRunResult = { sent: 0, skipped: 0, failed: 0, quiet: inQuietHours(now) };
  const reasons: Record<string, number> = {};
  const skip = (reason: string) => {
    result.skipped += 1;
    reasons[reason] = (reasons[reason] ?? 0) + 1;
  };
  const failures: string[] = [];
  const today = sriLankaDay(now);
  try {
    // Each user's favourites that end on the Sri Lanka day reminderDaysBefore days after today, still listed.
    const start = sql`(${today.start.toISOString()}::timestamptz + ${users.reminderDaysBefore} * interval '1 day')`;
    const rows = await db
      .select({
        userId: users.userId,
        mobileNo: users.mobileNo,
        locale: users.locale,
        daysBefore: users.reminderDaysBefore,
        offerId: offers.offerId,
        header: offers.header,
        translations: offers.translations,
      })
      .from(favorites)
      .innerJoin(users, eq(users.userId, favorites.userId))
      .innerJoin(offers, eq(offers.offerId, favorites.offerId))
      .where(
        and(
          isNotNull(users.reminderDaysBefore),
          eq(users.isAccountBlock, false),
          isListed(now),
          sql`${offers.offerEnd} >= ${start}`,
          lt(offers.offerEnd, sql`${start} + interval '1 day'`),
        ),
      )
      .orderBy(asc(users.userId), asc(offers.offerEnd), asc(offers.offerId));
    const byUser = new Map<
      number,
      { mobileNo: string; locale: Locale; endDay: string; offers: { offerId: number; header: string }[] }
    >();
    for (const row of rows) {
      const entry = byUser.get(row.userId) ?? {
        mobileNo: row.mobileNo,
        locale: row.locale,
        endDay: dayAfter(now, row.daysBefore!).date,
        offers: [],
      };
      // Each offer by its header in the account's language where the offer has one.
      entry.offers.push({ offerId: row.offerId, header: localText(row, 'header', row.locale).text });
      byUser.set(row.userId, entry);
    }

    for (const [userId, due] of byUser) {
      if (result.quiet) {
        skip('quietHours');
        continue;
      }
      const stopUrl = withLinkLocale(
        `${deps.apiUrl}/reminders/stop?token=${await reminderStopToken(db, userId)}`,
        due.locale,
      );
      const favouritesUrl = `${deps.siteUrl}${localePath(FAVOURITES_LINK_PATH, due.locale)}`;
      const message = reminderMessage(
        due.offers.map((offer) => offer.header),
        due.endDay,
        favouritesUrl,
        stopUrl,
        due.locale,
      );
      // The claim: whichever run inserts the (user, end day) row sends the SMS.
      const claimed = await db
        .insert(reminderSends)
        .values({
          userId,
          endDay: due.endDay,
          offerIds: due.offers.map((offer) => offer.offerId),
          message,
          sentAt: now,
        })
        .onConflictDoNothing()
        .returning({ userId: reminderSends.userId });
      if (claimed.length === 0) {
        skip('alreadySent');
        continue;
      }
      try {
        await deps.sms.send({ mobileNo: due.mobileNo, message });
      } catch (error) {
        // Not sent: the claim goes, so that the next hourly run tries again.
        await db
          .delete(reminderSends)
          .where(and(eq(reminderSends.userId, userId), eq(reminderSends.endDay, due.endDay)));
        result.failed += 1;
        failures.push(`user ${userId}: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      result.sent += 1;
    }
    // The reminders of the offers users planned to use ("I'll use this"), in the same run.
    const planCounts = { sent: 0, failed: 0, skip, failures };
    await sendUsePlanReminders(deps, { now, today: today.date, quiet: result.quiet }, planCounts);
    result.sent += planCounts.sent;
    result.failed += planCounts.failed;
    log(
      `[reminders] ${today.date}${result.quiet ? ' (quiet hours)' : ''}: sent ${result.sent}, skipped ${result.skipped}${result.failed ? `, failed ${result.failed}` : ''}`,
    );
    return result;
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
    throw error;
  } finally {
    await finishRun({
      sent: result.sent,
      skipped: result.skipped,
      failures,
      detail: {
        day: today.date,
        ...(result.quiet ? { quietHours: true } : {}),
        skippedBecause: reasons,
        failed: result.failed,
      },
    });
  }
}

export interface ReminderQueue {
  /** Queues a run now (null when one is already waiting, in any process). */
  runNow(): Promise<string | null>;
  stop(): Promise<void>;
}

/** Hourly on pg-boss (Sri Lanka's time): every process keeps the schedule, pg-boss queues each run once, and the claim keeps any SMS from going twice. */
export async function startReminderQueue(
  handle: DatabaseHandle,
  deps: ReminderDeps,
  clock: () => Date = () => new Date(),
): Promise<ReminderQueue> {
  const boss = await openJobQueue(handle, { name: REMINDER_JOB, schedule: true, log: deps.log });
  await boss.createQueue(REMINDER_JOB, {
    policy: 'short',
    retryLimit: 1,
    retryDelay: 5 * 60,
    expireInSeconds: 30 * 60,
  });
  await boss.schedule(REMINDER_JOB, '0 * * * *', null, { tz: SITE_TIME_ZONE });
  const worker = await boss.work(REMINDER_JOB, { pollingIntervalSeconds: IDLE_POLL_SECONDS }, async () => {
    await runReminders(deps, { now: clock() });
  });
  return {
    runNow: () => wakeWorkerFor(boss, worker, boss.send(REMINDER_JOB, {})),
    stop: () => boss.stop({ graceful: true, timeout: 3_000, close: true }),
  };
}
