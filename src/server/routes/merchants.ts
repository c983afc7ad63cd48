// A merchant's company review, the merchant's side: the registration documents they upload and
// the step their company has reached. Merchants only; uploads are rate limited per account.
import { Hono } from 'hono';
import { USER_TYPES } from '../../contract/limits.ts';
import {
  DocumentUploadRequest,
  MerchantDocumentList,
  MerchantDocumentResponse,
  type MerchantStep,
} from '../../contract/team.ts';
import { requireSession, type AppEnv, type ServerDeps } from '../context.ts';
import { listDocuments, uploadDocument } from '../domain/merchant-review.ts';
import { failure } from '../errors.ts';
import { answer } from '../http/answer.ts';
import { parseJsonBody } from '../validate.ts';

export function merchantRoutes(deps: ServerDeps) {
  const { db, limiter } = deps;
  const app = new Hono<AppEnv>();
  app.use('/merchant/*', requireSession(deps), async (c, next) => {
    if (c.get('user').userType !== USER_TYPES.merchant) throw failure(403, 'merchants_only_documents');
    await next();
  });

  app.get('/merchant/documents', async (c) => {
    const user = c.get('user');
    return answer(c, MerchantDocumentList, {
      status: true,
      data: await listDocuments(db, user.userId),
      merchantStep: user.merchantStep as MerchantStep | null,
    });
  });

  app.post('/merchant/documents', async (c) => {
    const { fileName, base64 } = await parseJsonBody(c, DocumentUploadRequest);
    await limiter.check('documentUploadPerUser', String(c.get('user').userId));
    const { document, merchantStep } = await uploadDocument(db, c.get('user'), fileName, base64);
    return answer(c, MerchantDocumentResponse, { status: true, data: document, merchantStep }, 201);
  });

  return app;
}
