// A merchant company's review in the spec's three steps ('Document Submitted', 'Business
// Registration review', 'Activation'): the merchant uploads registration documents (PDF, PNG or
// JPEG, told by their bytes, at most 5 MB), which puts the company at the first step; the team
// reads them and moves the company through the steps with a note, each move in the audit log.
// When the company reaches 'Activation' the merchant is told by SMS, in the account's language.
import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { API_MESSAGES } from '../../contract/api-messages.ts';
import { USER_TYPES } from '../../contract/limits.ts';
import type { MerchantStep } from '../../contract/team.ts';
import { SITE_NAME } from '../../lib/constants.ts';
import { m } from '../../paraglide/messages.js';
import type { Locale } from '../../paraglide/runtime.js';
import type { Database } from '../db/client.ts';
import { pageOf } from '../db/execute.ts';
import { merchantDocuments, users } from '../db/schema.ts';
import { failure } from '../errors.ts';
import type { UserRow } from '../serialize.ts';
import { decodeBase64Upload, imageTypeOf } from '../services/images.ts';
import { createOrPromoteMerchant } from './merchant-accounts.ts';
import type { SmsProvider } from '../services/sms.ts';
import { revokeAllTokens } from '../services/tokens.ts';
import { recordAudit } from './audit.ts';
import { accountWhere, toTeamAccount } from './team-accounts.ts';

const PDF_SIGNATURE = Buffer.from('%PDF-');
/** What the audit log keeps of a merchant made or promoted from the console (never the password hash). */
const MERCHANT_AUDIT_FIELDS = [
  'userType',
  'firstName',
  'businessName',
  'brNo',
  'companyEmail',
  'contactNo',
  'addressNo',
  'streetName',
  'city',
] as const;
/** Documents a company may keep at once: enough for a registration, not a file store. */
export const DOCUMENTS_MAX = 10;

const documentColumns = {
  documentId: merchantDocuments.documentId,
  fileName: merchantDocuments.fileName,
  contentType: merchantDocuments.contentType,
  size: merchantDocuments.size,
  createdAt: merchantDocuments.createdAt,
};
type DocumentRow = { documentId: number; fileName: string; contentType: string; size: number; createdAt: Date };
const toDocument = (row: DocumentRow) => ({ ...row, createdAt: row.createdAt.toISOString() });

/**
 * The console's New merchant: creates a merchant account, or makes an existing one (a customer) a
 * merchant, as `npm run merchant` does, with the changed fields in the audit log. Never a team
 * account, the caller's own included; never activated here (the company starts its review at the
 * first step). A promoted account's sessions end, as with any change of type.
 */
export async function makeMerchantFromConsole(db: Database, actorUserId: number, fields: Record<string, unknown>) {
  const { activated: _commandOnly, ...given } = fields;
  const { user, created } = await createOrPromoteMerchant(db, given, async (tx, { before, after }) => {
    if (before && (before.userId === actorUserId || before.userType === USER_TYPES.team))
      throw failure(403, 'team_account_not_merchant');
    if (before && before.userType !== after.userType) await revokeAllTokens(tx, after.userId);
    const changed = MERCHANT_AUDIT_FIELDS.filter((field) => before?.[field] !== after[field]);
    await recordAudit(tx, {
      actorUserId,
      action: before ? 'merchant.promote' : 'merchant.create',
      targetType: 'merchant',
      targetId: after.userId,
      before: before ? Object.fromEntries(changed.map((field) => [field, before[field]])) : null,
      after: Object.fromEntries(changed.map((field) => [field, after[field]])),
    });
  });
  return { merchant: await findTeamMerchant(db, user.userId), created };
}

export async function listDocuments(db: Database, userId: number) {
  const rows = await db
    .select(documentColumns)
    .from(merchantDocuments)
    .where(eq(merchantDocuments.userId, userId))
    .orderBy(asc(merchantDocuments.createdAt), asc(merchantDocuments.documentId));
  return rows.map(toDocument);
}

/** Stores a merchant's document; the first one puts a company with no step at 'documentSubmitted'. */
export async function uploadDocument(db: Database, user: UserRow, fileName: string, base64: string) {
  const bytes = decodeBase64Upload(base64, 'document');
  const contentType = bytes.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE)
    ? 'application/pdf'
    : imageTypeOf(bytes);
  if (!contentType)
    throw failure(400, 'only_documents', undefined, {
      issues: [{ path: 'base64', message: API_MESSAGES.onlyDocuments }],
    });
  return db.transaction(async (tx) => {
    const [me] = await tx.select().from(users).where(eq(users.userId, user.userId)).for('update');
    const [held] = await tx
      .select({ n: count() })
      .from(merchantDocuments)
      .where(eq(merchantDocuments.userId, user.userId));
    if ((held?.n ?? 0) >= DOCUMENTS_MAX) throw failure(400, 'too_many_documents', { max: DOCUMENTS_MAX });
    const [row] = await tx
      .insert(merchantDocuments)
      .values({ userId: user.userId, fileName, contentType, bytes, size: bytes.length })
      .returning(documentColumns);
    let step = me!.merchantStep as MerchantStep | null;
    if (step === null) {
      step = 'documentSubmitted';
      await tx
        .update(users)
        .set({ merchantStep: step })
        .where(and(eq(users.userId, user.userId), isNull(users.merchantStep)));
    }
    return { document: toDocument(row!), merchantStep: step };
  });
}

/** A document's bytes, for the team to read. */
export async function findDocument(db: Database, userId: number, documentId: number) {
  const [row] = await db
    .select()
    .from(merchantDocuments)
    .where(and(eq(merchantDocuments.userId, userId), eq(merchantDocuments.documentId, documentId)))
    .limit(1);
  if (!row) throw failure(404, 'document_not_found');
  return row;
}

export interface MerchantFilter {
  q: string;
  step: MerchantStep | 'none' | 'all';
}

export async function listMerchants(db: Database, filter: MerchantFilter, pageNo: number, pageSize: number) {
  const parts: SQL[] = [accountWhere({ q: filter.q, userType: USER_TYPES.merchant })!];
  if (filter.step === 'none') parts.push(isNull(users.merchantStep));
  else if (filter.step !== 'all') parts.push(eq(users.merchantStep, filter.step));
  const where = and(...parts);
  const { rows, totalCount } = await pageOf(
    db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.userId)),
    db.select({ n: count() }).from(users).where(where),
    pageNo,
    pageSize,
  );
  return { data: rows.map(toTeamAccount), totalCount };
}

async function requireMerchant(db: Pick<Database, 'select'>, userId: number, lock = false) {
  const query = db.select().from(users).where(eq(users.userId, userId));
  const [user] = lock ? await query.for('update') : await query;
  if (!user || user.userType !== USER_TYPES.merchant) throw failure(404, 'merchant_not_found');
  return user;
}

export async function findTeamMerchant(db: Database, userId: number) {
  const user = await requireMerchant(db, userId);
  const address = [user.addressNo, user.streetName, user.city].filter(Boolean).join(', ');
  return {
    ...toTeamAccount(user),
    merchantId: user.merchantId,
    brNo: user.brNo,
    companyEmail: user.companyEmail,
    contactNo: user.contactNo,
    address: address || null,
    documents: await listDocuments(db, userId),
  };
}

/** The SMS a merchant gets when the team activates their company, in the account's language. */
export const activationText = (locale: Locale) => m.notify_company_activated({ siteName: SITE_NAME }, { locale });

/**
 * Moves a company to a step, forward or back, with the team's note. Reaching 'activated' from
 * another step tells the merchant they can send offers; a failing SMS gateway does not undo the
 * move, it is logged.
 */
export async function moveMerchantStep(
  db: Database,
  sms: SmsProvider,
  actorUserId: number,
  userId: number,
  step: MerchantStep,
  note: string,
) {
  const user = await db.transaction(async (tx) => {
    const before = await requireMerchant(tx, userId, true);
    await tx.update(users).set({ merchantStep: step }).where(eq(users.userId, userId));
    await recordAudit(tx, {
      actorUserId,
      action: 'merchant.step',
      targetType: 'merchant',
      targetId: userId,
      before: { merchantStep: before.merchantStep },
      after: { merchantStep: step },
      note,
    });
    return before;
  });
  if (step === 'activated' && user.merchantStep !== step) {
    try {
      await sms.send({ mobileNo: user.mobileNo, message: activationText(user.locale) });
    } catch (error) {
      console.error(
        `[merchant-review] could not send the activation SMS to +94${user.mobileNo}:`,
        error instanceof Error ? error.message : error,
      );
    }
  }
  return findTeamMerchant(db, userId);
}
