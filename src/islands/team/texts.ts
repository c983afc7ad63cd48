// The team console's labels for the values it shows (messages/team/*.json holds every text). The
// tables below hold message functions, called where a label shows, so that it follows the page's
// language.
import type { CardSpecData } from '../../contract/eligibility.ts';
import { MERCHANT_STEPS, USER_TYPES, type MerchantStep } from '../../contract/limits.ts';
import type { ReportReason } from '../../contract/reports.ts';
import type { AuditAction, AuditTargetType } from '../../contract/team.ts';
import { m } from '../../paraglide/messages.js';
import { userTypeLabel } from '../profile/texts.ts';

/** A select's choices: [value sent to the API, label]. */
export type Choices = readonly (readonly [string, string])[];

type Labels<K extends string> = Readonly<Record<K, () => string>>;

/** A value's label, or the value itself when it has none (a kind the server added since). */
const labelOf = (labels: Labels<string>, value: string) => (Object.hasOwn(labels, value) ? labels[value]!() : value);

// ---------- Overview ----------

/** The site build's kinds (src/server/site/build-job.ts); an unknown kind shows as it came. */
const BUILD_KIND_LABELS: Labels<string> = { full: m.team_build_kind_full, publish: m.team_build_kind_publish };
export const buildKindLabel = (kind: string) => labelOf(BUILD_KIND_LABELS, kind);
/** A build's `ok`: true, false, or null while it runs. */
export const buildResultLabel = (ok: boolean | null) =>
  ok === null ? m.team_build_running() : ok ? m.team_build_succeeded() : m.team_failed();

// ---------- Accounts ----------

/** The account types, named as the profile names them. */
export const accountTypeChoices = (): Choices =>
  Object.entries(Object.fromEntries(Object.values(USER_TYPES).map((type) => [type, userTypeLabel(type)])));
export const accountTypeLabel = (userType: number) =>
  (Object.values(USER_TYPES) as number[]).includes(userType) ? userTypeLabel(userType) : String(userType);
export const blockedChoices = (): Choices => [
  ['all', m.team_all()],
  ['true', m.team_accounts_is_blocked()],
  ['false', m.team_accounts_not_blocked()],
];
export const accountDone = {
  block: (name: string) => m.team_accounts_done_block({ name }),
  unblock: (name: string) => m.team_accounts_done_unblock({ name }),
  'lift-code-block': (name: string) => m.team_accounts_done_lift({ name }),
  type: (name: string, type: string) => m.team_accounts_done_type({ name, type }),
};

// ---------- Merchants, Reports, Feedback ----------

const MERCHANT_STEP_LABELS: Labels<MerchantStep> = {
  documentSubmitted: m.team_merchant_step_document_submitted,
  registrationReview: m.team_merchant_step_registration_review,
  activated: m.team_merchant_step_activated,
};
/** A merchant's review step, or 'Not started' before its first. */
export const merchantStepLabel = (step: MerchantStep | null) =>
  step ? MERCHANT_STEP_LABELS[step]() : m.team_merchants_not_started();
export const merchantStepChoices = (): Choices =>
  MERCHANT_STEPS.map((step) => [step, MERCHANT_STEP_LABELS[step]()] as const);

type ReportStatus = 'open' | 'resolved' | 'dismissed';
const REPORT_STATUS_LABELS: Labels<ReportStatus> = {
  open: m.team_report_status_open,
  resolved: m.team_report_status_resolved,
  dismissed: m.team_report_status_dismissed,
};
export const reportStatusLabel = (status: ReportStatus) => REPORT_STATUS_LABELS[status]();
/** A report's status as a badge class of src/islands/console/console.css and src/styles/global.css. */
export const REPORT_STATUS_TONES = { open: 'pending', resolved: 'accepted', dismissed: 'expired' } as const;
export const reportStatusChoices = (): Choices => [
  ...(Object.keys(REPORT_STATUS_LABELS) as ReportStatus[]).map(
    (status) => [status, reportStatusLabel(status)] as const,
  ),
  ['all', m.team_all()],
];
const REPORT_REASON_LABELS: Labels<ReportReason> = {
  expired: m.team_report_reason_expired,
  wrongDetails: m.team_report_reason_wrong_details,
  brokenLink: m.team_report_reason_broken_link,
  other: m.team_report_reason_other,
};
export const reportReasonLabel = (reason: ReportReason) => REPORT_REASON_LABELS[reason]();

export const feedbackChoices = (): Choices => [
  ['false', m.team_feedback_not_handled()],
  ['true', m.team_feedback_handled_choice()],
  ['all', m.team_all()],
];

// ---------- Audit log ----------

/** What an audit entry acts on, as the log's filter offers them (AuditQuery's targetType). */
const AUDIT_TARGET_LABELS: Labels<AuditTargetType> = {
  offer: m.team_audit_target_offer,
  account: m.team_audit_target_account,
  merchant: m.team_audit_target_merchant,
  bank: m.team_audit_target_bank,
  category: m.team_audit_target_category,
  location: m.team_audit_target_location,
  cardTier: m.team_audit_target_card_tier,
  importSource: m.team_audit_target_import_source,
  report: m.team_audit_target_report,
  feedback: m.team_audit_target_feedback,
  subscriber: m.team_audit_target_subscriber,
};
export const auditTargetChoices = (): Choices =>
  Object.entries(AUDIT_TARGET_LABELS).map(([type, label]) => [type, label()] as const);
const AUDIT_ACTION_LABELS: Labels<AuditAction> = {
  'offer.accept': m.team_audit_action_offer_accept,
  'offer.reject': m.team_audit_action_offer_reject,
  'offer.edit': m.team_audit_action_offer_edit,
  'offer.withdraw': m.team_audit_action_offer_withdraw,
  'offer.end': m.team_audit_action_offer_end,
  'account.block': m.team_audit_action_account_block,
  'account.unblock': m.team_audit_action_account_unblock,
  'account.liftCodeBlock': m.team_audit_action_account_lift_code_block,
  'account.type': m.team_audit_action_account_type,
  'merchant.create': m.team_audit_action_merchant_create,
  'merchant.promote': m.team_audit_action_merchant_promote,
  'merchant.step': m.team_audit_action_merchant_step,
  'bank.create': m.team_audit_action_bank_create,
  'bank.update': m.team_audit_action_bank_update,
  'category.create': m.team_audit_action_category_create,
  'category.update': m.team_audit_action_category_update,
  'location.create': m.team_audit_action_location_create,
  'location.update': m.team_audit_action_location_update,
  'cardTier.create': m.team_audit_action_card_tier_create,
  'cardTier.update': m.team_audit_action_card_tier_update,
  'revision.accept': m.team_audit_action_revision_accept,
  'revision.reject': m.team_audit_action_revision_reject,
  'importSource.update': m.team_audit_action_import_source_update,
  'importSource.run': m.team_audit_action_import_source_run,
  'categoryKeywords.update': m.team_audit_action_category_keywords_update,
  'report.resolve': m.team_audit_action_report_resolve,
  'report.dismiss': m.team_audit_action_report_dismiss,
  'feedback.handle': m.team_audit_action_feedback_handle,
  'subscriber.remove': m.team_audit_action_subscriber_remove,
};
export const auditActionLabel = (action: AuditAction) => AUDIT_ACTION_LABELS[action]();
/** Who did it: their first name, or their id when the account is gone. */
export const actorText = (name: string | null, userId: number) => name ?? m.team_audit_user({ id: userId });
/** 'offer 12': the target's type, in lower case, and id. */
export const targetText = (type: string, id: string) => `${labelOf(AUDIT_TARGET_LABELS, type).toLowerCase()} ${id}`;

// ---------- Importers, and the sources' changes in Review ----------

/** Who started a run (ImportRun.trigger); an unknown one shows as it came. */
const RUN_TRIGGER_LABELS: Labels<string> = {
  schedule: m.team_run_trigger_schedule,
  console: m.team_run_trigger_console,
  command: m.team_run_trigger_command,
};
export const runTriggerLabel = (trigger: string) => labelOf(RUN_TRIGGER_LABELS, trigger);
/** A run's `ok`, with its badge's tone: true, false, or null while it runs. */
export const runResult = (ok: boolean | null) =>
  ok === null
    ? { label: m.team_run_running(), tone: 'pending' }
    : ok
      ? { label: m.team_run_ok(), tone: 'accepted' }
      : { label: m.team_failed(), tone: 'rejected' };
export const runCountsText = (run: {
  newCount: number;
  changed: number;
  unchanged: number;
  missing: number;
  ended: number;
  failed: number;
}) =>
  m.team_run_counts({
    new: run.newCount,
    changed: run.changed,
    unchanged: run.unchanged,
    missing: run.missing,
    ended: run.ended,
    failed: run.failed,
  });
/** The source's switches, as saved. */
export function importerSavedText(name: string, enabled: boolean, trusted: boolean) {
  if (enabled)
    return trusted ? m.team_importers_saved_on_trusted({ name }) : m.team_importers_saved_on_untrusted({ name });
  return trusted ? m.team_importers_saved_off_trusted({ name }) : m.team_importers_saved_off_untrusted({ name });
}

/** The offer fields a source changes (src/server/importers/offer-fields.ts IMPORTED_COLUMNS); an unknown one shows as it came. */
const REVISION_FIELD_LABELS: Labels<string> = {
  label: m.team_field_label,
  header: m.team_field_header,
  description: m.team_field_description,
  bannerImageUrl: m.team_field_banner_image,
  offerType: m.team_field_offer_type,
  offerRate: m.team_field_offer_rate,
  instalmentMonths: m.team_field_instalment_months,
  offerDateType: m.team_field_offer_date_type,
  offerStart: m.team_field_offer_start,
  offerEnd: m.team_field_offer_end,
  validTimeDateDescription: m.team_field_validity_text,
  promoCode: m.team_field_promo_code,
  cardTypes: m.team_field_card_types,
  location: m.team_field_location,
  eligibility: m.team_field_eligibility,
  bankId: m.team_field_bank,
  categoryId: m.team_field_category,
  merchantId: m.team_field_merchant,
  flyerDraft: m.team_field_flyer_draft,
};
export const revisionFieldLabel = (field: string) => labelOf(REVISION_FIELD_LABELS, field);

// ---------- Catalogue ----------

const CARD_KIND_LABELS: Labels<CardSpecData['kind']> = {
  credit: m.team_catalogue_kind_credit,
  debit: m.team_catalogue_kind_debit,
  prepaid: m.team_catalogue_kind_prepaid,
};
export const cardKindLabel = (kind: CardSpecData['kind']) => CARD_KIND_LABELS[kind]();
