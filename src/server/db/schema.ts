// One schema for PGlite and PostgreSQL. Column names are snake_case in SQL and camelCase in code;
// the API's §7 field names are produced by the serialisers in ../serialize.ts.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CardSpecData, EligibilityData } from '../../contract/eligibility.ts';
import type { MyCardData, OfferSearch } from '../../contract/offer-search.ts';
import type { CategoryTranslationsData, OfferTranslationsData } from '../../contract/responses.ts';
import { baseLocale, locales, type Locale } from '../../paraglide/runtime.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const banks = pgTable('banks', {
  bankId: serial('bank_id').primaryKey(),
  bankName: text('bank_name').notNull(),
  slug: text('slug').notNull().unique(),
  logoUrl: text('logo_url').notNull(),
  thumbnailUrl: text('thumbnail_url').notNull(),
  /** §7's names of the cards it issues ('Visa Platinum'), written from issuedCards. */
  cardTypes: jsonb('card_types')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** The cards it issues, typed: what an offer's listed cards are chosen from. */
  issuedCards: jsonb('issued_cards')
    .$type<CardSpecData[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  color: text('color').notNull().default('#1f2937'),
});

/** Card tiers (Classic, Gold, Platinum, …): the list the team edits and banks' cards name. */
export const cardTiers = pgTable('card_tiers', {
  tierId: serial('tier_id').primaryKey(),
  tierName: text('tier_name').notNull().unique(),
  position: integer('position').notNull().default(0),
});

export const categories = pgTable('categories', {
  categoryId: serial('category_id').primaryKey(),
  categoryName: text('category_name').notNull(),
  slug: text('slug').notNull().unique(),
  iconName: text('icon_name').notNull(),
  /** The name in Sinhala and Tamil where the team gave it (contract CategoryTranslations). */
  translations: jsonb('translations')
    .$type<CategoryTranslationsData>()
    .notNull()
    .default(sql`'{}'::jsonb`),
});

export const merchants = pgTable(
  'merchants',
  {
    merchantId: serial('merchant_id').primaryKey(),
    merchantName: text('merchant_name').notNull(),
    logoUrl: text('logo_url'),
    contactNo: text('contact_no'),
    webUrl: text('web_url'),
    /** Its page's address, /merchants/{slug} (db/merchant-slugs.ts); every slug it had is in merchantSlugs. */
    slug: text('slug'),
  },
  (t) => [
    index('merchants_name_trgm_idx').using('gin', sql`${t.merchantName} gin_trgm_ops`),
    uniqueIndex('merchants_slug_idx').on(t.slug),
  ],
);

/** Every slug a merchant's page has had: an old one answers with a 301 to the current one, and is never given to another. */
export const merchantSlugs = pgTable('merchant_slugs', {
  slug: text('slug').primaryKey(),
  merchantId: integer('merchant_id')
    .notNull()
    .references(() => merchants.merchantId, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const locations = pgTable('locations', {
  locationId: serial('location_id').primaryKey(),
  locationName: text('location_name').notNull().unique(),
});

export type HotLine = { mobileNo: string[]; email: string[] };
export type OfferLocation = { value: string; isActive: boolean };

export const offers = pgTable(
  'offers',
  {
    offerId: serial('offer_id').primaryKey(),
    label: text('label').notNull(),
    header: text('header').notNull(),
    description: text('description').notNull().default(''),
    /** Title, header and description in Sinhala and Tamil where given (contract OfferTranslations); each field optional. */
    translations: jsonb('translations')
      .$type<OfferTranslationsData>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    bannerImageUrl: text('banner_image_url'),
    /** The merchant's own terms of the offer (the wizard's free text); '' for none. */
    offerTerms: text('offer_terms').notNull().default(''),
    offerType: text('offer_type').notNull(),
    offerRate: text('offer_rate'),
    /** An 'instalment' offer's months (its rate is the plan's interest, normally 0); null for every other type. */
    instalmentMonths: integer('instalment_months'),
    offerDateType: text('offer_date_type').notNull(),
    offerStart: timestamp('offer_start', { withTimezone: true }),
    offerEnd: timestamp('offer_end', { withTimezone: true }),
    validTimeDateDescription: text('valid_time_date_description'),
    promoCode: text('promo_code'),
    hotLine: jsonb('hot_line')
      .$type<HotLine>()
      .notNull()
      .default(sql`'{"mobileNo":[],"email":[]}'::jsonb`),
    cardTypes: jsonb('card_types')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    location: jsonb('location')
      .$type<OfferLocation[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Who can use it and when (contract/eligibility.ts), checked against the contract on every write. */
    eligibility: jsonb('eligibility')
      .$type<EligibilityData>()
      .notNull()
      .default(
        sql`'{"cardScope":"all","cards":[],"days":[],"timeFrom":null,"timeTo":null,"minBill":null,"maxDiscount":null,"channel":null,"website":null,"registerFirst":false,"convertWithinDays":null,"promoCodeRequired":false}'::jsonb`,
      ),
    /** An imported offer's source (the first that listed it; offer_sources has every link): shown on its page. */
    sourceName: text('source_name'),
    sourceUrl: text('source_url'),
    /** When a source last listed it, unchanged or changed. */
    sourceVerifiedAt: timestamp('source_verified_at', { withTimezone: true }),
    /** SHA-256 of the imported content the offer now carries. */
    sourceHash: text('source_hash'),
    reviewStatus: text('review_status').notNull().default('pending'),
    /**
     * Made from a flyer (an image or a PDF) whose words the source could not give: a draft in Review
     * with the flyer as its banner and link. The team's edit completes it; it cannot be accepted before.
     */
    flyerDraft: boolean('flyer_draft').notNull().default(false),
    /** Why the team rejected the offer, shown to its merchant; cleared when it is sent again. */
    reviewReason: text('review_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by'),
    /** Set when the team withdraws an accepted offer: it leaves every list, its page says so. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    views: integer('views').notNull().default(0),
    bankId: integer('bank_id')
      .notNull()
      .references(() => banks.bankId),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.categoryId),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.merchantId),
    ownerUserId: integer('owner_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('offers_public_idx').on(t.reviewStatus, t.offerEnd),
    index('offers_bank_idx').on(t.bankId, t.categoryId),
    index('offers_category_idx').on(t.categoryId),
    index('offers_merchant_idx').on(t.merchantId),
    index('offers_created_idx').on(t.createdAt, t.offerId),
    index('offers_review_queue_idx').on(t.reviewStatus, t.createdAt, t.offerId),
    // The team's offer search (ILIKE '%text%'): trigram indexes (pg_trgm).
    index('offers_header_trgm_idx').using('gin', sql`${t.header} gin_trgm_ops`),
    index('offers_label_trgm_idx').using('gin', sql`${t.label} gin_trgm_ops`),
  ],
);

/** Terms shown on offer pages: keyed by bank, or general when bankId is null. */
export const termsConditions = pgTable(
  'terms_conditions',
  {
    termId: serial('term_id').primaryKey(),
    bankId: integer('bank_id').references(() => banks.bankId),
    position: integer('position').notNull().default(0),
    value: text('value').notNull(),
  },
  (t) => [index('terms_bank_idx').on(t.bankId)],
);

export const users = pgTable(
  'users',
  {
    userId: serial('user_id').primaryKey(),
    userType: smallint('user_type').notNull(),
    firstName: text('first_name').notNull(),
    mobileNo: text('mobile_no').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    email: text('email'),
    address: text('address'),
    phoneNo: text('phone_no'),
    businessName: text('business_name'),
    brNo: text('br_no'),
    contactNo: text('contact_no'),
    companyEmail: text('company_email'),
    addressNo: text('address_no'),
    streetName: text('street_name'),
    city: text('city'),
    tags: jsonb('tags')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** My Cards: the cards the user holds (contract/offer-search.ts MyCard), saved from the browser and merged at sign-in. */
    cards: jsonb('cards')
      .$type<MyCardData[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    location: text('location'),
    logoUrl: text('logo_url'),
    status: text('status').notNull().default('active'),
    isAccountBlock: boolean('is_account_block').notNull().default(false),
    /** The team's reason for the block, shown in the console only. */
    blockReason: text('block_reason'),
    /** A merchant company's review step (MERCHANT_STEPS); null until its documents are submitted. */
    merchantStep: text('merchant_step'),
    isMobileVerification: boolean('is_mobile_verification').notNull().default(false),
    /** Set when the code-resend limit is passed: no codes for this number until then. */
    codeBlockedUntil: timestamp('code_blocked_until', { withTimezone: true }),
    termsAccepted: boolean('terms_accepted').notNull().default(false),
    /** Expiry reminders: days before a favourite ends that the SMS goes (1 to 3); null when off. */
    reminderDaysBefore: smallint('reminder_days_before'),
    /** Set once the one-line reminder offer has been shown after a first favourite, so it shows once. */
    reminderOfferShownAt: timestamp('reminder_offer_shown_at', { withTimezone: true }),
    /** When `email` was confirmed through its link; cleared when the address changes. Nothing is e-mailed before. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * The SHA-256 (hex) of the secret in the user's private favourites calendar feed URL, which is shown
     * once, when made; a new one revokes the old URL, and a password change or reset ends it. Null when off.
     */
    calendarFeedTokenHash: text('calendar_feed_token_hash').unique(),
    /**
     * The version of the user's reminder-stop and unsubscribe links, signed into each: raising it
     * ("revoke my links") refuses every link issued before.
     */
    linksEpoch: integer('links_epoch').notNull().default(0),
    /** The account's language (docs/i18n.md): its SMS and e-mails are written in it. Set at sign-up and each sign-in from Accept-Language. */
    locale: text('locale').$type<Locale>().notNull().default(baseLocale),
    /** A merchant account's merchants row (its offers' merchant); emptied when a re-seed replaces the merchants. */
    merchantId: integer('merchant_id').references(() => merchants.merchantId, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('users_merchant_idx').on(t.merchantId),
    index('users_type_idx').on(t.userType, t.userId),
    index('users_first_name_idx').on(sql`lower(${t.firstName})`),
    // The team's account search by name or business (ILIKE '%text%').
    index('users_first_name_trgm_idx').using('gin', sql`${t.firstName} gin_trgm_ops`),
    index('users_business_name_trgm_idx').using('gin', sql`${t.businessName} gin_trgm_ops`),
    check('users_locale_check', sql`${t.locale} in (${sql.raw(locales.map((locale) => `'${locale}'`).join(', '))})`),
  ],
);

/** Opaque bearer tokens, stored as SHA-256 hashes. scope 'session' is a full sign-in. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One-time codes, hashed. purpose: 'verify' (own number) or 'mobile-change' (targetMobileNo). */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    codeId: serial('code_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    mobileNo: text('mobile_no').notNull(),
    codeHash: text('code_hash').notNull(),
    wrongAttempts: integer('wrong_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the code can no longer be used: verified, replaced by a newer one, or too many wrong tries. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('codes_mobile_idx').on(t.mobileNo, t.verifiedAt), index('codes_user_idx').on(t.userId, t.createdAt)],
);

/** Every code sent, to count resends per number on the server. */
export const codeSends = pgTable(
  'code_sends',
  {
    sendId: serial('send_id').primaryKey(),
    mobileNo: text('mobile_no').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('code_sends_mobile_idx').on(t.mobileNo, t.sentAt)],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.offerId, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.offerId] }), index('favorites_offer_idx').on(t.offerId)],
);

export const insights = pgTable('insights', {
  insightId: text('insight_id').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  ip: text('ip'),
  userId: integer('user_id'),
  createdAt: createdAt(),
});

export const impressions = pgTable(
  'impressions',
  {
    impressionId: serial('impression_id').primaryKey(),
    insightId: text('insight_id'),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.offerId, { onDelete: 'cascade' }),
    bankId: integer('bank_id').notNull(),
    categoryId: integer('category_id').notNull(),
    merchantId: integer('merchant_id').notNull(),
    ip: text('ip'),
    userId: integer('user_id'),
    count: integer('count').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('impressions_insight_idx').on(t.insightId),
    index('impressions_offer_idx').on(t.offerId),
    index('impressions_bank_idx').on(t.bankId),
  ],
);

export const subscriptions = pgTable('subscriptions', {
  subscriptionId: serial('subscription_id').primaryKey(),
  insightId: text('insight_id'),
  /** Stored lower-cased, so one address subscribes once. */
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
});

export const feedback = pgTable('feedback', {
  feedbackId: serial('feedback_id').primaryKey(),
  insightId: text('insight_id'),
  firstName: text('first_name').notNull(),
  mobileNo: text('mobile_no').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull().default(''),
  createdAt: createdAt(),
  /** Set when a team member has dealt with the message. */
  handledAt: timestamp('handled_at', { withTimezone: true }),
  handledBy: integer('handled_by'),
});

/** Uploaded and generated images, served back from /api/images/{name}. Kept in the database so
 * that several API processes share them. */
export const images = pgTable('images', {
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  ownerUserId: integer('owner_user_id'),
  createdAt: createdAt(),
});

/** Our own promotions, served when no ad proxy is configured. */
export const houseAds = pgTable('house_ads', {
  adId: serial('ad_id').primaryKey(),
  placement: text('placement').notNull(),
  adSpace: text('ad_space').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  imageUrl: text('image_url').notNull(),
  linkUrl: text('link_url').notNull(),
  isActive: boolean('is_active').notNull().default(true),
});

/** Key/value facts about the data set, such as whether it is the demo seed. */
export const siteMeta = pgTable('site_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** A merchant company's registration documents, for the team's review (PDF, PNG or JPEG). */
export const merchantDocuments = pgTable(
  'merchant_documents',
  {
    documentId: serial('document_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('merchant_documents_user_idx').on(t.userId, t.createdAt)],
);

/** A visitor's 'Report a problem' on an offer, open until the team resolves or dismisses it. */
export const offerReports = pgTable(
  'offer_reports',
  {
    reportId: serial('report_id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.offerId, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    message: text('message').notNull().default(''),
    status: text('status').notNull().default('open'),
    reporterUserId: integer('reporter_user_id'),
    ip: text('ip'),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by'),
  },
  (t) => [
    index('offer_reports_status_idx').on(t.status, t.createdAt),
    index('offer_reports_offer_idx').on(t.offerId, t.status),
  ],
);

/**
 * Every team action: who, when, what, and the values before and after. Append-only: the migrations
 * give it triggers that refuse UPDATE, DELETE (0002) and TRUNCATE (0010), and no route changes it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    auditId: serial('audit_id').primaryKey(),
    /** No foreign key: the record outlives the account. */
    actorUserId: integer('actor_user_id').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.auditId),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);

/** Each full build and publish of the static site, for the team console's overview. */
export const siteBuilds = pgTable(
  'site_builds',
  {
    buildId: serial('build_id').primaryKey(),
    kind: text('kind').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ok: boolean('ok'),
    message: text('message'),
  },
  (t) => [index('site_builds_started_idx').on(t.startedAt)],
);

/**
 * Where offers are imported from: a bank's listing, a partner feed, pages with schema.org offers.
 * Each row is one configured source; the adapter (importers/adapters) reads it.
 */
export const importSources = pgTable('import_sources', {
  sourceKey: text('source_key').primaryKey(),
  name: text('name').notNull(),
  adapter: text('adapter').notNull(),
  url: text('url').notNull(),
  /** The bank a source's items belong to when they do not name one (a bank's own listing). */
  bankId: integer('bank_id').references(() => banks.bankId),
  /** Trusted: changes to fields other than rates and dates are applied without review. */
  trusted: boolean('trusted').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
});

/** An item of a source, linked to the offer it became (or was found to duplicate). */
export const offerSources = pgTable(
  'offer_sources',
  {
    sourceKey: text('source_key')
      .notNull()
      .references(() => importSources.sourceKey, { onDelete: 'cascade' }),
    /** The source's id for the item, or its URL. */
    itemKey: text('item_key').notNull(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.offerId, { onDelete: 'cascade' }),
    url: text('url'),
    /** SHA-256 of the item as last read, normalised: unchanged items only move lastSeenAt. */
    contentHash: text('content_hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Runs in a row that did not list the item: flagged at 2, the offer ended at the next. */
    missingRuns: integer('missing_runs').notNull().default(0),
    /** Another source's item judged the same offer (merchant, dates, title): it verifies, it does not revise. */
    linkedDuplicate: boolean('linked_duplicate').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sourceKey, t.itemKey] }), index('offer_sources_offer_idx').on(t.offerId)],
);

/** One run of one source, for the console's Importers page and the overview's alerts. */
export const importRuns = pgTable(
  'import_runs',
  {
    runId: serial('run_id').primaryKey(),
    sourceKey: text('source_key')
      .notNull()
      .references(() => importSources.sourceKey, { onDelete: 'cascade' }),
    /** schedule, console or command. */
    trigger: text('trigger').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ok: boolean('ok'),
    fetched: integer('fetched').notNull().default(0),
    newCount: integer('new_count').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    missing: integer('missing').notNull().default(0),
    ended: integer('ended').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** The items refused, and the run's own failure: [{ itemKey?, title?, reason }]. */
    errors: jsonb('errors')
      .$type<{ itemKey?: string; title?: string; reason: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [index('import_runs_source_idx').on(t.sourceKey, t.startedAt)],
);

/**
 * A change a source made to an accepted offer, waiting for the team: the public offer keeps its
 * accepted version until the revision is accepted. One pending revision per offer.
 */
export const offerRevisions = pgTable(
  'offer_revisions',
  {
    revisionId: serial('revision_id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.offerId, { onDelete: 'cascade' }),
    sourceKey: text('source_key').notNull(),
    /** The offer's columns as the source now has them (importers/offer-fields.ts). */
    proposed: jsonb('proposed').$type<Record<string, unknown>>().notNull(),
    /** [{ field, before, after }] as the team sees them. */
    changes: jsonb('changes').$type<{ field: string; before: unknown; after: unknown }[]>().notNull(),
    contentHash: text('content_hash').notNull(),
    /** pending, accepted, rejected, or superseded by a newer change. */
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by'),
  },
  (t) => [
    index('offer_revisions_status_idx').on(t.status, t.createdAt),
    uniqueIndex('offer_revisions_one_pending_idx')
      .on(t.offerId)
      .where(sql`status = 'pending'`),
  ],
);

/** The team's keyword map: a word in an imported offer's category, title or description names its category. */
export const categoryKeywords = pgTable('category_keywords', {
  keyword: text('keyword').primaryKey(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.categoryId, { onDelete: 'cascade' }),
});

/** One expiry reminder per user and end day: the row is claimed before the SMS goes, so no process sends it twice. */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    /** The Sri Lanka day the grouped favourites end on (YYYY-MM-DD). */
    endDay: text('end_day').notNull(),
    offerIds: jsonb('offer_ids').$type<number[]>().notNull(),
    message: text('message').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.endDay] })],
);

/**
 * "I'll use this" (docs/api.md §7d): a user's plan to use an offer that needs a step, on a Sri Lanka
 * day, reminded by SMS or e-mail. One per user and offer; cancelling deletes it (and its sends).
 */
export const usePlans = pgTable(
  'use_plans',
  {
    planId: serial('plan_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.offerId, { onDelete: 'cascade' }),
    /** The Sri Lanka day (YYYY-MM-DD) the user uses, or used, the offer. */
    usedOn: text('used_on').notNull(),
    /** 'sms' or 'email' (contract/use-plans.ts USE_PLAN_CHANNELS). */
    channel: text('channel').notNull(),
    /** The Sri Lanka day the plan was made: no reminder goes for a step whose moment had passed then. */
    plannedOn: text('planned_on').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('use_plans_user_offer_idx').on(t.userId, t.offerId), index('use_plans_offer_idx').on(t.offerId)],
);

/** One reminder per plan and step: the row is claimed before the SMS or e-mail goes, so no process sends it twice. */
export const usePlanSends = pgTable(
  'use_plan_sends',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => usePlans.planId, { onDelete: 'cascade' }),
    /** 'register', 'convert' or 'promo' (contract/use-plans.ts USE_PLAN_STEPS). */
    step: text('step').notNull(),
    channel: text('channel').notNull(),
    message: text('message').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.step] })],
);

/** Runs of the scheduled jobs (reminders, digests): the team's Overview shows the last of each. */
export const jobRuns = pgTable(
  'job_runs',
  {
    runId: serial('run_id').primaryKey(),
    job: text('job').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    sent: integer('sent').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    /** Why the run failed, or what it skipped and why. */
    detail: jsonb('detail')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [index('job_runs_job_idx').on(t.job, t.startedAt)],
);

/** 'Alert me' on a filtered list: new accepted offers matching the filter go into the user's weekly digest. */
export const offerAlerts = pgTable(
  'offer_alerts',
  {
    alertId: serial('alert_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    /** What the list showed, in words (e.g. 'HNB · Dining · Valid today'). */
    label: text('label').notNull(),
    /** The list's filter, as the search route takes it (contract/offer-search.ts). */
    filter: jsonb('filter').$type<OfferSearch>().notNull(),
    createdAt: createdAt(),
    /** Offers accepted after this are new to the alert; moved on by each digest that covers it. */
    notifiedThrough: timestamp('notified_through', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offer_alerts_user_idx').on(t.userId)],
);

/** One digest per user and week (its Monday, YYYY-MM-DD), claimed before the e-mail goes. */
export const digestSends = pgTable(
  'digest_sends',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    weekStart: text('week_start').notNull(),
    offerIds: jsonb('offer_ids').$type<number[]>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.weekStart] })],
);

/** Server-wide secrets made on first use and shared by every API process (e.g. the key that signs unsubscribe links). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
