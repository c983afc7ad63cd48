// The weekly alert digest (issue 17, "Never miss an offer"): for each user with a confirmed e-mail
// address, the offers accepted since each of their alerts last covered them, matched with the
// search's own SQL (domain/offer-search.ts), at most DIGEST_OFFERS_PER_ALERT per alert with a
// link to the list for the rest. One e-mail per user and week: the digest_sends row is claimed
// (ON CONFLICT DO NOTHING) before the e-mail goes, so two processes never both send it. Runs on
// pg-boss every DIGEST_CRON (Sri Lanka's time), or once with `npm run digests -- --now`; each run
// is recorded in job_runs.
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import * as v from 'valibot';
import { DIGEST_OFFERS_PER_ALERT } from '../../contract/alerts.ts';
import { SRI_LANKA_UTC_OFFSET_MS } from '../../contract/limits.ts';
import { OfferSearchRequest } from '../../contract/offer-search.ts';
import type { OfferData } from '../../contract/responses.ts';
import { alertListPath } from '../../lib/alert-list-path.ts';
import { SITE_NAME } from '../../lib/constants.ts';
import { localePath, withLinkLocale } from '../../lib/locale-path.ts';
import { localText } from '../../lib/translated.ts';
import { escapeHtml } from '../http/link-page.ts';
import { offerCanonicalPath } from '../../lib/site-urls.ts';
import { m } from '../../paraglide/messages.js';
import type { Locale } from '../../paraglide/runtime.js';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { digestSends, offerAlerts, offers, users } from '../db/schema.ts';
import { startJobRun } from './job-runs.ts';
import { CONSOLE_ALERTS_PATH, unsubscribeToken } from '../domain/alerts.ts';
import type { MailDeps } from '../services/mail.ts';
import { findSearchPage, readIssuedCards, searchWhere } from '../domain/offer-search.ts';
import { countOffers } from '../domain/offers.ts';
import { openJobQueue, IDLE_POLL_SECONDS } from './job-queue.ts';

export const DIGEST_JOB = 'digests';
const DAY_MS = 86_400_000;

export interface DigestDeps {
  db: Database;
  mail: MailDeps;
  log?: (line: string) => void;
}
export interface DigestRunResult {
  sent: number;
  skipped: number;
  failed: number;
}

/** The Monday (YYYY-MM-DD) of `now`'s week in Sri Lanka: the digest's key, one per user and week. */
export function colomboWeekStart(now: Date): string {
  const local = new Date(now.getTime() + SRI_LANKA_UTC_OFFSET_MS);
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  return new Date(local.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

interface AlertSection {
  label: string;
  listUrl: string;
  offers: OfferData[];
  total: number;
}

/** The e-mail in the user's language; its page links go to that language's pages. */
function digestMessage(
  mail: MailDeps,
  locale: Locale,
  firstName: string,
  sections: AlertSection[],
  unsubscribeUrl: string,
) {
  const offerUrl = (offer: OfferData) => `${mail.siteUrl}${localePath(offerCanonicalPath(offer), locale)}`;
  const header = (offer: OfferData) => localText(offer, 'header', locale).text;
  const more = (section: AlertSection) =>
    section.total > section.offers.length ? section.total - section.offers.length : 0;
  const manageUrl = `${mail.siteUrl}${localePath(CONSOLE_ALERTS_PATH, locale)}`;
  const hello = m.notify_hello({ firstName }, { locale });
  const intro = m.notify_digest_intro({}, { locale });
  const text = [
    hello,
    '',
    intro,
    ...sections.flatMap((section) => [
      '',
      `${section.label}`,
      ...section.offers.map((offer) => `- ${header(offer)} (${offer.bank.bankName}): ${offerUrl(offer)}`),
      `  ${more(section) ? m.notify_digest_more({ count: more(section), url: section.listUrl }, { locale }) : m.notify_digest_list({ url: section.listUrl }, { locale })}`,
    ]),
    '',
    m.notify_digest_alerts({ url: manageUrl }, { locale }),
    m.notify_digest_unsubscribe({ url: unsubscribeUrl }, { locale }),
  ].join('\n');
  // The messages hold no markup: each is escaped whole, with what it was given.
  const html = [
    `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p>`,
    ...sections.map((section) =>
      [
        `<h2 style="font-size:16px">${escapeHtml(section.label)}</h2><ul>`,
        ...section.offers.map(
          (offer) =>
            `<li><a href="${escapeHtml(offerUrl(offer))}">${escapeHtml(header(offer))}</a> (${escapeHtml(offer.bank.bankName)})</li>`,
        ),
        '</ul>',
        `<p><a href="${escapeHtml(section.listUrl)}">${escapeHtml(more(section) ? m.notify_digest_see_more({ count: more(section) }, { locale }) : m.notify_digest_see_list({}, { locale }))}</a></p>`,
      ].join(''),
    ),
    `<p style="font-size:12px;color:#555"><a href="${escapeHtml(manageUrl)}">${escapeHtml(m.notify_digest_alerts_link({}, { locale }))}</a> · <a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(m.notify_digest_unsubscribe_link({}, { locale }))}</a></p>`,
  ].join('');
  const count = sections.reduce((sum, section) => sum + section.total, 0);
  const subject =
    count === 1
      ? m.notify_digest_subject_one({ count, siteName: SITE_NAME }, { locale })
      : m.notify_digest_subject_other({ count, siteName: SITE_NAME }, { locale });
  return { subject, text, html };
}

/** One digest run at `now`: every user's new offers, one e-mail each at most per week. */
export async function runDigests(
  deps: DigestDeps,
  { now = new Date() }: { now?: Date } = {},
): Promise<DigestRunResult> {
  const { db, mail } = deps;
  const log = deps.log ?? (() => {});
  const weekStart = colomboWeekStart(now);
  const finishRun = await startJobRun(db, DIGEST_JOB, now);
  const result: DigestRunResult = { sent: 0, skipped: 0, failed: 0 };
  const reasons: Record<string, number> = {};
  const skip = (reason: string) => {
    result.skipped += 1;
    reasons[reason] = (reasons[reason] ?? 0) + 1;
  };
  const failures: string[] = [];
  try {
    const issued = await readIssuedCards(db);
    const rows = await db
      .select({
        alert: offerAlerts,
        user: {
          userId: users.userId,
          email: users.email,
          firstName: users.firstName,
          emailVerifiedAt: users.emailVerifiedAt,
          locale: users.locale,
        },
      })
      .from(offerAlerts)
      .innerJoin(users, eq(users.userId, offerAlerts.userId))
      .where(eq(users.isAccountBlock, false))
      .orderBy(offerAlerts.userId, offerAlerts.alertId);
    const byUser = new Map<number, { user: (typeof rows)[number]['user']; alerts: (typeof rows)[number]['alert'][] }>();
    for (const row of rows) {
      const entry = byUser.get(row.user.userId) ?? { user: row.user, alerts: [] };
      entry.alerts.push(row.alert);
      byUser.set(row.user.userId, entry);
    }
    const alreadySent = new Set(
      (
        await db.select({ userId: digestSends.userId }).from(digestSends).where(eq(digestSends.weekStart, weekStart))
      ).map((row) => row.userId),
    );

    for (const { user, alerts } of byUser.values()) {
      if (!user.email || !user.emailVerifiedAt) {
        skip('emailNotConfirmed');
        continue;
      }
      if (alreadySent.has(user.userId)) {
        skip('alreadySent');
        continue;
      }
      const sections: AlertSection[] = [];
      for (const alert of alerts) {
        const filter = v.safeParse(OfferSearchRequest, alert.filter);
        if (!filter.success) continue; // a filter stored before a contract change: nothing to match
        const where = and(
          searchWhere(filter.output, issued, now),
          gt(offers.reviewedAt, alert.notifiedThrough),
          lte(offers.reviewedAt, now),
        )!;
        const page = await findSearchPage(db, where, filter.output.sort, 1, DIGEST_OFFERS_PER_ALERT, () =>
          countOffers(db, where),
        );
        if (page.data.length)
          sections.push({
            label: alert.label,
            listUrl: `${mail.siteUrl}${localePath(alertListPath(filter.output), user.locale)}`,
            offers: page.data,
            total: page.totalCount,
          });
      }
      if (sections.length === 0) {
        skip('nothingNew');
        continue;
      }
      const offerIds = sections.flatMap((section) => section.offers.map((offer) => offer.offerId));
      // The claim: whichever process inserts the week's row sends the e-mail.
      const claimed = await db
        .insert(digestSends)
        .values({ userId: user.userId, weekStart, offerIds, sentAt: now })
        .onConflictDoNothing()
        .returning({ userId: digestSends.userId });
      if (claimed.length === 0) {
        skip('alreadySent');
        continue;
      }
      const unsubscribeUrl = withLinkLocale(
        `${mail.apiUrl}/email/unsubscribe?token=${await unsubscribeToken(db, user.userId)}`,
        user.locale,
      );
      try {
        await mail.provider.send({
          to: user.email!,
          ...digestMessage(mail, user.locale, user.firstName, sections, unsubscribeUrl),
          headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        });
      } catch (error) {
        // Not sent: the claim goes, so that the next run tries again.
        await db
          .delete(digestSends)
          .where(and(eq(digestSends.userId, user.userId), eq(digestSends.weekStart, weekStart)));
        result.failed += 1;
        failures.push(`user ${user.userId}: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      result.sent += 1;
      await db
        .update(offerAlerts)
        .set({ notifiedThrough: now })
        .where(
          inArray(
            offerAlerts.alertId,
            alerts.map((alert) => alert.alertId),
          ),
        );
    }
    log(
      `[digests] week of ${weekStart}: sent ${result.sent}, skipped ${result.skipped}${result.failed ? `, failed ${result.failed}` : ''}`,
    );
    return result;
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
    throw error;
  } finally {
    await finishRun({
      sent: result.sent,
      skipped: result.skipped,
      detail: { weekStart, skippedBecause: reasons, failed: result.failed },
      failures,
    });
  }
}

export interface DigestQueue {
  stop(): Promise<void>;
}

/** The weekly schedule on pg-boss: every process keeps it, pg-boss queues each run once, and the claim keeps any e-mail from going twice. */
export async function startDigestQueue(
  handle: DatabaseHandle,
  deps: DigestDeps,
  cron: string,
  clock: () => Date = () => new Date(),
): Promise<DigestQueue> {
  const boss = await openJobQueue(handle, { name: DIGEST_JOB, schedule: true, log: deps.log });
  await boss.createQueue(DIGEST_JOB, { policy: 'short', retryLimit: 2, retryDelay: 15 * 60, expireInSeconds: 60 * 60 });
  await boss.schedule(DIGEST_JOB, cron, null, { tz: 'Asia/Colombo' });
  await boss.work(DIGEST_JOB, { pollingIntervalSeconds: IDLE_POLL_SECONDS }, async () => {
    await runDigests(deps, { now: clock() });
  });
  return { stop: () => boss.stop({ graceful: true, timeout: 3_000, close: true }) };
}
