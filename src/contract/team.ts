// The team console's contract ({API}/team/...): what the team sends and gets back. Imported from
// here, not through the contract's index, so that no guest page carries it.
import * as v from 'valibot';
import { error_invalid_user_type, error_too_long } from '../../messages/errors/en.json';
import { fillText } from './error-texts.ts';
import { IdList, NoNul } from './index.ts';
import {
  ID_LIST_MAX,
  ID_MAX,
  MERCHANT_STEPS,
  type MerchantStep,
  OFFER_REVIEW_STATUSES,
  PAGE_NO_MAX,
  PAGE_SIZE_MAX,
  UPLOAD_BYTES_MAX,
} from './limits.ts';
import { REPORT_REASONS } from './reports.ts';
import { Offer } from './responses.ts';

// ---------- what the team works with ----------

export { MERCHANT_STEPS, type MerchantStep };

/** The reasons a reviewer picks from most often; a reviewer may also write their own. */
export const COMMON_REJECT_REASONS = [
  'The offer details are incomplete.',
  'The dates are wrong or have passed.',
  'The bank, category or card types do not match the offer.',
  'The banner image is unclear or not allowed.',
  'The same offer is already listed.',
] as const;

export const REASON_MAX = 500;
export const REASON_REQUIRED = 'Give a reason.';
export const DOCUMENT_TOO_LARGE = `The document is larger than ${UPLOAD_BYTES_MAX / 1024 / 1024} MB.`;
export const SEARCH_TEXT_MAX = 100;
export const TEAM_PAGE_SIZE = 20;

/** Every kind of team action the audit log records. */
export const AUDIT_ACTIONS = [
  'offer.accept',
  'offer.reject',
  'offer.edit',
  'offer.withdraw',
  'offer.end',
  'account.block',
  'account.unblock',
  'account.liftCodeBlock',
  'account.type',
  'merchant.create',
  'merchant.promote',
  'merchant.step',
  'bank.create',
  'bank.update',
  'category.create',
  'category.update',
  'location.create',
  'location.update',
  'cardTier.create',
  'cardTier.update',
  'revision.accept',
  'revision.reject',
  'importSource.update',
  'importSource.run',
  'categoryKeywords.update',
  'report.resolve',
  'report.dismiss',
  'feedback.handle',
  'subscriber.remove',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** What an audited action acts on. */
export const AUDIT_TARGET_TYPES = [
  'offer',
  'account',
  'merchant',
  'bank',
  'category',
  'location',
  'cardTier',
  'importSource',
  'report',
  'feedback',
  'subscriber',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

// ---------- requests ----------

const Reason = v.pipe(
  v.string(REASON_REQUIRED),
  v.trim(),
  v.nonEmpty(REASON_REQUIRED),
  v.maxLength(REASON_MAX, fillText(error_too_long, { max: REASON_MAX })),
  NoNul,
);
const SearchText = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(SEARCH_TEXT_MAX, fillText(error_too_long, { max: SEARCH_TEXT_MAX })), NoNul),
  '',
);
const PageNoQuery = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, 'pageNo must be a number from 1'),
    v.transform(Number),
    v.minValue(1, 'pageNo must be a number from 1'),
    v.maxValue(PAGE_NO_MAX),
  ),
  '1',
);
const PageSizeQuery = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,3}$/, `pageSize must be 1 to ${PAGE_SIZE_MAX}`),
    v.transform(Number),
    v.minValue(1),
    v.maxValue(PAGE_SIZE_MAX, `pageSize must be 1 to ${PAGE_SIZE_MAX}`),
  ),
  String(TEAM_PAGE_SIZE),
);
const OptionalIdQuery = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,10}$/, 'Expected an id'),
    v.transform(Number),
    v.minValue(1, 'Expected an id'),
    v.maxValue(ID_MAX, 'Expected an id'),
  ),
);
export const TeamPaging = { pageNo: PageNoQuery, pageSize: PageSizeQuery };

/** GET /team/offers: the review queue (status pending, oldest first) and the offers search. */
export const TeamOfferQuery = v.object({
  ...TeamPaging,
  q: SearchText,
  status: v.optional(
    v.picklist(
      [...OFFER_REVIEW_STATUSES, 'withdrawn', 'all'],
      'status must be accepted, pending, rejected, withdrawn or all',
    ),
    'all',
  ),
  bankId: OptionalIdQuery,
  categoryId: OptionalIdQuery,
  /** Only offers with an open report. */
  reported: v.optional(v.picklist(['true', 'false']), 'false'),
  sort: v.optional(v.picklist(['oldest', 'newest'], 'sort must be oldest or newest'), 'newest'),
  /** `week`: listed offers that end within 7 days (the overview's 'Offers ending this week'). */
  ending: v.optional(v.picklist(['any', 'week'], 'ending must be any or week'), 'any'),
});

export const OfferDecisionRequest = v.pipe(
  v.object({
    decision: v.picklist(['accept', 'reject'], 'decision must be accept or reject'),
    reason: v.optional(Reason),
  }),
  v.forward(
    v.check((input) => input.decision === 'accept' || input.reason !== undefined, 'Give a reason for the rejection.'),
    ['reason'],
  ),
);
export const BulkDecisionRequest = v.pipe(
  v.object({
    offerIds: v.pipe(
      IdList,
      v.minLength(1, 'Choose at least one offer.'),
      v.maxLength(ID_LIST_MAX, `At most ${ID_LIST_MAX} offers at once.`),
    ),
    decision: v.picklist(['accept', 'reject'], 'decision must be accept or reject'),
    reason: v.optional(Reason),
  }),
  v.forward(
    v.check((input) => input.decision === 'accept' || input.reason !== undefined, 'Give a reason for the rejection.'),
    ['reason'],
  ),
);
/** Withdraw, End now, block, unblock, lift a code block, remove a subscriber: why, for the audit log. */
export const ReasonRequest = v.object({ reason: Reason });

/** GET /team/accounts */
export const TeamAccountQuery = v.object({
  ...TeamPaging,
  q: SearchText,
  userType: v.optional(v.picklist(['1', '2', '3', 'all'], 'userType must be 1, 2, 3 or all'), 'all'),
  blocked: v.optional(v.picklist(['true', 'false', 'all']), 'all'),
});
export const TeamUserType = v.pipe(
  v.union(
    [v.literal(1), v.literal(2), v.literal(3), v.literal('1'), v.literal('2'), v.literal('3')],
    error_invalid_user_type,
  ),
  v.transform(Number),
);
export const AccountTypeRequest = v.object({ userType: TeamUserType, reason: Reason });

/** GET /team/audit */
export const AuditQuery = v.object({
  ...TeamPaging,
  action: v.optional(v.picklist(AUDIT_ACTIONS, 'Unknown action.')),
  actorUserId: OptionalIdQuery,
  targetType: v.optional(v.picklist(AUDIT_TARGET_TYPES, 'Unknown target type.')),
  targetId: v.optional(v.pipe(v.string(), v.regex(/^\d{1,10}$/, 'Expected an id'))),
});

/** GET /team/merchants */
export const TeamMerchantQuery = v.object({
  ...TeamPaging,
  q: SearchText,
  step: v.optional(
    v.picklist(
      [...MERCHANT_STEPS, 'none', 'all'],
      'step must be documentSubmitted, registrationReview, activated, none or all',
    ),
    'all',
  ),
});
export const MerchantStepRequest = v.object({ step: v.picklist(MERCHANT_STEPS, 'Unknown step.'), note: Reason });

/** The documents' types, told by their bytes, and the extension a download gets. */
export const DOCUMENT_EXTENSIONS: Record<string, string> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
};
/** A document's download name: the merchant's name for it, cut to letters, digits, spaces and dashes, with the extension its bytes say. */
export function documentDownloadName(document: { documentId: number; fileName: string; contentType: string }): string {
  const stem =
    document.fileName
      .replace(/\.[^.]*$/, '')
      .replace(/[^\p{L}\p{N} _-]+/gu, ' ')
      .trim()
      .slice(0, 80) || `document-${document.documentId}`;
  return `${stem}${DOCUMENT_EXTENSIONS[document.contentType] ?? ''}`;
}
export const SUBSCRIBERS_CSV_NAME = 'offerlanka-subscribers.csv';

/** A registration document a merchant uploads: PDF, PNG or JPEG, told by its bytes. */
export const DOCUMENT_NAME_MAX = 120;
export const DocumentUploadRequest = v.object({
  fileName: v.pipe(
    v.string('Give the file name.'),
    v.trim(),
    v.nonEmpty('Give the file name.'),
    v.maxLength(DOCUMENT_NAME_MAX, fillText(error_too_long, { max: DOCUMENT_NAME_MAX })),
    v.check((name) => !/[\\/\u0000-\u001f]/.test(name), 'A file name without folders or control characters.'),
  ),
  base64: v.pipe(
    v.string('base64 must be text'),
    v.nonEmpty('base64 is required'),
    v.maxLength(Math.ceil((UPLOAD_BYTES_MAX * 4) / 3) + 100, DOCUMENT_TOO_LARGE),
  ),
});

/** GET /team/reports */
export const ReportQuery = v.object({
  ...TeamPaging,
  status: v.optional(
    v.picklist(['open', 'resolved', 'dismissed', 'all'], 'status must be open, resolved, dismissed or all'),
    'open',
  ),
});
export const CloseReportRequest = v.object({
  outcome: v.picklist(['resolved', 'dismissed'], 'outcome must be resolved or dismissed'),
  note: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(REASON_MAX, fillText(error_too_long, { max: REASON_MAX })), NoNul),
    '',
  ),
});
/** GET /team/feedback */
export const FeedbackQuery = v.object({
  ...TeamPaging,
  handled: v.optional(v.picklist(['true', 'false', 'all']), 'false'),
});
/** GET /team/subscribers */
export const SubscriberQuery = v.object({ ...TeamPaging, q: SearchText });

// ---------- answers ----------

/** An offer as the team sees it: the public shape, plus its review and its open reports. */
export const TeamOffer = v.object({
  ...Offer.entries,
  reviewStatus: v.picklist(OFFER_REVIEW_STATUSES),
  reviewReason: v.nullable(v.string()),
  reviewedAt: v.nullable(v.string()),
  withdrawnAt: v.nullable(v.string()),
  ownerUserId: v.nullable(v.number()),
  /** Made from a flyer the source could not read: the team completes it before accepting it. */
  flyerDraft: v.boolean(),
  openReports: v.number(),
});
export type TeamOfferData = v.InferOutput<typeof TeamOffer>;

const paged = <T extends v.GenericSchema>(item: T) =>
  v.object({
    status: v.literal(true),
    data: v.array(item),
    totalCount: v.number(),
    pageNo: v.number(),
    pageSize: v.number(),
  });

export const TeamOfferList = paged(TeamOffer);
export const TeamOfferResponse = v.object({ status: v.literal(true), data: TeamOffer });
/** A bulk decision: each offer decided, and the ones that could not be (not pending, or gone). */
export const BulkDecisionResponse = v.object({
  status: v.literal(true),
  decided: v.array(v.number()),
  skipped: v.array(v.object({ offerId: v.number(), message: v.string() })),
});

/** An account as the team sees it. Never its password hash. */
export const TeamAccount = v.object({
  userId: v.number(),
  userType: v.number(),
  firstName: v.string(),
  mobileNo: v.string(),
  email: v.nullable(v.string()),
  businessName: v.nullable(v.string()),
  isMobileVerification: v.boolean(),
  isAccountBlock: v.boolean(),
  blockReason: v.nullable(v.string()),
  codeBlockedUntil: v.nullable(v.string()),
  merchantStep: v.nullable(v.picklist(MERCHANT_STEPS)),
  createdAt: v.string(),
});
export type TeamAccountData = v.InferOutput<typeof TeamAccount>;
export const TeamAccountList = paged(TeamAccount);
export const TeamAccountResponse = v.object({ status: v.literal(true), data: TeamAccount });

export const AuditEntry = v.object({
  auditId: v.number(),
  actorUserId: v.number(),
  actorName: v.nullable(v.string()),
  action: v.picklist(AUDIT_ACTIONS),
  targetType: v.string(),
  targetId: v.string(),
  before: v.unknown(),
  after: v.unknown(),
  note: v.nullable(v.string()),
  createdAt: v.string(),
});
export type AuditEntryData = v.InferOutput<typeof AuditEntry>;
export const AuditList = paged(AuditEntry);

export const MerchantDocument = v.object({
  documentId: v.number(),
  fileName: v.string(),
  contentType: v.string(),
  size: v.number(),
  createdAt: v.string(),
});
export type MerchantDocumentData = v.InferOutput<typeof MerchantDocument>;
export const MerchantDocumentList = v.object({
  status: v.literal(true),
  data: v.array(MerchantDocument),
  merchantStep: v.nullable(v.picklist(MERCHANT_STEPS)),
});
export const MerchantDocumentResponse = v.object({
  status: v.literal(true),
  data: MerchantDocument,
  merchantStep: v.nullable(v.picklist(MERCHANT_STEPS)),
});
/** A merchant account with its company and documents, as the team reviews it. */
export const TeamMerchant = v.object({
  ...TeamAccount.entries,
  merchantId: v.nullable(v.number()),
  brNo: v.nullable(v.string()),
  companyEmail: v.nullable(v.string()),
  contactNo: v.nullable(v.string()),
  address: v.nullable(v.string()),
  documents: v.array(MerchantDocument),
});
export const TeamMerchantResponse = v.object({ status: v.literal(true), data: TeamMerchant });

export const TeamReport = v.object({
  reportId: v.number(),
  offerId: v.number(),
  offerHeader: v.string(),
  reason: v.picklist(REPORT_REASONS),
  message: v.string(),
  status: v.picklist(['open', 'resolved', 'dismissed']),
  createdAt: v.string(),
  closedAt: v.nullable(v.string()),
});
export const TeamReportList = paged(TeamReport);
export const TeamReportResponse = v.object({ status: v.literal(true), data: TeamReport });

export const TeamFeedback = v.object({
  feedbackId: v.number(),
  firstName: v.string(),
  mobileNo: v.string(),
  email: v.string(),
  message: v.string(),
  createdAt: v.string(),
  handledAt: v.nullable(v.string()),
});
export const TeamFeedbackList = paged(TeamFeedback);
export const TeamFeedbackResponse = v.object({ status: v.literal(true), data: TeamFeedback });

export const TeamSubscriber = v.object({ subscriptionId: v.number(), email: v.string(), createdAt: v.string() });
export const TeamSubscriberList = paged(TeamSubscriber);
export const DoneResponse = v.object({ status: v.literal(true), message: v.string() });

export const TeamOverview = v.object({
  status: v.literal(true),
  data: v.object({
    pendingReviews: v.number(),
    openReports: v.number(),
    endingThisWeek: v.number(),
    /** Sources' changes to listed offers, waiting in Review. */
    pendingRevisions: v.number(),
    /** Sources whose last run failed or listed nothing. */
    importAlerts: v.array(v.object({ sourceKey: v.string(), name: v.string(), message: v.string() })),
    lastBuild: v.nullable(
      v.object({
        kind: v.string(),
        startedAt: v.string(),
        finishedAt: v.nullable(v.string()),
        ok: v.nullable(v.boolean()),
        message: v.nullable(v.string()),
      }),
    ),
    /** The expiry reminders' last run (jobs/reminders.ts): SMS sent, and reminders skipped (already sent, or quiet hours). */
    lastReminderRun: v.nullable(
      v.object({
        startedAt: v.string(),
        finishedAt: v.nullable(v.string()),
        sent: v.number(),
        skipped: v.number(),
        quietHours: v.boolean(),
      }),
    ),
    /**
     * The rate limits' Redis (REDIS_URL): shared counters while connected; while unreachable (since
     * when) and without one, each process counts its own.
     */
    redis: v.object({
      state: v.picklist(['connected', 'unreachable', 'not_configured']),
      since: v.nullable(v.string()),
    }),
  }),
});
