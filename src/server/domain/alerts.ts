// "Alert me" (docs/api.md §4c): a user's saved lists, the confirmation of their e-mail address
// (nothing is e-mailed before it), and the unsubscribe link every digest carries.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { ALERTS_PER_USER_MAX, EMAIL_VERIFY_LINK_DAYS, type AlertData } from '../../contract/alerts.ts';
import type { ErrorCode } from '../../contract/error-codes.ts';
import type { OfferSearch } from '../../contract/offer-search.ts';
import { alertListPath } from '../../lib/alert-list-path.ts';
import { SITE_NAME } from '../../lib/constants.ts';
import { withLinkLocale } from '../../lib/locale-path.ts';
import { m } from '../../paraglide/messages.js';
export { CONSOLE_ALERTS_PATH } from '../../lib/alert-list-path.ts';
import type { Database } from '../db/client.ts';
import { offerAlerts, users } from '../db/schema.ts';
import { failure, fieldFailure } from '../errors.ts';
import type { MailDeps } from '../services/mail.ts';
import { signedLinks } from '../services/signed-links.ts';
import { checkOptOutLink, signOptOutLink } from './opt-out-links.ts';
import type { UserRow } from '../serialize.ts';

/** The signed links' purposes: a token made for one is refused by the other. */
export const LINK_PURPOSES = { verifyEmail: 'email-verify', unsubscribe: 'digest-unsubscribe' } as const;
type VerifyPayload = { u: number; e: string; x: number };

const DAY_MS = 86_400_000;
/** A link that does not work: a 400 about its token, as a bad request field is. */
const badLink = (code: ErrorCode = 'bad_link') => fieldFailure(400, 'token', code);

const toAlert = (row: typeof offerAlerts.$inferSelect): AlertData => ({
  alertId: row.alertId,
  label: row.label,
  filter: row.filter,
  listPath: alertListPath(row.filter),
  createdAt: row.createdAt.toISOString(),
});

export async function listAlerts(db: Database, userId: number): Promise<AlertData[]> {
  const rows = await db
    .select()
    .from(offerAlerts)
    .where(eq(offerAlerts.userId, userId))
    .orderBy(desc(offerAlerts.createdAt), desc(offerAlerts.alertId));
  return rows.map(toAlert);
}

/** The alerts with the address they go to: the answer of every alert route. */
export async function alertsOf(db: Database, user: UserRow) {
  return {
    data: await listAlerts(db, user.userId),
    email: user.email,
    emailVerified: Boolean(user.email && user.emailVerifiedAt),
  };
}

export async function createAlert(db: Database, userId: number, label: string, filter: OfferSearch): Promise<void> {
  const filterJson = JSON.stringify(filter);
  await db.transaction(async (tx) => {
    // One user's alerts are added one at a time, so the limit holds under concurrent requests.
    await tx.execute(sql`select 1 from ${users} where ${users.userId} = ${userId} for update`);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(offerAlerts).where(eq(offerAlerts.userId, userId));
    if (n >= ALERTS_PER_USER_MAX) throw failure(409, 'too_many_alerts', undefined, { alertsMax: ALERTS_PER_USER_MAX });
    const [same] = await tx
      .select({ alertId: offerAlerts.alertId })
      .from(offerAlerts)
      .where(and(eq(offerAlerts.userId, userId), sql`${offerAlerts.filter} = ${filterJson}::jsonb`))
      .limit(1);
    if (same) throw failure(409, 'duplicate_alert', undefined, { alertId: same.alertId });
    await tx.insert(offerAlerts).values({ userId, label, filter });
  });
}

export async function deleteAlert(db: Database, userId: number, alertId: number): Promise<void> {
  const deleted = await db
    .delete(offerAlerts)
    .where(and(eq(offerAlerts.alertId, alertId), eq(offerAlerts.userId, userId)))
    .returning({ alertId: offerAlerts.alertId });
  if (deleted.length === 0) throw failure(404, 'no_such_alert');
}

/**
 * Sets the account's address and mails it a confirmation link. A new address is unconfirmed
 * until its link is opened; the same, confirmed address is left as it is and nothing is sent.
 * The e-mail is in the account's language.
 */
export async function setEmail(
  db: Database,
  mail: MailDeps,
  user: UserRow,
  email: string,
  now = new Date(),
): Promise<{ user: UserRow; sent: boolean }> {
  const same = user.email?.toLowerCase() === email.toLowerCase();
  if (same && user.emailVerifiedAt) return { user, sent: false };
  const [updated] = await db
    .update(users)
    .set({ email, emailVerifiedAt: null })
    .where(eq(users.userId, user.userId))
    .returning();
  const token = await signedLinks(db).sign(LINK_PURPOSES.verifyEmail, {
    u: user.userId,
    e: email.toLowerCase(),
    x: now.getTime() + EMAIL_VERIFY_LINK_DAYS * DAY_MS,
  } satisfies VerifyPayload);
  const { locale } = updated!;
  const link = withLinkLocale(`${mail.apiUrl}/email/verify?token=${token}`, locale);
  await mail.provider.send({
    to: email,
    subject: m.notify_email_confirm_subject({ siteName: SITE_NAME }, { locale }),
    text: [
      m.notify_hello({ firstName: updated!.firstName }, { locale }),
      '',
      m.notify_email_confirm_open({}, { locale }),
      link,
      '',
      m.notify_email_confirm_expiry({ days: EMAIL_VERIFY_LINK_DAYS }, { locale }),
    ].join('\n'),
    link,
  });
  return { user: updated!, sent: true };
}

/** Confirms the address a link was sent to, if it is still the account's address. */
export async function verifyEmail(db: Database, token: string, now = new Date()): Promise<UserRow> {
  const payload = await signedLinks(db).verify<VerifyPayload>(LINK_PURPOSES.verifyEmail, token);
  if (
    !payload ||
    typeof payload.u !== 'number' ||
    typeof payload.e !== 'string' ||
    typeof payload.x !== 'number' ||
    payload.x < now.getTime()
  ) {
    throw badLink();
  }
  const [user] = await db.select().from(users).where(eq(users.userId, payload.u));
  if (!user) throw badLink();
  if (user.email?.toLowerCase() !== payload.e) throw badLink('email_changed');
  if (user.emailVerifiedAt) return user;
  const [updated] = await db
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(eq(users.userId, user.userId))
    .returning();
  return updated!;
}

/** An unsubscribe link for one digest: issued now, it expires and can be revoked (opt-out-links.ts). */
export const unsubscribeToken = (db: Database, userId: number, now = new Date()) =>
  signOptOutLink(db, LINK_PURPOSES.unsubscribe, userId, now);

/** The user an unsubscribe link is for; a bad, expired or revoked link is a 400. */
export async function unsubscribeUser(db: Database, token: string, now = new Date()): Promise<number> {
  const link = await checkOptOutLink(db, LINK_PURPOSES.unsubscribe, token, now);
  if (!link.ok) throw badLink(link.reason === 'expired' ? 'expired_unsubscribe_link' : 'bad_link');
  return link.userId;
}

/** Unsubscribing stops the digests by deleting every alert of the account (the digest's only content). */
export async function unsubscribe(db: Database, token: string, now = new Date()): Promise<number> {
  const userId = await unsubscribeUser(db, token, now);
  const deleted = await db
    .delete(offerAlerts)
    .where(eq(offerAlerts.userId, userId))
    .returning({ alertId: offerAlerts.alertId });
  return deleted.length;
}
