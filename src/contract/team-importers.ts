// The team console's importers ({API}/team/import-sources, /team/category-keywords) and the
// changes sources made to listed offers, waiting in Review ({API}/team/revisions). Imported from
// here, not through the contract's index, so that no guest page carries it.
import * as v from 'valibot';
import { error_keyword_twice } from '../../messages/errors/en.json';
import { NoNul } from './index.ts';
import { ID_MAX, PAGE_NO_MAX } from './limits.ts';
import { TeamOffer } from './team.ts';

export const KEYWORD_MAX = 60;
export const KEYWORDS_MAX = 2000;
/** A run's errors kept and answered; the rest are counted (moreErrors). */
export const RUN_ERRORS_KEPT = 100;

/** The answers' success texts; the refusals' are their codes' (error-codes.ts: imports_off, keyword_twice, …). */
export const IMPORT_MESSAGES = {
  runQueued: 'The import was started. Its run shows here when it ends.',
} as const;

// ---------- answers ----------

const RunError = v.object({ itemKey: v.optional(v.string()), title: v.optional(v.string()), reason: v.string() });
export const ImportRun = v.object({
  runId: v.number(),
  sourceKey: v.string(),
  /** schedule, console or command. */
  trigger: v.string(),
  startedAt: v.string(),
  finishedAt: v.nullable(v.string()),
  /** null while it runs. */
  ok: v.nullable(v.boolean()),
  fetched: v.number(),
  newCount: v.number(),
  changed: v.number(),
  unchanged: v.number(),
  missing: v.number(),
  ended: v.number(),
  failed: v.number(),
  /** The first RUN_ERRORS_KEPT errors. */
  errors: v.array(RunError),
  /** The errors past those: counted, not listed. */
  moreErrors: v.number(),
});
export type ImportRunData = v.InferOutput<typeof ImportRun>;

export const ImportSource = v.object({
  sourceKey: v.string(),
  name: v.string(),
  adapter: v.string(),
  url: v.string(),
  bankName: v.nullable(v.string()),
  trusted: v.boolean(),
  enabled: v.boolean(),
  /** Items the source lists now (its links to offers). */
  listed: v.number(),
  /** Items missing for MISSING_FLAG_RUNS runs in a row or more: their offers end at the next run. */
  flagged: v.number(),
  lastRun: v.nullable(ImportRun),
});
export type ImportSourceData = v.InferOutput<typeof ImportSource>;

/** An item flagged as missing from its source, with its offer. */
export const FlaggedItem = v.object({
  itemKey: v.string(),
  url: v.nullable(v.string()),
  missingRuns: v.number(),
  lastSeenAt: v.string(),
  offerId: v.number(),
  header: v.string(),
});

/** GET /team/import-sources */
export const ImportSourceList = v.object({ status: v.literal(true), data: v.array(ImportSource) });
/** GET /team/import-sources/{sourceKey}: the source, its last runs (newest first) and its flagged items. */
export const ImportSourceDetail = v.object({
  status: v.literal(true),
  data: v.object({ source: ImportSource, runs: v.array(ImportRun), flagged: v.array(FlaggedItem) }),
});
export const ImportSourceResponse = v.object({ status: v.literal(true), data: ImportSource });
/** POST /team/import-sources/{sourceKey}/run: 202 with the queued job. */
export const RunQueuedResponse = v.object({ status: v.literal(true), jobId: v.string(), message: v.string() });

export const CategoryKeyword = v.object({ keyword: v.string(), categoryId: v.number() });
export const CategoryKeywordList = v.object({ status: v.literal(true), data: v.array(CategoryKeyword) });

/** A change a source made to a listed offer, field by field, with the offer as it is now. */
export const Revision = v.object({
  revisionId: v.number(),
  sourceKey: v.string(),
  sourceName: v.string(),
  createdAt: v.string(),
  changes: v.array(v.object({ field: v.string(), before: v.unknown(), after: v.unknown() })),
  offer: TeamOffer,
});
export type RevisionData = v.InferOutput<typeof Revision>;
export const RevisionList = v.object({
  status: v.literal(true),
  data: v.array(Revision),
  totalCount: v.number(),
  pageNo: v.number(),
  pageSize: v.number(),
});

// ---------- requests ----------

/** PUT /team/import-sources/{sourceKey}: on or off, trusted or not. */
export const ImportSourceRequest = v.object({
  enabled: v.boolean('enabled must be true or false.'),
  trusted: v.boolean('trusted must be true or false.'),
});

const Keyword = v.pipe(
  v.string('Each keyword must be text.'),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty('A keyword must not be empty.'),
  v.maxLength(KEYWORD_MAX, `A keyword has at most ${KEYWORD_MAX} characters.`),
  NoNul,
);
/** PUT /team/category-keywords: the whole map, replacing the one there. */
export const CategoryKeywordsRequest = v.object({
  keywords: v.pipe(
    v.array(
      v.object({
        keyword: Keyword,
        categoryId: v.pipe(
          v.number('Choose a category.'),
          v.integer('Choose a category.'),
          v.minValue(1, 'Choose a category.'),
          v.maxValue(ID_MAX, 'Id is too large'),
        ),
      }),
    ),
    v.maxLength(KEYWORDS_MAX, `At most ${KEYWORDS_MAX} keywords.`),
    v.check((list) => new Set(list.map((entry) => entry.keyword)).size === list.length, error_keyword_twice),
  ),
});

/** A source's key as a path segment: 'hnb', or a page's 'jsonld:host/path'; one line of text. */
export const SourceKeyParam = v.object({
  sourceKey: v.pipe(
    v.string(),
    v.minLength(1, 'Give the source key.'),
    v.maxLength(600, 'The source key is too long.'),
    v.check((key) => !/[\u0000-\u001f\u007f]/.test(key), 'The source key must not hold control characters.'),
  ),
});
export const RevisionQuery = v.object({
  pageNo: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, 'pageNo must be a number from 1'),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(PAGE_NO_MAX),
    ),
    '1',
  ),
});
/** POST /team/revisions/{revisionId}/decision */
export const RevisionDecisionRequest = v.object({
  decision: v.picklist(['accept', 'reject'], 'decision must be accept or reject'),
});
