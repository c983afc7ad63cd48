// The team console's importers, {API}/team/import-sources and /team/category-keywords, and the
// sources' changes to listed offers in Review, {API}/team/revisions. Mounted by teamRoutes after
// its middleware: every route needs a team account's sign-in.
import type { Hono } from 'hono';
import * as v from 'valibot';
import { Id } from '../../../contract/index.ts';
import { DoneResponse } from '../../../contract/team.ts';
import {
  CategoryKeywordList,
  CategoryKeywordsRequest,
  IMPORT_MESSAGES,
  ImportSourceDetail,
  ImportSourceList,
  ImportSourceRequest,
  ImportSourceResponse,
  RevisionDecisionRequest,
  RevisionList,
  RevisionQuery,
  RunQueuedResponse,
  SourceKeyParam,
} from '../../../contract/team-importers.ts';
import { TEAM_PAGE_SIZE } from '../../../contract/team.ts';
import type { AppEnv, ServerDeps } from '../../context.ts';
import {
  decideRevision,
  findImportSource,
  findSourceSummary,
  listCategoryKeywords,
  listImportSources,
  listRevisions,
  recordRunRequest,
  replaceCategoryKeywords,
  updateImportSource,
} from '../../domain/team-importers.ts';
import { failure } from '../../errors.ts';
import { answer } from '../../http/answer.ts';
import { parseJsonBody, parseParams, parseQuery } from '../../validate.ts';

export function mountTeamImporterRoutes(app: Hono<AppEnv>, deps: ServerDeps) {
  const { db } = deps;

  app.get('/team/import-sources', async (c) =>
    answer(c, ImportSourceList, { status: true, data: await listImportSources(db) }),
  );

  app.get('/team/import-sources/:sourceKey', async (c) => {
    const { sourceKey } = parseParams(c, SourceKeyParam);
    return answer(c, ImportSourceDetail, { status: true, data: await findImportSource(db, sourceKey) });
  });

  app.put('/team/import-sources/:sourceKey', async (c) => {
    const { sourceKey } = parseParams(c, SourceKeyParam);
    const change = await parseJsonBody(c, ImportSourceRequest);
    return answer(c, ImportSourceResponse, {
      status: true,
      data: await updateImportSource(db, c.get('user').userId, sourceKey, change),
    });
  });

  // Queued for this or another API process: one run per source at a time, wherever it was asked for.
  app.post('/team/import-sources/:sourceKey/run', async (c) => {
    const { sourceKey } = parseParams(c, SourceKeyParam);
    await findSourceSummary(db, sourceKey);
    if (!deps.imports) throw failure(503, 'imports_off');
    const jobId = await deps.imports.runNow(sourceKey, 'console');
    if (jobId === null) throw failure(409, 'already_running');
    await recordRunRequest(db, c.get('user').userId, sourceKey, jobId);
    return answer(c, RunQueuedResponse, { status: true, jobId, message: IMPORT_MESSAGES.runQueued }, 202);
  });

  app.get('/team/category-keywords', async (c) =>
    answer(c, CategoryKeywordList, { status: true, data: await listCategoryKeywords(db) }),
  );

  app.put('/team/category-keywords', async (c) => {
    const { keywords } = await parseJsonBody(c, CategoryKeywordsRequest);
    return answer(c, CategoryKeywordList, {
      status: true,
      data: await replaceCategoryKeywords(db, c.get('user').userId, keywords),
    });
  });

  app.get('/team/revisions', async (c) => {
    const { pageNo } = parseQuery(c, RevisionQuery);
    const page = await listRevisions(db, pageNo, TEAM_PAGE_SIZE);
    return answer(c, RevisionList, { status: true, ...page, pageNo, pageSize: TEAM_PAGE_SIZE });
  });

  app.post('/team/revisions/:revisionId/decision', async (c) => {
    const { revisionId } = parseParams(c, v.object({ revisionId: Id }));
    const { decision } = await parseJsonBody(c, RevisionDecisionRequest);
    await decideRevision(db, c.get('user').userId, revisionId, decision);
    if (decision === 'accept') deps.publicChanged();
    return answer(c, DoneResponse, {
      status: true,
      message: decision === 'accept' ? 'The change was applied.' : 'The change was rejected.',
    });
  });
}
