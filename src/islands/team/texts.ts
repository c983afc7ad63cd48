// The team console's texts, defined once for its pages. Labels the API shares are in the contract:
// MERCHANT_STEP_LABELS (src/contract/team.ts), REPORT_REASON_LABELS (src/contract/reports.ts).
import { USER_TYPES } from '../../contract/limits.ts';
import type { AuditAction, AuditTargetType } from '../../contract/team.ts';
import { userTypeLabel } from '../profile/texts.ts';

/** A select's choices: [value sent to the API, label]. */
export type Choices = readonly (readonly [string, string])[];

// ---------- Overview, Accounts, Reports, Feedback, Subscribers, Audit log ----------

export const SEARCH_BUTTON = 'Search';

export const OVERVIEW_TEXTS = {
  loading: 'the overview',
  pendingReviews: 'Offers waiting for review',
  pendingLink: 'Open the review queue',
  openReports: 'Open reports',
  reportsLink: 'See the reports',
  endingThisWeek: 'Offers ending this week',
  endingLink: 'See the offers',
  pendingRevisions: 'Changes from sources',
  revisionsLink: 'Review the changes',
  importAlerts: 'Importers that need a look',
  importersLink: 'Open the importers',
  lastBuild: 'Last site build',
  noBuild: 'No build recorded yet.',
  kind: 'Kind',
  started: 'Started',
  finished: 'Finished',
  notFinished: 'Not finished',
  result: 'Result',
  message: 'Message',
  timeZoneNote: 'Times are Sri Lanka time.',
  lastReminderRun: 'Expiry reminders',
  noReminderRun: 'No reminder run yet.',
  lastRun: 'Last run',
  sent: 'SMS sent',
  skipped: 'Skipped',
  quietHours: 'Quiet hours: nothing sent (21:00 to 08:00).',
} as const;
/** The site build's kinds (src/server/site/build-job.ts); an unknown kind shows as it came. */
export const BUILD_KIND_LABELS: Record<string, string> = { full: 'Full build', publish: 'Publish' };
/** A build's `ok`: true, false, or null while it runs. */
export const buildResultLabel = (ok: boolean | null) => (ok === null ? 'Still running' : ok ? 'Succeeded' : 'Failed');

/** The account types, named as the profile names them. */
export const ACCOUNT_TYPE_LABELS: Record<number, string> = Object.fromEntries(Object.values(USER_TYPES).map((type) => [type, userTypeLabel(type)]));
export const ACCOUNT_TYPE_CHOICES: Choices = Object.entries(ACCOUNT_TYPE_LABELS);
export const ACCOUNTS_TEXTS = {
  name: 'Accounts',
  filters: 'Find accounts',
  search: 'Mobile number or name',
  type: 'Type',
  allTypes: 'All',
  blocked: 'Blocked',
  empty: 'No accounts found.',
  mobileNo: 'Mobile number',
  business: 'Business',
  verified: 'Verified',
  notVerified: 'Not verified',
  state: 'Account',
  isBlocked: 'Blocked',
  notBlocked: 'Not blocked',
  codeBlockedUntil: 'No codes sent until',
  block: 'Block',
  unblock: 'Unblock',
  liftCodeBlock: 'Lift code block',
  changeType: 'Change type',
  blockTitle: 'Block account',
  unblockTitle: 'Unblock account',
  liftTitle: 'Lift the code block',
  typeTitle: 'Change the account type',
  newType: 'New type',
  reason: 'Reason',
  typeHint: 'The account is signed out everywhere, so its next sign-in has the new type.',
  sameType: 'Choose another type.',
} as const;
export const BLOCKED_CHOICES: Choices = [['all', 'All'], ['true', 'Blocked'], ['false', 'Not blocked']];
export const accountDone = {
  block: (name: string) => `${name} is blocked and signed out everywhere.`,
  unblock: (name: string) => `${name} is unblocked.`,
  'lift-code-block': (name: string) => `${name} can receive codes again.`,
  type: (name: string, type: string) => `${name}'s account type is now ${type}.`,
};

export const REPORT_STATUS_LABELS = { open: 'Open', resolved: 'Resolved', dismissed: 'Dismissed' } as const;
/** A report's status as a badge class of src/islands/console/console.css and src/styles/global.css. */
export const REPORT_STATUS_TONES = { open: 'pending', resolved: 'accepted', dismissed: 'expired' } as const;
export const REPORT_STATUS_CHOICES: Choices = [...Object.entries(REPORT_STATUS_LABELS), ['all', 'All']];
export const REPORTS_TEXTS = {
  name: 'Reports',
  filters: 'Filter reports',
  status: 'Status',
  empty: 'No reports.',
  offer: 'Offer',
  reason: 'Reason',
  noMessage: 'No message.',
  received: 'Received',
  closed: 'Closed',
  resolve: 'Resolve',
  dismiss: 'Dismiss',
  resolveTitle: 'Resolve the report',
  dismissTitle: 'Dismiss the report',
  note: 'Note (optional)',
  findOffer: 'Find in Offers',
  resolved: (header: string) => `The report on ${header} is resolved.`,
  dismissed: (header: string) => `The report on ${header} is dismissed.`,
} as const;

export const FEEDBACK_CHOICES: Choices = [['false', 'Not handled'], ['true', 'Handled'], ['all', 'All']];
export const FEEDBACK_TEXTS = {
  name: 'Messages',
  filters: 'Filter messages',
  handled: 'Show',
  empty: 'No messages.',
  mobileNo: 'Mobile number',
  email: 'Email',
  received: 'Received',
  handledAt: 'Handled',
  markHandled: 'Mark as handled',
  saving: 'Saving…',
  done: (name: string) => `The message from ${name} is marked handled.`,
} as const;

export const SUBSCRIBERS_TEXTS = {
  name: 'Subscribers',
  filters: 'Find subscribers',
  search: 'Email address',
  empty: 'No subscribers.',
  since: 'Subscribed',
  remove: 'Remove',
  removed: 'Removed',
  removeTitle: 'Remove the subscriber',
  download: 'Download CSV',
  downloading: 'Preparing…',
} as const;

/** What an audit entry acts on, as the log's filter offers them (AuditQuery's targetType). */
export const AUDIT_TARGET_LABELS: Record<AuditTargetType, string> = {
  offer: 'Offer', account: 'Account', merchant: 'Merchant', bank: 'Bank', category: 'Category',
  location: 'Location', cardTier: 'Card tier', importSource: 'Import source', report: 'Report', feedback: 'Message', subscriber: 'Subscriber',
};
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'offer.accept': 'Offer accepted',
  'offer.reject': 'Offer rejected',
  'offer.edit': 'Offer edited',
  'offer.withdraw': 'Offer withdrawn',
  'offer.end': 'Offer ended',
  'account.block': 'Account blocked',
  'account.unblock': 'Account unblocked',
  'account.liftCodeBlock': 'Code block lifted',
  'account.type': 'Account type changed',
  'merchant.create': 'Merchant created',
  'merchant.promote': 'Account made a merchant',
  'merchant.step': 'Merchant step changed',
  'bank.create': 'Bank added',
  'bank.update': 'Bank changed',
  'category.create': 'Category added',
  'category.update': 'Category changed',
  'location.create': 'Location added',
  'location.update': 'Location changed',
  'cardTier.create': 'Card tier added',
  'cardTier.update': 'Card tier changed',
  'revision.accept': 'Source change accepted',
  'revision.reject': 'Source change rejected',
  'importSource.update': 'Source changed',
  'importSource.run': 'Source run started',
  'categoryKeywords.update': 'Category keywords changed',
  'report.resolve': 'Report resolved',
  'report.dismiss': 'Report dismissed',
  'feedback.handle': 'Message handled',
  'subscriber.remove': 'Subscriber removed',
};
export const AUDIT_TEXTS = {
  name: 'Audit log',
  filters: 'Filter the log',
  action: 'Action',
  allActions: 'All actions',
  targetType: 'Target type',
  allTargets: 'All targets',
  targetId: 'Target id',
  digitsOnly: 'Digits only.',
  empty: 'No entries.',
  when: 'When',
  who: 'Who',
  target: 'Target',
  note: 'Note',
  changes: 'Before and after',
  before: 'Before',
  after: 'After',
} as const;
/** Who did it: their first name, or their id when the account is gone. */
export const actorText = (name: string | null, userId: number) => name ?? `User ${userId}`;
/** 'offer 12': the target's type, in lower case, and id. */
export const targetText = (type: string, id: string) =>
  `${(AUDIT_TARGET_LABELS[type as AuditTargetType] ?? type).toLowerCase()} ${id}`;

// ---------- Importers, and the sources' changes in Review ----------

export const IMPORTER_TEXTS = {
  sources: 'Sources',
  loading: 'the sources',
  empty: 'No import sources yet.',
  refresh: 'Refresh',
  on: 'On',
  off: 'Off',
  trusted: 'Trusted',
  settings: (name: string) => `${name}: settings`,
  enabledHint: 'On: imported on the schedule. Run now works either way.',
  trustedHint: 'Trusted: changes to fields other than rates and dates are applied without review.',
  bank: 'Bank',
  noBank: 'Named by each item',
  adapter: 'Adapter',
  url: 'Address',
  newTab: '(opens in a new tab)',
  listed: 'Items listed',
  flagged: 'Flagged as missing',
  lastRun: 'Last run',
  neverRun: 'Not run yet',
  counts: 'Counts',
  runNow: 'Run now',
  starting: 'Starting…',
  details: 'Details',
  detailsTitle: (name: string) => `${name}: runs and flagged items`,
  detailsLoading: 'the runs',
  runs: 'Last runs',
  noRuns: 'No runs yet.',
  ended: 'Ended',
  errors: (count: number) => `Errors (${count})`,
  wholeRun: 'The whole run',
  flaggedItems: 'Items flagged as missing',
  flaggedHint: 'Items the source stopped listing for several runs in a row: their offers end at its next run unless it lists them again.',
  noFlagged: 'No items are flagged.',
  missingFor: (runs: number) => `Missing for ${runs} runs`,
  lastSeen: 'last seen',
  sourcePage: 'Its page at the source',
  saved: (name: string, enabled: boolean, trusted: boolean) =>
    `Saved: ${name} is ${enabled ? 'on' : 'off'} and ${trusted ? 'trusted' : 'not trusted'}.`,
  keywords: 'Category keywords',
  keywordsLoading: 'the category keywords',
  keywordsHint: "An imported offer goes in the category of the longest keyword its category, title or description holds as a whole word. A category's own name counts as a keyword too.",
  addKeyword: 'Add a keyword',
  newKeyword: 'New keyword',
  category: 'Category',
  add: 'Add',
  keywordRequired: 'Enter a keyword.',
  keywordTaken: (category: string) => `This keyword already names ${category}.`,
  noKeywords: 'No keywords.',
  remove: 'Remove',
  saveKeywords: 'Save keywords',
  saving: 'Saving…',
  unsaved: 'Not saved yet.',
  keywordsSaved: (count: number) => `Saved ${count} ${count === 1 ? 'keyword' : 'keywords'}.`,
  unknownCategory: (categoryId: number) => `Category #${categoryId}`,
} as const;

/** Who started a run (ImportRun.trigger); an unknown one shows as it came. */
export const RUN_TRIGGER_LABELS: Record<string, string> = { schedule: 'Schedule', console: 'Console', command: 'Command line' };
/** A run's `ok`, with its badge's tone: true, false, or null while it runs. */
export const runResult = (ok: boolean | null) =>
  (ok === null ? { label: 'Running', tone: 'pending' } : ok ? { label: 'OK', tone: 'accepted' } : { label: 'Failed', tone: 'rejected' });
export const runCountsText = (run: { newCount: number; changed: number; unchanged: number; missing: number; ended: number; failed: number }) =>
  `new ${run.newCount}, changed ${run.changed}, unchanged ${run.unchanged}, missing ${run.missing}, ended ${run.ended}, failed ${run.failed}`;

export const REVISION_TEXTS = {
  name: 'Changes from sources',
  empty: 'No changes from sources are waiting.',
  hint: 'Changes a source made to a listed offer, waiting for a decision: accepted, the offer takes the source\'s version.',
  from: (source: string) => `from ${source}`,
  changes: (header: string) => `Changes to ${header}`,
  field: 'Field',
  before: 'Before',
  after: 'After',
  accept: 'Accept change',
  reject: 'Reject change',
  findOffer: 'Find in Offers',
  showAll: 'Show all',
  showLess: 'Show less',
} as const;
/** The offer fields a source changes (src/server/importers/offer-fields.ts IMPORTED_COLUMNS); an unknown one shows as it came. */
export const REVISION_FIELD_LABELS: Record<string, string> = {
  label: 'Title', header: 'Header', description: 'Description', bannerImageUrl: 'Banner image', offerType: 'Rate type', offerRate: 'Rate',
  offerDateType: 'Validity', offerStart: 'Starts', offerEnd: 'Ends', validTimeDateDescription: 'Validity text', promoCode: 'Promo code',
  cardTypes: 'Card types', location: 'Locations', eligibility: 'Who and when', bankId: 'Bank', categoryId: 'Category', merchantId: 'Merchant',
};
